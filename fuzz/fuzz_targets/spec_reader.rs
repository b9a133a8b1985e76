//! Fuzz target: arbitrary text as a command spec, read the way a user's build script reads
//! one of its own (`typedis_codegen::Spec::from_json`, `with_overlay`, then `generate`).
//!
//! Checks: the generator's JSON reader never panics and what it reads writes back as
//! text that reads the same; a spec that reads is generated into code or refused with an
//! error, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use typedis_codegen::json::Value;
use typedis_codegen::{generate, with_overlay, Options, Spec};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(value) = Value::parse(text) {
        let written = value.to_string();
        let again = Value::parse(&written).expect("what the reader wrote reads again");
        assert_eq!(value, again, "{written}");
    }
    // The same text as the spec and as its overlay of corrections, then generated.
    let _ = with_overlay(text, "{}");
    let _ = with_overlay("{}", text);
    if let Ok(spec) = Spec::from_json(text) {
        let _ = generate(&spec, &Options::default());
    }
});
