//! `tabula-fuzz`: a fuzz harness for `tabula-rules` that runs on the stable toolchain.
//!
//! Every public entry point of the rules crate that reads text or numbers is a target
//! ([`targets::TARGETS`]): scene files, each game's setup text, options in RON, move
//! notation on positions reached by play, square names, and the engine protocol of
//! `tabula-ai`. Inputs are made by mutating a seed corpus (the shipped scenes, the setups of
//! the rules tests, the README's examples) and, for options, by generating RON with random
//! field values. Each input runs inside
//! [`std::panic::catch_unwind`]: a panic is a finding, written to `cases/<target>-<hash>.txt`
//! and replayed by this crate's tests from then on.
//!
//! Overflow checks matter: the rules crate wraps silently in a release build, so the harness
//! is meant to run in the dev profile (which optimises both crates fully):
//! `cargo run -p tabula-fuzz -- --seconds 60`.

pub mod corpus;
pub mod mutate;
pub mod run;
pub mod targets;

pub use corpus::Corpus;
pub use run::{Case, Finding, Report, Settings, fuzz};
pub use targets::{TARGETS, Target};

use std::path::PathBuf;

/// The workspace root, as cargo gives it when it runs the harness (rather than as it was
/// when the harness was built, which may be another checkout sharing the build).
pub fn workspace_root() -> PathBuf {
    crate_dir().join("../..")
}

/// This crate's folder.
pub fn crate_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .filter(|p| p.join("src/targets.rs").exists())
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

/// The folder of saved findings, replayed by the tests.
pub fn cases_dir() -> PathBuf {
    crate_dir().join("cases")
}

/// FNV-1a, 64 bits: names case files and seeds each input's own random choices, so that a
/// saved input replays exactly.
pub fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
