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
}

/// A checked, playable position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; 100],
    stations: [[Option<Piece>; 2]; 2],
    to_move: Side,
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
        let mut board = [None; 100];
        let mut stations = [[None; 2]; 2];
        for side in Side::ALL {
            for file in 0..10u8 {
                if let Some(kind) = RANK1[file as usize] {
                    let sq = Square::from_rank(side, file, 1).expect("on board");
                    board[sq.index()] = Some(Piece {
                        side,
                        kind,
                        name: Some(Name::of_file(file)),
                        moved: false,
                    });
                }
                let rank = if file % 2 == 0 { 3 } else { 4 };
                let sq = Square::from_rank(side, file, rank).expect("on board");
                board[sq.index()] = Some(Piece {
                    side,
                    kind: Kind::Troop,
                    name: Some(Name::troop_of_file(file)),
                    moved: false,
                });
            }
            for st in Station::ALL {
                stations[side.index()][st.index()] = Some(Piece {
                    side,
                    kind: Kind::FlyingMachine,
                    name: Some(Name::of_file(st.file())),
                    moved: false,
                });
            }
        }
        Position {
            board,
            stations,
            to_move: first,
        }
    }

    /// Checks a setup and builds the position, filling in names the setup leaves out where
    /// the position decides them (king, general, cannons by colour, flying machines by
    /// station or colour).
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut pos = Position {
            board: [None; 100],
            stations: [[None; 2]; 2],
            to_move: setup.to_move.unwrap_or(Side::Red),
        };
        for &(piece, place) in &setup.pieces {
            let mut piece = piece;
            if let Some(name) = piece.name
                && name.kind() != piece.kind
            {
                return Err(SetupError::NameKind {
                    name,
                    expected: name.kind().noun(),
                    given: piece.kind.noun(),
                });
            }
            match place {
                Place::Station(mut st) => {
                    if piece.kind != Kind::FlyingMachine {
                        return Err(SetupError::NotAFlyingMachine {
                            kind: piece.kind.noun(),
                        });
                    }
                    let side = piece.side.index();
                    if piece.name.is_none() && pos.stations[side][st.index()].is_some() {
                        st = Station::General;
                    }
                    if pos.stations[side][st.index()].is_some() {
                        return Err(SetupError::StationTaken {
                            side: piece.side,
                            station: st,
                        });
                    }
                    piece.name = Some(Name::of_file(st.file()));
                    pos.stations[side][st.index()] = Some(piece);
                }
                Place::Square(sq) => {
                    if pos.board[sq.index()].is_some() {
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
                    if piece.kind == Kind::Troop && sq.rank_for(piece.side) < 3 {
                        return Err(SetupError::TroopBehind {
                            side: piece.side,
                            square: sq.name_for(piece.side),
                        });
                    }
                    pos.board[sq.index()] = Some(piece);
                }
            }
        }
        pos.check_counts()?;
        Ok(pos)
    }

    fn check_counts(&self) -> Result<(), SetupError> {
        for side in Side::ALL {
            let pieces: Vec<Piece> = self.pieces_of(side).map(|(_, p)| p).collect();
            for kind in Kind::ALL {
                let count = pieces.iter().filter(|p| p.kind == kind).count();
                if count > kind.count() {
                    return Err(SetupError::TooMany {
                        side,
                        kind: kind.noun(),
                        count,
                        max: kind.count(),
                    });
                }
            }
            let mut names: Vec<Name> = pieces.iter().filter_map(|p| p.name).collect();
            names.sort();
            if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
                return Err(SetupError::DuplicateName { side, name: w[0] });
            }
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
        self.to_move = side;
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    pub(crate) fn put_station(&mut self, side: Side, st: Station, piece: Option<Piece>) {
        self.stations[side.index()][st.index()] = piece;
    }

    /// A troop on its far rank is dead (fixed, uncapturable) unless it stands on the enemy
    /// citadel, where it stays capturable.
    pub fn is_dead_troop(&self, sq: Square) -> bool {
        matches!(self.at(sq), Some(p) if p.kind == Kind::Troop
            && sq.rank_for(p.side) == 10
            && sq != Square::citadel(p.side.other()))
    }

    /// Whether a piece of `by` may capture what stands on `sq`: an enemy piece that is
    /// neither a flying machine nor a dead troop.
    pub fn capturable_by(&self, sq: Square, by: Side) -> bool {
        match self.at(sq) {
            Some(p) => p.side != by && p.kind != Kind::FlyingMachine && !self.is_dead_troop(sq),
            None => false,
        }
    }

    /// The setup this position was (or could have been) built from.
    pub fn to_setup(&self) -> Setup {
        Setup {
            pieces: self.all_pieces().map(|(place, p)| (p, place)).collect(),
            to_move: Some(self.to_move),
        }
    }

    /// A compact key of what matters for repetition: pieces, troops' moved flags, stations,
    /// side to move (names are left out).
    pub fn repetition_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for p in self.board.iter().chain(self.stations.iter().flatten()) {
            match p {
                None => 0u8.hash(&mut h),
                Some(p) => (1u8, p.side, p.kind, p.kind == Kind::Troop && p.moved).hash(&mut h),
            }
        }
        self.to_move.hash(&mut h);
        h.finish()
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

/// Reads a full square name as `side` reckons it (`KF2`, `GM10`).
pub fn parse_full_square(side: Side, text: &str) -> Option<Square> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (file, rank) = text.split_at(split);
    let file = FILE_NAMES.iter().position(|f| *f == file)? as u8;
    let rank: u8 = rank.parse().ok()?;
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
