//! The games of the list in `lib.rs` as data ([`GAMES`]): each one's kind, name on the
//! command line, title, descriptions and rules options, in the order the start screen
//! shows them; and [`GameOptions`], any game's options, set by name from command-line text.
//! Each game writes its own entry ([`About`], as [`Game::ABOUT`]) in its own module.

use crate::game::Game;
use crate::options::{OptionError, OptionSpec, RulesOptions};

pub use crate::GameKind;
pub use crate::listed::GameOptions;

/// What a game says of itself ([`Game::ABOUT`]): its names and descriptions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    /// Its name on the command line (`tabula play NAME`).
    pub name: &'static str,
    /// Other names a command takes for it (`fence-race`).
    pub aliases: &'static [&'static str],
    /// Its title.
    pub title: &'static str,
    /// The game in running text ("options of the fence race").
    pub noun: &'static str,
    /// One line: who made it, and when.
    pub summary: &'static str,
    /// What the start screen says about it.
    pub blurb: &'static str,
    /// The order the start screen shows the options in: indices into the options'
    /// [`RulesOptions::SPECS`].
    pub screen_order: &'static [usize],
    /// Whether chance (dice, cards) decides part of the game, so that perft does not count
    /// it.
    pub chance: bool,
}

/// One game of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// Which game.
    pub kind: GameKind,
    /// Its name on the command line (`tabula play NAME`).
    pub name: &'static str,
    /// Other names a command takes for it.
    pub aliases: &'static [&'static str],
    /// Its title.
    pub title: &'static str,
    /// The game in running text ("options of the fence race").
    pub noun: &'static str,
    /// One line: who made it, and when.
    pub summary: &'static str,
    /// What the start screen says about it.
    pub blurb: &'static str,
    /// Its rules options, in the command line's order.
    pub options: &'static [OptionSpec],
    /// The order the start screen shows the options in: indices into `options`.
    pub screen_order: &'static [usize],
    /// Whether chance decides part of the game.
    pub chance: bool,
}

impl GameInfo {
    /// The entry of the game `G`, listed as `kind`.
    pub const fn of<G: Game>(kind: GameKind) -> GameInfo {
        let about = G::ABOUT;
        GameInfo {
            kind,
            name: about.name,
            aliases: about.aliases,
            title: about.title,
            noun: about.noun,
            summary: about.summary,
            blurb: about.blurb,
            options: <G::Options as RulesOptions>::SPECS,
            screen_order: about.screen_order,
            chance: about.chance,
        }
    }

    /// The options in the order the start screen shows them.
    pub fn screen_options(&self) -> impl Iterator<Item = &'static OptionSpec> + use<> {
        let options = self.options;
        self.screen_order.iter().map(move |&i| &options[i])
    }

    /// The option of this game named `name` (without `--`).
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|s| s.name == name)
    }
}

/// Every game, in the order the start screen and the command line's help list them.
pub const GAMES: [GameInfo; GameKind::ALL.len()] = crate::listed::LISTED;

impl GameKind {
    /// The game's entry.
    pub fn info(self) -> &'static GameInfo {
        &GAMES[self as usize]
    }

    /// The game's title.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// The game's name on the command line.
    pub fn name(self) -> &'static str {
        self.info().name
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}

/// The entry of `kind`.
pub fn game(kind: GameKind) -> &'static GameInfo {
    kind.info()
}

/// The game named `name` on the command line, or by one of its other names, in any case.
pub fn by_name(name: &str) -> Option<&'static GameInfo> {
    let name = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .find(|g| g.name == name || g.aliases.contains(&name.as_str()))
}

/// The games' names on the command line, as a sentence lists them: "war, camelot, ... or
/// screwball".
pub fn names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The game that has an option named `name`, and the option.
pub fn owner(name: &str) -> Option<(&'static GameInfo, &'static OptionSpec)> {
    GAMES
        .iter()
        .find_map(|g| g.option(name).map(|spec| (g, spec)))
}

impl GameOptions {
    /// Sets option `name` from command-line text ([`RulesOptions::set`]).
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        with_options!(self, G, o => o.set(name, text))
    }

    /// Whether option `name` has any effect under the others ([`RulesOptions::applies`]).
    pub fn applies(&self, name: &str) -> bool {
        with_options!(self, G, o => o.applies(name))
    }

    /// Option `name`'s command-line texts ([`RulesOptions::get`]).
    pub fn get(&self, name: &str) -> Vec<String> {
        with_options!(self, G, o => o.get(name))
    }

    /// Checks values that depend on other options ([`RulesOptions::cross_check`]).
    pub fn cross_check(&self) -> Result<(), OptionError> {
        with_options!(self, G, o => o.cross_check())
    }

    /// The command-line words that ask for these options ([`RulesOptions::args`]).
    pub fn args(&self) -> Vec<String> {
        with_options!(self, G, o => o.args())
    }

    /// The options written in RON, as scenes and saves write them.
    pub fn to_ron(&self) -> String {
        with_options!(self, G, o => ron::to_string(o)).unwrap_or_else(|_| "()".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_lists_each_game_once_with_its_options() {
        let kinds: Vec<GameKind> = GAMES.iter().map(|g| g.kind).collect();
        assert_eq!(kinds, GameKind::ALL);
        for game in &GAMES {
            assert_eq!(by_name(game.name).map(|g| g.kind), Some(game.kind));
            assert_eq!(
                by_name(&game.name.to_uppercase()).map(|g| g.kind),
                Some(game.kind)
            );
            for alias in game.aliases {
                assert_eq!(by_name(alias).map(|g| g.kind), Some(game.kind));
            }
            assert_eq!(game.kind.title(), game.title);
            assert_eq!(GameOptions::default_for(game.kind).kind(), game.kind);
            let mut order = game.screen_order.to_vec();
            order.sort_unstable();
            assert_eq!(
                order,
                (0..game.options.len()).collect::<Vec<_>>(),
                "{}: the start screen shows each option once",
                game.name
            );
            assert_eq!(game.screen_options().count(), game.options.len());
            for spec in game.options {
                assert_eq!(owner(spec.name).map(|(g, _)| g.kind), Some(game.kind));
            }
        }
        assert!(by_name("chess").is_none());
        assert!(owner("chess").is_none());
    }

    #[test]
    fn names_and_aliases_are_unique_across_the_games() {
        let mut seen = std::collections::HashSet::new();
        for game in &GAMES {
            for name in std::iter::once(&game.name).chain(game.aliases) {
                assert!(seen.insert(*name), "{name} names two games");
            }
        }
        assert!(names().ends_with(&format!(" or {}", GAMES[GAMES.len() - 1].name)));
    }
}
