//! Transport's pieces, their strata, and the patent's power and vulnerability marks as one
//! table: bow dots (what a piece fires or launches), bands (what fires it, and the colour
//! it strikes with), tail dots (what can sink it). The table decides every encounter.

use std::fmt;

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Undersea; dark squares only.
    Submarine,
    /// Two squares long; launches planes.
    Carrier,
    /// The piece to protect.
    Transport,
    /// Two squares long; fires shells.
    Battleship,
    /// Fires torpedoes; rams submarines.
    Destroyer,
    /// An auxiliary of the carrier.
    Plane,
    /// An auxiliary of the battleship.
    Shell,
    /// An auxiliary of the destroyer and the submarine.
    Torpedo,
}

/// A piece's stratum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stratum {
    /// Below the surface.
    Undersea,
    /// On the surface.
    Surface,
    /// Above it.
    Air,
}

/// The colours of the patent's marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Shell.
    Red,
    /// Torpedo.
    Yellow,
    /// Plane.
    Green,
    /// Ramming by the destroyer.
    Orange,
}

impl Kind {
    /// The main pieces, in their order along the fleet's edge.
    pub const MAIN: [Kind; 5] = [
        Kind::Submarine,
        Kind::Carrier,
        Kind::Transport,
        Kind::Battleship,
        Kind::Destroyer,
    ];

    /// The auxiliaries.
    pub const AUXILIARY: [Kind; 3] = [Kind::Plane, Kind::Shell, Kind::Torpedo];

    /// Whether the piece occupies two squares (stern and bow).
    pub fn is_long(self) -> bool {
        matches!(self, Kind::Carrier | Kind::Battleship)
    }

    /// Whether the piece is a plane, shell or torpedo.
    pub fn is_auxiliary(self) -> bool {
        matches!(self, Kind::Plane | Kind::Shell | Kind::Torpedo)
    }

    /// Whether the piece is a shell or torpedo (goes back to reserve after sinking).
    pub fn is_missile(self) -> bool {
        matches!(self, Kind::Shell | Kind::Torpedo)
    }

    /// The piece's stratum.
    pub fn stratum(self) -> Stratum {
        match self {
            Kind::Submarine => Stratum::Undersea,
            Kind::Plane | Kind::Shell => Stratum::Air,
            _ => Stratum::Surface,
        }
    }

    /// The letter of a main piece in notation and setups.
    pub fn letter(self) -> char {
        match self {
            Kind::Submarine => 'S',
            Kind::Carrier => 'C',
            Kind::Transport => 'T',
            Kind::Battleship => 'B',
            Kind::Destroyer => 'D',
            Kind::Plane => 'P',
            Kind::Shell => 'H',
            Kind::Torpedo => 'O',
        }
    }

    /// The main piece with this letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::MAIN
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// The lower-case noun.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Submarine => "submarine",
            Kind::Carrier => "carrier",
            Kind::Transport => "transport",
            Kind::Battleship => "battleship",
            Kind::Destroyer => "destroyer",
            Kind::Plane => "plane",
            Kind::Shell => "shell",
            Kind::Torpedo => "torpedo",
        }
    }

    /// Reads an auxiliary's noun.
    pub fn auxiliary(noun: &str) -> Option<Kind> {
        Kind::AUXILIARY
            .into_iter()
            .find(|k| k.noun().eq_ignore_ascii_case(noun))
    }

    /// Bow dots: what the piece fires or launches (the patent: "The bow-dotted pieces are
    /// carrier, green, ... the battleship, red, ... the destroyer and the submarine,
    /// yellow"). The transport's optional red dot is [`bow_dots_for`]'s; planes, shells and
    /// torpedoes carry none: their colour is their band.
    pub fn bow_dots(self) -> &'static [Mark] {
        match self {
            Kind::Battleship => &[Mark::Red],
            Kind::Carrier => &[Mark::Green],
            Kind::Destroyer | Kind::Submarine => &[Mark::Yellow],
            Kind::Transport | Kind::Plane | Kind::Shell | Kind::Torpedo => &[],
        }
    }

    /// Bands: what fires or launches the piece, and the colour it strikes with (the patent:
    /// "The banded pieces are the destroyer, just mentioned, orange band; the airplanes,
    /// green band; the shells, red band; the torpedoes, yellow band"). The destroyer's
    /// orange band is its power to ram.
    pub const fn bands(self) -> &'static [Mark] {
        match self {
            Kind::Destroyer => &[Mark::Orange],
            Kind::Plane => &[Mark::Green],
            Kind::Shell => &[Mark::Red],
            Kind::Torpedo => &[Mark::Yellow],
            _ => &[],
        }
    }

    /// Tail dots: what can sink the piece.
    pub const fn tail_dots(self) -> &'static [Mark] {
        match self {
            Kind::Battleship | Kind::Carrier | Kind::Transport => {
                &[Mark::Red, Mark::Yellow, Mark::Green]
            }
            Kind::Destroyer => &[Mark::Red, Mark::Green],
            Kind::Submarine => &[Mark::Orange, Mark::Green],
            Kind::Plane => &[Mark::Red, Mark::Green],
            Kind::Shell | Kind::Torpedo => &[],
        }
    }

    /// The mark a piece strikes with when it enters a square, if any: its band (a shell
    /// red, a torpedo yellow, a plane green, a destroyer orange: ramming).
    pub fn strike(self) -> Option<Mark> {
        self.bands().first().copied()
    }
}

/// A piece's bow dots under the rules in play: the standard table, and a red dot on the
/// transport when it is armed (the patent: "the transport may or may not carry a red dot").
pub fn bow_dots_for(kind: Kind, armed_transport: bool) -> &'static [Mark] {
    if kind == Kind::Transport && armed_transport {
        &[Mark::Red]
    } else {
        kind.bow_dots()
    }
}

/// Whether a piece of kind `attacker` entering a square sinks an enemy `victim` there: the
/// attacker's strike colour is among the victim's tail dots.
pub fn can_sink(attacker: Kind, victim: Kind) -> bool {
    SINKS[attacker as usize] & (1 << victim as usize) != 0
}

/// [`can_sink`] as a table: per attacker, a bit per victim, built from the marks.
const SINKS: [u8; 8] = {
    let kinds = [
        Kind::Submarine,
        Kind::Carrier,
        Kind::Transport,
        Kind::Battleship,
        Kind::Destroyer,
        Kind::Plane,
        Kind::Shell,
        Kind::Torpedo,
    ];
    let mut table = [0u8; 8];
    let mut a = 0;
    while a < 8 {
        let bands = kinds[a].bands();
        if !bands.is_empty() {
            let mut v = 0;
            while v < 8 {
                let dots = kinds[v].tail_dots();
                let mut i = 0;
                while i < dots.len() {
                    if dots[i] as u8 == bands[0] as u8 {
                        table[a] |= 1 << v;
                    }
                    i += 1;
                }
                v += 1;
            }
        }
        a += 1;
    }
    table
};

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.noun())
    }
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// The fleet it belongs to (0-based).
    pub fleet: u8,
    /// What it is.
    pub kind: Kind,
    /// Its square (a two-square ship's stern).
    pub at: super::Sq,
    /// A two-square ship's bow.
    pub bow: Option<super::Sq>,
    /// An auxiliary's heading.
    pub heading: Option<super::Dir>,
    /// Whether a destroyer or submarine has made its first move.
    pub moved: bool,
}

impl Piece {
    /// The squares the piece covers.
    pub fn squares(&self) -> impl Iterator<Item = super::Sq> + '_ {
        std::iter::once(self.at).chain(self.bow)
    }

    /// Whether the piece covers `sq`.
    pub fn covers(&self, sq: super::Sq) -> bool {
        self.at == sq || self.bow == Some(sq)
    }
}
