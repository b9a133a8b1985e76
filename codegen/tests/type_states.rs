//! The type states of a plan, played as the generated impls check them: which call
//! sequences compile. Covers a once-only `oneof` with a block branch
//! (`fixtures/oneof_block_branch.json`: `XMOVE key [REF | MOVE from [TO to]] [WITHCOUNT]`).

use typedis_codegen::plan::{self, Effect, Plan, Stage};

/// The XMOVE plan of the fixture.
fn xmove() -> Plan {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let text = std::fs::read_to_string(dir.join("oneof_block_branch.json")).expect("fixture");
    let spec = typedis_codegen::Spec::from_json(&text).expect("fixture loads");
    plan::plan(&spec.commands["XMOVE"])
}

/// Plays `calls` (optional methods, by plan name: `ref` is `r#ref` in Rust) on the state after `key`: `Some(build available)`
/// when every call type-checks, `None` when one does not. Mirrors emit/state.rs: a piece needs
/// its slot at `from`, the slot it enters `Unset` and its gate entered (`Set`/`Open`);
/// `build()` needs every slot `Unset` or `Set`.
fn play(plan: &Plan, calls: &[&str]) -> Option<bool> {
    let Effect::Advance { target, .. } = plan.states[0].methods[0].effect else {
        panic!("XMOVE starts with its key");
    };
    let state = &plan.states[target];
    let mut stages = vec![Stage::Unset; state.slots.len()];
    for call in calls {
        let m = state.methods.iter().find(|m| {
            let Effect::Piece {
                slot, gate, enters, ..
            } = &m.effect
            else {
                return false;
            };
            m.leaf.name == *call
                && slot.is_none_or(|(j, from, _)| stages[j] == from)
                && enters.is_none_or(|(j, _)| stages[j] == Stage::Unset)
                && gate.is_none_or(|g| stages[g] != Stage::Unset)
        })?;
        let Effect::Piece { slot, enters, .. } = m.effect else {
            unreachable!("found among pieces")
        };
        if let Some((j, _, to)) = slot {
            stages[j] = to;
        }
        if let Some((j, to)) = enters {
            stages[j] = to;
        }
    }
    Some(
        state.build
            && stages
                .iter()
                .all(|s| matches!(s, Stage::Unset | Stage::Set)),
    )
}

#[test]
fn a_once_only_oneof_takes_one_branch_once() {
    let plan = xmove();
    assert_eq!(play(&plan, &["ref", "ref"]), None);
    assert_eq!(play(&plan, &["ref", "move"]), None);
    assert_eq!(play(&plan, &["move", "ref"]), None);
    assert_eq!(play(&plan, &["move", "move"]), None);
    assert_eq!(play(&plan, &["ref"]), Some(true));
    assert_eq!(play(&plan, &[]), Some(true));
}

#[test]
fn a_block_branch_keeps_its_optional_part_optional_and_inside_the_branch() {
    let plan = xmove();
    assert_eq!(play(&plan, &["move"]), Some(true));
    assert_eq!(play(&plan, &["move", "to"]), Some(true));
    assert_eq!(play(&plan, &["withcount", "move", "to"]), Some(true));
    assert_eq!(play(&plan, &["move", "to", "to"]), None);
    assert_eq!(play(&plan, &["to"]), None);
    assert_eq!(play(&plan, &["ref", "to"]), None);
    assert_eq!(play(&plan, &["to", "move"]), None);
}
