//! Playing strength: the levels `easy`, `medium`, `hard` and `max` as budgets per game
//! (with deliberate, plausible imperfection for the two weaker ones), the search each game
//! plays best with, and the engine specifications of the commands (`random`, `hard`,
//! `time:500`, `ab:iterations:20000`, `uct:time:1000`, ...).

use crate::error::Error;
use crate::knowledge::Knows;
use crate::search::{Algorithm, Settings, Style};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use tabula_rules::GameKind;

/// A level of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A small search, choosing among the moves close to the best.
    Easy,
    /// A larger search, choosing among the moves very close to the best.
    Medium,
    /// A strong search that answers within two seconds on a two-core machine.
    Hard,
    /// Ten seconds a move on every core.
    Max,
}

impl FromStr for Level {
    type Err = Error;

    fn from_str(s: &str) -> Result<Level, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "max" => Ok(Level::Max),
            _ => Err(Error::Level(s.to_string())),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        })
    }
}

/// Reads `mcts` or `ab` (`alpha-beta`).
pub fn parse_algorithm(s: &str) -> Result<Algorithm, Error> {
    match s.trim().to_ascii_lowercase().as_str() {
        "mcts" => Ok(Algorithm::Mcts),
        "ab" | "alpha-beta" | "alphabeta" => Ok(Algorithm::AlphaBeta),
        _ => Err(Error::Algorithm(s.to_string())),
    }
}

/// The search that plays a game best ([`Knows::preferred_algorithm`]).
pub fn preferred_algorithm(kind: GameKind, players: usize) -> Algorithm {
    tabula_rules::with_kind!(kind, G => <G as Knows>::preferred_algorithm(players))
}

/// Threads for a time-limited search: every core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The longest `hard` may think, whatever its budget: it answers within two seconds.
pub const HARD_TIME_CAP: Duration = Duration::from_millis(1800);

/// The `hard` budget of a game ([`Knows::HARD_BUDGET`]).
fn hard_budget(kind: GameKind) -> (u64, u64) {
    tabula_rules::with_kind!(kind, G => <G as Knows>::HARD_BUDGET)
}

/// The budget of a level for a game: (alpha-beta nodes, tree-search iterations).
fn budget(kind: GameKind, level: Level) -> (u64, u64) {
    let (ab, mcts) = hard_budget(kind);
    let divisor = match level {
        Level::Easy => 200,
        Level::Medium => 15,
        Level::Hard | Level::Max => 1,
    };
    ((ab / divisor).max(200), (mcts / divisor).max(20))
}

/// The search settings of a level.
pub fn level_settings(
    kind: GameKind,
    players: usize,
    level: Level,
    algorithm: Option<Algorithm>,
    seed: u64,
) -> Settings {
    let algorithm = algorithm.unwrap_or_else(|| preferred_algorithm(kind, players));
    let (ab, mcts) = budget(kind, level);
    let iterations = match algorithm {
        Algorithm::AlphaBeta => ab,
        Algorithm::Mcts => mcts,
    };
    let mut settings = match level {
        Level::Max => Settings::time(algorithm, Duration::from_secs(10), cores(), seed),
        _ => Settings::iterations(algorithm, iterations, seed),
    };
    match level {
        Level::Easy => {
            settings.style = Style::Human {
                margin: 0.12,
                temperature: 0.04,
            };
            if algorithm == Algorithm::AlphaBeta {
                settings.max_depth = Some(2);
            }
        }
        Level::Medium => {
            settings.style = Style::Human {
                margin: 0.03,
                temperature: 0.01,
            };
        }
        Level::Hard => settings.time = Some(HARD_TIME_CAP),
        Level::Max => {}
    }
    if let Some(style) =
        tabula_rules::with_kind!(kind, G => <G as Knows>::level_style(level, players))
    {
        settings.style = style;
    }
    settings
}

/// Who plays a seat in the arena, or what `go` asks of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spec {
    /// Uniformly random legal moves.
    Random,
    /// A level.
    Level(Level, Option<Algorithm>),
    /// A time in milliseconds on every core.
    Time(u64, Option<Algorithm>),
    /// A fixed budget of iterations (tree search) or nodes (alpha-beta) on one thread.
    Iterations(u64, Option<Algorithm>),
    /// The plain tree search that knows no game ([`crate::knowledge::Blind`]: UCT, random
    /// playouts to the end) on one thread, for a time or a number of iterations: the
    /// baseline of game-playing papers.
    Uct(Budget),
}

/// The budget of the plain tree search ([`Spec::Uct`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Milliseconds a move.
    Time(u64),
    /// Iterations a move (deterministic for a seed).
    Iterations(u64),
}

/// The time a move of `uct` without a budget: about what `hard` takes.
pub const UCT_DEFAULT_MS: u64 = 1000;

impl FromStr for Spec {
    type Err = Error;

    fn from_str(text: &str) -> Result<Spec, Error> {
        let bad = || Error::Spec(text.to_string());
        let t = text.trim().to_ascii_lowercase();
        let number = |n: &str| n.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(bad);
        if t == "uct" {
            return Ok(Spec::Uct(Budget::Time(UCT_DEFAULT_MS)));
        }
        if let Some(rest) = t.strip_prefix("uct:") {
            return match rest.split_once(':') {
                Some(("time", n)) => Ok(Spec::Uct(Budget::Time(number(n)?))),
                Some(("iterations", n)) => Ok(Spec::Uct(Budget::Iterations(number(n)?))),
                _ => Err(bad()),
            };
        }
        let (algorithm, rest) = match t.split_once(':') {
            Some((a, rest)) if matches!(a, "mcts" | "ab") => (Some(parse_algorithm(a)?), rest),
            _ => (None, t.as_str()),
        };
        if rest == "random" {
            return if algorithm.is_none() {
                Ok(Spec::Random)
            } else {
                Err(bad())
            };
        }
        if let Ok(level) = rest.parse::<Level>() {
            return Ok(Spec::Level(level, algorithm));
        }
        match rest.split_once(':') {
            Some(("time", n)) => Ok(Spec::Time(number(n)?, algorithm)),
            Some(("iterations" | "nodes", n)) => Ok(Spec::Iterations(number(n)?, algorithm)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = |a: &Option<Algorithm>| match a {
            Some(Algorithm::Mcts) => "mcts:",
            Some(Algorithm::AlphaBeta) => "ab:",
            None => "",
        };
        match self {
            Spec::Random => f.write_str("random"),
            Spec::Level(l, a) => write!(f, "{}{l}", prefix(a)),
            Spec::Time(ms, a) => write!(f, "{}time:{ms}", prefix(a)),
            Spec::Iterations(n, a) => write!(f, "{}iterations:{n}", prefix(a)),
            Spec::Uct(Budget::Time(ms)) => write!(f, "uct:time:{ms}"),
            Spec::Uct(Budget::Iterations(n)) => write!(f, "uct:iterations:{n}"),
        }
    }
}

impl Spec {
    /// The search settings, or `None` for the random player.
    pub fn settings(&self, kind: GameKind, players: usize, seed: u64) -> Option<Settings> {
        let pick = |a: &Option<Algorithm>| a.unwrap_or_else(|| preferred_algorithm(kind, players));
        match self {
            Spec::Random => None,
            Spec::Level(level, a) => Some(level_settings(kind, players, *level, *a, seed)),
            Spec::Time(ms, a) => Some(Settings::time(
                pick(a),
                Duration::from_millis(*ms),
                cores(),
                seed,
            )),
            Spec::Iterations(n, a) => Some(Settings::iterations(pick(a), *n, seed)),
            Spec::Uct(Budget::Time(ms)) => Some(Settings::time(
                Algorithm::Mcts,
                Duration::from_millis(*ms),
                1,
                seed,
            )),
            Spec::Uct(Budget::Iterations(n)) => {
                Some(Settings::iterations(Algorithm::Mcts, *n, seed))
            }
        }
    }

    /// Whether the engine searches without knowledge of the game ([`Spec::Uct`]).
    pub fn is_blind(&self) -> bool {
        matches!(self, Spec::Uct(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fence race's `medium` goes by its first impression closely with two players and
    /// more loosely with four, where the first impression is nearly as good as `hard`.
    #[test]
    fn the_race_medium_is_looser_with_four_players() {
        let temperature =
            |players| match level_settings(GameKind::Fences, players, Level::Medium, None, 1).style
            {
                Style::Intuition { temperature } => temperature,
                other => panic!("{other:?}"),
            };
        assert!(temperature(2) < 0.5, "{}", temperature(2));
        assert!(temperature(4) > 1.0, "{}", temperature(4));
        assert_eq!(temperature(3), temperature(4));
        assert_eq!(
            level_settings(GameKind::War, 2, Level::Medium, None, 1).style,
            Style::Human {
                margin: 0.03,
                temperature: 0.01
            }
        );
    }

    #[test]
    fn specs_read_and_print_back() {
        for text in [
            "random",
            "easy",
            "hard",
            "max",
            "time:500",
            "iterations:2000",
            "ab:time:300",
            "mcts:hard",
            "uct:time:500",
            "uct:iterations:2000",
        ] {
            let spec: Spec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "UCT".parse::<Spec>().unwrap(),
            Spec::Uct(Budget::Time(UCT_DEFAULT_MS))
        );
        for bad in [
            "",
            "fast",
            "time:",
            "time:0",
            "ab:random",
            "iterations:x",
            "mc:hard",
            "uct:hard",
            "uct:time:0",
            "mcts:uct",
        ] {
            assert!(bad.parse::<Spec>().is_err(), "{bad}");
        }
    }
}
