//! [`MultiSeries`]: the reply of `TS.MGET`, `TS.MRANGE` and `TS.MREVRANGE` on both
//! protocols, and [`LastSample`], the reply of `TS.GET` (feature `timeseries`).

use std::fmt;
use std::ops::Deref;

use bytes::Bytes;

use crate::resp::read::collections::{hold, vec_for};
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// One sample of a time series: its timestamp (milliseconds) and its value. RESP2 sends
/// the value as text, RESP3 as a double; both read as `f64`.
pub type Sample = (i64, f64);

/// The series of a `TS.MGET`, `TS.MRANGE` or `TS.MREVRANGE` reply, in the order of the
/// reply.
///
/// RESP2 answers an array of `[key, labels, samples]`; RESP3 a map from key to `[labels,
/// metadata..., samples]`. Both read into the same [`Series`]: with `GROUPBY ... REDUCE`,
/// each series is a group (its key is `label=value`), and its reducers and sources are
/// read from RESP3's metadata or, on RESP2, from the `__reducer__` and `__source__`
/// labels that `WITHLABELS` adds (and that are then left out of [`Series::labels`]).
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::MultiSeries;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // `TS.MRANGE - + WITHLABELS FILTER kind=temp` on RESP3.
/// let frame = Frame::from_slice(
///     b"%1\r\n$3\r\nt:1\r\n*3\r\n%1\r\n$4\r\nkind\r\n$4\r\ntemp\r\n%1\r\n$11\r\naggregators\r\n*0\r\n*2\r\n*2\r\n:1000\r\n,1.5\r\n*2\r\n:2000\r\n,2.5\r\n",
/// )?;
/// let all: MultiSeries = frame.decode()?;
/// let series = all.get("t:1").unwrap();
/// assert_eq!(series.label("kind"), Some(&b"temp"[..]));
/// assert_eq!(series.samples, [(1000, 1.5), (2000, 2.5)]);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, PartialEq, Default)]
pub struct MultiSeries {
    /// The series (or groups), in the order of the reply.
    pub series: Vec<Series>,
}

/// One series of a [`MultiSeries`] reply.
#[derive(Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct Series {
    /// The series' key, or a group's `label=value` with `GROUPBY`.
    pub key: Bytes,
    /// Its labels, with `WITHLABELS` or `SELECTED_LABELS` (a selected label the series
    /// lacks has no value); empty otherwise.
    pub labels: Vec<(Bytes, Option<Bytes>)>,
    /// Its samples, oldest first (newest first from `TS.MREVRANGE`); from `TS.MGET`, the
    /// last sample, or none for an empty series.
    pub samples: Vec<Sample>,
    /// With `GROUPBY ... REDUCE`: the reducer (RESP2: only with `WITHLABELS`).
    pub reducers: Vec<Bytes>,
    /// With `GROUPBY ... REDUCE`: the keys of the series in the group (RESP2: only with
    /// `WITHLABELS`).
    pub sources: Vec<Bytes>,
}

impl MultiSeries {
    /// The series whose key is `key`.
    pub fn get(&self, key: impl AsRef<[u8]>) -> Option<&Series> {
        let key = key.as_ref();
        self.series.iter().find(|s| s.key == key)
    }

    /// The number of series.
    pub fn len(&self) -> usize {
        self.series.len()
    }

    /// True when no series matched the filter.
    pub fn is_empty(&self) -> bool {
        self.series.is_empty()
    }

    /// The series, in the order of the reply.
    pub fn iter(&self) -> std::slice::Iter<'_, Series> {
        self.series.iter()
    }
}

impl<'a> IntoIterator for &'a MultiSeries {
    type Item = &'a Series;
    type IntoIter = std::slice::Iter<'a, Series>;

    fn into_iter(self) -> Self::IntoIter {
        self.series.iter()
    }
}

impl IntoIterator for MultiSeries {
    type Item = Series;
    type IntoIter = std::vec::IntoIter<Series>;

    fn into_iter(self) -> Self::IntoIter {
        self.series.into_iter()
    }
}

impl Series {
    /// The value of the label `name`, if the series has it (and the reply carries labels).
    pub fn label(&self, name: impl AsRef<[u8]>) -> Option<&[u8]> {
        let name = name.as_ref();
        self.labels
            .iter()
            .find(|(l, _)| l == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// The last sample (from `TS.MGET`, the only one), if any.
    pub fn last(&self) -> Option<Sample> {
        self.samples.last().copied()
    }
}

impl<'de> RespRead<'de> for MultiSeries {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let series = match r.peek()? {
            Kind::Map => {
                let n = r.map_len()?;
                let mut series = vec_for(r, n, 4);
                for i in 0..n {
                    let s = read_keyed(r).and_then(|s| hold::<Series>(r).map(|()| s));
                    let s = s.map_err(|e| e.at_index(i))?;
                    series.push(s);
                }
                series
            }
            Kind::Array => {
                let n = r.array_len()?;
                let mut series = vec_for(r, n, 4);
                for i in 0..n {
                    let s = read_flat(r).and_then(|s| hold::<Series>(r).map(|()| s));
                    let s = s.map_err(|e| e.at_index(i))?;
                    series.push(s);
                }
                series
            }
            other => return Err(DecodeError::unexpected("series", other)),
        };
        Ok(MultiSeries { series })
    }
}

/// RESP3: `key => [labels, (metadata map)..., samples or a sample]`.
fn read_keyed(r: &mut Reader<'_>) -> Result<Series, DecodeError> {
    let mut s = Series {
        key: r.bytes_owned().map_err(|e| e.at_field("key"))?,
        ..Series::default()
    };
    let n = r.array_len()?;
    if n < 2 {
        return Err(DecodeError::length(2, n));
    }
    s.labels = read_labels(r).map_err(|e| e.at_field("labels"))?;
    for _ in 2..n {
        let m = r.map_len().map_err(|e| e.at_field("metadata"))?;
        for _ in 0..m {
            match r.bytes()? {
                b"reducers" => {
                    s.reducers =
                        RespRead::read(r).map_err(|e: DecodeError| e.at_field("reducers"))?
                }
                b"sources" => {
                    s.sources = RespRead::read(r).map_err(|e: DecodeError| e.at_field("sources"))?
                }
                _ => r.skip()?,
            }
        }
    }
    s.samples = read_samples(r).map_err(|e| e.at_field("samples"))?;
    Ok(s)
}

/// RESP2: `[key, [[label, value], ...], samples or a sample]`.
fn read_flat(r: &mut Reader<'_>) -> Result<Series, DecodeError> {
    let n = r.array_len()?;
    if n != 3 {
        return Err(DecodeError::length(3, n));
    }
    let mut s = Series {
        key: r.bytes_owned().map_err(|e| e.at_field("key"))?,
        ..Series::default()
    };
    let labels = read_labels(r).map_err(|e| e.at_field("labels"))?;
    for (name, value) in labels {
        match (&name[..], value) {
            (b"__reducer__", Some(v)) => s.reducers.push(v),
            (b"__source__", Some(v)) => {
                s.sources = v
                    .split(|b| *b == b',')
                    .filter(|k| !k.is_empty())
                    .map(|k| v.slice_ref(k))
                    .collect();
            }
            (_, value) => s.labels.push((name, value)),
        }
    }
    s.samples = read_samples(r).map_err(|e| e.at_field("samples"))?;
    Ok(s)
}

/// Labels: a RESP3 map, or RESP2's array of `[label, value]` pairs.
fn read_labels(r: &mut Reader<'_>) -> Result<Vec<(Bytes, Option<Bytes>)>, DecodeError> {
    if r.peek()? == Kind::Map {
        let n = r.map_len()?;
        let mut labels = vec_for(r, n, 6);
        for _ in 0..n {
            labels.push((r.bytes_owned()?, RespRead::read(r)?));
        }
        return Ok(labels);
    }
    RespRead::read(r)
}

/// Samples `[[t, v], ...]`, or one sample `[t, v]` (`TS.MGET`), or none `[]`.
fn read_samples(r: &mut Reader<'_>) -> Result<Vec<Sample>, DecodeError> {
    let n = r.array_len()?;
    if n == 2 && r.peek()? == Kind::Integer {
        return Ok(vec![(r.int()?, r.double()?)]);
    }
    let mut samples = vec_for(r, n, 3);
    for i in 0..n {
        samples.push(Sample::read(r).map_err(|e| e.at_index(i))?);
    }
    Ok(samples)
}

/// The reply of `TS.GET`: the last sample, or `None` for a series with none (the server
/// answers an empty array, which `Option` alone would not read).
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::LastSample;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let last: LastSample = Frame::from_slice(b"*2\r\n:2000\r\n+2.5\r\n")?.decode()?;
/// assert_eq!(*last, Some((2000, 2.5)));
/// let none: LastSample = Frame::from_slice(b"*0\r\n")?.decode()?;
/// assert_eq!(none.0, None);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LastSample(pub Option<Sample>);

impl Deref for LastSample {
    type Target = Option<Sample>;

    fn deref(&self) -> &Option<Sample> {
        &self.0
    }
}

impl From<LastSample> for Option<Sample> {
    fn from(last: LastSample) -> Self {
        last.0
    }
}

impl<'de> RespRead<'de> for LastSample {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.try_null()? {
            return Ok(LastSample(None));
        }
        match r.array_len()? {
            0 => Ok(LastSample(None)),
            2 => Ok(LastSample(Some((
                r.int().map_err(|e| e.at_index(0))?,
                r.double().map_err(|e| e.at_index(1))?,
            )))),
            n => Err(DecodeError::length(2, n)),
        }
    }
}

impl fmt::Debug for MultiSeries {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.series).finish()
    }
}

impl fmt::Debug for Series {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        f.debug_struct("Series")
            .field("key", &text(&self.key))
            .field(
                "labels",
                &self
                    .labels
                    .iter()
                    .map(|(k, v)| (text(k), v.as_deref().map(text)))
                    .collect::<Vec<_>>(),
            )
            .field("samples", &self.samples)
            .field(
                "reducers",
                &self.reducers.iter().map(|r| text(r)).collect::<Vec<_>>(),
            )
            .field(
                "sources",
                &self.sources.iter().map(|s| text(s)).collect::<Vec<_>>(),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    fn decode<T: for<'de> RespRead<'de>>(bytes: &[u8]) -> T {
        Frame::from_slice(bytes).unwrap().decode().unwrap()
    }

    // Replies as RedisTimeSeries 1.12.2 sends them.
    const MGET2: &[u8] = b"*2\r\n*3\r\n$3\r\nt:1\r\n*2\r\n*2\r\n$4\r\ncity\r\n$1\r\na\r\n*2\r\n$4\r\nkind\r\n$4\r\ntemp\r\n*2\r\n:2000\r\n+2.5\r\n*3\r\n$3\r\nt:2\r\n*2\r\n*2\r\n$4\r\ncity\r\n$1\r\nb\r\n*2\r\n$4\r\nkind\r\n$4\r\ntemp\r\n*2\r\n:1000\r\n+10\r\n";
    const MGET3: &[u8] = b"%2\r\n$3\r\nt:1\r\n*2\r\n%2\r\n$4\r\ncity\r\n$1\r\na\r\n$4\r\nkind\r\n$4\r\ntemp\r\n*2\r\n:2000\r\n,2.5\r\n$3\r\nt:2\r\n*2\r\n%2\r\n$4\r\ncity\r\n$1\r\nb\r\n$4\r\nkind\r\n$4\r\ntemp\r\n*2\r\n:1000\r\n,10\r\n";
    const GROUPED2: &[u8] = b"*1\r\n*3\r\n$9\r\nkind=temp\r\n*3\r\n*2\r\n$4\r\nkind\r\n$4\r\ntemp\r\n*2\r\n$11\r\n__reducer__\r\n$3\r\nsum\r\n*2\r\n$10\r\n__source__\r\n$7\r\nt:1,t:2\r\n*2\r\n*2\r\n:1000\r\n+11.5\r\n*2\r\n:2000\r\n+2.5\r\n";
    const GROUPED3: &[u8] = b"%1\r\n$9\r\nkind=temp\r\n*4\r\n%1\r\n$4\r\nkind\r\n$4\r\ntemp\r\n%1\r\n$8\r\nreducers\r\n*1\r\n$3\r\nsum\r\n%1\r\n$7\r\nsources\r\n*2\r\n$3\r\nt:1\r\n$3\r\nt:2\r\n*2\r\n*2\r\n:1000\r\n,11.5\r\n*2\r\n:2000\r\n,2.5\r\n";

    #[test]
    fn mget_reads_the_same_on_both_protocols() {
        let a: MultiSeries = decode(MGET2);
        let b: MultiSeries = decode(MGET3);
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        assert_eq!(a.get("t:2").unwrap().last(), Some((1000, 10.0)));
        assert_eq!(a.series[0].label("city"), Some(&b"a"[..]));
    }

    #[test]
    fn groups_read_their_reducers_and_sources_on_both_protocols() {
        let a: MultiSeries = decode(GROUPED2);
        let b: MultiSeries = decode(GROUPED3);
        assert_eq!(a, b);
        let g = &a.series[0];
        assert_eq!(g.key, "kind=temp");
        assert_eq!(g.reducers, ["sum"]);
        assert_eq!(g.sources, ["t:1", "t:2"]);
        assert_eq!(g.labels, [(Bytes::from("kind"), Some(Bytes::from("temp")))]);
        assert_eq!(g.samples, [(1000, 11.5), (2000, 2.5)]);
    }

    #[test]
    fn empty_series_missing_labels_and_no_match() {
        let a: MultiSeries =
            decode(b"*1\r\n*3\r\n$3\r\nt:3\r\n*1\r\n*2\r\n$6\r\nnosuch\r\n$-1\r\n*0\r\n");
        let b: MultiSeries = decode(b"%1\r\n$3\r\nt:3\r\n*2\r\n%1\r\n$6\r\nnosuch\r\n_\r\n*0\r\n");
        assert_eq!(a, b);
        assert_eq!(a.series[0].labels, [(Bytes::from("nosuch"), None)]);
        assert_eq!(a.series[0].last(), None);
        assert!(decode::<MultiSeries>(b"*0\r\n").is_empty());
        assert!(decode::<MultiSeries>(b"%0\r\n").is_empty());
    }

    #[test]
    fn a_series_of_the_wrong_shape_says_where() {
        let frame = Frame::from_slice(b"*1\r\n*2\r\n$3\r\nt:1\r\n*0\r\n").unwrap();
        let err = frame.decode::<MultiSeries>().unwrap_err();
        assert!(err.to_string().contains("[0]"), "{err}");
    }
}
