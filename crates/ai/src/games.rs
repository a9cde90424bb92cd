//! The games for the commands: any game ([`AnyGame`], from the rules crate's one list of
//! games) paired with what the engine knows of it ([`with_game!`](crate::with_game)), and
//! reading the commands' lists of moves.

use crate::knowledge::Knows;

pub use tabula_rules::AnyGame;
pub use tabula_rules::any::{parse_kind, parse_options, play_text};

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`] (by the binding mode of
/// `$any`) and `$k` to what the engine knows of it ([`Knows`]).
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident, $k:ident => $body:expr) => {
        tabula_rules::with_game!($any, $g => {
            #[allow(unused_imports)]
            use $crate::knowledge::Knows as _;
            let $k = $g.knowledge();
            $body
        })
    };
}

/// Sets a move limit when the game's options leave it without one ([`Knows::bound_length`]);
/// returns the limit set.
pub fn bound_length(game: &mut AnyGame) -> Option<u32> {
    tabula_rules::with_game!(game, g => g.bound_length())
}

/// The games' names as the commands take them (with their other names), for the command
/// line's help and its check.
pub fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        tabula_rules::registry::GAMES
            .iter()
            .map(|g| clap::builder::PossibleValue::new(g.name).aliases(g.aliases.iter().copied())),
    )
}

/// Splits a list of moves written `M1; M2; M3` (empty items dropped).
pub fn split_moves(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}
