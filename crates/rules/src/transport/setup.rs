//! Transport's setup text, read into a checked position: every line read or refused with
//! its own line number, and the setup as a whole checked (board size and mode, fleets in
//! play, counts of auxiliaries, pieces sharing a square, the fleet to move).

use super::board::{Dir, Sq};
use super::game::{Position, aux_index};
use super::options::{MAX_AUXILIARIES, Mode, OptionsError, TransportOptions, check_board};
use super::pieces::{Kind, Piece, can_sink};

/// Why a setup is not a Transport position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A line of the setup is wrong, or an item on it.
    #[error("line {line}: {why}")]
    Line {
        /// 1-based line of the setup text.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// The setup lacks something no line can be blamed for (a fleet with no line at all).
    #[error("{0}")]
    Missing(String),
    /// The options the setup is read under are out of range.
    #[error("options: {0}")]
    Options(#[from] OptionsError),
    /// A piece of a position off the board, or standing as its kind cannot.
    #[error("Fleet {}'s {kind} on {at}: {why}", .fleet + 1)]
    Piece {
        /// Whose (0-based).
        fleet: u8,
        /// What.
        kind: Kind,
        /// Its square (the stern of a long ship).
        at: Sq,
        /// What is wrong.
        why: String,
    },
    /// A fleet of a position with two main pieces of one kind.
    #[error("Fleet {} has two {kind}s", .fleet + 1)]
    TwoMain {
        /// Whose (0-based).
        fleet: u8,
        /// Which kind.
        kind: Kind,
    },
    /// A fleet of a position with more auxiliaries of a kind, in reserve and on the board,
    /// than any fleet owns.
    #[error("Fleet {} has {count} {kind}s in reserve and on the board: at most {MAX_AUXILIARIES}", .fleet + 1)]
    TooManyAuxiliaries {
        /// Whose (0-based).
        fleet: u8,
        /// Plane, shell or torpedo.
        kind: Kind,
        /// How many.
        count: u16,
    },
    /// A position with pieces or a reserve of a fleet that does not play in its mode.
    #[error("Fleet {} does not play in mode {mode}, yet has pieces or a reserve", .fleet + 1)]
    NotInGame {
        /// Which fleet (0-based).
        fleet: u8,
        /// The mode's word.
        mode: &'static str,
    },
    /// A position with planes in a fleet's reserve but no carrier to launch them.
    #[error("Fleet {} has planes in reserve but no carrier (a sunk carrier's planes are lost)", .fleet + 1)]
    PlanesWithoutCarrier {
        /// Whose (0-based).
        fleet: u8,
    },
    /// A position whose fleet is out (or not) against its transport: out exactly when its
    /// transport is sunk, and (teams, battle royal) with nothing left on the board or in
    /// reserve.
    #[error("Fleet {}: {why}", .fleet + 1)]
    Out {
        /// Which fleet (0-based).
        fleet: u8,
        /// What is wrong.
        why: &'static str,
    },
    /// Two enemy pieces of a position on one square where one sinks the other.
    #[error("Fleet {}'s {} and Fleet {}'s {} share {square}, but the {} sinks the {}", .sinker.0 + 1, .sinker.1, .victim.0 + 1, .victim.1, .sinker.1, .victim.1)]
    Shared {
        /// The square.
        square: Sq,
        /// The fleet (0-based) and kind of the piece that sinks the other.
        sinker: (u8, Kind),
        /// The fleet and kind of the piece it sinks.
        victim: (u8, Kind),
    },
    /// A position whose fleet to move is not in the game or is out.
    #[error("Fleet {} is to move but {why}", .fleet + 1)]
    ToMove {
        /// The fleet to move (0-based).
        fleet: u8,
        /// Why it cannot.
        why: &'static str,
    },
}

impl SetupError {
    fn at(line: usize, why: impl Into<String>) -> SetupError {
        SetupError::Line {
            line,
            why: why.into(),
        }
    }
}

/// An auxiliary's noun, singular or plural.
fn auxiliary_noun(word: &str) -> Option<Kind> {
    match word.to_ascii_lowercase().as_str() {
        "plane" | "planes" => Some(Kind::Plane),
        "shell" | "shells" => Some(Kind::Shell),
        "torpedo" | "torpedoes" => Some(Kind::Torpedo),
        _ => None,
    }
}

/// What the reading keeps per fleet.
#[derive(Default, Clone, Copy)]
struct FleetLines {
    /// The first line naming the fleet's pieces.
    first_piece: Option<usize>,
    /// Its reserve line.
    reserve: Option<usize>,
    /// Per auxiliary kind: how many on the board, and the last line that put one there.
    launched: [(u8, usize); 3],
}

/// Reads a setup under `options` (see [`Position::parse`]).
pub(super) fn parse(text: &str, options: &TransportOptions) -> Result<Position, SetupError> {
    options.check_rules()?;
    // The board's size and the mode first: squares and fleets are read against them.
    let mut size: Option<(usize, u8)> = None;
    let mut mode: Option<(usize, Mode)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.trim();
        if let Some(value) = body.strip_prefix("Size:") {
            if let Some((first, _)) = size {
                return Err(SetupError::at(
                    line,
                    format!("a second Size: line (the first is line {first})"),
                ));
            }
            let value = value.trim();
            let n = value.parse::<u8>().map_err(|_| {
                SetupError::at(
                    line,
                    format!(
                        "Size: {value:?}: the board is odd, from 9 to 25 squares a side, or 8 for two fleets"
                    ),
                )
            })?;
            size = Some((line, n));
        } else if let Some(word) = body.strip_prefix("Mode:") {
            if let Some((first, _)) = mode {
                return Err(SetupError::at(
                    line,
                    format!("a second Mode: line (the first is line {first})"),
                ));
            }
            let m = Mode::parse(word).ok_or_else(|| {
                SetupError::at(
                    line,
                    format!("unknown mode {:?}: two, teams or royal", word.trim()),
                )
            })?;
            mode = Some((line, m));
        }
    }
    let the_mode = mode.map_or(options.mode, |(_, m)| m);
    let the_size = size.map_or(options.size, |(_, n)| n);
    if let Err(e) = check_board(the_size, the_mode) {
        return Err(match (size, mode) {
            (Some((line, _)), _) => SetupError::at(line, e.to_string()),
            (None, Some((line, _))) => SetupError::at(
                line,
                format!("mode {} on the options' board: {e}", the_mode.word()),
            ),
            (None, None) => SetupError::Options(e),
        });
    }
    // The options as the game will hold them: the fleets handicapped must exist in the mode.
    let mut held = options.clone();
    held.size = the_size;
    held.mode = the_mode;
    held.check_rules()?;
    read(text, the_size, the_mode, options)
}

/// Reads the pieces, reserves and the fleet to move on a board of `size` in `mode`.
fn read(
    text: &str,
    size: u8,
    mode: Mode,
    options: &TransportOptions,
) -> Result<Position, SetupError> {
    let fleets = mode.fleets();
    let mut pos = Position::empty(size, mode, options);
    let mut lines_of: Vec<usize> = Vec::new();
    let mut fleet_lines = [FleetLines::default(); 4];
    let mut to_move: Option<(usize, u8)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |why: String| SetupError::at(line, why);
        let body = raw.trim();
        if body.is_empty()
            || body.starts_with('#')
            || body.starts_with("Size:")
            || body.starts_with("Mode:")
        {
            continue;
        }
        let Some(rest) = body.strip_prefix("Fleet ") else {
            return Err(err(format!("expected \"Fleet 1: ...\", found {body:?}")));
        };
        let digit = rest.chars().next().and_then(|c| c.to_digit(10));
        let Some(f) = digit.filter(|d| (1..=4).contains(d)).map(|d| d as u8 - 1) else {
            return Err(err("fleets are numbered 1 to 4".into()));
        };
        if f >= fleets {
            return Err(err(format!(
                "Fleet {} in a game of {fleets} fleets (mode {})",
                f + 1,
                mode.word()
            )));
        }
        let rest = &rest[1..];
        let fl = &mut fleet_lines[usize::from(f)];
        let sq = |t: &str| {
            Sq::parse(t)
                .filter(|s| s.on(size))
                .ok_or_else(|| err(format!("{t:?} is not a square of the {size}x{size} board")))
        };
        if rest.trim() == "to move" {
            if let Some((first, _)) = to_move {
                return Err(err(format!(
                    "a second \"to move\" line (the first is line {first})"
                )));
            }
            to_move = Some((line, f));
        } else if let Some(list) = rest.strip_prefix(" missiles:") {
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let w: Vec<&str> = item.split_whitespace().collect();
                let [noun, at, heading] = w.as_slice() else {
                    return Err(err(format!("{item:?}: expected \"shell g3 N\"")));
                };
                let kind = Kind::auxiliary(noun)
                    .ok_or_else(|| err(format!("{noun:?} is not a plane, shell or torpedo")))?;
                let heading = Dir::parse(heading)
                    .ok_or_else(|| err(format!("{heading:?} is not a heading")))?;
                let at = sq(at)?;
                let count = &mut fl.launched[aux_index(kind)];
                if count.0 == MAX_AUXILIARIES {
                    return Err(err(format!(
                        "Fleet {} has more than {MAX_AUXILIARIES} {kind}s",
                        f + 1
                    )));
                }
                *count = (count.0 + 1, line);
                fl.first_piece.get_or_insert(line);
                pos.push_piece(Piece {
                    fleet: f,
                    kind,
                    at,
                    bow: None,
                    heading: Some(heading),
                    moved: false,
                });
                lines_of.push(line);
            }
        } else if let Some(list) = rest.strip_prefix(" reserve:") {
            if let Some(first) = fl.reserve {
                return Err(err(format!(
                    "a second reserve line for Fleet {} (the first is line {first})",
                    f + 1
                )));
            }
            fl.reserve = Some(line);
            let mut seen = [false; 3];
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let w: Vec<&str> = item.split_whitespace().collect();
                let [count, noun] = w.as_slice() else {
                    return Err(err(format!("{item:?}: expected \"2 planes\"")));
                };
                let kind = auxiliary_noun(noun)
                    .ok_or_else(|| err(format!("{noun:?}: planes, shells or torpedoes")))?;
                let count = count
                    .parse::<u8>()
                    .ok()
                    .filter(|n| *n <= MAX_AUXILIARIES)
                    .ok_or_else(|| {
                        err(format!(
                            "{count:?} {kind}s: a count from 0 to {MAX_AUXILIARIES}"
                        ))
                    })?;
                if std::mem::replace(&mut seen[aux_index(kind)], true) {
                    return Err(err(format!("{kind}s are counted twice")));
                }
                pos.set_reserve(f, kind, count);
            }
        } else if let Some(list) = rest.strip_prefix(':') {
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let w: Vec<&str> = item.split_whitespace().collect();
                let (letter, squares, moved) = match w.as_slice() {
                    [l, s @ .., "moved"] => (l, s, true),
                    [l, s @ ..] => (l, s, false),
                    [] => unreachable!("non-empty"),
                };
                let kind = letter
                    .chars()
                    .next()
                    .filter(|_| letter.len() == 1)
                    .and_then(Kind::from_letter)
                    .ok_or_else(|| err(format!("{letter:?}: S, C, T, B or D")))?;
                let need = if kind.is_long() { 2 } else { 1 };
                if squares.len() != need {
                    return Err(err(format!("the {kind} takes {need} square(s)")));
                }
                let at = sq(squares[0])?;
                let bow = squares.get(1).map(|s| sq(s)).transpose()?;
                if let Some(b) = bow
                    && !at.touches(b)
                {
                    return Err(err(format!("the {kind}'s stern and bow must touch")));
                }
                if kind == Kind::Submarine && !at.is_dark() {
                    return Err(err(format!(
                        "the submarine keeps to dark squares, not {at}"
                    )));
                }
                if pos.main_piece(f, kind).is_some() {
                    return Err(err(format!("Fleet {} has two {kind}s", f + 1)));
                }
                fl.first_piece.get_or_insert(line);
                pos.push_piece(Piece {
                    fleet: f,
                    kind,
                    at,
                    bow,
                    heading: None,
                    moved,
                });
                lines_of.push(line);
            }
        } else {
            return Err(err(format!("cannot read {body:?}")));
        }
    }
    for f in 0..fleets {
        let fl = fleet_lines[usize::from(f)];
        let name = f + 1;
        if pos.main_piece(f, Kind::Transport).is_none() {
            pos.set_out(f);
            if mode != Mode::Two
                && let Some(line) = fl.first_piece
            {
                return Err(SetupError::at(
                    line,
                    format!(
                        "Fleet {name} has no transport: it is out, and its pieces have left the board"
                    ),
                ));
            }
        }
        match fl.reserve {
            Some(line) => {
                if mode != Mode::Two && pos.is_out(f) && pos.reserve_of(f) != [0; 3] {
                    return Err(SetupError::at(
                        line,
                        format!("Fleet {name} is out (no transport) and keeps no reserve"),
                    ));
                }
                if pos.reserve(f, Kind::Plane) > 0 && pos.main_piece(f, Kind::Carrier).is_none() {
                    return Err(SetupError::at(
                        line,
                        format!(
                            "Fleet {name} has planes in reserve but no carrier (a sunk carrier's planes are lost)"
                        ),
                    ));
                }
                for kind in Kind::AUXILIARY {
                    let total = pos.reserve(f, kind) + fl.launched[aux_index(kind)].0;
                    if total > MAX_AUXILIARIES {
                        return Err(SetupError::at(
                            line,
                            format!(
                                "Fleet {name} has {total} {kind}s in reserve and on the board: at most {MAX_AUXILIARIES}"
                            ),
                        ));
                    }
                }
            }
            None if mode != Mode::Two && pos.is_out(f) => {}
            None => {
                let cut = u8::from(options.handicapped.contains(&name));
                for (kind, count) in [
                    (Kind::Plane, options.planes),
                    (Kind::Shell, options.shells),
                    (Kind::Torpedo, options.torpedoes),
                ] {
                    let (launched, line) = fl.launched[aux_index(kind)];
                    let Some(left) = count.checked_sub(cut + launched) else {
                        return Err(SetupError::at(
                            line,
                            format!(
                                "Fleet {name} has {launched} {kind}s on the board, more than the {} it starts with (a reserve line sets its own counts)",
                                count - cut
                            ),
                        ));
                    };
                    let keeps = kind != Kind::Plane || pos.main_piece(f, Kind::Carrier).is_some();
                    pos.set_reserve(f, kind, if keeps { left } else { 0 });
                }
            }
        }
    }
    // No two enemy pieces share a square where one could sink the other: the one that
    // entered last would have sunk the other, or could not have entered.
    let pieces = pos.pieces();
    for (j, b) in pieces.iter().enumerate() {
        for a in &pieces[..j] {
            if !pos.enemies(a.fleet, b.fleet) {
                continue;
            }
            let Some(shared) = a.squares().find(|s| b.covers(*s)) else {
                continue;
            };
            let (sinker, victim) = if can_sink(a.kind, b.kind) {
                (a, b)
            } else if can_sink(b.kind, a.kind) {
                (b, a)
            } else {
                continue;
            };
            return Err(SetupError::at(
                lines_of[j],
                format!(
                    "Fleet {}'s {} and Fleet {}'s {} share {shared}, but the {} sinks the {}",
                    a.fleet + 1,
                    a.kind,
                    b.fleet + 1,
                    b.kind,
                    sinker.kind,
                    victim.kind
                ),
            ));
        }
    }
    let alive = (0..fleets).any(|f| !pos.is_out(f));
    match to_move {
        Some((line, f)) => {
            if pos.is_out(f) && alive {
                return Err(SetupError::at(
                    line,
                    format!("Fleet {} is to move but is out (no transport)", f + 1),
                ));
            }
            pos.set_to_move(f);
        }
        None if pos.is_out(0) && alive => {
            return Err(match fleet_lines[0].first_piece {
                Some(line) => SetupError::at(
                    line,
                    "Fleet 1 moves first (there is no \"to move\" line) but has no transport",
                ),
                None => SetupError::Missing(
                    "Fleet 1 moves first (there is no \"to move\" line) but has no pieces".into(),
                ),
            });
        }
        None => {}
    }
    Ok(pos)
}
