//! A Camelot game in progress: options and their ranges, history, play and undo, and the
//! end of the game.

use super::board::{Side, Square, in_castle};
use super::moves::{KnightLanding, Limits, Move, Picker, RuleSet, Step};
use super::position::{MAX_CASTLE_MOVES, Piece, Position, Setup, SetupError};
use crate::game::{DrawReason, Game, Outcome, PlayError};
use crate::registry::About;
use serde::{Deserialize, Serialize};

/// The highest `no_progress_moves`.
pub const MAX_NO_PROGRESS_MOVES: u32 = 10_000;

/// Camelot's rules options; the defaults are the WCF rules. Read from RON, every number is
/// checked against its range ([`CamelotOptions::check`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawOptions")]
pub struct CamelotOptions {
    /// WCF (default) or Parker 1930.
    pub rules: RuleSet,
    /// WCF: castle moves each player may make in a game (0 to 100; the WCF rules say 2).
    pub castle_move_limit: u8,
    /// Moves by each player without progress before the game is drawn (1 to 10,000; `None`:
    /// no limit). WCF: progress is a capture or an entry into the enemy castle, and the
    /// rules say 50. Parker 1930: the patent names no draw; we end a game after this many
    /// moves each without a capture (entering a goal is no progress there, since the piece
    /// may leave it again).
    pub no_progress_moves: Option<u32>,
    /// What a knight must do whose canter lands beside an enemy piece it can jump: jump from
    /// there (the default, both rule sets), or canter on and capture later in the move.
    pub knight_landing: KnightLanding,
}

impl Default for CamelotOptions {
    fn default() -> Self {
        CamelotOptions {
            rules: RuleSet::Wcf,
            castle_move_limit: 2,
            no_progress_moves: Some(50),
            knight_landing: KnightLanding::JumpThere,
        }
    }
}

/// Options as written, before their ranges are checked.
#[derive(Deserialize)]
#[serde(rename = "CamelotOptions", default, deny_unknown_fields)]
struct RawOptions {
    rules: RuleSet,
    castle_move_limit: i64,
    no_progress_moves: Option<i64>,
    knight_landing: KnightLanding,
}

impl Default for RawOptions {
    fn default() -> Self {
        let o = CamelotOptions::default();
        RawOptions {
            rules: o.rules,
            castle_move_limit: o.castle_move_limit.into(),
            no_progress_moves: o.no_progress_moves.map(i64::from),
            knight_landing: o.knight_landing,
        }
    }
}

impl TryFrom<RawOptions> for CamelotOptions {
    type Error = OptionsError;

    fn try_from(raw: RawOptions) -> Result<CamelotOptions, OptionsError> {
        let castle_move_limit = in_range(
            "castle_move_limit",
            raw.castle_move_limit,
            0,
            MAX_CASTLE_MOVES.into(),
            "",
        )?;
        let no_progress_moves = raw
            .no_progress_moves
            .map(|n| {
                in_range(
                    "no_progress_moves",
                    n,
                    1,
                    MAX_NO_PROGRESS_MOVES.into(),
                    " (or None, for no limit)",
                )
            })
            .transpose()?;
        Ok(CamelotOptions {
            rules: raw.rules,
            castle_move_limit: castle_move_limit as u8,
            no_progress_moves: no_progress_moves.map(|n| n as u32),
            knight_landing: raw.knight_landing,
        })
    }
}

fn in_range(
    field: &'static str,
    value: i64,
    min: i64,
    max: i64,
    or: &'static str,
) -> Result<i64, OptionsError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(OptionsError::OutOfRange {
            field,
            value,
            min,
            max,
            or,
        })
    }
}

/// Why rules options cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A number outside its range.
    #[error("{field} is {value}; it must be from {min} to {max}{or}")]
    OutOfRange {
        /// The option's field.
        field: &'static str,
        /// The value given.
        value: i64,
        /// The lowest value allowed.
        min: i64,
        /// The highest value allowed.
        max: i64,
        /// What else is allowed, if anything (" (or None, for no limit)").
        or: &'static str,
    },
}

impl CamelotOptions {
    /// Checks every number against its range: `castle_move_limit` 0 to 100,
    /// `no_progress_moves` 1 to 10,000 or `None`.
    pub fn check(&self) -> Result<(), OptionsError> {
        in_range(
            "castle_move_limit",
            self.castle_move_limit.into(),
            0,
            MAX_CASTLE_MOVES.into(),
            "",
        )?;
        if let Some(n) = self.no_progress_moves {
            in_range(
                "no_progress_moves",
                n.into(),
                1,
                MAX_NO_PROGRESS_MOVES.into(),
                " (or None, for no limit)",
            )?;
        }
        Ok(())
    }

    /// What the move generator needs of the options.
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            rules: self.rules,
            castle_move_limit: self.castle_move_limit,
            knight_landing: self.knight_landing,
        }
    }

    /// Checks castle moves against these options: at most `castle_move_limit` under WCF,
    /// none under Parker 1930 (which does not count them). `line` is where a setup text
    /// gives them.
    fn check_castle_moves(&self, counts: [u8; 2], line: Option<usize>) -> Result<(), SetupError> {
        for side in Side::ALL {
            let count = counts[side.index()];
            if count == 0 {
                continue;
            }
            if self.rules != RuleSet::Wcf {
                return Err(SetupError::CastleMovesNotCounted { line });
            }
            if count > self.castle_move_limit {
                return Err(SetupError::CastleMoves {
                    line,
                    side,
                    count,
                    limit: self.castle_move_limit,
                });
            }
        }
        Ok(())
    }
}

/// A piece a Camelot move captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capture {
    /// The square it stood on.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
    /// How many legs of the move come before it is taken, its jump included (1 for a
    /// capture by the first leg): a view takes it off once the jumper has landed that far.
    pub leg: usize,
}

/// What a Camelot move did ([`Game::play_effect`]): enough to show it without comparing
/// positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CamelotEffect {
    /// The piece that moved.
    pub mover: Piece,
    /// The square it left.
    pub from: Square,
    /// Each square it landed on, leg by leg; the last is where it stands now.
    pub path: Vec<Square>,
    /// The pieces it captured, in the order jumped.
    pub captured: Vec<Capture>,
    /// Whether this was a castle move (WCF: a move within the enemy castle, counted
    /// against `castle_move_limit`).
    pub castle_move: bool,
}

#[derive(Debug, Clone)]
struct Frame {
    mv: Move,
    mover: Piece,
    /// Pieces this move captured (the last ones on the game's list).
    captured: u8,
    castle_move: bool,
    /// Plies since the last progress (see [`CamelotOptions::no_progress_moves`]), after this
    /// move.
    quiet: u32,
}

/// A Camelot game in progress.
#[derive(Debug, Clone)]
pub struct Camelot {
    pos: Position,
    start: Position,
    options: CamelotOptions,
    limits: Limits,
    frames: Vec<Frame>,
    /// The position's key after each move, in order (kept apart from `frames`, so that
    /// looking for repetitions reads them close together).
    keys: Vec<u64>,
    /// The pieces captured, in order, with their squares.
    taken: Vec<(Square, Piece)>,
    /// Who resigned (Law X): the game is his opponent's.
    resigned: crate::resign::Resigned<Side>,
}

impl Camelot {
    /// The standard opening with these options; refused if an option is out of range.
    pub fn new(options: CamelotOptions) -> Result<Camelot, OptionsError> {
        options.check()?;
        Ok(Camelot::start_unchecked(Position::standard(), options))
    }

    /// A game from a position; refused if an option is out of range or the position's
    /// castle moves do not fit the options.
    pub fn from_position(pos: Position, options: CamelotOptions) -> Result<Camelot, SetupError> {
        options.check()?;
        options.check_castle_moves(pos.castle_moves, None)?;
        Ok(Camelot::start_unchecked(pos, options))
    }

    /// A game from the setup text form (see [`Setup::parse`]).
    pub fn from_setup_text(text: &str, options: CamelotOptions) -> Result<Camelot, SetupError> {
        let pos = <Camelot as Game>::parse_setup(text, &options)?;
        Ok(Camelot::start_unchecked(pos, options))
    }

    fn start_unchecked(pos: Position, options: CamelotOptions) -> Camelot {
        Camelot {
            start: pos.clone(),
            pos,
            limits: options.limits(),
            options,
            frames: Vec::with_capacity(256),
            keys: Vec::with_capacity(256),
            taken: Vec::with_capacity(28),
            resigned: Default::default(),
        }
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
        self.taken.iter().map(|c| c.1).collect()
    }

    /// Plies since the last progress: a capture, or (WCF) an entry into the enemy castle.
    pub fn quiet_plies(&self) -> u32 {
        self.frames.last().map_or(0, |f| f.quiet)
    }

    /// The position's key after `ply` plies (0: the start).
    fn key_at(&self, ply: usize) -> u64 {
        match ply {
            0 => self.start.key(),
            p => self.keys[p - 1],
        }
    }

    /// How many times the current position has stood on the board (with the same side to
    /// move), this time included. Only the positions since the last progress can match: a
    /// capture cannot be undone, nor (WCF) an entry into the enemy castle.
    pub fn repetition_count(&self) -> usize {
        let key = self.pos.key();
        let n = self.frames.len();
        let first = n - (self.quiet_plies() as usize).min(n);
        let mut count = 1;
        let mut ply = n;
        while ply >= first + 2 {
            ply -= 2;
            count += usize::from(self.key_at(ply) == key);
        }
        count
    }

    /// The outcome; `has_moves` says whether the side to move has a legal move, asked only
    /// when needed.
    fn outcome_with(&self, has_moves: impl FnOnce() -> bool) -> Outcome<Side> {
        if let Some(side) = self.resigned.first() {
            return Outcome::Win(side.other());
        }
        let pos = &self.pos;
        let to_move = pos.to_move();
        let last = to_move.other();
        for side in [last, to_move] {
            if pos.in_castle(side, side.other()) == 2 {
                return Outcome::Win(side);
            }
        }
        let (mine, theirs) = (pos.count(last), pos.count(to_move));
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
        if !has_moves() {
            return if !wcf || mine >= 2 {
                Outcome::Win(last)
            } else {
                Outcome::Draw(DrawReason::NoMove)
            };
        }
        if wcf && self.repetition_count() >= 3 {
            return Outcome::Draw(DrawReason::Repetition);
        }
        if let Some(n) = self.options.no_progress_moves
            && u64::from(self.quiet_plies()) >= 2 * u64::from(n)
        {
            return Outcome::Draw(DrawReason::MoveLimit);
        }
        Outcome::Ongoing
    }

    /// The Zobrist key of the current position (pieces, side to move, castle moves), kept
    /// as moves are played and undone: for repetition and transposition tables.
    pub fn key(&self) -> u64 {
        self.pos.key()
    }

    /// The same as [`Camelot::key`].
    pub fn position_key(&self) -> u64 {
        self.pos.key()
    }

    /// Why the piece on `from` has no legal move now (for a player who picked it).
    pub fn why_stuck(&self, from: Square) -> String {
        match self
            .pos
            .pseudo_moves(&self.limits)
            .into_iter()
            .find(|m| m.from == from)
        {
            Some(probe) => self.why_illegal(&probe),
            None => "it has no empty square to move to and nothing to leap".into(),
        }
    }

    /// Why a knight's chain of canters is no move: one of its landings is beside an enemy
    /// piece the knight can jump (the pseudo-legal moves `pseudo` jump from there), and it
    /// went on cantering, or stopped there, without capturing.
    fn why_canter_refused(&self, mv: &Move, pseudo: &[Move]) -> Option<String> {
        let n = mv.steps.len();
        if n == 0 || mv.steps.iter().any(|s| s.0 != Step::Canter) {
            return None;
        }
        // The first landing from which the knight could jump.
        let k = (1..=n).find(|&k| {
            pseudo.iter().any(|m| {
                m.from == mv.from
                    && m.steps.len() > k
                    && m.steps[..k] == mv.steps[..k]
                    && m.steps[k].0 == Step::Jump
            })
        })?;
        let at = mv.steps[k - 1].1;
        let beside = format!("the knight's canter lands on {at} beside an enemy piece it can jump");
        Some(match self.options.knight_landing {
            KnightLanding::JumpThere if k == n => format!("{beside}: it must jump it"),
            KnightLanding::JumpThere => {
                format!("{beside}: it must jump from there, not canter on")
            }
            KnightLanding::CaptureLater => {
                format!("{beside}: it must capture before its move ends")
            }
        })
    }

    /// The legal moves ignoring whether the game has ended.
    pub fn raw_legal_moves(&self) -> Vec<Move> {
        self.pos.legal_moves(&self.limits)
    }
}

impl Game for Camelot {
    type Move = Move;
    type Player = Side;
    type Options = CamelotOptions;
    type Setup = Position;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = CamelotEffect;
    type PositionKey = Position;

    const ABOUT: About = About {
        name: "camelot",
        aliases: &[],
        title: "Camelot",
        noun: "Camelot",
        summary: "Parker's Camelot (1930).",
        blurb: "George S. Parker, 1930. Men and knights jump and canter into the enemy's castle.",
        screen_order: &[0, 1, 2, 3],
        chance: false,
    };

    fn is_square_name(text: &str) -> bool {
        crate::camelot::Square::parse(text.trim()).is_some()
    }

    fn position_key(&self) -> Position {
        self.position().clone()
    }

    fn from_options(options: CamelotOptions) -> Result<Camelot, OptionsError> {
        Camelot::new(options)
    }

    /// A [`Position`] is checked when it is built ([`Position::from_setup`]); here the options
    /// are, and the castle moves against them.
    fn from_setup(setup: Position, options: CamelotOptions) -> Result<Camelot, SetupError> {
        Camelot::from_position(setup, options)
    }

    fn parse_setup(text: &str, options: &CamelotOptions) -> Result<Position, SetupError> {
        options.check()?;
        let setup = Setup::parse(text)?;
        if let Some((counts, line)) = setup.castle_moves {
            options.check_castle_moves(counts, Some(line))?;
        }
        Position::from_setup(&setup)
    }

    fn setup_text(setup: &Position) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        self.start == Position::standard()
    }

    fn options(&self) -> &CamelotOptions {
        &self.options
    }

    fn start(&self) -> &Position {
        &self.start
    }

    fn history(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.mv.clone()).collect()
    }

    fn play_effect(&mut self, mv: &Move) -> Result<CamelotEffect, PlayError> {
        crate::game::check_move(self, mv)?;
        let taken_before = self.taken.len();
        self.play_unchecked(mv);
        let frame = self.frames.last().expect("the move just played");
        let jumps: Vec<usize> = mv
            .steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.0 == Step::Jump)
            .map(|(i, _)| i + 1)
            .collect();
        let captured = self.taken[taken_before..]
            .iter()
            .zip(jumps)
            .map(|(&(square, piece), leg)| Capture { square, piece, leg })
            .collect();
        Ok(CamelotEffect {
            mover: frame.mover,
            from: mv.from,
            path: mv.path(),
            captured,
            castle_move: frame.castle_move,
        })
    }

    fn players(&self) -> Vec<Side> {
        vec![Side::White, Side::Black]
    }

    fn to_move(&self) -> Side {
        self.pos.to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let legal = self.raw_legal_moves();
        if self.outcome_with(|| !legal.is_empty()).is_over() {
            return Vec::new();
        }
        legal
    }

    fn legal_move_count(&self) -> usize {
        let n = self.pos.legal_count(&self.limits);
        if self.outcome_with(|| n > 0).is_over() {
            0
        } else {
            n
        }
    }

    fn choose_legal_move(&self, choose: impl FnOnce(usize) -> usize) -> Option<Move> {
        thread_local! {
            /// The moves kept between calls, so that a playout allocates none per move (and
            /// builds only the leaps: see `Picker`).
            static SCRATCH: std::cell::Cell<Picker> = const { std::cell::Cell::new(Picker::new()) };
        }
        let mut moves = SCRATCH.take();
        self.pos.legal_moves_picker(&self.limits, &mut moves);
        let count = moves.len();
        let chosen = if count == 0 || self.outcome_with(|| true).is_over() {
            None
        } else {
            let n = choose(count);
            (n < count).then(|| moves.take(n))
        };
        SCRATCH.set(moves);
        chosen
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let side = self.pos.to_move();
        let enemy = side.other();
        let from = mv.from.cell();
        let mover = self.pos.take(from).expect("a piece to move");
        let mut at = from;
        let mut captured = 0;
        for &(step, land) in mv.steps.iter() {
            let land = land.cell();
            if step == Step::Jump {
                let over = (at + land) / 2;
                if let Some(p) = self.pos.take(over) {
                    self.taken.push((Square::from_cell(over), p));
                    captured += 1;
                }
            }
            at = land;
        }
        self.pos.put(at, mover);
        let wcf = self.options.rules == RuleSet::Wcf;
        let castle_move = wcf && in_castle(from, enemy) && in_castle(at, enemy);
        if castle_move {
            let n = self.pos.castle_moves(side);
            self.pos.set_castle_moves(side, n.saturating_add(1));
        }
        let entered = in_castle(at, enemy) && !in_castle(from, enemy);
        self.pos.pass_turn();
        let quiet = if captured > 0 || (wcf && entered) {
            0
        } else {
            self.quiet_plies().saturating_add(1)
        };
        self.keys.push(self.pos.key());
        self.frames.push(Frame {
            mv: mv.clone(),
            mover,
            captured,
            castle_move,
            quiet,
        });
    }

    fn undo(&mut self) -> Option<Move> {
        while self.unresign().is_some() {}
        let frame = self.frames.pop()?;
        self.keys.pop();
        let side = frame.mover.side;
        self.pos.pass_turn();
        if frame.castle_move {
            let n = self.pos.castle_moves(side);
            self.pos.set_castle_moves(side, n - 1);
        }
        self.pos.take(frame.mv.destination().cell());
        for _ in 0..frame.captured {
            let (sq, p) = self.taken.pop().expect("the captured pieces");
            self.pos.put(sq.cell(), p);
        }
        self.pos.put(frame.mv.from.cell(), frame.mover);
        Some(frame.mv)
    }

    fn outcome(&self) -> Outcome<Side> {
        self.outcome_with(|| self.pos.has_legal_move(&self.limits))
    }

    fn captured(effect: &CamelotEffect) -> usize {
        effect.captured.len()
    }

    fn reaches(&self, _mv: &Move, effect: &CamelotEffect, square: &str) -> bool {
        let target = Square::parse(square.trim());
        target.is_some() && effect.path.last().copied() == target
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
        let pseudo = self.pos.pseudo_moves(&self.limits);
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
        if let Some(why) = self.why_canter_refused(mv, &pseudo) {
            return why;
        }
        "no such plain move, canter, jump or charge".into()
    }

    /// The piece's square, then each landing in turn; a canter or charge that could go on
    /// ends with [`crate::game::STOP`] where it stops.
    fn click_path(&self, mv: &Move) -> Vec<String> {
        std::iter::once(mv.from)
            .chain(mv.path())
            .map(|sq| sq.to_string())
            .collect()
    }

    fn move_text(&self, mv: &Move) -> String {
        super::notation::print(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(&self.legal_moves(), text)
    }

    /// A move only a rule of the position forbids (a compulsory capture, a piece that must
    /// leave its castle), a jump that stops while it can go on, a knight's canter that goes
    /// past a jump it owes.
    fn why_refused(&self, text: &str) -> Option<String> {
        use super::notation::{parse, read};
        let legal = self.legal_moves();
        if read(&legal, text).is_ok() {
            return None;
        }
        let pseudo = self.pos.pseudo_moves(&self.limits);
        if let Ok(mv) = read(&pseudo, text) {
            return Some(self.why_illegal(&mv));
        }
        let san = parse(text).ok()?;
        let mut at = san.from;
        let steps = san.legs.iter().map(|&(x, to)| {
            let far = (at.file() - to.file())
                .abs()
                .max((at.rank() - to.rank()).abs());
            at = to;
            let step = match (x, far) {
                (true, _) => Step::Jump,
                (false, 1) => Step::Plain,
                (false, _) => Step::Canter,
            };
            (step, to)
        });
        let written = Move {
            from: san.from,
            steps: steps.collect(),
        };
        let stopped = legal
            .iter()
            .any(|m| m.from == written.from && m.steps.starts_with(&written.steps[..]));
        if stopped && written.steps.last().is_some_and(|s| s.0 == Step::Jump) {
            return Some(format!(
                "a jump goes on while it can: from {} it must jump again",
                written.destination()
            ));
        }
        self.why_canter_refused(&written, &pseudo)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }

    fn resignations(&self) -> Vec<crate::resign::Resignation<Side>> {
        self.resigned.list()
    }

    fn resign(&mut self, player: Side) -> Result<(), PlayError> {
        crate::resign::check(self, &player)?;
        self.resigned.push(player, self.ply(), ());
        Ok(())
    }

    fn unresign(&mut self) -> Option<Side> {
        self.resigned.pop_at(self.ply()).map(|(player, ())| player)
    }
}
