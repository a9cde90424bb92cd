//! A Transport game: fleets, reserves, turns of one action (move a main piece, launch an
//! auxiliary, advance one), entering and passing squares by the vulnerability table, the
//! end when transports are sunk, and the draw of a game that goes nowhere.
//!
//! Positions and actions have their own modules; their items are named here too.

use super::board::Sq;
use super::movegen::Runs;
use super::pieces::{Kind, Piece};
use crate::registry::About;
use crate::game::{DrawReason, Game, Outcome, PlayError};
use std::fmt;

pub(super) use super::moves::Record;
pub use super::moves::{Illegal, Move, TransportEffect};

/// The click-path spot of an auxiliary's advance that takes it off the board
/// ([`Game::click_path`]).
pub const OFF_BOARD: &str = "off the board";
pub use super::options::{Mode, OptionsError, PlanePassing, TransportOptions};
pub use super::position::Position;
pub(super) use super::position::{Rules, aux_index};
pub use super::setup::SetupError;

thread_local! {
    /// The list [`Game::choose_legal_move`] fills, kept for its room.
    static RUNS: std::cell::Cell<Runs> = std::cell::Cell::new(Runs::default());
}

/// A fleet's name: "Fleet 1" to "Fleet 4".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fleet(pub u8);

impl fmt::Display for Fleet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fleet {}", self.0 + 1)
    }
}

/// What undoing an action restores: the position's state but the pieces, and where the
/// pieces' changes since it begin in the game's log.
#[derive(Debug, Clone)]
struct Frame {
    mv: Move,
    quiet: u32,
    log_len: usize,
    reserve: [[u8; 3]; 4],
    out: [bool; 4],
    to_move: u8,
    key: u64,
}

/// A change to the pieces, as undoing it needs.
#[derive(Debug, Clone)]
enum Change {
    /// The piece at this place was replaced; it was this.
    Replaced(usize, Piece),
    /// A piece was put after the others.
    Pushed,
    /// This piece was taken out from this place.
    Taken(usize, Piece),
}

/// A [`Record`] that logs the changes to the pieces, and tells the rest to `inner`.
struct Journal<'a, R> {
    log: &'a mut Vec<Change>,
    inner: &'a mut R,
}

impl<R: Record> Record for Journal<'_, R> {
    fn sunk(&mut self, piece: Piece) {
        self.inner.sunk(piece);
    }
    fn removed(&mut self, piece: Piece) {
        self.inner.removed(piece);
    }
    fn out(&mut self, fleet: u8) {
        self.inner.out(fleet);
    }
    fn returned(&mut self) {
        self.inner.returned();
    }
    fn replaced(&mut self, i: usize, old: Piece) {
        self.log.push(Change::Replaced(i, old));
    }
    fn pushed(&mut self) {
        self.log.push(Change::Pushed);
    }
    fn taken(&mut self, i: usize, old: Piece) {
        self.log.push(Change::Taken(i, old));
    }
}

/// A Transport game in progress.
#[derive(Debug, Clone)]
pub struct Transport {
    pos: Position,
    start: Position,
    options: TransportOptions,
    frames: Vec<Frame>,
    /// The changes to the pieces of the actions played, in order (see [`Frame`]).
    log: Vec<Change>,
    /// Actions in a row with nothing sunk.
    quiet: u32,
    /// The fleets that resigned (Law X), each with the position before it did.
    resigned: crate::resign::Resigned<Fleet, Position>,
}

impl Transport {
    /// The standard setup for these options, which are checked first.
    pub fn new(options: TransportOptions) -> Result<Transport, OptionsError> {
        options.check()?;
        let pos = Position::standard(&options).map_err(|e| match e {
            SetupError::Options(e) => e,
            other => unreachable!("the standard setups are read without fault: {other}"),
        })?;
        Ok(Transport::from_position(pos, options))
    }

    /// A game from a position, played under `options` (its rules options replace the
    /// position's own; its limits end the game). The position is taken as it is, unchecked:
    /// for one from a game or a setup already read; [`Transport::from_checked_position`]
    /// checks it.
    pub fn from_position(pos: Position, options: TransportOptions) -> Transport {
        let mut pos = pos;
        pos.rules = Rules::of(&options);
        Transport {
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
            log: Vec::new(),
            quiet: 0,
            resigned: Default::default(),
        }
    }

    /// A game from a position, checked ([`Position::check`]) under `options`, whose board
    /// size and mode the position's replace (as a setup text's `Size:` and `Mode:` do).
    pub fn from_checked_position(
        pos: Position,
        options: TransportOptions,
    ) -> Result<Transport, SetupError> {
        pos.check(&options)?;
        let mut options = options;
        options.size = pos.size;
        options.mode = pos.mode;
        Ok(Transport::from_position(pos, options))
    }

    /// A game from the setup text form, under `options` (checked first; the text's
    /// `Size:` and `Mode:` replace theirs).
    pub fn from_setup_text(text: &str, options: TransportOptions) -> Result<Transport, SetupError> {
        let pos = Position::parse(text, &options)?;
        let mut options = options;
        options.mode = pos.mode;
        options.size = pos.size;
        Ok(Transport::from_position(pos, options))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The options.
    pub fn options(&self) -> &TransportOptions {
        &self.options
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.mv)
    }

    /// The current position's hash key (see [`Position::key`]).
    pub fn key(&self) -> u64 {
        self.pos.key()
    }

    /// Actions played in a row with nothing sunk (counted toward `no_progress_actions`).
    pub fn quiet_actions(&self) -> u32 {
        self.quiet
    }

    /// Plays a legal action, telling `rec` what it sinks and sends back to reserve.
    fn apply(&mut self, mv: &Move, rec: &mut impl Record) {
        let frame = Frame {
            mv: mv.clone(),
            quiet: self.quiet,
            log_len: self.log.len(),
            reserve: self.pos.reserve,
            out: self.pos.out,
            to_move: self.pos.to_move,
            key: self.pos.key,
        };
        let mut journal = Journal {
            log: &mut self.log,
            inner: rec,
        };
        let sank = self.pos.apply_with(mv, &mut journal).expect("a legal move");
        self.frames.push(frame);
        self.quiet = if sank {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        debug_assert_eq!(self.pos.key, self.pos.compute_key(), "the key after {mv:?}");
        debug_assert_eq!(
            self.pos.occupancy,
            self.pos.compute_occupancy(),
            "the occupancy after {mv:?}"
        );
    }

    /// The fleets of the team (or the lone fleet) of `fleet`.
    pub fn side_of(&self, fleet: u8) -> Vec<Fleet> {
        match self.pos.mode {
            Mode::Teams => vec![Fleet(fleet % 2), Fleet(fleet % 2 + 2)],
            _ => vec![Fleet(fleet)],
        }
    }
}

impl Game for Transport {
    type Move = Move;
    type Player = Fleet;
    type Options = TransportOptions;
    type Setup = Position;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = TransportEffect;
    type PositionKey = Position;

    const ABOUT: About = About {
        name: "transport",
        aliases: &[],
        title: "Transport",
        noun: "Transport",
        summary: "Paschal's naval game (1947).",
        blurb: "Guy Paschal, 1947. Fleets at sea, in the air and under water hunt the enemy transport.",
        screen_order: &[0, 1, 2, 3, 4, 5],
        chance: false,
    };

    fn is_square_name(text: &str) -> bool {
        crate::transport::Sq::parse(text.trim()).is_some()
    }

    fn position_key(&self) -> Position {
        self.position().clone()
    }

    fn from_options(options: TransportOptions) -> Result<Transport, OptionsError> {
        Transport::new(options)
    }

    /// The position's board size and mode replace the options' (as a setup text's `Size:`
    /// and `Mode:` lines do); the other options are checked, and the position against them
    /// ([`Position::check`]).
    fn from_setup(setup: Position, options: TransportOptions) -> Result<Transport, SetupError> {
        Transport::from_checked_position(setup, options)
    }

    fn parse_setup(text: &str, options: &TransportOptions) -> Result<Position, SetupError> {
        Position::parse(text, options)
    }

    fn setup_text(setup: &Position) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        Position::standard(&self.options).is_ok_and(|p| p == self.start)
    }

    fn options(&self) -> &TransportOptions {
        &self.options
    }

    fn start(&self) -> &Position {
        &self.start
    }

    fn history(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.mv.clone()).collect()
    }

    fn play_effect(&mut self, mv: &Move) -> Result<TransportEffect, PlayError> {
        crate::game::check_move(self, mv)?;
        let me = self.pos.to_move;
        let mut effect = TransportEffect {
            fleet: me,
            ..TransportEffect::default()
        };
        let before = match mv {
            Move::Main { kind, from, .. } => self
                .pos
                .pieces
                .iter()
                .find(|p| p.fleet == me && p.kind == *kind && (p.at, p.bow) == *from)
                .copied(),
            Move::Advance {
                kind,
                from,
                heading,
                ..
            } => self
                .pos
                .pieces
                .iter()
                .find(|p| {
                    p.fleet == me && p.kind == *kind && p.at == *from && p.heading == Some(*heading)
                })
                .copied(),
            Move::Launch { .. } | Move::Pass => None,
        };
        self.apply(mv, &mut effect);
        effect.before = before;
        let on_board = |p: Piece| self.pos.pieces.contains(&p).then_some(p);
        match mv {
            Move::Pass => {}
            Move::Main { kind, from, to } => {
                let double = (to.0.x - from.0.x).abs() == 2 || (to.0.y - from.0.y).abs() == 2;
                if double {
                    let (dx, dy) = ((to.0.x - from.0.x).signum(), (to.0.y - from.0.y).signum());
                    effect.path.push(Sq::new(from.0.x + dx, from.0.y + dy));
                }
                effect.path.push(to.0);
                effect.after = self.pos.main_piece(me, *kind).copied();
            }
            Move::Launch { kind, at, heading } => {
                effect.launcher = self
                    .pos
                    .launchers(*kind)
                    .iter()
                    .filter_map(|k| self.pos.main_piece(me, *k))
                    .find(|s| !s.covers(*at) && s.squares().any(|q| q.touches(*at)))
                    .copied();
                effect.path.push(*at);
                // A torpedo that sinks where it is set goes back to reserve at once; else it
                // runs one square on.
                let ran = *kind == Kind::Torpedo && !effect.sunk.iter().any(|p| p.covers(*at));
                let end = if ran { at.step(*heading) } else { *at };
                if ran {
                    effect.path.push(end);
                }
                if !effect.returned {
                    effect.after = on_board(Piece {
                        fleet: me,
                        kind: *kind,
                        at: end,
                        bow: None,
                        heading: Some(*heading),
                        moved: false,
                    });
                }
            }
            Move::Advance {
                from,
                heading,
                to,
                repoint,
                ..
            } => {
                match to {
                    Some(to) => {
                        if (to.x - from.x).abs() == 2 || (to.y - from.y).abs() == 2 {
                            effect.path.push(from.step(*heading));
                        }
                        effect.path.push(*to);
                    }
                    None => effect.path.push(from.step(*heading)),
                }
                if let (Some(to), Some(b), false) = (to, before, effect.returned) {
                    effect.after = on_board(Piece {
                        at: *to,
                        heading: Some(*repoint),
                        ..b
                    });
                }
            }
        }
        Ok(effect)
    }

    fn players(&self) -> Vec<Fleet> {
        (0..self.pos.mode.fleets()).map(Fleet).collect()
    }

    fn to_move(&self) -> Fleet {
        Fleet(self.pos.to_move)
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        let mut legal = Vec::with_capacity(256);
        self.pos.each_legal(&mut legal);
        if legal.is_empty() {
            legal.push(Move::Pass);
        }
        legal
    }

    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            return 0;
        }
        let mut n = 0usize;
        self.pos.each_legal(&mut n);
        n.max(1)
    }

    /// Finds the action without writing out the runs of eight that differ by heading alone
    /// (launches, a plane's advances), in the order of [`Game::legal_moves`].
    fn choose_legal_move(&self, choose: impl FnOnce(usize) -> usize) -> Option<Move> {
        if self.outcome().is_over() {
            return None;
        }
        let mut runs = RUNS.take();
        runs.clear();
        self.pos.each_legal(&mut runs);
        let total = runs.total();
        let picked = if total == 0 {
            (choose(1) == 0).then_some(Move::Pass)
        } else {
            let k = choose(total);
            runs.nth(k)
        };
        RUNS.set(runs);
        picked
    }

    fn play_unchecked(&mut self, mv: &Move) {
        self.apply(mv, &mut ());
    }

    fn undo(&mut self) -> Option<Move> {
        while self.unresign().is_some() {}
        let frame = self.frames.pop()?;
        let pos = &mut self.pos;
        for change in self.log.drain(frame.log_len..).rev() {
            match change {
                Change::Replaced(i, old) => pos.set_piece_unkeyed(i, old),
                Change::Pushed => pos.pop_piece_unkeyed(),
                Change::Taken(i, old) => pos.insert_piece_unkeyed(i, old),
            }
        }
        self.pos.reserve = frame.reserve;
        self.pos.out = frame.out;
        self.pos.to_move = frame.to_move;
        self.pos.key = frame.key;
        debug_assert_eq!(self.pos.occupancy, self.pos.compute_occupancy());
        self.quiet = frame.quiet;
        Some(frame.mv)
    }

    fn outcome(&self) -> Outcome<Fleet> {
        let pos = &self.pos;
        let fleets = pos.mode.fleets();
        let alive = |f: &u8| !pos.out[usize::from(*f)];
        let count = (0..fleets).filter(alive).count();
        match pos.mode {
            Mode::Two | Mode::Royal => {
                if let (1, Some(f)) = (count, (0..fleets).find(alive)) {
                    return Outcome::Win(Fleet(f));
                }
                if count == 0 {
                    return Outcome::Draw(DrawReason::InsufficientMaterial);
                }
            }
            Mode::Teams => {
                for team in 0..2u8 {
                    if count > 0 && (0..fleets).filter(alive).all(|f| f % 2 == team) {
                        return Outcome::TeamWin(vec![Fleet(team), Fleet(team + 2)]);
                    }
                }
            }
        }
        if let Some(limit) = self.options.no_progress_actions
            && self.quiet >= limit
        {
            return Outcome::Draw(DrawReason::MoveLimit);
        }
        if let Some(limit) = self.options.turn_limit
            && self.frames.len() >= limit as usize
        {
            return Outcome::Draw(DrawReason::MoveLimit);
        }
        Outcome::Ongoing
    }

    fn captured(effect: &TransportEffect) -> usize {
        effect.sunk.len()
    }

    fn reaches(&self, _mv: &Move, effect: &TransportEffect, square: &str) -> bool {
        Sq::parse(square.trim())
            .is_some_and(|sq| effect.after.as_ref().is_some_and(|p| p.covers(sq)))
    }

    fn why_illegal(&self, mv: &Move) -> String {
        if self.pos.candidates().contains(mv) {
            return match self.pos.try_after(mv) {
                Err(why) => why.to_string(),
                Ok(_) => "the action is legal".into(),
            };
        }
        match mv {
            Move::Main { kind, .. } => format!("the {kind} does not move that way"),
            Move::Launch { kind, .. } if self.pos.reserve(self.pos.to_move, *kind) == 0 => {
                Illegal::EmptyReserve { kind: *kind }.to_string()
            }
            Move::Launch { kind, .. } => {
                let ships: Vec<&str> = self.pos.launchers(*kind).iter().map(|k| k.noun()).collect();
                format!(
                    "a {kind} is set from the reserve on a square touching its fleet's {}, pointed anywhere{}",
                    ships.join(" or "),
                    if kind.is_missile() {
                        " but at the ship that fires it"
                    } else {
                        ""
                    }
                )
            }
            Move::Advance { kind, .. } => format!("no such {kind} move"),
            Move::Pass => "a fleet passes only when it has no action".into(),
        }
    }

    /// A main piece: its square (a ship's stern), then its new one (a two-square ship's
    /// stern, then its bow: a ship may turn about its stern); a launch: the auxiliary
    /// (`launch plane`, `fire shell`, `fire torpedo`: its reserve), the touching square it
    /// is set on, then its heading (`NE`); an advance: the auxiliary's square, where it ends
    /// ([`OFF_BOARD`] when it leaves the board), then a plane's new heading; a pass: `pass`.
    /// Where pieces share the square a move starts from, the piece is chosen second: by
    /// its name (`destroyer`), an auxiliary by its name and heading (`plane NE`).
    fn click_path(&self, mv: &Move) -> Vec<String> {
        let shared = |sq: Sq| self.pos.at(sq).count() > 1;
        match mv {
            Move::Main { kind, from, to } => {
                let mut path = vec![from.0.to_string()];
                if shared(from.0) {
                    path.push(kind.to_string());
                }
                path.extend([Some(to.0), to.1].into_iter().flatten().map(|sq| sq.to_string()));
                path
            }
            Move::Launch { kind, at, heading } => {
                let verb = if *kind == Kind::Plane {
                    "launch"
                } else {
                    "fire"
                };
                vec![
                    format!("{verb} {kind}"),
                    at.to_string(),
                    heading.to_string(),
                ]
            }
            Move::Advance {
                kind,
                from,
                heading,
                to,
                repoint,
            } => {
                let mut path = vec![from.to_string()];
                if shared(*from) {
                    path.push(format!("{kind} {heading}"));
                }
                path.push(to.map_or_else(|| OFF_BOARD.to_string(), |to| to.to_string()));
                if *kind == Kind::Plane {
                    path.push(repoint.to_string());
                }
                path
            }
            Move::Pass => vec!["pass".to_string()],
        }
    }

    fn move_text(&self, mv: &Move) -> String {
        let short = super::notation::print(mv);
        if matches!(
            mv,
            Move::Advance {
                kind: Kind::Plane,
                ..
            }
        ) && super::notation::read(self, &short).as_ref() != Ok(mv)
        {
            return super::notation::print_long(mv);
        }
        short
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(self, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }

    fn resignations(&self) -> Vec<crate::resign::Resignation<Fleet>> {
        self.resigned.list()
    }

    /// The fleet is out, as when its transport is sunk: in the two-fleet game the other
    /// wins; in the others its pieces and reserves leave the board, and the turn passes
    /// it by.
    fn resign(&mut self, fleet: Fleet) -> Result<(), PlayError> {
        crate::resign::check(self, &fleet)?;
        if self.pos.out.get(usize::from(fleet.0)) != Some(&false) {
            return Err(PlayError::Illegal(format!("{fleet} is out already")));
        }
        let before = self.pos.clone();
        self.pos.resign(fleet.0);
        self.resigned.push(fleet, self.frames.len(), before);
        Ok(())
    }

    fn unresign(&mut self) -> Option<Fleet> {
        let (fleet, before) = self.resigned.pop_at(self.frames.len())?;
        self.pos = before;
        Some(fleet)
    }
}
