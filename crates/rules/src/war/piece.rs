//! The Game of War's pieces: kinds, Maxim's piece names, and pieces on the board.

use super::board::Side;
use std::fmt;

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Moves one square any way.
    King,
    /// Moves like a chess queen.
    General,
    /// Moves diagonally any distance, staying on its colour.
    Cannon,
    /// Leaps like a chess knight.
    Horse,
    /// Moves straight any distance.
    Mortar,
    /// One leap in the whole game from its station; then fixed, blocking and uncapturable.
    FlyingMachine,
    /// Steps forward; captures diagonally forward; jumps enemy troops.
    Troop,
}

impl Kind {
    /// All kinds.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::General,
        Kind::Cannon,
        Kind::Horse,
        Kind::Mortar,
        Kind::FlyingMachine,
        Kind::Troop,
    ];

    /// Maxim's initial: K, G, C, H, M, F, T.
    pub fn letter(self) -> &'static str {
        match self {
            Kind::King => "K",
            Kind::General => "G",
            Kind::Cannon => "C",
            Kind::Horse => "H",
            Kind::Mortar => "M",
            Kind::FlyingMachine => "F",
            Kind::Troop => "T",
        }
    }

    /// Reads an initial.
    pub fn from_letter(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == text)
    }

    /// How many of this kind a side has at the start.
    pub fn count(self) -> usize {
        match self {
            Kind::King | Kind::General => 1,
            Kind::Troop => 10,
            _ => 2,
        }
    }

    /// The English name.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::General => "general",
            Kind::Cannon => "cannon",
            Kind::Horse => "horse",
            Kind::Mortar => "mortar",
            Kind::FlyingMachine => "flying machine",
            Kind::Troop => "troop",
        }
    }
}

/// A piece's own name, kept all game (Maxim names troops after the piece they stood before).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Name {
    KM,
    KH,
    KC,
    KF,
    K,
    G,
    GF,
    GC,
    GH,
    GM,
    KMT,
    KHT,
    KCT,
    KFT,
    KT,
    GT,
    GFT,
    GCT,
    GHT,
    GMT,
}

impl Name {
    /// All names: the first-rank pieces by file, then the troops by file.
    pub const ALL: [Name; 20] = [
        Name::KM,
        Name::KH,
        Name::KC,
        Name::KF,
        Name::K,
        Name::G,
        Name::GF,
        Name::GC,
        Name::GH,
        Name::GM,
        Name::KMT,
        Name::KHT,
        Name::KCT,
        Name::KFT,
        Name::KT,
        Name::GT,
        Name::GFT,
        Name::GCT,
        Name::GHT,
        Name::GMT,
    ];

    /// The text of the name, e.g. `KHT`.
    pub fn text(self) -> &'static str {
        const TEXT: [&str; 20] = [
            "KM", "KH", "KC", "KF", "K", "G", "GF", "GC", "GH", "GM", "KMT", "KHT", "KCT", "KFT",
            "KT", "GT", "GFT", "GCT", "GHT", "GMT",
        ];
        TEXT[self as usize]
    }

    /// Reads a name.
    pub fn parse(text: &str) -> Option<Name> {
        Name::ALL.into_iter().find(|n| n.text() == text)
    }

    /// The file (0-9) the named piece starts on.
    pub fn file(self) -> u8 {
        (self as u8) % 10
    }

    /// The kind of the named piece.
    pub fn kind(self) -> Kind {
        if (self as u8) >= 10 {
            return Kind::Troop;
        }
        match self.file() {
            0 | 9 => Kind::Mortar,
            1 | 8 => Kind::Horse,
            2 | 7 => Kind::Cannon,
            3 | 6 => Kind::FlyingMachine,
            4 => Kind::King,
            _ => Kind::General,
        }
    }

    /// The troop named after the piece on `file`.
    pub fn troop_of_file(file: u8) -> Name {
        Name::ALL[10 + file as usize]
    }

    /// The first-rank piece of `file`.
    pub fn of_file(file: u8) -> Name {
        Name::ALL[file as usize]
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A piece: its side, kind, own name (unknown in some problem setups) and whether a troop
/// has moved yet (which decides its first-move double step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
    /// Its own name, when known.
    pub name: Option<Name>,
    /// For troops: has it moved? (Other kinds ignore it.)
    pub moved: bool,
}

impl Piece {
    /// The name to print: its own name if known, else the kind's initial.
    pub fn label(&self) -> &'static str {
        self.name.map_or(self.kind.letter(), Name::text)
    }
}
