//! Transport's rules options, the modes of play, and the check that every option lies in
//! its range (options arrive from scenes in RON and from the command line).

use serde::{Deserialize, Serialize};
use crate::GameKind;
use crate::options::{Choice, OptionError, OptionKind, OptionSpec, Offers, RulesOptions, Width, find, switch_text, unless_default};

/// How many fleets play, and who is whose enemy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Mode {
    /// Two fleets.
    #[default]
    Two,
    /// Four fleets in two teams: fleets 1 and 3 (A1, A2) against 2 and 4 (B1, B2).
    Teams,
    /// Four fleets, each for itself.
    Royal,
}

impl Mode {
    /// Fleets in play.
    pub fn fleets(self) -> u8 {
        match self {
            Mode::Two => 2,
            Mode::Teams | Mode::Royal => 4,
        }
    }

    /// Reads `two`, `teams`, `royal` (or `battle royal`).
    pub(crate) fn parse(text: &str) -> Option<Mode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "two" => Some(Mode::Two),
            "teams" => Some(Mode::Teams),
            "royal" | "battle royal" => Some(Mode::Royal),
            _ => None,
        }
    }

    /// The word the setup text uses.
    pub fn word(self) -> &'static str {
        match self {
            Mode::Two => "two",
            Mode::Teams => "teams",
            Mode::Royal => "royal",
        }
    }
}

/// Which enemy shells and planes bar a plane's two-square flight over them. The patent:
/// planes "can pass over any intervening piece on the board ... except a shell pointed
/// directly at it, or another plane pointed directly at it".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PlanePassing {
    /// One pointed head-on at the plane: its heading is the reverse of the plane's flight,
    /// so that it points at the square the plane flies from.
    #[default]
    HeadOn,
    /// One pointed along the line of flight either way: at the square the plane flies
    /// from, or at the square it lands on.
    AlongFlight,
}

/// The most planes, shells or torpedoes of one kind a fleet may own (in reserve and on the
/// board together), in the options and in setups.
pub const MAX_AUXILIARIES: u8 = 20;

/// The largest `turn_limit` and `no_progress_actions`.
pub const MAX_LIMIT: u32 = 1_000_000;

/// The default `no_progress_actions`: see docs/rules/transport.md ("Games that go nowhere")
/// for why 500.
pub const DEFAULT_NO_PROGRESS_ACTIONS: u32 = 500;

/// Transport's rules options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TransportOptions {
    /// Two fleets, two teams, or the battle royal.
    pub mode: Mode,
    /// Squares per side: odd, from 9 to 25 (default 11; 11 or more for two teams), or 8 (a
    /// chess board) for two fleets.
    pub size: u8,
    /// Planes each carrier holds at the start (0 to 20).
    pub planes: u8,
    /// Shells each battleship holds (0 to 20).
    pub shells: u8,
    /// Torpedoes each fleet's destroyer and submarine share (0 to 20).
    pub torpedoes: u8,
    /// A handicap: fleets (1-based, each at most once) that start with one auxiliary of each
    /// kind fewer.
    pub handicapped: Vec<u8>,
    /// Actions after which the game is drawn, whatever happens (`None`: no such cap;
    /// otherwise 1 to 1,000,000).
    pub turn_limit: Option<u32>,
    /// A draw when this many actions in a row pass with nothing sunk (default 500; `None`
    /// turns the rule off; otherwise 1 to 1,000,000). The patent has no end but the sinking
    /// of transports; this ends a game that goes nowhere.
    pub no_progress_actions: Option<u32>,
    /// Which enemy shells and planes bar a plane's flight over them (default: only those
    /// pointed head-on at it).
    pub plane_passing: PlanePassing,
    /// Whether a torpedo may be launched so that its launching run takes it off the board
    /// (it goes straight back to reserve and the action is spent). Default: no.
    pub torpedo_launch_off_board: bool,
    /// Whether the transport carries the patent's optional red bow dot, so that it fires
    /// shells from its fleet's reserve as the battleship does. Default: no.
    pub armed_transport: bool,
}

impl Default for TransportOptions {
    fn default() -> Self {
        TransportOptions {
            mode: Mode::Two,
            size: 11,
            planes: 2,
            shells: 5,
            torpedoes: 4,
            handicapped: Vec::new(),
            turn_limit: None,
            no_progress_actions: Some(DEFAULT_NO_PROGRESS_ACTIONS),
            plane_passing: PlanePassing::HeadOn,
            torpedo_launch_off_board: false,
            armed_transport: false,
        }
    }
}

/// Why a set of options is refused: each names the field and its allowed range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The board size is out of range.
    #[error(
        "size {0}: the board is odd, from 9 to 25 squares a side, or 8 (the chess board) for two fleets"
    )]
    Size(u8),
    /// The chess board with four fleets.
    #[error("size 8: the chess board is for two fleets only, not mode {}", .0.word())]
    ChessBoardMode(Mode),
    /// Two teams on a board under 11.
    #[error(
        "size {0}: two teams need 11 or more (on 9 x 9 the front fleets of the two sides start within a torpedo's launching run of each other's battleship)"
    )]
    TeamsSize(u8),
    /// Too many auxiliaries of a kind.
    #[error("{field} {value}: from 0 to {max}", max = MAX_AUXILIARIES)]
    Auxiliaries {
        /// `planes`, `shells` or `torpedoes`.
        field: &'static str,
        /// The value given.
        value: u8,
    },
    /// A handicapped fleet that is not in the game.
    #[error("handicapped: fleet {fleet}: the fleets are numbered 1 to {fleets}")]
    HandicapFleet {
        /// The fleet given.
        fleet: u8,
        /// Fleets in play.
        fleets: u8,
    },
    /// A fleet handicapped twice.
    #[error("handicapped: fleet {0} is listed twice")]
    HandicapTwice(u8),
    /// A handicap on a kind the fleets start without.
    #[error(
        "handicapped: a handicapped fleet starts with one {kind} fewer, so {field} must be 1 or more, not 0"
    )]
    HandicapNothing {
        /// `planes`, `shells` or `torpedoes`.
        field: &'static str,
        /// The auxiliary's noun.
        kind: &'static str,
    },
    /// A limit out of range.
    #[error("{field} {value}: from 1 to {max} (or none)", max = MAX_LIMIT)]
    Limit {
        /// `turn_limit` or `no_progress_actions`.
        field: &'static str,
        /// The value given.
        value: u32,
    },
}

impl TransportOptions {
    /// Checks every option against its range.
    pub fn check(&self) -> Result<(), OptionsError> {
        check_size(self.size, self.mode)?;
        self.check_rules()
    }

    /// Checks every option but the board's size against its range. A setup text may set a
    /// board of its own (two teams on 9 x 9, say), which only needs to suit its mode.
    pub(crate) fn check_rules(&self) -> Result<(), OptionsError> {
        for (field, value) in [
            ("planes", self.planes),
            ("shells", self.shells),
            ("torpedoes", self.torpedoes),
        ] {
            if value > MAX_AUXILIARIES {
                return Err(OptionsError::Auxiliaries { field, value });
            }
        }
        let fleets = self.mode.fleets();
        for (i, &fleet) in self.handicapped.iter().enumerate() {
            if !(1..=fleets).contains(&fleet) {
                return Err(OptionsError::HandicapFleet { fleet, fleets });
            }
            if self.handicapped[..i].contains(&fleet) {
                return Err(OptionsError::HandicapTwice(fleet));
            }
        }
        if !self.handicapped.is_empty() {
            for (field, kind, value) in [
                ("planes", "plane", self.planes),
                ("shells", "shell", self.shells),
                ("torpedoes", "torpedo", self.torpedoes),
            ] {
                if value == 0 {
                    return Err(OptionsError::HandicapNothing { field, kind });
                }
            }
        }
        for (field, value) in [
            ("turn_limit", self.turn_limit),
            ("no_progress_actions", self.no_progress_actions),
        ] {
            if let Some(value) = value
                && !(1..=MAX_LIMIT).contains(&value)
            {
                return Err(OptionsError::Limit { field, value });
            }
        }
        Ok(())
    }
}

/// Whether a board of `size` suits `mode` (any setup): odd from 9 to 25, or 8 for two
/// fleets.
pub(crate) fn check_board(size: u8, mode: Mode) -> Result<(), OptionsError> {
    if size == 8 {
        return match mode {
            Mode::Two => Ok(()),
            other => Err(OptionsError::ChessBoardMode(other)),
        };
    }
    if !(9..=25).contains(&size) || size.is_multiple_of(2) {
        return Err(OptionsError::Size(size));
    }
    Ok(())
}

/// Whether the standard setup of `mode` fits a board of `size`: as [`check_board`], and two
/// teams need 11 or more.
fn check_size(size: u8, mode: Mode) -> Result<(), OptionsError> {
    check_board(size, mode)?;
    if mode == Mode::Teams && size < 11 {
        return Err(OptionsError::TeamsSize(size));
    }
    Ok(())
}

/// Transport's options.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "mode",
        help: "Two fleets, two teams of two, or the four-fleet battle royal.",
        label: "Players",
        kind: OptionKind::Choice {
            values: &[
                Choice {
                    name: "two",
                    help: "Two fleets.",
                    shown: "2 fleets",
                },
                Choice {
                    name: "teams",
                    help: "Four fleets in two teams.",
                    shown: "4 fleets in two teams",
                },
                Choice {
                    name: "royal",
                    help: "Four fleets, each for itself.",
                    shown: "4 fleets, battle royal",
                },
            ],
            noun: None,
        },
    },
    OptionSpec {
        name: "board",
        help: "Squares per side of the board: odd, 9 to 25, or 8 for two fleets; two teams need 11 or more (default 11).",
        label: "Board",
        kind: OptionKind::Number {
            width: Width::U8,
            min: 8,
            max: 25,
            zero: None,
            offers: Offers::Numbers(&[11, 8, 9, 13, 15, 17, 19, 21, 23, 25], " squares a side"),
        },
    },
    OptionSpec {
        name: "handicap",
        help: "A handicap: this fleet (1-4) starts with one plane, shell and torpedo fewer.",
        label: "Handicap (one plane, shell and torpedo fewer)",
        kind: OptionKind::Repeated {
            min: 1,
            max: 4,
            offers: Offers::Labelled(&[
                (0, "none"),
                (1, "Fleet 1"),
                (2, "Fleet 2"),
                (3, "Fleet 3 (four fleets)"),
                (4, "Fleet 4 (four fleets)"),
            ]),
        },
    },
    OptionSpec {
        name: "plane-passing",
        help: "Which enemy shells and planes bar a plane's two-square flight: those pointed head-on at it (default), or those pointed along its line either way.",
        label: "A plane's flight is barred by shells and planes pointed",
        kind: OptionKind::Choice {
            values: &[
                Choice {
                    name: "head-on",
                    help: "Pointed head-on at the plane.",
                    shown: "head-on at it",
                },
                Choice {
                    name: "along-flight",
                    help: "Pointed along its line of flight, either way.",
                    shown: "along its line",
                },
            ],
            noun: None,
        },
    },
    OptionSpec {
        name: "torpedo-off-board",
        help: "A torpedo may be launched so that it runs straight off the board (it goes back to reserve at once); by default that launch is refused.",
        label: "A torpedo launched off the board",
        kind: OptionKind::Switch {
            off: "is refused",
            on: "returns to reserve",
        },
    },
    OptionSpec {
        name: "armed-transport",
        help: "The transport carries the red dot: it fires shells from its fleet's reserve.",
        label: "The transport",
        kind: OptionKind::Switch {
            off: "is unarmed",
            on: "fires shells (red dot)",
        },
    },
];

impl RulesOptions for TransportOptions {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        let spec = find(SPECS, name, GameKind::Transport)?;
        match spec.name {
            "mode" => {
                self.mode = match spec.choice(text)? {
                    "teams" => Mode::Teams,
                    "royal" => Mode::Royal,
                    _ => Mode::Two,
                }
            }
            "board" => self.size = spec.number(text)? as u8,
            "handicap" => self.handicapped.push(spec.number(text)? as u8),
            "plane-passing" => {
                self.plane_passing = match spec.choice(text)? {
                    "along-flight" => PlanePassing::AlongFlight,
                    _ => PlanePassing::HeadOn,
                }
            }
            "torpedo-off-board" => self.torpedo_launch_off_board = spec.switch(text)?,
            _ => self.armed_transport = spec.switch(text)?,
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Vec<String> {
        let d = TransportOptions::default();
        match name {
            "mode" => unless_default(self.mode, d.mode, |m| m.word().to_string()),
            "board" => unless_default(self.size, d.size, |n| n.to_string()),
            "handicap" => self.handicapped.iter().map(u8::to_string).collect(),
            "plane-passing" => unless_default(self.plane_passing, d.plane_passing, |p| match p {
                PlanePassing::HeadOn => "head-on".into(),
                PlanePassing::AlongFlight => "along-flight".into(),
            }),
            "torpedo-off-board" => switch_text(self.torpedo_launch_off_board),
            "armed-transport" => switch_text(self.armed_transport),
            _ => Vec::new(),
        }
    }

    /// A handicapped fleet must be one of the mode's fleets.
    fn cross_check(&self) -> Result<(), OptionError> {
        let fleets = self.mode.fleets();
        match self.handicapped.iter().find(|f| !(1..=fleets).contains(*f)) {
            Some(f) => Err(OptionError::Value {
                option: "handicap",
                text: f.to_string(),
                why: format!("the fleets are numbered 1 to {fleets}"),
            }),
            None => Ok(()),
        }
    }
}
