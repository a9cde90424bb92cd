//! `arena`: games between two engines with alternating seats, the score of the first with a
//! 95% Wilson interval, and optionally each game saved as a scene file; and the playing of
//! games between engines, one to a seat, which `ladder` shares.

use super::opening::Opening;
use super::{apply_action, resolve_chance};
use crate::error::Error;
use crate::games::{AnyGame, parse_kind};
use crate::knowledge::{Blind, Knowledge, MAX_SEATS, Seats, Values, default_outcome_values};
use crate::levels::Spec;
use crate::rng::Rng;
use crate::search::SearchGame;
use crate::search::{Action, analyse, root_actions};
use crate::with_game;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tabula_rules::Outcome;
use tabula_rules::scene::{Expect, GameKind, Scene, SceneSetup};

/// Moves after which an arena game that has not ended is stopped and counted a draw.
pub const MAX_PLIES: usize = 5000;

/// Arguments of `arena`.
#[derive(Debug, Clone, clap::Args)]
pub struct ArenaArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_names(), ignore_case = true)]
    pub game: String,
    /// Engine A: random, easy, medium, hard, max, time:MS or iterations:N, optionally after
    /// mcts: or ab:; or the plain tree search that knows no game: uct (a second a move),
    /// uct:time:MS or uct:iterations:N.
    #[arg(long)]
    pub a: String,
    /// Engine B, likewise.
    #[arg(long)]
    pub b: String,
    /// Games to play (the seats alternate).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Seed of the match: the same seed gives the same games for fixed budgets.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The game's options in RON.
    #[arg(long, value_name = "RON")]
    pub options: Option<String>,
    /// Write each game as a scene file into this folder.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Print a line for each game as it ends.
    #[arg(long)]
    pub verbose: bool,
    /// Play the first N moves of each game uniformly at random, from a seed of the match's
    /// seed and the round: each opening is played once with A in each seat.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub opening: usize,
}

/// One finished arena game.
#[derive(Debug, Clone)]
pub struct Record {
    /// 0-based number of the game.
    pub index: usize,
    /// The seat engine A held.
    pub a_seat: usize,
    /// A's result: 1 win, 0.5 draw, 0 loss.
    pub a_score: f32,
    /// The outcome in words.
    pub outcome: String,
    /// What a scene expects of it.
    pub expect: Expect,
    /// The moves (and chance inputs) in the game's notation.
    pub moves: Vec<String>,
    /// Whether the game was won by a team of partners (A's partner is one of B's seats).
    pub team: bool,
}

/// The 95% Wilson interval of a proportion `successes / n`.
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = successes / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// With `players` seats, one held by A and the others by B: the share of the pairs (A and
/// one B seat) in which A finished ahead, counting the pairs that either of the two won,
/// when A wins a share `p` of the decided games. Each game A wins puts it ahead of every B
/// seat; each game a B seat wins puts that seat ahead of A. An engine no stronger than the
/// others scores `1 / players` of the games and half of the pairs; with two players this is
/// `p` itself. It rises with `p`, so the ends of an interval for `p` map to an interval.
pub fn head_to_head(p: f64, players: usize) -> f64 {
    let others = players.saturating_sub(1).max(1) as f64;
    let ahead = others * p;
    let behind = 1.0 - p;
    if ahead + behind <= 0.0 {
        return 0.5;
    }
    ahead / (ahead + behind)
}

/// One finished game between engines, one engine to a seat.
#[derive(Debug, Clone)]
pub struct Played {
    /// The moves (and chance inputs) in the game's notation.
    pub moves: Vec<String>,
    /// The outcome in words.
    pub outcome: String,
    /// What a scene expects of it.
    pub expect: Expect,
    /// Whether a team of partners won.
    pub team: bool,
    /// Whether the game was drawn, or stopped after [`MAX_PLIES`] moves (counted a draw).
    pub drawn: bool,
    /// Each seat's result: 1 to the winner (each partner of a winning team), 0 to the
    /// others, an equal share each for a draw.
    pub results: Vec<f32>,
    /// Each seat's thinking over its moves.
    pub thinking: Vec<Thinking>,
}

/// What an engine's thinking took over its moves in a game.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Thinking {
    /// The time taken.
    pub time: Duration,
    /// The processor time the thinking thread took (on Linux; zero where it cannot be
    /// read): unlike `time`, it does not grow while other programs share the processors.
    pub cpu: Duration,
    /// The moves chosen.
    pub moves: u32,
    /// The positions its searches visited.
    pub positions: u64,
}

/// The processor time this thread has run, from Linux's `/proc/thread-self/schedstat`
/// (its first field, in nanoseconds); `None` where there is no such file. The engines of
/// `ladder` and `arena` at a fixed budget think on the calling thread.
pub fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Plays one game, `seats[i]` choosing the moves of seat `i` (in turn order), each search
/// stopped after `cap` where given, after the random `opening` where given. The engine
/// `uct` searches with [`Blind`]'s knowledge (none), the others with `knowledge`.
pub fn play_seats<G, K>(
    start: &G,
    knowledge: &K,
    kind: GameKind,
    seats: &[Spec],
    cap: Option<Duration>,
    seed: u64,
    opening: Option<Opening>,
) -> Played
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let mut game = start.clone();
    let players = game.players();
    assert_eq!(seats.len(), players.len(), "an engine for every seat");
    let mut chance = Rng::stream(seed, 0x6368_616e_6365);
    let mut moves = opening.map_or_else(Vec::new, |o| o.play(&mut game));
    let mut thinking = vec![Thinking::default(); players.len()];
    while moves.len() < MAX_PLIES {
        let actions = match root_actions(&game) {
            Ok(actions) => actions,
            Err(crate::search::NoDecision::ChanceDue(_)) => {
                moves.push(resolve_chance(&mut game, &mut chance));
                continue;
            }
            Err(crate::search::NoDecision::GameOver) => break,
        };
        let seat = players
            .iter()
            .position(|p| *p == game.to_move())
            .expect("a player");
        let spec = seats[seat];
        let ply_seed = Rng::stream(seed, moves.len() as u64).next_u64();
        let clock = Instant::now();
        let cpu = thread_cpu_time();
        let action = match spec.settings(kind, players.len(), ply_seed) {
            None => actions[Rng::new(ply_seed).below(actions.len())].clone(),
            Some(mut settings) => {
                if let Some(cap) = cap {
                    settings.time = Some(settings.time.map_or(cap, |t| t.min(cap)));
                }
                let analysis = if spec.is_blind() {
                    analyse(&game, &Blind, &settings)
                } else {
                    analyse(&game, knowledge, &settings)
                };
                match analysis {
                    Ok(analysis) => {
                        thinking[seat].positions += analysis.nodes;
                        analysis.best
                    }
                    Err(_) => break,
                }
            }
        };
        thinking[seat].time += clock.elapsed();
        if let (Some(before), Some(after)) = (cpu, thread_cpu_time()) {
            thinking[seat].cpu += after.saturating_sub(before);
        }
        thinking[seat].moves += 1;
        let action: Action<G::Move> = action;
        moves.push(apply_action(&mut game, &action, &mut chance));
    }
    let outcome = game.outcome();
    let seats_of = Seats::of(&game);
    let mut values: Values = [0.0; MAX_SEATS];
    default_outcome_values(&seats_of, &outcome, &mut values);
    let team = matches!(outcome, Outcome::TeamWin(_));
    let drawn = matches!(outcome, Outcome::Draw(_) | Outcome::Ongoing);
    let expect = match &outcome {
        Outcome::Win(p) => Expect::Win(p.to_string()),
        Outcome::TeamWin(ps) => Expect::Win(ps[0].to_string()),
        Outcome::Draw(_) => Expect::Draw,
        Outcome::Ongoing => Expect::Ongoing,
    };
    let outcome = match outcome {
        Outcome::Ongoing => format!("stopped after {MAX_PLIES} moves, counted a draw"),
        o => o.to_string(),
    };
    Played {
        moves,
        outcome,
        expect,
        team,
        drawn,
        results: values[..players.len()].to_vec(),
        thinking,
    }
}

/// Plays one game between the engines, after the random `opening` where given. A holds
/// seat `a_seat`; B every other seat.
#[allow(clippy::too_many_arguments)]
pub fn play_game<G, K>(
    start: &G,
    knowledge: &K,
    kind: GameKind,
    a: Spec,
    b: Spec,
    a_seat: usize,
    seed: u64,
    opening: Option<Opening>,
) -> Record
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let seats: Vec<Spec> = (0..start.players().len())
        .map(|s| if s == a_seat { a } else { b })
        .collect();
    let played = play_seats(start, knowledge, kind, &seats, None, seed, opening);
    Record {
        index: 0,
        a_seat,
        a_score: if played.drawn {
            0.5
        } else {
            played.results[a_seat]
        },
        outcome: played.outcome,
        expect: played.expect,
        moves: played.moves,
        team: played.team,
    }
}

/// Runs `play(0)`, `play(1)`, ... `play(count - 1)` on `jobs` threads, handing each result
/// to `each` on the calling thread as it comes (in the order they end).
pub fn play_all<T: Send>(
    count: usize,
    jobs: usize,
    play: impl Fn(usize) -> T + Sync,
    mut each: impl FnMut(T),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<T>();
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, 64) {
            let tx = tx.clone();
            let (next, play) = (&next, &play);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || tx.send(play(i)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            each(result);
        }
    });
}

/// The scene file text of an arena game; `tabula verify` replays it.
pub fn scene_text(kind: GameKind, options_ron: &str, title: &str, record: &Record) -> String {
    let scene = Scene {
        format: Some(tabula_rules::scene::FORMAT),
        title: title.to_string(),
        source: Some("tabula arena".into()),
        game: kind,
        options: ron::value::RawValue::from_boxed_ron(options_ron.into())
            .unwrap_or_else(|_| ron::value::RawValue::from_boxed_ron("()".into()).expect("RON")),
        setup: SceneSetup::Standard,
        moves: record.moves.clone(),
        expect: record.expect.clone(),
        notes: Default::default(),
        variations: Vec::new(),
    };
    let pretty = ron::ser::PrettyConfig::default();
    ron::ser::to_string_pretty(&scene, pretty).expect("a scene serialises")
}

/// Runs `arena`.
pub fn run(args: &ArenaArgs, out: &mut dyn Write) -> Result<(), Error> {
    let kind = parse_kind(&args.game)?;
    let a: Spec = args.a.parse()?;
    let b: Spec = args.b.parse()?;
    let mut start = AnyGame::new(kind, args.options.as_deref().unwrap_or(""), None)?;
    let limit = crate::games::bound_length(&mut start);
    let options_ron = start.options_ron();
    let players = start.player_names();
    let n = players.len();
    let w = |e| Error::io("writing the results")(e);
    writeln!(
        out,
        "arena {}: A = {a}, B = {b}, {} games, seed {}, options {options_ron}",
        kind.name(),
        args.games,
        args.seed
    )
    .map_err(w)?;
    if let Some(limit) = limit {
        writeln!(
            out,
            "note: Transport's options set neither a turn limit nor a no-progress draw; games are drawn after {limit} actions"
        )
        .map_err(w)?;
    }
    if args.opening > 0 {
        writeln!(
            out,
            "opening: the first {} moves of each game at random, each opening played {n} times with A in each seat",
            args.opening
        )
        .map_err(w)?;
    }
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir).map_err(Error::io(format!("creating {}", dir.display())))?;
    }
    let started = Instant::now();
    let mut records: Vec<Record> = Vec::new();
    let mut failure = None;
    play_all(
        args.games,
        args.jobs,
        |i| {
            let seed = Rng::stream(args.seed, i as u64).next_u64();
            let a_seat = i % n;
            let opening = Opening::of_round(args.opening, args.seed, i / n);
            let mut record =
                with_game!(&start, g, k => play_game(g, &k, kind, a, b, a_seat, seed, opening));
            record.index = i;
            record
        },
        |record| {
            if args.verbose {
                let line = format!(
                    "game {}: A as {}: {} in {} moves",
                    record.index + 1,
                    players[record.a_seat],
                    record.outcome,
                    record.moves.len()
                );
                if let Err(e) = writeln!(out, "{line}") {
                    failure.get_or_insert(w(e));
                }
            }
            if let Some(dir) = &args.save {
                let title = format!(
                    "Arena game {}: {a} as {} against {b}",
                    record.index + 1,
                    players[record.a_seat]
                );
                let path = dir.join(format!("game-{:03}.ron", record.index + 1));
                if let Err(e) =
                    std::fs::write(&path, scene_text(kind, &options_ron, &title, &record))
                {
                    failure.get_or_insert(Error::io(format!("writing {}", path.display()))(e));
                }
            }
            records.push(record);
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    let wins = records.iter().filter(|r| r.a_score == 1.0).count();
    let losses = records.iter().filter(|r| r.a_score == 0.0).count();
    let draws = records.len() - wins - losses;
    let decided = wins + losses;
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    writeln!(out, "A: {wins} wins, {draws} draws, {losses} losses").map_err(w)?;
    if decided > 0 {
        let (lo, hi) = wilson(wins as f64, decided as f64);
        writeln!(
            out,
            "decided games: A scores {} of {decided} (95% interval {} to {})",
            pct(wins as f64 / decided as f64),
            pct(lo),
            pct(hi)
        )
        .map_err(w)?;
        // With three or four players, where B holds every other seat, the same result
        // read as A against each of B's seats (not in team games, where A's partner is B).
        if n > 2 && !records.iter().any(|r| r.team) {
            let p = wins as f64 / decided as f64;
            writeln!(
                out,
                "head to head: A finished ahead of a B seat in {} of the pairs either won (95% interval {} to {}; {} each if A were no stronger, that is {} of the games)",
                pct(head_to_head(p, n)),
                pct(head_to_head(lo, n)),
                pct(head_to_head(hi, n)),
                pct(0.5),
                pct(1.0 / n as f64),
            )
            .map_err(w)?;
        }
    } else {
        writeln!(out, "decided games: none").map_err(w)?;
    }
    let total = records.len() as f64;
    let points = wins as f64 + draws as f64 / 2.0;
    let (lo, hi) = wilson(points, total);
    writeln!(
        out,
        "overall: A scores {} (draws count half; 95% interval {} to {})",
        pct(points / total.max(1.0)),
        pct(lo),
        pct(hi)
    )
    .map_err(w)?;
    writeln!(
        out,
        "{:.2} games per minute ({:.1} s)",
        total / minutes.max(1e-9),
        minutes * 60.0
    )
    .map_err(w)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_processor_time_of_a_thread_counts_its_work() {
        // Where Linux gives it: it grows with the thread's own work and never goes back.
        let Some(before) = thread_cpu_time() else {
            return;
        };
        let mut x = 1u64;
        for i in 0..20_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i));
        }
        let after = thread_cpu_time().expect("read once, read again");
        assert!(after > before, "{before:?} then {after:?} ({x})");
    }

    #[test]
    fn wilson_interval_brackets_the_proportion() {
        let (lo, hi) = wilson(19.0, 20.0);
        assert!(
            lo > 0.75 && lo < 0.95 && hi > 0.95 && hi <= 1.0,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(10.0, 20.0);
        assert!((lo + hi - 1.0).abs() < 1e-9);
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn head_to_head_reads_a_multiplayer_share_against_each_seat() {
        // Two players: the share itself.
        for p in [0.0, 0.3, 0.65, 1.0] {
            assert!((head_to_head(p, 2) - p).abs() < 1e-12);
        }
        // Four players: a quarter of the games is even; A winning 40% against three
        // seats that share 60% wins 40 pairs for every 20 it loses.
        assert!((head_to_head(0.25, 4) - 0.5).abs() < 1e-12);
        assert!((head_to_head(0.4, 4) - 2.0 / 3.0).abs() < 1e-12);
        assert!((head_to_head(1.0 / 3.0, 3) - 0.5).abs() < 1e-12);
        assert_eq!(head_to_head(0.0, 4), 0.0);
        assert_eq!(head_to_head(1.0, 4), 1.0);
        assert!(head_to_head(0.3, 4) < head_to_head(0.31, 4));
    }
}
