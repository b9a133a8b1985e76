//! Builder methods of an older spec kept, deprecated, in the newer one: when a new spec
//! renames an argument (`ACL CAT categoryname` → `category`) or turns a string into tokens
//! (`BITOP operation` → `AND | OR | XOR | NOT`), and the old bytes remain valid, the old
//! method stays as an alias that writes the same bytes. The aliases are recorded in the
//! spec, under each command's `compat` (by the repository's `compat` task); this module
//! reads them and adds them to the builders.

use crate::json::{Map, Value};

use crate::plan::{Effect, Leaf, Param, Plan, Write};
use crate::spec::{ArgKind, CommandSpec};
use crate::Error;

/// An old method kept in state `state` of the new builder, writing what it wrote and
/// doing what the new method `like` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alias {
    /// The new plan's state it is a method of (for a required argument; an optional one
    /// is offered wherever `like` is).
    pub state: usize,
    /// What the old method was called and wrote.
    pub leaf: Leaf,
    /// The new method whose effect it shares (and that its deprecation note names).
    pub like: String,
    /// A second new method the old one also stood for (`index(start, end)` of `BITCOUNT`
    /// is `range(start)` then `end(end)` since the end became optional): its block is
    /// entered too.
    pub then: Option<String>,
}

impl Alias {
    /// The alias as it is recorded in `commands.json`.
    pub fn to_json(&self) -> Value {
        let writes: Vec<Value> = self
            .leaf
            .writes
            .iter()
            .map(|w| match w {
                Write::Token(t) => Value::String(t.clone()),
                Write::Param(i) => Value::from(*i),
            })
            .collect();
        let params: Vec<Value> = self
            .leaf
            .params
            .iter()
            .map(|p| {
                Value::Object(Map::from_iter([
                    ("name".to_owned(), Value::from(p.name.as_str())),
                    ("type".to_owned(), Value::from(p.kind.as_str())),
                ]))
            })
            .collect();
        let mut v = Map::from_iter([
            ("state".to_owned(), Value::from(self.state)),
            ("method".to_owned(), Value::from(self.leaf.name.as_str())),
            ("params".to_owned(), Value::Array(params)),
            ("writes".to_owned(), Value::Array(writes)),
            ("like".to_owned(), Value::from(self.like.as_str())),
        ]);
        if let Some(then) = &self.then {
            v.insert("then".to_owned(), Value::String(then.clone()));
        }
        Value::Object(v)
    }

    /// An alias recorded in `commands.json`.
    ///
    /// # Errors
    ///
    /// [`Error::Spec`] for an entry of another shape.
    pub fn from_json(v: &Value, command: &str) -> Result<Alias, Error> {
        let bad = || Error::Spec(format!("command {command}: malformed compat entry {v}"));
        let params = v
            .get("params")
            .and_then(Value::as_array)
            .ok_or_else(bad)?
            .iter()
            .map(|p| {
                let name = p.get("name").and_then(Value::as_str)?.to_owned();
                let kind = ArgKind::parse(p.get("type").and_then(Value::as_str)?)?;
                Some(Param {
                    name,
                    kind,
                    counted: None,
                    example: None,
                    typed: None,
                })
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(bad)?;
        let writes = v
            .get("writes")
            .and_then(Value::as_array)
            .ok_or_else(bad)?
            .iter()
            .map(|w| match w {
                Value::String(t) => Some(Write::Token(t.clone())),
                Value::Number(n) => n.as_u64().map(|i| Write::Param(i as usize)),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(bad)?;
        Ok(Alias {
            state: v.get("state").and_then(Value::as_u64).ok_or_else(bad)? as usize,
            leaf: Leaf {
                name: v
                    .get("method")
                    .and_then(Value::as_str)
                    .ok_or_else(bad)?
                    .to_owned(),
                writes,
                params,
                since: None,
                since_in: Default::default(),
                only: None,
                missing_from: Vec::new(),
                deprecated_since: None,
                meaning: None,
            },
            like: v
                .get("like")
                .and_then(Value::as_str)
                .ok_or_else(bad)?
                .to_owned(),
            then: v.get("then").and_then(Value::as_str).map(str::to_owned),
        })
    }
}

/// The aliases recorded for `cmd`.
///
/// # Errors
///
/// As [`Alias::from_json`].
pub fn recorded(cmd: &CommandSpec) -> Result<Vec<Alias>, Error> {
    cmd.compat
        .iter()
        .map(|v| Alias::from_json(v, &cmd.name))
        .collect()
}

/// Adds `aliases` to `plan` as methods (each marked `alias_of` its `like`).
///
/// # Errors
///
/// [`Error::Spec`] when an alias no longer applies (its state or `like` method is gone,
/// or its name is taken): the spec changed, and `typedis-tasks compat` must be run
/// again.
pub fn apply(plan: &mut Plan, aliases: &[Alias], command: &str) -> Result<(), Error> {
    for a in aliases {
        let stale = |why: &str| {
            Error::Spec(format!(
                "command {command}: the compat alias {} {why}; run `typedis-tasks compat`",
                a.leaf.name
            ))
        };
        let like = plan
            .states
            .get(a.state)
            .and_then(|s| s.methods.iter().find(|m| m.leaf.name == a.like))
            .cloned()
            .ok_or_else(|| stale("names a state or method that is gone"))?;
        let states: Vec<usize> = match like.effect {
            Effect::Advance { .. } => vec![a.state],
            // An option is offered wherever its model is.
            Effect::Piece { .. } => (0..plan.states.len())
                .filter(|&i| {
                    plan.states[i]
                        .methods
                        .iter()
                        .any(|m| m.leaf.name == a.like && m.effect == like.effect)
                })
                .collect(),
        };
        for i in states {
            let state = &mut plan.states[i];
            if state.methods.iter().any(|m| m.leaf.name == a.leaf.name) {
                return Err(stale("is a name the builder has again"));
            }
            let mut method = like.clone();
            method.leaf.name = a.leaf.name.clone();
            method.leaf.writes = a.leaf.writes.clone();
            method.leaf.params = a.leaf.params.clone();
            method.alias_of = Some(match &a.then {
                Some(then) => format!("{}` then `{then}", a.like),
                None => a.like.clone(),
            });
            if let Some(then) = &a.then {
                let second = state
                    .methods
                    .iter()
                    .find(|m| &m.leaf.name == then)
                    .ok_or_else(|| stale("names a second method that is gone"))?;
                let (
                    Effect::Piece { enters, .. },
                    Effect::Piece {
                        slot: Some((j, _, to)),
                        ..
                    },
                ) = (&mut method.effect, &second.effect)
                else {
                    return Err(stale("chains methods that are not options"));
                };
                *enters = Some((*j, *to));
            }
            if let Effect::Advance {
                iter: Some(repeat), ..
            } = &mut method.effect
            {
                // Later repetitions leave out the words the new method writes only once.
                let once = like.leaf.writes.len().saturating_sub(repeat.len());
                *repeat = a.leaf.writes.get(once..).unwrap_or_default().to_vec();
            }
            let at = state.methods.len();
            state.methods.insert(at, method);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Spec;

    #[test]
    fn a_recorded_alias_becomes_a_method_writing_the_old_bytes() {
        let spec = Spec::from_json(
            r#"{"BITOP": {"arguments": [{"name": "operation", "type": "string"},
                {"name": "dest", "type": "key"}],
              "compat": [{"state": 1, "method": "destkey", "like": "dest",
                "params": [{"name": "destkey", "type": "key"}], "writes": [0]}]}}"#,
        )
        .unwrap();
        let plan = crate::reply::builder_plan(&spec.commands["BITOP"]).unwrap();
        let alias = plan.states[1]
            .methods
            .iter()
            .find(|m| m.leaf.name == "destkey")
            .expect("the alias is a method");
        assert_eq!(alias.alias_of.as_deref(), Some("dest"));
        let recorded = super::recorded(&spec.commands["BITOP"]).unwrap();
        assert_eq!(
            super::Alias::from_json(&recorded[0].to_json(), "BITOP").unwrap(),
            recorded[0]
        );
    }
}
