//! What a Sentinel says of the nodes it watches: [`SentinelNode`] (`SENTINEL MASTER`,
//! `SENTINEL REPLICAS`, `SENTINEL SENTINELS` and the lists of them) and [`PrimaryAddr`]
//! (`SENTINEL GET-MASTER-ADDR-BY-NAME`).

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;
use std::fmt;
use std::str::FromStr;

/// One node as a Sentinel describes it: a primary it watches (`SENTINEL MASTER`,
/// `SENTINEL MASTERS`), one of its replicas (`SENTINEL REPLICAS`) or another Sentinel
/// (`SENTINEL SENTINELS`). The fields are the Sentinel's own (`name`, `ip`, `port`,
/// `runid`, `flags`, `num-slaves`, `quorum`, ...), read by name with [`get`](Self::get)
/// and [`parse`](Self::parse); the common ones have accessors.
///
/// ```
/// use typedis::reply::SentinelNode;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let reply = b"%4\r\n+name\r\n+svc\r\n+ip\r\n+10.0.0.5\r\n+port\r\n+6379\r\n+flags\r\n+master,s_down\r\n";
/// let node: SentinelNode = typedis::resp::decode(reply)?;
/// assert_eq!(node.name(), Some("svc"));
/// assert_eq!(node.addr(), Some(("10.0.0.5", 6379)));
/// assert!(node.has_flag("master") && node.is_down());
/// assert_eq!(node.parse::<u16>("port")?, 6379);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SentinelNode {
    fields: Vec<(String, String)>,
}

impl SentinelNode {
    /// The value of `field`, as the Sentinel wrote it.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.iter().find(|(k, _)| *k == field).map(|(_, v)| v)
    }

    /// `field`'s value parsed as a `T` (`parse::<u64>("num-other-sentinels")`).
    ///
    /// # Errors
    ///
    /// When there is no such field, or its value is not a `T`; the error names it.
    pub fn parse<T: FromStr>(&self, field: &str) -> Result<T, DecodeError> {
        let value = self
            .get(field)
            .ok_or_else(|| DecodeError::custom(format!("the Sentinel wrote no field `{field}`")))?;
        value.parse().map_err(|_| {
            DecodeError::custom(format!(
                "the Sentinel's field `{field}` is `{value}`, not a {}",
                std::any::type_name::<T>()
            ))
        })
    }

    /// The node's name (`name`): the service's name for a primary, `ip:port` for a
    /// replica, the run id for a Sentinel.
    pub fn name(&self) -> Option<&str> {
        self.get("name")
    }

    /// Where the node listens (`ip`, `port`).
    pub fn addr(&self) -> Option<(&str, u16)> {
        Some((self.get("ip")?, self.get("port")?.parse().ok()?))
    }

    /// The node's run id (`runid`).
    pub fn run_id(&self) -> Option<&str> {
        self.get("runid")
    }

    /// The node's flags (`flags`: `master`, `slave`, `sentinel`, `s_down`, `o_down`,
    /// `disconnected`, `master_down`, `failover_in_progress`, ...).
    pub fn flags(&self) -> impl Iterator<Item = &str> {
        self.get("flags")
            .unwrap_or_default()
            .split(',')
            .filter(|f| !f.is_empty())
    }

    /// Whether the node carries `flag`.
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags().any(|f| f == flag)
    }

    /// Whether the Sentinel holds the node down (`s_down`: it sees it down;
    /// `o_down`: enough Sentinels agree) or cannot reach it (`disconnected`).
    pub fn is_down(&self) -> bool {
        self.flags()
            .any(|f| matches!(f, "s_down" | "o_down" | "disconnected"))
    }

    /// The fields and values, in the Sentinel's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.fields.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The fields and values, owned.
    pub fn into_fields(self) -> Vec<(String, String)> {
        self.fields
    }
}

impl fmt::Debug for SentinelNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<'de> RespRead<'de> for SentinelNode {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        Ok(SentinelNode {
            fields: RespRead::read(r)?,
        })
    }
}

/// Where a Sentinel says a service's primary is (`SENTINEL GET-MASTER-ADDR-BY-NAME`, read
/// as `Option<PrimaryAddr>`: `None` for a service it does not watch).
///
/// ```
/// use typedis::reply::PrimaryAddr;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let addr: Option<PrimaryAddr> = typedis::resp::decode(b"*2\r\n$8\r\n10.0.0.5\r\n$4\r\n6379\r\n")?;
/// assert_eq!(addr, Some(PrimaryAddr { host: "10.0.0.5".into(), port: 6379 }));
/// assert_eq!(addr.unwrap().to_string(), "10.0.0.5:6379");
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PrimaryAddr {
    /// The host (an IP address, or a name when the Sentinels announce hostnames).
    pub host: String,
    /// The port.
    pub port: u16,
}

impl fmt::Display for PrimaryAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.host, self.port)
    }
}

impl<'de> RespRead<'de> for PrimaryAddr {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let (host, port): (String, String) = RespRead::read(r)?;
        let port = port.parse().map_err(|_| {
            DecodeError::custom(format!("the Sentinel named port `{port}`, not a number"))
        })?;
        Ok(PrimaryAddr { host, port })
    }
}
