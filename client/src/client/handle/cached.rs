//! A client's reads through its client-side cache: a hit is answered from the cache, a
//! miss is sent (after `CLIENT CACHING YES` under opt-in tracking, in the same write so
//! nothing comes between) and its reply handed to the cache; a write's keys are dropped
//! from the cache once its reply is in.

use super::{Client, InFlight, Place};
use crate::cache::{Cache, Lookup, Read};
use crate::cmd::{Command, CommandFlags};
use crate::conn::mux::{self, Submission};
use crate::error::Error;
use crate::support::sync;
use crate::wire::write::encode;
use crate::wire::Frame;

impl Client {
    /// What the cache says about `command`. While the shared connection is down nothing
    /// cached can be trusted (its invalidations cannot arrive): the cache is flushed.
    pub(super) fn look_up<'c>(&self, cache: &'c Cache, command: &Command) -> Lookup<'c> {
        let lookup = cache.lookup(command);
        if matches!(lookup, Lookup::Hit(_)) && self.shared_is_closed() {
            cache.flush();
            return cache.lookup(command);
        }
        lookup
    }

    /// Whether the shared connection is known to be dead (without cloning its handle).
    fn shared_is_closed(&self) -> bool {
        let current = sync::read(&self.inner.current);
        current.is_closed()
    }

    /// Sends a write and drops its keys from the cache once its reply is in (see
    /// [`Cache::wrote`]), whatever the reply.
    pub(super) async fn send_write(
        &self,
        cache: &Cache,
        command: Command,
        place: Place,
    ) -> Result<Frame, Error> {
        let written = command.clone();
        let result = self.send_placed(command, place).await;
        cache.wrote(&written);
        result
    }

    /// Sends a cacheable read the cache did not have, and caches its reply.
    pub(super) async fn send_read(&self, read: Read<'_>, command: Command) -> Result<Frame, Error> {
        let _counted = InFlight::new(&self.inner.in_flight);
        let resend = (self.inner.config.retry_read_only
            && command.flags().contains(CommandFlags::READONLY))
        .then(|| command.clone());
        let deadline = self.deadline();
        let result = if read.opt_in {
            let mut bytes = encode(&[b"CLIENT", b"CACHING", b"YES"]);
            bytes.extend_from_slice(command.as_bytes());
            let (request, rx) = Submission::many(bytes, 2, deadline);
            self.submit(request).await?;
            mux::reply_timed(rx)
                .await
                .and_then(|mut frames| frames.pop().ok_or_else(|| Error::lost("no reply")))
        } else {
            let (request, rx) = Submission::one(command, deadline);
            self.submit(request).await?;
            mux::reply_timed(rx).await
        };
        match (result, resend) {
            (Ok(frame), _) => {
                read.finish(&frame);
                Ok(frame)
            }
            // Sent again, uncached: the read's connection is gone, and its tracking with it.
            (Err(Error::ConnectionClosed(reason)), Some(command)) => {
                drop(read);
                self.resend(command, reason).await
            }
            (Err(e), _) => Err(e),
        }
    }
}
