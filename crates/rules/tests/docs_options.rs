//! docs/rules/README.md's "options at a glance" names every field of every game's options,
//! each with its default where the default is written as RON prints it.

use serde::Serialize;
use std::path::Path;
use tabula_rules::camelot::CamelotOptions;
use tabula_rules::fences::FencesOptions;
use tabula_rules::screwball::ScrewballOptions;
use tabula_rules::transport::TransportOptions;
use tabula_rules::war::WarOptions;

/// The top-level fields of a RON struct as `ron` prints it, each with its value's text.
fn fields(options: &impl Serialize) -> Vec<(String, String)> {
    let text = ron::to_string(options).expect("options print as RON");
    let inner = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .expect("a struct");
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    let mut split = |part: &str| {
        let (name, value) = part.split_once(':').expect("field: value");
        out.push((name.trim().to_string(), value.trim().to_string()));
    };
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                split(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner[start..].trim().is_empty() {
        split(&inner[start..]);
    }
    out
}

#[test]
fn the_options_at_a_glance_name_every_field_and_its_default() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules/README.md");
    let text = std::fs::read_to_string(&path).expect("docs/rules/README.md");
    let row = |game: &str| -> String {
        text.lines()
            .find(|l| l.starts_with(&format!("| {game} |")))
            .unwrap_or_else(|| panic!("no row for {game}"))
            .to_string()
    };
    let games: [(&str, Vec<(String, String)>); 5] = [
        ("The Game of War", fields(&WarOptions::default())),
        ("Camelot", fields(&CamelotOptions::default())),
        ("The fence race", fields(&FencesOptions::default())),
        ("Screwball Checkers", fields(&ScrewballOptions::default())),
        ("Transport", fields(&TransportOptions::default())),
    ];
    for (game, fields) in games {
        let row = row(game);
        for (name, value) in fields {
            assert!(
                row.contains(&format!("`{name}")),
                "{game}: the options at a glance leave out `{name}` (default {value})"
            );
            // Short defaults are written as RON prints them (the fence race's deck is
            // described in words).
            if value.len() <= 12 {
                assert!(
                    row.contains(&format!("`{name}: {value}`")),
                    "{game}: `{name}` should read `{name}: {value}`"
                );
            }
        }
    }
    // The War row, which once left it out: "a draw after that many moves of each side in
    // which nothing happened that cannot be undone" (docs/rules/war.md).
    assert!(row("The Game of War").contains("`no_progress_moves: Some(100)`"));
}
