//! The spec model: Redis command specs read from any of the layouts Redis publishes,
//! normalised into one shape ([`Spec`], [`CommandSpec`], [`Arg`]).
//!
//! Accepted layouts (all JSON objects keyed by command name):
//! - `commands.json` as Redis's `generate-commands-json.py` and `typedis-tasks dump`
//!   write it: flat, keyed `"CLIENT KILL"`, lowercase flags, `hints`;
//! - Redis's source tree (`src/commands/*.json`, one file or several combined): uppercase
//!   flags, `command_tips`, `container` on subcommands, `key_specs` in the nested form;
//! - the raw `COMMAND DOCS` reply as JSON (`redis-cli --json`): lowercase names,
//!   subcommands nested under `subcommands` keyed `"client|list"`, argument `flags` arrays.
//!
//! Unknown fields are ignored, so newer servers' specs still load.
//!
//! Over 500 lines because of its unit tests (the last 55 lines) and because each layout
//! Redis publishes is normalised here, in one place, into the one model.

use std::collections::BTreeMap;

use crate::json::{Map, Value};

use crate::Error;

/// A set of command specs.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// Where the spec came from, as recorded by `dump` (for example `redis 7.0.15`).
    pub version: Option<String>,
    /// Commands and subcommands keyed by full uppercase name (`"CLIENT KILL"`), sorted.
    pub commands: BTreeMap<String, CommandSpec>,
}

/// One command or subcommand.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CommandSpec {
    /// Full uppercase name, words separated by one space (`"CLIENT KILL"`).
    pub name: String,
    /// One-line description.
    pub summary: String,
    /// First server version with the command.
    pub since: String,
    /// Each family's own `since` where it differs from `since` (`{"redis": "8.0.0"}` for
    /// `HSETEX`, since 9.0.0 on Valkey), as `typedis-tasks merge` marks it.
    pub since_in: BTreeMap<String, String>,
    /// The one server family that has the command, when only one does (`valkey`), as
    /// `typedis-tasks merge` marks it.
    pub only: Option<String>,
    /// Servers (`redis 7.0.15`) whose dumps lack the command, as `merge` marks them.
    pub missing_from: Vec<String>,
    /// Servers whose arity for the command differs from `arity`, with theirs.
    pub arity_in: BTreeMap<String, i64>,
    /// Command group (`string`, `stream`, ...).
    pub group: String,
    /// Time complexity as documented.
    pub complexity: String,
    /// Version that deprecated it.
    pub deprecated_since: Option<String>,
    /// What to use instead, when deprecated.
    pub replaced_by: Option<String>,
    /// Arity: positive = exact, negative = at least (command words counted).
    pub arity: i64,
    /// Lowercase command flags (`readonly`, `write`, ...).
    pub flags: Vec<String>,
    /// Lowercase doc flags (`deprecated`, `syscmd`).
    pub doc_flags: Vec<String>,
    /// Lowercase tips (`request_policy:all_shards`, ...).
    pub tips: Vec<String>,
    /// Lowercase ACL categories without `@`.
    pub acl_categories: Vec<String>,
    /// True for a container (`CLIENT`) whose subcommands are the real commands.
    pub is_container: bool,
    /// The arguments after the command's words.
    pub arguments: Vec<Arg>,
    /// Key specs, kept as given (the builders use the `keynum` ones to write key counts).
    pub key_specs: Vec<Value>,
    /// JSON Schema of the reply, when the spec has one (source-tree specs of Redis >= 7.2
    /// and Valkey, or merged into `commands.json` by `typedis-tasks schemas`).
    pub reply_schema: Option<Value>,
    /// Which arguments pick which alternative of the reply schema's top `oneOf`, when the
    /// spec says (`reply_switches`; typedis's own commands also have a reviewed table).
    pub reply_switches: Option<ReplySwitches>,
    /// Builder methods of older specs kept as deprecated aliases (see [`crate::compat`]).
    pub compat: Vec<Value>,
    /// Groups of arguments (by name) exactly one of which the command needs, a constraint
    /// of the server's that the spec cannot say (set by typedis's overlay).
    pub exactly_one: Vec<Vec<String>>,
    /// Arguments the server takes only beside another (`LIMIT` of `ZRANGE` only with
    /// `BYSCORE` or `BYLEX`), a constraint the spec cannot say (set by typedis's overlay):
    /// a command with one and not the other does not compile.
    pub requires: Vec<Requires>,
    /// Groups of arguments (by name) at most one of which the server takes (`IDLETIME`
    /// and `FREQ` of `RESTORE`), set by typedis's overlay: a command with two does not
    /// compile.
    pub at_most_one: Vec<Vec<String>>,
}

/// One rule of [`CommandSpec::requires`]: the argument `arg` needs `needs` given too.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Requires {
    /// The argument that needs the other (`limit`).
    pub arg: String,
    /// The argument it needs (`sortby`).
    pub needs: String,
    /// What to call to give it, for the compile error (`` add `.byscore()` or `.bylex()` ``).
    pub hint: String,
    /// How the error names what `arg` needs, when not every method giving `needs` will
    /// do (`` `approximately` ``, not `equal`); by default, those methods.
    pub with: Option<String>,
}

impl Requires {
    fn read(v: Value) -> Result<Requires, String> {
        let mut f = Fields::of(v)?;
        let mut get = |key: &str| f.text(key)?.ok_or_else(|| format!("`{key}` is missing"));
        Ok(Requires {
            arg: get("arg")?,
            needs: get("needs")?,
            hint: get("hint")?,
            with: f.text("with")?,
        })
    }
}

impl CommandSpec {
    /// True when the spec marks the command deprecated.
    pub fn is_deprecated(&self) -> bool {
        self.deprecated_since.is_some() || self.doc_flags.iter().any(|f| f == "deprecated")
    }
}

/// The options that change a command's reply type, as a spec gives them:
///
/// ```json
/// "reply_switches": {
///   "rules": [{"given": ["WITHSCORES"], "alternatives": [1]}],
///   "default": [0]
/// }
/// ```
///
/// `alternatives` index the reply schema's top `oneOf` (or `anyOf`); the first rule any
/// of whose arguments (by token, or by name when they have none) is given picks the
/// reply; a `given` entry `"A+B"` applies when both are given; with none, `default`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReplySwitches {
    /// In order: arguments, and the alternatives they pick.
    pub rules: Vec<(Vec<String>, Vec<usize>)>,
    /// The alternatives when no rule applies.
    pub default: Vec<usize>,
}

impl ReplySwitches {
    fn read(v: Value) -> Result<ReplySwitches, String> {
        let mut f = Fields::of(v)?;
        let rules = f
            .take("rules", |v| {
                list(v, |r| {
                    let mut r = Fields::of(r)?;
                    let given = r.take("given", |v| list(v, text))?.unwrap_or_default();
                    let alts = r
                        .take("alternatives", |v| list(v, index))?
                        .unwrap_or_default();
                    if given.is_empty() || alts.is_empty() {
                        return Err("a rule needs `given` and `alternatives`".into());
                    }
                    Ok((given, alts))
                })
            })?
            .unwrap_or_default();
        let default = f.take("default", |v| list(v, index))?.unwrap_or_default();
        Ok(ReplySwitches { rules, default })
    }
}

fn index(v: Value) -> Result<usize, String> {
    v.as_u64()
        .map(|i| i as usize)
        .ok_or_else(|| format!("expected an index, found {}", kind(&v)))
}

/// What kind of value an argument takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArgKind {
    /// A key name (feeds the hash slot), or an argument the spec routes as one: a shard
    /// channel, which a key spec flagged `not_key` points at.
    Key,
    /// Any string.
    String,
    /// A glob-style pattern.
    Pattern,
    /// An integer.
    Integer,
    /// A floating-point number.
    Double,
    /// A Unix time (integer).
    UnixTime,
    /// A fixed word, in `token`.
    PureToken,
    /// Exactly one of the children.
    Oneof,
    /// All children in sequence.
    Block,
}

impl ArgKind {
    /// The spec's spelling (`pure-token`, `unix-time`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            ArgKind::Key => "key",
            ArgKind::String => "string",
            ArgKind::Pattern => "pattern",
            ArgKind::Integer => "integer",
            ArgKind::Double => "double",
            ArgKind::UnixTime => "unix-time",
            ArgKind::PureToken => "pure-token",
            ArgKind::Oneof => "oneof",
            ArgKind::Block => "block",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<ArgKind> {
        Some(match s.to_ascii_lowercase().as_str() {
            "key" => ArgKind::Key,
            "string" => ArgKind::String,
            "pattern" => ArgKind::Pattern,
            "integer" => ArgKind::Integer,
            "double" => ArgKind::Double,
            "unix-time" => ArgKind::UnixTime,
            "pure-token" => ArgKind::PureToken,
            "oneof" => ArgKind::Oneof,
            "block" => ArgKind::Block,
            // Module specs name a function (Search's `REDUCE function`) or mark an
            // expression: both are written as strings.
            "function" | "expression" => ArgKind::String,
            _ => return None,
        })
    }

    /// True for kinds that hold children.
    pub fn is_group(self) -> bool {
        matches!(self, ArgKind::Oneof | ArgKind::Block)
    }
}

/// One argument (recursive for blocks and oneofs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// Name, unique among siblings.
    pub name: String,
    /// Kind of value.
    pub kind: ArgKind,
    /// Fixed word written before the value (or the word itself, for a pure token).
    pub token: Option<String>,
    /// May be left out.
    pub optional: bool,
    /// May repeat (one or more times).
    pub multiple: bool,
    /// The token is repeated before every repetition.
    pub multiple_token: bool,
    /// Version that added the argument.
    pub since: Option<String>,
    /// Each family's own `since` where it differs from the one the argument has (or
    /// inherits).
    pub since_in: BTreeMap<String, String>,
    /// The one server family that has the argument, when only one does.
    pub only: Option<String>,
    /// Servers whose dumps lack the argument.
    pub missing_from: Vec<String>,
    /// Version that deprecated the argument.
    pub deprecated_since: Option<String>,
    /// Display name, when it differs from `name` (`ip:port`).
    pub display: Option<String>,
    /// A value the server accepts here (`$` for a JSONPath), which the conformance cases
    /// send instead of a generic sample (`example` in a spec of the project's own); for a
    /// [`typed`](Self::typed) argument, a Rust expression of its type, its path relative
    /// to the typedis crate (`search::Field::text("title")`).
    pub example: Option<String>,
    /// A type of the typedis crate (`search::Field`, relative to it; `crate::...` or
    /// `::...` as it is) that the builder takes for the whole argument, for a shape the
    /// generic rules cannot express (a field of `FT.CREATE`'s schema): `typedis_arg` in a
    /// spec. The type is `From` what users pass, and writes its own words with an
    /// inherent `fn write_args(&self, c: &mut Cmd)`.
    pub typed: Option<String>,
    /// What the argument does, in one line (`meaning` in a spec or an overlay), shown
    /// before what its method writes.
    pub meaning: Option<String>,
    /// Children of a block or oneof.
    pub children: Vec<Arg>,
}

// ---- raw shapes, read from JSON by hand ----------------------------------------------
//
// Read without serde's derive: it would put `serde_derive` (and a second `syn`) on the
// critical path of every build of `typedis`, whose build script runs this generator.

#[derive(Default)]
struct RawCommand {
    summary: Option<String>,
    since: Option<String>,
    since_in: BTreeMap<String, String>,
    only: Option<String>,
    missing_from: Vec<String>,
    arity_in: BTreeMap<String, i64>,
    group: Option<String>,
    complexity: Option<String>,
    deprecated_since: Option<String>,
    replaced_by: Option<String>,
    arity: Option<i64>,
    container: Option<String>,
    command_flags: Vec<String>,
    doc_flags: Vec<String>,
    command_tips: Vec<String>,
    hints: Vec<String>,
    acl_categories: Vec<String>,
    key_specs: Vec<Value>,
    arguments: Option<Vec<RawArg>>,
    subcommands: Option<BTreeMap<String, RawCommand>>,
    reply_schema: Option<Value>,
    reply_switches: Option<ReplySwitches>,
    compat: Vec<Value>,
    exactly_one: Vec<Vec<String>>,
    requires: Vec<Requires>,
    at_most_one: Vec<Vec<String>>,
}

#[derive(Default)]
struct RawArg {
    name: Option<String>,
    kind: Option<String>,
    token: Option<String>,
    optional: bool,
    multiple: bool,
    multiple_token: bool,
    flags: Vec<String>,
    since: Option<String>,
    since_in: BTreeMap<String, String>,
    only: Option<String>,
    missing_from: Vec<String>,
    deprecated_since: Option<String>,
    display: Option<String>,
    display_text: Option<String>,
    example: Option<String>,
    typed: Option<String>,
    meaning: Option<String>,
    arguments: Vec<RawArg>,
}

/// The members of a JSON object, each read by [`Fields::take`]; a key of another type
/// than expected is an error naming it, a missing key (or `null`) the default.
struct Fields(Map);

impl Fields {
    fn of(v: Value) -> Result<Fields, String> {
        match v {
            Value::Object(o) => Ok(Fields(o)),
            other => Err(format!("expected an object, found {}", kind(&other))),
        }
    }

    fn take<T>(
        &mut self,
        key: &str,
        read: fn(Value) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.0.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => read(v).map(Some).map_err(|e| format!("{key}: {e}")),
        }
    }

    fn text(&mut self, key: &str) -> Result<Option<String>, String> {
        self.take(key, text)
    }

    fn texts(&mut self, key: &str) -> Result<Vec<String>, String> {
        Ok(self.take(key, |v| list(v, text))?.unwrap_or_default())
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn text(v: Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s),
        other => Err(format!("expected a string, found {}", kind(&other))),
    }
}

fn integer(v: Value) -> Result<i64, String> {
    v.as_i64()
        .ok_or_else(|| format!("expected an integer, found {}", kind(&v)))
}

fn list<T>(v: Value, item: fn(Value) -> Result<T, String>) -> Result<Vec<T>, String> {
    match v {
        Value::Array(items) => items.into_iter().map(item).collect(),
        other => Err(format!("expected an array, found {}", kind(&other))),
    }
}

/// `{"redis": "8.0.0"}`: a version per server family.
fn versions(v: Value) -> Result<BTreeMap<String, String>, String> {
    match v {
        Value::Object(o) => o.into_iter().map(|(k, v)| Ok((k, text(v)?))).collect(),
        other => Err(format!("expected an object, found {}", kind(&other))),
    }
}

/// A boolean written `true` or `"true"` (Valkey 8.0 writes CLIENT CAPA's `multiple` as
/// a string).
fn lenient_bool(v: Value) -> Result<bool, String> {
    match v {
        Value::Bool(b) => Ok(b),
        Value::String(s) if s.eq_ignore_ascii_case("true") => Ok(true),
        Value::String(s) if s.eq_ignore_ascii_case("false") => Ok(false),
        other => Err(format!("expected a boolean, found {other}")),
    }
}

impl RawCommand {
    fn read(v: Value) -> Result<RawCommand, String> {
        let mut f = Fields::of(v)?;
        Ok(RawCommand {
            summary: f.text("summary")?,
            since: f.text("since")?,
            since_in: f.take("since_in", versions)?.unwrap_or_default(),
            only: f.text("only")?,
            missing_from: f.texts("missing_from")?,
            arity_in: f
                .take("arity_in", |v| match v {
                    Value::Object(o) => o.into_iter().map(|(k, v)| Ok((k, integer(v)?))).collect(),
                    other => Err(format!("expected an object, found {}", kind(&other))),
                })?
                .unwrap_or_default(),
            group: f.text("group")?,
            complexity: f.text("complexity")?,
            deprecated_since: f.text("deprecated_since")?,
            replaced_by: f.text("replaced_by")?,
            arity: f.take("arity", integer)?,
            container: f.text("container")?,
            command_flags: f.texts("command_flags")?,
            doc_flags: f.texts("doc_flags")?,
            command_tips: f.texts("command_tips")?,
            hints: f.texts("hints")?,
            acl_categories: f.texts("acl_categories")?,
            key_specs: f.take("key_specs", |v| list(v, Ok))?.unwrap_or_default(),
            arguments: f.take("arguments", |v| list(v, RawArg::read))?,
            subcommands: f.take("subcommands", |v| match v {
                Value::Object(o) => o
                    .into_iter()
                    .map(|(k, v)| {
                        let c = RawCommand::read(v).map_err(|e| format!("{k}: {e}"))?;
                        Ok((k, c))
                    })
                    .collect(),
                other => Err(format!("expected an object, found {}", kind(&other))),
            })?,
            reply_schema: f.take("reply_schema", Ok)?,
            reply_switches: f.take("reply_switches", ReplySwitches::read)?,
            compat: f.take("compat", |v| list(v, Ok))?.unwrap_or_default(),
            exactly_one: f
                .take("exactly_one", |v| list(v, |g| list(g, text)))?
                .unwrap_or_default(),
            requires: f
                .take("requires", |v| list(v, Requires::read))?
                .unwrap_or_default(),
            at_most_one: f
                .take("at_most_one", |v| list(v, |g| list(g, text)))?
                .unwrap_or_default(),
        })
    }
}

impl RawArg {
    fn read(v: Value) -> Result<RawArg, String> {
        let mut f = Fields::of(v)?;
        let name = f.text("name")?;
        let at = |e: String| match &name {
            Some(n) => format!("argument {n}: {e}"),
            None => e,
        };
        let mut flag = |key: &str| -> Result<bool, String> {
            Ok(f.take(key, lenient_bool).map_err(at)?.unwrap_or(false))
        };
        let (optional, multiple, multiple_token) = (
            flag("optional")?,
            flag("multiple")?,
            flag("multiple_token")?,
        );
        Ok(RawArg {
            kind: f.text("type").map_err(at)?,
            token: f.text("token").map_err(at)?,
            optional,
            multiple,
            multiple_token,
            flags: f.texts("flags").map_err(at)?,
            since: f.text("since").map_err(at)?,
            since_in: f
                .take("since_in", versions)
                .map_err(at)?
                .unwrap_or_default(),
            only: f.text("only").map_err(at)?,
            missing_from: f.texts("missing_from").map_err(at)?,
            deprecated_since: f.text("deprecated_since").map_err(at)?,
            display: f.text("display").map_err(at)?,
            display_text: f.text("display_text").map_err(at)?,
            example: f.text("example").map_err(at)?,
            typed: f.text("typedis_arg").map_err(at)?,
            meaning: f.text("meaning").map_err(at)?,
            arguments: f
                .take("arguments", |v| list(v, RawArg::read))
                .map_err(at)?
                .unwrap_or_default(),
            name,
        })
    }
}

/// The key under which `typedis-tasks dump` records where a spec came from.
pub const META_KEY: &str = "_meta";

impl Spec {
    /// The server families the spec was made from, sorted (`["redis", "valkey"]` for a
    /// merge of `redis 7.0.15 + valkey 9.1.2`); both when it does not say.
    pub fn families(&self) -> Vec<&str> {
        let mut families: Vec<&str> = self
            .version
            .as_deref()
            .map(|v| {
                v.split(" + ")
                    .filter_map(|server| server.split(' ').next())
                    .collect()
            })
            .unwrap_or_default();
        families.sort_unstable();
        families.dedup();
        if families.is_empty() {
            families = vec!["redis", "valkey"];
        }
        families
    }

    /// Reads a spec in any supported layout from JSON text.
    ///
    /// # Errors
    ///
    /// [`Error::Json`] when the text is not JSON of the expected shape, and
    /// [`Error::Spec`] (naming the command and argument) when an entry is malformed.
    pub fn from_json(text: &str) -> Result<Spec, Error> {
        let root: BTreeMap<String, Value> = Value::parse_object(text)?.into_iter().collect();
        let mut spec = Spec {
            version: None,
            commands: BTreeMap::new(),
        };
        let mut containers = Vec::new();
        for (key, value) in root {
            if key == META_KEY {
                spec.version = value
                    .get("server_version")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                continue;
            }
            let raw =
                RawCommand::read(value).map_err(|e| Error::Spec(format!("command {key}: {e}")))?;
            spec.add(&key, raw, None, &mut containers)?;
        }
        // In the flat layouts a subcommand is only known by its name (`CLIENT ID`).
        for name in spec.commands.keys() {
            if let Some((first, _)) = name.split_once(' ') {
                containers.push(first.to_owned());
            }
        }
        for name in containers {
            if let Some(c) = spec.commands.get_mut(&name) {
                c.is_container = true;
            }
        }
        Ok(spec)
    }

    fn add(
        &mut self,
        key: &str,
        raw: RawCommand,
        parent: Option<&str>,
        containers: &mut Vec<String>,
    ) -> Result<(), Error> {
        let name = full_name(key, raw.container.as_deref().or(parent));
        if let Some(container) = raw.container.as_deref().or(parent) {
            containers.push(normalise_words(container));
        }
        let mut arguments = raw
            .arguments
            .unwrap_or_default()
            .into_iter()
            .map(|a| convert_arg(a, &name))
            .collect::<Result<Vec<_>, _>>()?;
        route_not_keys(&name, &raw.key_specs, &mut arguments);
        let mut tips: Vec<String> = raw.command_tips.into_iter().chain(raw.hints).collect();
        lower_all(&mut tips);
        let mut flags = raw.command_flags;
        lower_all(&mut flags);
        let mut doc_flags = raw.doc_flags;
        lower_all(&mut doc_flags);
        let mut acl: Vec<String> = raw
            .acl_categories
            .into_iter()
            .map(|c| c.trim_start_matches('@').to_ascii_lowercase())
            .collect();
        acl.sort();
        let has_subcommands = raw.subcommands.as_ref().is_some_and(|s| !s.is_empty());
        let command = CommandSpec {
            name: name.clone(),
            summary: raw.summary.unwrap_or_default(),
            since: raw.since.unwrap_or_default(),
            since_in: raw.since_in,
            only: raw.only,
            missing_from: raw.missing_from,
            arity_in: raw.arity_in,
            group: raw.group.unwrap_or_default(),
            complexity: raw.complexity.unwrap_or_default(),
            deprecated_since: raw.deprecated_since,
            replaced_by: raw.replaced_by,
            arity: raw.arity.unwrap_or(0),
            flags,
            doc_flags,
            tips,
            acl_categories: acl,
            is_container: has_subcommands,
            arguments,
            key_specs: raw.key_specs,
            reply_schema: raw.reply_schema,
            reply_switches: raw.reply_switches,
            compat: raw.compat,
            exactly_one: raw.exactly_one,
            requires: raw.requires,
            at_most_one: raw.at_most_one,
        };
        if self.commands.insert(name.clone(), command).is_some() {
            return Err(Error::Spec(format!("command {name} is given twice")));
        }
        for (sub_key, sub) in raw.subcommands.unwrap_or_default() {
            self.add(&sub_key, sub, Some(&name), containers)?;
        }
        Ok(())
    }
}

fn lower_all(v: &mut [String]) {
    for s in v {
        s.make_ascii_lowercase();
    }
}

/// `"client|list"` / `"LIST"` with container `CLIENT` / `"CLIENT LIST"` -> `"CLIENT LIST"`.
fn full_name(key: &str, container: Option<&str>) -> String {
    let key = normalise_words(key);
    match container {
        Some(c) => {
            let c = normalise_words(c);
            if key.starts_with(&format!("{c} ")) {
                key
            } else {
                format!("{c} {key}")
            }
        }
        None => key,
    }
}

fn normalise_words(s: &str) -> String {
    s.split(['|', ' '])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_uppercase()
}

fn convert_arg(raw: RawArg, command: &str) -> Result<Arg, Error> {
    let name = raw
        .name
        .ok_or_else(|| Error::Spec(format!("command {command}: an argument has no name")))?;
    let kind_text = raw
        .kind
        .ok_or_else(|| Error::Spec(format!("command {command}, argument {name}: no type")))?;
    let kind = ArgKind::parse(&kind_text).ok_or_else(|| {
        Error::Spec(format!(
            "command {command}, argument {name}: unknown type {kind_text:?}"
        ))
    })?;
    let has_flag = |f: &str| raw.flags.iter().any(|x| x.eq_ignore_ascii_case(f));
    let children = raw
        .arguments
        .into_iter()
        .map(|a| convert_arg(a, command))
        .collect::<Result<Vec<_>, _>>()?;
    if kind.is_group() && children.is_empty() {
        return Err(Error::Spec(format!(
            "command {command}, argument {name}: a {} without arguments",
            kind.as_str()
        )));
    }
    // Redis 7.2 documents SENTINEL SIMULATE-FAILURE's words as pure tokens without a
    // token; the word Redis expects is the name in capitals.
    let token = match (kind, raw.token) {
        (ArgKind::PureToken, None) => Some(name.to_ascii_uppercase()),
        (_, token) => token,
    };
    let display = raw.display.or(raw.display_text).filter(|d| *d != name);
    Ok(Arg {
        name,
        kind,
        token,
        optional: raw.optional || has_flag("optional"),
        multiple: raw.multiple || has_flag("multiple"),
        multiple_token: raw.multiple_token || has_flag("multiple_token"),
        since: raw.since,
        since_in: raw.since_in,
        only: raw.only,
        missing_from: raw.missing_from,
        deprecated_since: raw.deprecated_since,
        display,
        example: raw.example,
        typed: raw.typed,
        meaning: raw.meaning,
        children,
    })
}

/// Makes the arguments that key specs flagged `not_key` point at route like keys (a shard
/// channel of `SPUBLISH`, `SSUBSCRIBE`, `SUNSUBSCRIBE`; the cursor of Valkey's
/// `CLUSTERSCAN`, which names its slot): the server sends them to the node of their hash
/// slot, so the client must too. A spec begins its search at an argument index (the
/// command's name words first); the argument found there, when every one before it is one
/// plain required value, becomes a key (each of its repetitions, when it repeats).
fn route_not_keys(name: &str, key_specs: &[Value], arguments: &mut [Arg]) {
    let words = name.split(' ').count();
    for spec in key_specs {
        if spec.get("not_key").and_then(Value::as_bool) != Some(true) {
            continue;
        }
        let begin = spec.get("begin_search");
        if begin.and_then(|b| b.get("type")).and_then(Value::as_str) != Some("index") {
            continue;
        }
        let Some(index) = begin
            .and_then(|b| b.get("spec"))
            .and_then(|s| s.get("index"))
            .and_then(Value::as_u64)
        else {
            continue;
        };
        let Some(at) = (index as usize).checked_sub(words) else {
            continue;
        };
        // Only a position every invocation shares: plain required values before it.
        let plain = |a: &Arg| {
            !a.optional
                && !a.multiple
                && a.token.is_none()
                && !a.kind.is_group()
                && a.kind != ArgKind::PureToken
        };
        if at < arguments.len() && arguments[..at].iter().all(plain) {
            let arg = &mut arguments[at];
            if arg.token.is_none() && matches!(arg.kind, ArgKind::String | ArgKind::Pattern) {
                arg.kind = ArgKind::Key;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_a_not_key_spec_points_at_route_as_keys() {
        let not_key = r#"[{"not_key": true, "begin_search": {"type": "index", "spec": {"index": 1}},
            "find_keys": {"type": "range", "spec": {"lastkey": -1, "keystep": 1, "limit": 0}}}]"#;
        let spec = Spec::from_json(&format!(
            r#"{{
            "SPUBLISH": {{"key_specs": {not_key},
                "arguments": [{{"name": "shardchannel", "type": "string"}},
                              {{"name": "message", "type": "string"}}]}},
            "SUNSUBSCRIBE": {{"key_specs": {not_key},
                "arguments": [{{"name": "shardchannel", "type": "string",
                                "optional": true, "multiple": true}}]}},
            "PUBLISH": {{"arguments": [{{"name": "channel", "type": "string"}},
                                       {{"name": "message", "type": "string"}}]}},
            "ODD": {{"key_specs": {not_key},
                "arguments": [{{"name": "flag", "type": "pure-token", "token": "X",
                                "optional": true}},
                              {{"name": "channel", "type": "string"}}]}}
        }}"#
        ))
        .unwrap();
        let kinds = |name: &str| -> Vec<ArgKind> {
            spec.commands[name]
                .arguments
                .iter()
                .map(|a| a.kind)
                .collect()
        };
        assert_eq!(kinds("SPUBLISH"), [ArgKind::Key, ArgKind::String]);
        assert_eq!(kinds("SUNSUBSCRIBE"), [ArgKind::Key]);
        assert_eq!(kinds("PUBLISH"), [ArgKind::String, ArgKind::String]);
        // Index 1 is the token when given, the channel when not: no one position.
        assert_eq!(kinds("ODD"), [ArgKind::PureToken, ArgKind::String]);
    }

    #[test]
    fn reads_the_source_tree_layout_with_containers() {
        let spec = Spec::from_json(
            r#"{
            "CLIENT": {"summary": "container", "since": "2.4.0", "group": "connection"},
            "CLIENT LIST": {"summary": "s", "container": "CLIENT", "arity": -2,
                "command_flags": ["ADMIN", "NOSCRIPT"], "command_tips": ["NONDETERMINISTIC_OUTPUT"],
                "future_field": {"ignored": true},
                "arguments": [{"name": "id", "type": "block", "token": "ID", "optional": true,
                    "arguments": [{"name": "client-id", "type": "integer", "multiple": true}]}]}
        }"#,
        )
        .unwrap();
        assert!(spec.commands["CLIENT"].is_container);
        let list = &spec.commands["CLIENT LIST"];
        assert_eq!(list.flags, ["admin", "noscript"]);
        assert_eq!(list.tips, ["nondeterministic_output"]);
        assert!(list.arguments[0].optional);
        assert!(list.arguments[0].children[0].multiple);
    }

    #[test]
    fn reads_the_raw_command_docs_layout_with_nested_subcommands() {
        let spec = Spec::from_json(
            r#"{"client": {"summary": "c", "subcommands": {
                "client|kill": {"summary": "k", "arguments": [
                    {"name": "ip", "type": "string", "flags": ["optional", "multiple"]}]}}}}"#,
        )
        .unwrap();
        assert!(spec.commands["CLIENT"].is_container);
        let kill = &spec.commands["CLIENT KILL"];
        assert!(kill.arguments[0].optional && kill.arguments[0].multiple);
    }

    #[test]
    fn a_single_source_file_gets_its_container_prefix() {
        let spec = Spec::from_json(r#"{"LIST": {"summary": "s", "container": "CLIENT"}}"#).unwrap();
        assert!(spec.commands.contains_key("CLIENT LIST"));
    }

    #[test]
    fn malformed_arguments_are_reported_with_their_place() {
        let err = Spec::from_json(r#"{"GET": {"arguments": [{"name": "key", "type": "bogus"}]}}"#)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid spec: command GET, argument key: unknown type \"bogus\""
        );
        let err = Spec::from_json(r#"{"GET": {"arguments": [{"type": "key"}]}}"#).unwrap_err();
        assert!(err.to_string().contains("has no name"), "{err}");
        assert!(Spec::from_json("[1]").is_err());
    }
}
