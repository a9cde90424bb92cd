//! Transport notation, one action per text:
//!
//! * a main piece: its letter and squares, `D j1-j3`, `T f1-g2`; a two-square ship writes
//!   stern/bow on each side: `B h1/h2-h2/h3`;
//! * a launch: `launch plane e3 NE`, `fire shell g3 N`, `fire torpedo i2 NE` (the square the
//!   torpedo is set on; it then runs one square further);
//! * an advance: `advance shell g4 N` (its square and heading), `advance plane e3-e5 NE`
//!   (where it flies, and its new heading; `advance plane e3:N-e5 NE` names the plane by
//!   its heading too, when two planes share e3);
//! * `pass`.

use super::board::{Dir, Sq};
use super::game::{Move, Transport};
use super::pieces::Kind;
use crate::game::Game;
use crate::notation::NotationError;

fn squares(p: (Sq, Option<Sq>)) -> String {
    match p.1 {
        Some(b) => format!("{}/{}", p.0, b),
        None => p.0.to_string(),
    }
}

/// Prints an action, naming a plane by its heading as well (`e3:N-e5 NE`).
pub fn print_long(mv: &Move) -> String {
    match mv {
        Move::Advance {
            kind: Kind::Plane,
            from,
            heading,
            to: Some(to),
            repoint,
        } => format!("advance plane {from}:{heading}-{to} {repoint}"),
        other => print(other),
    }
}

/// Prints an action.
pub fn print(mv: &Move) -> String {
    match mv {
        Move::Main { kind, from, to } => {
            format!("{} {}-{}", kind.letter(), squares(*from), squares(*to))
        }
        Move::Launch { kind, at, heading } => {
            let verb = if *kind == Kind::Plane {
                "launch"
            } else {
                "fire"
            };
            format!("{verb} {kind} {at} {heading}")
        }
        Move::Advance {
            kind,
            from,
            heading,
            to,
            repoint,
        } => match (kind, to) {
            (Kind::Plane, Some(to)) => format!("advance plane {from}-{to} {repoint}"),
            _ => format!("advance {kind} {from} {heading}"),
        },
        Move::Pass => "pass".into(),
    }
}

/// Reads an action and resolves it against the game's legal actions.
pub fn read(game: &Transport, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    let syntax = |why: &str| NotationError::Syntax {
        text: text.to_string(),
        why: why.to_string(),
    };
    let sq = |s: &str| Sq::parse(s).ok_or_else(|| syntax(&format!("{s:?} is not a square")));
    let dir = |s: &str| Dir::parse(s).ok_or_else(|| syntax(&format!("{s:?} is not a heading")));
    let pair = |s: &str| -> Result<(Sq, Option<Sq>), NotationError> {
        match s.split_once('/') {
            Some((a, b)) => Ok((sq(a)?, Some(sq(b)?))),
            None => Ok((sq(s)?, None)),
        }
    };
    let words: Vec<&str> = t.split_whitespace().collect();
    // A pattern to match against the legal moves: `None` fields match anything.
    #[derive(Debug)]
    enum Want {
        Main(Kind, (Sq, Option<Sq>), (Sq, Option<Sq>)),
        Launch(Kind, Sq, Dir),
        Advance(Kind, Sq, Option<Dir>, Option<Sq>, Option<Dir>),
        Pass,
    }
    let want = match words.as_slice() {
        ["pass"] => Want::Pass,
        [verb @ ("launch" | "fire"), noun, at, heading] => {
            let kind = Kind::auxiliary(noun)
                .ok_or_else(|| syntax(&format!("{noun:?} is not a plane, shell or torpedo")))?;
            if (*verb == "launch") != (kind == Kind::Plane) {
                return Err(syntax(
                    "planes are launched; shells and torpedoes are fired",
                ));
            }
            Want::Launch(kind, sq(at)?, dir(heading)?)
        }
        ["advance", "plane", path, heading] => {
            let (from, to) = path
                .split_once('-')
                .ok_or_else(|| syntax("a plane's advance is written e3-e5 NE"))?;
            let (from, old) = match from.split_once(':') {
                Some((f, h)) => (f, Some(dir(h)?)),
                None => (from, None),
            };
            Want::Advance(
                Kind::Plane,
                sq(from)?,
                old,
                Some(sq(to)?),
                Some(dir(heading)?),
            )
        }
        ["advance", noun, at, rest @ ..] if rest.len() <= 1 => {
            let kind = Kind::auxiliary(noun)
                .filter(|k| *k != Kind::Plane)
                .ok_or_else(|| syntax(&format!("{noun:?}: advance shell or advance torpedo")))?;
            let heading = rest.first().map(|h| dir(h)).transpose()?;
            Want::Advance(kind, sq(at)?, heading, None, None)
        }
        [letter, path] if letter.len() == 1 => {
            let kind = letter
                .chars()
                .next()
                .and_then(Kind::from_letter)
                .ok_or_else(|| syntax(&format!("{letter:?}: S, C, T, B or D")))?;
            let (from, to) = path
                .split_once('-')
                .ok_or_else(|| syntax("a move is written D j1-j3 or B h1/h2-h2/h3"))?;
            Want::Main(kind, pair(from)?, pair(to)?)
        }
        _ => {
            return Err(syntax(
                "expected a move (D j1-j3), launch, fire, advance or pass",
            ));
        }
    };
    let fits = |m: &Move| match (&want, m) {
        (Want::Pass, Move::Pass) => true,
        (Want::Main(k, f, t), Move::Main { kind, from, to }) => k == kind && f == from && t == to,
        (Want::Launch(k, a, h), Move::Launch { kind, at, heading }) => {
            k == kind && a == at && h == heading
        }
        (
            Want::Advance(k, f, h, t, r),
            Move::Advance {
                kind,
                from,
                heading,
                to,
                repoint,
            },
        ) => {
            k == kind
                && f == from
                && h.is_none_or(|h| h == *heading)
                && t.is_none_or(|t| Some(t) == *to)
                && r.is_none_or(|r| r == *repoint)
        }
        _ => false,
    };
    let legal = game.legal_moves();
    let fits_legal: Vec<&Move> = legal.iter().filter(|m| fits(m)).collect();
    match fits_legal.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            let why = if game.outcome().is_over() {
                "the game is over".to_string()
            } else {
                let probe = match &want {
                    Want::Main(kind, from, to) => Some(Move::Main {
                        kind: *kind,
                        from: *from,
                        to: *to,
                    }),
                    Want::Launch(kind, at, heading) => Some(Move::Launch {
                        kind: *kind,
                        at: *at,
                        heading: *heading,
                    }),
                    Want::Pass => Some(Move::Pass),
                    // An advance the pieces could make but the rules refuse says why.
                    Want::Advance(..) => game.position().candidates().into_iter().find(|m| fits(m)),
                };
                match probe {
                    Some(p) => game.why_illegal(&p),
                    None => "no such auxiliary of this fleet can make that advance".into(),
                }
            };
            Err(NotationError::Illegal {
                text: text.to_string(),
                why,
            })
        }
        many => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|m| print_long(m)).collect(),
        }),
    }
}
