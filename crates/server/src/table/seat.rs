//! A table's seats: who sits in each (nobody, a player kept or seated, the computer), the
//! names players sit under, and how a seat is shown.

use super::Refusal;
use crate::protocol::{SeatSpec, SeatView};
use tabula_ai::Level;

/// The longest name a seat may be taken under, in characters.
pub const MAX_NAME: usize = 40;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody; anyone may join.
    Open,
    /// Nobody yet; kept for the player of this name, who joins with the seat's invitation
    /// code.
    Reserved(String),
    /// A player under this name, who holds the token.
    Player {
        /// The name.
        name: String,
        /// The digest of the seat's secret ([`crate::secret::digest`]): the token itself
        /// is never kept.
        token: String,
    },
    /// The computer.
    Computer(Level),
}

/// A seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    /// The player of this seat, as the game prints it.
    pub player: String,
    /// As the table was created: what the seat goes back to when its player leaves.
    pub spec: SeatSpec,
    /// Who sits there now.
    pub occupant: Occupant,
    /// Connections holding the seat now.
    pub connections: usize,
    /// The digest of the invitation code of a reserved seat: a `join` with that code takes
    /// it (and only such a join does).
    pub invite: Option<String>,
}

/// Reads a level name.
pub fn parse_level(text: &str) -> Result<Level, Refusal> {
    match text.trim().to_ascii_lowercase().as_str() {
        "easy" => Ok(Level::Easy),
        "medium" => Ok(Level::Medium),
        "hard" => Ok(Level::Hard),
        _ => Err(Refusal::new(
            "bad_request",
            format!("unknown level {text:?}; the levels are easy, medium and hard"),
        )),
    }
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
        Level::Max => "max",
    }
}

/// The name a computer seat sits under.
pub fn computer_name(level: Level) -> String {
    format!("Computer ({})", level_name(level))
}

/// Checks a name a seat is taken or kept under: 1 to [`MAX_NAME`] characters, none of them
/// a control character or an invisible one (zero widths, direction marks and overrides,
/// the other format characters), so that a name shows as what it is.
pub fn check_name(name: &str) -> Result<(), Refusal> {
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > MAX_NAME
        || name.chars().any(|c| c.is_control() || is_format(c))
        || name.chars().any(|c| c.is_whitespace() && c != ' ')
    {
        return Err(Refusal::new(
            "bad_request",
            format!(
                "a name has 1 to {MAX_NAME} characters, with no control characters, no \
                 invisible or direction-changing characters and no spaces but the plain one"
            ),
        ));
    }
    Ok(())
}

/// Unicode's format characters (general category Cf: zero-width spaces and joiners, the
/// direction marks, embeddings, overrides and isolates, the byte order mark, tags...), and
/// the other characters that draw nothing (U+034F, U+115F, U+1160, U+3164, U+FFA0, the
/// variation selectors).
fn is_format(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x06DD | 0x070F | 0x0890..=0x0891 | 0x08E2 | 0x115F..=0x1160
        | 0x17B4..=0x17B5 | 0x180B..=0x180F | 0x200B..=0x200F | 0x202A..=0x202E
        | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF9..=0xFFFB
        | 0x0600..=0x0605 | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
}

/// A seat as shown; `elsewhere`: held through another server process.
pub(super) fn seat_view(seat: &Seat, elsewhere: bool) -> SeatView {
    let (state, name, level, connected) = match &seat.occupant {
        Occupant::Open => ("open", None, None, false),
        Occupant::Reserved(name) => ("reserved", Some(name.clone()), None, false),
        Occupant::Player { name, .. } => (
            "taken",
            Some(name.clone()),
            None,
            seat.connections > 0 || elsewhere,
        ),
        Occupant::Computer(level) => (
            "computer",
            Some(computer_name(*level)),
            Some(level_name(*level).to_string()),
            true,
        ),
    };
    SeatView {
        player: seat.player.clone(),
        state: state.to_string(),
        name,
        level,
        connected,
        invite: None,
    }
}
