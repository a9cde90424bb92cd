//! A Screwball game: screws and balls, moves toward their owner, attacks that make the
//! attacker set a penalty piece of the victim's on the victim's starting row, bonus moves
//! while attacking, dead pieces (on the owner's edge, or where no square of their size lies
//! in a direction they may move), and the end when one player's reserve is spent (or, when
//! both players pass in a row, a draw by default: see [`Stalled`]).

use super::board::{Board, Size, SpaceId, UNITS};
use super::tables::{Bits, MAX_VICTIMS, Tables, bit, tables};
use crate::game::{DrawReason, Game, Outcome, PlayError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The two players: Screws moves first, toward the edge at y = 0; Balls toward y = 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The first player.
    Screws,
    /// The second player.
    Balls,
}

impl Player {
    /// Both, in turn order.
    pub const ALL: [Player; 2] = [Player::Screws, Player::Balls];

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Screws => Player::Balls,
            Player::Balls => Player::Screws,
        }
    }

    /// 0 for Screws, 1 for Balls.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The possessive: "Screws'" or "Balls'".
    pub fn possessive(self) -> &'static str {
        match self {
            Player::Screws => "Screws'",
            Player::Balls => "Balls'",
        }
    }

    /// Reads "screws" or "balls" (either case).
    pub fn parse(text: &str) -> Option<Player> {
        match text.trim().to_ascii_lowercase().as_str() {
            "screws" => Some(Player::Screws),
            "balls" => Some(Player::Balls),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A piece: whose, and its size (large pieces stand on small squares, small on large).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub owner: Player,
    /// Its size.
    pub size: Size,
}

/// The size of square a piece of `size` stands on.
pub fn square_for(size: Size) -> Size {
    size.other()
}

/// What a player does who cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum NoMove {
    /// Enter a reserve piece on his starting row; pass if he cannot (the default).
    #[default]
    Enter,
    /// Pass.
    Pass,
}

/// How a game ends that can never go on: both players passed, one after the other, so the
/// position and the turn are as they were before and neither can ever move again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Stalled {
    /// A draw (the default).
    #[default]
    Draw,
    /// The player with fewer pieces on the board wins, the patent's object ("to finish up
    /// with the least number of pieces on the board"); a draw if they have as many.
    FewestPieces,
}

/// How many large pieces a player may own: the four that start on his starting row, up to
/// the board's 48 small squares.
pub const LARGE_PIECES: std::ops::RangeInclusive<u8> = 4..=48;

/// How many small pieces a player may own: the two that start on his starting row, up to
/// the board's 26 large spaces.
pub const SMALL_PIECES: std::ops::RangeInclusive<u8> = 2..=26;

/// Why options are not Screwball options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// `large` out of [`LARGE_PIECES`].
    #[error(
        "large: {0}: a player owns 4 to 48 large pieces (four start on his starting row, and the board has 48 small squares)"
    )]
    Large(u8),
    /// `small` out of [`SMALL_PIECES`].
    #[error(
        "small: {0}: a player owns 2 to 26 small pieces (two start on his starting row, and the board has 26 large spaces)"
    )]
    Small(u8),
    /// The fewest pieces of both sizes: no reserve at all.
    #[error(
        "large: 4, small: 2: a player would own only the six pieces that start on his starting row, so the game would be over before its first move (give him at least 5 large or 3 small)"
    )]
    NoReserve,
}

impl OptionsError {
    /// The name of the offending option, as written in a scene.
    pub fn field(&self) -> &'static str {
        match self {
            OptionsError::Large(_) => "large",
            OptionsError::Small(_) | OptionsError::NoReserve => "small",
        }
    }
}

/// Screwball's rules options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScrewballOptions {
    /// Large pieces each player owns (the patent: 18; allowed: [`LARGE_PIECES`]).
    pub large: u8,
    /// Small pieces each player owns (the patent: 6; allowed: [`SMALL_PIECES`]).
    pub small: u8,
    /// What a player who cannot move does.
    pub no_move: NoMove,
    /// Penalty pieces and entered pieces go only on squares they could move from (the
    /// patent's "appropriate space" read as one the piece can play from). Off by default: any
    /// vacant square of the piece's size will do, and a piece set where it can never move is
    /// dead at once.
    pub place_only_where_playable: bool,
    /// How a game ends when both players pass in a row (neither can ever move again).
    pub stalled: Stalled,
}

impl Default for ScrewballOptions {
    fn default() -> Self {
        ScrewballOptions {
            large: 18,
            small: 6,
            no_move: NoMove::Enter,
            place_only_where_playable: false,
            stalled: Stalled::Draw,
        }
    }
}

impl ScrewballOptions {
    /// Refuses piece counts the opening or the board cannot take.
    pub fn check(&self) -> Result<(), OptionsError> {
        if !LARGE_PIECES.contains(&self.large) {
            return Err(OptionsError::Large(self.large));
        }
        if !SMALL_PIECES.contains(&self.small) {
            return Err(OptionsError::Small(self.small));
        }
        if self.large == *LARGE_PIECES.start() && self.small == *SMALL_PIECES.start() {
            return Err(OptionsError::NoReserve);
        }
        Ok(())
    }

    /// How many pieces of `size` a player owns.
    pub fn owned(&self, size: Size) -> u8 {
        match size {
            Size::Large => self.large,
            Size::Small => self.small,
        }
    }
}

/// The squares of a step's penalty pieces, in the order of the victims' spaces: a short
/// list kept inline (one piece attacks at most [`MAX_VICTIMS`] others), so that moves cost
/// no allocation. It reads as a slice of [`SpaceId`]s.
#[derive(Clone, Copy)]
pub struct Placements {
    len: u8,
    spots: [SpaceId; MAX_VICTIMS],
}

impl Placements {
    /// No placements.
    pub const fn new() -> Placements {
        Placements {
            len: 0,
            spots: [SpaceId(0); MAX_VICTIMS],
        }
    }

    /// The squares as a slice.
    pub fn as_slice(&self) -> &[SpaceId] {
        &self.spots[..usize::from(self.len)]
    }

    /// Adds a square; `false` (and nothing added) when [`MAX_VICTIMS`] are already there.
    pub fn push(&mut self, spot: SpaceId) -> bool {
        let Some(slot) = self.spots.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = spot;
        self.len += 1;
        true
    }

    /// Takes off the last square.
    pub fn pop(&mut self) -> Option<SpaceId> {
        self.len = self.len.checked_sub(1)?;
        Some(self.spots[usize::from(self.len)])
    }

    /// Builds placements from squares; `None` if there are more than [`MAX_VICTIMS`].
    pub fn from_slice(spots: &[SpaceId]) -> Option<Placements> {
        let mut p = Placements::new();
        spots.iter().all(|s| p.push(*s)).then_some(p)
    }
}

impl Default for Placements {
    fn default() -> Self {
        Placements::new()
    }
}

impl std::ops::Deref for Placements {
    type Target = [SpaceId];

    fn deref(&self) -> &[SpaceId] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Placements {
    type Item = &'a SpaceId;
    type IntoIter = std::slice::Iter<'a, SpaceId>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for Placements {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Placements {}

impl std::hash::Hash for Placements {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl PartialOrd for Placements {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Placements {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl fmt::Debug for Placements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A step, then the penalty pieces placed for each enemy piece the mover now attacks, in
    /// the order of the victims' spaces.
    Step {
        /// Where the piece starts.
        from: SpaceId,
        /// Where it goes.
        to: SpaceId,
        /// The square of each penalty piece.
        placements: Placements,
    },
    /// A player who cannot move enters a reserve piece on his starting row.
    Enter(SpaceId),
    /// A player who can neither move nor enter passes.
    Pass,
}

/// A position: pieces on the board, pieces dead, whose turn. Each player's pieces are the
/// bits of a `u128` by space (a piece's size is the other of its square's), and the
/// position keeps its Zobrist key as it changes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each player's pieces, by [`Player::index`].
    men: [u128; 2],
    /// How many of each player's pieces are on the board, by size (large, small).
    on: [[u8; 2]; 2],
    /// Dead pieces of each player, by size (large, small).
    dead: [[u8; 2]; 2],
    to_move: Player,
    key: u64,
}

/// Why a setup is not a Screwball position. Errors of the text form name the line of the
/// offending item.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A line could not be read.
    #[error("line {line}: {why}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// A piece stands on a square of the wrong size.
    #[error("line {line}: {space}: a {piece} piece stands only on a {square} square")]
    WrongSize {
        /// 1-based line.
        line: usize,
        /// The space.
        space: String,
        /// "large" or "small".
        piece: &'static str,
        /// The size it needs.
        square: &'static str,
    },
    /// Two pieces on one square.
    #[error("line {line}: two pieces on {space}")]
    Occupied {
        /// 1-based line.
        line: usize,
        /// The space.
        space: String,
    },
    /// More pieces of a size, on the board and dead, than a player owns.
    #[error(
        "line {line}: {player} would have {count} {size} pieces on the board and dead, more than the {owned} he owns (the option {size}: {owned})"
    )]
    TooMany {
        /// 1-based line.
        line: usize,
        /// Whose.
        player: Player,
        /// "large" or "small".
        size: &'static str,
        /// How many that line would make.
        count: usize,
        /// How many he owns.
        owned: u8,
    },
    /// A dead count out of range.
    #[error(
        "line {line}: {given} dead {size} pieces for {player}: allowed 0 to {max} (he owns {owned}, {on_board} on the board)"
    )]
    DeadCount {
        /// 1-based line.
        line: usize,
        /// Whose.
        player: Player,
        /// "large" or "small".
        size: &'static str,
        /// The count written.
        given: String,
        /// The most allowed.
        max: u8,
        /// How many he owns.
        owned: u8,
        /// How many are on the board in the lines read so far.
        on_board: u8,
    },
    /// Both players' reserves spent: the game ended before this.
    #[error(
        "line {line}: both players' reserves are spent, but the game ends as soon as one player's is"
    )]
    BothSpent {
        /// The line that spent the second reserve.
        line: usize,
    },
    /// A position whose players' reserves are both spent.
    #[error("both players' reserves are spent, but the game ends as soon as one player's is")]
    NoReserves,
    /// A position with more pieces than the options give a player.
    #[error(
        "{player} has {count} {size} pieces on the board and dead, more than the {owned} the options give him"
    )]
    Counts {
        /// Whose.
        player: Player,
        /// "large" or "small".
        size: &'static str,
        /// How many the position has.
        count: usize,
        /// How many the options give.
        owned: u8,
    },
    /// The options are out of range.
    #[error("bad options: {0}")]
    Options(#[from] OptionsError),
}

fn size_index(size: Size) -> usize {
    match size {
        Size::Large => 0,
        Size::Small => 1,
    }
}

/// The edge a player moves toward: y = 0 for Screws, y = 12 for Balls.
fn on_own_edge(player: Player, id: SpaceId) -> bool {
    let s = Board::get().space(id);
    match player {
        Player::Screws => s.y0 == 0,
        Player::Balls => s.y1 == 12,
    }
}

/// How deep a player's starting row (the "space bordering the margin remote from him") runs
/// from that margin, in units: as deep as the whole large squares that border it (e11 and
/// k11 for Screws), so that it holds eight small squares and four large spaces.
pub const START_DEPTH: u8 = 2;

/// How far a space lies from a player's starting row: 0 for a space lying wholly within
/// [`START_DEPTH`] units of the margin remote from him, else how many units it reaches
/// beyond that band.
pub fn distance_from_start(player: Player, id: SpaceId) -> u8 {
    let s = Board::get().space(id);
    match player {
        Player::Screws => (UNITS - START_DEPTH).saturating_sub(s.y0),
        Player::Balls => s.y1.saturating_sub(START_DEPTH),
    }
}

/// Screws' opening squares: on each side of the centre line, two large pieces on the small
/// squares of the starting row nearest the margin that a piece can move from (g12 and i11
/// are squares a large screw could never leave), and one small piece on the large space
/// nearest the margin. Balls' are the same turned half round.
pub const SCREWS_START: [(&str, Size); 6] = [
    ("a12", Size::Large),
    ("b12", Size::Large),
    ("h12", Size::Large),
    ("j11", Size::Large),
    ("c12", Size::Small),
    ("i12", Size::Small),
];

/// Balls' opening squares: Screws' turned half round.
pub const BALLS_START: [(&str, Size); 6] = [
    ("l1", Size::Large),
    ("k1", Size::Large),
    ("e1", Size::Large),
    ("c2", Size::Large),
    ("i1", Size::Small),
    ("c1", Size::Small),
];

/// Whether `player` may go from `from` toward `to` (touching): forward, straight or
/// diagonally, or level and nearer the centre line.
pub fn may_go(player: Player, from: SpaceId, to: SpaceId) -> bool {
    let b = Board::get();
    let (fx, fy) = b.space(from).centre2();
    let (tx, ty) = b.space(to).centre2();
    let forward = match player {
        Player::Screws => ty < fy,
        Player::Balls => ty > fy,
    };
    forward || (ty == fy && (tx - 12).abs() < (fx - 12).abs())
}

/// The squares a piece of `player`'s on `from` could ever step to, whatever stands there:
/// touching squares of the same size in a direction it may move.
pub fn geometric_steps(player: Player, from: SpaceId) -> impl Iterator<Item = SpaceId> {
    let b = Board::get();
    let size = b.space(from).size;
    b.touching(from)
        .iter()
        .map(|(id, _)| *id)
        .filter(move |id| b.space(*id).size == size && may_go(player, from, *id))
}

/// Whether a piece of `player`'s standing on `at` is dead: it is on its owner's edge, or no
/// square of its size lies in any direction it may move (the board's geometry, not the
/// squares other pieces hold: a piece whose only step is taken for now waits).
pub fn dead_at(player: Player, at: SpaceId) -> bool {
    on_own_edge(player, at) || geometric_steps(player, at).next().is_none()
}

impl Position {
    /// The opening: each player's four large and two small pieces on his starting row, the
    /// band along the margin remote from him ([`SCREWS_START`], [`BALLS_START`]); Screws to
    /// move.
    pub fn standard() -> Position {
        let b = Board::get();
        let mut pos = Position::empty();
        for (owner, squares) in [(Player::Screws, SCREWS_START), (Player::Balls, BALLS_START)] {
            for (name, _) in squares {
                let id = b
                    .parse(name)
                    .expect("the opening names spaces of the board");
                pos.put(owner, id);
            }
        }
        pos
    }

    /// No pieces, none dead, Screws to move.
    fn empty() -> Position {
        Position {
            men: [0; 2],
            on: [[0; 2]; 2],
            dead: [[0; 2]; 2],
            to_move: Player::Screws,
            key: 0,
        }
    }

    /// Sets a piece of `owner` on the vacant space `at` (its size is the square's other);
    /// nothing if it is taken.
    #[inline]
    fn put(&mut self, owner: Player, at: SpaceId) {
        let t = tables();
        if self.occupied() & bit(at) != 0 {
            return;
        }
        self.men[owner.index()] |= bit(at);
        self.on[owner.index()][size_index(t.piece_size(at))] += 1;
        self.key ^= t.piece_keys[owner.index()][usize::from(at.0)];
    }

    /// Takes `owner`'s piece off `at`, if he has one there.
    #[inline]
    fn take(&mut self, owner: Player, at: SpaceId) {
        let t = tables();
        if self.men[owner.index()] & bit(at) == 0 {
            return;
        }
        self.men[owner.index()] &= !bit(at);
        self.on[owner.index()][size_index(t.piece_size(at))] -= 1;
        self.key ^= t.piece_keys[owner.index()][usize::from(at.0)];
    }

    /// Sets how many of a player's pieces of a size are dead.
    fn set_dead(&mut self, owner: Player, size: usize, n: u8) {
        let t = tables();
        let old = self.dead[owner.index()][size];
        self.key ^= t.dead_key(owner, size, old) ^ t.dead_key(owner, size, n);
        self.dead[owner.index()][size] = n;
    }

    /// Sets whose turn it is.
    fn set_to_move(&mut self, player: Player) {
        if self.to_move != player {
            self.key ^= tables().balls_key;
            self.to_move = player;
        }
    }

    /// Removes the piece of `owner` on `at` if it is dead there, counting it among its
    /// owner's dead.
    #[inline]
    fn bury_if_dead(&mut self, owner: Player, at: SpaceId) -> bool {
        let t = tables();
        if t.dead[owner.index()] & self.men[owner.index()] & bit(at) != 0 {
            self.take(owner, at);
            let k = size_index(t.piece_size(at));
            let n = self.dead[owner.index()][k].saturating_add(1);
            self.set_dead(owner, k, n);
            true
        } else {
            false
        }
    }

    /// Every piece's space.
    #[inline]
    fn occupied(&self) -> u128 {
        self.men[0] | self.men[1]
    }

    /// The Zobrist key of the position: its pieces, dead counts and turn.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The piece on a space.
    pub fn at(&self, id: SpaceId) -> Option<Piece> {
        let size = tables().piece_size(id);
        Player::ALL
            .into_iter()
            .find(|p| self.men[p.index()] & bit(id) != 0)
            .map(|owner| Piece { owner, size })
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// A player's pieces on the board.
    pub fn pieces_of(&self, player: Player) -> impl Iterator<Item = (SpaceId, Piece)> + '_ {
        let t = tables();
        Bits(self.men[player.index()]).map(move |id| {
            (
                id,
                Piece {
                    owner: player,
                    size: t.piece_size(id),
                },
            )
        })
    }

    /// How many of a player's pieces of `size` are on the board.
    pub fn on_board(&self, player: Player, size: Size) -> u8 {
        self.on[player.index()][size_index(size)]
    }

    /// How many of a player's pieces of `size` are dead.
    pub fn dead(&self, player: Player, size: Size) -> u8 {
        self.dead[player.index()][size_index(size)]
    }

    /// The steps a piece on `from` may make now.
    pub fn steps_from(&self, from: SpaceId) -> Vec<SpaceId> {
        let Some(piece) = self.at(from) else {
            return Vec::new();
        };
        let t = tables();
        Bits(t.steps[piece.owner.index()][usize::from(from.0)] & !self.occupied()).collect()
    }

    /// The enemy pieces a piece of `owner` on `at` attacks: every enemy piece, of either
    /// size, on a touching space in a direction it may move.
    pub fn attacked_from(&self, owner: Player, at: SpaceId) -> Vec<SpaceId> {
        let t = tables();
        Bits(t.attacks[owner.index()][usize::from(at.0)] & self.men[owner.other().index()])
            .collect()
    }

    /// The enemy pieces a step from `from` to `to` would attack.
    pub fn attacked_after(&self, owner: Player, _from: SpaceId, to: SpaceId) -> Vec<SpaceId> {
        // The square left behind is the mover's own: it changes no enemy piece.
        self.attacked_from(owner, to)
    }

    /// Reads the setup text form:
    ///
    /// ```text
    /// Screws large: a12 b12
    /// Screws small: c12
    /// Balls large: e1
    /// Balls small: i1
    /// Screws dead: 1 large, 0 small
    /// Balls to move
    /// ```
    ///
    /// A setup may stand a piece on any square of its size, even one where it would be dead
    /// (the patent's own example of squares 15 to 20 does): the dead rule acts on pieces as
    /// they arrive on a square. It is refused, naming the line, where a player would have
    /// more pieces of a size on the board and dead than the options give him, where an item
    /// is given twice, and where both players' reserves are spent (the game ends when the
    /// first is). The options are checked first.
    pub fn parse(text: &str, options: &ScrewballOptions) -> Result<Position, SetupError> {
        options.check()?;
        let b = Board::get();
        let mut pos = Position::empty();
        // The line of each player's "dead" item and of the turn, once given.
        let mut dead_line: [Option<usize>; 2] = [None; 2];
        let mut turn_line: Option<usize> = None;
        // The last line that changed each player's reserve.
        let mut spent_line = [0usize; 2];
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError::Syntax { line, why };
            let body = raw.trim();
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            if let Some(who) = body.strip_suffix(" to move") {
                let who = Player::parse(who)
                    .ok_or_else(|| err(format!("unknown player {who:?}: Screws or Balls")))?;
                if let Some(first) = turn_line {
                    return Err(err(format!(
                        "whose turn it is was already given on line {first}"
                    )));
                }
                turn_line = Some(line);
                pos.set_to_move(who);
                continue;
            }
            let Some((head, list)) = body.split_once(':') else {
                return Err(err(format!(
                    "expected \"Screws large: ...\" or \"Balls to move\", found {body:?}"
                )));
            };
            let mut words = head.split_whitespace();
            let (Some(who), Some(what), None) = (words.next(), words.next(), words.next()) else {
                return Err(err(format!("cannot read {head:?}")));
            };
            let owner = Player::parse(who)
                .ok_or_else(|| err(format!("unknown player {who:?}: Screws or Balls")))?;
            match what.to_ascii_lowercase().as_str() {
                "dead" => {
                    if let Some(first) = dead_line[owner.index()] {
                        return Err(err(format!(
                            "{} dead pieces were already given on line {first}",
                            owner.possessive()
                        )));
                    }
                    dead_line[owner.index()] = Some(line);
                    let mut given = [false; 2];
                    for part in list.split(',') {
                        let mut w = part.split_whitespace();
                        let (Some(n), Some(size), None) = (w.next(), w.next(), w.next()) else {
                            return Err(err(format!(
                                "cannot read {:?}: write \"2 large, 1 small\"",
                                part.trim()
                            )));
                        };
                        let size = match size {
                            "large" => Size::Large,
                            "small" => Size::Small,
                            _ => {
                                return Err(err(format!("unknown size {size:?}: large or small")));
                            }
                        };
                        let k = size_index(size);
                        if given[k] {
                            return Err(err(format!("{} given twice", size.word())));
                        }
                        given[k] = true;
                        let owned = options.owned(size);
                        let on_board = pos.on_board(owner, size);
                        let max = owned.saturating_sub(on_board);
                        let count = n
                            .parse::<u8>()
                            .ok()
                            .filter(|c| *c <= max && n.bytes().all(|c| c.is_ascii_digit()));
                        let Some(count) = count else {
                            return Err(SetupError::DeadCount {
                                line,
                                player: owner,
                                size: size.word(),
                                given: n.to_string(),
                                max,
                                owned,
                                on_board,
                            });
                        };
                        pos.set_dead(owner, k, count);
                        spent_line[owner.index()] = line;
                    }
                }
                word @ ("large" | "small") => {
                    let size = if word == "large" {
                        Size::Large
                    } else {
                        Size::Small
                    };
                    for name in list.split_whitespace() {
                        let id = b.parse(name).ok_or_else(|| {
                            err(format!("no such space {name:?} (files a-l, ranks 1-12)"))
                        })?;
                        if b.space(id).size != square_for(size) {
                            return Err(SetupError::WrongSize {
                                line,
                                space: name.to_string(),
                                piece: size.word(),
                                square: square_for(size).word(),
                            });
                        }
                        if pos.occupied() & bit(id) != 0 {
                            return Err(SetupError::Occupied {
                                line,
                                space: name.to_string(),
                            });
                        }
                        let count = usize::from(pos.on_board(owner, size))
                            + usize::from(pos.dead(owner, size))
                            + 1;
                        let owned = options.owned(size);
                        if count > usize::from(owned) {
                            return Err(SetupError::TooMany {
                                line,
                                player: owner,
                                size: size.word(),
                                count,
                                owned,
                            });
                        }
                        pos.put(owner, id);
                        spent_line[owner.index()] = line;
                    }
                }
                other => {
                    return Err(err(format!(
                        "expected large, small or dead, found {other:?}"
                    )));
                }
            }
        }
        if Player::ALL.iter().all(|p| pos.spent(*p, options)) {
            return Err(SetupError::BothSpent {
                line: spent_line[0].max(spent_line[1]),
            });
        }
        Ok(pos)
    }

    /// Whether `player` has no reserve left under `options`.
    fn spent(&self, player: Player, options: &ScrewballOptions) -> bool {
        [Size::Large, Size::Small].into_iter().all(|size| {
            u16::from(self.on_board(player, size)) + u16::from(self.dead(player, size))
                >= u16::from(options.owned(size))
        })
    }

    /// Refuses a position that has more pieces than `options` give a player, or in which
    /// both players' reserves are spent.
    pub fn check(&self, options: &ScrewballOptions) -> Result<(), SetupError> {
        options.check()?;
        for player in Player::ALL {
            for size in [Size::Large, Size::Small] {
                let count =
                    usize::from(self.on_board(player, size)) + usize::from(self.dead(player, size));
                let owned = options.owned(size);
                if count > usize::from(owned) {
                    return Err(SetupError::Counts {
                        player,
                        size: size.word(),
                        count,
                        owned,
                    });
                }
            }
        }
        if Player::ALL.iter().all(|p| self.spent(*p, options)) {
            return Err(SetupError::NoReserves);
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = Board::get();
        for owner in Player::ALL {
            for size in [Size::Large, Size::Small] {
                let names: Vec<String> = self
                    .pieces_of(owner)
                    .filter(|(_, p)| p.size == size)
                    .map(|(id, _)| b.name(id).to_string())
                    .collect();
                if !names.is_empty() {
                    writeln!(f, "{owner} {}: {}", size.word(), names.join(" "))?;
                }
            }
            let d = self.dead[owner.index()];
            if d != [0, 0] {
                writeln!(f, "{owner} dead: {} large, {} small", d[0], d[1])?;
            }
        }
        write!(f, "{} to move", self.to_move)
    }
}

/// A piece set on the board from its owner's reserve: a penalty piece, or a piece entered by
/// a player who cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// The piece, taken from its owner's reserve of its size.
    pub piece: Piece,
    /// The square it is set on.
    pub at: SpaceId,
    /// For a penalty piece, the attacked piece's square it was set for.
    pub victim: Option<SpaceId>,
    /// Whether it died where it was set (and so went to its owner's dead pieces at once).
    pub died: bool,
}

/// What a Screwball move did ([`Game::play_effect`]): enough to show it without comparing
/// positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScrewballEffect {
    /// Who played it.
    pub player: Player,
    /// For a step, the piece that moved (from the move's `from` to its `to`).
    pub mover: Option<Piece>,
    /// Whether the moved piece died on arriving (on its owner's edge, or where it can move no
    /// further) and so went to its owner's dead pieces.
    pub mover_died: bool,
    /// The enemy pieces the step attacked (their squares), in order; a penalty piece was set
    /// for each that [`ScrewballEffect::placements`] names.
    pub attacked: Vec<SpaceId>,
    /// The pieces set from a reserve, in order: the penalty pieces of a step, or the entered
    /// piece of [`Move::Enter`].
    pub placements: Vec<Placement>,
    /// Whether the same player moves again (the step attacked).
    pub again: bool,
}

/// A Screwball game in progress.
#[derive(Debug, Clone)]
pub struct Screwball {
    pos: Position,
    start: Position,
    options: ScrewballOptions,
    frames: Vec<(Move, Position)>,
}

impl Screwball {
    /// The opening with these options, once [`ScrewballOptions::check`] accepts them.
    pub fn new(options: ScrewballOptions) -> Result<Screwball, OptionsError> {
        options.check()?;
        Ok(Screwball::unchecked(Position::standard(), options))
    }

    /// A game from a position, once the options and the position's counts under them are
    /// checked ([`Position::check`]).
    pub fn from_position(
        pos: Position,
        options: ScrewballOptions,
    ) -> Result<Screwball, SetupError> {
        pos.check(&options)?;
        Ok(Screwball::unchecked(pos, options))
    }

    /// A game from the setup text form ([`Position::parse`]).
    pub fn from_setup_text(text: &str, options: ScrewballOptions) -> Result<Screwball, SetupError> {
        let pos = Position::parse(text, &options)?;
        Ok(Screwball::unchecked(pos, options))
    }

    fn unchecked(pos: Position, options: ScrewballOptions) -> Screwball {
        Screwball {
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
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

    /// The options.
    pub fn options(&self) -> &ScrewballOptions {
        &self.options
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.0)
    }

    /// A Zobrist key of the game's state for a transposition table: the position's key
    /// ([`Position::key`]), marked when the last move was a pass (another pass would end the
    /// game).
    pub fn key(&self) -> u64 {
        if self.passed(1) {
            self.pos.key ^ tables().passed_key
        } else {
            self.pos.key
        }
    }

    /// Whether each of the last `n` moves was a pass.
    fn passed(&self, n: usize) -> bool {
        self.frames.len() >= n
            && self.frames[self.frames.len() - n..]
                .iter()
                .all(|(mv, _)| *mv == Move::Pass)
    }

    /// Whether both players passed in a row: the position and the turn are as they were two
    /// moves ago, and no one can ever move again.
    pub fn stalled(&self) -> bool {
        self.passed(2)
    }

    /// A player's pieces of `size` still in reserve in `pos`.
    fn reserve_in(&self, pos: &Position, player: Player, size: Size) -> u8 {
        self.options.owned(size).saturating_sub(
            pos.on_board(player, size)
                .saturating_add(pos.dead(player, size)),
        )
    }

    /// A player's pieces of `size` still in reserve.
    pub fn reserve(&self, player: Player, size: Size) -> u8 {
        self.reserve_in(&self.pos, player, size)
    }

    /// The size of the penalty piece set for a victim of `size` (the same size, else the
    /// other), if the victim has any reserve left.
    pub fn penalty_size(&self, pos: &Position, victim: Player, size: Size) -> Option<Size> {
        [size, size.other()]
            .into_iter()
            .find(|s| self.reserve_in(pos, victim, *s) > 0)
    }

    /// The squares a penalty or entered piece of `player`'s may be set on, with
    /// [`ScrewballOptions::place_only_where_playable`]: every square, or those it could move
    /// from.
    #[inline]
    fn placeable(&self, t: &Tables, player: Player) -> u128 {
        if self.options.place_only_where_playable {
            !t.dead[player.index()]
        } else {
            !0
        }
    }

    /// The vacant squares nearest a player's starting row that a piece of `size` may be set
    /// on (with [`ScrewballOptions::place_only_where_playable`], only squares it could move
    /// from).
    pub fn nearest_vacant(&self, pos: &Position, player: Player, size: Size) -> Vec<SpaceId> {
        let t = tables();
        let allowed = !pos.occupied() & self.placeable(t, player);
        Bits(t.bands[player.index()][size_index(size)].nearest(allowed)).collect()
    }

    /// Every step of the player to move, each with every way to set its penalty pieces,
    /// handed to `each`.
    #[inline]
    fn for_each_step(&self, mut each: impl FnMut(SpaceId, SpaceId, &Placements)) {
        let t = tables();
        let pos = &self.pos;
        let me = pos.to_move;
        let them = me.other();
        let own = pos.men[me.index()];
        let enemy = pos.men[them.index()];
        let occupied = own | enemy;
        let mut left = [
            self.reserve_in(pos, them, Size::Large),
            self.reserve_in(pos, them, Size::Small),
        ];
        let allowed = self.placeable(t, them);
        let mut spots = Placements::new();
        for from in Bits(own) {
            for to in Bits(t.steps[me.index()][usize::from(from.0)] & !occupied) {
                let victims = t.attacks[me.index()][usize::from(to.0)] & enemy;
                if victims == 0 {
                    each(from, to, &spots);
                    continue;
                }
                let after = occupied ^ bit(from) ^ bit(to);
                let mut step = |p: &Placements| each(from, to, p);
                place(
                    t, them, victims, after, allowed, &mut left, &mut spots, &mut step,
                );
            }
        }
    }

    /// The moves of the player to move, whether or not the game has ended.
    fn generate(&self, out: &mut Vec<Move>) {
        self.for_each_step(|from, to, placements| {
            out.push(Move::Step {
                from,
                to,
                placements: *placements,
            })
        });
        if out.is_empty() {
            self.entries(|at| out.push(Move::Enter(at)));
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    /// The entries of the player to move (who cannot step), if the rules let him enter.
    fn entries(&self, mut each: impl FnMut(SpaceId)) {
        if self.options.no_move != NoMove::Enter {
            return;
        }
        let t = tables();
        let me = self.pos.to_move;
        let mut open = t.start_row[me.index()] & !self.pos.occupied() & self.placeable(t, me);
        for size in [Size::Large, Size::Small] {
            if self.reserve(me, size) == 0 {
                open &= !t.squares_for(size);
            }
        }
        Bits(open).for_each(&mut each);
    }

    /// Whether a move attacked (and so earns another move).
    pub fn attacks(&self, mv: &Move) -> bool {
        match mv {
            Move::Step { from, to, .. } => !self
                .pos
                .attacked_after(self.pos.to_move, *from, *to)
                .is_empty(),
            _ => false,
        }
    }

    /// Plays a move known to be legal; with `RECORD`, tells what it did (else the effect is
    /// left empty, at no cost).
    fn apply<const RECORD: bool>(&mut self, mv: &Move) -> ScrewballEffect {
        let before = self.pos.clone();
        let t = tables();
        let me = self.pos.to_move;
        let them = me.other();
        let mut again = false;
        let mut effect = ScrewballEffect {
            player: me,
            mover: None,
            mover_died: false,
            attacked: Vec::new(),
            placements: Vec::new(),
            again: false,
        };
        match mv {
            Move::Step {
                from,
                to,
                placements,
            } => {
                if RECORD {
                    effect.mover = self.pos.at(*from);
                }
                self.pos.take(me, *from);
                self.pos.put(me, *to);
                let victims = t.attacks[me.index()][usize::from(to.0)] & self.pos.men[them.index()];
                again = victims != 0;
                let allowed = self.placeable(t, them);
                let mut spots = placements.iter();
                let mut arrived = 0u128;
                for victim in Bits(victims) {
                    if RECORD {
                        effect.attacked.push(victim);
                    }
                    let Some(size) = self.penalty_size(&self.pos, them, t.piece_size(victim))
                    else {
                        continue;
                    };
                    let choices = t.bands[them.index()][size_index(size)]
                        .nearest(!self.pos.occupied() & allowed);
                    if choices == 0 {
                        continue;
                    }
                    if let Some(spot) = spots.next() {
                        self.pos.put(them, *spot);
                        arrived |= bit(*spot);
                        if RECORD {
                            effect.placements.push(Placement {
                                piece: Piece {
                                    owner: them,
                                    size: t.piece_size(*spot),
                                },
                                at: *spot,
                                victim: Some(victim),
                                died: false,
                            });
                        }
                    }
                }
                // "If an attacking piece reaches the extreme border of the board, it is
                // considered 'dead' ... if it moves into a position where it cannot move
                // further, it is considered 'dead'": the moved piece and every penalty piece
                // are checked where they now stand (no other piece's square has changed).
                effect.mover_died = self.pos.bury_if_dead(me, *to);
                for at in Bits(arrived) {
                    let died = self.pos.bury_if_dead(them, at);
                    if RECORD
                        && died
                        && let Some(p) = effect.placements.iter_mut().find(|p| p.at == at)
                    {
                        p.died = true;
                    }
                }
            }
            Move::Enter(at) => {
                self.pos.put(me, *at);
                let died = self.pos.bury_if_dead(me, *at);
                if RECORD {
                    effect.placements.push(Placement {
                        piece: Piece {
                            owner: me,
                            size: t.piece_size(*at),
                        },
                        at: *at,
                        victim: None,
                        died,
                    });
                }
            }
            Move::Pass => {}
        }
        if !again {
            self.pos.set_to_move(them);
        }
        effect.again = again;
        self.frames.push((mv.clone(), before));
        effect
    }
}

/// Every way to set the penalty pieces for `victims` (a mask, taken lowest first) of
/// `owner`'s, with `occupied` the board's pieces and `left` his reserve by size index; each
/// complete list of squares goes to `each`.
#[allow(clippy::too_many_arguments)]
fn place(
    t: &Tables,
    owner: Player,
    victims: u128,
    occupied: u128,
    allowed: u128,
    left: &mut [u8; 2],
    spots: &mut Placements,
    each: &mut impl FnMut(&Placements),
) {
    if victims == 0 {
        each(spots);
        return;
    }
    let victim = SpaceId(victims.trailing_zeros() as u8);
    let rest = victims & (victims - 1);
    let wanted = size_index(t.piece_size(victim));
    let size = if left[wanted] > 0 {
        wanted
    } else if left[1 - wanted] > 0 {
        1 - wanted
    } else {
        // No reserve left: the game ends; nothing more is set.
        each(spots);
        return;
    };
    let choices = t.bands[owner.index()][size].nearest(!occupied & allowed);
    if choices == 0 {
        place(t, owner, rest, occupied, allowed, left, spots, each);
        return;
    }
    if rest == 0 {
        // The last victim: each square ends a list.
        for spot in Bits(choices) {
            spots.push(spot);
            each(spots);
            spots.pop();
        }
        return;
    }
    left[size] -= 1;
    for spot in Bits(choices) {
        spots.push(spot);
        place(
            t,
            owner,
            rest,
            occupied | bit(spot),
            allowed,
            left,
            spots,
            each,
        );
        spots.pop();
    }
    left[size] += 1;
}

impl Game for Screwball {
    type Move = Move;
    type Player = Player;
    type Options = ScrewballOptions;
    type Setup = Position;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = ScrewballEffect;

    fn from_options(options: ScrewballOptions) -> Result<Screwball, OptionsError> {
        Screwball::new(options)
    }

    /// The position's counts are checked against the options ([`Position::check`]).
    fn from_setup(setup: Position, options: ScrewballOptions) -> Result<Screwball, SetupError> {
        Screwball::from_position(setup, options)
    }

    fn parse_setup(text: &str, options: &ScrewballOptions) -> Result<Position, SetupError> {
        Position::parse(text, options)
    }

    fn setup_text(setup: &Position) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        self.start == Position::standard()
    }

    fn options(&self) -> &ScrewballOptions {
        &self.options
    }

    fn start(&self) -> &Position {
        &self.start
    }

    fn history(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.0.clone()).collect()
    }

    fn play_effect(&mut self, mv: &Move) -> Result<ScrewballEffect, PlayError> {
        crate::game::check_move(self, mv)?;
        Ok(self.apply::<true>(mv))
    }

    fn players(&self) -> Vec<Player> {
        Player::ALL.to_vec()
    }

    fn to_move(&self) -> Player {
        self.pos.to_move
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.outcome().is_over() {
            out.reserve(64);
            self.generate(&mut out);
        }
        out
    }

    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            return 0;
        }
        let mut n = 0;
        self.for_each_step(|_, _, _| n += 1);
        if n == 0 {
            self.entries(|_| n += 1);
        }
        n.max(1)
    }

    fn play_unchecked(&mut self, mv: &Move) {
        self.apply::<false>(mv);
    }

    fn undo(&mut self) -> Option<Move> {
        let (mv, before) = self.frames.pop()?;
        self.pos = before;
        Some(mv)
    }

    fn outcome(&self) -> Outcome<Player> {
        for player in Player::ALL {
            let on = self.pos.on[player.index()];
            let d = self.pos.dead[player.index()];
            let used_large = u16::from(on[0]) + u16::from(d[0]);
            let used_small = u16::from(on[1]) + u16::from(d[1]);
            if used_large >= u16::from(self.options.large)
                && used_small >= u16::from(self.options.small)
            {
                return Outcome::Win(player.other());
            }
        }
        if self.stalled() {
            return match self.options.stalled {
                Stalled::Draw => Outcome::Draw(DrawReason::NoMove),
                Stalled::FewestPieces => {
                    let count = |p: Player| {
                        let on = self.pos.on[p.index()];
                        u16::from(on[0]) + u16::from(on[1])
                    };
                    match count(Player::Screws).cmp(&count(Player::Balls)) {
                        std::cmp::Ordering::Less => Outcome::Win(Player::Screws),
                        std::cmp::Ordering::Greater => Outcome::Win(Player::Balls),
                        std::cmp::Ordering::Equal => Outcome::Draw(DrawReason::NoMove),
                    }
                }
            };
        }
        Outcome::Ongoing
    }

    fn why_illegal(&self, mv: &Move) -> String {
        let me = self.pos.to_move;
        let b = Board::get();
        match mv {
            Move::Step { from, to, .. } => {
                let Some(piece) = self.pos.at(*from) else {
                    return format!("there is no piece on {}", b.name(*from));
                };
                if piece.owner != me {
                    return format!(
                        "that piece is {}: it is {} turn",
                        piece.owner.possessive(),
                        me.possessive()
                    );
                }
                let square = b.space(*to).size;
                if square != square_for(piece.size) {
                    return format!(
                        "a {} piece stands only on {} squares",
                        piece.size.word(),
                        square_for(piece.size).word()
                    );
                }
                if !b.touching(*from).iter().any(|(id, _)| id == to) {
                    return format!("{} does not touch {}", b.name(*to), b.name(*from));
                }
                if self.pos.at(*to).is_some() {
                    return format!("{} is occupied", b.name(*to));
                }
                if !may_go(me, *from, *to) {
                    return "a piece moves only toward its owner, or sideways toward the centre"
                        .into();
                }
                "the penalty pieces must go on the vacant squares nearest the victim's starting row"
                    .into()
            }
            Move::Enter(_) => {
                "a reserve piece is entered only by a player who cannot move, on a vacant square of his starting row".into()
            }
            Move::Pass => "a player passes only when he can neither move nor enter a piece".into(),
        }
    }

    fn move_text(&self, mv: &Move) -> String {
        super::notation::print(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(self, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
