//! Screwball's rules options, and the check that every option lies in its range.

use super::board::Size;
use crate::GameKind;
use crate::options::{
    Offers, OptionError, OptionKind, OptionSpec, RulesOptions, Width, find, switch_text,
    unless_default,
};
use crate::screwball::game::NoMove as ScrewballNoMove;
use serde::{Deserialize, Serialize};

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
    /// patent's "appropriate space" read as one the piece can play from; the default). Off
    /// (`--place-anywhere`): any vacant square of the piece's size will do, and a piece set
    /// where it can never move is dead at once.
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
            place_only_where_playable: true,
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

/// Screwball Checkers' options.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "large",
        help: "Large pieces each player owns (default 18).",
        label: "Large pieces each",
        kind: OptionKind::Number {
            width: Width::U8,
            min: 4,
            max: 48,
            zero: None,
            offers: Offers::Numbers(&[18, 4, 6, 8, 10, 12, 14, 16], ""),
        },
    },
    OptionSpec {
        name: "small",
        help: "Small pieces each player owns (default 6).",
        label: "Small pieces each",
        kind: OptionKind::Number {
            width: Width::U8,
            min: 2,
            max: 26,
            zero: None,
            offers: Offers::Numbers(&[6, 2, 3, 4, 5], ""),
        },
    },
    OptionSpec {
        name: "no-move-passes",
        help: "A player who cannot move passes (default: he enters a reserve piece).",
        label: "A player who cannot move",
        kind: OptionKind::Switch {
            off: "enters a reserve piece",
            on: "passes",
        },
    },
    OptionSpec {
        name: "place-anywhere",
        help: "Penalty and entered pieces may go on any vacant square of their size, dead at once where they can never move (default: only where they can move).",
        label: "Penalty and entered pieces go",
        kind: OptionKind::Switch {
            off: "only where they can move",
            on: "on any vacant square",
        },
    },
];

impl RulesOptions for ScrewballOptions {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        let spec = find(SPECS, name, GameKind::Screwball)?;
        match spec.name {
            "large" => self.large = spec.number(text)? as u8,
            "small" => self.small = spec.number(text)? as u8,
            "no-move-passes" => {
                self.no_move = if spec.switch(text)? {
                    ScrewballNoMove::Pass
                } else {
                    ScrewballNoMove::Enter
                }
            }
            _ => self.place_only_where_playable = !spec.switch(text)?,
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Vec<String> {
        let d = ScrewballOptions::default();
        match name {
            "large" => unless_default(self.large, d.large, |n| n.to_string()),
            "small" => unless_default(self.small, d.small, |n| n.to_string()),
            "no-move-passes" => switch_text(self.no_move == ScrewballNoMove::Pass),
            "place-anywhere" => switch_text(!self.place_only_where_playable),
            _ => Vec::new(),
        }
    }
}
