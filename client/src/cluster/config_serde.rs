//! [`ClusterConfig`] as data (feature `serde`).

use super::ClusterConfig;
use crate::client::read_from::ReadFrom;
use crate::conn::config_serde::{options_without_url, Options, UrlOr};
use serde::{de, Deserialize, Deserializer};
use std::time::Duration;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    url: String,
    #[serde(default)]
    node: Options,
    read_from: Option<ReadFrom>,
    max_redirects: Option<u32>,
    /// 0: no periodic refresh.
    refresh_interval_ms: Option<u64>,
    min_refresh_interval_ms: Option<u64>,
}

/// Reads a [`ClusterConfig`] from its URL (`"redis+cluster://h1:7000,h2:7000"`), or from a
/// table of `url` and options:
///
/// ```toml
/// [cluster]
/// url = "redis+cluster://10.0.0.1:7000,10.0.0.2:7000"
/// read_from = "prefer_replica"
/// max_redirects = 8
/// refresh_interval_ms = 30000    # 0: only when redirects say so
///
/// [cluster.node]                 # every node's connection: the keys of a `Config` table,
/// password = "secret"            # without `url`
/// response_timeout_ms = 1000
/// ```
///
/// Also `min_refresh_interval_ms`. A key the table does not know is an error.
///
/// ```
/// # fn main() -> Result<(), serde_json::Error> {
/// let config: typedis::ClusterConfig = serde_json::from_str(
///     r#"{ "url": "redis+cluster://h1:7000,h2:7000", "node": { "client_name": "api" } }"#,
/// )?;
/// assert_eq!(config.seeds().len(), 2);
/// # Ok(()) }
/// ```
impl<'de> Deserialize<'de> for ClusterConfig {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let table = match UrlOr::<Table>::deserialize(d)? {
            UrlOr::Url(url) => return ClusterConfig::from_url(&url).map_err(de::Error::custom),
            UrlOr::Table(table) => table,
        };
        let mut config = ClusterConfig::from_url(&table.url).map_err(de::Error::custom)?;
        let node = options_without_url(table.node, config.node.clone(), "node")?;
        config = config.node(node);
        if let Some(v) = table.read_from {
            config = config.read_from(v);
        }
        if let Some(v) = table.max_redirects {
            config = config.max_redirects(v);
        }
        if let Some(v) = table.refresh_interval_ms {
            config = config.refresh_interval((v > 0).then(|| Duration::from_millis(v)));
        }
        if let Some(v) = table.min_refresh_interval_ms {
            config = config.min_refresh_interval(Duration::from_millis(v));
        }
        Ok(config)
    }
}
