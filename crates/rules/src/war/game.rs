//! A Game of War being played: options, history, play and undo, and the outcome
//! (citadel win, no-move loss, repetition draw).

use super::board::{Side, Square};
use super::moves::Move;
use super::piece::Piece;
use super::position::{Position, Setup, SetupError};
use crate::game::{DrawReason, Game, Outcome};
use serde::{Deserialize, Serialize};

/// When a piece in the enemy citadel wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum CitadelWin {
    /// As soon as the opponent has no legal move that captures it (our reading).
    #[default]
    Immediate,
    /// Only after the opponent has made his move without capturing it (the book's letter).
    AfterReply,
}

/// What happens to a player who has no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum NoMove {
    /// He loses (our reading).
    #[default]
    Loss,
    /// The game is drawn.
    Draw,
}

/// Which enemy troops are offered, and so must be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Offered {
    /// Every enemy troop diagonally in front of one of my troops, whether or not the square
    /// beyond it is free (our reading).
    #[default]
    Diagonal,
    /// Only an enemy troop that one of my troops can jump: the square beyond it, diagonally,
    /// is on the board and empty (the book's "offered … to be taken by jumping, as in
    /// checkers", read strictly).
    Jumpable,
}

/// Rules options of the Game of War; the defaults are RULES.md's decisions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WarOptions {
    /// Who moves first (the book's game: Red; by lot otherwise).
    pub first: Side,
    /// When a piece in the enemy citadel wins.
    pub citadel_win: CitadelWin,
    /// What having no legal move means.
    pub no_move: NoMove,
    /// Law IX: after a position occurs for the third time, the game is drawn unless someone
    /// wins within this many further moves of each side. `None` turns the rule off.
    pub repetition_grace: Option<u32>,
    /// Law XI: seconds allowed per move in the app (`None`: no limit). The book's
    /// default is 300 seconds, then one more minute after "Time" is called.
    pub move_time_limit: Option<u32>,
    /// Which enemy troops count as offered to my troops, so that one must be taken.
    pub offered: Offered,
}

impl Default for WarOptions {
    fn default() -> Self {
        WarOptions {
            first: Side::Red,
            citadel_win: CitadelWin::Immediate,
            no_move: NoMove::Loss,
            repetition_grace: Some(20),
            move_time_limit: None,
            offered: Offered::Diagonal,
        }
    }
}

/// What `play` changed, so that `undo` can restore it exactly.
#[derive(Debug, Clone)]
struct Frame {
    mv: Move,
    mover: Piece,
    captured: Vec<(Square, Piece)>,
    /// The mover's citadel held an enemy piece before and after this move.
    failed_to_capture: bool,
    key: u64,
    /// Ply at which a position first occurred for the third time, if it has.
    repetition_since: Option<usize>,
}

/// A Game of War in progress.
#[derive(Debug, Clone)]
pub struct War {
    pos: Position,
    start: Position,
    options: WarOptions,
    frames: Vec<Frame>,
    start_key: u64,
}

impl War {
    /// The standard opening with the given options.
    pub fn new(options: WarOptions) -> War {
        let pos = Position::standard(options.first);
        War::from_position(pos, options)
    }

    /// A game from a checked position.
    pub fn from_position(pos: Position, options: WarOptions) -> War {
        War {
            start_key: pos.repetition_key(),
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
        }
    }

    /// A game from a setup's text form.
    pub fn from_setup_text(text: &str, options: WarOptions) -> Result<War, SetupError> {
        let pos = Position::from_setup(&Setup::parse(text)?)?;
        Ok(War::from_position(pos, options))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rules options.
    pub fn options(&self) -> &WarOptions {
        &self.options
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.mv)
    }

    /// The pieces each side has lost so far, in order.
    pub fn captured(&self) -> Vec<Piece> {
        self.frames
            .iter()
            .flat_map(|f| f.captured.iter().map(|(_, p)| *p))
            .collect()
    }

    /// How many more moves (plies) remain before the repetition draw, once a position has
    /// occurred three times.
    pub fn repetition_countdown(&self) -> Option<usize> {
        let grace = self.options.repetition_grace? as usize * 2;
        let since = self.frames.last()?.repetition_since?;
        Some((since + grace).saturating_sub(self.frames.len()))
    }

    fn outcome_with(&self, legal: &[Move]) -> Outcome<Side> {
        let to_move = self.pos.to_move();
        let last = to_move.other();
        if self.frames.last().is_some_and(|f| f.failed_to_capture) {
            return Outcome::Win(to_move);
        }
        if self.options.citadel_win == CitadelWin::Immediate {
            let citadel = Square::citadel(to_move);
            if matches!(self.pos.at(citadel), Some(p) if p.side == last)
                && !legal
                    .iter()
                    .any(|m| m.captures(&self.pos).contains(&citadel))
            {
                return Outcome::Win(last);
            }
        }
        if legal.is_empty() {
            return match self.options.no_move {
                NoMove::Loss => Outcome::Win(last),
                NoMove::Draw => Outcome::Draw(DrawReason::NoMove),
            };
        }
        if self.repetition_countdown() == Some(0) {
            return Outcome::Draw(DrawReason::Repetition);
        }
        Outcome::Ongoing
    }

    /// A 64-bit key of the current position (as repetition sees it).
    pub fn position_key(&self) -> u64 {
        self.frames.last().map_or(self.start_key, |f| f.key)
    }

    /// The move that was played last, if any.
    pub fn last_move(&self) -> Option<&Move> {
        self.frames.last().map(|f| &f.mv)
    }
}

impl Game for War {
    type Move = Move;
    type Player = Side;

    fn players(&self) -> Vec<Side> {
        vec![self.options.first, self.options.first.other()]
    }

    fn to_move(&self) -> Side {
        self.pos.to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let legal = self.pos.legal_moves(self.options.offered);
        if self.outcome_with(&legal).is_over() {
            return Vec::new();
        }
        legal
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let side = self.pos.to_move();
        let own_citadel = Square::citadel(side);
        let held_before = matches!(self.pos.at(own_citadel), Some(p) if p.side != side);
        let captured: Vec<(Square, Piece)> = mv
            .captures(&self.pos)
            .into_iter()
            .filter_map(|sq| self.pos.at(sq).map(|p| (sq, p)))
            .collect();
        let mover = match mv {
            Move::Fly { station, .. } => {
                let p = self
                    .pos
                    .on_station(side, *station)
                    .expect("flying machine on station");
                self.pos.put_station(side, *station, None);
                p
            }
            Move::Step { from, .. } | Move::Jump { from, .. } => {
                let p = self.pos.at(*from).expect("a piece to move");
                self.pos.put(*from, None);
                p
            }
        };
        for (sq, _) in &captured {
            self.pos.put(*sq, None);
        }
        self.pos.put(
            mv.destination(),
            Some(Piece {
                moved: true,
                ..mover
            }),
        );
        self.pos.set_to_move(side.other());
        let held_after = matches!(self.pos.at(own_citadel), Some(p) if p.side != side);
        let key = self.pos.repetition_key();
        let previous = self.frames.last().and_then(|f| f.repetition_since);
        let repetition_since = previous.or_else(|| {
            let seen = self.frames.iter().filter(|f| f.key == key).count()
                + usize::from(self.start_key == key);
            (seen >= 2).then_some(self.frames.len() + 1)
        });
        self.frames.push(Frame {
            mv: mv.clone(),
            mover,
            captured,
            failed_to_capture: held_before && held_after,
            key,
            repetition_since,
        });
    }

    fn undo(&mut self) -> Option<Move> {
        let frame = self.frames.pop()?;
        let side = frame.mover.side;
        self.pos.put(frame.mv.destination(), None);
        for (sq, p) in &frame.captured {
            self.pos.put(*sq, Some(*p));
        }
        match frame.mv {
            Move::Fly { station, .. } => self.pos.put_station(side, station, Some(frame.mover)),
            Move::Step { from, .. } | Move::Jump { from, .. } => {
                self.pos.put(from, Some(frame.mover))
            }
        }
        self.pos.set_to_move(side);
        Some(frame.mv)
    }

    fn outcome(&self) -> Outcome<Side> {
        self.outcome_with(&self.pos.legal_moves(self.options.offered))
    }

    fn why_illegal(&self, mv: &Move) -> String {
        super::explain::why_illegal(self, mv)
    }

    fn move_text(&self, mv: &Move) -> String {
        super::notation::print(&self.pos, &self.pos.legal_moves(self.options.offered), mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        let legal = self.legal_moves();
        super::notation::read(&self.pos, &legal, self.options.offered, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
