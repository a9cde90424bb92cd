//! Camelot notation: a move is its path, `-` before a plain or canter landing and `x`
//! before a jump landing (`D7-F7xF9xH11`). A short form `FROM-TO` or `FROMxTO` names the
//! start and end only and is resolved against the legal moves.

use super::board::Square;
use super::moves::{Move, Step};
use crate::NotationError;

/// A move as written: the start, and each landing with its separator (`true` for `x`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CamelotSan {
    /// The start square.
    pub from: Square,
    /// Each landing, with whether it was written as a jump.
    pub legs: Vec<(bool, Square)>,
}

/// Reads the text into a syntactic move.
pub fn parse(text: &str) -> Result<CamelotSan, NotationError> {
    let syntax = |why: String| NotationError::Syntax {
        text: text.to_string(),
        why,
    };
    let t = text.trim();
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut seps = Vec::new();
    for c in t.chars() {
        match c {
            '-' | 'x' | 'X' | '×' => {
                parts.push(std::mem::take(&mut current));
                seps.push(c != '-');
            }
            c if c.is_whitespace() => {}
            c => current.push(c),
        }
    }
    parts.push(current);
    if parts.len() < 2 {
        return Err(syntax(
            "expected squares joined by - or x, like D7-F7xF9".into(),
        ));
    }
    let squares: Vec<Square> = parts
        .iter()
        .map(|p| {
            Square::parse(p).ok_or_else(|| syntax(format!("{p:?} is not a square of the board")))
        })
        .collect::<Result<_, _>>()?;
    Ok(CamelotSan {
        from: squares[0],
        legs: seps.into_iter().zip(squares[1..].iter().copied()).collect(),
    })
}

/// Prints a move's full path.
pub fn print(mv: &Move) -> String {
    let mut s = mv.from.to_string();
    for (step, sq) in &mv.steps {
        s.push(if *step == Step::Jump { 'x' } else { '-' });
        s.push_str(&sq.to_string());
    }
    s
}

/// Reads a move and finds it among `legal`.
pub fn read(legal: &[Move], text: &str) -> Result<Move, NotationError> {
    let san = parse(text)?;
    let exact: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            m.from == san.from
                && m.steps.len() == san.legs.len()
                && m.steps
                    .iter()
                    .zip(&san.legs)
                    .all(|((step, sq), (x, s))| sq == s && (*step == Step::Jump) == *x)
        })
        .collect();
    let found = if exact.is_empty() && san.legs.len() == 1 {
        let (x, to) = san.legs[0];
        legal
            .iter()
            .filter(|m| m.from == san.from && m.destination() == to && m.is_capture() == x)
            .collect()
    } else {
        exact
    };
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(NotationError::Illegal {
            text: text.to_string(),
            why: if legal.is_empty() {
                "the game is over".into()
            } else if legal.iter().any(|m| m.from == san.from) {
                format!("the piece on {} has no such move", san.from)
            } else {
                format!(
                    "the piece on {} cannot move now (or there is none)",
                    san.from
                )
            },
        }),
        many => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|m| print(m)).collect(),
        }),
    }
}
