//! The Game of War's rules options described once ([`SPECS`]), and read and set by name
//! from command-line text ([`RulesOptions`]).

use crate::GameKind;
use crate::war::{CitadelWin, NoMove, Offered, Side, WarOptions};
use crate::options::{
    Choice, OptionError, OptionKind, OptionSpec, Offers, RulesOptions, Width, find, switch_text,
    unless_default, zero_off,
};

/// The Game of War's options.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "first",
        help: "Who moves first.",
        label: "First to move",
        kind: OptionKind::Choice {
            values: &[
                Choice {
                    name: "red",
                    help: "",
                    shown: "Red",
                },
                Choice {
                    name: "blue",
                    help: "",
                    shown: "Blue",
                },
            ],
            noun: Some("side"),
        },
    },
    OptionSpec {
        name: "citadel-after-reply",
        help: "Win in the enemy citadel only after the opponent's reply (the book's letter), instead of as soon as he has no capture of the piece.",
        label: "A piece in the enemy citadel wins",
        kind: OptionKind::Switch {
            off: "at once, if it cannot be taken",
            on: "after the opponent's reply",
        },
    },
    OptionSpec {
        name: "no-move-draws",
        help: "A player with no legal move draws instead of losing.",
        label: "A player with no move",
        kind: OptionKind::Switch {
            off: "loses",
            on: "draws",
        },
    },
    OptionSpec {
        name: "repetition-grace",
        help: "Moves each side may still make after a third repetition (0 turns the rule off).",
        label: "After a third repetition",
        kind: OptionKind::Number {
            width: Width::U32,
            min: 0,
            max: 1000,
            zero: Some("no draw by repetition"),
            offers: Offers::Labelled(&[
                (20, "20 more moves each, then a draw"),
                (10, "10 more moves each"),
                (0, "no draw by repetition"),
            ]),
        },
    },
    OptionSpec {
        name: "move-time",
        help: "Seconds allowed per move (the book's Law XI); off by default.",
        label: "Time per move",
        kind: OptionKind::Number {
            width: Width::U32,
            min: 0,
            max: 86_400,
            zero: Some("no limit"),
            offers: Offers::Labelled(&[
                (0, "no limit"),
                (300, "5 minutes (the book)"),
                (120, "2 minutes"),
                (60, "1 minute"),
            ]),
        },
    },
    OptionSpec {
        name: "offered",
        help: "Which enemy troops are offered (and so must be taken): any diagonally in front of a troop (default), or only one that troop can jump.",
        label: "A troop is offered (must be taken)",
        kind: OptionKind::Choice {
            values: &[
                Choice {
                    name: "diagonal",
                    help: "Any enemy troop diagonally in front of one of your troops.",
                    shown: "when diagonally in front",
                },
                Choice {
                    name: "jumpable",
                    help: "Only an enemy troop that can be jumped (the square beyond is empty).",
                    shown: "only when it can be jumped",
                },
            ],
            noun: None,
        },
    },
];

impl RulesOptions for WarOptions {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        let spec = find(SPECS, name, GameKind::War)?;
        match spec.name {
            "first" => {
                self.first = match spec.choice(text)? {
                    "blue" => Side::Blue,
                    _ => Side::Red,
                }
            }
            "citadel-after-reply" => {
                self.citadel_win = if spec.switch(text)? {
                    CitadelWin::AfterReply
                } else {
                    CitadelWin::Immediate
                }
            }
            "no-move-draws" => {
                self.no_move = if spec.switch(text)? {
                    NoMove::Draw
                } else {
                    NoMove::Loss
                }
            }
            "repetition-grace" => self.repetition_grace = zero_off(spec.number(text)?),
            "move-time" => self.move_time_limit = zero_off(spec.number(text)?),
            _ => {
                self.offered = match spec.choice(text)? {
                    "jumpable" => Offered::Jumpable,
                    _ => Offered::Diagonal,
                }
            }
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Vec<String> {
        let d = WarOptions::default();
        match name {
            "first" => unless_default(self.first, d.first, |s| match s {
                Side::Red => "red".into(),
                Side::Blue => "blue".into(),
            }),
            "citadel-after-reply" => switch_text(self.citadel_win == CitadelWin::AfterReply),
            "no-move-draws" => switch_text(self.no_move == NoMove::Draw),
            "repetition-grace" => unless_default(self.repetition_grace, d.repetition_grace, |g| {
                g.unwrap_or(0).to_string()
            }),
            "move-time" => unless_default(self.move_time_limit, d.move_time_limit, |t| {
                t.unwrap_or(0).to_string()
            }),
            "offered" => unless_default(self.offered, d.offered, |o| match o {
                Offered::Diagonal => "diagonal".into(),
                Offered::Jumpable => "jumpable".into(),
            }),
            _ => Vec::new(),
        }
    }
}
