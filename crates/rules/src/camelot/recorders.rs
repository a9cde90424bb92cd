//! Where the generator puts the moves it finds: a list of moves, a counter, or a picker
//! that keeps them in order without building them, so that one can be taken by its index.

use super::board::Square;
use super::generate::{Leg, MAX_LEGS, next};
use super::moves::{Move, Step};
use super::path::Path;

/// Where the generator puts the moves it finds.
pub(super) trait Recorder {
    /// Whether `path` reads its `legs` (else the search need not keep them).
    const LEGS: bool = true;
    /// A one-step move (a plain move or a castle move).
    fn plain(&mut self, from: usize, to: usize);
    /// The plain moves from `from`, one for each direction `d` set in `dirs` (in the order
    /// of `d`).
    #[inline]
    fn plains(&mut self, from: usize, dirs: u8) {
        let mut dirs = dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            self.plain(from, next(from, d));
        }
    }
    /// A move of canters and jumps, the first `len` of `legs`; `capture` when some leg
    /// jumps.
    fn path(&mut self, from: usize, legs: &[Leg; MAX_LEGS], len: usize, capture: bool);
    /// The search adds a leg to its path (the recorder may follow the path leg by leg
    /// instead of reading `legs`).
    #[inline]
    fn enter(&mut self, _leg: Leg) {}
    /// The search takes the last leg off its path.
    #[inline]
    fn leave(&mut self) {}
}

/// Builds the moves.
pub(super) struct MoveList<'a>(pub(super) &'a mut Vec<Move>);

impl Recorder for MoveList<'_> {
    #[inline]
    fn plain(&mut self, from: usize, to: usize) {
        self.0.push(Move {
            from: Square::from_cell(from),
            steps: Path::one(Step::Plain, Square::from_cell(to)),
        });
    }

    #[inline]
    fn path(&mut self, from: usize, legs: &[Leg; MAX_LEGS], len: usize, _: bool) {
        self.0.push(Move {
            from: Square::from_cell(from),
            steps: Path::from_buffer(legs, len),
        });
    }
}

/// Only counts the moves, and the capturing ones.
#[derive(Default)]
pub(super) struct Counter {
    pub(super) total: usize,
    pub(super) captures: usize,
}

impl Recorder for Counter {
    const LEGS: bool = false;

    #[inline]
    fn plain(&mut self, _: usize, _: usize) {
        self.total += 1;
    }

    #[inline]
    fn plains(&mut self, _: usize, dirs: u8) {
        self.total += dirs.count_ones() as usize;
    }

    #[inline]
    fn path(&mut self, _: usize, _: &[Leg; MAX_LEGS], _: usize, capture: bool) {
        self.total += 1;
        self.captures += usize::from(capture);
    }
}

/// The moves of one piece as a [`Picker`] keeps them: its plain moves as directions, then
/// its leaps (and those of any pieces after it with no plain move) in `Picker::leaps` from
/// `first` on.
#[derive(Debug, Clone, Copy)]
struct Segment {
    from: usize,
    dirs: u8,
    first: usize,
    /// The index of its first plain move in the whole list.
    start: usize,
}

/// No leg yet: the root of a [`Picker`]'s tree of legs.
const ROOT: u32 = u32::MAX;

/// Keeps the moves in the order [`MoveList`] would list them, so that one move can be taken
/// by its index, but builds none: each piece's plain moves are one mask, and each leap is
/// the last leg of its path in a tree of the legs the search went through (a path shares the
/// legs it begins with with the paths found before it).
#[derive(Debug, Default)]
pub(crate) struct Picker {
    segments: Vec<Segment>,
    /// Each leap: where it starts and its last leg in `legs`.
    leaps: Vec<(usize, u32)>,
    /// The tree of legs: each leg and the leg before it (or [`ROOT`]).
    legs: Vec<(u32, Leg)>,
    /// The search's last leg.
    at: u32,
    /// The moves, when they are listed in full instead (a piece in its own castle).
    pub(super) list: Vec<Move>,
    pub(super) listed: bool,
    pub(super) total: usize,
}

impl Picker {
    /// An empty picker.
    pub(crate) const fn new() -> Picker {
        Picker {
            segments: Vec::new(),
            leaps: Vec::new(),
            legs: Vec::new(),
            at: ROOT,
            list: Vec::new(),
            listed: false,
            total: 0,
        }
    }

    pub(super) fn clear(&mut self) {
        self.segments.clear();
        self.segments.push(Segment {
            from: 0,
            dirs: 0,
            first: 0,
            start: 0,
        });
        self.leaps.clear();
        self.legs.clear();
        self.at = ROOT;
        self.list.clear();
        self.listed = false;
        self.total = 0;
    }

    /// How many moves it holds.
    pub(crate) fn len(&self) -> usize {
        self.total
    }

    /// The move at index `n` of the list (below [`Picker::len`]).
    pub(crate) fn take(&self, n: usize) -> Move {
        if self.listed {
            return self.list[n].clone();
        }
        // The segment holding it: the last to start at or before it (the first starts at 0).
        let seg = self.segments[self.segments.partition_point(|s| s.start <= n) - 1];
        let (at, k) = (n - seg.start, seg.dirs.count_ones() as usize);
        if at < k {
            let mut dirs = seg.dirs;
            for _ in 0..at {
                dirs &= dirs - 1;
            }
            let to = next(seg.from, dirs.trailing_zeros() as usize);
            return Move {
                from: Square::from_cell(seg.from),
                steps: Path::one(Step::Plain, Square::from_cell(to)),
            };
        }
        let (from, last) = self.leaps[seg.first + at - k];
        // The legs from the last back to the first, put in order from the end.
        let mut legs = [(Step::Plain, Square::FILLER); MAX_LEGS];
        let mut first = MAX_LEGS;
        let mut leg = last;
        while leg != ROOT {
            let (before, this) = self.legs[leg as usize];
            first -= 1;
            legs[first] = this;
            leg = before;
        }
        Move {
            from: Square::from_cell(from),
            steps: Path::from(&legs[first..]),
        }
    }
}

impl Recorder for Picker {
    const LEGS: bool = false;

    #[inline]
    fn plain(&mut self, from: usize, to: usize) {
        let d = (0..8)
            .find(|&d| next(from, d) == to)
            .expect("a plain move to a neighbour");
        self.plains(from, 1 << d);
    }

    #[inline]
    fn plains(&mut self, from: usize, dirs: u8) {
        if dirs != 0 {
            self.segments.push(Segment {
                from,
                dirs,
                first: self.leaps.len(),
                start: self.total,
            });
            self.total += dirs.count_ones() as usize;
        }
    }

    #[inline]
    fn enter(&mut self, leg: Leg) {
        self.legs.push((self.at, leg));
        self.at = (self.legs.len() - 1) as u32;
    }

    #[inline]
    fn leave(&mut self) {
        self.at = self.legs[self.at as usize].0;
    }

    #[inline]
    fn path(&mut self, from: usize, _: &[Leg; MAX_LEGS], _: usize, _: bool) {
        self.total += 1;
        self.leaps.push((from, self.at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camelot::moves::RuleSet;

    #[test]
    fn the_picker_holds_the_legal_moves_in_their_order() {
        use crate::Game;
        use crate::camelot::{Camelot, CamelotOptions};
        let mut picker = Picker::new();
        let mut castle_plies = 0;
        use crate::camelot::KnightLanding;
        for (rules, knight_landing) in [
            (RuleSet::Wcf, KnightLanding::JumpThere),
            (RuleSet::Parker1930, KnightLanding::JumpThere),
            (RuleSet::Wcf, KnightLanding::CaptureLater),
            (RuleSet::Parker1930, KnightLanding::CaptureLater),
        ] {
            let options = CamelotOptions {
                rules,
                knight_landing,
                ..CamelotOptions::default()
            };
            for seed in 0..12 {
                let mut played = Camelot::new(options.clone()).unwrap();
                let moves = crate::playout::random_playout(&mut played, seed, 400).moves;
                let mut game = Camelot::new(options.clone()).unwrap();
                for mv in moves {
                    let pos = game.position();
                    let limits = options.limits();
                    let legal = pos.legal_moves(&limits);
                    pos.legal_moves_picker(&limits, &mut picker);
                    assert_eq!(picker.len(), legal.len(), "{rules:?} seed {seed}");
                    for (n, m) in legal.iter().enumerate() {
                        assert_eq!(&picker.take(n), m, "{rules:?} seed {seed} move {n}");
                    }
                    castle_plies += usize::from(pos.in_castle(pos.to_move, pos.to_move) > 0);
                    game.play(&mv).unwrap();
                }
            }
        }
        assert!(
            castle_plies > 0,
            "some position had a piece in its own castle"
        );
    }
}
