//! Screwball's players and pieces, the board's geometry as it bears on them (which way a
//! piece may go, where it is dead, the starting rows), positions and their setup text.

use super::board::{Board, Size, SpaceId, UNITS};
use super::options::{OptionsError, ScrewballOptions};
use super::tables::{Bits, bit, tables};
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

/// A position: pieces on the board, pieces dead, whose turn. Each player's pieces are the
/// bits of a `u128` by space (a piece's size is the other of its square's), and the
/// position keeps its Zobrist key as it changes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each player's pieces, by [`Player::index`].
    pub(super) men: [u128; 2],
    /// How many of each player's pieces are on the board, by size (large, small).
    pub(super) on: [[u8; 2]; 2],
    /// Dead pieces of each player, by size (large, small).
    pub(super) dead: [[u8; 2]; 2],
    pub(super) to_move: Player,
    /// The player to move has just attacked and is on his bonus move, which he may make or
    /// decline ([`crate::screwball::Move::Pass`] ends his turn); he enters no reserve piece.
    pub(super) bonus: bool,
    pub(super) key: u64,
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

pub(super) fn size_index(size: Size) -> usize {
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
    pub(super) fn empty() -> Position {
        Position {
            men: [0; 2],
            on: [[0; 2]; 2],
            dead: [[0; 2]; 2],
            to_move: Player::Screws,
            bonus: false,
            key: 0,
        }
    }

    /// Sets a piece of `owner` on the vacant space `at` (its size is the square's other);
    /// nothing if it is taken.
    #[inline]
    pub(super) fn put(&mut self, owner: Player, at: SpaceId) {
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
    pub(super) fn take(&mut self, owner: Player, at: SpaceId) {
        let t = tables();
        if self.men[owner.index()] & bit(at) == 0 {
            return;
        }
        self.men[owner.index()] &= !bit(at);
        self.on[owner.index()][size_index(t.piece_size(at))] -= 1;
        self.key ^= t.piece_keys[owner.index()][usize::from(at.0)];
    }

    /// Sets how many of a player's pieces of a size are dead.
    pub(super) fn set_dead(&mut self, owner: Player, size: usize, n: u8) {
        let t = tables();
        let old = self.dead[owner.index()][size];
        self.key ^= t.dead_key(owner, size, old) ^ t.dead_key(owner, size, n);
        self.dead[owner.index()][size] = n;
    }

    /// Sets whose turn it is.
    pub(super) fn set_to_move(&mut self, player: Player) {
        if self.to_move != player {
            self.key ^= tables().balls_key;
            self.to_move = player;
        }
    }

    /// Sets whether the player to move is on a bonus move.
    pub(super) fn set_bonus(&mut self, bonus: bool) {
        if self.bonus != bonus {
            self.key ^= tables().bonus_key;
            self.bonus = bonus;
        }
    }

    /// Removes the piece of `owner` on `at` if it is dead there, counting it among its
    /// owner's dead.
    #[inline]
    pub(super) fn bury_if_dead(&mut self, owner: Player, at: SpaceId) -> bool {
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
    pub(super) fn occupied(&self) -> u128 {
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

    /// Whether the player to move is on a bonus move: his last step attacked, and he may move
    /// again or end his turn.
    pub fn bonus(&self) -> bool {
        self.bonus
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
    /// "Balls to move again" gives Balls the turn on a bonus move (his last step attacked).
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
            let (turn, bonus) = match body.strip_suffix(" to move again") {
                Some(who) => (Some(who), true),
                None => (body.strip_suffix(" to move"), false),
            };
            if let Some(who) = turn {
                let who = Player::parse(who)
                    .ok_or_else(|| err(format!("unknown player {who:?}: Screws or Balls")))?;
                if let Some(first) = turn_line {
                    return Err(err(format!(
                        "whose turn it is was already given on line {first}"
                    )));
                }
                turn_line = Some(line);
                pos.set_to_move(who);
                pos.set_bonus(bonus);
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
        write!(f, "{} to move", self.to_move)?;
        if self.bonus {
            f.write_str(" again")?;
        }
        Ok(())
    }
}
