//! [`Requirement`]: which servers have a command or one of its arguments, recorded by the
//! generated builders so that a client can refuse, before sending, what the server it is
//! connected to does not have.

use std::fmt::Write;

/// The versions of each server family that have a command, or one of its arguments, that
/// not every server has (`HSETEX`'s `NX`: Valkey 9.0.0 and later, not Redis). The
/// generated builders record one wherever the spec says so; a client checks them against
/// the server's `HELLO` (see [`Config::check_availability`](crate::Config::check_availability)).
///
/// ```
/// use typedis::cmd::Requirement;
///
/// const NX: Requirement = Requirement::new("NX", None, Some([9, 0, 0]));
/// assert_eq!(NX.missing_on("valkey", "9.1.2"), None);
/// assert_eq!(
///     NX.missing_on("redis", "8.2.3").as_deref(),
///     Some("NX is on Valkey only (since 9.0.0); the server is Redis 8.2.3")
/// );
/// const HSETEX: Requirement = Requirement::new("", Some([8, 0, 0]), Some([9, 0, 0]));
/// assert_eq!(
///     HSETEX.missing_on("redis", "7.0.15").as_deref(),
///     Some("the command needs Redis 8.0.0 or later; the server is Redis 7.0.15")
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirement {
    what: &'static str,
    redis: Option<[u16; 3]>,
    valkey: Option<[u16; 3]>,
}

impl Requirement {
    /// `what` (an argument's syntax, or empty for the command itself) exists on Redis
    /// since `redis` and on Valkey since `valkey` (`None`: not on that family).
    pub const fn new(
        what: &'static str,
        redis: Option<[u16; 3]>,
        valkey: Option<[u16; 3]>,
    ) -> Requirement {
        Requirement {
            what,
            redis,
            valkey,
        }
    }

    /// Why a server of `family` (`redis` or `valkey`, as its `HELLO` says) at `version`
    /// does not have it; `None` when it does, or when the family or version is one this
    /// cannot tell (another server, a version that is not `major.minor.patch`).
    pub fn missing_on(&self, family: &str, version: &str) -> Option<String> {
        let (name, other_name, need, other) = if family.eq_ignore_ascii_case("valkey") {
            ("Valkey", "Redis", self.valkey, self.redis)
        } else if family.eq_ignore_ascii_case("redis") {
            ("Redis", "Valkey", self.redis, self.valkey)
        } else {
            return None;
        };
        let found = parse(version)?;
        let what = if self.what.is_empty() {
            "the command"
        } else {
            self.what
        };
        let mut why = String::new();
        match need {
            Some(need) if found >= need => return None,
            Some(need) => {
                let _ = write!(why, "{what} needs {name} {} or later", shown(need));
            }
            None => {
                let _ = write!(why, "{what} is on {other_name} only");
                if let Some(since) = other.filter(|v| *v != [0, 0, 0]) {
                    let _ = write!(why, " (since {})", shown(since));
                }
            }
        }
        let _ = write!(why, "; the server is {name} {version}");
        Some(why)
    }
}

/// `7.0.15` as `[7, 0, 15]`; a missing patch is 0 (`8.2`); anything else is `None`.
fn parse(version: &str) -> Option<[u16; 3]> {
    let mut parts = version.split('.').map(|p| p.parse::<u16>().ok());
    let major = parts.next()??;
    let minor = parts.next()??;
    let patch = parts.next().unwrap_or(Some(0))?;
    Some([major, minor, patch])
}

fn shown([major, minor, patch]: [u16; 3]) -> String {
    format!("{major}.{minor}.{patch}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_as_numbers() {
        let r = Requirement::new("WITHATTRIBS", Some([8, 2, 0]), None);
        assert_eq!(r.missing_on("redis", "8.10.0"), None);
        assert_eq!(r.missing_on("redis", "8.2.0"), None);
        assert!(r.missing_on("redis", "8.1.9").is_some());
        assert_eq!(
            r.missing_on("valkey", "9.1.2").as_deref(),
            Some("WITHATTRIBS is on Redis only (since 8.2.0); the server is Valkey 9.1.2")
        );
        // What cannot be told is not refused.
        assert_eq!(r.missing_on("keydb", "6.3.4"), None);
        assert_eq!(r.missing_on("redis", "unstable"), None);
        assert_eq!(parse("8.2"), Some([8, 2, 0]));
    }
}
