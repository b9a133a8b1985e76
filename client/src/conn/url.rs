//! Parsing of `redis://`, `rediss://`, `valkey://`, `valkeys://` and `unix://` connection
//! URLs into a [`Config`].

use super::config::{Addr, Config, Protocol};
use crate::error::Error;
use std::path::PathBuf;

/// Parses a connection URL; see [`Config::from_url`] for the accepted forms.
pub(crate) fn parse(url: &str) -> Result<Config, Error> {
    let (scheme, rest) = url.split_once("://").ok_or_else(|| {
        invalid(
            url,
            "missing scheme (expected redis://, rediss://, valkey://, valkeys:// or unix://)",
        )
    })?;
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let mut config = match scheme {
        "redis" | "valkey" => parse_tcp(url, rest, false)?,
        "rediss" | "valkeys" => parse_tcp(url, rest, true)?,
        "unix" | "redis+unix" => parse_unix(url, rest)?,
        s if s.ends_with("+sentinel") => {
            return Err(invalid(
                url,
                "a Sentinel URL names no node of its own: connect with SentinelClient::connect",
            ))
        }
        other => {
            return Err(invalid(
                url,
                &format!(
                    "unknown scheme {other:?} (expected redis, rediss, valkey, valkeys or unix)"
                ),
            ))
        }
    };
    if let Some(query) = query {
        apply_query(url, query, &mut config)?;
    }
    Ok(config)
}

fn parse_tcp(url: &str, rest: &str, tls: bool) -> Result<Config, Error> {
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let (host, port) = split_host_port(url, hostport)?;
    let mut config = Config::new(Addr::Tcp { host, port });
    if tls {
        config = config.tls(true);
    }
    if let Some(userinfo) = userinfo {
        let (user, pass) = match userinfo.split_once(':') {
            Some((u, p)) => (u, Some(p)),
            None => (userinfo, None),
        };
        let user = percent_decode(url, user)?;
        match pass {
            // `redis://:pass@host`: password only, the server's default user.
            Some(pass) => {
                let pass = percent_decode(url, pass)?;
                config = if user.is_empty() {
                    config.password(pass)
                } else {
                    config.username(user).password(pass)
                };
            }
            // `redis://pass@host` has always meant a bare password in Redis URLs.
            None if !user.is_empty() => config = config.password(user),
            None => {}
        }
    }
    let db = path.trim_end_matches('/');
    if !db.is_empty() {
        let db = db
            .parse::<u32>()
            .map_err(|_| invalid(url, &format!("database {db:?} is not a number")))?;
        config = config.database(db);
    }
    Ok(config)
}

fn split_host_port(url: &str, hostport: &str) -> Result<(String, u16), Error> {
    // `[::1]:6379`: brackets keep the port separator out of the IPv6 address.
    let (host, port) = if let Some(inner) = hostport.strip_prefix('[') {
        let (host, after) = inner
            .split_once(']')
            .ok_or_else(|| invalid(url, "unclosed '[' in host"))?;
        (host, after.strip_prefix(':'))
    } else {
        match hostport.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (hostport, None),
        }
    };
    let host = if host.is_empty() { "127.0.0.1" } else { host };
    let port = match port {
        None | Some("") => 6379,
        Some(p) => p
            .parse::<u16>()
            .map_err(|_| invalid(url, &format!("port {p:?} is not a number from 0 to 65535")))?,
    };
    Ok((host.to_owned(), port))
}

fn parse_unix(url: &str, rest: &str) -> Result<Config, Error> {
    // `unix:///path` and `unix://user:pass@/path`.
    let (userinfo, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => return Err(invalid(url, "unix socket URL needs an absolute path")),
    };
    let mut config = Config::new(Addr::Unix(PathBuf::from(percent_decode(url, path)?)));
    if let Some(userinfo) = userinfo.strip_suffix('@') {
        match userinfo.split_once(':') {
            Some((u, p)) if !u.is_empty() => {
                config = config
                    .username(percent_decode(url, u)?)
                    .password(percent_decode(url, p)?)
            }
            Some((_, p)) => config = config.password(percent_decode(url, p)?),
            None => config = config.password(percent_decode(url, userinfo)?),
        }
    } else if !userinfo.is_empty() {
        return Err(invalid(
            url,
            "unix socket URL has a host part; expected unix:///path",
        ));
    }
    Ok(config)
}

fn apply_query(url: &str, query: &str, config: &mut Config) -> Result<(), Error> {
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_decode(url, value)?;
        let taken = std::mem::take(config);
        *config = match key {
            "db" => taken.database(
                value
                    .parse()
                    .map_err(|_| invalid(url, &format!("database {value:?} is not a number")))?,
            ),
            "protocol" => match value.as_str() {
                "resp2" | "2" => taken.protocol(Protocol::Resp2),
                "resp3" | "3" => taken.protocol(Protocol::Resp3),
                _ => return Err(invalid(url, &format!("unknown protocol {value:?}"))),
            },
            "client_name" | "name" => taken.client_name(value),
            "user" | "username" => taken.username(value),
            "password" => taken.password(value),
            _ => return Err(invalid(url, &format!("unknown URL option {key:?}"))),
        };
    }
    Ok(())
}

fn percent_decode(url: &str, s: &str) -> Result<String, Error> {
    let bytes = s.as_bytes();
    #[allow(
        clippy::disallowed_methods,
        reason = "the decoding of the application's URL"
    )]
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| invalid(url, "bad percent escape"))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| invalid(url, "percent escape is not UTF-8"))
}

#[cold]
fn invalid(url: &str, why: &str) -> Error {
    // The URL may hold a password: name only its scheme, never echo it whole.
    let scheme = url.split("://").next().unwrap_or("");
    Error::Config(format!("{scheme}:// URL: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_tcp_url_gives_user_password_host_port_and_database() {
        let c = parse("redis://alice:s%40cret@example.com:6380/3").unwrap();
        assert_eq!(
            c.addr(),
            &Addr::Tcp {
                host: "example.com".into(),
                port: 6380
            }
        );
        assert_eq!(c.username_ref(), Some("alice"));
        assert_eq!(c.password_ref(), Some("s@cret"));
        assert_eq!(c.database_index(), 3);
        assert!(!c.uses_tls());
    }

    #[test]
    fn bare_host_defaults_to_port_6379_and_database_0() {
        let c = parse("redis://localhost").unwrap();
        assert_eq!(
            c.addr(),
            &Addr::Tcp {
                host: "localhost".into(),
                port: 6379
            }
        );
        assert_eq!(c.database_index(), 0);
        assert_eq!(c.password_ref(), None);
    }

    #[test]
    fn password_only_forms_use_the_default_user() {
        for url in ["redis://:pw@h:1", "redis://pw@h:1"] {
            let c = parse(url).unwrap();
            assert_eq!(c.username_ref(), None, "{url}");
            assert_eq!(c.password_ref(), Some("pw"), "{url}");
        }
    }

    #[test]
    fn valkey_schemes_read_as_their_redis_twins() {
        for (valkey, redis) in [
            ("valkey://alice:pw@h:7000/2", "redis://alice:pw@h:7000/2"),
            (
                "valkeys://h/1?protocol=resp2",
                "rediss://h/1?protocol=resp2",
            ),
        ] {
            let (v, r) = (parse(valkey).unwrap(), parse(redis).unwrap());
            assert_eq!(v.addr(), r.addr(), "{valkey}");
            assert_eq!(v.uses_tls(), r.uses_tls(), "{valkey}");
            assert_eq!(v.username_ref(), r.username_ref(), "{valkey}");
            assert_eq!(v.password_ref(), r.password_ref(), "{valkey}");
            assert_eq!(v.database_index(), r.database_index(), "{valkey}");
            assert_eq!(v.protocol_choice(), r.protocol_choice(), "{valkey}");
        }
        assert!(parse("valkeys://h").unwrap().uses_tls());
        assert!(!parse("valkey://h").unwrap().uses_tls());
    }

    #[test]
    fn ipv6_host_in_brackets() {
        let c = parse("rediss://[::1]:7000/1").unwrap();
        assert_eq!(
            c.addr(),
            &Addr::Tcp {
                host: "::1".into(),
                port: 7000
            }
        );
        assert!(c.uses_tls());
    }

    #[test]
    fn unix_socket_path_and_query_options() {
        let c = parse("unix:///tmp/redis.sock?db=2&protocol=resp2").unwrap();
        assert_eq!(c.addr(), &Addr::Unix("/tmp/redis.sock".into()));
        assert_eq!(c.database_index(), 2);
        assert_eq!(c.protocol_choice(), Protocol::Resp2);
    }

    #[test]
    fn bad_urls_are_typed_errors_that_do_not_echo_the_password() {
        for url in [
            "localhost:6379",
            "http://h",
            "redis://h:port",
            "redis://h:99999",
            "redis://h/x",
            "redis://u:p%zz@h",
            "unix://host/path",
            "redis://h?nope=1",
        ] {
            let e = parse(url).unwrap_err();
            assert!(matches!(e, Error::Config(_)), "{url}: {e}");
            assert!(!e.to_string().contains("p%zz"), "{e}");
        }
    }
}
