//! How a game's rules options are described once as data ([`OptionSpec`]): each option's
//! name on the command line, its help, its kind of value and what the start screen shows for
//! it. Each game's options struct lists its options in its own module and reads and sets
//! them by name from command-line text ([`RulesOptions`]), so that the command line and the
//! start screen are both made from these lists. Setting an option checks only that the text is a value of its kind; the
//! game's own `check` (called by its constructor) still refuses values out of its range.

use crate::GameKind;

/// How many bits a number option holds, and so which numbers the command line reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// 0 to 255.
    U8,
    /// 0 to 4,294,967,295.
    U32,
    /// 0 to 18,446,744,073,709,551,615.
    U64,
}

impl Width {
    /// The largest number of this width.
    pub fn max(self) -> u64 {
        match self {
            Width::U8 => u8::MAX.into(),
            Width::U32 => u32::MAX.into(),
            Width::U64 => u64::MAX,
        }
    }
}

/// What the start screen steps through for a number option: the first is the default (it
/// adds no flag to the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offers {
    /// Numbers, each shown followed by a unit (`""` for none).
    Numbers(&'static [u64], &'static str),
    /// Numbers, each with the words shown for it. The default's number is only shown.
    Labelled(&'static [(u64, &'static str)]),
}

/// One named value of a choice option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// Its name on the command line.
    pub name: &'static str,
    /// What it means, one sentence (listed by `--help`; empty where the option does not
    /// list its values).
    pub help: &'static str,
    /// What the start screen shows for it.
    pub shown: &'static str,
}

/// What kind of value an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// A flag without a value that selects the rule's other reading.
    Switch {
        /// What the start screen shows without the flag (the default).
        off: &'static str,
        /// What it shows with the flag.
        on: &'static str,
    },
    /// A whole number.
    Number {
        /// Which numbers the command line reads.
        width: Width,
        /// The smallest value the game accepts.
        min: u64,
        /// The largest value the game accepts (the game's check may refuse some between,
        /// such as even sizes).
        max: u64,
        /// What 0 means, where 0 turns a rule off.
        zero: Option<&'static str>,
        /// What the start screen steps through.
        offers: Offers,
    },
    /// One of named values, the default first.
    Choice {
        /// The values.
        values: &'static [Choice],
        /// `None`: the command line lists the values in its help and takes them exactly.
        /// `Some(noun)`: it reads a name in any case, and names the noun when it is unknown
        /// ("unknown side ...").
        noun: Option<&'static str>,
    },
    /// A small number (0 to 255) that may be given several times, each adding one value.
    Repeated {
        /// The smallest value the game accepts.
        min: u64,
        /// The largest value the game accepts.
        max: u64,
        /// What the start screen steps through (one value or none).
        offers: Offers,
    },
    /// Any number from 0 to 2^64 - 1, typed in on the start screen.
    Free,
}

/// One rules option of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// Its name on the command line, without the `--`.
    pub name: &'static str,
    /// What it does, one sentence (the command line's help).
    pub help: &'static str,
    /// What the start screen calls it.
    pub label: &'static str,
    /// Its kind of value.
    pub kind: OptionKind,
}

/// Text that is no value of an option, or an option a game does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The game has no option of that name.
    #[error("--{name} is not an option of {game}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The game's title.
        game: &'static str,
    },
    /// The text is not a value of the option's kind.
    #[error("--{option} {text}: {why}")]
    Value {
        /// The option's name.
        option: &'static str,
        /// The text given.
        text: String,
        /// What the option takes.
        why: String,
    },
}

/// "a, b or c".
fn either(names: impl IntoIterator<Item = &'static str>, last: &str) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    match names.split_last() {
        Some((tail, [])) => (*tail).to_string(),
        Some((tail, head)) => format!("{} {last} {tail}", head.join(", ")),
        None => String::new(),
    }
}

impl OptionSpec {
    /// The flag: `--name`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name)
    }

    /// Whether the option is a flag without a value.
    pub fn is_switch(&self) -> bool {
        matches!(self.kind, OptionKind::Switch { .. })
    }

    fn refuse(&self, text: &str, why: impl Into<String>) -> OptionError {
        OptionError::Value {
            option: self.name,
            text: text.to_string(),
            why: why.into(),
        }
    }

    /// Reads a switch's text: empty or `true` turns it on, `false` off.
    pub fn switch(&self, text: &str) -> Result<bool, OptionError> {
        match text {
            "" | "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(self.refuse(text, "a switch takes no value (or true or false)")),
        }
    }

    /// Reads a number of the option's width (not checked against the game's range).
    pub fn number(&self, text: &str) -> Result<u64, OptionError> {
        let width = match self.kind {
            OptionKind::Number { width, .. } => width,
            OptionKind::Repeated { .. } => Width::U8,
            _ => Width::U64,
        };
        text.parse::<u64>()
            .ok()
            .filter(|n| *n <= width.max())
            .ok_or_else(|| {
                self.refuse(
                    text,
                    format!("not a whole number from 0 to {}", width.max()),
                )
            })
    }

    /// Reads a choice's text; the error says which names it takes, as the command line
    /// says it ("unknown side \"green\": use red or blue").
    pub fn choose(&self, text: &str) -> Result<&'static Choice, String> {
        let OptionKind::Choice { values, noun } = self.kind else {
            return Err(format!("--{} takes no named value", self.name));
        };
        let names = values.iter().map(|c| c.name);
        match noun {
            Some(noun) => values
                .iter()
                .find(|c| c.name.eq_ignore_ascii_case(text))
                .ok_or_else(|| format!("unknown {noun} {text:?}: use {}", either(names, "or"))),
            None => values
                .iter()
                .find(|c| c.name == text)
                .ok_or_else(|| format!("use {}", either(names, "or"))),
        }
    }

    /// The name of the choice `text` names.
    pub fn choice(&self, text: &str) -> Result<&'static str, OptionError> {
        self.choose(text)
            .map(|c| c.name)
            .map_err(|why| self.refuse(text, why))
    }

    /// The command-line words for the option's texts (as [`RulesOptions::get`] gives them):
    /// `--name` for a switch, `--name TEXT` for each text otherwise.
    pub fn args(&self, texts: &[String]) -> Vec<String> {
        let mut args = Vec::new();
        for text in texts {
            args.push(self.flag());
            if !self.is_switch() {
                args.push(text.clone());
            }
        }
        args
    }

    /// What the start screen steps through, the default first: the text the command line
    /// takes (`None` for the default, which adds no flag; empty for a switch) and the words
    /// shown. Empty for a free number, which is typed in.
    pub fn offers(&self) -> Vec<(Option<String>, String)> {
        let numbers = |offers: Offers| -> Vec<(u64, String)> {
            match offers {
                Offers::Numbers(values, unit) => {
                    values.iter().map(|v| (*v, format!("{v}{unit}"))).collect()
                }
                Offers::Labelled(values) => {
                    values.iter().map(|(v, s)| (*v, s.to_string())).collect()
                }
            }
        };
        let listed: Vec<(String, String)> = match self.kind {
            OptionKind::Switch { off, on } => {
                vec![(String::new(), off.into()), (String::new(), on.into())]
            }
            OptionKind::Number { offers, .. } | OptionKind::Repeated { offers, .. } => {
                numbers(offers)
                    .into_iter()
                    .map(|(v, s)| (v.to_string(), s))
                    .collect()
            }
            OptionKind::Choice { values, .. } => values
                .iter()
                .map(|c| (c.name.to_string(), c.shown.to_string()))
                .collect(),
            OptionKind::Free => Vec::new(),
        };
        listed
            .into_iter()
            .enumerate()
            .map(|(i, (text, shown))| ((i > 0).then_some(text), shown))
            .collect()
    }
}

/// The spec named `name` in `specs`, or an error naming the game.
pub fn find(
    specs: &'static [OptionSpec],
    name: &str,
    game: GameKind,
) -> Result<&'static OptionSpec, OptionError> {
    specs
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| OptionError::Unknown {
            name: name.to_string(),
            game: game.title(),
        })
}

/// A game's rules options, read and set by the names of its [`OptionSpec`]s.
pub trait RulesOptions: Default + Clone + PartialEq {
    /// Its options, in the command line's order.
    const SPECS: &'static [OptionSpec];

    /// Sets option `name` from command-line text: for a switch, empty text (or `true`)
    /// turns it on and `false` off; a repeated option adds one value; a number of the
    /// option's width or a choice's name sets it (0 turns off a rule that 0 turns off).
    /// Whether the value suits the game is for the game's check to say.
    fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError>;

    /// The command-line texts of option `name`'s value: none when it is the default (or
    /// the game has no such option), one empty text for a switch that is on, one a value of
    /// a repeated option, else one.
    fn get(&self, name: &str) -> Vec<String>;

    /// Checks values that depend on other options, naming the option as the command line
    /// does ("--handicap 3: the fleets are numbered 1 to 2"); the game's own check still has
    /// the last word. By default there are none.
    fn cross_check(&self) -> Result<(), OptionError> {
        Ok(())
    }

    /// Whether option `name` has any effect under the other options as they are (Camelot's
    /// castle-move limit is the Federation's rule, not the 1930 patent's): a start screen
    /// leaves out what does not. By default every option does.
    fn applies(&self, name: &str) -> bool {
        let _ = name;
        true
    }

    /// The command-line words that ask for these options (defaults left out), in the
    /// order of [`RulesOptions::SPECS`].
    fn args(&self) -> Vec<String> {
        Self::SPECS
            .iter()
            .flat_map(|spec| spec.args(&self.get(spec.name)))
            .collect()
    }
}

/// `Some(n)` for n > 0, `None` for 0 (the rule off).
pub(crate) fn zero_off(n: u64) -> Option<u32> {
    u32::try_from(n).ok().filter(|n| *n > 0)
}

/// The texts of a value that is the default (none) or not (one).
pub(crate) fn unless_default<T: PartialEq>(
    value: T,
    default: T,
    text: impl FnOnce(T) -> String,
) -> Vec<String> {
    if value == default {
        Vec::new()
    } else {
        vec![text(value)]
    }
}

pub(crate) fn switch_text(on: bool) -> Vec<String> {
    if on { vec![String::new()] } else { Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camelot::CamelotOptions;
    use crate::fences::FencesOptions;
    use crate::registry::{GAMES, GameOptions};
    use crate::transport::TransportOptions;
    use crate::war::{Side, WarOptions};

    /// Whether the game's own check accepts `options`.
    fn accepted(options: &GameOptions) -> bool {
        with_options!(options, G, o => <G as crate::Game>::from_options(o.clone()).is_ok())
    }

    /// Every text an option takes, as a test would try them: every number of its range.
    fn values(spec: &OptionSpec) -> Vec<String> {
        match spec.kind {
            OptionKind::Switch { .. } => vec![String::new()],
            OptionKind::Number { min, max, .. } | OptionKind::Repeated { min, max, .. } => {
                (min..=max).map(|n| n.to_string()).collect()
            }
            OptionKind::Choice { values, .. } => values.iter().map(|c| c.name.into()).collect(),
            OptionKind::Free => ["0", "1", "77", "18446744073709551615"]
                .map(String::from)
                .to_vec(),
        }
    }

    #[test]
    fn every_option_name_is_unique_across_the_games() {
        let mut seen = std::collections::BTreeMap::new();
        for game in &GAMES {
            for spec in game.options {
                if let Some(other) = seen.insert(spec.name, game.name) {
                    panic!(
                        "--{} is an option of {other} and of {}",
                        spec.name, game.name
                    );
                }
                assert!(
                    spec.name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                    "{}",
                    spec.name
                );
                assert!(spec.help.ends_with('.'), "{}: {}", spec.name, spec.help);
                assert!(!spec.label.is_empty());
            }
        }
    }

    #[test]
    fn set_and_get_round_trip_every_option_through_every_value() {
        for game in &GAMES {
            for spec in game.options {
                for text in values(spec) {
                    let mut set = GameOptions::default_for(game.kind);
                    set.set(spec.name, &text)
                        .unwrap_or_else(|e| panic!("{}: {e}", game.name));
                    let got = set.get(spec.name);
                    let default = GameOptions::default_for(game.kind);
                    if set == default {
                        assert!(got.is_empty(), "--{} {text}: {got:?}", spec.name);
                    } else {
                        assert_eq!(got, std::slice::from_ref(&text), "--{} {text}", spec.name);
                    }
                    let mut again = GameOptions::default_for(game.kind);
                    for t in &got {
                        again.set(spec.name, t).unwrap();
                    }
                    assert_eq!(again, set, "--{} {text}", spec.name);
                    // The other options keep their defaults.
                    for other in game.options.iter().filter(|o| o.name != spec.name) {
                        assert!(set.get(other.name).is_empty(), "--{} {text}", spec.name);
                    }
                    // The command line words name the option once per value.
                    let args = set.args();
                    assert_eq!(args, spec.args(&got));
                }
            }
        }
    }

    #[test]
    fn zero_turns_off_the_rules_it_says_it_turns_off() {
        let mut war = WarOptions::default();
        war.set("repetition-grace", "0").unwrap();
        war.set("move-time", "0").unwrap();
        assert_eq!(war.repetition_grace, None);
        assert_eq!(war.move_time_limit, None);
        let mut camelot = CamelotOptions::default();
        camelot.set("quiet-moves", "0").unwrap();
        assert_eq!(camelot.no_progress_moves, None);
        for game in &GAMES {
            for spec in game.options {
                if let OptionKind::Number { zero: Some(_), .. } = spec.kind {
                    let mut o = GameOptions::default_for(game.kind);
                    o.set(spec.name, "0").unwrap();
                    assert!(accepted(&o), "--{} 0", spec.name);
                }
            }
        }
    }

    #[test]
    fn switches_can_be_turned_off_again_and_repeated_options_add_up() {
        let mut fences = FencesOptions::default();
        fences.set("chance-cards", "").unwrap();
        assert!(fences.chance_cards);
        fences.set("chance-cards", "false").unwrap();
        assert_eq!(fences, FencesOptions::default());
        let mut transport = TransportOptions::default();
        transport.set("mode", "royal").unwrap();
        transport.set("handicap", "2").unwrap();
        transport.set("handicap", "4").unwrap();
        assert_eq!(transport.handicapped, [2, 4]);
        assert_eq!(
            transport.args(),
            ["--mode", "royal", "--handicap", "2", "--handicap", "4"]
        );
        let mut war = WarOptions::default();
        war.set("first", "BLUE").unwrap();
        assert_eq!(war.first, Side::Blue);
        assert_eq!(war.get("first"), ["blue"]);
    }

    #[test]
    fn the_ranges_are_those_the_games_accept() {
        for game in &GAMES {
            for spec in game.options {
                let (min, max) = match spec.kind {
                    OptionKind::Number { min, max, .. } | OptionKind::Repeated { min, max, .. } => {
                        (min, max)
                    }
                    _ => continue,
                };
                let with = |n: u64| {
                    let mut o = GameOptions::default_for(game.kind);
                    if spec.name == "handicap" {
                        o.set("mode", "royal").unwrap();
                    }
                    o.set(spec.name, &n.to_string()).unwrap();
                    o
                };
                assert!(accepted(&with(min)), "--{} {min}", spec.name);
                assert!(accepted(&with(max)), "--{} {max}", spec.name);
                if min > 0 {
                    assert!(!accepted(&with(min - 1)), "--{} {}", spec.name, min - 1);
                }
                assert!(!accepted(&with(max + 1)), "--{} {}", spec.name, max + 1);
            }
        }
    }

    #[test]
    fn the_start_screen_offers_the_default_first_and_values_the_option_takes() {
        for game in &GAMES {
            for spec in game.options {
                let offers = spec.offers();
                if spec.kind == OptionKind::Free {
                    assert!(offers.is_empty());
                    continue;
                }
                assert!(offers.len() >= 2, "--{}", spec.name);
                assert_eq!(
                    offers[0].0, None,
                    "--{}: the default adds no flag",
                    spec.name
                );
                let shown: std::collections::BTreeSet<&String> =
                    offers.iter().map(|(_, s)| s).collect();
                assert_eq!(shown.len(), offers.len(), "--{}: shown alike", spec.name);
                for (text, _) in &offers[1..] {
                    let text = text.as_ref().unwrap();
                    let mut o = GameOptions::default_for(game.kind);
                    o.set(spec.name, text).unwrap();
                    assert_ne!(
                        o,
                        GameOptions::default_for(game.kind),
                        "--{} {text}",
                        spec.name
                    );
                }
                // A number's default is the first offered.
                if let OptionKind::Number { offers: o, .. } = spec.kind {
                    let first = match o {
                        Offers::Numbers(v, _) => v[0],
                        Offers::Labelled(v) => v[0].0,
                    };
                    let mut set = GameOptions::default_for(game.kind);
                    set.set(spec.name, &first.to_string()).unwrap();
                    assert_eq!(set, GameOptions::default_for(game.kind), "--{}", spec.name);
                }
            }
        }
    }

    #[test]
    fn bad_values_are_refused_with_the_option_named() {
        for game in &GAMES {
            for spec in game.options {
                let bad: &[&str] = match spec.kind {
                    OptionKind::Switch { .. } => &["yes", "1"],
                    OptionKind::Number {
                        width: Width::U8, ..
                    }
                    | OptionKind::Repeated { .. } => &["x", "-1", "256", ""],
                    OptionKind::Number { .. } => &["x", "-1", "4294967296", "1.5"],
                    OptionKind::Choice { .. } => &["chess", ""],
                    OptionKind::Free => &["x", "-1", "18446744073709551616"],
                };
                for text in bad {
                    let mut o = GameOptions::default_for(game.kind);
                    let e = o.set(spec.name, text).expect_err(text).to_string();
                    assert!(e.starts_with(&format!("--{} ", spec.name)), "{e}");
                    assert_eq!(o, GameOptions::default_for(game.kind), "unchanged");
                }
            }
        }
        let e = WarOptions::default().set("first", "green").unwrap_err();
        assert_eq!(
            e.to_string(),
            "--first green: unknown side \"green\": use red or blue"
        );
        let e = CamelotOptions::default().set("rules", "chess").unwrap_err();
        assert_eq!(e.to_string(), "--rules chess: use wcf or parker1930");
        let e = FencesOptions::default().set("players", "300").unwrap_err();
        assert_eq!(
            e.to_string(),
            "--players 300: not a whole number from 0 to 255"
        );
        let e = CamelotOptions::default().set("seed", "4").unwrap_err();
        assert_eq!(e.to_string(), "--seed is not an option of Camelot");
        let mut two = TransportOptions::default();
        two.set("handicap", "3").unwrap();
        assert_eq!(
            two.cross_check().unwrap_err().to_string(),
            "--handicap 3: the fleets are numbered 1 to 2"
        );
        two.set("mode", "teams").unwrap();
        assert_eq!(two.cross_check(), Ok(()));
        for game in &GAMES {
            for spec in game.options {
                for text in values(spec) {
                    let mut o = GameOptions::default_for(game.kind);
                    o.set(spec.name, &text).unwrap();
                    if accepted(&o) {
                        assert_eq!(o.cross_check(), Ok(()), "--{} {text}", spec.name);
                    }
                }
            }
        }
    }
}
