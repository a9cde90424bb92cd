//! Maxim's notation: `KT to K4`, `M takes M`, `G to Citadel`, `M enters Citadel`, with
//! abbreviated squares (`M2`, `F5`) resolved against the position like chess SAN.
//!
//! Reading is two steps: text to a syntactic [`WarSan`] (`FromStr`), then
//! [`WarSan::resolve`] against a position's legal moves. Beyond the book's forms, a piece may
//! be pinned to its square (`T at KF4 to G5`, `F on station to K2`), a capture may name its
//! landing square (`KT takes KT to KC7`), and a jump chain lists its victims
//! (`KHT takes T to KF6, T to KH8`). Squares are counted from the mover's side.

use super::board::{FILE_NAMES, Side, Square};
use super::game::Offered;
use super::moves::Move;
use super::piece::{Kind, Name, Piece};
use super::position::Position;
use crate::NotationError;
use std::fmt;
use std::str::FromStr;

/// A piece as the notation names it: by initial or by Maxim's own name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Desig {
    /// Any piece of this kind.
    Kind(Kind),
    /// The piece with this name.
    Name(Name),
}

impl Desig {
    fn matches(self, p: &Piece) -> bool {
        match self {
            Desig::Kind(k) => p.kind == k,
            Desig::Name(n) => p.name == Some(n),
        }
    }

    fn parse(word: &str) -> Option<Desig> {
        if word == "K" || word == "G" {
            return Name::parse(word).map(Desig::Name);
        }
        Kind::from_letter(word)
            .map(Desig::Kind)
            .or_else(|| Name::parse(word).map(Desig::Name))
    }
}

impl fmt::Display for Desig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Desig::Kind(k) => f.write_str(k.letter()),
            Desig::Name(n) => f.write_str(n.text()),
        }
    }
}

/// A square as written: a full file name, or an abbreviated one (`M` is either mortar's
/// file), and a rank counted from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareRef {
    /// The file or the two files the text may mean.
    pub files: (u8, u8),
    /// Rank 1-10 from the mover's side.
    pub rank: u8,
}

const ABBREVIATED: [(&str, (u8, u8)); 4] =
    [("M", (0, 9)), ("H", (1, 8)), ("C", (2, 7)), ("F", (3, 6))];

impl SquareRef {
    fn full(sq: Square, side: Side) -> SquareRef {
        let f = sq.file() as u8;
        SquareRef {
            files: (f, f),
            rank: sq.rank_for(side),
        }
    }

    fn abbreviated(sq: Square, side: Side) -> Option<SquareRef> {
        let f = sq.file() as u8;
        ABBREVIATED
            .iter()
            .find(|(_, (a, b))| *a == f || *b == f)
            .map(|(_, files)| SquareRef {
                files: *files,
                rank: sq.rank_for(side),
            })
    }

    fn matches(self, sq: Square, side: Side) -> bool {
        let f = sq.file() as u8;
        (f == self.files.0 || f == self.files.1) && sq.rank_for(side) == self.rank
    }

    fn parse(word: &str) -> Option<SquareRef> {
        let split = word.find(|c: char| c.is_ascii_digit())?;
        let (file, rank) = word.split_at(split);
        let rank = super::board::parse_rank(rank)?;
        let files = match FILE_NAMES.iter().position(|f| *f == file) {
            Some(f) => (f as u8, f as u8),
            None => ABBREVIATED.iter().find(|(a, _)| *a == file)?.1,
        };
        Some(SquareRef { files, rank })
    }
}

impl fmt::Display for SquareRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.files.0 == self.files.1 {
            write!(f, "{}{}", FILE_NAMES[self.files.0 as usize], self.rank)
        } else {
            let abbr = ABBREVIATED
                .iter()
                .find(|(_, fs)| *fs == self.files)
                .map_or("?", |(a, _)| a);
            write!(f, "{abbr}{}", self.rank)
        }
    }
}

/// Where the moving piece stands, when the text says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// `at KF4`.
    Square(SquareRef),
    /// `on station`: a flying machine before its flight.
    Station,
}

/// Where a non-capturing (or loosely written) move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A square.
    Square(SquareRef),
    /// Either citadel.
    Citadel,
}

/// One captured piece, with the square the capturer lands on, when given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Victim {
    /// The captured piece.
    pub piece: Desig,
    /// Where the capturer lands after taking it.
    pub landing: Option<SquareRef>,
}

/// What the moving piece does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `to SQUARE` or `to Citadel`.
    To(Target),
    /// `takes X[ to SQ][, Y[ to SQ]]...`.
    Takes(Vec<Victim>),
    /// `enters Citadel`: goes into the enemy citadel, capturing or not (printed only for a
    /// plain entry).
    EntersCitadel,
}

/// A move as written, before it is resolved against a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarSan {
    /// The moving piece.
    pub piece: Desig,
    /// Where it stands, when given.
    pub origin: Option<Origin>,
    /// What it does.
    pub action: Action,
}

fn syntax(text: &str, why: impl Into<String>) -> NotationError {
    NotationError::Syntax {
        text: text.to_string(),
        why: why.into(),
    }
}

impl FromStr for WarSan {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<WarSan, NotationError> {
        let spaced = text.replace(',', " , ");
        let words: Vec<&str> = spaced.split_whitespace().collect();
        let mut i = 0;
        let word = |i: usize| words.get(i).copied();
        let kw = |i: usize, k: &str| word(i).is_some_and(|w| w.eq_ignore_ascii_case(k));
        let piece = word(0).and_then(Desig::parse).ok_or_else(|| {
            syntax(
                text,
                "expected a piece (K, G, C, H, M, F, T or a name like KT)",
            )
        })?;
        i += 1;
        let mut origin = None;
        if kw(i, "at") {
            let sq = word(i + 1)
                .and_then(SquareRef::parse)
                .ok_or_else(|| syntax(text, "expected a square after \"at\""))?;
            origin = Some(Origin::Square(sq));
            i += 2;
        } else if kw(i, "on") && kw(i + 1, "station") {
            origin = Some(Origin::Station);
            i += 2;
        }
        let action = if kw(i, "to") {
            let target = match word(i + 1) {
                Some(w) if w.eq_ignore_ascii_case("citadel") => Target::Citadel,
                Some(w) => Target::Square(
                    SquareRef::parse(w)
                        .ok_or_else(|| syntax(text, format!("{w:?} is not a square")))?,
                ),
                None => return Err(syntax(text, "expected a square after \"to\"")),
            };
            i += 2;
            Action::To(target)
        } else if kw(i, "enters") && kw(i + 1, "citadel") {
            i += 2;
            Action::EntersCitadel
        } else if kw(i, "takes") {
            i += 1;
            let mut victims = Vec::new();
            loop {
                let piece = word(i)
                    .and_then(Desig::parse)
                    .ok_or_else(|| syntax(text, "expected the piece taken"))?;
                i += 1;
                let mut landing = None;
                if kw(i, "to") {
                    landing =
                        Some(word(i + 1).and_then(SquareRef::parse).ok_or_else(|| {
                            syntax(text, "expected a landing square after \"to\"")
                        })?);
                    i += 2;
                }
                victims.push(Victim { piece, landing });
                if word(i) == Some(",") {
                    i += 1;
                } else {
                    break;
                }
            }
            Action::Takes(victims)
        } else {
            return Err(syntax(
                text,
                "expected \"to\", \"takes\" or \"enters Citadel\" after the piece",
            ));
        };
        if let Some(extra) = word(i) {
            return Err(syntax(text, format!("unexpected {extra:?} at the end")));
        }
        Ok(WarSan {
            piece,
            origin,
            action,
        })
    }
}

impl fmt::Display for WarSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.piece)?;
        match self.origin {
            Some(Origin::Square(sq)) => write!(f, " at {sq}")?,
            Some(Origin::Station) => f.write_str(" on station")?,
            None => {}
        }
        match &self.action {
            Action::To(Target::Citadel) => f.write_str(" to Citadel"),
            Action::To(Target::Square(sq)) => write!(f, " to {sq}"),
            Action::EntersCitadel => f.write_str(" enters Citadel"),
            Action::Takes(victims) => {
                f.write_str(" takes ")?;
                for (i, v) in victims.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", v.piece)?;
                    if let Some(l) = v.landing {
                        write!(f, " to {l}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

fn mover(pos: &Position, mv: &Move) -> Option<Piece> {
    match mv {
        Move::Fly { station, .. } => pos.on_station(pos.to_move(), *station),
        Move::Step { from, .. } | Move::Jump { from, .. } => pos.at(*from),
    }
}

impl WarSan {
    /// Whether this text describes `mv` in `pos`.
    pub fn matches(&self, pos: &Position, mv: &Move) -> bool {
        let side = pos.to_move();
        let Some(piece) = mover(pos, mv) else {
            return false;
        };
        if !self.piece.matches(&piece) {
            return false;
        }
        match (self.origin, mv.origin()) {
            (None, _) => {}
            (Some(Origin::Station), None) => {}
            (Some(Origin::Square(r)), Some(from)) if r.matches(from, side) => {}
            _ => return false,
        }
        let dest = mv.destination();
        match &self.action {
            Action::To(Target::Citadel) => dest.is_citadel(),
            Action::To(Target::Square(r)) => r.matches(dest, side),
            Action::EntersCitadel => dest == Square::citadel(side.other()),
            Action::Takes(victims) => {
                let caps = mv.captures(pos);
                let path = mv.path();
                caps.len() == victims.len()
                    && victims.iter().zip(&caps).enumerate().all(|(i, (v, c))| {
                        pos.at(*c).is_some_and(|p| v.piece.matches(&p))
                            && v.landing
                                .is_none_or(|l| path.get(i).is_some_and(|s| l.matches(*s, side)))
                    })
            }
        }
    }

    /// The legal moves this text names. "to Citadel" names the enemy citadel when the piece
    /// can go to either (Problem I's "M to Citadel"), its own otherwise ("G to Citadel").
    pub fn find<'a>(&self, pos: &Position, legal: &'a [Move]) -> Vec<&'a Move> {
        let mut found: Vec<&Move> = legal.iter().filter(|m| self.matches(pos, m)).collect();
        if self.action == Action::To(Target::Citadel) && found.len() > 1 {
            let enemy = Square::citadel(pos.to_move().other());
            if found.iter().any(|m| m.destination() == enemy) {
                found.retain(|m| m.destination() == enemy);
            }
        }
        found
    }

    /// Finds the one legal move this text names.
    /// `offered` is the rule the legal moves were found under; it only words the reason
    /// when the text names a move that an offered troop forbids.
    pub fn resolve(
        &self,
        pos: &Position,
        legal: &[Move],
        offered: Offered,
    ) -> Result<Move, NotationError> {
        let text = self.to_string();
        let found = self.find(pos, legal);
        match found.as_slice() {
            [one] => Ok((*one).clone()),
            [] => {
                let pseudo = pos.pseudo_moves(pos.to_move());
                let why = if legal.is_empty() {
                    "the game is over".to_string()
                } else if pseudo.iter().any(|m| self.matches(pos, m)) {
                    let offered: Vec<String> = pos
                        .offered_troops(pos.to_move(), offered)
                        .iter()
                        .map(|(sq, _)| sq.name_for(pos.to_move()))
                        .collect();
                    format!(
                        "an offered troop must be taken first ({})",
                        offered.join(", ")
                    )
                } else {
                    format!("no {} of {} can make that move", self.piece, pos.to_move())
                };
                Err(NotationError::Illegal { text, why })
            }
            many => Err(NotationError::Ambiguous {
                text,
                candidates: many.iter().map(|m| full_form(pos, m).to_string()).collect(),
            }),
        }
    }
}

/// The fully specified text of a move: origin, full squares, every landing square.
pub fn full_form(pos: &Position, mv: &Move) -> WarSan {
    let side = pos.to_move();
    let piece = mover(pos, mv).expect("a moving piece");
    let piece_desig = piece.name.map_or(Desig::Kind(piece.kind), Desig::Name);
    let origin = Some(match mv.origin() {
        Some(from) => Origin::Square(SquareRef::full(from, side)),
        None => Origin::Station,
    });
    let caps = mv.captures(pos);
    let action = if caps.is_empty() {
        Action::To(Target::Square(SquareRef::full(mv.destination(), side)))
    } else {
        Action::Takes(
            caps.iter()
                .zip(mv.path())
                .map(|(c, l)| {
                    let p = pos.at(*c).expect("a captured piece");
                    Victim {
                        piece: p.name.map_or(Desig::Kind(p.kind), Desig::Name),
                        landing: Some(SquareRef::full(l, side)),
                    }
                })
                .collect(),
        )
    };
    WarSan {
        piece: piece_desig,
        origin,
        action,
    }
}

fn candidates(pos: &Position, mv: &Move) -> Vec<WarSan> {
    let side = pos.to_move();
    let piece = mover(pos, mv).expect("a moving piece");
    let mut desigs = vec![Desig::Kind(piece.kind)];
    if let Some(n) = piece.name
        && n.text() != piece.kind.letter()
    {
        desigs.push(Desig::Name(n));
    }
    let dest = mv.destination();
    let caps = mv.captures(pos);
    // `landings`: 0 names no landing square, 1 only the last, 2 every one.
    let victim_desigs = |named: bool, landings: u8| -> Action {
        let last = caps.len().saturating_sub(1);
        Action::Takes(
            caps.iter()
                .zip(mv.path())
                .enumerate()
                .map(|(i, (c, l))| {
                    let p = pos.at(*c).expect("a captured piece");
                    Victim {
                        piece: match p.name {
                            Some(n) if named => Desig::Name(n),
                            _ => Desig::Kind(p.kind),
                        },
                        landing: (landings == 2 || (landings == 1 && i == last))
                            .then(|| SquareRef::full(l, side)),
                    }
                })
                .collect(),
        )
    };
    let mut actions = Vec::new();
    // "enters Citadel" is printed only for a plain entry: the book writes a capture there
    // as a capture ("G takes H", "C takes K"); it is read for either.
    if dest == Square::citadel(side.other()) && caps.is_empty() {
        actions.push(Action::EntersCitadel);
    }
    if caps.is_empty() {
        if dest.is_citadel() {
            actions.push(Action::To(Target::Citadel));
        }
        if let Some(abbr) = SquareRef::abbreviated(dest, side) {
            actions.push(Action::To(Target::Square(abbr)));
        }
        actions.push(Action::To(Target::Square(SquareRef::full(dest, side))));
    } else {
        for landings in 0..=2 {
            actions.push(victim_desigs(false, landings));
            actions.push(victim_desigs(true, landings));
        }
    }
    let mut out = Vec::new();
    for origin in [
        None,
        Some(full_form(pos, mv).origin.expect("full form has an origin")),
    ] {
        for action in &actions {
            for piece in &desigs {
                out.push(WarSan {
                    piece: *piece,
                    origin,
                    action: action.clone(),
                });
            }
        }
    }
    out
}

/// Prints a legal move in the shortest form that names it alone among the legal moves,
/// preferring the book's style (`GM to M2`, `M takes M`, `M enters Citadel`). A capture on
/// the enemy citadel is printed as a capture (`G takes H`); `enters Citadel` only names a
/// plain entry.
/// A move that is not among `legal` is written plainly, from square to square, as far as
/// the position allows.
pub fn print(pos: &Position, legal: &[Move], mv: &Move) -> String {
    let Some(piece) = mover(pos, mv) else {
        return format!("(no piece for {mv:?})");
    };
    if !legal.contains(mv) {
        let side = pos.to_move();
        let from = mv.origin().map_or(" on station".to_string(), |f| {
            format!(" at {}", f.name_for(side))
        });
        let path: Vec<String> = mv.path().iter().map(|s| s.name_for(side)).collect();
        return format!("{}{from} to {}", piece.label(), path.join(" to "));
    }
    candidates(pos, mv)
        .into_iter()
        .find(|san| matches!(san.find(pos, legal).as_slice(), [only] if *only == mv))
        .unwrap_or_else(|| full_form(pos, mv))
        .to_string()
}

/// [`print`], but a capture names the square the capturing piece ends on (`C takes T to
/// KE5`), as a list of the game's moves shows it: the shortest such form that names the move
/// alone. Any other move is printed as [`print`] prints it.
pub fn print_landing(pos: &Position, legal: &[Move], mv: &Move) -> String {
    if mv.captures(pos).is_empty() || !legal.contains(mv) {
        return print(pos, legal, mv);
    }
    let ends_named = |san: &WarSan| match &san.action {
        Action::Takes(victims) => victims.last().is_some_and(|v| v.landing.is_some()),
        _ => false,
    };
    candidates(pos, mv)
        .into_iter()
        .filter(ends_named)
        .find(|san| matches!(san.find(pos, legal).as_slice(), [only] if *only == mv))
        .unwrap_or_else(|| full_form(pos, mv))
        .to_string()
}

/// Reads a move text and resolves it against `legal`, the legal moves of `pos`.
pub fn read(
    pos: &Position,
    legal: &[Move],
    offered: Offered,
    text: &str,
) -> Result<Move, NotationError> {
    let san: WarSan = text.parse()?;
    san.resolve(pos, legal, offered).map_err(|e| match e {
        NotationError::Illegal { why, .. } => NotationError::Illegal {
            text: text.to_string(),
            why,
        },
        NotationError::Ambiguous { candidates, .. } => NotationError::Ambiguous {
            text: text.to_string(),
            candidates,
        },
        other => other,
    })
}
