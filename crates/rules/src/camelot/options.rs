//! Camelot's rules options described once ([`SPECS`]), and read and set by name
//! from command-line text ([`RulesOptions`]).

use crate::GameKind;
use crate::camelot::{CamelotOptions, KnightLanding, RuleSet};
use crate::options::{
    Choice, Offers, OptionError, OptionKind, OptionSpec, RulesOptions, Width, find, switch_text,
    unless_default, zero_off,
};

/// Camelot's options.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "rules",
        help: "Which rules: the World Camelot Federation's (default) or the 1930 patent's.",
        label: "Rules",
        kind: OptionKind::Choice {
            values: &[
                Choice {
                    name: "wcf",
                    help: "The World Camelot Federation's rules.",
                    shown: "World Camelot Federation",
                },
                Choice {
                    name: "parker1930",
                    help: "Parker's 1930 patent.",
                    shown: "Parker's 1930 patent",
                },
            ],
            noun: None,
        },
    },
    OptionSpec {
        name: "castle-moves",
        help: "WCF: castle moves each player may make in a game.",
        label: "Castle moves each (WCF)",
        kind: OptionKind::Number {
            width: Width::U8,
            min: 0,
            max: 100,
            zero: None,
            offers: Offers::Numbers(&[2, 0, 1, 3, 4], ""),
        },
    },
    OptionSpec {
        name: "quiet-moves",
        help: "Moves each without a capture (WCF: nor a castle entry) before a draw, under both rule sets (0 turns it off).",
        label: "Draw without progress",
        kind: OptionKind::Number {
            width: Width::U32,
            min: 0,
            max: 10_000,
            zero: Some("never"),
            offers: Offers::Labelled(&[
                (50, "after 50 moves each"),
                (25, "after 25 moves each"),
                (100, "after 100 moves each"),
                (0, "never"),
            ]),
        },
    },
    OptionSpec {
        name: "knight-captures-later",
        help: "A knight whose canter lands where it can jump may canter on, if it captures later in the move (default: it must jump from that landing).",
        label: "A knight's canter landing where it can jump",
        kind: OptionKind::Switch {
            off: "must jump from there",
            on: "may go on, to capture later",
        },
    },
];

impl RulesOptions for CamelotOptions {
    const SPECS: &'static [OptionSpec] = SPECS;

    /// The castle-move limit is the Federation's: the 1930 patent has none.
    fn applies(&self, name: &str) -> bool {
        name != "castle-moves" || self.rules == RuleSet::Wcf
    }

    fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        let spec = find(SPECS, name, GameKind::Camelot)?;
        match spec.name {
            "rules" => {
                self.rules = match spec.choice(text)? {
                    "parker1930" => RuleSet::Parker1930,
                    _ => RuleSet::Wcf,
                }
            }
            "castle-moves" => self.castle_move_limit = spec.number(text)? as u8,
            "knight-captures-later" => {
                self.knight_landing = if spec.switch(text)? {
                    KnightLanding::CaptureLater
                } else {
                    KnightLanding::JumpThere
                }
            }
            _ => self.no_progress_moves = zero_off(spec.number(text)?),
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Vec<String> {
        let d = CamelotOptions::default();
        match name {
            "rules" => unless_default(self.rules, d.rules, |r| match r {
                RuleSet::Wcf => "wcf".into(),
                RuleSet::Parker1930 => "parker1930".into(),
            }),
            "castle-moves" => unless_default(self.castle_move_limit, d.castle_move_limit, |n| {
                n.to_string()
            }),
            "quiet-moves" => unless_default(self.no_progress_moves, d.no_progress_moves, |n| {
                n.unwrap_or(0).to_string()
            }),
            "knight-captures-later" => {
                switch_text(self.knight_landing == KnightLanding::CaptureLater)
            }
            _ => Vec::new(),
        }
    }
}
