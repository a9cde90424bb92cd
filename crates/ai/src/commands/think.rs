//! `think`: the engine's move in a position, with the expected result per player, the
//! principal variation and the search's statistics.

use super::{describe, parse_actions, values_text};
use crate::error::Error;
use crate::games::{AnyGame, parse_kind, split_moves};
use crate::knowledge::Knowledge;
use crate::levels::{Level, Spec, parse_algorithm};
use crate::search::SearchGame;
use crate::search::{Settings, analyse_among};
use crate::with_game;
use std::io::Write;
use std::path::PathBuf;
use tabula_rules::scene::SceneFile;

/// Arguments of `think`.
#[derive(Debug, Clone, clap::Args)]
pub struct ThinkArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_names(), ignore_case = true)]
    pub game: String,
    /// Start from a scene file's position (with its options).
    #[arg(long, value_name = "FILE")]
    pub scene: Option<PathBuf>,
    /// With --scene: after this many of its moves (default: all).
    #[arg(long, requires = "scene", value_name = "N")]
    pub at: Option<usize>,
    /// Moves from the start (or the setup), in the game's notation: "M1; M2; ...".
    #[arg(long, conflicts_with = "scene", value_name = "MOVES")]
    pub moves: Option<String>,
    /// A setup in the game's text form (lines separated by ';', or a file).
    #[arg(long, conflicts_with = "scene", value_name = "TEXT|FILE")]
    pub setup: Option<String>,
    /// The game's options in RON, e.g. "(rules: Parker1930)".
    #[arg(long, conflicts_with = "scene", value_name = "RON")]
    pub options: Option<String>,
    /// easy, medium, hard (default) or max.
    #[arg(long, conflicts_with_all = ["time", "iterations"], value_name = "LEVEL")]
    pub level: Option<String>,
    /// Think this many milliseconds on every core.
    #[arg(long, conflicts_with = "iterations", value_name = "MS")]
    pub time: Option<u64>,
    /// A fixed budget: tree-search iterations or alpha-beta nodes (deterministic).
    #[arg(long, value_name = "N")]
    pub iterations: Option<u64>,
    /// mcts or ab (default: the game's best).
    #[arg(long, value_name = "ALGORITHM")]
    pub algorithm: Option<String>,
    /// Seed of the search.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Consider only these moves: "M1; M2; ..." (`throw` or `draw` for letting a pending
    /// chance input come).
    #[arg(long, value_name = "MOVES")]
    pub only: Option<String>,
}

/// The position a command starts from: a scene (and `at`), or the options, a setup and
/// moves.
pub fn position(
    game: &str,
    scene: Option<&PathBuf>,
    at: Option<usize>,
    options: Option<&str>,
    setup: Option<&str>,
    moves: Option<&str>,
) -> Result<AnyGame, Error> {
    let kind = parse_kind(game)?;
    if let Some(path) = scene {
        let file = SceneFile::load(path)?;
        if file.scene.game != kind {
            return Err(Error::SceneGame {
                file: path.clone(),
                scene: file.scene.game.name().to_string(),
                named: kind.name().to_string(),
            });
        }
        return Ok(AnyGame::from_scene(&file, at)?);
    }
    let setup = match setup {
        Some(s) if std::path::Path::new(s).is_file() => {
            Some(std::fs::read_to_string(s).map_err(Error::io(format!("reading {s}")))?)
        }
        Some(s) => Some(s.to_string()),
        None => None,
    };
    let mut g = AnyGame::new(kind, options.unwrap_or(""), setup.as_deref())?;
    if let Some(m) = moves {
        g.play_texts(&split_moves(m))?;
    }
    Ok(g)
}

/// The search settings asked for by `--level`, `--time`, `--iterations`, `--algorithm`.
pub fn settings_for(
    game: &AnyGame,
    level: Option<&str>,
    time: Option<u64>,
    iterations: Option<u64>,
    algorithm: Option<&str>,
    seed: u64,
) -> Result<Settings, Error> {
    let algorithm = algorithm.map(parse_algorithm).transpose()?;
    let spec = match (level, time, iterations) {
        (_, Some(ms), _) => Spec::Time(ms.max(1), algorithm),
        (_, _, Some(n)) => Spec::Iterations(n.max(1), algorithm),
        (Some(l), _, _) => Spec::Level(l.parse::<Level>()?, algorithm),
        _ => Spec::Level(Level::Hard, algorithm),
    };
    let players = game.player_names().len();
    Ok(spec
        .settings(game.kind(), players, seed)
        .expect("a searching spec"))
}

/// Runs `think`.
pub fn run(args: &ThinkArgs, out: &mut dyn Write) -> Result<(), Error> {
    let mut game = position(
        &args.game,
        args.scene.as_ref(),
        args.at,
        args.options.as_deref(),
        args.setup.as_deref(),
        args.moves.as_deref(),
    )?;
    let limit = crate::games::bound_length(&mut game);
    let settings = settings_for(
        &game,
        args.level.as_deref(),
        args.time,
        args.iterations,
        args.algorithm.as_deref(),
        args.seed,
    )?;
    let only = args.only.as_deref().map(split_moves);
    let lines = with_game!(&game, g, k => think_lines(g, &k, &settings, only.as_deref()))?;
    for line in lines {
        writeln!(out, "{line}").map_err(Error::io("writing the answer"))?;
    }
    if let Some(limit) = limit {
        writeln!(
            out,
            "note: Transport's options set neither a turn limit nor a no-progress draw; a draw after {limit} actions was assumed"
        )
        .map_err(Error::io("writing the answer"))?;
    }
    Ok(())
}

/// The lines `think` prints: the move, the expected results, the principal variation, the
/// statistics. With `only`, the search considers those moves alone (an unreadable or
/// illegal one is refused by name).
pub fn think_lines<G, K>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    only: Option<&[String]>,
) -> Result<Vec<String>, Error>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let among = match only {
        Some(texts) => Some(parse_actions(game, texts).map_err(Error::Only)?),
        None => None,
    };
    let analysis = analyse_among(game, knowledge, settings, among.as_deref())?;
    let d = describe(game, &analysis);
    let depth_word = match analysis.algorithm {
        crate::search::Algorithm::AlphaBeta => "depth",
        crate::search::Algorithm::Mcts => "deepest",
    };
    let mut stats = format!(
        "stats: {}, {depth_word} {}, {} nodes, {:.0} nodes/s",
        analysis.algorithm,
        analysis.depth,
        analysis.nodes,
        analysis.nodes_per_second()
    );
    if analysis.iterations > 0 {
        stats.push_str(&format!(", {} iterations", analysis.iterations));
    }
    stats.push_str(&format!(
        ", {:.2} s, {} thread{}",
        analysis.elapsed.as_secs_f64(),
        analysis.threads,
        if analysis.threads == 1 { "" } else { "s" }
    ));
    Ok(vec![
        d.best,
        format!("expected: {}", values_text(&d.values)),
        format!("pv: {}", d.pv.join("; ")),
        stats,
    ])
}
