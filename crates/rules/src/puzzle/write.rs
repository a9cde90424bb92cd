//! Writing a book of puzzles as its file: a few short lines a puzzle, which
//! [`super::PuzzleBook::parse`] reads back.

use super::format::{FORMAT, PuzzleText};
use crate::GameKind;
use std::fmt::Write as _;

/// Lines of a list are wrapped before this width.
const WIDTH: usize = 96;

/// The text of a book of puzzles for `game` titled `title`, under the options `options`
/// (RON, `()` for the defaults), with a comment line for each of `comments` at the top.
pub fn book_text(
    title: &str,
    game: GameKind,
    options: &str,
    comments: &[String],
    puzzles: &[PuzzleText],
) -> String {
    let mut out = String::new();
    for line in comments {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(out, "Puzzles(");
    let _ = writeln!(out, "    format: {FORMAT},");
    let _ = writeln!(out, "    title: {},", quoted(title));
    let _ = writeln!(out, "    game: {game:?},");
    let _ = writeln!(out, "    options: {options},");
    let _ = writeln!(out, "    puzzles: [");
    for puzzle in puzzles {
        puzzle_text(&mut out, puzzle);
    }
    let _ = writeln!(out, "    ],");
    let _ = writeln!(out, ")");
    out
}

/// A string in RON.
fn quoted(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// Any value in RON, on one line.
fn ron_text<T: serde::Serialize>(value: &T) -> String {
    ron::to_string(value).unwrap_or_default()
}

/// One puzzle, eight spaces in.
fn puzzle_text(out: &mut String, p: &PuzzleText) {
    let pad = "            ";
    let _ = writeln!(out, "        Puzzle(");
    if let Some(title) = &p.title {
        let _ = writeln!(out, "{pad}title: {},", quoted(title));
    }
    if let Some(source) = &p.source {
        let _ = writeln!(out, "{pad}source: {},", quoted(source));
    }
    if let Some(options) = &p.options {
        let _ = writeln!(out, "{pad}options: {},", options.get_ron());
    }
    if p.setup != crate::scene::SceneSetup::Standard {
        let _ = writeln!(out, "{pad}setup: {},", ron_text(&p.setup));
    }
    if !p.moves.is_empty() {
        list(out, pad, "moves", &p.moves);
    }
    let _ = writeln!(out, "{pad}goal: {},", ron_text(&p.goal));
    list(out, pad, "solution", &p.solution);
    let second = p
        .margin
        .second
        .as_ref()
        .map_or(String::new(), |s| format!(", second: {}", quoted(s)));
    let _ = writeln!(
        out,
        "{pad}margin: Margin(depth: {}, by: {}{second}),",
        p.margin.depth,
        ron_text(&p.margin.by)
    );
    let _ = writeln!(
        out,
        "{pad}rating: Rating(depth: {}, nodes: {}),",
        p.rating.depth, p.rating.nodes
    );
    let _ = writeln!(out, "        ),");
}

/// A list of strings, wrapped.
fn list(out: &mut String, pad: &str, name: &str, items: &[String]) {
    let mut line = format!("{pad}{name}: [");
    let mut first = true;
    for item in items {
        let text = quoted(item);
        if !first && line.len() + text.len() + 2 > WIDTH {
            let _ = writeln!(out, "{}", line.trim_end());
            line = format!("{pad}    ");
        }
        line.push_str(&text);
        line.push_str(", ");
        first = false;
    }
    let line = line.trim_end().trim_end_matches(',');
    let _ = writeln!(out, "{line}],");
}
