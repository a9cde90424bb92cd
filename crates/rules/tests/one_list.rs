//! The games are listed once: no source file outside a game's own files names a particular
//! game, but for the four one-line entries docs/adding-a-game.md lists. This keeps that page's
//! procedure true — a sixth game touches those four files and no other.

use std::fs;
use std::path::{Path, PathBuf};
use tabula_rules::registry::GAMES;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The program's own source files (tests, benchmarks and examples left out: they are about
/// particular games by nature), as paths relative to the root with `/`.
fn program_sources() -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    for dir in [
        "src",
        "crates/rules/src",
        "crates/ai/src",
        "crates/server/src",
        "crates/fuzz/src",
    ] {
        sources(&root.join(dir), &mut files);
    }
    files
        .into_iter()
        .filter(|path| !is_unit_test_file(path))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a readable source file");
            // A file's own unit tests may name games.
            let text = match text.find("#[cfg(test)]") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            let name = path
                .strip_prefix(&root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            (name, text)
        })
        .collect()
}

/// Whether `path` is a file of unit tests of its own: `tests.rs`, declared `mod tests;`
/// under `#[cfg(test)]` by its module (`X.rs` or `X/mod.rs` beside the folder `X` it is in).
/// Like a file's own unit tests, it may name games.
fn is_unit_test_file(path: &Path) -> bool {
    let (Some(name), Some(folder)) = (path.file_name(), path.parent()) else {
        return false;
    };
    if name != "tests.rs" {
        return false;
    }
    [folder.with_extension("rs"), folder.join("mod.rs")]
        .iter()
        .filter_map(|module| fs::read_to_string(module).ok())
        .any(|text| text.contains("#[cfg(test)]\nmod tests;"))
}

/// The places that belong to the game in `module`: its folders and files in each crate.
fn own(file: &str, module: &str) -> bool {
    file.starts_with(&format!("crates/rules/src/{module}/"))
        || file == format!("crates/ai/src/knowledge/{module}.rs")
        || file == format!("crates/server/src/board/{module}.rs")
        || file.starts_with(&format!("src/games/{module}/"))
}

/// The four lists, and the line each holds for the game.
fn list_line(file: &str, line: &str, module: &str, kind: &str) -> bool {
    let line = line.trim();
    match file {
        "crates/rules/src/lib.rs" => line == format!("{kind} => {module}::{kind},"),
        "crates/ai/src/knowledge/mod.rs" | "src/games/mod.rs" => {
            line == format!("pub mod {module};")
        }
        "crates/server/src/board/mod.rs" => line == format!("mod {module};"),
        _ => false,
    }
}

/// Whether `line` names the game: its kind, its variants, its module or its type.
fn names_game(line: &str, module: &str, kind: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    let words = [
        format!("GameKind::{kind}"),
        format!("AnyGame::{kind}"),
        format!("GameOptions::{kind}"),
        format!("{module}::"),
        format!("mod {module};"),
        format!("{kind}Knowledge"),
    ];
    words.iter().any(|w| {
        code.match_indices(w.as_str()).any(|(at, _)| {
            // A whole word: `war::` is not the end of `software::`.
            code[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
    })
}

#[test]
fn no_source_file_names_a_game_outside_its_own_files_and_the_four_lists() {
    let files = program_sources();
    assert!(files.len() > 50, "the sources were found ({})", files.len());
    let mut found = Vec::new();
    for game in &GAMES {
        let module = game.name;
        let kind = format!("{:?}", game.kind);
        for (file, text) in &files {
            if own(file, module) {
                continue;
            }
            for (i, line) in text.lines().enumerate() {
                if names_game(line, module, &kind) && !list_line(file, line, module, &kind) {
                    found.push(format!("{file}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "these lines name a particular game outside its own files and the four lists of \
         docs/adding-a-game.md:\n{}",
        found.join("\n")
    );
}

#[test]
fn each_game_has_its_four_lines() {
    let files = program_sources();
    for game in &GAMES {
        let kind = format!("{:?}", game.kind);
        for list in [
            "crates/rules/src/lib.rs",
            "crates/ai/src/knowledge/mod.rs",
            "crates/server/src/board/mod.rs",
            "src/games/mod.rs",
        ] {
            let (_, text) = files
                .iter()
                .find(|(f, _)| f == list)
                .unwrap_or_else(|| panic!("{list} exists"));
            assert_eq!(
                text.lines()
                    .filter(|l| list_line(list, l, game.name, &kind))
                    .count(),
                1,
                "{list} lists {} once",
                game.name
            );
        }
    }
}
