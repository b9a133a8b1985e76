//! [`GeoMatch`]: one result of `GEOSEARCH` and `GEORADIUS` with `WITH*` options.

use bytes::Bytes;

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// One member found by `GEOSEARCH`, `GEORADIUS` or `GEORADIUSBYMEMBER`, with what the
/// `WITHDIST`, `WITHHASH` and `WITHCOORD` options asked for (`None` for what they did
/// not).
///
/// The server sends `[member, dist?, hash?, [lon, lat]?]`, or the member alone when no
/// option was given; the parts are told apart by their types.
///
/// The member is [`Bytes`] by default, a slice of the reply with no copy; `GeoMatch<String>`
/// (with `query_as`) or `GeoMatch<&str>` (borrowed, with `send` and `decode`) read it as
/// text.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::GeoMatch;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*3\r\n$7\r\nPalermo\r\n$8\r\n190.4424\r\n*2\r\n$2\r\n13\r\n$2\r\n38\r\n")?;
/// let m: GeoMatch = frame.decode()?;
/// assert_eq!(m.member, "Palermo");
/// assert_eq!(m.dist, Some(190.4424));
/// assert_eq!(m.hash, None);
/// assert_eq!(m.coord, Some((13.0, 38.0)));
/// let named: GeoMatch<String> = frame.decode()?;
/// assert_eq!(named.member, "Palermo");
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct GeoMatch<M = Bytes> {
    /// The member.
    pub member: M,
    /// Its distance from the center, in the query's unit (`WITHDIST`).
    pub dist: Option<f64>,
    /// Its geohash (`WITHHASH`).
    pub hash: Option<i64>,
    /// Its longitude and latitude (`WITHCOORD`).
    pub coord: Option<(f64, f64)>,
}

impl<'de, M: RespRead<'de>> RespRead<'de> for GeoMatch<M> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if !matches!(r.peek()?, Kind::Array) {
            let member = M::read(r)?;
            return Ok(GeoMatch {
                member,
                dist: None,
                hash: None,
                coord: None,
            });
        }
        let n = r.array_len()?;
        if !(1..=4).contains(&n) {
            return Err(DecodeError::length(4, n));
        }
        let member = M::read(r).map_err(|e| e.at_field("member"))?;
        let mut m = GeoMatch {
            member,
            dist: None,
            hash: None,
            coord: None,
        };
        for i in 1..n {
            match r.peek().map_err(|e| e.at_index(i))? {
                Kind::Integer => m.hash = Some(r.int().map_err(|e| e.at_field("hash"))?),
                Kind::Array => {
                    m.coord = Some(<(f64, f64)>::read(r).map_err(|e| e.at_field("coord"))?);
                }
                _ => m.dist = Some(r.double().map_err(|e| e.at_field("dist"))?),
            }
        }
        Ok(m)
    }
}
