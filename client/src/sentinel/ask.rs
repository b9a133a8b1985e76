//! What the client asks the Sentinels, each in turn until one answers: the address of the
//! primary (`SENTINEL GET-MASTER-ADDR-BY-NAME`), the replicas in sync (`SENTINEL
//! REPLICAS`), and the other Sentinels (`SENTINEL SENTINELS`). Each Sentinel is reached
//! through a [`Client`] of its own, opened on first use.

use super::locator::Locator;
use crate::client::handle::Client;
use crate::cmd::cmd;
use crate::conn::Addr;
use crate::error::{Error, Unreachable};
use crate::support::trace;
use std::collections::HashMap;

/// What one round of questions learned.
pub(crate) enum Answer<T> {
    /// A Sentinel answered.
    Known(T),
    /// Every Sentinel that answered said it does not monitor the service.
    NotMonitored(String),
    /// No Sentinel answered.
    Silence(Silence),
}

/// Why no Sentinel answered: what each one did, and the refusal when every one of them
/// refused the connection (a failing credentials provider, `WRONGPASS`), so that the
/// caller reads that refusal with its type.
pub(crate) struct Silence {
    why: String,
    refusal: Option<Error>,
    last: Option<String>,
}

impl Silence {
    fn new(why: impl Into<String>) -> Silence {
        Silence {
            why: why.into(),
            refusal: None,
            last: None,
        }
    }
}

impl<T> Answer<T> {
    /// The answer, or the error of a round that did not get one.
    pub(crate) fn into_result(self, service: &str) -> Result<T, Error> {
        match self {
            Answer::Known(t) => Ok(t),
            Answer::NotMonitored(asked) => Err(Error::unreachable(format!(
                "no Sentinel monitors a service named {service:?} (asked {asked})"
            ))),
            Answer::Silence(Silence {
                refusal: Some(e), ..
            }) => Err(e),
            Answer::Silence(Silence { why, last, .. }) => {
                let u = Unreachable::new(format!("no Sentinel answered about {service:?}: {why}"));
                Err(Error::Unreachable(match last {
                    Some(addr) => u.at(addr),
                    None => u,
                }))
            }
        }
    }
}

/// `host:port` of an address, for messages and maps.
pub(crate) fn show(addr: &Addr) -> String {
    addr.to_string()
}

fn tcp(host: String, port: &str) -> Option<Addr> {
    Some(Addr::Tcp {
        host,
        port: port.parse().ok()?,
    })
}

impl Locator {
    /// The client of the Sentinel at `addr`, opened first if there is none yet.
    async fn sentinel_client(&self, addr: &Addr) -> Result<Client, Error> {
        if let Some(client) = self.sentinel_clients().get(&show(addr)) {
            return Ok(client.clone());
        }
        let client = Client::with_config(self.config.for_sentinel(addr)).await?;
        Ok(self
            .sentinel_clients()
            .entry(show(addr))
            .or_insert(client)
            .clone())
    }

    /// Asks each known Sentinel in turn, first the one that answered last, until one
    /// answers `question` (`Some`); `None` from a Sentinel means it does not monitor the
    /// service. An answer naming a primary the client just left is taken only if no
    /// Sentinel names another.
    async fn ask(&self, question: Question) -> Answer<Vec<Addr>> {
        let service = self.config.service.clone();
        let mut notes = Vec::new();
        let mut unknown = 0;
        // Sentinels that refused the connection or the question, and the first refusal.
        let (mut refused, mut refusal) = (0, None);
        let mut last = None;
        let mut turned_down = None;
        // Each Sentinel gets its response timeout to answer, or its connect timeout when it
        // has none: one that accepts and never answers must not stop the round.
        let sentinel = &self.config.sentinel;
        let patience = sentinel
            .response_timeout
            .unwrap_or(sentinel.connect_timeout);
        for addr in self.known_sentinels() {
            let answer = match self.sentinel_client(&addr).await {
                Ok(client) => tokio::time::timeout(patience, question.ask(&client, &service))
                    .await
                    .unwrap_or(Err(Error::Timeout(patience))),
                Err(e) => Err(e),
            };
            match answer {
                Ok(Some(found))
                    if question == Question::Primary
                        && found.iter().all(|a| self.recently_demoted(a)) =>
                {
                    turned_down.get_or_insert(found);
                    notes.push(format!(
                        "{}: names a primary that just stepped down",
                        show(&addr)
                    ));
                }
                Ok(Some(found)) => {
                    self.answered_by(&addr);
                    return Answer::Known(found);
                }
                Ok(None) => {
                    unknown += 1;
                    notes.push(show(&addr));
                }
                Err(e) => {
                    trace::debug!(sentinel = %show(&addr), error = %e, ?question, "no answer");
                    notes.push(format!("{}: {e}", show(&addr)));
                    last = Some(show(&addr));
                    if matches!(
                        e,
                        Error::Credentials(_) | Error::Server(_) | Error::Config(_)
                    ) {
                        refused += 1;
                        refusal.get_or_insert(e);
                    }
                }
            }
        }
        if let Some(found) = turned_down {
            return Answer::Known(found);
        }
        if unknown > 0 && unknown == notes.len() {
            return Answer::NotMonitored(notes.join(", "));
        }
        Answer::Silence(Silence {
            why: notes.join("; "),
            // Every Sentinel refused: that is the answer, with its type.
            refusal: refusal.filter(|_| refused == notes.len()),
            last,
        })
    }

    /// The address of the primary, as the first Sentinel that knows says.
    pub(crate) async fn ask_primary(&self) -> Answer<Addr> {
        match self.ask(Question::Primary).await {
            Answer::Known(mut found) => match found.pop() {
                Some(addr) => Answer::Known(addr),
                None => Answer::Silence(Silence::new("no address")),
            },
            Answer::NotMonitored(s) => Answer::NotMonitored(s),
            Answer::Silence(s) => Answer::Silence(s),
        }
    }

    /// The replicas the first Sentinel that answers lists as up and in sync with the
    /// primary.
    pub(crate) async fn ask_replicas(&self) -> Answer<Vec<Addr>> {
        self.ask(Question::Replicas).await
    }

    /// The other Sentinels the first Sentinel that answers knows of.
    pub(crate) async fn ask_sentinels(&self) -> Answer<Vec<Addr>> {
        self.ask(Question::Sentinels).await
    }
}

/// What the client asks a Sentinel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    Primary,
    Replicas,
    Sentinels,
}

impl Question {
    /// Asks one Sentinel; `None` when it does not monitor `service`.
    async fn ask(self, client: &Client, service: &str) -> Result<Option<Vec<Addr>>, Error> {
        if self == Question::Primary {
            let reply: Option<(String, String)> = client
                .query_as(cmd("SENTINEL").arg("GET-MASTER-ADDR-BY-NAME").arg(service))
                .await?;
            return Ok(reply
                .and_then(|(host, port)| tcp(host, &port))
                .map(|a| vec![a]));
        }
        let sub = if self == Question::Replicas {
            "REPLICAS"
        } else {
            "SENTINELS"
        };
        let listed = client
            .query_as::<Vec<HashMap<String, String>>>(cmd("SENTINEL").arg(sub).arg(service))
            .await;
        let listed = match listed {
            Ok(listed) => listed,
            Err(Error::Server(e)) if e.message().contains("No such master") => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(Some(if self == Question::Replicas {
            listed.into_iter().filter_map(in_sync).collect()
        } else {
            listed
                .into_iter()
                .filter_map(|mut s| tcp(s.remove("ip")?, s.get("port")?))
                .collect()
        }))
    }
}

/// The address of a replica `SENTINEL REPLICAS` lists, when it is up and in sync.
fn in_sync(mut replica: HashMap<String, String>) -> Option<Addr> {
    let flags = replica.get("flags")?;
    let down = flags
        .split(',')
        .any(|f| matches!(f, "s_down" | "o_down" | "disconnected"));
    let linked = replica.get("master-link-status").map(String::as_str) == Some("ok");
    if down || !linked {
        return None;
    }
    let port = replica.remove("port")?;
    tcp(replica.remove("ip")?, &port)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replica(flags: &str, link: &str) -> HashMap<String, String> {
        [
            ("ip", "10.0.0.2"),
            ("port", "6380"),
            ("flags", flags),
            ("master-link-status", link),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
    }

    #[test]
    fn only_replicas_up_and_in_sync_are_used() {
        assert_eq!(
            in_sync(replica("slave", "ok")),
            Some(Addr::Tcp {
                host: "10.0.0.2".into(),
                port: 6380
            })
        );
        assert_eq!(in_sync(replica("slave,s_down", "ok")), None);
        assert_eq!(in_sync(replica("slave,disconnected", "ok")), None);
        assert_eq!(in_sync(replica("slave", "err")), None);
        assert_eq!(
            show(&Addr::Tcp {
                host: "::1".into(),
                port: 1
            }),
            "[::1]:1"
        );
    }
}
