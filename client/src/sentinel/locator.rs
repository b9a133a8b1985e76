//! The [`Locator`]: where the primary and the replicas of a service are, as the Sentinels
//! say, and every connection opened to them, so that a failover closes the ones that
//! went to the old primary.
//!
//! What moves the client, fastest first:
//!
//! - a Sentinel announcing the promotion step of a failover
//!   (`+failover-state-send-slaveof-noone`): connections to the primary are closed and new
//!   ones wait (a *hold*, at most [`HOLD_LIMIT`]) for the promoted replica, so no write
//!   reaches the old primary once the replica stops copying it (such a write would be
//!   lost when the old primary rejoins as a replica);
//! - `+promoted-slave` (which names the new primary) and `+switch-master`: the address
//!   changes, and connections to the old primary close;
//! - a connection to the primary that fails, or a node that says (`ROLE`) it is not the
//!   primary: the Sentinels are asked again;
//! - a `-READONLY` reply: the connection that got it is on a replica now (see
//!   `Client::send_shared`); the Sentinels are asked again.

use super::ask::show;
use super::config::SentinelConfig;
use crate::client::handle::Client;
use crate::conn::handshake::{self, Expect};
use crate::conn::mux::{Connection, PushSink, WeakConnection};
use crate::conn::{Addr, Config};
use crate::error::{Error, LastFailure};
use crate::support::sync::lock;
use crate::support::trace;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The longest a failover's promotion step holds new connections to the primary back,
/// when no Sentinel says how it ended.
pub(crate) const HOLD_LIMIT: Duration = Duration::from_secs(5);

/// How long a primary the client moved away from is distrusted: a Sentinel that still
/// names it has not heard of the failover yet.
const DEMOTED_FOR: Duration = Duration::from_secs(30);

/// Where the service's nodes are, shared by the primary and replica clients of one
/// Sentinel client.
pub(crate) struct Locator {
    pub(crate) config: SentinelConfig,
    state: Mutex<State>,
    /// Connections opened through the locator, to close when the primary moves.
    opened: Mutex<Vec<Opened>>,
    sentinel_clients: Mutex<HashMap<String, Client>>,
    /// Bumped whenever the primary's address changes or a hold starts or ends: what a
    /// connection attempt waiting for the new primary watches.
    moved: watch::Sender<u64>,
    /// Dropped with the locator: the Sentinel monitors then end.
    pub(crate) alive: watch::Sender<()>,
    /// Times the primary's address changed.
    pub(crate) failovers: AtomicU64,
}

#[derive(Default)]
struct State {
    primary: Option<Addr>,
    /// Known Sentinels, the one that answered last first.
    sentinels: Vec<Addr>,
    /// New connections to the primary wait until then: a failover is promoting a
    /// replica.
    hold: Option<Instant>,
    /// Primaries the client moved away from, and when.
    demoted: Vec<(Addr, Instant)>,
    /// When the primary's address last changed.
    moved_at: Option<Instant>,
    /// Changes to `primary` so far (learned, moved, forgotten): an answer to a question
    /// asked before the last change is older than what the client knows.
    changes: u64,
    /// Which replica the next replica connection tries first.
    next_replica: usize,
}

struct Opened {
    expect: Expect,
    addr: Addr,
    conn: WeakConnection,
}

impl Locator {
    pub(crate) fn new(config: SentinelConfig) -> Locator {
        let state = State {
            sentinels: config.sentinels.clone(),
            ..State::default()
        };
        Locator {
            config,
            state: Mutex::new(state),
            opened: Mutex::new(Vec::new()),
            sentinel_clients: Mutex::new(HashMap::new()),
            moved: watch::Sender::new(0),
            alive: watch::Sender::new(()),
            failovers: AtomicU64::new(0),
        }
    }

    /// For [`SentinelClient::close`](super::SentinelClient::close): ends the Sentinel
    /// monitors, and gives the clients of the Sentinels asked, to close.
    pub(super) fn stop(&self) -> Vec<Client> {
        self.alive.send_replace(());
        self.sentinel_clients().drain().map(|(_, c)| c).collect()
    }

    pub(super) fn sentinel_clients(&self) -> MutexGuard<'_, HashMap<String, Client>> {
        lock(&self.sentinel_clients)
    }

    /// The Sentinels to ask, in the order to ask them.
    pub(crate) fn known_sentinels(&self) -> Vec<Addr> {
        lock(&self.state).sentinels.clone()
    }

    /// Adds Sentinels learned from another; returns the ones that are new.
    pub(crate) fn learn_sentinels(&self, found: Vec<Addr>) -> Vec<Addr> {
        let mut state = lock(&self.state);
        let new: Vec<Addr> = found
            .into_iter()
            .filter(|a| !state.sentinels.contains(a))
            .collect();
        state.sentinels.extend(new.iter().cloned());
        new
    }

    /// The Sentinel at `addr` answered: it is asked first next time.
    pub(super) fn answered_by(&self, addr: &Addr) {
        let mut state = lock(&self.state);
        if let Some(i) = state.sentinels.iter().position(|a| a == addr) {
            let a = state.sentinels.remove(i);
            state.sentinels.insert(0, a);
        }
    }

    pub(super) fn recently_demoted(&self, addr: &Addr) -> bool {
        let state = lock(&self.state);
        state
            .demoted
            .iter()
            .any(|(a, at)| a == addr && at.elapsed() < DEMOTED_FOR)
    }

    /// The primary's address as last known.
    pub(crate) fn primary(&self) -> Option<Addr> {
        lock(&self.state).primary.clone()
    }

    /// Whether the primary moved after `since`.
    pub(crate) fn moved_since(&self, since: Instant) -> bool {
        lock(&self.state).moved_at.is_some_and(|at| at > since)
    }

    /// A receiver that sees the next move (or hold).
    pub(crate) fn watch_moves(&self) -> watch::Receiver<u64> {
        self.moved.subscribe()
    }

    fn bump(&self) {
        self.moved.send_modify(|n| *n += 1);
    }

    /// How many times the primary's address was learned, changed or forgotten: taken
    /// before asking the Sentinels, for [`follow`](Self::follow).
    pub(crate) fn changes(&self) -> u64 {
        lock(&self.state).changes
    }

    /// A Sentinel asked when the locator was at `changes` names `addr` as the primary:
    /// the client moves there if it knew another primary and learned nothing since it
    /// asked (a slow answer is not let undo a newer one, such as the primary a
    /// connection found after a `-READONLY`).
    pub(crate) fn follow(&self, addr: Addr, changes: u64) {
        self.move_if(addr, "a Sentinel named another primary", |state, addr| {
            state.changes == changes && state.primary.as_ref().is_some_and(|p| p != addr)
        });
    }

    /// The primary is at `addr` now (a Sentinel said so): connections to the old one
    /// close (their commands fail with a connection error), and the hold ends.
    pub(crate) fn moved_to(&self, addr: Addr, why: &'static str) {
        self.move_if(addr, why, |_, _| true);
    }

    /// [`moved_to`](Self::moved_to), if `now` holds of the state (checked under the
    /// same lock as the move).
    fn move_if(&self, addr: Addr, why: &'static str, now: impl FnOnce(&State, &Addr) -> bool) {
        let old = {
            let mut state = lock(&self.state);
            if !now(&state, &addr) {
                return;
            }
            state.hold = None;
            if state.primary.as_ref() == Some(&addr) {
                drop(state);
                self.bump();
                return;
            }
            let old = state.primary.replace(addr.clone());
            state.changes += 1;
            let now = Instant::now();
            state
                .demoted
                .retain(|(a, at)| a != &addr && at.elapsed() < DEMOTED_FOR);
            if let Some(old) = &old {
                state.demoted.push((old.clone(), now));
            }
            state.moved_at = Some(now);
            old
        };
        if old.is_some() {
            self.failovers.fetch_add(1, Ordering::Relaxed);
            trace::info!(
                service = %self.config.service,
                from = %old.as_ref().map(show).unwrap_or_default(),
                to = %show(&addr),
                why,
                "primary moved"
            );
        }
        self.close(|o| {
            (o.expect == Expect::Primary && Some(&o.addr) != Some(&addr))
                || (o.expect == Expect::Replica && o.addr == addr)
        });
        self.bump();
    }

    /// A failover is promoting a replica: connections to the primary close and new ones
    /// wait for the promoted replica (at most [`HOLD_LIMIT`]).
    pub(crate) fn hold(&self) {
        lock(&self.state).hold = Some(Instant::now() + HOLD_LIMIT);
        trace::info!(service = %self.config.service, "failover under way: holding writes");
        self.close(|o| o.expect == Expect::Primary);
        self.bump();
    }

    /// The failover ended without naming a new primary (aborted, timed out): the hold
    /// ends and the Sentinels are asked as usual.
    pub(crate) fn release(&self) {
        let held = lock(&self.state).hold.take().is_some();
        if held {
            self.bump();
        }
    }

    /// The primary the client knows may not be one any more (a `-READONLY` reply): it is
    /// forgotten, so the next connection asks the Sentinels, and connections to it close.
    pub(crate) fn distrust_primary(&self) {
        let old = {
            let mut state = lock(&self.state);
            state.changes += 1;
            state.primary.take()
        };
        if let Some(old) = old {
            trace::info!(node = %show(&old), "the primary answered READONLY: asking the Sentinels again");
            self.close(|o| o.expect == Expect::Primary && o.addr == old);
        }
    }

    fn close(&self, which: impl Fn(&Opened) -> bool) {
        let mut opened = lock(&self.opened);
        opened.retain(|o| {
            if which(o) {
                o.conn.shutdown(
                    "the primary changed (Sentinel failover): the command may or may not have run",
                );
                return false;
            }
            o.conn.is_open()
        });
    }

    fn track(&self, expect: Expect, addr: Addr, conn: &Connection) {
        let mut opened = lock(&self.opened);
        opened.retain(|o| o.conn.is_open());
        opened.push(Opened {
            expect,
            addr,
            conn: conn.downgrade(),
        });
    }

    /// Keeps a new connection to `addr` among the opened ones if `addr` is still the
    /// primary the client knows (or none is known) and no failover is holding writes.
    /// Checked and kept under one lock: a `hold` or `moved_to` that changes the state
    /// after the check closes the connection, as it closes the others.
    fn track_primary(&self, addr: Addr, conn: &Connection) -> bool {
        let mut opened = lock(&self.opened);
        {
            let state = lock(&self.state);
            let held = state.hold.is_some_and(|t| t > Instant::now());
            let elsewhere = state.primary.as_ref().is_some_and(|p| p != &addr);
            if held || elsewhere {
                return false;
            }
        }
        opened.retain(|o| o.conn.is_open());
        opened.push(Opened {
            expect: Expect::Primary,
            addr,
            conn: conn.downgrade(),
        });
        true
    }

    /// When the hold ends, if there is one.
    fn held_until(&self) -> Option<Instant> {
        let mut state = lock(&self.state);
        match state.hold {
            Some(t) if t > Instant::now() => Some(t),
            Some(_) => {
                state.hold = None;
                None
            }
            None => None,
        }
    }

    /// Opens a connection to the primary (`Expect::Primary`) or a replica, as `template`
    /// says, checking with `ROLE` that the node is what the Sentinels said, within the
    /// template's connect timeout.
    pub(crate) async fn open(
        &self,
        expect: Expect,
        template: &Config,
        push: Option<PushSink>,
    ) -> Result<Connection, Error> {
        let deadline = Instant::now() + template.connect_timeout;
        match expect {
            Expect::Primary => self.open_primary(template, push, deadline).await,
            Expect::Replica => self.open_replica(template, push).await,
        }
    }

    async fn open_primary(
        &self,
        template: &Config,
        push: Option<PushSink>,
        deadline: Instant,
    ) -> Result<Connection, Error> {
        let mut moves = self.watch_moves();
        let mut asked = false;
        loop {
            if let Some(until) = self.held_until() {
                moves.borrow_and_update();
                let wait = until.min(deadline);
                let _ = tokio::time::timeout_at(wait.into(), moves.changed()).await;
                if Instant::now() >= deadline && self.held_until().is_some() {
                    return Err(Error::unreachable(format!(
                        "a failover of {:?} is under way: the promoted replica is not known yet",
                        self.config.service
                    )));
                }
                continue;
            }
            let addr = match self.primary() {
                Some(addr) => addr,
                None => {
                    asked = true;
                    let addr = self.ask_primary().await.into_result(&self.config.service)?;
                    self.settle(&addr);
                    addr
                }
            };
            let config = template_for(template, &addr);
            match handshake::connect_as(&config, push.clone(), Some(Expect::Primary)).await {
                Ok(conn) => {
                    if self.track_primary(addr, &conn) {
                        return Ok(conn);
                    }
                    // A failover began, or another primary was named, while it connected.
                    conn.shutdown("the primary changed (Sentinel failover) while connecting");
                    if Instant::now() >= deadline {
                        return Err(Error::unreachable(format!(
                            "the primary of {:?} kept changing while connecting",
                            self.config.service
                        )));
                    }
                }
                Err(e @ (Error::Server(_) | Error::Config(_))) => return Err(e),
                Err(e) => {
                    trace::debug!(node = %show(&addr), error = %e, "primary connection failed");
                    let e = at_node(e, &addr);
                    if asked || Instant::now() >= deadline {
                        return Err(e);
                    }
                    // The address may be stale: ask the Sentinels once (the node's own
                    // error is the answer when they cannot say).
                    asked = true;
                    let asked_again = self.ask_primary().await;
                    let Ok(fresh) = asked_again.into_result(&self.config.service) else {
                        return Err(e);
                    };
                    if fresh == addr {
                        return Err(e);
                    }
                    self.moved_to(fresh, "a Sentinel named another primary");
                }
            }
        }
    }

    /// Takes the address the Sentinels gave when none was known.
    fn settle(&self, addr: &Addr) {
        let mut state = lock(&self.state);
        if state.primary.is_none() {
            state.primary = Some(addr.clone());
            state.changes += 1;
        }
    }

    async fn open_replica(
        &self,
        template: &Config,
        push: Option<PushSink>,
    ) -> Result<Connection, Error> {
        let mut replicas = self
            .ask_replicas()
            .await
            .into_result(&self.config.service)?;
        let primary = self.primary();
        replicas.retain(|r| Some(r) != primary.as_ref());
        if replicas.is_empty() {
            return Err(Error::unreachable(format!(
                "the Sentinels list no replica of {:?} in sync with its primary",
                self.config.service
            )));
        }
        let first = {
            let mut state = lock(&self.state);
            state.next_replica = state.next_replica.wrapping_add(1);
            state.next_replica % replicas.len()
        };
        replicas.rotate_left(first);
        // With a zone preferred, replicas are tried until one in the zone answers; the
        // first that answered serves otherwise.
        let zone = self.config.read_from.zone();
        let mut fallback: Option<(Addr, Connection)> = None;
        let mut last = None;
        for addr in replicas {
            let config = template_for(template, &addr);
            match handshake::connect_as(&config, push.clone(), Some(Expect::Replica)).await {
                Ok(conn) if zone.is_none() || zone_of(&conn).as_deref() == zone => {
                    if let Some((_, other)) = fallback.take() {
                        other.shutdown("a replica in the preferred zone was found");
                    }
                    self.track(Expect::Replica, addr, &conn);
                    return Ok(conn);
                }
                Ok(conn) if fallback.is_none() => fallback = Some((addr, conn)),
                Ok(conn) => conn.shutdown("a replica outside the preferred zone"),
                Err(e) => {
                    trace::debug!(node = %show(&addr), error = %e, "replica connection failed");
                    last = Some(at_node(e, &addr));
                }
            }
        }
        if let Some((addr, conn)) = fallback {
            self.track(Expect::Replica, addr, &conn);
            return Ok(conn);
        }
        Err(last.unwrap_or_else(|| Error::unreachable("no replica could be reached")))
    }
}

/// The error of an attempt to open a connection to the node at `addr`: a refusal keeps its
/// type, anything else is [`Error::Unreachable`] naming the node (`error::LastFailure`).
fn at_node(e: Error, addr: &Addr) -> Error {
    LastFailure::new(e, Some(show(addr))).error(1)
}

/// The availability zone the node of `conn` said it is in.
fn zone_of(conn: &Connection) -> Option<String> {
    conn.hello().and_then(|h| h.availability_zone.clone())
}

/// `template` with `addr` as its address.
fn template_for(template: &Config, addr: &Addr) -> Config {
    let mut config = template.clone();
    config.addr = addr.clone();
    config
}
