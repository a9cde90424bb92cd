//! `tabula-fuzz`: a fuzz harness for `tabula-rules` that runs on the stable toolchain.
//!
//! Every public entry point of the rules crate that reads text or numbers is a target
//! ([`targets::TARGETS`]): scene files, each game's setup text, options in RON, move
//! notation on positions reached by play, square names, and the engine protocol of
//! `tabula-ai`. The games are reached only through the list of games and the `Game` trait
//! (`tabula_rules::each_game!`): each game's targets are one generic function each, and
//! nothing here names a game. Inputs are made by mutating a seed corpus (the shipped scenes,
//! each game's own printed setups and moves, the setups of the rules tests, the rules pages'
//! examples) and by generating setups from the game's printed ones and options in RON from
//! the game's option specs. Each input runs inside
//! [`std::panic::catch_unwind`]: a panic is a finding, written to `cases/<target>-<hash>.txt`
//! and replayed by this crate's tests from then on.
//!
//! Overflow checks matter: the rules crate wraps silently in a release build, so the harness
//! is meant to run in the dev profile (which optimises both crates fully):
//! `cargo run -p tabula-fuzz -- --seconds 60`.

pub mod corpus;
pub mod mutate;
pub mod options;
pub mod play;
pub mod run;
pub mod setups;
pub mod targets;

pub use corpus::Corpus;
pub use run::{Case, Finding, Report, Settings, fuzz};
pub use targets::{TARGETS, Target};

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

/// What is made once a game and kept for the run, by the game's name.
pub(crate) type PerGame<T> = LazyLock<Mutex<HashMap<&'static str, Arc<T>>>>;

/// The value `cache` keeps for the game `name`, made by `make` the first time.
pub(crate) fn per_game<T>(
    cache: &PerGame<T>,
    name: &'static str,
    make: impl FnOnce() -> T,
) -> Arc<T> {
    let mut kept = cache.lock().unwrap_or_else(PoisonError::into_inner);
    kept.entry(name).or_insert_with(|| Arc::new(make())).clone()
}

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
