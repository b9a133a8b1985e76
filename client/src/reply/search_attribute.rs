//! [`SearchAttribute`]: one field of an index's schema as `FT.INFO` describes it, a map on
//! RESP3 and a flat list with its flags as bare words on RESP2 (feature `search`).

use bytes::Bytes;

use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// The flags `FT.INFO` gives a field: bare words among the pairs on RESP2, the `flags`
/// list on RESP3. On RESP2 a word not in this list is read as a name with a value after it.
const FLAGS: &[&str] = &[
    "SORTABLE",
    "UNF",
    "NOSTEM",
    "NOINDEX",
    "CASESENSITIVE",
    "WITHSUFFIXTRIE",
    "INDEXEMPTY",
    "INDEXMISSING",
];

/// One field of an index's schema (an item of `FT.INFO`'s `attributes`).
///
/// The same field reads alike on both protocols: RESP3 sends a map with the flags in a
/// list of their own; RESP2 a flat list of names and values with the flags as bare words
/// among them (`SORTABLE`, `UNF`, `NOSTEM`, `NOINDEX`, `CASESENSITIVE`, `WITHSUFFIXTRIE`,
/// `INDEXEMPTY`, `INDEXMISSING`).
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::SearchAttribute;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2: SearchAttribute = Frame::from_slice(
///     b"*9\r\n+identifier\r\n+t\r\n+attribute\r\n+t\r\n+type\r\n+TEXT\r\n\
///       +WEIGHT\r\n+2\r\n+SORTABLE\r\n",
/// )?
/// .decode()?;
/// let resp3: SearchAttribute = Frame::from_slice(
///     b"%5\r\n+identifier\r\n+t\r\n+attribute\r\n+t\r\n+type\r\n+TEXT\r\n\
///       +WEIGHT\r\n,2\r\n+flags\r\n*1\r\n+SORTABLE\r\n",
/// )?
/// .decode()?;
/// assert_eq!(resp2, resp3);
/// assert_eq!(&resp2.field_type[..], b"TEXT");
/// assert!(resp2.has_flag("SORTABLE"));
/// assert_eq!(resp2.option("weight"), Some(&b"2"[..]));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct SearchAttribute {
    /// Where the field is read from: the hash field, or the JSON path (`$.a`).
    pub identifier: Bytes,
    /// The name queries use (the `AS` alias, or the identifier).
    pub attribute: Bytes,
    /// The field's type: `TEXT`, `TAG`, `NUMERIC`, `GEO`, `VECTOR`, `GEOSHAPE`.
    pub field_type: Bytes,
    /// Its flags, uppercase, in the order the server gives them.
    pub flags: Vec<Bytes>,
    /// Every other name and value the server gives, in its order (`WEIGHT`, `SEPARATOR`,
    /// a vector's `algorithm`, `data_type`, `dim`, `distance_metric`, `M`,
    /// `ef_construction`, a shape's `coord_system`), each value as its text (RESP3's
    /// numbers written as RESP2 sends them: `2`, `0.5`).
    pub options: Vec<(Bytes, Bytes)>,
}

impl SearchAttribute {
    /// Whether the field has `flag` (`SORTABLE`...; any case).
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags
            .iter()
            .any(|f| f.eq_ignore_ascii_case(flag.as_bytes()))
    }

    /// The value of the option `name` (`WEIGHT`, `dim`...; any case), as text.
    pub fn option(&self, name: &str) -> Option<&[u8]> {
        self.options
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name.as_bytes()))
            .map(|(_, v)| &v[..])
    }
}

/// The smallest name or value in a frame: `+\r\n`.
const WORD_BYTES: usize = 3;

impl<'de> RespRead<'de> for SearchAttribute {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        match r.peek()? {
            Kind::Map => read_map(r),
            Kind::Array => read_flat(r),
            other => Err(DecodeError::unexpected("search attribute", other)),
        }
    }
}

/// RESP3: `{identifier, attribute, type, <name>: <value>..., flags: [...]}`.
fn read_map(r: &mut Reader<'_>) -> Result<SearchAttribute, DecodeError> {
    let n = r.map_len()?;
    let mut a = SearchAttribute::default();
    for i in 0..n {
        let name = r.bytes_owned().map_err(|e| e.at_index(i))?;
        if &name[..] == b"flags" {
            let at = |e: DecodeError| e.at_field("flags");
            let count = r.array_len().map_err(at)?;
            a.flags = vec_for(r, count, WORD_BYTES);
            for j in 0..count {
                a.flags
                    .push(r.bytes_owned().map_err(|e| at(e.at_index(j)))?);
            }
        } else {
            let value = scalar_text(r).map_err(|e| e.at_index(i))?;
            a.set(name, value);
        }
    }
    Ok(a)
}

/// RESP2: `[identifier, i, attribute, a, type, t, <name>, <value>..., FLAG...]`.
fn read_flat(r: &mut Reader<'_>) -> Result<SearchAttribute, DecodeError> {
    let n = r.array_len()?;
    let mut a = SearchAttribute::default();
    let mut i = 0;
    while i < n {
        let word = r.bytes_owned().map_err(|e| e.at_index(i))?;
        if FLAGS.iter().any(|f| f.as_bytes() == &word[..]) {
            a.flags.push(word);
            i += 1;
            continue;
        }
        if i + 1 == n {
            // A name with no value after it: a flag this client does not know.
            a.flags.push(word);
            break;
        }
        let value = scalar_text(r).map_err(|e| e.at_index(i + 1))?;
        a.set(word, value);
        i += 2;
    }
    Ok(a)
}

impl SearchAttribute {
    /// Puts one name and its value where it belongs.
    fn set(&mut self, name: Bytes, value: Bytes) {
        match &name[..] {
            b"identifier" => self.identifier = value,
            b"attribute" => self.attribute = value,
            b"type" => self.field_type = value,
            _ => self.options.push((name, value)),
        }
    }
}

/// A value as text: a string as it is, an integer or a double written out (`2`, `0.5`),
/// as RESP2 sends them.
fn scalar_text(r: &mut Reader<'_>) -> Result<Bytes, DecodeError> {
    match r.peek()? {
        Kind::Integer => Ok(Bytes::from(r.int()?.to_string())),
        Kind::Double => Ok(Bytes::from(r.double()?.to_string())),
        _ => r.bytes_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::wire::Frame;

    fn read(frame: &[u8]) -> Result<SearchAttribute, Error> {
        Frame::from_slice(frame)?.decode()
    }

    #[test]
    fn a_vector_field_reads_alike_on_both_protocols() {
        let resp2 = read(
            b"*14\r\n$10\r\nidentifier\r\n$3\r\n$.v\r\n$9\r\nattribute\r\n$1\r\nv\r\n\
              $4\r\ntype\r\n$6\r\nVECTOR\r\n$9\r\nalgorithm\r\n$4\r\nHNSW\r\n\
              $3\r\ndim\r\n$1\r\n4\r\n$15\r\ndistance_metric\r\n$6\r\nCOSINE\r\n\
              $12\r\nINDEXMISSING\r\n$10\r\nUNKNOWNNEW\r\n",
        )
        .unwrap();
        let resp3 = read(
            b"%7\r\n+identifier\r\n+$.v\r\n+attribute\r\n+v\r\n+type\r\n+VECTOR\r\n\
              +algorithm\r\n+HNSW\r\n+dim\r\n:4\r\n+distance_metric\r\n+COSINE\r\n\
              +flags\r\n*2\r\n+INDEXMISSING\r\n+UNKNOWNNEW\r\n",
        )
        .unwrap();
        assert_eq!(resp2, resp3);
        assert_eq!(&resp2.identifier[..], b"$.v");
        assert_eq!(resp2.option("DIM"), Some(&b"4"[..]));
        assert_eq!(resp2.option("M"), None);
        // A bare word at the end is a flag, even one this client does not know.
        assert!(resp2.has_flag("unknownnew"));
    }

    #[test]
    fn a_weight_reads_as_resp2_writes_it() {
        let resp3 = read(b"%2\r\n+type\r\n+TEXT\r\n+WEIGHT\r\n,0.5\r\n").unwrap();
        assert_eq!(resp3.option("weight"), Some(&b"0.5"[..]));
    }

    #[test]
    fn other_shapes_are_decode_errors_that_say_where() {
        let e = read(b":1\r\n").unwrap_err();
        assert!(e.to_string().contains("search attribute"), "{e}");
        // A flags list that is not a list.
        let e = read(b"%1\r\n+flags\r\n:3\r\n").unwrap_err();
        assert!(e.to_string().contains("flags"), "{e}");
        // A billion flags announced in a frame of a few bytes: refused as it reads, with
        // no allocation sized by the count.
        assert!(read(b"%1\r\n+flags\r\n*1000000000\r\n").is_err());
    }
}
