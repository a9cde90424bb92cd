//! The one list of games: [`games!`], invoked once in `lib.rs` with a line a game, makes
//! the games' modules, [`crate::GameKind`], [`crate::AnyGame`], [`crate::registry::GameOptions`],
//! [`crate::registry::GAMES`] and the three dispatch macros every client reaches the games
//! through: [`with_game!`](crate::with_game) (on the game inside an `AnyGame`),
//! [`with_kind!`](crate::with_kind) (on the game type a `GameKind` names) and
//! [`each_game!`](crate::each_game) (once for each game type). Everything else about a game —
//! its name, title, blurb and options — lives in its own module ([`crate::Game::ABOUT`]).

/// Declares the games, one `Kind => module::Type` a line, in the order the start screen and
/// the command line list them.
macro_rules! games {
    ($($Kind:ident => $module:ident :: $Type:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Which game: one of the list in `lib.rs`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[derive(serde::Serialize, serde::Deserialize)]
        pub enum GameKind {
            $(
                #[doc = concat!("The game of [`", stringify!($module), "`].")]
                $Kind,
            )*
        }

        impl GameKind {
            /// Every game, in the list's order.
            pub const ALL: [GameKind; [$(GameKind::$Kind),*].len()] = [$(GameKind::$Kind),*];
        }

        /// A game of any kind, with its position and history.
        // A few games are held at a time, never arrays of them: the size of the largest
        // costs nothing.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of [`", stringify!($module), "`].")]
                $Kind($module::$Type),
            )*
        }

        $(
            impl From<$module::$Type> for AnyGame {
                fn from(game: $module::$Type) -> AnyGame {
                    AnyGame::$Kind(game)
                }
            }
        )*

        impl AnyGame {
            /// Which game.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$Kind(_) => GameKind::$Kind,)*
                }
            }
        }

        /// What the list makes for the registry: any game's options and every game's entry
        /// (read them from [`registry`]).
        pub mod listed {
            use super::*;

            /// Any game's rules options.
            #[derive(Debug, Clone, PartialEq)]
            pub enum GameOptions {
                $(
                    #[doc = concat!("The options of [`", stringify!($module), "`].")]
                    $Kind(<$module::$Type as Game>::Options),
                )*
            }

            $(
                impl From<<$module::$Type as Game>::Options> for GameOptions {
                    fn from(options: <$module::$Type as Game>::Options) -> GameOptions {
                        GameOptions::$Kind(options)
                    }
                }
            )*

            impl GameOptions {
                /// The defaults of `kind`.
                pub fn default_for(kind: GameKind) -> GameOptions {
                    match kind {
                        $(GameKind::$Kind => GameOptions::$Kind(Default::default()),)*
                    }
                }

                /// Which game they are of.
                pub fn kind(&self) -> GameKind {
                    match self {
                        $(GameOptions::$Kind(_) => GameKind::$Kind,)*
                    }
                }
            }

            /// Every game's entry, in the list's order.
            pub const LISTED: [registry::GameInfo; GameKind::ALL.len()] =
                [$(registry::GameInfo::of::<$module::$Type>(GameKind::$Kind)),*];
        }

        /// Runs `$body` with `$g` bound to the game inside an [`AnyGame`] (by the binding
        /// mode of `$any`: a reference gives a reference), whichever game it is.
        #[macro_export]
        macro_rules! with_game {
            ($any:expr, $g:ident => $body:expr) => {
                match $any {
                    $($crate::AnyGame::$Kind($g) => $body,)*
                }
            };
        }

        /// Runs `$body` with `$o` bound to the options inside a `GameOptions` and `$G` to
        /// their game's type.
        #[macro_export]
        macro_rules! with_options {
            ($options:expr, $G:ident, $o:ident => $body:expr) => {
                match $options {
                    $($crate::registry::GameOptions::$Kind($o) => {
                        #[allow(dead_code)]
                        type $G = $crate::$module::$Type;
                        $body
                    })*
                }
            };
        }

        /// Runs `$body` with `$G` the type of the game a [`GameKind`] names.
        #[macro_export]
        macro_rules! with_kind {
            ($kind:expr, $G:ident => $body:expr) => {
                match $kind {
                    $($crate::GameKind::$Kind => {
                        type $G = $crate::$module::$Type;
                        $body
                    })*
                }
            };
        }

        /// Runs `$body` once for each game, with `$G` the game's type.
        #[macro_export]
        macro_rules! each_game {
            ($G:ident => $body:block) => {{
                $({
                    type $G = $crate::$module::$Type;
                    $body
                })*
            }};
        }
    };
}
