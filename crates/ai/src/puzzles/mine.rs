//! The engine against itself: games from the standard opening (a few random moves first, so
//! that no two games are alike, then a level for both sides, `easy` by default, whose slips
//! leave chances), and each new position looked at for a puzzle.

use super::{tactics, way};
use crate::commands::{apply_action, resolve_chance};
use crate::knowledge::{Knowledge, Knows, fx_hash};
use crate::levels::{Level, level_settings};
use crate::rng::Rng;
use crate::search::{Action, NoDecision, SearchGame, analyse, root_actions};
use std::collections::HashSet;
use std::time::{Duration, Instant};
use tabula_rules::GameKind;
use tabula_rules::puzzle::PuzzleText;
use tabula_rules::scene::SceneSetup;

/// Moves after which a game of the miner is left.
const MAX_PLIES: usize = 300;
/// Moves after a puzzle before its game is looked at again, so that one game's winning
/// line gives one puzzle.
const GAP: usize = 6;

/// How puzzles are mined.
#[derive(Debug, Clone)]
pub struct MineSettings {
    /// Games the engine plays against itself, at most.
    pub games: usize,
    /// The seed: the same seed and budgets give the same games and puzzles.
    pub seed: u64,
    /// Stop once this many puzzles are found.
    pub want: Option<usize>,
    /// Stop after this long (the game under way is left).
    pub time: Option<Duration>,
    /// The level both sides play at: a weaker one slips more, and leaves more puzzles.
    pub level: Level,
    /// Random moves at the start of each game.
    pub random_opening: usize,
    /// Moves played before positions are looked at.
    pub min_ply: usize,
    /// The quick look at each position: alpha-beta positions and depth at most.
    pub scan_nodes: u64,
    /// See `scan_nodes`.
    pub scan_depth: u32,
    /// The confirming search: alpha-beta positions and depth at most.
    pub confirm_nodes: u64,
    /// See `confirm_nodes`.
    pub confirm_depth: u32,
    /// How much worse (in expected result, 0 to 1) the second-best move must score.
    pub min_margin: f32,
    /// In a race home, the fewest steps the best move must add to the leader's way.
    pub min_way: u32,
}

impl Default for MineSettings {
    fn default() -> Self {
        MineSettings {
            games: 40,
            seed: 0,
            want: None,
            time: None,
            level: Level::Easy,
            random_opening: 4,
            min_ply: 6,
            scan_nodes: 4_000,
            scan_depth: 4,
            confirm_nodes: 60_000,
            confirm_depth: 7,
            min_margin: 0.1,
            min_way: 2,
        }
    }
}

/// What a miner found.
#[derive(Debug, Clone, Default)]
pub struct Mined {
    /// The puzzles, each with the moves from the opening to its position and its source.
    pub puzzles: Vec<PuzzleText>,
    /// Games played.
    pub games: usize,
    /// Positions looked at.
    pub positions: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Plays games of `start`'s game (of kind `kind`) engine against engine and collects the
/// puzzles found in them: in a game with chance, a race home's fences ([`way::find`]); in a
/// two-player game without, wins and material ([`tactics::find`]). `progress` hears a line
/// for each puzzle found and each game ended.
pub fn mine<G, K>(
    start: &G,
    knowledge: &K,
    kind: GameKind,
    settings: &MineSettings,
    mut progress: impl FnMut(&str),
) -> Mined
where
    G: SearchGame + Knows,
    K: Knowledge<G>,
{
    let clock = Instant::now();
    let players = start.players().len();
    let chance = G::ABOUT.chance;
    let mut mined = Mined::default();
    let mut seen = HashSet::new();
    let out_of_time = |mined: &Mined| {
        settings.time.is_some_and(|t| clock.elapsed() >= t)
            || settings.want.is_some_and(|w| mined.puzzles.len() >= w)
    };
    for index in 0..settings.games {
        if out_of_time(&mined) {
            break;
        }
        let mut game = start.clone();
        let mut moves: Vec<String> = Vec::new();
        let mut dice = Rng::stream(settings.seed, 0x6469_6365 ^ index as u64);
        let mut found_at: Option<usize> = None;
        while moves.len() < MAX_PLIES && !out_of_time(&mined) {
            let actions = match root_actions(&game) {
                Ok(actions) => actions,
                Err(NoDecision::ChanceDue(_)) => {
                    moves.push(resolve_chance(&mut game, &mut dice));
                    continue;
                }
                Err(NoDecision::GameOver) => break,
            };
            let ply = moves.len();
            let look = ply >= settings.min_ply
                && found_at.is_none_or(|at| ply >= at + GAP)
                && seen.insert(fx_hash(&game.position_key()));
            if look {
                mined.positions += 1;
                let found = if chance {
                    way::find(&game, settings)
                } else if players == 2 && knowledge.hash(&game).is_some() {
                    tactics::find(&game, knowledge, settings)
                } else {
                    None
                };
                if let Some(mut puzzle) = found {
                    match setup_now(&game) {
                        Some(text) => puzzle.setup = SceneSetup::Position(text),
                        None => puzzle.moves = moves.clone(),
                    }
                    puzzle.source = Some(format!(
                        "the engine against itself, seed {}, game {}, move {}",
                        settings.seed,
                        index + 1,
                        ply + 1
                    ));
                    progress(&format!(
                        "game {}, move {}: {:?}, {} (margin {}, depth {})",
                        index + 1,
                        ply + 1,
                        puzzle.goal,
                        puzzle.solution.join(", "),
                        puzzle.margin.by,
                        puzzle.rating.depth
                    ));
                    mined.puzzles.push(puzzle);
                    found_at = Some(ply);
                }
            }
            let seed = Rng::stream(settings.seed, (index as u64) << 20 | ply as u64).next_u64();
            let action = if ply < settings.random_opening {
                actions[Rng::new(seed).below(actions.len())].clone()
            } else {
                let search = level_settings(kind, players, settings.level, None, seed);
                match analyse(&game, knowledge, &search) {
                    Ok(analysis) => analysis.best,
                    Err(_) => break,
                }
            };
            let action: Action<G::Move> = action;
            moves.push(apply_action(&mut game, &action, &mut dice));
        }
        mined.games += 1;
        progress(&format!(
            "game {} ended after {} moves: {} puzzles so far, {:.0}s",
            index + 1,
            moves.len(),
            mined.puzzles.len(),
            clock.elapsed().as_secs_f32()
        ));
    }
    mined.elapsed = clock.elapsed();
    mined
}

/// The setup text of `game`'s position now ([`Knows::setup_now`]), where the game gives one
/// and the game built from it offers the same choice: the same player to move and the same
/// legal moves, written alike. (What the setup leaves out, such as the positions seen
/// before, may differ: the puzzle's line is verified again from the setup.)
fn setup_now<G: Knows>(game: &G) -> Option<String> {
    let text = G::setup_text(&game.setup_now()?);
    let options = game.options().clone();
    let setup = G::parse_setup(&text, &options).ok()?;
    let rebuilt = G::from_setup(setup, options).ok()?;
    let moves = game.legal_moves();
    let same = rebuilt.to_move() == game.to_move()
        && rebuilt.legal_moves() == moves
        && moves
            .iter()
            .all(|m| rebuilt.move_text(m) == game.move_text(m));
    same.then_some(text)
}
