use super::*;
use crate::wire::Frame;

fn decode<T: for<'de> RespRead<'de>>(bytes: &[u8]) -> T {
    Frame::from_slice(bytes).unwrap().decode().unwrap()
}

// Replies as RediSearch 2.10.5 sends them for two hash documents.
const RESP3_SCORES_SORTKEYS: &[u8] = b"%5\r\n+attributes\r\n*0\r\n+total_results\r\n:2\r\n+format\r\n+STRING\r\n+results\r\n*2\r\n%5\r\n+id\r\n$5\r\ndoc:1\r\n+score\r\n,1\r\n+sortkey\r\n$2\r\n#1\r\n+extra_attributes\r\n%2\r\n$1\r\nn\r\n$1\r\n1\r\n$5\r\ntitle\r\n$11\r\nhello world\r\n+values\r\n*0\r\n%5\r\n+id\r\n$5\r\ndoc:2\r\n+score\r\n,1\r\n+sortkey\r\n$2\r\n#2\r\n+extra_attributes\r\n%2\r\n$1\r\nn\r\n$1\r\n2\r\n$5\r\ntitle\r\n$11\r\nhello there\r\n+values\r\n*0\r\n+warning\r\n*0\r\n";
const RESP2_SCORES_SORTKEYS: &[u8] = b"*9\r\n:2\r\n$5\r\ndoc:1\r\n$1\r\n1\r\n$2\r\n#1\r\n*4\r\n$1\r\nn\r\n$1\r\n1\r\n$5\r\ntitle\r\n$11\r\nhello world\r\n$5\r\ndoc:2\r\n$1\r\n1\r\n$2\r\n#2\r\n*4\r\n$1\r\nn\r\n$1\r\n2\r\n$5\r\ntitle\r\n$11\r\nhello there\r\n";

#[test]
fn both_protocols_read_the_same_results() {
    let a: SearchResults<true, false, true> = decode(RESP2_SCORES_SORTKEYS);
    let b: SearchResults<true, false, true> = decode(RESP3_SCORES_SORTKEYS);
    assert_eq!(a, b);
    assert_eq!(a.total, 2);
    assert_eq!(a.len(), 2);
    let doc = a.get("doc:2").unwrap();
    assert_eq!(doc.score, Some(1.0));
    assert_eq!(doc.sort_key.as_deref(), Some(&b"#2"[..]));
    assert_eq!(doc.fields.get("title"), Some(&b"hello there"[..]));
}

#[test]
fn without_content_documents_are_ids_and_flags_only() {
    let ids: SearchResults = decode(b"*3\r\n:2\r\n$5\r\ndoc:2\r\n$5\r\ndoc:1\r\n");
    assert_eq!(ids.docs.len(), 2);
    assert!(ids.docs.iter().all(|d| d.fields.is_empty()));
    let scored: SearchResults<true> =
        decode(b"*5\r\n:2\r\n$5\r\ndoc:2\r\n$1\r\n1\r\n$5\r\ndoc:1\r\n$1\r\n1\r\n");
    assert_eq!(scored.docs[1].id.as_deref(), Some(&b"doc:1"[..]));
    assert_eq!(scored.docs[1].score, Some(1.0));
    let payloads: SearchResults<false, true> =
        decode(b"*7\r\n:2\r\n$5\r\ndoc:2\r\n$-1\r\n*0\r\n$5\r\ndoc:1\r\n$2\r\npl\r\n*0\r\n");
    assert_eq!(payloads.docs[0].payload, None);
    assert_eq!(payloads.docs[1].payload.as_deref(), Some(&b"pl"[..]));
}

#[test]
fn aggregated_rows_have_no_id() {
    let rows: SearchResults = decode(b"*3\r\n:2\r\n*4\r\n$1\r\nn\r\n$1\r\n2\r\n$1\r\nc\r\n$1\r\n1\r\n*2\r\n$1\r\nn\r\n$1\r\n1\r\n");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows.docs[0].id, None);
    assert_eq!(rows.docs[0].fields.get("c"), Some(&b"1"[..]));
    let page: SearchPage =
        decode(b"*2\r\n*2\r\n:1\r\n*2\r\n$5\r\ntitle\r\n$2\r\nhi\r\n:1825799464\r\n");
    assert_eq!(page.cursor, 1825799464);
    assert!(!page.is_last());
    assert_eq!(page.results.docs[0].fields.get("title"), Some(&b"hi"[..]));
}

#[test]
fn fields_may_be_null_lists_or_missing() {
    // `RETURN 2 $.year $.title` of a document whose year is null, and a TOLIST row.
    let r: SearchResults = decode(
        b"*3\r\n:1\r\n$1\r\nd\r\n*4\r\n$6\r\n$.year\r\n$-1\r\n$7\r\n$.title\r\n$5\r\nhello\r\n",
    );
    let doc = &r.docs[0];
    assert_eq!(doc.fields.len(), 2);
    assert_eq!(doc.fields.get("$.title"), Some(&b"hello"[..]));
    assert_eq!(doc.fields.get("$.year"), None);
    let rows: SearchResults = decode(
        b"*2\r\n:1\r\n*4\r\n$1\r\nc\r\n$1\r\ng\r\n$3\r\nall\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n",
    );
    let all: std::collections::HashMap<String, Value> = rows.docs[0].fields.decode().unwrap();
    assert!(matches!(&all["all"], Value::Array(items) if items.len() == 2));
    assert_eq!(
        rows.docs[0].fields.iter().collect::<Vec<_>>(),
        [(&b"c"[..], Some(&b"g"[..])), (&b"all"[..], None)]
    );
    // NOCONTENT: no fields, which read as an empty map.
    let ids: SearchResults = decode(b"*2\r\n:1\r\n$1\r\nd\r\n");
    let empty: std::collections::HashMap<String, String> = ids.docs[0].fields.decode().unwrap();
    assert!(empty.is_empty());
}

#[test]
fn an_explained_score_keeps_the_score_and_the_explanation() {
    let r: SearchResults<true> =
        decode(b"*4\r\n:1\r\n$1\r\nd\r\n*2\r\n$3\r\n1.5\r\n*1\r\n+why\r\n*0\r\n");
    assert_eq!(r.docs[0].score, Some(1.5));
    assert!(r.docs[0].explanation.is_some());
}

#[test]
fn a_reply_read_with_the_wrong_layout_is_refused() {
    // `WITHSCORES` sent, the reply read as if it were not.
    let frame = Frame::from_slice(b"*7\r\n:2\r\n$5\r\ndoc:2\r\n$1\r\n1\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n$5\r\ndoc:1\r\n$1\r\n1\r\n*2\r\n$1\r\na\r\n$1\r\nc\r\n").unwrap();
    let err = frame.decode::<SearchResults>().unwrap_err();
    assert!(err.to_string().contains("WITHSCORES"), "{err}");
    assert!(frame.decode::<SearchResults<true>>().is_ok());
}

#[test]
fn a_truncated_document_is_an_error_that_says_where() {
    let frame = Frame::from_slice(b"*2\r\n:1\r\n$1\r\nd\r\n").unwrap();
    let err = frame.decode::<SearchResults<true>>().unwrap_err();
    assert!(err.to_string().contains("[1]"), "{err}");
    let frame = Frame::from_slice(b"%1\r\n+results\r\n*0\r\n").unwrap();
    let err = frame.decode::<SearchResults>().unwrap_err();
    assert!(err.to_string().contains("total_results"), "{err}");
}
