//! Screwball notation. A space is named by its south-west unit cell, file `a`-`l` across
//! the board and rank `1`-`12` from the first player's edge (any cell of a space reads as
//! that space). A step is `e1-f2`; each penalty piece it sets follows as `+c12`; `@c12`
//! enters a reserve piece; `pass` passes.

use super::board::{Board, SpaceId};
use super::game::{Move, Placements, Screwball};
use super::tables::MAX_VICTIMS;
use crate::game::Game;
use crate::notation::NotationError;

/// A move as written, before it is matched against the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScrewballSan {
    /// A step, with the penalty squares if written.
    Step {
        /// From.
        from: SpaceId,
        /// To.
        to: SpaceId,
        /// Penalty squares (`None`: not written).
        placements: Option<Vec<SpaceId>>,
    },
    /// Enter a reserve piece.
    Enter(SpaceId),
    /// Pass.
    Pass,
}

/// Prints a move.
pub fn print(mv: &Move) -> String {
    let b = Board::get();
    match mv {
        Move::Step {
            from,
            to,
            placements,
        } => {
            let mut s = format!("{}-{}", b.name(*from), b.name(*to));
            for p in placements {
                s.push_str(&format!("+{}", b.name(*p)));
            }
            s
        }
        Move::Enter(at) => format!("@{}", b.name(*at)),
        Move::Pass => "pass".into(),
    }
}

/// Reads a move's text.
pub fn parse(text: &str) -> Result<ScrewballSan, NotationError> {
    let b = Board::get();
    let t = text.trim();
    let syntax = |why: &str| NotationError::Syntax {
        text: text.to_string(),
        why: why.to_string(),
    };
    let space = |name: &str| {
        b.parse(name)
            .ok_or_else(|| syntax(&format!("no space {name:?} (files a-l, ranks 1-12)")))
    };
    if t.eq_ignore_ascii_case("pass") {
        return Ok(ScrewballSan::Pass);
    }
    if let Some(at) = t.strip_prefix('@') {
        return Ok(ScrewballSan::Enter(space(at)?));
    }
    let mut parts = t.split('+');
    let step = parts.next().unwrap_or_default();
    let Some((from, to)) = step.split_once('-') else {
        return Err(syntax("expected a step such as e1-f2, @c12 or pass"));
    };
    let placements: Vec<SpaceId> = parts.map(space).collect::<Result<_, _>>()?;
    if placements.len() > MAX_VICTIMS {
        return Err(syntax(&format!(
            "{} penalty squares: a step sets at most {MAX_VICTIMS}",
            placements.len()
        )));
    }
    Ok(ScrewballSan::Step {
        from: space(from)?,
        to: space(to)?,
        placements: t.contains('+').then_some(placements),
    })
}

/// Reads a move and resolves it against the game's legal moves.
pub fn read(game: &Screwball, text: &str) -> Result<Move, NotationError> {
    let san = parse(text)?;
    let legal = game.legal_moves();
    let fits: Vec<&Move> = legal
        .iter()
        .filter(|m| match (&san, m) {
            (
                ScrewballSan::Step {
                    from,
                    to,
                    placements,
                },
                Move::Step {
                    from: f,
                    to: t,
                    placements: p,
                },
            ) => {
                from == f
                    && to == t
                    && placements
                        .as_ref()
                        .is_none_or(|want| want.as_slice() == p.as_slice())
            }
            (ScrewballSan::Enter(a), Move::Enter(b)) => a == b,
            (ScrewballSan::Pass, Move::Pass) => true,
            _ => false,
        })
        .collect();
    match fits.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            let probe = match san {
                ScrewballSan::Step {
                    from,
                    to,
                    placements,
                } => Move::Step {
                    from,
                    to,
                    placements: Placements::from_slice(&placements.unwrap_or_default())
                        .unwrap_or_default(),
                },
                ScrewballSan::Enter(at) => Move::Enter(at),
                ScrewballSan::Pass => Move::Pass,
            };
            let why = if game.outcome().is_over() {
                "the game is over".to_string()
            } else {
                game.why_illegal(&probe)
            };
            Err(NotationError::Illegal {
                text: text.to_string(),
                why,
            })
        }
        many => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|m| print(m)).collect(),
        }),
    }
}
