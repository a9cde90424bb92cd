//! A Game of War being played: options, history, play and undo, and the outcome
//! (citadel win, no-move loss, repetition draw).

use super::board::{Side, Square};
use super::moves::Move;
use super::piece::{Kind, Piece};
use super::position::{Place, Position, Setup, SetupError};
use crate::registry::About;
use crate::game::{DrawReason, Game, Outcome, PlayError};
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
///
/// Numbers arrive from scenes and the command line: [`WarOptions::check`] refuses those out
/// of range, and every constructor of [`War`] calls it.
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
    /// wins within this many further moves of each side (0 to 1000). `None` turns the rule
    /// off.
    pub repetition_grace: Option<u32>,
    /// Law XI: seconds allowed per move in the app (1 to 86,400; `None`: no limit). The
    /// book's default is 300 seconds, then one more minute after "Time" is called.
    pub move_time_limit: Option<u32>,
    /// Which enemy troops count as offered to my troops, so that one must be taken.
    pub offered: Offered,
    /// The game is drawn after this many moves of each side (1 to 1000) in which nothing
    /// happened that cannot be undone: no capture, no troop's move, no flight. `None` turns
    /// the rule off. The book has no such rule; it keeps every game finite.
    pub no_progress_moves: Option<u32>,
}

/// The largest `repetition_grace`, in moves of each side.
pub const REPETITION_GRACE_MAX: u32 = 1000;
/// The largest `move_time_limit`, in seconds (a day).
pub const MOVE_TIME_LIMIT_MAX: u32 = 86_400;
/// The largest `no_progress_moves`, in moves of each side.
pub const NO_PROGRESS_MOVES_MAX: u32 = 1000;

impl Default for WarOptions {
    fn default() -> Self {
        WarOptions {
            first: Side::Red,
            citadel_win: CitadelWin::Immediate,
            no_move: NoMove::Loss,
            repetition_grace: Some(20),
            move_time_limit: None,
            offered: Offered::Diagonal,
            no_progress_moves: Some(100),
        }
    }
}

/// A rules option of the Game of War out of its range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "Game of War option {field}: {value} is out of range ({min} to {max} {unit}, or None {none})"
)]
pub struct OptionsError {
    /// The option's field name.
    pub field: &'static str,
    /// The value given.
    pub value: u32,
    /// The smallest value allowed.
    pub min: u32,
    /// The largest value allowed.
    pub max: u32,
    /// What the number counts.
    pub unit: &'static str,
    /// What `None` means for this option.
    pub none: &'static str,
}

impl WarOptions {
    /// Checks every number against its range.
    pub fn check(&self) -> Result<(), OptionsError> {
        let ranges = [
            (
                "repetition_grace",
                self.repetition_grace,
                0,
                REPETITION_GRACE_MAX,
                "moves of each side",
                "turns Law IX's draw off",
            ),
            (
                "move_time_limit",
                self.move_time_limit,
                1,
                MOVE_TIME_LIMIT_MAX,
                "seconds",
                "for no time limit",
            ),
            (
                "no_progress_moves",
                self.no_progress_moves,
                1,
                NO_PROGRESS_MOVES_MAX,
                "moves of each side",
                "turns the no-progress draw off",
            ),
        ];
        for (field, value, min, max, unit, none) in ranges {
            if let Some(value) = value
                && !(min..=max).contains(&value)
            {
                return Err(OptionsError {
                    field,
                    value,
                    min,
                    max,
                    unit,
                    none,
                });
            }
        }
        Ok(())
    }
}

/// How a game stands after a move (or at its start); kept with the move so that the outcome
/// costs nothing to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Ongoing,
    Win(Side),
    NoMoveDraw,
    Repetition,
    MoveLimit,
}

impl End {
    fn outcome(self) -> Outcome<Side> {
        match self {
            End::Ongoing => Outcome::Ongoing,
            End::Win(side) => Outcome::Win(side),
            End::NoMoveDraw => Outcome::Draw(DrawReason::NoMove),
            End::Repetition => Outcome::Draw(DrawReason::Repetition),
            End::MoveLimit => Outcome::Draw(DrawReason::MoveLimit),
        }
    }
}

/// What `play` changed, so that `undo` can restore it exactly, and how the game stood after.
#[derive(Debug, Clone)]
struct Frame {
    mv: Move,
    mover: Piece,
    captured: Vec<(Square, Piece)>,
    key: u64,
    /// Ply at which a position first occurred for the third time, if it has.
    repetition_since: Option<usize>,
    /// Moves in a row, up to this one, without a capture, a troop's move or a flight.
    quiet: u32,
    end: End,
}

/// What a move of the Game of War did ([`Game::play_effect`]): enough to show it without
/// comparing positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarEffect {
    /// The piece that moved, as it stood before the move (a troop's `moved` flag as it was;
    /// after the move it is set).
    pub mover: Piece,
    /// Where it left: a square, or (for a flight) its side's station.
    pub from: Place,
    /// Every square it visits after leaving, in order: the destination of a step or flight,
    /// each landing of a jump. The last is where it stands now.
    pub path: Vec<Square>,
    /// The pieces it captured, with the squares they stood on, in the order taken (a jump's
    /// troops in the order jumped).
    pub captured: Vec<(Square, Piece)>,
}

/// A Game of War in progress.
#[derive(Debug, Clone)]
pub struct War {
    pos: Position,
    /// Where the game began; boxed, as it is read rarely and a game is kept by value in
    /// enums of games.
    start: Box<Position>,
    options: WarOptions,
    frames: Vec<Frame>,
    start_key: u64,
    start_end: End,
    /// Who resigned (Law X): the game is his opponent's.
    resigned: crate::resign::Resigned<Side>,
}

impl War {
    /// The standard opening with the given options.
    pub fn new(options: WarOptions) -> Result<War, OptionsError> {
        let pos = Position::standard(options.first);
        War::from_position(pos, options)
    }

    /// A game from a checked position.
    pub fn from_position(pos: Position, options: WarOptions) -> Result<War, OptionsError> {
        options.check()?;
        let mut game = War {
            start_key: pos.repetition_key(),
            start: Box::new(pos.clone()),
            pos,
            options,
            frames: Vec::new(),
            start_end: End::Ongoing,
            resigned: Default::default(),
        };
        game.start_end = game.judge(false, None, 0);
        Ok(game)
    }

    /// A game from a setup's text form.
    pub fn from_setup_text(text: &str, options: WarOptions) -> Result<War, SetupError> {
        let pos = <War as Game>::parse_setup(text, &options)?;
        Ok(War::from_position(pos, options)?)
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

    /// Moves (plies) in a row, up to the last, without a capture, a troop's move or a
    /// flight: what the `no_progress_moves` draw counts.
    pub fn quiet_plies(&self) -> u32 {
        self.frames.last().map_or(0, |f| f.quiet)
    }

    /// How the game stands in the current position; `failed_to_capture` says that the last
    /// mover left an enemy piece in his citadel.
    fn judge(&self, failed_to_capture: bool, repetition_since: Option<usize>, quiet: u32) -> End {
        let to_move = self.pos.to_move();
        let last = to_move.other();
        if failed_to_capture {
            return End::Win(to_move);
        }
        let citadel = Square::citadel(to_move);
        if self.options.citadel_win == CitadelWin::Immediate
            && matches!(self.pos.at(citadel), Some(p) if p.side == last)
            && !self
                .pos
                .legal_moves(self.options.offered)
                .iter()
                .any(|m| m.captures(&self.pos).contains(&citadel))
        {
            return End::Win(last);
        }
        if !self.pos.has_move(to_move) {
            return match self.options.no_move {
                NoMove::Loss => End::Win(last),
                NoMove::Draw => End::NoMoveDraw,
            };
        }
        if let (Some(grace), Some(since)) = (self.options.repetition_grace, repetition_since)
            && since + 2 * grace as usize <= self.frames.len() + 1
        {
            return End::Repetition;
        }
        if self
            .options
            .no_progress_moves
            .is_some_and(|n| quiet >= 2 * n)
        {
            return End::MoveLimit;
        }
        End::Ongoing
    }

    fn end(&self) -> End {
        if let Some(side) = self.resigned.first() {
            return End::Win(side.other());
        }
        self.frames.last().map_or(self.start_end, |f| f.end)
    }

    /// The Zobrist key of the current position (pieces, troops' moved flags, stations, side
    /// to move), kept up to date move by move: what the repetition rule compares, and a key
    /// for a search's transposition table.
    pub fn key(&self) -> u64 {
        self.pos.repetition_key()
    }

    /// A 64-bit key of the current position (as repetition sees it); the same as
    /// [`War::key`].
    pub fn position_key(&self) -> u64 {
        self.key()
    }

    /// The move that was played last, if any.
    pub fn last_move(&self) -> Option<&Move> {
        self.frames.last().map(|f| &f.mv)
    }

    /// The legal moves into a buffer the caller keeps (cleared first; left empty once the
    /// game is over), so that a search need not allocate at every node.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.end() == End::Ongoing {
            self.pos.legal_moves_into(self.options.offered, out);
        } else {
            out.clear();
        }
    }

    /// Whether the position after the move that made it (the last frame's, or `key` for a
    /// new one at ply `ply`) has stood twice before since the last irreversible move.
    fn third_occurrence(&self, key: u64, ply: usize, quiet: u32) -> bool {
        let oldest = ply.saturating_sub(quiet as usize);
        let mut seen = 0;
        let mut i = ply;
        while i >= oldest + 2 {
            i -= 2;
            let earlier = if i == 0 {
                self.start_key
            } else {
                self.frames[i - 1].key
            };
            if earlier == key {
                seen += 1;
                if seen == 2 {
                    return true;
                }
            }
        }
        false
    }
}

impl Game for War {
    type Move = Move;
    type Player = Side;
    type Options = WarOptions;
    type Setup = Position;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = WarEffect;
    type PositionKey = Position;

    const ABOUT: About = About {
        name: "war",
        aliases: &["game-of-war"],
        title: "The Game of War",
        noun: "the Game of War",
        summary: "Hudson Maxim's Game of War (1910).",
        blurb: "Hudson Maxim, 1910. Infantry, cavalry, artillery and flying machines storm the enemy citadel.",
        screen_order: &[0, 1, 2, 3, 4, 5],
        chance: false,
    };

    fn is_square_name(text: &str) -> bool {
        crate::war::position::note_square(text).is_some()
    }

    fn option_at_fault(error: &OptionsError) -> Option<&'static str> {
        Some(error.field)
    }

    fn position_key(&self) -> Position {
        self.position().clone()
    }

    fn from_options(options: WarOptions) -> Result<War, OptionsError> {
        War::new(options)
    }

    /// A [`Position`] is checked when it is built ([`Position::from_setup`]); the options are
    /// checked here.
    fn from_setup(setup: Position, options: WarOptions) -> Result<War, SetupError> {
        Ok(War::from_position(setup, options)?)
    }

    fn parse_setup(text: &str, options: &WarOptions) -> Result<Position, SetupError> {
        options.check()?;
        Position::from_setup(&Setup::parse(text)?)
    }

    fn setup_text(setup: &Position) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        *self.start == Position::standard(self.options.first)
    }

    fn options(&self) -> &WarOptions {
        &self.options
    }

    fn start(&self) -> &Position {
        &self.start
    }

    fn history(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.mv.clone()).collect()
    }

    fn play_effect(&mut self, mv: &Move) -> Result<WarEffect, PlayError> {
        crate::game::check_move(self, mv)?;
        self.play_unchecked(mv);
        let frame = self.frames.last().expect("the move just played");
        Ok(WarEffect {
            mover: frame.mover,
            from: match mv {
                Move::Fly { station, .. } => Place::Station(*station),
                Move::Step { from, .. } | Move::Jump { from, .. } => Place::Square(*from),
            },
            path: mv.path(),
            captured: frame.captured.clone(),
        })
    }

    fn players(&self) -> Vec<Side> {
        vec![self.options.first, self.options.first.other()]
    }

    fn to_move(&self) -> Side {
        self.pos.to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.end() == End::Ongoing {
            out.reserve(160);
            self.pos.legal_moves_into(self.options.offered, &mut out);
        }
        out
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let side = self.pos.to_move();
        let own_citadel = Square::citadel(side);
        let held_before = matches!(self.pos.at(own_citadel), Some(p) if p.side != side);
        let mut captured = Vec::new();
        match mv {
            Move::Step { to, .. } => {
                if let Some(p) = self.pos.at(*to) {
                    captured.push((*to, p));
                }
            }
            Move::Jump { from, landings } => {
                let mut at = *from;
                for &l in landings.iter() {
                    if let Some(mid) =
                        Square::new((at.file() + l.file()) / 2, (at.row() + l.row()) / 2)
                        && let Some(p) = self.pos.at(mid)
                    {
                        captured.push((mid, p));
                    }
                    at = l;
                }
            }
            Move::Fly { .. } => {}
        }
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
        let progress =
            !captured.is_empty() || mover.kind == Kind::Troop || matches!(mv, Move::Fly { .. });
        let quiet = if progress {
            0
        } else {
            self.quiet_plies().saturating_add(1)
        };
        let key = self.pos.repetition_key();
        let ply = self.frames.len() + 1;
        let repetition_since = self
            .frames
            .last()
            .and_then(|f| f.repetition_since)
            .or_else(|| {
                (self.options.repetition_grace.is_some() && self.third_occurrence(key, ply, quiet))
                    .then_some(ply)
            });
        let end = self.judge(held_before && held_after, repetition_since, quiet);
        self.frames.push(Frame {
            mv: mv.clone(),
            mover,
            captured,
            key,
            repetition_since,
            quiet,
            end,
        });
    }

    fn undo(&mut self) -> Option<Move> {
        while self.unresign().is_some() {}
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
        self.end().outcome()
    }

    fn captured(effect: &WarEffect) -> usize {
        effect.captured.len()
    }

    fn reaches(&self, _mv: &Move, effect: &WarEffect, square: &str) -> bool {
        let target = super::position::note_square(square);
        target.is_some() && effect.path.last().copied() == target
    }

    fn why_illegal(&self, mv: &Move) -> String {
        super::explain::why_illegal(self, mv)
    }

    /// The rules' reason ([`Game::why_illegal`]) for the step or flight a text names that
    /// the notation reads as no legal move.
    fn why_refused(&self, text: &str) -> Option<String> {
        let san: super::notation::WarSan = text.parse().ok()?;
        if !san.find(&self.pos, &self.legal_moves()).is_empty() {
            return None;
        }
        let side = self.pos.to_move();
        let probes: Vec<Move> = self
            .pos
            .pieces_of(side)
            .flat_map(|(place, _)| {
                Square::all().map(move |to| match place {
                    Place::Square(from) => Move::Step { from, to },
                    Place::Station(station) => Move::Fly { station, to },
                })
            })
            .filter(|mv| san.matches(&self.pos, mv))
            .collect();
        // A square of one's own piece only when the text can mean nothing else.
        let own = |mv: &&Move| {
            self.pos
                .at(mv.destination())
                .is_some_and(|p| p.side == side)
        };
        let probe = probes.iter().find(|mv| !own(mv)).or(probes.first())?;
        Some(self.why_illegal(probe))
    }

    /// The piece's square (a flying machine on its station: the station's spot), then
    /// where it goes, or each landing of a jump chain in turn (a chain that could go on ends
    /// with [`crate::game::STOP`] where it stops). Squares by Red's names.
    fn click_path(&self, mv: &Move) -> Vec<String> {
        match mv {
            Move::Fly { station, to } => vec![station.spot(self.pos.to_move()), to.to_string()],
            _ => mv
                .origin()
                .into_iter()
                .chain(mv.path())
                .map(|sq| sq.to_string())
                .collect(),
        }
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
