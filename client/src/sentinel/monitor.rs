//! Listening to the Sentinels: one task per known Sentinel keeps a subscription to the
//! events that say a failover is moving the primary, and tells the [`Locator`]. Every
//! Sentinel is listened to, since only the one leading a failover announces its steps.
//! A task ends when its locator is dropped.

use super::ask::{show, Answer};
use super::locator::Locator;
use crate::client::handle::Client;
use crate::client::pubsub::Message;
use crate::conn::pacing::Pacing;
use crate::conn::Addr;
use crate::error::Error;
use crate::support::trace;
use std::sync::{Arc, Weak};

/// The events listened to.
const CHANNELS: [&str; 8] = [
    "+switch-master",
    "+failover-state-send-slaveof-noone",
    "+promoted-slave",
    "-failover-abort-not-elected",
    "-failover-abort-no-good-slave",
    "-failover-abort-slave-timeout",
    "+failover-end-for-timeout",
    "+failover-end",
];

/// What an event means for the client.
#[derive(Debug, PartialEq, Eq)]
enum Event {
    /// The primary is (now) at this address.
    Primary(Addr),
    /// A replica is being promoted: hold writes.
    Promoting,
    /// The failover ended; if it named no primary, the hold ends.
    Ended,
}

/// Parses an event published on `channel` about `service`; `None` for another service's.
fn parse(channel: &[u8], payload: &str, service: &str) -> Option<Event> {
    let words: Vec<&str> = payload.split(' ').collect();
    let addr = |host: &str, port: &str| {
        Some(Addr::Tcp {
            host: host.to_owned(),
            port: port.parse().ok()?,
        })
    };
    match channel {
        // `<name> <old-ip> <old-port> <new-ip> <new-port>`
        b"+switch-master" => match words[..] {
            [name, _, _, host, port] if name == service => addr(host, port).map(Event::Primary),
            _ => None,
        },
        // `slave <name> <ip> <port> @ <master-name> <master-ip> <master-port>`
        b"+promoted-slave" | b"+failover-state-send-slaveof-noone" => match words[..] {
            [_, _, host, port, "@", name, _, _] if name == service => {
                if channel == b"+promoted-slave" {
                    addr(host, port).map(Event::Primary)
                } else {
                    Some(Event::Promoting)
                }
            }
            _ => None,
        },
        // `master <name> <ip> <port>`
        _ => match words[..] {
            [_, name, ..] if name == service => Some(Event::Ended),
            _ => None,
        },
    }
}

/// Starts a monitor for each Sentinel in `sentinels`.
pub(crate) fn spawn(locator: &Arc<Locator>, sentinels: Vec<Addr>) {
    for addr in sentinels {
        tokio::spawn(listen(Arc::downgrade(locator), addr));
    }
}

/// Keeps a subscription to the Sentinel at `addr` while the locator lives.
async fn listen(locator: Weak<Locator>, addr: Addr) {
    let (config, service, mut alive) = match locator.upgrade() {
        Some(l) => (
            l.config.for_sentinel(&addr),
            l.config.service.clone(),
            l.alive.subscribe(),
        ),
        None => return,
    };
    let mut pacing = Pacing::default();
    let work = async {
        loop {
            // The subscriber reconnects by itself once it exists; until then, this loop
            // does, paced by the backoff.
            let subscriber = async {
                let client = Client::with_config(config.clone()).await?;
                let mut subscriber = client.subscriber().await?;
                subscriber.subscribe(&CHANNELS).await?;
                Ok::<_, Error>(subscriber)
            };
            let mut subscriber = match subscriber.await {
                Ok(s) => s,
                Err(e) => {
                    trace::debug!(sentinel = %show(&addr), error = %e, "cannot listen to the Sentinel");
                    pacing.failed(&config.backoff, e, Some(show(&addr)));
                    if let Some(t) = pacing.not_before() {
                        tokio::time::sleep_until(t.into()).await;
                    }
                    continue;
                }
            };
            pacing.succeeded();
            // Events may have been missed while not listening.
            recheck(&locator).await;
            while let Some(message) = subscriber.next_message().await {
                let Some(l) = locator.upgrade() else { return };
                match message {
                    Ok(m) => on_message(&l, &m, &service),
                    // Reconnected: events may have been missed.
                    Err(Error::MissedMessages(_)) => recheck(&locator).await,
                    Err(e) => {
                        trace::debug!(sentinel = %show(&addr), error = %e, "sentinel subscription")
                    }
                }
            }
        }
    };
    tokio::select! {
        () = work => {}
        // The locator is gone: so is every client that needed this.
        _ = alive.changed() => {}
    }
}

fn on_message(locator: &Locator, message: &Message, service: &str) {
    let Ok(payload) = message.payload_str() else {
        return;
    };
    match parse(&message.channel, payload, service) {
        Some(Event::Primary(addr)) => locator.moved_to(addr, "a Sentinel announced it"),
        Some(Event::Promoting) => locator.hold(),
        Some(Event::Ended) => locator.release(),
        None => {}
    }
}

/// Asks the Sentinels where the primary is, and follows it if it moved (unless the
/// client learned of a newer primary while it asked).
async fn recheck(locator: &Weak<Locator>) {
    let Some(l) = locator.upgrade() else { return };
    let changes = l.changes();
    if let Answer::Known(addr) = l.ask_primary().await {
        l.follow(addr, changes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tcp(host: &str, port: u16) -> Addr {
        Addr::Tcp {
            host: host.into(),
            port,
        }
    }

    #[test]
    fn events_of_the_service_are_understood_and_others_ignored() {
        let p = |c: &str, m: &str| parse(c.as_bytes(), m, "svc");
        assert_eq!(
            p("+switch-master", "svc 127.0.0.1 6379 127.0.0.1 6380"),
            Some(Event::Primary(tcp("127.0.0.1", 6380)))
        );
        assert_eq!(
            p("+switch-master", "other 127.0.0.1 6379 127.0.0.1 6380"),
            None
        );
        assert_eq!(
            p(
                "+promoted-slave",
                "slave 127.0.0.1:6381 127.0.0.1 6381 @ svc 127.0.0.1 6379"
            ),
            Some(Event::Primary(tcp("127.0.0.1", 6381)))
        );
        assert_eq!(
            p(
                "+failover-state-send-slaveof-noone",
                "slave 127.0.0.1:6381 127.0.0.1 6381 @ svc 127.0.0.1 6379"
            ),
            Some(Event::Promoting)
        );
        assert_eq!(
            p("-failover-abort-no-good-slave", "master svc 127.0.0.1 6379"),
            Some(Event::Ended)
        );
        assert_eq!(p("+failover-end", "master other 127.0.0.1 6379"), None);
        assert_eq!(p("+switch-master", "garbage"), None);
    }
}
