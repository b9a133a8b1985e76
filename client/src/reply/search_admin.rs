//! The replies of RediSearch's other commands whose two protocols differ in shape:
//! [`SpellCheck`] (`FT.SPELLCHECK`), [`ConfigHelp`] (`FT.CONFIG HELP`) and
//! [`SearchProfile`] (`FT.PROFILE`) (feature `search`).

use bytes::Bytes;

use super::SearchResults;
use crate::error::Error;
use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::resp::value::Value;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Kind;
use crate::wire::Reader;

/// The reply of `FT.SPELLCHECK`: each misspelled term of the query with its suggestions,
/// in the order of the reply.
///
/// RESP2 answers `[["TERM", term, [[score, suggestion], ...]], ...]`, RESP3 `{results:
/// {term: [{suggestion: score}, ...]}}`; both read into the same list.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::SpellCheck;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp3 = b"%1\r\n+results\r\n%1\r\n$5\r\nappel\r\n*1\r\n%1\r\n$5\r\napple\r\n,2\r\n";
/// let check: SpellCheck = Frame::from_slice(resp3)?.decode()?;
/// assert_eq!(check.terms[0].term, "appel");
/// assert_eq!(check.terms[0].suggestions, [(bytes::Bytes::from("apple"), 2.0)]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct SpellCheck {
    /// The misspelled terms, with what the index suggests for each.
    pub terms: Vec<Misspelled>,
}

/// One misspelled term of a [`SpellCheck`].
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct Misspelled {
    /// The term as the query has it.
    pub term: Bytes,
    /// Each suggestion and its score (higher is likelier), as the server orders them.
    pub suggestions: Vec<(Bytes, f64)>,
}

impl<'de> RespRead<'de> for SpellCheck {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut terms = Vec::new();
        if r.peek()? == Kind::Map {
            let n = r.map_len()?;
            for _ in 0..n {
                if r.bytes()? != b"results" {
                    r.skip()?;
                    continue;
                }
                let m = r.map_len().map_err(|e| e.at_field("results"))?;
                for i in 0..m {
                    let term = r.bytes_owned()?;
                    let k = r.array_len().map_err(|e| e.at_index(i))?;
                    let mut suggestions = vec_for(r, k, 4);
                    for _ in 0..k {
                        // `{suggestion: score}`, one pair per map.
                        let pairs = r.map_len()?;
                        for _ in 0..pairs {
                            suggestions.push((r.bytes_owned()?, r.double()?));
                        }
                    }
                    terms.push(Misspelled { term, suggestions });
                }
            }
            return Ok(SpellCheck { terms });
        }
        let n = r.array_len()?;
        for i in 0..n {
            let term = (|| {
                let len = r.array_len()?;
                if len != 3 {
                    return Err(DecodeError::length(3, len));
                }
                r.skip()?; // "TERM"
                let term = r.bytes_owned()?;
                let k = r.array_len()?;
                let mut suggestions = vec_for(r, k, 4);
                for _ in 0..k {
                    let (score, suggestion): (f64, Bytes) = RespRead::read(r)?;
                    suggestions.push((suggestion, score));
                }
                Ok(Misspelled { term, suggestions })
            })()
            .map_err(|e: DecodeError| e.at_index(i))?;
            terms.push(term);
        }
        Ok(SpellCheck { terms })
    }
}

/// The reply of `FT.CONFIG HELP`: each option, what it does and its value.
///
/// RESP2 answers `[[name, "Description", text, "Value", value], ...]`, RESP3 `{name:
/// {Description: text, Value: value}}`; both read into the same list.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct ConfigHelp {
    /// The options asked about, in the order of the reply.
    pub options: Vec<ConfigOption>,
}

/// One option of a [`ConfigHelp`].
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct ConfigOption {
    /// The option's name (`TIMEOUT`).
    pub name: Bytes,
    /// What it does.
    pub description: Option<Bytes>,
    /// Its value now (`None` when it has none).
    pub value: Option<Bytes>,
}

impl<'de> RespRead<'de> for ConfigHelp {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut options = Vec::new();
        let keyed = r.peek()? == Kind::Map;
        let n = if keyed { r.map_len()? } else { r.array_len()? };
        for i in 0..n {
            let option = (|| {
                let mut o = ConfigOption::default();
                // RESP2: `[name, k, v, k, v]`; RESP3: `name => {k: v, ...}`.
                let pairs = if keyed {
                    o.name = r.bytes_owned()?;
                    r.map_len()?
                } else {
                    let len = r.array_len()?;
                    if len % 2 == 0 {
                        return Err(DecodeError::malformed("a name and key/value pairs"));
                    }
                    o.name = r.bytes_owned()?;
                    len / 2
                };
                for _ in 0..pairs {
                    match r.bytes()? {
                        b"Description" => o.description = RespRead::read(r)?,
                        b"Value" => o.value = RespRead::read(r)?,
                        _ => r.skip()?,
                    }
                }
                Ok(o)
            })()
            .map_err(|e: DecodeError| e.at_index(i))?;
            options.push(option);
        }
        Ok(ConfigHelp { options })
    }
}

/// The reply of `FT.PROFILE`: the query's results and how the server ran it.
///
/// The results' RESP2 layout depends on the flags given in the query's options, which the
/// builder takes as free words: read them with [`results`](Self::results), naming the
/// layout as for `FT.SEARCH` (`SearchResults<true>` after `WITHSCORES`). The profile is
/// kept as a [`Value`] tree: its entries differ between protocols and releases.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchProfile {
    /// The results part of the reply, as sent.
    results: Frame,
    /// The profile: iterators, result processors and times.
    pub profile: Value,
}

impl SearchProfile {
    /// The results, read with the layout `T` names (`SearchResults` for a query without
    /// `WITHSCORES`, `WITHPAYLOADS` or `WITHSORTKEYS`).
    ///
    /// # Errors
    ///
    /// [`Error::Decode`] when the results do not have `T`'s shape.
    pub fn results<const S: bool, const P: bool, const K: bool>(
        &self,
    ) -> Result<SearchResults<S, P, K>, Error> {
        self.results.decode()
    }
}

impl<'de> RespRead<'de> for SearchProfile {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.peek()? == Kind::Map {
            // RESP3: the results' own map, with a `profile` entry (older releases nest the
            // results under `results`): the whole map reads as the results.
            let whole = Frame::read(r)?;
            let mut look = Reader::new(&whole);
            let n = look.map_len()?;
            let mut profile = Value::Nil;
            for _ in 0..n {
                if look.bytes()? == b"profile" {
                    profile = Value::read(&mut look)?;
                } else {
                    look.skip()?;
                }
            }
            return Ok(SearchProfile {
                results: whole,
                profile,
            });
        }
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let results = Frame::read(r).map_err(|e| e.at_index(0))?;
        let profile = Value::read(r).map_err(|e| e.at_index(1))?;
        Ok(SearchProfile { results, profile })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode<T: for<'de> RespRead<'de>>(bytes: &[u8]) -> T {
        Frame::from_slice(bytes).unwrap().decode().unwrap()
    }

    #[test]
    fn spellcheck_reads_the_same_on_both_protocols() {
        // As RediSearch 2.10.5 answers `FT.SPELLCHECK idx "appel redd"`.
        let resp2: SpellCheck = decode(b"*2\r\n*3\r\n+TERM\r\n$5\r\nappel\r\n*1\r\n*2\r\n$1\r\n2\r\n$5\r\napple\r\n*3\r\n+TERM\r\n$4\r\nredd\r\n*1\r\n*2\r\n$1\r\n2\r\n$3\r\nred\r\n");
        let resp3: SpellCheck = decode(b"%1\r\n+results\r\n%2\r\n$5\r\nappel\r\n*1\r\n%1\r\n$5\r\napple\r\n,2\r\n$4\r\nredd\r\n*1\r\n%1\r\n$3\r\nred\r\n,2\r\n");
        assert_eq!(resp2, resp3);
        assert_eq!(resp2.terms[1].term, "redd");
        assert!(decode::<SpellCheck>(b"*0\r\n").terms.is_empty());
        assert!(decode::<SpellCheck>(b"%1\r\n+results\r\n%0\r\n")
            .terms
            .is_empty());
    }

    #[test]
    fn config_help_reads_the_same_on_both_protocols() {
        let resp2: ConfigHelp = decode(b"*1\r\n*5\r\n+TIMEOUT\r\n+Description\r\n+Query (search) timeout\r\n+Value\r\n$3\r\n500\r\n");
        let resp3: ConfigHelp = decode(b"%1\r\n+TIMEOUT\r\n%2\r\n+Description\r\n+Query (search) timeout\r\n+Value\r\n$3\r\n500\r\n");
        assert_eq!(resp2, resp3);
        assert_eq!(resp2.options[0].name, "TIMEOUT");
        assert_eq!(resp2.options[0].value.as_deref(), Some(&b"500"[..]));
    }

    #[test]
    fn a_profile_keeps_its_results_for_the_layout_the_caller_names() {
        let resp2: SearchProfile = decode(b"*2\r\n*3\r\n:2\r\n$3\r\nh:1\r\n$3\r\nh:2\r\n*1\r\n*2\r\n+Total profile time\r\n$1\r\n0\r\n");
        let results = resp2.results::<false, false, false>().unwrap();
        assert_eq!(results.total, 2);
        assert_eq!(results.docs[1].id.as_deref(), Some(&b"h:2"[..]));
        let resp3: SearchProfile = decode(b"%3\r\n+total_results\r\n:1\r\n+results\r\n*1\r\n%1\r\n+id\r\n$1\r\nd\r\n+profile\r\n%1\r\n+Warning\r\n+None\r\n");
        assert_eq!(resp3.results::<false, false, false>().unwrap().total, 1);
        assert!(matches!(resp3.profile, Value::Map(_)));
    }
}
