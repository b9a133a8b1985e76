//! Configs as data (feature `serde`): a [`Config`] deserializes from its URL alone, or from
//! a table of the URL and options, as read from a configuration file. Durations are given
//! in milliseconds (`_ms`); unknown keys are refused, so a misspelt option is an error,
//! not a silent default.

use super::backoff::Backoff;
use super::config::{Config, Protocol};
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;
use std::time::Duration;

/// A config as written: its URL, or a table of options.
pub(crate) enum UrlOr<T> {
    Url(String),
    Table(T),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for UrlOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = UrlOr<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a connection URL, or a table with `url` and options")
            }
            fn visit_str<E: de::Error>(self, url: &str) -> Result<Self::Value, E> {
                Ok(UrlOr::Url(url.to_owned()))
            }
            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(UrlOr::Table)
            }
        }
        d.deserialize_any(V(PhantomData))
    }
}

/// The options of one connection, as a table (every key optional).
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct Options {
    pub(crate) url: Option<String>,
    username: Option<String>,
    password: Option<String>,
    database: Option<u32>,
    client_name: Option<String>,
    protocol: Option<ProtocolName>,
    tls: Option<bool>,
    connect_timeout_ms: Option<u64>,
    /// 0: no response timeout.
    response_timeout_ms: Option<u64>,
    blocking_margin_ms: Option<u64>,
    backoff_initial_ms: Option<u64>,
    backoff_max_ms: Option<u64>,
    backoff_max_attempts: Option<u32>,
    retry_read_only: Option<bool>,
    /// 0: no health check.
    health_check_ms: Option<u64>,
    lazy_connect: Option<bool>,
    max_idle_dedicated: Option<usize>,
    /// 0: no cap.
    max_dedicated: Option<usize>,
    push_buffer: Option<usize>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum ProtocolName {
    Resp2,
    Resp3,
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// `Some(ms)`, or `None` for 0.
fn ms_or_none(n: u64) -> Option<Duration> {
    (n > 0).then(|| ms(n))
}

impl Options {
    /// `config` with these options applied (all but `url`).
    pub(crate) fn apply(self, mut config: Config) -> Config {
        if let Some(v) = self.username {
            config = config.username(v);
        }
        if let Some(v) = self.password {
            config = config.password(v);
        }
        if let Some(v) = self.database {
            config = config.database(v);
        }
        if let Some(v) = self.client_name {
            config = config.client_name(v);
        }
        if let Some(v) = self.protocol {
            config = config.protocol(match v {
                ProtocolName::Resp2 => Protocol::Resp2,
                ProtocolName::Resp3 => Protocol::Resp3,
            });
        }
        if let Some(v) = self.tls {
            config = config.tls(v);
        }
        if let Some(v) = self.connect_timeout_ms {
            config = config.connect_timeout(ms(v));
        }
        if let Some(v) = self.response_timeout_ms {
            config = config.response_timeout(ms_or_none(v));
        }
        if let Some(v) = self.blocking_margin_ms {
            config = config.blocking_margin(ms(v));
        }
        if self.backoff_initial_ms.is_some() || self.backoff_max_ms.is_some() {
            let default = config.backoff;
            let initial = self.backoff_initial_ms.map_or(default.initial, ms);
            let max = self.backoff_max_ms.map_or(default.max, ms);
            config = config.backoff(Backoff::new(initial, max));
        }
        if let Some(attempts) = self.backoff_max_attempts {
            let backoff = config.backoff.max_attempts(attempts);
            config = config.backoff(backoff);
        }
        if let Some(v) = self.retry_read_only {
            config = config.retry_read_only(v);
        }
        if let Some(v) = self.health_check_ms {
            config = config.health_check(ms_or_none(v));
        }
        if let Some(v) = self.lazy_connect {
            config = config.lazy_connect(v);
        }
        if let Some(v) = self.max_idle_dedicated {
            config = config.max_idle_dedicated(v);
        }
        if let Some(v) = self.max_dedicated {
            config = config.max_dedicated((v > 0).then_some(v));
        }
        if let Some(v) = self.push_buffer {
            config = config.push_buffer(v);
        }
        config
    }
}

/// A config from its URL or its table, `what` naming it in errors.
pub(crate) fn config<E: de::Error>(written: UrlOr<Options>, what: &str) -> Result<Config, E> {
    match written {
        UrlOr::Url(url) => Config::from_url(&url).map_err(E::custom),
        UrlOr::Table(mut options) => {
            let Some(url) = options.url.take() else {
                return Err(E::custom(format!("{what}: `url` is missing")));
            };
            let config = Config::from_url(&url).map_err(E::custom)?;
            Ok(options.apply(config))
        }
    }
}

/// The options of a table that takes no URL of its own (a cluster's or a Sentinel setup's
/// `node` table: the addresses come from the top-level `url`), applied to `config`.
pub(crate) fn options_without_url<E: de::Error>(
    options: Options,
    config: Config,
    what: &str,
) -> Result<Config, E> {
    if options.url.is_some() {
        return Err(E::custom(format!(
            "{what}.url: the addresses come from the top-level `url`"
        )));
    }
    Ok(options.apply(config))
}

/// Reads a [`Config`] from its URL (`"redis://cache:6379/2"`), or from a table of `url`
/// and options, as a configuration file gives it:
///
/// ```toml
/// [redis]
/// url = "rediss://cache.internal:6379/2"
/// username = "app"
/// password = "from-the-secret-store"
/// client_name = "checkout"
/// response_timeout_ms = 2000     # 0: none
/// connect_timeout_ms = 1000
/// lazy_connect = true
/// ```
///
/// The other keys: `database`, `protocol` (`"resp2"`, `"resp3"`), `tls`,
/// `blocking_margin_ms`, `backoff_initial_ms`, `backoff_max_ms`, `backoff_max_attempts`,
/// `retry_read_only`,
/// `health_check_ms` (0: none), `max_idle_dedicated`, `max_dedicated` (0: no cap),
/// `push_buffer`. A key the table does not know is an error. Options given in the table
/// override the URL's. (There is no `Serialize`: a config holds a password, which a
/// serialized config would write out in clear.)
///
/// ```
/// # fn main() -> Result<(), serde_json::Error> {
/// let config: typedis::Config = serde_json::from_str(
///     r#"{ "url": "redis://cache:6380", "client_name": "worker", "response_timeout_ms": 0 }"#,
/// )?;
/// assert_eq!(config.addr(), &typedis::Addr::Tcp { host: "cache".into(), port: 6380 });
/// # Ok(()) }
/// ```
impl<'de> Deserialize<'de> for Config {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        config(UrlOr::deserialize(d)?, "config")
    }
}
