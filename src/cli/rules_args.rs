//! The games and their rules options as the command line names them: the game argument and
//! one flag per option of every game, made from the rules crate's registry and option
//! descriptions, and the opening they ask for.

use crate::games::tabletop::{OnTable, TableGame};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, ValueEnum, value_parser};
use std::sync::OnceLock;
use tabula_rules::options::{OptionKind, OptionSpec, Width};
use tabula_rules::registry::{self, GAMES, GameInfo, GameKind, GameOptions};

/// A game a command names: one of [`GAMES`], by its name on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameArg(pub GameKind);

impl Default for GameArg {
    /// The first game of the list, the Game of War.
    fn default() -> Self {
        GAME_ARGS[0]
    }
}

/// Every game, in the registry's order.
static GAME_ARGS: [GameArg; GAMES.len()] = {
    let mut all = [GameArg(GameKind::ALL[0]); GAMES.len()];
    let mut i = 0;
    while i < GAMES.len() {
        all[i] = GameArg(GAMES[i].kind);
        i += 1;
    }
    all
};

impl ValueEnum for GameArg {
    fn value_variants<'a>() -> &'a [Self] {
        &GAME_ARGS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let game = registry::game(self.0);
        Some(
            PossibleValue::new(game.name)
                .aliases(game.aliases.iter().copied())
                .help(sentence(game.summary)),
        )
    }
}

impl From<GameArg> for GameKind {
    fn from(g: GameArg) -> GameKind {
        g.0
    }
}

/// A help text as clap shows it: without its closing full stop.
fn sentence(text: &'static str) -> &'static str {
    text.strip_suffix('.').unwrap_or(text)
}

/// The rules options given on the command line: every option of every game in [`GAMES`] is
/// a flag of `tabula play`, made from its [`OptionSpec`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RulesArgs {
    /// The options given, in the registry's order: the game, the option, and its texts as
    /// [`RulesOptions::get`](tabula_rules::options::RulesOptions::get) writes them (one
    /// empty text for a switch, one text a value of a repeated option).
    pub given: Vec<(&'static GameInfo, &'static OptionSpec, Vec<String>)>,
}

impl RulesArgs {
    /// Whether no rules option was given.
    pub(crate) fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// The options of `game` these arguments ask for; options of another game are refused,
    /// naming that game's flags.
    pub(crate) fn options(&self, game: GameKind) -> Result<GameOptions, String> {
        if let Some((owner, _, _)) = self.given.iter().find(|(g, _, _)| g.kind != game) {
            let flags: Vec<String> = owner.options.iter().map(OptionSpec::flag).collect();
            let (last, rest) = flags.split_last().expect("a game with options");
            return Err(format!(
                "{} and {last} are options of {}, not of {}",
                rest.join(", "),
                owner.noun,
                game.title()
            ));
        }
        let mut options = GameOptions::default_for(game);
        for (_, spec, texts) in &self.given {
            for text in texts {
                options.set(spec.name, text).map_err(|e| e.to_string())?;
            }
        }
        Ok(options)
    }
}

/// The value name `--help` shows for an option: its name in capitals, as `MOVE_TIME`.
fn value_name(name: &str) -> &'static str {
    static NAMES: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    NAMES
        .get_or_init(|| {
            GAMES
                .iter()
                .flat_map(|g| g.options)
                .map(|spec| {
                    let upper = spec.name.to_uppercase().replace('-', "_");
                    (spec.name, &*Box::leak(upper.into_boxed_str()))
                })
                .collect()
        })
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("VALUE", |(_, upper)| upper)
}

/// The flag of one rules option.
fn rules_arg(spec: &'static OptionSpec) -> Arg {
    let arg = Arg::new(spec.name)
        .long(spec.name)
        .help(sentence(spec.help));
    if spec.is_switch() {
        return arg.action(ArgAction::SetTrue);
    }
    let arg = arg.value_name(value_name(spec.name));
    match spec.kind {
        OptionKind::Repeated { .. } => arg
            .action(ArgAction::Append)
            .value_parser(value_parser!(u8)),
        OptionKind::Number {
            width: Width::U8, ..
        } => arg.action(ArgAction::Set).value_parser(value_parser!(u8)),
        OptionKind::Number {
            width: Width::U32, ..
        } => arg.action(ArgAction::Set).value_parser(value_parser!(u32)),
        OptionKind::Choice { values, noun: None } => {
            arg.action(ArgAction::Set)
                .value_parser(PossibleValuesParser::new(
                    values
                        .iter()
                        .map(|c| PossibleValue::new(c.name).help(sentence(c.help))),
                ))
        }
        OptionKind::Choice { .. } => arg
            .action(ArgAction::Set)
            .value_parser(move |text: &str| spec.choose(text).map(|c| c.name.to_string())),
        OptionKind::Number { .. } | OptionKind::Free | OptionKind::Switch { .. } => {
            arg.action(ArgAction::Set).value_parser(value_parser!(u64))
        }
    }
}

/// The texts given for one rules option.
fn given_texts(matches: &ArgMatches, spec: &OptionSpec) -> Vec<String> {
    fn texts<T: ToString + Clone + Send + Sync + 'static>(
        matches: &ArgMatches,
        id: &str,
    ) -> Vec<String> {
        matches
            .try_get_many::<T>(id)
            .ok()
            .flatten()
            .map(|values| values.map(ToString::to_string).collect())
            .unwrap_or_default()
    }
    match spec.kind {
        OptionKind::Switch { .. } => {
            if matches.try_get_one::<bool>(spec.name).ok().flatten() == Some(&true) {
                vec![String::new()]
            } else {
                Vec::new()
            }
        }
        OptionKind::Repeated { .. }
        | OptionKind::Number {
            width: Width::U8, ..
        } => texts::<u8>(matches, spec.name),
        OptionKind::Number {
            width: Width::U32, ..
        } => texts::<u32>(matches, spec.name),
        OptionKind::Choice { .. } => texts::<String>(matches, spec.name),
        OptionKind::Number { .. } | OptionKind::Free => texts::<u64>(matches, spec.name),
    }
}

impl clap::FromArgMatches for RulesArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = GAMES
            .iter()
            .flat_map(|game| game.options.iter().map(move |spec| (game, spec)))
            .filter_map(|(game, spec)| {
                let texts = given_texts(matches, spec);
                (!texts.is_empty()).then_some((game, spec, texts))
            })
            .collect();
        Ok(RulesArgs { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = RulesArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for RulesArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.args(GAMES.iter().flat_map(|game| game.options).map(rules_arg))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        RulesArgs::augment_args(cmd)
    }
}

/// The opening of `game` with the options asked for; options of another game are refused.
pub(crate) fn opening(game: GameArg, rules: &RulesArgs) -> Result<TableGame, String> {
    TableGame::opening(rules.options(game.0)?)
}
