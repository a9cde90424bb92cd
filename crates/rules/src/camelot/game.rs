//! A Camelot game in progress: options, history, play and undo, and the end of the game.

use super::board::{Side, Square};
use super::moves::{Limits, Move, RuleSet, Step};
use super::position::{Piece, Position, SetupError};
use crate::game::{DrawReason, Game, Outcome};
use serde::{Deserialize, Serialize};

/// Camelot's rules options; the defaults are the WCF rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CamelotOptions {
    /// WCF (default) or Parker 1930.
    pub rules: RuleSet,
    /// WCF: castle moves each player may make in a game.
    pub castle_move_limit: u8,
    /// WCF: moves by each player with no capture and no castle entry before a draw
    /// (`None`: no limit).
    pub no_progress_moves: Option<u32>,
}

impl Default for CamelotOptions {
    fn default() -> Self {
        CamelotOptions {
            rules: RuleSet::Wcf,
            castle_move_limit: 2,
            no_progress_moves: Some(50),
        }
    }
}

#[derive(Debug, Clone)]
struct Frame {
    mv: Move,
    mover: Piece,
    captured: Vec<(Square, Piece)>,
    castle_move: bool,
    key: u64,
    /// Plies since the last capture or castle entry, after this move.
    quiet: u32,
}

/// A Camelot game in progress.
#[derive(Debug, Clone)]
pub struct Camelot {
    pos: Position,
    start: Position,
    options: CamelotOptions,
    frames: Vec<Frame>,
    start_key: u64,
}

impl Camelot {
    /// The standard opening with these options.
    pub fn new(options: CamelotOptions) -> Camelot {
        Camelot::from_position(Position::standard(), options)
    }

    /// A game from a position.
    pub fn from_position(pos: Position, options: CamelotOptions) -> Camelot {
        Camelot {
            start_key: pos.repetition_key(),
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
        }
    }

    /// A game from the setup text form.
    pub fn from_setup_text(text: &str, options: CamelotOptions) -> Result<Camelot, SetupError> {
        Ok(Camelot::from_position(Position::parse(text)?, options))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rules options.
    pub fn options(&self) -> &CamelotOptions {
        &self.options
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.mv)
    }

    /// Pieces captured so far, in order.
    pub fn captured(&self) -> Vec<Piece> {
        self.frames
            .iter()
            .flat_map(|f| f.captured.iter().map(|c| c.1))
            .collect()
    }

    /// Plies since the last capture or castle entry.
    pub fn quiet_plies(&self) -> u32 {
        self.frames.last().map_or(0, |f| f.quiet)
    }

    fn limits(&self) -> Limits {
        Limits {
            rules: self.options.rules,
            castle_move_limit: self.options.castle_move_limit,
        }
    }

    /// How many times the current position has stood on the board (with the same side to
    /// move), this time included.
    pub fn repetition_count(&self) -> usize {
        let key = self.frames.last().map_or(self.start_key, |f| f.key);
        self.frames.iter().filter(|f| f.key == key).count() + usize::from(self.start_key == key)
    }

    fn outcome_with(&self, has_moves: bool) -> Outcome<Side> {
        let to_move = self.pos.to_move();
        let last = to_move.other();
        let in_castle = |side: Side| {
            Square::castle(side.other())
                .iter()
                .filter(|sq| matches!(self.pos.at(**sq), Some(p) if p.side == side))
                .count()
        };
        let (mine, theirs) = (self.pos.count(last), self.pos.count(to_move));
        for side in [last, to_move] {
            if in_castle(side) == 2 {
                return Outcome::Win(side);
            }
        }
        let wcf = self.options.rules == RuleSet::Wcf;
        if theirs == 0 {
            return if !wcf || mine >= 2 {
                Outcome::Win(last)
            } else {
                Outcome::Draw(DrawReason::InsufficientMaterial)
            };
        }
        if wcf && mine == 1 && theirs == 1 {
            return Outcome::Draw(DrawReason::InsufficientMaterial);
        }
        if !has_moves {
            return if !wcf || mine >= 2 {
                Outcome::Win(last)
            } else {
                Outcome::Draw(DrawReason::NoMove)
            };
        }
        if wcf && self.repetition_count() >= 3 {
            return Outcome::Draw(DrawReason::Repetition);
        }
        if wcf
            && let Some(n) = self.options.no_progress_moves
            && self.quiet_plies() >= 2 * n
        {
            return Outcome::Draw(DrawReason::MoveLimit);
        }
        Outcome::Ongoing
    }

    /// A 64-bit key of the current position (pieces, side to move, castle moves).
    pub fn position_key(&self) -> u64 {
        self.frames.last().map_or(self.start_key, |f| f.key)
    }

    /// Why the piece on `from` has no legal move now (for a player who picked it).
    pub fn why_stuck(&self, from: Square) -> String {
        match self
            .pos
            .pseudo_moves(&self.limits())
            .into_iter()
            .find(|m| m.from == from)
        {
            Some(probe) => self.why_illegal(&probe),
            None => "it has no empty square to move to and nothing to leap".into(),
        }
    }

    /// The legal moves ignoring whether the game has ended.
    pub fn raw_legal_moves(&self) -> Vec<Move> {
        self.pos.legal_moves(&self.limits())
    }
}

impl Game for Camelot {
    type Move = Move;
    type Player = Side;

    fn players(&self) -> Vec<Side> {
        vec![Side::White, Side::Black]
    }

    fn to_move(&self) -> Side {
        self.pos.to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let legal = self.raw_legal_moves();
        if self.outcome_with(!legal.is_empty()).is_over() {
            return Vec::new();
        }
        legal
    }

    fn legal_move_count(&self) -> usize {
        let n = self.pos.legal_count(&self.limits());
        if self.outcome_with(n > 0).is_over() {
            0
        } else {
            n
        }
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let side = self.pos.to_move();
        let mover = self.pos.at(mv.from).expect("a piece to move");
        self.pos.board[mv.from.index()] = None;
        let captured: Vec<(Square, Piece)> = mv
            .captures()
            .into_iter()
            .filter_map(|sq| self.pos.board[sq.index()].take().map(|p| (sq, p)))
            .collect();
        let dest = mv.destination();
        self.pos.board[dest.index()] = Some(mover);
        let enemy = side.other();
        let castle_move = mv.from.in_castle_of(enemy) && dest.in_castle_of(enemy);
        if castle_move {
            self.pos.castle_moves[side.index()] += 1;
        }
        let entered = dest.in_castle_of(enemy) && !mv.from.in_castle_of(enemy);
        self.pos.to_move = enemy;
        let quiet = if captured.is_empty() && !entered {
            self.quiet_plies() + 1
        } else {
            0
        };
        self.frames.push(Frame {
            mv: mv.clone(),
            mover,
            captured,
            castle_move,
            key: self.pos.repetition_key(),
            quiet,
        });
    }

    fn undo(&mut self) -> Option<Move> {
        let frame = self.frames.pop()?;
        let side = frame.mover.side;
        self.pos.board[frame.mv.destination().index()] = None;
        for (sq, p) in &frame.captured {
            self.pos.board[sq.index()] = Some(*p);
        }
        self.pos.board[frame.mv.from.index()] = Some(frame.mover);
        if frame.castle_move {
            self.pos.castle_moves[side.index()] -= 1;
        }
        self.pos.to_move = side;
        Some(frame.mv)
    }

    fn outcome(&self) -> Outcome<Side> {
        self.outcome_with(self.pos.legal_count(&self.limits()) > 0)
    }

    fn why_illegal(&self, mv: &Move) -> String {
        let side = self.pos.to_move();
        match self.pos.at(mv.from) {
            None => return format!("there is no piece on {}", mv.from),
            Some(p) if p.side != side => {
                return format!("that piece is not yours: it is {side}'s turn");
            }
            _ => {}
        }
        let pseudo = self.pos.pseudo_moves(&self.limits());
        if pseudo.contains(mv) {
            let own = Square::castle(side);
            if own
                .iter()
                .any(|sq| matches!(self.pos.at(*sq), Some(p) if p.side == side))
            {
                return "a piece in its own castle must leave it first".into();
            }
            return "a piece can jump, so a capture is compulsory".into();
        }
        let n = mv.steps.len();
        if n > 0
            && mv.steps.iter().all(|s| s.0 == Step::Canter)
            && pseudo.iter().any(|m| {
                m.from == mv.from
                    && m.steps.len() > n
                    && m.steps[..n] == mv.steps[..]
                    && m.steps[n].0 == Step::Jump
            })
        {
            return format!(
                "the knight's canter lands on {} beside an enemy piece it can jump: it must \
                 jump it (or canter on)",
                mv.destination()
            );
        }
        "no such plain move, canter, jump or charge".into()
    }

    fn move_text(&self, mv: &Move) -> String {
        super::notation::print(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(&self.legal_moves(), text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
