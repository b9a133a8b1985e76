//! [`ServerHello`]: what a server says of itself in the handshake's `HELLO`.

use crate::resp::read::RespRead;

/// What the server said of itself when the connection opened (the handshake's `HELLO`):
/// its software, version, mode and role. [`Client::server`](crate::Client::server) returns
/// the current connection's.
///
/// ```
/// use typedis::reply::ServerHello;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let hello: ServerHello = typedis::resp::decode(
///     b"%4\r\n+server\r\n+valkey\r\n+version\r\n+9.1.2\r\n+mode\r\n+standalone\r\n+role\r\n+master\r\n",
/// )?;
/// assert_eq!((hello.name.as_str(), hello.version.as_str()), ("valkey", "9.1.2"));
/// assert!(hello.version_at_least(8, 0));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, RespRead)]
#[resp(map, crate = "crate")]
#[non_exhaustive]
pub struct ServerHello {
    /// The server's software: `redis` or `valkey`.
    #[resp(rename = "server")]
    pub name: String,
    /// Its version (`7.0.15`, `9.1.2`).
    pub version: String,
    /// `standalone`, `cluster` or `sentinel`.
    #[resp(default)]
    pub mode: String,
    /// `master` or `replica`.
    #[resp(default)]
    pub role: String,
    /// The connection's client id (as `CLIENT ID` says).
    #[resp(rename = "id", default)]
    pub connection_id: i64,
    /// The node's availability zone, where the server reports one (Valkey 8.0 and later,
    /// when configured).
    pub availability_zone: Option<String>,
}

impl ServerHello {
    /// The server's `db.system.name` in the OpenTelemetry conventions: `valkey` for a
    /// server that says it is Valkey, `redis` for any other.
    pub(crate) fn db_system(&self) -> &'static str {
        if self.name.eq_ignore_ascii_case("valkey") {
            "valkey"
        } else {
            "redis"
        }
    }

    /// Whether the version is `major.minor` or later.
    pub fn version_at_least(&self, major: u32, minor: u32) -> bool {
        let mut parts = self
            .version
            .split('.')
            .map(|p| p.parse::<u32>().unwrap_or(0));
        let found = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
        found >= (major, minor)
    }
}
