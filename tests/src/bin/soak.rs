//! Soak test of the typedis cluster client against a real local Redis Cluster (3 primaries
//! with 1 replica each, started here with the `typedis-tests` helpers; the server binary is
//! `$TYPEDIS_SERVER`, `redis-server` by default). Not part of `cargo test`.
//!
//! Over 500 lines: one soak program with its scenarios, read top to bottom.
//!
//! 64 tasks (on a 2-thread runtime) write and read back for `SOAK_SECS` seconds through one
//! `ClusterClient`, authenticated as the ACL user `app` with a password from a credentials
//! provider (credentials valid 20 s, so live connections authenticate again in line).
//! Task `t`'s `n`th write is `SET soak:t:{n mod 16384} t:n`, then `GET` of that key: every
//! value is unique, the keys cover every slot, and their number stays bounded (64 × 16384
//! keys: at the ~80k writes/s seen on 2 cores, a key per write would leave ~300M keys after
//! an hour, more than the servers' memory). Meanwhile a controller injects faults on a schedule:
//!
//! - failover: `CLUSTER FAILOVER` (graceful: no acknowledged write may be lost) on a
//!   replica, which must report `ROLE` master within 30 s;
//! - reshard: 50 slots moved one by one, keys with them, from one primary to another
//!   (`SETSLOT ... NODE` told to the target first, then the source, as Redis documents:
//!   the other order leaves a moment where each redirects the slot to the other);
//! - password rotation: `ACL SETUSER app >p{k+1}` on every node, the provider switched,
//!   `ACL SETUSER app <p{k}` on every node, then `CLIENT KILL USER app` on every node, so
//!   that reconnections must use the new password.
//!
//! The run fails (exit status 1, every failed check named on stderr, the summary printed
//! anyway) when:
//!
//! - a `GET` right after its acknowledged `SET` returns another value (a reply meant for
//!   another request: a misdelivery) or nothing;
//! - a command fails with an error other than a connection error, a timeout or a retryable
//!   refusal (`Error::is_retryable`): those are expected during faults, counted by kind,
//!   and the same step is retried after a pause; but one step failing for 30 s is fatal;
//! - a fault cannot be carried out (a promotion not seen within 30 s, a cluster that does
//!   not settle, a command the servers refuse), or an enabled fault never happened;
//! - memory grows (the rule below);
//! - after the run, an acknowledged write is lost (its key missing or holding an older
//!   write) or a key holds another value: every key is read back from the primaries
//!   (`ReadFrom::Primary`, `MGET` in batches) and must hold its last acknowledged write.
//!
//! Memory rule: this process's resident memory (`VmRSS` of `/proc/self/status`) is sampled
//! every 5 s. The baseline is the first sample at the end of the warm-up (the first 20 % of
//! the run, at least 30 s); the run fails when the highest sample of the last third of the
//! run exceeds the baseline by more than max(32 MiB, 25 % of the baseline). A run too short
//! for the warm-up to end before the last third (under 45 s) is not checked.
//!
//! Run:
//!
//! ```text
//! cargo run --release -p typedis-tests --bin soak                 # one hour
//! SOAK_SECS=180 cargo run --release -p typedis-tests --bin soak   # CI: three minutes
//! ```
//!
//! Environment: `SOAK_SECS` (default 3600); `SOAK_FAILOVER_EVERY_SECS`,
//! `SOAK_RESHARD_EVERY_SECS`, `SOAK_ROTATE_EVERY_SECS` (defaults 120, 180 and 150, each at
//! most `SOAK_SECS / 3` so that a short run sees every fault; 0 disables that fault);
//! `TYPEDIS_SERVER`. Progress and faults go to stderr, the summary (markdown) to stdout.

use bytes::Bytes;
use std::any::Any;
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::fmt::Write as _;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::{b, Config, Credentials, Error, ReadFrom};
use typedis_tests::{server_binary, server_version, RedisCluster};

/// Writer tasks.
const TASKS: usize = 64;
/// Worker threads of the runtime.
const WORKER_THREADS: usize = 2;
/// The ACL user the client authenticates as.
const USER: &str = "app";
/// How long the credentials the provider hands out are valid.
const CREDENTIALS_LIFETIME: Duration = Duration::from_secs(20);
/// How long one step (a `SET`, a `GET`, a read-back batch) may keep failing.
const STEP_LIMIT: Duration = Duration::from_secs(30);
/// Pauses between the attempts of one step: doubled from the first up to the last.
const FIRST_PAUSE: Duration = Duration::from_millis(20);
const LAST_PAUSE: Duration = Duration::from_millis(500);
/// How long a replica may take to report `ROLE` master after `CLUSTER FAILOVER`.
const PROMOTION_LIMIT: Duration = Duration::from_secs(30);
/// How long the cluster may take to settle after a fault (every node agreeing, links up).
const SETTLE_LIMIT: Duration = Duration::from_secs(60);
/// Slots moved by one reshard.
const SLOTS_PER_RESHARD: usize = 50;
/// Keys per task: a task's `n`th write goes to key `n % KEYS_PER_TASK`.
const KEYS_PER_TASK: u64 = 16_384;
/// How often resident memory is sampled.
const MEMORY_EVERY: Duration = Duration::from_secs(5);
/// Keys per `MGET` of the read-back, and read-back tasks running at once.
const READ_BACK_BATCH: u64 = 500;
const READ_BACK_TASKS: usize = 8;
/// The close's deadline.
const CLOSE_WITHIN: Duration = Duration::from_secs(5);
const MIB: u64 = 1024 * 1024;

fn main() -> ExitCode {
    let settings = match Settings::from_env() {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("soak: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKER_THREADS)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("soak: cannot build the tokio runtime: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!(
        "soak: starting a cluster of 3 primaries with 1 replica each ({}), for {} s",
        server_binary(),
        settings.duration.as_secs()
    );
    let cluster = Arc::new(RedisCluster::builder().primaries(3).replicas(1).start());
    let report = match create_user(&cluster) {
        Ok(()) => runtime.block_on(soak(&settings, cluster.clone())),
        Err(e) => Report::failed_before_start(e),
    };
    drop(runtime);
    // The last reference: the servers are stopped here, before the process exits.
    drop(cluster);
    print!("{}", report.summary(&settings));
    if report.failures.is_empty() {
        eprintln!("soak: passed");
        ExitCode::SUCCESS
    } else {
        for failure in &report.failures {
            eprintln!("soak FAILED: {failure}");
        }
        ExitCode::FAILURE
    }
}

/// The run's length and fault schedule, from the environment.
#[derive(Debug, Clone)]
struct Settings {
    duration: Duration,
    /// Every how long each fault happens (`None`: never), in [`Fault::ALL`]'s order.
    every: [Option<Duration>; 3],
    /// The end of the warm-up, where the memory baseline is taken.
    warm_up: Duration,
}

impl Settings {
    fn from_env() -> Result<Settings, String> {
        let duration = secs_from_env("SOAK_SECS")?.unwrap_or(3600);
        if duration == 0 {
            return Err("SOAK_SECS must be at least 1".to_owned());
        }
        let duration = Duration::from_secs(duration);
        let mut every = [None; 3];
        for (slot, fault) in every.iter_mut().zip(Fault::ALL) {
            *slot = match secs_from_env(fault.env_name())? {
                Some(0) => None,
                Some(secs) => Some(Duration::from_secs(secs)),
                // Scaled down so that a short run sees every fault.
                None => Some(fault.default_every().min(duration / 3)),
            };
        }
        let warm_up = (duration / 5).max(Duration::from_secs(30));
        Ok(Settings {
            duration,
            every,
            warm_up,
        })
    }

    /// Where the last third of the run starts, over which memory must stay flat.
    fn last_third(&self) -> Duration {
        self.duration * 2 / 3
    }

    /// How often progress is printed: twenty times a run, at most every 10 s.
    fn progress_every(&self) -> Duration {
        (self.duration / 20).max(Duration::from_secs(10))
    }
}

/// A whole number of seconds from the environment variable `name`, if set.
fn secs_from_env(name: &str) -> Result<Option<u64>, String> {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|e| format!("{name}={text:?} is not a whole number of seconds: {e}")),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// `ACL SETUSER app on >p0 ~* &* +@all` on every node (ACLs are not replicated, and
/// replicas become primaries).
fn create_user(cluster: &RedisCluster) -> Result<(), String> {
    let first = format!(">{}", password_of_round(0));
    for node in 0..cluster.nodes().len() {
        let reply = cluster.cli(
            node,
            &["ACL", "SETUSER", USER, "on", &first, "~*", "&*", "+@all"],
        );
        expect_ok(&reply, || format!("ACL SETUSER {USER} on node {node}"))?;
    }
    Ok(())
}

fn password_of_round(round: u64) -> String {
    format!("p{round}")
}

/// The key a task writes its `n`th time: spread over every slot (no hash tag), at most
/// [`KEYS_PER_TASK`] per task.
fn key(task: usize, n: u64) -> String {
    format!("soak:{task}:{}", n % KEYS_PER_TASK)
}

/// The value a task writes its `n`th time: no other write has it.
fn value(task: usize, n: u64) -> String {
    format!("{task}:{n}")
}

/// The password the credentials provider hands out now; the controller rotates it.
#[derive(Clone)]
struct Password(Arc<Mutex<String>>);

impl Password {
    fn new(first: String) -> Password {
        Password(Arc::new(Mutex::new(first)))
    }

    fn current(&self) -> String {
        lock(&self.0).clone()
    }

    fn set(&self, password: String) {
        *lock(&self.0) = password;
    }
}

/// Locks `m`, poisoned or not (every critical section here is one assignment or push).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A cluster client whose every node authenticates as `app` with the current password,
/// reading from primaries.
async fn connect(cluster: &RedisCluster, password: &Password) -> Result<ClusterClient, Error> {
    let password = password.clone();
    let node = Config::from_url("redis://127.0.0.1")?.credentials_provider(move || {
        let current = password.current();
        async move {
            Ok::<_, Infallible>(Credentials::new(USER, current).valid_for(CREDENTIALS_LIFETIME))
        }
    });
    let config = ClusterConfig::from_url(&cluster.url())?
        .node(node)
        .read_from(ReadFrom::Primary);
    ClusterClient::with_config(config).await
}

/// What the writers, the controller and the main task share.
struct Run {
    started: Instant,
    stop: AtomicBool,
    /// Fatal findings, first first; any stops the run.
    failures: Mutex<Vec<String>>,
    tally: Tally,
}

impl Run {
    fn new() -> Run {
        Run {
            started: Instant::now(),
            stop: AtomicBool::new(false),
            failures: Mutex::new(Vec::new()),
            tally: Tally::default(),
        }
    }

    fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Records a fatal finding and stops the run.
    fn fail(&self, failure: String) {
        eprintln!("[{:>5.0} s] FATAL: {failure}", self.elapsed().as_secs_f64());
        lock(&self.failures).push(failure);
        self.stop();
    }

    /// A line of progress, or of a fault, to stderr.
    fn log(&self, line: &str) {
        eprintln!("[{:>5.0} s] {line}", self.elapsed().as_secs_f64());
    }
}

/// Counters, read live for progress and at the end.
#[derive(Default)]
struct Tally {
    /// `SET`s acknowledged.
    writes: AtomicU64,
    /// `GET`s right after a write that returned it.
    reads: AtomicU64,
    /// `GET`s right after a write that returned another value.
    misdeliveries: AtomicU64,
    /// `GET`s right after a write that returned nothing, or the task's previous write.
    missed_reads: AtomicU64,
    /// Expected errors (retried), by kind.
    errors: Mutex<BTreeMap<String, u64>>,
    /// Faults done, in [`Fault::ALL`]'s order.
    faults: [AtomicU64; 3],
}

impl Tally {
    fn count_error(&self, e: &Error) {
        *lock(&self.errors).entry(error_kind(e)).or_default() += 1;
    }

    fn errors(&self) -> BTreeMap<String, u64> {
        lock(&self.errors).clone()
    }

    fn faults_done(&self, fault: Fault) -> u64 {
        self.faults[fault as usize].load(Ordering::Relaxed)
    }
}

/// A short name of an error's kind, for the counts.
fn error_kind(e: &Error) -> String {
    match e {
        Error::Server(s) => format!("server {}", s.code().unwrap_or("(no code)")),
        Error::Io(io) => format!("i/o ({:?})", io.kind()),
        Error::Timeout(_) => "timeout".to_owned(),
        Error::ConnectionClosed(c) => format!(
            "connection closed ({:?}, {})",
            c.kind(),
            if c.was_sent() { "sent" } else { "not sent" }
        ),
        Error::Unreachable(_) => "unreachable".to_owned(),
        Error::Credentials(_) => "credentials provider".to_owned(),
        Error::Cluster(c) => format!("cluster ({:?})", c.kind()),
        Error::Decode(_) => "decode".to_owned(),
        Error::Protocol(_) => "protocol".to_owned(),
        other => format!("other ({other})"),
    }
}

/// Errors a fault may cause, after which the same step is sent again (a `SET` of a unique
/// key with its fixed value, or a read, may run twice).
fn is_expected(e: &Error) -> bool {
    e.is_connection_error() || e.is_timeout() || e.is_retryable()
}

/// Runs `attempt` until it succeeds, pausing after each expected error (counted). `None`
/// when the run stops first, or on a fatal error (recorded): an unexpected kind, or a
/// step that kept failing for [`STEP_LIMIT`].
async fn until_done<T, Fut>(
    run: &Run,
    step: impl Fn() -> String,
    mut attempt: impl FnMut() -> Fut,
) -> Option<T>
where
    Fut: Future<Output = Result<T, Error>>,
{
    let started = Instant::now();
    let mut pause = FIRST_PAUSE;
    loop {
        match attempt().await {
            Ok(reply) => return Some(reply),
            Err(e) if !is_expected(&e) => {
                run.fail(format!(
                    "{}: unexpected error ({}): {e}",
                    step(),
                    error_kind(&e)
                ));
                return None;
            }
            Err(e) => {
                run.tally.count_error(&e);
                if started.elapsed() > STEP_LIMIT {
                    run.fail(format!(
                        "{}: still failing after {STEP_LIMIT:?}, last error: {e}",
                        step()
                    ));
                    return None;
                }
            }
        }
        if run.stopped() {
            return None;
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(LAST_PAUSE);
    }
}

/// One writer: `SET` of [`key`]`(task, n)` to [`value`]`(task, n)`, then `GET` of it, for
/// n = 1, 2, ... until the run stops. Returns how many writes were acknowledged: each step
/// is retried until it is, so they are writes 1 to that number.
async fn write_and_read(task: usize, client: ClusterClient, run: Arc<Run>) -> u64 {
    let client = &client;
    let mut acknowledged = 0;
    while !run.stopped() {
        let n = acknowledged + 1;
        let (key, value) = (key(task, n), value(task, n));
        let (key, value) = (key.as_str(), value.as_str());
        let step = |command: &str| format!("task {task}: {command} {key}");
        let set = until_done(
            &run,
            || step("SET"),
            move || client.query(b().set().key(key).value(value)),
        );
        if set.await.is_none() {
            break;
        }
        acknowledged = n;
        run.tally.writes.fetch_add(1, Ordering::Relaxed);
        let get = until_done(
            &run,
            || step("GET"),
            move || client.query(b().get().key(key)),
        );
        let Some(got) = get.await else {
            break;
        };
        if !read_what_was_written(task, n, value, got.as_deref(), &run) {
            break;
        }
    }
    acknowledged
}

/// Checks the `GET` right after a write; false (the failure recorded) when it did not
/// return the value written: another value is a reply meant for another request (a
/// misdelivery), nothing or the task's previous write to the key is a lost write.
fn read_what_was_written(task: usize, n: u64, value: &str, got: Option<&[u8]>, run: &Run) -> bool {
    let tally = &run.tally;
    let key = || key(task, n);
    match got {
        Some(got) if got == value.as_bytes() => {
            tally.reads.fetch_add(1, Ordering::Relaxed);
            true
        }
        Some(older) if is_older_write(older, task, n) => {
            tally.missed_reads.fetch_add(1, Ordering::Relaxed);
            run.fail(format!(
                "task {task}: GET {} right after its acknowledged SET of {value:?} \
                 returned the older {:?}",
                key(),
                String::from_utf8_lossy(older)
            ));
            false
        }
        Some(other) => {
            tally.misdeliveries.fetch_add(1, Ordering::Relaxed);
            run.fail(format!(
                "task {task}: misdelivery: GET {} right after its SET returned {:?}, \
                 expected {value:?}",
                key(),
                String::from_utf8_lossy(other)
            ));
            false
        }
        None => {
            tally.missed_reads.fetch_add(1, Ordering::Relaxed);
            run.fail(format!(
                "task {task}: GET {} right after its acknowledged SET returned nothing",
                key()
            ));
            false
        }
    }
}

/// The faults the controller injects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Failover = 0,
    Reshard = 1,
    Rotation = 2,
}

impl Fault {
    const ALL: [Fault; 3] = [Fault::Failover, Fault::Reshard, Fault::Rotation];

    fn env_name(self) -> &'static str {
        match self {
            Fault::Failover => "SOAK_FAILOVER_EVERY_SECS",
            Fault::Reshard => "SOAK_RESHARD_EVERY_SECS",
            Fault::Rotation => "SOAK_ROTATE_EVERY_SECS",
        }
    }

    fn default_every(self) -> Duration {
        Duration::from_secs(match self {
            Fault::Failover => 120,
            Fault::Reshard => 180,
            Fault::Rotation => 150,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Fault::Failover => "failover",
            Fault::Reshard => "reshard",
            Fault::Rotation => "password rotation",
        }
    }

    /// Carries out the `round`th fault of this kind (from 0); says what it did.
    fn inject(
        self,
        cluster: &RedisCluster,
        password: &Password,
        round: u64,
    ) -> Result<String, String> {
        match self {
            Fault::Failover => failover(cluster, round),
            Fault::Reshard => reshard(cluster, round),
            Fault::Rotation => rotate_password(cluster, password, round),
        }
    }
}

/// When each fault is next due, from the start of the run. The kinds are staggered (the
/// first of each at a quarter, a half and three quarters of its period) so that they do
/// not all fall at once.
struct Schedule {
    due: [Option<Duration>; 3],
    every: [Option<Duration>; 3],
}

impl Schedule {
    fn new(settings: &Settings) -> Schedule {
        let mut due = [None; 3];
        for (k, slot) in due.iter_mut().enumerate() {
            *slot = settings.every[k].map(|every| every * (k as u32 + 1) / 4);
        }
        Schedule {
            due,
            every: settings.every,
        }
    }

    /// The fault due first, and when.
    fn next(&self) -> Option<(Fault, Duration)> {
        Fault::ALL
            .into_iter()
            .filter_map(|fault| Some((fault, self.due[fault as usize]?)))
            .min_by_key(|&(_, at)| at)
    }

    /// `fault` was done, at `now`: due again one period after it was due, or later when
    /// it ran late (no catching up in bursts).
    fn done(&mut self, fault: Fault, now: Duration) {
        let k = fault as usize;
        if let (Some(due), Some(every)) = (self.due[k].as_mut(), self.every[k]) {
            while *due <= now {
                *due += every;
            }
        }
    }
}

/// The controller: injects the faults as scheduled until the run stops. It runs on a
/// blocking thread (the cluster helpers run `redis-cli`); a helper's panic is recorded as
/// a failure of the fault it was serving.
fn control_faults(cluster: &RedisCluster, password: &Password, run: &Run, settings: &Settings) {
    let mut schedule = Schedule::new(settings);
    while !run.stopped() && run.elapsed() < settings.duration {
        let Some((fault, at)) = schedule.next() else {
            return;
        };
        let now = run.elapsed();
        if now < at {
            std::thread::sleep((at - now).min(Duration::from_millis(250)));
            continue;
        }
        let round = run.tally.faults_done(fault);
        let started = Instant::now();
        let done = catch_unwind(AssertUnwindSafe(|| fault.inject(cluster, password, round)))
            .unwrap_or_else(|panic| Err(panic_message(panic)));
        match done {
            Ok(what) => {
                run.tally.faults[fault as usize].fetch_add(1, Ordering::Relaxed);
                let took = started.elapsed().as_secs_f64();
                run.log(&format!(
                    "{} #{}: {what} ({took:.1} s)",
                    fault.name(),
                    round + 1
                ));
            }
            Err(e) => {
                run.fail(format!("{} #{}: {e}", fault.name(), round + 1));
                return;
            }
        }
        schedule.done(fault, run.elapsed());
    }
}

/// The text of a panic's payload.
fn panic_message(panic: Box<dyn Any + Send>) -> String {
    match panic.downcast::<String>() {
        Ok(text) => *text,
        Err(panic) => match panic.downcast::<&'static str>() {
            Ok(text) => (*text).to_owned(),
            Err(_) => "panicked (no message)".to_owned(),
        },
    }
}

/// `CLUSTER FAILOVER` (graceful) on a replica of one primary (a different one each round),
/// then waits for its promotion and for the cluster to settle.
fn failover(cluster: &RedisCluster, round: u64) -> Result<String, String> {
    let primary = pick(&cluster.primaries(), round)?;
    let replica = *cluster
        .replicas_of(primary)
        .first()
        .ok_or_else(|| format!("primary node {primary} has no running replica"))?;
    let reply = cluster.cli(replica, &["CLUSTER", "FAILOVER"]);
    expect_ok(&reply, || format!("CLUSTER FAILOVER on node {replica}"))?;
    let started = Instant::now();
    while cluster.cli(replica, &["ROLE"]).lines().next() != Some("master") {
        if started.elapsed() > PROMOTION_LIMIT {
            return Err(format!(
                "node {replica} (replica of node {primary}) did not report ROLE master \
                 within {PROMOTION_LIMIT:?} of CLUSTER FAILOVER"
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let promoted = started.elapsed().as_secs_f64();
    cluster.wait_ready(SETTLE_LIMIT);
    Ok(format!(
        "node {} took over from node {} (promoted in {promoted:.1} s)",
        named(cluster, replica),
        named(cluster, primary)
    ))
}

/// `node 3 (:40123)`: a node's index and port, as the logs name it.
fn named(cluster: &RedisCluster, node: usize) -> String {
    format!("{node} (:{})", cluster.nodes()[node].port())
}

/// Moves [`SLOTS_PER_RESHARD`] slots, keys with them, from one primary to the next (a
/// different pair each round, so slots go round), then waits for the cluster to settle.
fn reshard(cluster: &RedisCluster, round: u64) -> Result<String, String> {
    let primaries = cluster.primaries();
    let source = pick(&primaries, round)?;
    let target = pick(&primaries, round + 1)?;
    let slot_move = SlotMove {
        source,
        target,
        source_id: cluster.node_id(source),
        target_id: cluster.node_id(target),
        bystanders: primaries
            .iter()
            .copied()
            .filter(|&p| p != source && p != target)
            .collect(),
    };
    let source_port = cluster.nodes()[source].port();
    let slots: Vec<u16> = cluster
        .slot_map(source)
        .into_iter()
        .filter(|&(_, _, port)| port == source_port)
        .flat_map(|(start, end, _)| start..=end)
        .take(SLOTS_PER_RESHARD)
        .collect();
    if slots.len() < SLOTS_PER_RESHARD {
        return Err(format!(
            "node {source} serves {} slots, fewer than the {SLOTS_PER_RESHARD} to move",
            slots.len()
        ));
    }
    for &slot in &slots {
        slot_move.move_slot(cluster, slot)?;
    }
    cluster.wait_ready(SETTLE_LIMIT);
    Ok(format!(
        "{} slots ({} to {}) moved from node {} to node {}",
        slots.len(),
        slots[0],
        slots[slots.len() - 1],
        named(cluster, source),
        named(cluster, target)
    ))
}

/// Slots moving from primary `source` to primary `target`; `bystanders` are the other
/// primaries.
struct SlotMove {
    source: usize,
    target: usize,
    source_id: String,
    target_id: String,
    bystanders: Vec<usize>,
}

impl SlotMove {
    /// Moves `slot` as the `CLUSTER SETSLOT` documentation orders it: the target
    /// `IMPORTING`, then the source `MIGRATING`; the keys `MIGRATE`d in batches of 100;
    /// then `SETSLOT ... NODE` on the target first, the source next, the other primaries
    /// last. (`RedisCluster::move_slot` tells the primaries in index order: when the
    /// source comes first, for a moment each of the two answers `MOVED` to the other, and
    /// a client that follows redirects without a pause gives up after its 5.)
    fn move_slot(&self, cluster: &RedisCluster, slot: u16) -> Result<(), String> {
        let (source, target) = (self.source, self.target);
        let slot = slot.to_string();
        let setslot = |node: usize, args: &[&str]| {
            let mut command = vec!["CLUSTER", "SETSLOT", slot.as_str()];
            command.extend_from_slice(args);
            let reply = cluster.cli(node, &command);
            expect_ok(&reply, || format!("{} on node {node}", command.join(" ")))
        };
        setslot(target, &["IMPORTING", &self.source_id])?;
        setslot(source, &["MIGRATING", &self.target_id])?;
        let target_port = cluster.nodes()[target].port().to_string();
        loop {
            let keys = cluster.cli(source, &["CLUSTER", "GETKEYSINSLOT", &slot, "100"]);
            let keys: Vec<&str> = keys.lines().filter(|l| !l.is_empty()).collect();
            if keys.is_empty() {
                break;
            }
            let mut migrate = vec!["MIGRATE", "127.0.0.1", &target_port, "", "0", "5000"];
            migrate.push("KEYS");
            migrate.extend(keys);
            let reply = cluster.cli(source, &migrate);
            expect_ok(&reply, || {
                format!("MIGRATE of slot {slot} from node {source} to node {target}")
            })?;
        }
        let owner_first = [target, source]
            .into_iter()
            .chain(self.bystanders.iter().copied());
        for node in owner_first {
            setslot(node, &["NODE", &self.target_id])?;
        }
        Ok(())
    }
}

/// The `round`th of `nodes`, going round.
fn pick(nodes: &[usize], round: u64) -> Result<usize, String> {
    if nodes.is_empty() {
        return Err("no node is a primary".to_owned());
    }
    Ok(nodes[(round % nodes.len() as u64) as usize])
}

/// The new password joins on every node, the provider hands it out, the old one leaves;
/// then every connection of `app` is killed, so that reconnections must use the new one.
fn rotate_password(
    cluster: &RedisCluster,
    password: &Password,
    round: u64,
) -> Result<String, String> {
    let old = password_of_round(round);
    let new = password_of_round(round + 1);
    let nodes = 0..cluster.nodes().len();
    for node in nodes.clone() {
        let reply = cluster.cli(node, &["ACL", "SETUSER", USER, &format!(">{new}")]);
        expect_ok(&reply, || {
            format!("ACL SETUSER {USER} >{new} on node {node}")
        })?;
    }
    password.set(new.clone());
    for node in nodes.clone() {
        let reply = cluster.cli(node, &["ACL", "SETUSER", USER, &format!("<{old}")]);
        expect_ok(&reply, || {
            format!("ACL SETUSER {USER} <{old} on node {node}")
        })?;
    }
    let mut killed = 0;
    for node in nodes {
        let reply = cluster.cli(node, &["CLIENT", "KILL", "USER", USER]);
        killed += reply
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("CLIENT KILL USER {USER} on node {node} answered {reply:?}"))?;
    }
    Ok(format!(
        "{old} -> {new}, {killed} connections of {USER} killed"
    ))
}

/// `Ok` when `reply` (redis-cli's output) is `OK`; otherwise says which command got what.
fn expect_ok(reply: &str, command: impl Fn() -> String) -> Result<(), String> {
    if reply.trim() == "OK" {
        Ok(())
    } else {
        Err(format!("{} answered {:?}", command(), reply.trim()))
    }
}

/// One resident-memory sample.
#[derive(Debug, Clone, Copy)]
struct MemorySample {
    at: Duration,
    bytes: u64,
}

/// This process's resident memory (`VmRSS`).
fn resident_memory() -> Result<u64, String> {
    let status = std::fs::read_to_string("/proc/self/status")
        .map_err(|e| format!("cannot read /proc/self/status for VmRSS: {e}"))?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kib| kib.trim().strip_suffix("kB"))
        .and_then(|kib| kib.trim().parse::<u64>().ok())
        .map(|kib| kib * 1024)
        .ok_or_else(|| "no VmRSS line in kB in /proc/self/status".to_owned())
}

/// Waits out the run (or until a failure stops it), sampling memory every
/// [`MEMORY_EVERY`] and printing progress.
async fn watch(run: &Run, settings: &Settings) -> Vec<MemorySample> {
    let mut samples = Vec::new();
    let mut next_sample = Duration::ZERO;
    let mut next_progress = settings.progress_every();
    while !run.stopped() && run.elapsed() < settings.duration {
        let now = run.elapsed();
        if now >= next_sample {
            match resident_memory() {
                Ok(bytes) => samples.push(MemorySample { at: now, bytes }),
                Err(e) => run.fail(e),
            }
            next_sample += MEMORY_EVERY;
        }
        if now >= next_progress {
            run.log(&progress(run, samples.last()));
            next_progress += settings.progress_every();
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    samples
}

fn progress(run: &Run, memory: Option<&MemorySample>) -> String {
    let tally = &run.tally;
    let writes = tally.writes.load(Ordering::Relaxed);
    let per_sec = writes as f64 / run.elapsed().as_secs_f64();
    let errors: u64 = tally.errors().values().sum();
    format!(
        "{writes} writes ({per_sec:.0}/s), {} reads checked, {errors} expected errors, \
         faults {}/{}/{} (failover/reshard/rotation), RSS {}",
        tally.reads.load(Ordering::Relaxed),
        tally.faults_done(Fault::Failover),
        tally.faults_done(Fault::Reshard),
        tally.faults_done(Fault::Rotation),
        memory.map_or_else(|| "?".to_owned(), |m| mib(m.bytes)),
    )
}

/// The memory figures and the rule's verdict.
#[derive(Debug, Default)]
struct Memory {
    /// The first sample at the end of the warm-up.
    baseline: Option<MemorySample>,
    /// The highest sample of the last third.
    last_third_max: Option<u64>,
    max: u64,
    /// After the read-back and the close.
    end: Option<u64>,
}

impl Memory {
    fn judge(samples: &[MemorySample], settings: &Settings) -> Memory {
        let baseline = if settings.warm_up <= settings.last_third() {
            samples.iter().find(|s| s.at >= settings.warm_up).copied()
        } else {
            None
        };
        let last_third_max = samples
            .iter()
            .filter(|s| s.at >= settings.last_third())
            .map(|s| s.bytes)
            .max();
        Memory {
            baseline,
            last_third_max,
            max: samples.iter().map(|s| s.bytes).max().unwrap_or(0),
            end: None,
        }
    }

    /// The most the last third may reach: baseline + max(32 MiB, 25 %).
    fn limit(&self) -> Option<u64> {
        let base = self.baseline?.bytes;
        Some(base + (32 * MIB).max(base / 4))
    }

    fn check(&self) -> Result<(), String> {
        let (Some(limit), Some(max), Some(baseline)) =
            (self.limit(), self.last_third_max, self.baseline)
        else {
            return Ok(()); // Not checked: run too short, or stopped early.
        };
        if max > limit {
            return Err(format!(
                "memory grew: RSS reached {} in the last third of the run, over the {} \
                 allowed (baseline {} at {:.0} s + max(32 MiB, 25 %))",
                mib(max),
                mib(limit),
                mib(baseline.bytes),
                baseline.at.as_secs_f64()
            ));
        }
        Ok(())
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / MIB as f64)
}

/// What the read-back found.
#[derive(Debug, Default)]
struct ReadBack {
    checked: u64,
    /// Keys missing, or holding an older write of their task than the last acknowledged.
    lost: u64,
    /// Keys holding anything else.
    wrong: u64,
    /// The first few missing or wrong writes.
    examples: Vec<String>,
    took: Duration,
}

impl ReadBack {
    /// Checks that the key of task `task`'s `n`th write, its last to that key, holds it.
    fn check(&mut self, task: usize, n: u64, got: Option<&[u8]>) {
        self.checked += 1;
        let expected = value(task, n);
        let key = key(task, n);
        let example = match got {
            Some(got) if got == expected.as_bytes() => return,
            Some(got) if is_older_write(got, task, n) => {
                self.lost += 1;
                let got = String::from_utf8_lossy(got);
                format!("{key} holds the older {got:?}, acknowledged {expected:?}")
            }
            Some(got) => {
                self.wrong += 1;
                let got = String::from_utf8_lossy(got);
                format!("{key} holds {got:?}, acknowledged {expected:?}")
            }
            None => {
                self.lost += 1;
                format!("{key} is missing (acknowledged {expected:?})")
            }
        };
        if self.examples.len() < 5 {
            self.examples.push(example);
        }
    }

    fn merge(&mut self, other: ReadBack) {
        self.checked += other.checked;
        self.lost += other.lost;
        self.wrong += other.wrong;
        let room = 5usize.saturating_sub(self.examples.len());
        self.examples.extend(other.examples.into_iter().take(room));
    }

    fn check_all_there(&self) -> Result<(), String> {
        if self.lost == 0 && self.wrong == 0 {
            return Ok(());
        }
        Err(format!(
            "{} acknowledged writes lost and {} keys with another value, of {} read back: {}",
            self.lost,
            self.wrong,
            self.checked,
            self.examples.join("; ")
        ))
    }
}

/// Whether `got` is an earlier write of `task` to the key of its `n`th write.
fn is_older_write(got: &[u8], task: usize, n: u64) -> bool {
    let Some((writer, m)) = std::str::from_utf8(got)
        .ok()
        .and_then(|v| v.split_once(':'))
    else {
        return false;
    };
    let same_key = |m: u64| m < n && m % KEYS_PER_TASK == n % KEYS_PER_TASK;
    writer == task.to_string() && m.parse().is_ok_and(same_key)
}

/// Reads back the last acknowledged write of every key (task `t` acknowledged writes 1 to
/// `acknowledged[t]`), with
/// [`READ_BACK_TASKS`] tasks each reading a share of the writers' keys by `MGET`s.
async fn read_back(
    client: &ClusterClient,
    acknowledged: &[u64],
    run: &Arc<Run>,
) -> Result<ReadBack, String> {
    let started = Instant::now();
    let readers: Vec<JoinHandle<Result<ReadBack, String>>> = (0..READ_BACK_TASKS)
        .map(|reader| {
            let share: Vec<(usize, u64)> = acknowledged
                .iter()
                .copied()
                .enumerate()
                .filter(|(task, _)| task % READ_BACK_TASKS == reader)
                .collect();
            tokio::spawn(read_back_share(client.clone(), share, run.clone()))
        })
        .collect();
    let mut all = ReadBack::default();
    for (reader, handle) in readers.into_iter().enumerate() {
        match handle.await {
            Ok(found) => all.merge(found?),
            Err(e) => return Err(format!("read-back task {reader}: {e}")),
        }
    }
    all.took = started.elapsed();
    Ok(all)
}

/// Reads back the last write to each key of the `(task, acknowledged)` pairs (a task's last
/// [`KEYS_PER_TASK`] writes), in batches.
async fn read_back_share(
    client: ClusterClient,
    share: Vec<(usize, u64)>,
    run: Arc<Run>,
) -> Result<ReadBack, String> {
    let mut found = ReadBack::default();
    for (task, acknowledged) in share {
        let mut first = acknowledged.saturating_sub(KEYS_PER_TASK) + 1;
        while first <= acknowledged {
            let last = (first + READ_BACK_BATCH - 1).min(acknowledged);
            let keys: Vec<String> = (first..=last).map(|n| key(task, n)).collect();
            let values = mget(&client, &keys, &run.tally).await?;
            for (n, got) in (first..=last).zip(&values) {
                found.check(task, n, got.as_deref());
            }
            first = last + 1;
        }
    }
    Ok(found)
}

/// `MGET keys` from the primaries, retried on expected errors for [`STEP_LIMIT`].
async fn mget(
    client: &ClusterClient,
    keys: &[String],
    tally: &Tally,
) -> Result<Vec<Option<Bytes>>, String> {
    let what = || format!("read-back: MGET of {} keys from {}", keys.len(), keys[0]);
    let started = Instant::now();
    loop {
        match client.query(b().mget().key_iter(keys)).await {
            Ok(values) if values.len() == keys.len() => return Ok(values.into()),
            Ok(values) => {
                return Err(format!(
                    "{}: {} values for {} keys",
                    what(),
                    values.len(),
                    keys.len()
                ))
            }
            Err(e) if is_expected(&e) && started.elapsed() < STEP_LIMIT => {
                tally.count_error(&e);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => return Err(format!("{}: {} error: {e}", what(), error_kind(&e))),
        }
    }
}

/// Everything the summary shows, and the failed checks.
#[derive(Debug, Default)]
struct Report {
    failures: Vec<String>,
    elapsed: Duration,
    writes: u64,
    reads: u64,
    misdeliveries: u64,
    missed_reads: u64,
    errors: BTreeMap<String, u64>,
    faults: [u64; 3],
    redirects: Option<u64>,
    refreshes: Option<u64>,
    reconnects: Option<u64>,
    memory: Memory,
    read_back: Option<ReadBack>,
    cut: Option<usize>,
    connections_closed: Option<usize>,
}

impl Report {
    fn failed_before_start(failure: String) -> Report {
        Report {
            failures: vec![failure],
            ..Report::default()
        }
    }

    /// The counters of the run, its fatal findings first among the failures.
    fn from_run(run: &Run, elapsed: Duration) -> Report {
        let tally = &run.tally;
        Report {
            failures: lock(&run.failures).clone(),
            elapsed,
            writes: tally.writes.load(Ordering::Relaxed),
            reads: tally.reads.load(Ordering::Relaxed),
            misdeliveries: tally.misdeliveries.load(Ordering::Relaxed),
            missed_reads: tally.missed_reads.load(Ordering::Relaxed),
            faults: Fault::ALL.map(|fault| tally.faults_done(fault)),
            ..Report::default()
        }
    }

    fn summary(&self, settings: &Settings) -> String {
        let mut out = String::new();
        let verdict = if self.failures.is_empty() {
            "passed"
        } else {
            "FAILED"
        };
        let _ = writeln!(out, "\n## typedis soak: {verdict}\n");
        let mut row = |figure: &str, value: String| {
            let _ = writeln!(out, "| {figure} | {value} |");
        };
        row("figure", "value".to_owned());
        row("---", "---".to_owned());
        let secs = self.elapsed.as_secs_f64();
        row(
            "duration",
            format!("{secs:.0} s (planned {} s)", settings.duration.as_secs()),
        );
        row(
            "server",
            format!("{} {}", server_binary(), server_version()),
        );
        row(
            "writer tasks",
            format!("{TASKS} on {WORKER_THREADS} worker threads"),
        );
        let ops = self.writes + self.reads;
        row(
            "operations acknowledged",
            format!("{ops} ({:.0}/s)", ops as f64 / secs.max(1.0)),
        );
        row(
            "writes acknowledged (SET)",
            format!(
                "{} ({:.0}/s)",
                self.writes,
                self.writes as f64 / secs.max(1.0)
            ),
        );
        row(
            "reads right after a write, checked (GET)",
            self.reads.to_string(),
        );
        if self.errors.is_empty() {
            row("expected errors (retried)", "none".to_owned());
        }
        for (kind, count) in &self.errors {
            row(&format!("expected errors: {kind}"), count.to_string());
        }
        for fault in Fault::ALL {
            let every = settings.every[fault as usize].map_or_else(
                || "disabled".to_owned(),
                |e| format!("every {} s", e.as_secs()),
            );
            row(
                &format!("{}s done", fault.name()),
                format!("{} ({every})", self.faults[fault as usize]),
            );
        }
        row("client redirects", optional(self.redirects));
        row("client topology refreshes", optional(self.refreshes));
        row(
            "client reconnects (every node's connections)",
            optional(self.reconnects),
        );
        let baseline = self.memory.baseline.map_or_else(
            || "not reached".to_owned(),
            |b| format!("{} (at {:.0} s)", mib(b.bytes), b.at.as_secs_f64()),
        );
        row("RSS at warm-up end", baseline);
        row(
            "RSS max, last third / whole run",
            format!(
                "{} / {}",
                self.memory
                    .last_third_max
                    .map_or_else(|| "-".to_owned(), mib),
                mib(self.memory.max)
            ),
        );
        row(
            "RSS allowed in the last third",
            self.memory
                .limit()
                .map_or_else(|| "not checked".to_owned(), mib),
        );
        row(
            "RSS at the end (after read-back and close)",
            self.memory.end.map_or_else(|| "-".to_owned(), mib),
        );
        match &self.read_back {
            Some(found) => {
                row(
                    "acknowledged writes read back (the last of each key)",
                    format!("{} (in {:.1} s)", found.checked, found.took.as_secs_f64()),
                );
                row("acknowledged writes lost", found.lost.to_string());
                row("keys holding another value", found.wrong.to_string());
            }
            None => row("acknowledged writes checked", "not read back".to_owned()),
        }
        row("misdeliveries", self.misdeliveries.to_string());
        row(
            "reads right after a write that missed it (lost writes)",
            self.missed_reads.to_string(),
        );
        row("close: commands cut", optional(self.cut));
        row(
            "close: connections closed",
            optional(self.connections_closed),
        );
        out
    }
}

fn optional<T: ToString>(figure: Option<T>) -> String {
    figure.map_or_else(|| "-".to_owned(), |f| f.to_string())
}

/// The run itself, once the cluster and its ACL user are there.
async fn soak(settings: &Settings, cluster: Arc<RedisCluster>) -> Report {
    let password = Password::new(password_of_round(0));
    let client = match connect(&cluster, &password).await {
        Ok(client) => client,
        Err(e) => {
            let failure = format!("connecting the cluster client as {USER}: {e}");
            return Report::failed_before_start(failure);
        }
    };
    let run = Arc::new(Run::new());
    let writers: Vec<JoinHandle<u64>> = (0..TASKS)
        .map(|task| tokio::spawn(write_and_read(task, client.clone(), run.clone())))
        .collect();
    let controller = {
        let (cluster, password, run) = (cluster.clone(), password.clone(), run.clone());
        let settings = settings.clone();
        tokio::task::spawn_blocking(move || control_faults(&cluster, &password, &run, &settings))
    };

    let samples = watch(&run, settings).await;
    let elapsed = run.elapsed();
    run.stop();
    run.log("stopping the writers");
    let acknowledged = join_writers(writers, &run).await;
    if let Err(e) = controller.await {
        run.fail(format!("the fault controller: {e}"));
    }
    settle(&cluster, &run).await;

    let mut report = Report::from_run(&run, elapsed);
    report.memory = Memory::judge(&samples, settings);
    report.failures.extend(report.memory.check().err());
    report
        .failures
        .extend(missing_faults(&report.faults, settings, &report.failures));
    let stats = client.stats();
    report.redirects = Some(stats.redirects);
    report.refreshes = Some(stats.refreshes);
    report.reconnects = Some(stats.reconnects);

    run.log(&format!(
        "reading back the last of {} acknowledged writes to each key",
        acknowledged.iter().sum::<u64>()
    ));
    match read_back(&client, &acknowledged, &run).await {
        Ok(found) => {
            report.failures.extend(found.check_all_there().err());
            report.read_back = Some(found);
        }
        Err(e) => report.failures.push(e),
    }
    // Errors of the read-back's retries too.
    report.errors = run.tally.errors();

    let closed = client.close(CLOSE_WITHIN).await;
    report.cut = Some(closed.cut);
    report.connections_closed = Some(closed.connections);
    report.memory.end = resident_memory().ok();
    report
}

/// Waits for the writers; what each had acknowledged (0 for one that panicked, recorded).
async fn join_writers(writers: Vec<JoinHandle<u64>>, run: &Run) -> Vec<u64> {
    let mut acknowledged = Vec::with_capacity(writers.len());
    for (task, writer) in writers.into_iter().enumerate() {
        match writer.await {
            Ok(count) => acknowledged.push(count),
            Err(e) => {
                run.fail(format!("writer task {task}: {e}"));
                acknowledged.push(0);
            }
        }
    }
    acknowledged
}

/// Waits for the cluster to settle after the last fault, before the read-back.
async fn settle(cluster: &Arc<RedisCluster>, run: &Run) {
    let cluster = cluster.clone();
    let settled = tokio::task::spawn_blocking(move || {
        catch_unwind(AssertUnwindSafe(|| cluster.wait_ready(SETTLE_LIMIT))).map_err(panic_message)
    })
    .await;
    match settled {
        Ok(Ok(())) => {}
        Ok(Err(e)) => run.fail(format!("after the run: {e}")),
        Err(e) => run.fail(format!("after the run: waiting for the cluster: {e}")),
    }
}

/// Enabled faults that never happened (unless the run already failed, which stops it).
fn missing_faults(done: &[u64; 3], settings: &Settings, failures: &[String]) -> Vec<String> {
    if !failures.is_empty() {
        return Vec::new();
    }
    Fault::ALL
        .into_iter()
        .filter(|&fault| done[fault as usize] == 0)
        .filter_map(|fault| {
            let every = settings.every[fault as usize]?;
            Some(format!(
                "no {} happened in {} s (scheduled every {} s; {}=0 disables it)",
                fault.name(),
                settings.duration.as_secs(),
                every.as_secs(),
                fault.env_name()
            ))
        })
        .collect()
}
