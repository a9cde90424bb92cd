//! `tabula exhibit`: the games of the programme (each a game's name with its rules options,
//! as `tabula play` takes them), read once into the typed description the screens open
//! ([`ExhibitLaunch`]).

use crate::cli::play::PlayArgs;
use crate::screens::launch::ExhibitLaunch;
use clap::Parser;
use tabula_ai::Level;
use tabula_rules::registry::GameOptions;

/// What `tabula exhibit` takes.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct ExhibitArgs {
    /// The games to show in turn, each a game's name with any of its rules options, as
    /// `tabula play` takes them ("war", "fences --players 4", "transport --mode teams");
    /// all five games by default.
    pub games: Vec<String>,
    /// How well the computer plays: easy, medium, hard or max.
    #[arg(long, default_value = "medium", value_parser = parse_level)]
    pub level: Level,
    /// Start the programme again after its last game (unattended exhibitions).
    #[arg(long = "loop")]
    pub looping: bool,
    /// A second window for the spectator camera (for a projector).
    #[arg(long)]
    pub spectator_window: bool,
    /// After each game, a shipped demonstration of the same game.
    #[arg(long)]
    pub with_demos: bool,
    /// Seconds the result card stays up before the next game (0 to 120).
    #[arg(long, default_value_t = 8.0)]
    pub pause: f32,
    /// Moves after which a game is stopped and counted a draw (10 to 100000), so that an
    /// exhibition never waits on a game that goes nowhere.
    #[arg(long, default_value_t = 600)]
    pub max_moves: usize,
    /// Where the programme starts (0 is its first step); each step opens this way.
    #[arg(long, default_value_t = 0)]
    pub at: usize,
    /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
    #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub volume: Option<u8>,
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>()
        .map_err(|_| format!("unknown level `{text}`; use easy, medium, hard or max"))
}

impl ExhibitArgs {
    /// What these arguments open: each game read as `tabula play` reads it (a game's name
    /// and its rules options only).
    pub(crate) fn launch(&self) -> Result<ExhibitLaunch, String> {
        let games = self
            .games
            .iter()
            .map(|line| {
                let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
                game_options(&words)
            })
            .collect::<Result<_, _>>()?;
        Ok(ExhibitLaunch {
            games,
            level: self.level,
            looping: self.looping,
            spectator_window: self.spectator_window,
            with_demos: self.with_demos,
            pause: self.pause,
            max_moves: self.max_moves,
            at: self.at,
        })
    }
}

/// A game of the programme as `tabula play` reads it.
#[derive(Debug, Parser)]
#[command(name = "tabula play")]
struct GameLine {
    #[command(flatten)]
    play: PlayArgs,
}

/// A game of the programme as `tabula play` reads it: its name and rules options only.
fn game_options(words: &[String]) -> Result<GameOptions, String> {
    let line = words.join(" ");
    let play =
        GameLine::try_parse_from(std::iter::once("play".to_string()).chain(words.iter().cloned()))
            .map_err(|e| {
                format!(
                    "game `{line}`: {}",
                    e.to_string().lines().next().unwrap_or_default()
                )
            })?
            .play;
    if play.scene.is_some() || !play.computer.is_empty() || !play.names.is_empty() {
        return Err(format!(
            "game `{line}`: give a game's name and its rules options only"
        ));
    }
    play.rules
        .options(play.game.0)
        .map_err(|e| format!("game `{line}`: {e}"))
}
