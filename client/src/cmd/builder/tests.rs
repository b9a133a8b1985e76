use super::*;
use crate::cmd::slot::{key_slot, Slot};

fn text(c: &Command) -> String {
    String::from_utf8(c.as_bytes().to_vec()).unwrap()
}

#[test]
fn untyped_command_is_resp_encoded_with_keys_and_slot() {
    let c = cmd("MSET").key("foo").arg(1).key("bar").arg(2.5).build();
    assert_eq!(
        text(&c),
        "*5\r\n$4\r\nMSET\r\n$3\r\nfoo\r\n$1\r\n1\r\n$3\r\nbar\r\n$3\r\n2.5\r\n"
    );
    assert_eq!(c.slot(), Slot::Cross);
    assert_eq!(c.keys().collect::<Vec<_>>(), [&b"foo"[..], b"bar"]);
    assert_eq!(c.name(), "MSET");
    assert_eq!(c.arg_count(), 5);
}

#[test]
fn arguments_of_every_length_read_back_as_written() {
    let sizes = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12345];
    let values: Vec<Vec<u8>> = sizes.iter().map(|&n| vec![b'\r'; n]).collect();
    let mut c = cmd("RPUSH").key("list");
    for v in &values {
        c = c.arg(&v[..]);
    }
    let c = c.key("other").build();
    let args: Vec<&[u8]> = c.args().collect();
    assert_eq!(args.len(), 3 + values.len());
    assert_eq!((args[0], args[1]), (&b"RPUSH"[..], &b"list"[..]));
    for (arg, value) in args[2..].iter().zip(&values) {
        assert_eq!(*arg, &value[..]);
    }
    assert_eq!(c.keys().collect::<Vec<_>>(), [&b"list"[..], b"other"]);
}

#[test]
fn keyless_command_has_no_slot_and_hashtags_share_one() {
    assert_eq!(cmd("PING").build().slot(), Slot::None);
    let c = cmd("MGET")
        .keys(["{user1000}.following", "{user1000}.followers"])
        .build();
    assert_eq!(c.slot(), Slot::One(key_slot(b"user1000")));
}

#[test]
fn building_a_small_command_fits_the_first_allocation() {
    let c = cmd("SET").key("key").arg("value").arg("EX").arg(60u32);
    let cap = c.p.buf.capacity();
    let built = c.build();
    assert_eq!(built.p.buf.capacity(), cap, "no reallocation");
    assert_eq!(built.args().count(), 5);
}

#[test]
fn large_argument_counts_get_a_correct_header() {
    let c = cmd("DEL").keys((0..1000).map(|i| i.to_string())).build();
    assert!(c
        .as_bytes()
        .starts_with(b"*1001\r\n$3\r\nDEL\r\n$1\r\n0\r\n"));
    assert_eq!(c.keys().count(), 1000);
    // Each side of the short header's edge.
    for argc in 1..=12 {
        let c = cmd("DEL").keys((1..argc).map(|i| i.to_string())).build();
        let header = format!("*{argc}\r\n$3\r\nDEL\r\n");
        assert!(c.as_bytes().starts_with(header.as_bytes()), "{argc}");
        assert_eq!(c.arg_count(), argc);
    }
}

#[test]
fn pieces_written_out_of_order_are_sent_in_spec_order() {
    let mut c = Cmd::new_static("SET", &["SET"], CommandFlags::WRITE, Policy::default());
    c.push_key("k");
    c.push("v");
    // GET (order 4), then EX 10 (order 5), then NX (order 2), then a key piece (order 3).
    let m = c.begin_piece();
    c.push("GET");
    c.end_piece(4, m);
    let m = c.begin_piece();
    c.push("EX");
    c.push(&10);
    c.end_piece(5, m);
    let m = c.begin_piece();
    c.push("NX");
    c.end_piece(2, m);
    let m = c.begin_piece();
    c.push("STORE");
    c.push_key("dest");
    c.end_piece(3, m);
    let m = c.begin_piece();
    c.push("NX2");
    c.end_piece(2, m);
    let c = c.build();
    let args: Vec<_> = c
        .args()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    assert_eq!(
        args,
        ["SET", "k", "v", "NX", "NX2", "STORE", "dest", "GET", "EX", "10"]
    );
    assert_eq!(c.keys().collect::<Vec<_>>(), [&b"k"[..], b"dest"]);
    assert_eq!(c.name(), "SET");
    assert!(c.flags().contains(CommandFlags::WRITE));
}

#[test]
fn an_option_given_after_a_later_required_argument_goes_before_it() {
    // XREADGROUP GROUP g c [COUNT n] STREAMS key id: COUNT (order 1) given last.
    let mut c = Cmd::new_static(
        "XREADGROUP",
        &["XREADGROUP"],
        CommandFlags::empty(),
        Policy::default(),
    );
    c.push("GROUP");
    c.push("g");
    c.push("c");
    let m = c.begin_piece();
    c.push("STREAMS");
    c.push_key("s");
    c.end_piece(4, m);
    let m = c.begin_piece();
    c.push(">");
    c.end_piece(5, m);
    let m = c.begin_piece();
    c.push("COUNT");
    c.push(&4);
    c.end_piece(1, m);
    let c = c.build();
    let args: Vec<_> = c
        .args()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    assert_eq!(
        args,
        [
            "XREADGROUP",
            "GROUP",
            "g",
            "c",
            "COUNT",
            "4",
            "STREAMS",
            "s",
            ">"
        ]
    );
    assert_eq!(c.keys().collect::<Vec<_>>(), [&b"s"[..]]);
}

#[test]
fn a_count_is_written_where_it_was_marked() {
    // EVAL script numkeys [key ...] [arg ...], the arg given before the keys.
    let mut c = Cmd::new_static("EVAL", &["EVAL"], CommandFlags::empty(), Policy::default());
    c.push("return 1");
    let m = c.begin_piece();
    c.count_at(1, m);
    let m = c.begin_piece();
    c.push("a");
    c.end_piece(3, m);
    for k in ["k1", "k2"] {
        let m = c.begin_piece();
        c.push_key(k);
        c.count_item();
        c.end_piece(2, m);
    }
    let c = c.build();
    let args: Vec<_> = c
        .args()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    assert_eq!(args, ["EVAL", "return 1", "2", "k1", "k2", "a"]);
    assert_eq!(c.keys().collect::<Vec<_>>(), [&b"k1"[..], b"k2"]);
    assert_eq!(c.arg_count(), 6);
    let none = {
        let mut c = Cmd::new_static("EVAL", &["EVAL"], CommandFlags::empty(), Policy::default());
        c.push("return 1");
        let m = c.begin_piece();
        c.count_at(1, m);
        c.build()
    };
    assert_eq!(
        none.as_bytes(),
        b"*3\r\n$4\r\nEVAL\r\n$8\r\nreturn 1\r\n$1\r\n0\r\n"
    );
}
