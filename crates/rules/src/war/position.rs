//! A Game of War position: pieces on squares and stations, side to move, and the
//! setup text form (the book's problem lists) that builds checked positions.

use super::board::{FILE_NAMES, Side, Square, Station};
use super::piece::{Kind, Name, Piece};
use std::fmt;

/// Where a piece stands in a setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On a board square.
    Square(Square),
    /// On one of its side's flying-machine stations.
    Station(Station),
}

/// An unchecked setup: a list of pieces and where they stand. Turn it into a playable
/// [`Position`] with [`Position::from_setup`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// Pieces with their places; troops' `moved` flags as given.
    pub pieces: Vec<(Piece, Place)>,
    /// Who moves first; Red when not given.
    pub to_move: Option<Side>,
    /// The 1-based line of the text each piece was read from, in the order of `pieces`
    /// (empty for a setup not read from text); errors name it.
    pub lines: Vec<usize>,
}

/// Why a setup is not a valid position, or could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A line of the text form could not be read.
    #[error("line {line}: {why}")]
    Syntax {
        /// 1-based line number in the text.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// Two pieces on one square.
    #[error("two pieces on {square}")]
    Occupied {
        /// Red's name of the square.
        square: String,
    },
    /// Two flying machines on one station.
    #[error("{side}'s {station:?} station holds two flying machines")]
    StationTaken {
        /// Whose station.
        side: Side,
        /// Which station.
        station: Station,
    },
    /// Only flying machines stand on stations.
    #[error("a {kind} cannot stand on a station")]
    NotAFlyingMachine {
        /// The offending kind.
        kind: &'static str,
    },
    /// More pieces of a kind than a side owns.
    #[error("{side} has {count} {kind}s; at most {max}")]
    TooMany {
        /// Whose pieces.
        side: Side,
        /// The kind (English noun).
        kind: &'static str,
        /// How many were given.
        count: usize,
        /// How many a side owns.
        max: usize,
    },
    /// Two pieces with the same name.
    #[error("{side} has two pieces named {name}")]
    DuplicateName {
        /// Whose pieces.
        side: Side,
        /// The repeated name.
        name: Name,
    },
    /// A named piece of the wrong kind (e.g. `KM` on a horse).
    #[error("{name} is a {expected}, not a {given}")]
    NameKind {
        /// The name given.
        name: Name,
        /// The kind that name belongs to.
        expected: &'static str,
        /// The kind given.
        given: &'static str,
    },
    /// A cannon or landed flying machine on a square of the wrong colour.
    #[error("{side}'s {name} cannot stand on {square}: wrong colour")]
    WrongColour {
        /// Whose piece.
        side: Side,
        /// The piece.
        name: Name,
        /// Red's name of the square.
        square: String,
    },
    /// Flying machines never land on a citadel.
    #[error("a flying machine cannot stand on a citadel ({square})")]
    FlyingMachineOnCitadel {
        /// Red's name of the square.
        square: String,
    },
    /// Troops start on the third and fourth ranks and only go forward.
    #[error("{side}'s troop on {square} stands behind its third rank")]
    TroopBehind {
        /// Whose troop.
        side: Side,
        /// The owner's name of the square.
        square: String,
    },
    /// A side without a single piece: the game would be over before it began.
    #[error("{side} has no pieces: a setup needs pieces of both sides")]
    NoPieces {
        /// The side without pieces.
        side: Side,
    },
    /// A piece of the setup text that cannot stand where it is put.
    #[error("line {line}: {error}")]
    AtLine {
        /// 1-based line of the text the piece was read from.
        line: usize,
        /// What is wrong with it.
        error: Box<SetupError>,
    },
    /// The rules options are out of range.
    #[error(transparent)]
    Options(#[from] super::game::OptionsError),
}

/// A checked, playable position.
///
/// Besides the pieces it keeps, in step with every change, a bit set of each side's pieces,
/// one of each side's troops, one of the pieces that can never be captured (flying machines
/// and dead troops), and a Zobrist key of what repetition looks at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; 100],
    stations: [[Option<Piece>; 2]; 2],
    to_move: Side,
    occupied: [u128; 2],
    troops: [u128; 2],
    fixed: u128,
    cells: [u8; 101],
    key: u64,
}

/// A square's flags in [`Position::cells`]: a red piece stands there.
pub(crate) const RED: u8 = 1;
/// A blue piece stands there.
pub(crate) const BLUE: u8 = 2;
/// The piece there can never be captured (a flying machine or a dead troop).
pub(crate) const FIXED: u8 = 4;
/// The piece there is a troop.
pub(crate) const TROOP: u8 = 8;
/// The flags of the cell past the board's last square, where moves off the board lead:
/// taken by both sides and uncapturable, so that every test of a square refuses it.
pub(crate) const WALL: u8 = RED | BLUE | FIXED;

/// The flag of `side`'s pieces.
pub(crate) fn side_flag(side: Side) -> u8 {
    match side {
        Side::Red => RED,
        Side::Blue => BLUE,
    }
}

/// The next number of the SplitMix64 sequence, for building the Zobrist keys at compile time.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Zobrist keys: one per square and piece code (side, kind, troop moved), one per occupied
/// station, and one for Blue to move.
struct Zobrist {
    squares: [[u64; 32]; 100],
    stations: [[u64; 2]; 2],
    blue_to_move: u64,
}

const ZOBRIST: Zobrist = {
    let mut z = Zobrist {
        squares: [[0; 32]; 100],
        stations: [[0; 2]; 2],
        blue_to_move: 0,
    };
    let mut state = 0x7A62_756C_6120_5761; // "Tabula Wa"
    let mut sq = 0;
    while sq < 100 {
        let mut code = 0;
        while code < 32 {
            let (next, value) = splitmix(state);
            state = next;
            z.squares[sq][code] = value;
            code += 1;
        }
        sq += 1;
    }
    let mut i = 0;
    while i < 4 {
        let (next, value) = splitmix(state);
        state = next;
        z.stations[i / 2][i % 2] = value;
        i += 1;
    }
    z.blue_to_move = splitmix(state).1;
    z
};

/// A piece's Zobrist code: side, kind, and for troops whether they have moved (names are
/// left out, as repetition ignores them).
fn code(p: Piece) -> usize {
    p.side.index() * 16 + (p.kind as usize) * 2 + usize::from(p.kind == Kind::Troop && p.moved)
}

/// The bit of a square in a 100-bit set.
pub(crate) fn bit(sq: Square) -> u128 {
    1u128 << sq.index()
}

/// The first-rank layout from Red's left (each side mirrors ranks, not files).
const RANK1: [Option<Kind>; 10] = [
    Some(Kind::Mortar),
    Some(Kind::Horse),
    Some(Kind::Cannon),
    None,
    Some(Kind::King),
    Some(Kind::General),
    None,
    Some(Kind::Cannon),
    Some(Kind::Horse),
    Some(Kind::Mortar),
];

/// Whether a troop of `side` on `sq` stands on one of its starting squares
/// (rear troops on rank 3 of files KM, KC, K, GF, GH; van troops on rank 4 of the others).
pub fn is_troop_start(side: Side, sq: Square) -> bool {
    let rank = sq.rank_for(side);
    let even_file = sq.file() % 2 == 0;
    (rank == 3 && even_file) || (rank == 4 && !even_file)
}

impl Position {
    /// The standard opening position, Red to move unless `first` says otherwise.
    pub fn standard(first: Side) -> Position {
        let mut pos = Position::empty(first);
        for side in Side::ALL {
            for file in 0..10u8 {
                if let Some(kind) = RANK1[file as usize] {
                    let sq = Square::from_rank(side, file, 1).expect("on board");
                    pos.put(
                        sq,
                        Some(Piece {
                            side,
                            kind,
                            name: Some(Name::of_file(file)),
                            moved: false,
                        }),
                    );
                }
                let rank = if file % 2 == 0 { 3 } else { 4 };
                let sq = Square::from_rank(side, file, rank).expect("on board");
                pos.put(
                    sq,
                    Some(Piece {
                        side,
                        kind: Kind::Troop,
                        name: Some(Name::troop_of_file(file)),
                        moved: false,
                    }),
                );
            }
            for st in Station::ALL {
                pos.put_station(
                    side,
                    st,
                    Some(Piece {
                        side,
                        kind: Kind::FlyingMachine,
                        name: Some(Name::of_file(st.file())),
                        moved: false,
                    }),
                );
            }
        }
        pos
    }

    /// An empty board with `to_move` to move.
    fn empty(to_move: Side) -> Position {
        Position {
            board: [None; 100],
            stations: [[None; 2]; 2],
            to_move,
            occupied: [0; 2],
            troops: [0; 2],
            fixed: 0,
            cells: {
                let mut cells = [0; 101];
                cells[100] = WALL;
                cells
            },
            key: if to_move == Side::Blue {
                ZOBRIST.blue_to_move
            } else {
                0
            },
        }
    }

    /// Checks a setup and builds the position, filling in names the setup leaves out where
    /// the position decides them (king, general, cannons by colour, flying machines by
    /// station or colour). An error about one piece names the line it was read from.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut pos = Position::empty(setup.to_move.unwrap_or(Side::Red));
        let mut counts = [[0usize; 7]; 2];
        let mut names = [[false; 20]; 2];
        for (i, &(piece, place)) in setup.pieces.iter().enumerate() {
            pos.place(piece, place, &mut counts, &mut names)
                .map_err(|error| match setup.lines.get(i) {
                    Some(&line) if line > 0 => SetupError::AtLine {
                        line,
                        error: Box::new(error),
                    },
                    _ => error,
                })?;
        }
        for side in Side::ALL {
            if counts[side.index()].iter().all(|&n| n == 0) {
                return Err(SetupError::NoPieces { side });
            }
        }
        Ok(pos)
    }

    /// Puts one piece of a setup, checking it against those already put.
    fn place(
        &mut self,
        piece: Piece,
        place: Place,
        counts: &mut [[usize; 7]; 2],
        names: &mut [[bool; 20]; 2],
    ) -> Result<(), SetupError> {
        let mut piece = piece;
        let side = piece.side;
        if let Some(name) = piece.name
            && name.kind() != piece.kind
        {
            return Err(SetupError::NameKind {
                name,
                expected: name.kind().noun(),
                given: piece.kind.noun(),
            });
        }
        let place = match place {
            Place::Station(mut st) => {
                if piece.kind != Kind::FlyingMachine {
                    return Err(SetupError::NotAFlyingMachine {
                        kind: piece.kind.noun(),
                    });
                }
                if piece.name.is_none() && self.on_station(side, st).is_some() {
                    st = Station::General;
                }
                if self.on_station(side, st).is_some() {
                    return Err(SetupError::StationTaken { side, station: st });
                }
                piece.name = Some(Name::of_file(st.file()));
                piece.moved = false;
                Place::Station(st)
            }
            Place::Square(sq) => {
                if self.at(sq).is_some() {
                    return Err(SetupError::Occupied {
                        square: sq.to_string(),
                    });
                }
                piece.name = infer_name(piece, sq)?;
                if piece.kind == Kind::FlyingMachine && sq.is_citadel() {
                    return Err(SetupError::FlyingMachineOnCitadel {
                        square: sq.to_string(),
                    });
                }
                if piece.kind == Kind::Troop && sq.rank_for(side) < 3 {
                    return Err(SetupError::TroopBehind {
                        side,
                        square: sq.name_for(side),
                    });
                }
                place
            }
        };
        let count = &mut counts[side.index()][piece.kind as usize];
        *count += 1;
        if *count > piece.kind.count() {
            return Err(SetupError::TooMany {
                side,
                kind: piece.kind.noun(),
                count: *count,
                max: piece.kind.count(),
            });
        }
        if let Some(name) = piece.name {
            if names[side.index()][name as usize] {
                return Err(SetupError::DuplicateName { side, name });
            }
            names[side.index()][name as usize] = true;
        }
        match place {
            Place::Station(st) => self.put_station(side, st, Some(piece)),
            Place::Square(sq) => self.put(sq, Some(piece)),
        }
        Ok(())
    }

    /// All pieces of `side` with their places.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = (Place, Piece)> + '_ {
        self.all_pieces().filter(move |(_, p)| p.side == side)
    }

    /// Every piece with its place: the board from a1, then the stations.
    pub fn all_pieces(&self) -> impl Iterator<Item = (Place, Piece)> + '_ {
        let on_board =
            Square::all().filter_map(|sq| self.board[sq.index()].map(|p| (Place::Square(sq), p)));
        let on_stations = Side::ALL.into_iter().flat_map(move |side| {
            Station::ALL.into_iter().filter_map(move |st| {
                self.stations[side.index()][st.index()].map(|p| (Place::Station(st), p))
            })
        });
        on_board.chain(on_stations)
    }

    /// The piece on a square.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The flying machine waiting on `side`'s station, if any.
    pub fn on_station(&self, side: Side, st: Station) -> Option<Piece> {
        self.stations[side.index()][st.index()]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub(crate) fn set_to_move(&mut self, side: Side) {
        if side != self.to_move {
            self.key ^= ZOBRIST.blue_to_move;
        }
        self.to_move = side;
    }

    /// Puts `piece` on `sq` (or clears it), keeping the bit sets and the key in step.
    pub(crate) fn put(&mut self, sq: Square, piece: Option<Piece>) {
        let i = sq.index();
        let b = bit(sq);
        if let Some(old) = self.board[i] {
            self.key ^= ZOBRIST.squares[i][code(old)];
            self.occupied[old.side.index()] &= !b;
            self.troops[old.side.index()] &= !b;
            self.fixed &= !b;
        }
        self.board[i] = piece;
        let mut flags = 0;
        if let Some(p) = piece {
            self.key ^= ZOBRIST.squares[i][code(p)];
            self.occupied[p.side.index()] |= b;
            flags = side_flag(p.side);
            match p.kind {
                Kind::Troop => {
                    self.troops[p.side.index()] |= b;
                    flags |= TROOP;
                    if sq.rank_for(p.side) == 10 && sq != Square::citadel(p.side.other()) {
                        self.fixed |= b;
                        flags |= FIXED;
                    }
                }
                Kind::FlyingMachine => {
                    self.fixed |= b;
                    flags |= FIXED;
                }
                _ => {}
            }
        }
        self.cells[i] = flags;
    }

    /// Each square's flags ([`RED`], [`BLUE`], [`FIXED`], [`TROOP`]), and [`WALL`] at index
    /// 100, past the board.
    pub(crate) fn cells(&self) -> &[u8; 101] {
        &self.cells
    }

    /// Puts a flying machine on `side`'s station `st` (or clears it), keeping the key in step.
    pub(crate) fn put_station(&mut self, side: Side, st: Station, piece: Option<Piece>) {
        let slot = &mut self.stations[side.index()][st.index()];
        if slot.is_some() != piece.is_some() {
            self.key ^= ZOBRIST.stations[side.index()][st.index()];
        }
        *slot = piece;
    }

    /// The squares of `side`'s pieces on the board.
    pub(crate) fn occupied_by(&self, side: Side) -> u128 {
        self.occupied[side.index()]
    }

    /// The squares of every piece on the board.
    pub(crate) fn occupied_all(&self) -> u128 {
        self.occupied[0] | self.occupied[1]
    }

    /// The squares of `side`'s troops.
    pub(crate) fn troops_of(&self, side: Side) -> u128 {
        self.troops[side.index()]
    }

    /// The squares of pieces that can never be captured: flying machines and dead troops.
    pub(crate) fn fixed(&self) -> u128 {
        self.fixed
    }

    /// A troop on its far rank is dead (fixed, uncapturable) unless it stands on the enemy
    /// citadel, where it stays capturable.
    pub fn is_dead_troop(&self, sq: Square) -> bool {
        self.fixed & bit(sq) != 0 && matches!(self.at(sq), Some(p) if p.kind == Kind::Troop)
    }

    /// Whether a piece of `by` may capture what stands on `sq`: an enemy piece that is
    /// neither a flying machine nor a dead troop.
    pub fn capturable_by(&self, sq: Square, by: Side) -> bool {
        self.occupied[by.other().index()] & !self.fixed & bit(sq) != 0
    }

    /// The setup this position was (or could have been) built from.
    pub fn to_setup(&self) -> Setup {
        Setup {
            pieces: self.all_pieces().map(|(place, p)| (p, place)).collect(),
            to_move: Some(self.to_move),
            lines: Vec::new(),
        }
    }

    /// The Zobrist key of what matters for repetition: pieces, troops' moved flags,
    /// stations, side to move (names are left out). Kept up to date move by move.
    pub fn repetition_key(&self) -> u64 {
        self.key
    }
}

fn infer_name(piece: Piece, sq: Square) -> Result<Option<Name>, SetupError> {
    let side = piece.side;
    let by_colour = |files: [u8; 2], dark_of: &dyn Fn(u8) -> bool| {
        files
            .into_iter()
            .map(Name::of_file)
            .find(|n| dark_of(n.file()) == sq.is_dark())
    };
    let inferred = match piece.kind {
        Kind::King => Some(Name::K),
        Kind::General => Some(Name::G),
        Kind::Cannon => by_colour([2, 7], &|f| {
            Square::from_rank(side, f, 1).expect("on board").is_dark()
        }),
        Kind::FlyingMachine => by_colour([3, 6], &|f| {
            let st = if f == 3 {
                Station::King
            } else {
                Station::General
            };
            st.is_dark(side)
        }),
        _ => None,
    };
    match (piece.name, inferred) {
        (Some(given), Some(must)) if given != must => Err(SetupError::WrongColour {
            side,
            name: given,
            square: sq.to_string(),
        }),
        (Some(given), _) => Ok(Some(given)),
        (None, inferred) => Ok(inferred),
    }
}

/// A square in a note or a lesson: as Red reckons it (`KF5`, or `Red KF5`), or as Blue does
/// with `Blue ` before it.
pub fn note_square(text: &str) -> Option<Square> {
    let text = text.trim();
    match text.strip_prefix("Blue ") {
        Some(rest) => parse_full_square(Side::Blue, rest),
        None => parse_full_square(Side::Red, text.trim_start_matches("Red ")),
    }
}

/// Reads a full square name as `side` reckons it (`KF2`, `GM10`).
pub fn parse_full_square(side: Side, text: &str) -> Option<Square> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (file, rank) = text.split_at(split);
    let file = FILE_NAMES.iter().position(|f| *f == file)? as u8;
    let rank = super::board::parse_rank(rank)?;
    Square::from_rank(side, file, rank)
}

impl Setup {
    /// Reads the text form, one line per side (repeatable) and a side-to-move line:
    ///
    /// ```text
    /// # Problem I
    /// Red: K at KF2, M at GF2, C at GF8, T at GH3, T at GM4, KF on station, GF on station
    /// Blue: K at G2, G at KF5, KF at GF2, GF at KF2, T at GC4, T at GH3, T at GM5
    /// Red to move
    /// ```
    ///
    /// Squares are counted from the owner's side, as in the book. A piece is named by its
    /// initial or by Maxim's compound name; a troop may carry `moved` or `unmoved` (by
    /// default it is unmoved exactly when it stands on a troop starting square).
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
        let mut setup = Setup::default();
        let mut to_move_line = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError::Syntax { line, why };
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            if let Some(side) = body.strip_suffix(" to move") {
                let side = Side::parse(side.trim())
                    .ok_or_else(|| err(format!("unknown side {side:?} (Red or Blue)")))?;
                if let Some(first) = to_move_line {
                    return Err(err(format!(
                        "the side to move is given twice (first on line {first})"
                    )));
                }
                to_move_line = Some(line);
                setup.to_move = Some(side);
                continue;
            }
            let (side, list) = body.split_once(':').ok_or_else(|| {
                err(format!(
                    "expected \"Red: ...\", \"Blue: ...\" or \"Red to move\", found {body:?}"
                ))
            })?;
            let side = Side::parse(side.trim())
                .ok_or_else(|| err(format!("unknown side {:?} (Red or Blue)", side.trim())))?;
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                setup.pieces.push(parse_item(side, item).map_err(err)?);
                setup.lines.push(line);
            }
        }
        Ok(setup)
    }
}

fn parse_item(side: Side, item: &str) -> Result<(Piece, Place), String> {
    let words: Vec<&str> = item.split_whitespace().collect();
    let (name, kind) = match words.first() {
        Some(w) => match (Name::parse(w), Kind::from_letter(w)) {
            (_, Some(kind)) if *w != "K" && *w != "G" => (None, kind),
            (Some(name), _) => (Some(name), name.kind()),
            (None, Some(kind)) => (None, kind),
            (None, None) => return Err(format!("unknown piece {w:?} in {item:?}")),
        },
        None => return Err("empty piece".into()),
    };
    let mut piece = Piece {
        side,
        kind,
        name,
        moved: false,
    };
    let place = match words.get(1..3) {
        Some(["on", "station"]) => {
            let st = match name {
                Some(Name::GF) => Station::General,
                _ => Station::King,
            };
            if words.len() > 3 {
                return Err(format!("unexpected words after {item:?}"));
            }
            // A plain "F on station" takes the king's station, or the general's if taken.
            Place::Station(st)
        }
        Some(["at", sq]) => {
            let square = parse_full_square(side, sq).ok_or_else(|| {
                format!("{sq:?} is not a square (write a file name and rank, e.g. KF2 or GM10)")
            })?;
            Place::Square(square)
        }
        _ => {
            return Err(format!(
                "expected \"PIECE at SQUARE\" or \"F on station\", found {item:?}"
            ));
        }
    };
    let explicit = match words.get(3..) {
        Some([]) | None => None,
        Some(["moved"]) => Some(true),
        Some(["unmoved"]) => Some(false),
        Some(rest) => return Err(format!("unexpected {:?} after {item:?}", rest.join(" "))),
    };
    if let Place::Square(sq) = place {
        piece.moved = explicit.unwrap_or(kind == Kind::Troop && !is_troop_start(side, sq));
    }
    Ok((piece, place))
}

impl fmt::Display for Position {
    /// The setup text form; [`Setup::parse`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Side::ALL {
            let items: Vec<String> = self
                .pieces_of(side)
                .map(|(place, p)| match place {
                    Place::Station(_) => format!("{} on station", p.label()),
                    Place::Square(sq) => {
                        let mut s = format!("{} at {}", p.label(), sq.name_for(side));
                        if p.kind == Kind::Troop && p.moved == is_troop_start(side, sq) {
                            s.push_str(if p.moved { " moved" } else { " unmoved" });
                        }
                        s
                    }
                })
                .collect();
            writeln!(f, "{side}: {}", items.join(", "))?;
        }
        write!(f, "{} to move", self.to_move)
    }
}
