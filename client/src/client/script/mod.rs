//! [`Script`]: a Lua script sent by its SHA1 (`EVALSHA`), and sent whole (`EVAL`, which
//! also loads it) to a server that does not have it; [`Invocation`]: one call of it, with
//! its keys and arguments.

mod args;
mod runner;

pub use runner::ScriptRunner;

use crate::cmd::b;
use crate::cmd::{Command, Request, ToArg};
use crate::error::Error;
use crate::resp::read::DecodeOwned;
use crate::resp::value::Value;
use crate::wire::Frame;
use crate::wire::Reader;
use args::ArgList;
use std::marker::PhantomData;
use std::sync::Arc;

/// A Lua script, known to servers by the SHA1 of its source, whose reply is read as `T`
/// ([`Value`] unless [`returning`](Self::returning) names the type the script returns).
///
/// An invocation sends `EVALSHA sha1 numkeys key... arg...`; when the server answers
/// `NOSCRIPT` (its script cache was flushed, the server restarted, a failover landed on a
/// replica with an empty cache, or on a cluster, a node that never ran the script), it sends
/// `EVAL source numkeys key... arg...` instead, which runs the script and loads it, so the
/// next `EVALSHA` finds it. Any error is returned as it is: a script that fails is
/// [`Error::Server`] with the server's message.
///
/// Keys are sent as keys: a cluster client routes the invocation to the node of their
/// slot (give a script's keys a common `{hashtag}`). Cheap to clone (the source is shared).
///
/// ```no_run
/// # async fn demo(client: typedis::Client, cluster: typedis::ClusterClient) -> Result<(), typedis::Error> {
/// use typedis::Script;
///
/// // Declared once: every invocation reads an i64.
/// let add = Script::new("return redis.call('INCRBY', KEYS[1], ARGV[1])").returning::<i64>();
/// let n = add.key("counter").arg(5).invoke(&client).await?;
/// let m = add.key("{u}c").arg(5).invoke(&cluster).await?;
///
/// // Read-only scripts (`EVALSHA_RO`, Redis 7+) are routed as reads.
/// let peek = Script::new("return redis.call('GET', KEYS[1])").returning::<Option<String>>();
/// let value = peek.key("counter").read_only().invoke(&client).await?;
///
/// // Undeclared, the reply is a `Value`; `invoke_as` reads one call as a type of its own.
/// let any = Script::new("return {1, 'two'}");
/// let (one, two): (i64, String) = any.invocation().invoke_as(&client).await?;
/// # let _ = (n, m, value, one, two); Ok(()) }
/// ```
pub struct Script<T = Value> {
    inner: Arc<Source>,
    reply: PhantomData<fn() -> T>,
}

impl<T> Clone for Script<T> {
    fn clone(&self) -> Self {
        Script {
            inner: Arc::clone(&self.inner),
            reply: PhantomData,
        }
    }
}

struct Source {
    code: Box<str>,
    /// Lowercase hex, as `SCRIPT LOAD` answers it.
    sha1: Box<str>,
}

impl Script {
    /// A script of this Lua source, its reply read as a [`Value`] (see
    /// [`returning`](Self::returning)); its SHA1 is computed here, nothing is sent.
    ///
    /// ```
    /// let script = typedis::Script::new("return 1");
    /// assert_eq!(script.sha1(), "e0e1f9fabfc9d4800c877a703b823ac0578ff8db");
    /// ```
    pub fn new(source: impl Into<String>) -> Script {
        let code = source.into().into_boxed_str();
        let sha1 = sha1_smol::Sha1::from(code.as_bytes())
            .digest()
            .to_string()
            .into_boxed_str();
        Script {
            inner: Arc::new(Source { code, sha1 }),
            reply: PhantomData,
        }
    }
}

impl<T> Script<T> {
    /// The same script, its reply read as `U`: the type the script returns (checked when
    /// each reply is read, on both protocols, as any reply is).
    ///
    /// ```
    /// use typedis::Script;
    ///
    /// let pop = Script::new("return redis.call('LPOP', KEYS[1])").returning::<Option<String>>();
    /// assert_eq!(pop.sha1(), Script::new("return redis.call('LPOP', KEYS[1])").sha1());
    /// ```
    pub fn returning<U>(self) -> Script<U> {
        Script {
            inner: self.inner,
            reply: PhantomData,
        }
    }

    /// The SHA1 of the source, in lowercase hex: what `EVALSHA` and `SCRIPT EXISTS` take.
    pub fn sha1(&self) -> &str {
        &self.inner.sha1
    }

    /// The Lua source.
    pub fn source(&self) -> &str {
        &self.inner.code
    }

    /// An invocation with no key and no argument yet.
    pub fn invocation(&self) -> Invocation<T> {
        Invocation {
            script: self.clone(),
            keys: ArgList::default(),
            args: ArgList::default(),
            read_only: false,
        }
    }

    /// An invocation with `key` as its first key (`KEYS[1]`).
    pub fn key(&self, key: impl ToArg) -> Invocation<T> {
        self.invocation().key(key)
    }

    /// An invocation with these keys (`KEYS[1]`, `KEYS[2]`, ...).
    pub fn keys<I>(&self, keys: I) -> Invocation<T>
    where
        I: IntoIterator,
        I::Item: ToArg,
    {
        self.invocation().keys(keys)
    }

    /// An invocation with no key and `arg` as its first argument (`ARGV[1]`).
    pub fn arg(&self, arg: impl ToArg) -> Invocation<T> {
        self.invocation().arg(arg)
    }

    /// An invocation with no key and these arguments.
    pub fn args<I>(&self, args: I) -> Invocation<T>
    where
        I: IntoIterator,
        I::Item: ToArg,
    {
        self.invocation().args(args)
    }

    /// A read-only invocation (see [`Invocation::read_only`]).
    pub fn read_only(&self) -> Invocation<T> {
        self.invocation().read_only()
    }

    /// Runs the script with no key and no argument (see [`Invocation::invoke`]).
    ///
    /// # Errors
    ///
    /// As [`Invocation::invoke`].
    pub async fn invoke(&self, runner: &impl ScriptRunner) -> Result<T, Error>
    where
        T: DecodeOwned,
    {
        self.invocation().invoke(runner).await
    }

    /// Runs the script with no key and no argument, its reply read as `U` (see
    /// [`Invocation::invoke_as`]).
    ///
    /// # Errors
    ///
    /// As [`Invocation::invoke`].
    pub async fn invoke_as<U: DecodeOwned>(&self, runner: &impl ScriptRunner) -> Result<U, Error> {
        self.invocation().invoke_as(runner).await
    }
}

impl<T> std::fmt::Debug for Script<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The SHA1 names the script; a source can be long.
        f.debug_struct("Script")
            .field("sha1", &self.sha1())
            .finish_non_exhaustive()
    }
}

/// One call of a [`Script`]: its keys, its arguments, and whether it only reads. Made by
/// [`Script::key`], [`Script::arg`] and the like; owned and `Clone`, so it can be kept
/// and invoked again.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::Script;
///
/// let script = Script::new("return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])")
///     .returning::<()>();
/// let call = script.key("lock:report").arg("owner-7").arg(30_000);
/// call.invoke(&client).await?;
/// # Ok(()) }
/// ```
pub struct Invocation<T = Value> {
    script: Script<T>,
    keys: ArgList,
    args: ArgList,
    read_only: bool,
}

impl<T> Clone for Invocation<T> {
    fn clone(&self) -> Self {
        Invocation {
            script: self.script.clone(),
            keys: self.keys.clone(),
            args: self.args.clone(),
            read_only: self.read_only,
        }
    }
}

impl<T> Invocation<T> {
    /// Adds a key: the next of `KEYS`, and what a cluster routes by.
    #[must_use]
    pub fn key(mut self, key: impl ToArg) -> Self {
        self.keys.push(&key);
        self
    }

    /// Adds every item as a key.
    #[must_use]
    pub fn keys<I>(mut self, keys: I) -> Self
    where
        I: IntoIterator,
        I::Item: ToArg,
    {
        for key in keys {
            self.keys.push(&key);
        }
        self
    }

    /// Adds an argument: the next of `ARGV`.
    #[must_use]
    pub fn arg(mut self, arg: impl ToArg) -> Self {
        self.args.push(&arg);
        self
    }

    /// Adds every item as an argument.
    #[must_use]
    pub fn args<I>(mut self, args: I) -> Self
    where
        I: IntoIterator,
        I::Item: ToArg,
    {
        for arg in args {
            self.args.push(&arg);
        }
        self
    }

    /// Sends `EVALSHA_RO` (and `EVAL_RO`) instead (Redis 7+): the server refuses a script
    /// that writes, and the client treats the call as a read (a cluster client with
    /// [`ReadFrom::PreferReplica`](crate::ReadFrom::PreferReplica) sends it to a
    /// replica; [`Config::retry_read_only`](crate::Config::retry_read_only) sends it again
    /// after a lost connection).
    #[must_use]
    pub fn read_only(mut self) -> Self {
        self.read_only = true;
        self
    }

    /// The script this invokes.
    pub fn script(&self) -> &Script<T> {
        &self.script
    }

    /// Runs the script on `runner` and reads its reply as the script's `T`: `EVALSHA`
    /// first, and when the server does not have the script (`NOSCRIPT`), `EVAL` with its
    /// source, which loads it too.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use typedis::{Error, Script};
    ///
    /// let fail = Script::new("return redis.error_reply('no such user')").returning::<()>();
    /// match fail.invocation().invoke(&client).await {
    ///     Err(Error::Server(e)) => assert!(e.message().contains("no such user")),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when the script fails or the server refuses it (a write in a
    /// read-only script, a cluster node that does not hold every key); otherwise as
    /// [`Client::query`](crate::Client::query), or [`ClusterClient::query`] on a cluster
    /// ([`Error::Cluster`] for keys in different slots).
    ///
    /// [`ClusterClient::query`]: crate::ClusterClient::query
    pub async fn invoke(&self, runner: &impl ScriptRunner) -> Result<T, Error>
    where
        T: DecodeOwned,
    {
        self.invoke_as(runner).await
    }

    /// Runs the script as [`invoke`](Self::invoke) does and reads this reply as `U`
    /// instead of the script's type.
    ///
    /// # Errors
    ///
    /// As [`invoke`](Self::invoke).
    pub async fn invoke_as<U: DecodeOwned>(&self, runner: &impl ScriptRunner) -> Result<U, Error> {
        if let Some(e) = self.invalid() {
            return Err(e);
        }
        let frame = runner.send_script(self.by_sha1()).await?;
        if !is_noscript(&frame) {
            return frame.decode();
        }
        // Boxed: the rare path keeps its state out of every invocation's future.
        let frame = Box::pin(runner.send_script(self.by_source())).await?;
        frame.decode()
    }

    /// The error of a key or an argument that could not be written, if one could not,
    /// counted where it is in `EVALSHA sha1 numkeys key... arg...`.
    #[cold]
    fn invalid(&self) -> Option<Error> {
        let (at, invalid) = match (self.keys.invalid(), self.args.invalid()) {
            (Some(key), _) => (3, key),
            (None, Some(arg)) => (3 + self.keys.len(), arg),
            (None, None) => return None,
        };
        let mut invalid = invalid.clone();
        invalid.set_command(if self.read_only {
            "EVALSHA_RO"
        } else {
            "EVALSHA"
        });
        invalid.shift(at);
        Some(Error::InvalidArgument(invalid))
    }

    /// `EVALSHA` (or `EVALSHA_RO`) of this invocation.
    fn by_sha1(&self) -> Command {
        let (keys, args, sha1) = (self.keys.iter(), self.args.iter(), self.script.sha1());
        if self.read_only {
            b().evalsha_ro()
                .sha1(sha1)
                .key_iter(keys)
                .arg_iter(args)
                .into_command()
        } else {
            b().evalsha()
                .sha1(sha1)
                .key_iter(keys)
                .arg_iter(args)
                .into_command()
        }
    }

    /// `EVAL` (or `EVAL_RO`) of this invocation.
    fn by_source(&self) -> Command {
        let (keys, args, code) = (self.keys.iter(), self.args.iter(), self.script.source());
        if self.read_only {
            b().eval_ro()
                .script(code)
                .key_iter(keys)
                .arg_iter(args)
                .into_command()
        } else {
            b().eval()
                .script(code)
                .key_iter(keys)
                .arg_iter(args)
                .into_command()
        }
    }
}

impl<T> std::fmt::Debug for Invocation<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Invocation")
            .field("sha1", &self.script.sha1())
            .field("keys", &self.keys)
            .field("args", &self.args)
            .field("read_only", &self.read_only)
            .finish()
    }
}

/// Whether `frame` is the `NOSCRIPT` error of a server that does not have the script.
fn is_noscript(frame: &Frame) -> bool {
    frame.is_error()
        && Reader::new(frame)
            .server_error()
            .ok()
            .flatten()
            .is_some_and(|e| e.code() == Some("NOSCRIPT"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(c: &Command) -> Vec<String> {
        c.args()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect()
    }

    #[test]
    fn the_sha1_is_the_one_servers_compute() {
        // `SCRIPT LOAD "return redis.call('INCRBY', KEYS[1], ARGV[1])"` on Redis 7.0.
        let script = Script::new("return redis.call('INCRBY', KEYS[1], ARGV[1])");
        assert_eq!(script.sha1().len(), 40);
        assert_eq!(
            Script::new("").sha1(),
            "da39a3ee5e6b4b0d3255bfef95601890afd80709"
        );
        assert_eq!(
            format!("{script:?}"),
            format!("Script {{ sha1: {:?}, .. }}", script.sha1())
        );
    }

    #[test]
    fn an_invocation_sends_its_keys_as_keys_and_its_arguments_after_them() {
        let script = Script::new("return 1");
        let call = script.arg("a").key("k1").keys(["k2"]).arg(5).args([1.5]);
        let sha1 = script.sha1().to_owned();
        let c = call.by_sha1();
        assert_eq!(
            args(&c),
            ["EVALSHA", &sha1, "2", "k1", "k2", "a", "5", "1.5"]
        );
        assert_eq!(c.keys().collect::<Vec<_>>(), [&b"k1"[..], b"k2"]);
        let c = call.by_source();
        assert_eq!(
            args(&c),
            ["EVAL", "return 1", "2", "k1", "k2", "a", "5", "1.5"]
        );
        assert_eq!(c.keys().collect::<Vec<_>>(), [&b"k1"[..], b"k2"]);
        let ro = call.clone().read_only();
        assert_eq!(ro.by_sha1().name(), "EVALSHA_RO");
        assert_eq!(ro.by_source().name(), "EVAL_RO");
        assert!(ro
            .by_sha1()
            .flags()
            .contains(crate::cmd::CommandFlags::READONLY));
        assert_eq!(
            args(&script.invocation().by_sha1()),
            ["EVALSHA", &sha1, "0"]
        );
    }

    #[test]
    fn only_a_noscript_error_asks_for_the_source() {
        let frame = |b: &[u8]| Frame::from_slice(b).unwrap();
        assert!(is_noscript(&frame(
            b"-NOSCRIPT No matching script. Please use EVAL.\r\n"
        )));
        assert!(is_noscript(&frame(b"!18\r\nNOSCRIPT no script\r\n")));
        assert!(!is_noscript(&frame(b"-ERR user_script:1: oops\r\n")));
        assert!(!is_noscript(&frame(b"$8\r\nNOSCRIPT\r\n")));
    }
}
