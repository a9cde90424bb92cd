//! The fence race's rules options, and their check: every value out of its range is refused
//! with the field's name and the range, never clamped.

use super::board::{Board, Section};
use super::cards::{Card, default_deck};
use crate::GameKind;
use crate::options::{
    Choice, Offers, OptionError, OptionKind, OptionSpec, RulesOptions, Width, find, switch_text,
    unless_default,
};
use serde::{Deserialize, Serialize};

/// Rules options of the fence race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FencesOptions {
    /// Two to four players (two sit opposite).
    pub players: u8,
    /// Spaces per side: odd, 9 to 25.
    pub size: u8,
    /// For each seat in order of play, which of its two base corners its pawn starts on
    /// (0 or 1); missing entries mean 0.
    pub stations: Vec<u8>,
    /// After the first pawn is home, the others play on for places.
    pub play_for_places: bool,
    /// Seed of the die (and of the card draws). Any number.
    pub seed: u64,
    /// A player may draw a chance card instead of throwing the die.
    pub chance_cards: bool,
    /// The stack of chance cards (default: `deck.ron`): 1 to [`FencesOptions::MAX_DECK`]
    /// cards when `chance_cards` is on, each walking 1 to [`Card::MAX_STEPS`] steps.
    pub deck: Vec<Card>,
    /// Fences may stand in home's entrances, so that a pawn can be shut out of one (the
    /// patent: "any vacant slot of the playing field"). Off by default: home's "four gates or
    /// entrances" stay open, so that "each player has a choice of entrances".
    pub entrance_fences: bool,
    /// With `entrance_fences`, a fence may not shut home's last open entrance: at most three
    /// stand in the entrances. Off: all four may be shut.
    pub keep_one_entrance_open: bool,
    /// The race is drawn once this many turns have been played in all (each player's turn
    /// counts one, a lost turn too), unless a pawn is home by then; `None` plays on for
    /// ever. 1 to [`FencesOptions::MAX_TURN_LIMIT`].
    pub turn_limit: Option<u32>,
}

impl FencesOptions {
    /// The default turn limit: a hundred turns each for four players.
    pub const DEFAULT_TURN_LIMIT: u32 = 400;
    /// The largest turn limit.
    pub const MAX_TURN_LIMIT: u32 = 100_000;
    /// The most chance cards in the stack.
    pub const MAX_DECK: usize = 100;

    /// The seats of a race of `players`, in order of play: two sit opposite.
    pub fn seats(players: u8) -> &'static [Section] {
        match players {
            2 => &[Section::South, Section::North],
            3 => &[Section::South, Section::East, Section::North],
            _ => &Section::ALL,
        }
    }

    /// Checks every option against its range.
    pub fn check(&self) -> Result<(), OptionsError> {
        if !(2..=4).contains(&self.players) {
            return Err(OptionsError::Players(self.players));
        }
        Board::new(self.size)?;
        let seats = FencesOptions::seats(self.players);
        if self.stations.len() > seats.len() {
            return Err(OptionsError::StationCount {
                given: self.stations.len(),
                players: self.players,
            });
        }
        for (index, &value) in self.stations.iter().enumerate() {
            if value > 1 {
                return Err(OptionsError::Station {
                    index,
                    value,
                    seat: super::Seat(seats[index]),
                });
            }
        }
        if self.chance_cards && self.deck.is_empty() {
            return Err(OptionsError::EmptyDeck);
        }
        if self.deck.len() > FencesOptions::MAX_DECK {
            return Err(OptionsError::DeckSize(self.deck.len()));
        }
        if let Some(index) = self.deck.iter().position(|c| !c.is_valid()) {
            return Err(OptionsError::Card {
                index,
                card: self.deck[index],
            });
        }
        if let Some(limit) = self.turn_limit
            && !(1..=FencesOptions::MAX_TURN_LIMIT).contains(&limit)
        {
            return Err(OptionsError::TurnLimit(limit));
        }
        Ok(())
    }
}

impl Default for FencesOptions {
    fn default() -> Self {
        FencesOptions {
            players: 2,
            size: 13,
            stations: Vec::new(),
            play_for_places: false,
            seed: 0,
            chance_cards: false,
            deck: default_deck(),
            entrance_fences: false,
            keep_one_entrance_open: false,
            turn_limit: Some(FencesOptions::DEFAULT_TURN_LIMIT),
        }
    }
}

/// An option out of its range; the text names the field and the allowed values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// Not 2 to 4 players.
    #[error("players: {0}; the fence race is for 2 to 4 players")]
    Players(u8),
    /// Not an odd size from 9 to 25.
    #[error("size: {0}; the field is an odd number of spaces a side, from 9 to 25")]
    Size(u8),
    /// More station choices than players.
    #[error("stations: {given} entries for {players} players; at most one a player")]
    StationCount {
        /// Entries given.
        given: usize,
        /// Players in the race.
        players: u8,
    },
    /// A station choice other than 0 or 1.
    #[error(
        "stations[{index}]: {value} for {seat}; choose 0 or 1, one of the two base corners of the section"
    )]
    Station {
        /// Which entry (0-based, in order of play).
        index: usize,
        /// The value given.
        value: u8,
        /// Whose station it is.
        seat: super::Seat,
    },
    /// Chance cards on with no cards.
    #[error("deck: empty; with chance_cards on the stack needs 1 to 100 cards")]
    EmptyDeck,
    /// Too many cards.
    #[error("deck: {0} cards; the stack holds 1 to 100 cards")]
    DeckSize(usize),
    /// A card that orders no possible walk.
    #[error("deck[{index}]: \"{card}\"; a card walks 1 to 12 steps")]
    Card {
        /// Which card (0-based).
        index: usize,
        /// The card.
        card: Card,
    },
    /// A turn limit of 0 or too large.
    #[error("turn_limit: Some({0}); a limit is 1 to 100000 turns, or None for no limit")]
    TurnLimit(u32),
}

/// The fence race's options.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "players",
        help: "Players, 2 to 4.",
        label: "Players",
        kind: OptionKind::Number {
            width: Width::U8,
            min: 2,
            max: 4,
            zero: None,
            offers: Offers::Numbers(&[2, 3, 4], ""),
        },
    },
    OptionSpec {
        name: "seed",
        help: "Seed of the die (and of the chance cards); the same seed gives the same throws.",
        label: "Seed of the die",
        kind: OptionKind::Free,
    },
    OptionSpec {
        name: "size",
        help: "Spaces per side of the field: odd, 9 to 25 (default 13).",
        label: "Field size",
        kind: OptionKind::Number {
            width: Width::U8,
            min: 9,
            max: 25,
            zero: None,
            offers: Offers::Numbers(&[13, 9, 11, 15, 17, 19, 21, 23, 25], " spaces a side"),
        },
    },
    OptionSpec {
        name: "chance-cards",
        help: "A player may draw a chance card instead of throwing.",
        label: "Chance cards",
        kind: OptionKind::Switch {
            off: "no",
            on: "yes",
        },
    },
    OptionSpec {
        name: "play-for-places",
        help: "After the first pawn is home, the others play on for places.",
        label: "After the first pawn is home",
        kind: OptionKind::Switch {
            off: "the game ends",
            on: "the others play on for places",
        },
    },
    OptionSpec {
        name: "entrance-fences",
        help: "Whether fences may stand in home's four entrances: none (default), all-but-one (one always stays open) or any.",
        label: "Fences in home's entrances",
        kind: OptionKind::Choice {
            values: &[
                Choice {
                    name: "none",
                    help: "No fence may stand in home's entrances.",
                    shown: "never",
                },
                Choice {
                    name: "all-but-one",
                    help: "Fences may stand in home's entrances, but one always stays open.",
                    shown: "all but one",
                },
                Choice {
                    name: "any",
                    help: "Fences may stand in any of home's entrances, all four included.",
                    shown: "any, all four too",
                },
            ],
            noun: None,
        },
    },
];

impl RulesOptions for FencesOptions {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        let spec = find(SPECS, name, GameKind::Fences)?;
        match spec.name {
            "players" => self.players = spec.number(text)? as u8,
            "seed" => self.seed = spec.number(text)?,
            "size" => self.size = spec.number(text)? as u8,
            "chance-cards" => self.chance_cards = spec.switch(text)?,
            "play-for-places" => self.play_for_places = spec.switch(text)?,
            _ => {
                let choice = spec.choice(text)?;
                self.entrance_fences = choice != "none";
                self.keep_one_entrance_open = choice == "all-but-one";
            }
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Vec<String> {
        let d = FencesOptions::default();
        match name {
            "players" => unless_default(self.players, d.players, |n| n.to_string()),
            "seed" => unless_default(self.seed, d.seed, |n| n.to_string()),
            "size" => unless_default(self.size, d.size, |n| n.to_string()),
            "chance-cards" => switch_text(self.chance_cards),
            "play-for-places" => switch_text(self.play_for_places),
            "entrance-fences" => {
                let name = |o: &FencesOptions| match (o.entrance_fences, o.keep_one_entrance_open) {
                    (false, _) => "none",
                    (true, true) => "all-but-one",
                    (true, false) => "any",
                };
                unless_default(name(self), name(&d), str::to_string)
            }
            _ => Vec::new(),
        }
    }
}
