//! The five games in one list ([`GAMES`]): each one's kind, name on the command line,
//! title, descriptions and rules options, in the order the start screen shows them; and
//! [`GameOptions`], any game's options, set by name from command-line text.

use crate::camelot::CamelotOptions;
use crate::fences::FencesOptions;
use crate::options::{self, OptionError, OptionSpec, RulesOptions};
use crate::screwball::ScrewballOptions;
use crate::transport::TransportOptions;
use crate::war::WarOptions;

pub use crate::scene::GameKind;

/// One game of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// Which game.
    pub kind: GameKind,
    /// Its name on the command line (`tabula play NAME`).
    pub name: &'static str,
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
}

impl GameInfo {
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
pub const GAMES: [GameInfo; 5] = [
    GameInfo {
        kind: GameKind::War,
        name: "war",
        title: "The Game of War",
        noun: "the Game of War",
        summary: "Hudson Maxim's Game of War (1910).",
        blurb: "Hudson Maxim, 1910. Infantry, cavalry, artillery and flying machines storm the enemy citadel.",
        options: options::WAR,
        screen_order: &[0, 1, 2, 3, 4, 5],
    },
    GameInfo {
        kind: GameKind::Camelot,
        name: "camelot",
        title: "Camelot",
        noun: "Camelot",
        summary: "Parker's Camelot (1930).",
        blurb: "George S. Parker, 1930. Men and knights jump and canter into the enemy's castle.",
        options: options::CAMELOT,
        screen_order: &[0, 1, 2],
    },
    GameInfo {
        kind: GameKind::Transport,
        name: "transport",
        title: "Transport",
        noun: "Transport",
        summary: "Paschal's naval game (1947).",
        blurb: "Guy Paschal, 1947. Fleets at sea, in the air and under water hunt the enemy transport.",
        options: options::TRANSPORT,
        screen_order: &[0, 1, 2, 3, 4, 5],
    },
    GameInfo {
        kind: GameKind::Fences,
        name: "fences",
        title: "The fence race",
        noun: "the fence race",
        summary: "Magee's fence race (1962).",
        blurb: "Robert C. Magee, 1962. Race your pawn home by die throws, moving fences to block the others.",
        options: options::FENCES,
        // The seed is typed in: it comes after the settings stepped through.
        screen_order: &[0, 2, 3, 4, 1, 5],
    },
    GameInfo {
        kind: GameKind::Screwball,
        name: "screwball",
        title: "Screwball Checkers",
        noun: "Screwball Checkers",
        summary: "Dubay's Screwball Checkers (1946).",
        blurb: "William A. Dubay, 1946. Screws and balls on large and small squares; attacks cost penalty pieces.",
        options: options::SCREWBALL,
        screen_order: &[0, 1, 2, 3],
    },
];

/// The entry of `kind`.
pub fn game(kind: GameKind) -> &'static GameInfo {
    GAMES
        .iter()
        .find(|g| g.kind == kind)
        .expect("every game kind is in GAMES")
}

/// The game named `name` on the command line.
pub fn by_name(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

/// The game that has an option named `name`, and the option.
pub fn owner(name: &str) -> Option<(&'static GameInfo, &'static OptionSpec)> {
    GAMES
        .iter()
        .find_map(|g| g.option(name).map(|spec| (g, spec)))
}

/// Any game's rules options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameOptions {
    /// The Game of War's.
    War(WarOptions),
    /// Camelot's.
    Camelot(CamelotOptions),
    /// Transport's.
    Transport(TransportOptions),
    /// The fence race's.
    Fences(FencesOptions),
    /// Screwball Checkers'.
    Screwball(ScrewballOptions),
}

impl GameOptions {
    /// The defaults of `kind`.
    pub fn default_for(kind: GameKind) -> GameOptions {
        match kind {
            GameKind::War => GameOptions::War(WarOptions::default()),
            GameKind::Camelot => GameOptions::Camelot(CamelotOptions::default()),
            GameKind::Transport => GameOptions::Transport(TransportOptions::default()),
            GameKind::Fences => GameOptions::Fences(FencesOptions::default()),
            GameKind::Screwball => GameOptions::Screwball(ScrewballOptions::default()),
        }
    }

    /// Which game they are of.
    pub fn kind(&self) -> GameKind {
        match self {
            GameOptions::War(_) => GameKind::War,
            GameOptions::Camelot(_) => GameKind::Camelot,
            GameOptions::Transport(_) => GameKind::Transport,
            GameOptions::Fences(_) => GameKind::Fences,
            GameOptions::Screwball(_) => GameKind::Screwball,
        }
    }

    /// Sets option `name` from command-line text ([`RulesOptions::set`]).
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), OptionError> {
        match self {
            GameOptions::War(o) => o.set(name, text),
            GameOptions::Camelot(o) => o.set(name, text),
            GameOptions::Transport(o) => o.set(name, text),
            GameOptions::Fences(o) => o.set(name, text),
            GameOptions::Screwball(o) => o.set(name, text),
        }
    }

    /// Option `name`'s command-line texts ([`RulesOptions::get`]).
    pub fn get(&self, name: &str) -> Vec<String> {
        match self {
            GameOptions::War(o) => o.get(name),
            GameOptions::Camelot(o) => o.get(name),
            GameOptions::Transport(o) => o.get(name),
            GameOptions::Fences(o) => o.get(name),
            GameOptions::Screwball(o) => o.get(name),
        }
    }

    /// Checks values that depend on other options ([`RulesOptions::cross_check`]).
    pub fn cross_check(&self) -> Result<(), OptionError> {
        match self {
            GameOptions::War(o) => o.cross_check(),
            GameOptions::Camelot(o) => o.cross_check(),
            GameOptions::Transport(o) => o.cross_check(),
            GameOptions::Fences(o) => o.cross_check(),
            GameOptions::Screwball(o) => o.cross_check(),
        }
    }

    /// The command-line words that ask for these options ([`RulesOptions::args`]).
    pub fn args(&self) -> Vec<String> {
        match self {
            GameOptions::War(o) => o.args(),
            GameOptions::Camelot(o) => o.args(),
            GameOptions::Transport(o) => o.args(),
            GameOptions::Fences(o) => o.args(),
            GameOptions::Screwball(o) => o.args(),
        }
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
        assert_eq!(
            GameOptions::default_for(GameKind::War),
            GameOptions::War(WarOptions::default())
        );
        assert!(by_name("chess").is_none());
        assert!(owner("chess").is_none());
    }
}
