//! [`SentinelConfig`] as data (feature `serde`).

use super::SentinelConfig;
use crate::client::read_from::ReadFrom;
use crate::conn::config_serde::{options_without_url, Options, UrlOr};
use serde::{de, Deserialize, Deserializer};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    url: String,
    #[serde(default)]
    node: Options,
    #[serde(default)]
    sentinel: Options,
    read_from: Option<ReadFrom>,
}

/// Reads a [`SentinelConfig`] from its URL (`"redis+sentinel://h1,h2,h3/service"`), or
/// from a table of `url` and options:
///
/// ```toml
/// [orders]
/// url = "redis+sentinel://10.0.0.1,10.0.0.2,10.0.0.3/orders"
/// read_from = "prefer_replica"
///
/// [orders.node]           # the data nodes' connections: a `Config` table without `url`
/// password = "node-secret"
///
/// [orders.sentinel]       # the Sentinels' connections, likewise
/// password = "sentinel-secret"
/// connect_timeout_ms = 300
/// ```
///
/// ```
/// # fn main() -> Result<(), serde_json::Error> {
/// let config: typedis::SentinelConfig = serde_json::from_str(
///     r#"{ "url": "redis+sentinel://h1,h2/orders", "sentinel": { "connect_timeout_ms": 300 } }"#,
/// )?;
/// assert_eq!(config.service(), "orders");
/// # Ok(()) }
/// ```
impl<'de> Deserialize<'de> for SentinelConfig {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let table = match UrlOr::<Table>::deserialize(d)? {
            UrlOr::Url(url) => return SentinelConfig::from_url(&url).map_err(de::Error::custom),
            UrlOr::Table(table) => table,
        };
        let mut config = SentinelConfig::from_url(&table.url).map_err(de::Error::custom)?;
        let node = options_without_url(table.node, config.node.clone(), "node")?;
        let sentinel = options_without_url(table.sentinel, config.sentinel.clone(), "sentinel")?;
        config = config.node(node).sentinel(sentinel);
        if let Some(v) = table.read_from {
            config = config.read_from(v);
        }
        Ok(config)
    }
}
