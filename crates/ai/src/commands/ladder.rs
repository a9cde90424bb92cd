//! `ladder`: a round robin between random play, the plain tree search that knows no game
//! (`uct`, at the time a move given) and the levels `easy`, `medium` and `hard`, with Elo
//! ratings fitted to the results ([`crate::elo`]), random at 0, and their 95% intervals.
//! With three or four players each pair of seats held by different engines in a finished
//! game is one result; since those of one game go the same way, the intervals are widened
//! by the design effect of such clusters.

use super::arena::{Played, Thinking, play_all, play_seats};
use super::opening::Opening;
use crate::elo::{self, Tally};
use crate::error::Error;
use crate::games::{AnyGame, parse_kind};
use crate::levels::{Budget, Spec, UCT_DEFAULT_MS};
use crate::rng::Rng;
use crate::with_game;
use std::io::Write;
use std::time::{Duration, Instant};

/// Arguments of `ladder`.
#[derive(Debug, Clone, clap::Args)]
pub struct LadderArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_names(), ignore_case = true)]
    pub game: String,
    /// The game's options in RON.
    #[arg(long, value_name = "RON")]
    pub options: Option<String>,
    /// Games between each pair of engines (the seats alternate).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Milliseconds a move for the plain tree search (`uct`), and the longest any engine
    /// may think a move (a level stops there if its budget is not spent).
    #[arg(long, value_name = "MS", default_value_t = UCT_DEFAULT_MS)]
    pub time: u64,
    /// Seed of the round robin.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The engines, separated by commas, as `arena` takes them (a bare `uct` thinks --time
    /// a move); the first is rated 0.
    #[arg(long, default_value = "random,uct,easy,medium,hard")]
    pub engines: String,
    /// Virtual draws between each pair of engines that met, which keep a clean sweep's
    /// rating finite.
    #[arg(long, default_value_t = 1.0)]
    pub prior: f64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Print a line for each game as it ends.
    #[arg(long)]
    pub verbose: bool,
    /// Play the first N moves of each game uniformly at random, from a seed of the
    /// ladder's seed and the round: each opening is played twice by each pair, the seats
    /// swapped.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub opening: usize,
}

/// The results of one game as pairs of seats held by different engines: (the engine in
/// the earlier seat, the other, the earlier seat's score: 1, 0.5 or 0). A pair in which
/// neither finished ahead of the other in a game that was won (two losers, or two
/// partners) is no result; in a drawn game every pair is a draw.
pub fn pair_results(engines: &[usize], played: &Played) -> Vec<(usize, usize, f64)> {
    let mut out = Vec::new();
    for s in 0..engines.len() {
        for t in s + 1..engines.len() {
            if engines[s] == engines[t] {
                continue;
            }
            let (a, b) = (played.results[s], played.results[t]);
            let score = if played.drawn {
                0.5
            } else if a > b {
                1.0
            } else if a < b {
                0.0
            } else {
                continue;
            };
            out.push((engines[s], engines[t], score));
        }
    }
    out
}

/// Which engine holds each of `seats` seats in game `game` between engines `x` and `y`:
/// they alternate around the table, and the one in the first seat alternates from game to
/// game (with two teams of partners across the table, each engine is a team).
pub fn seating(x: usize, y: usize, seats: usize, game: usize) -> Vec<usize> {
    (0..seats)
        .map(|s| if (s + game).is_multiple_of(2) { x } else { y })
        .collect()
}

/// Reads the engine list: a bare `uct` thinks `ms` a move.
fn engines(text: &str, ms: u64) -> Result<Vec<(String, Spec)>, Error> {
    let list: Vec<(String, Spec)> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let spec = if s.eq_ignore_ascii_case("uct") {
                Spec::Uct(Budget::Time(ms))
            } else {
                s.parse::<Spec>()?
            };
            Ok((spec.to_string(), spec))
        })
        .collect::<Result<_, Error>>()?;
    if list.len() < 2 {
        return Err(Error::Engines(format!(
            "{text:?}: a ladder needs two engines or more"
        )));
    }
    for (i, (name, _)) in list.iter().enumerate() {
        if list[..i].iter().any(|(other, _)| other == name) {
            return Err(Error::Engines(format!(
                "{text:?}: {name} is named twice (its games would be against itself)"
            )));
        }
    }
    Ok(list)
}

/// Runs `ladder`.
pub fn run(args: &LadderArgs, out: &mut dyn Write) -> Result<(), Error> {
    let kind = parse_kind(&args.game)?;
    if args.time == 0 {
        return Err(Error::Argument {
            flag: "--time",
            value: "0".into(),
            why: "give the milliseconds a move, 1 or more",
        });
    }
    let list = engines(&args.engines, args.time)?;
    let specs: Vec<Spec> = list.iter().map(|e| e.1).collect();
    let names: Vec<&str> = list.iter().map(|e| e.0.as_str()).collect();
    let mut start = AnyGame::new(kind, args.options.as_deref().unwrap_or(""), None)?;
    let limit = crate::games::bound_length(&mut start);
    let seats = start.player_names().len();
    let cap = Duration::from_millis(args.time.max(1));
    let w = |e| Error::io("writing the results")(e);
    let pairs: Vec<(usize, usize)> = (0..specs.len())
        .flat_map(|i| (i + 1..specs.len()).map(move |j| (i, j)))
        .collect();
    let total = pairs
        .len()
        .checked_mul(args.games)
        .filter(|&n| u64::try_from(n).is_ok())
        .ok_or_else(|| Error::Argument {
            flag: "--games",
            value: args.games.to_string(),
            why: "more games than can be counted",
        })?;
    writeln!(
        out,
        "ladder {}: {}; {} games a pair, seed {}, options {}",
        kind.name(),
        names.join(", "),
        args.games,
        args.seed,
        start.options_ron()
    )
    .map_err(w)?;
    writeln!(
        out,
        "no engine thinks longer than {} ms a move; uct is the tree search without knowledge of the game, on one thread",
        args.time
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
            "opening: the first {} moves of each game at random, each opening played twice by a pair, the seats swapped",
            args.opening
        )
        .map_err(w)?;
    }
    let n = specs.len();
    let started = Instant::now();
    let mut tallies = vec![vec![[0.0f64; 3]; n]; n];
    let mut thinking = vec![Thinking::default(); n];
    // Results a game: Σk and Σk², for the design effect.
    let mut clusters = (0.0f64, 0.0f64);
    let mut failure = None;
    play_all(
        total,
        args.jobs,
        |task| {
            let (x, y) = pairs[task / args.games];
            let game = task % args.games;
            let holders = seating(x, y, seats, game);
            let seat_specs: Vec<Spec> = holders.iter().map(|&e| specs[e]).collect();
            let seed = Rng::stream(args.seed, task as u64).next_u64();
            let opening = Opening::of_round(args.opening, args.seed, game / 2);
            let played = with_game!(&start, g, k => {
                play_seats(g, &k, kind, &seat_specs, Some(cap), seed, opening)
            });
            (task, holders, played)
        },
        |(task, holders, played)| {
            for (seat, t) in played.thinking.iter().enumerate() {
                let sum = &mut thinking[holders[seat]];
                sum.time += t.time;
                sum.cpu += t.cpu;
                sum.moves += t.moves;
                sum.positions += t.positions;
            }
            let pairs = pair_results(&holders, &played);
            let k = pairs.len() as f64;
            clusters.0 += k;
            clusters.1 += k * k;
            for (a, b, score) in pairs {
                let slot = if score == 1.0 {
                    0
                } else if score == 0.5 {
                    1
                } else {
                    2
                };
                tallies[a][b][slot] += 1.0;
            }
            if args.verbose {
                let seated: Vec<&str> = holders.iter().map(|&e| names[e]).collect();
                if let Err(e) = writeln!(
                    out,
                    "game {} ({}): {} in {} moves",
                    task + 1,
                    seated.join(", "),
                    played.outcome,
                    played.moves.len()
                ) {
                    failure.get_or_insert(w(e));
                }
            }
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    let results: Vec<Tally> = (0..n)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .filter(|&(a, b)| a != b)
        .map(|(a, b)| Tally {
            first: a,
            second: b,
            wins: tallies[a][b][0],
            draws: tallies[a][b][1],
            losses: tallies[a][b][2],
        })
        .collect();
    let design = if clusters.0 > 0.0 {
        (clusters.1 / clusters.0).max(1.0)
    } else {
        1.0
    };
    write_table(out, &names, &results, &thinking, args.prior, design).map_err(w)?;
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    writeln!(out, "{} games in {:.1} minutes", total, minutes).map_err(w)
}

/// The cross table, the ratings with their intervals, the first mover's advantage and
/// the difference of every pair of engines.
fn write_table(
    out: &mut dyn Write,
    names: &[&str],
    results: &[Tally],
    thinking: &[Thinking],
    prior: f64,
    design: f64,
) -> std::io::Result<()> {
    let n = names.len();
    let width = names.iter().map(|s| s.len()).max().unwrap_or(6).max(6);
    // Wins, draws, losses of a against b, whichever moved first.
    let versus = |a: usize, b: usize| {
        let mut wdl = [0.0; 3];
        for t in results {
            if (t.first, t.second) == (a, b) {
                wdl[0] += t.wins;
                wdl[1] += t.draws;
                wdl[2] += t.losses;
            } else if (t.first, t.second) == (b, a) {
                wdl[0] += t.losses;
                wdl[1] += t.draws;
                wdl[2] += t.wins;
            }
        }
        wdl
    };
    writeln!(
        out,
        "results (wins-draws-losses of the row against the column, a result a pair of seats):"
    )?;
    write!(out, "{:width$}", "")?;
    for name in names {
        write!(out, "  {name:>width$}")?;
    }
    writeln!(out)?;
    for (a, name) in names.iter().enumerate() {
        write!(out, "{name:width$}")?;
        for b in 0..n {
            let cell = if a == b {
                "-".to_string()
            } else {
                let [w, d, l] = versus(a, b);
                format!("{w}-{d}-{l}")
            };
            write!(out, "  {cell:>width$}")?;
        }
        writeln!(out)?;
    }
    let mut fit = match elo::fit(n, 0, results, prior) {
        Ok(fit) => fit,
        Err(e) => return writeln!(out, "no ratings: {e}"),
    };
    if design > 1.0 {
        // The pairs of one game all go the same way (the winner ahead of the other
        // engine's seats, partners alike): they are one observation counted k times.
        fit.widen(design);
        writeln!(
            out,
            "the pairs of seats of one game go together: intervals widened {:.2} times (design effect {design:.2})",
            design.sqrt()
        )?;
    }
    writeln!(
        out,
        "{:width$}  {:>6}  {:>16}  {:>7}  {:>6}  {:>9}  {:>13}  {:>15}",
        "engine",
        "Elo",
        "95% interval",
        "results",
        "score",
        "ms a move",
        "cpu ms a move",
        "positions a move"
    )?;
    for e in 0..n {
        let (mut games, mut points) = (0.0, 0.0);
        for o in (0..n).filter(|&o| o != e) {
            let [w, d, l] = versus(e, o);
            games += w + d + l;
            points += w + d / 2.0;
        }
        let t = thinking[e];
        let per_move = |x: f64| {
            if t.moves > 0 {
                format!("{:.0}", x / f64::from(t.moves))
            } else {
                "-".into()
            }
        };
        let ms = per_move(t.time.as_secs_f64() * 1000.0);
        let cpu = if t.cpu.is_zero() && !t.time.is_zero() {
            "-".to_string()
        } else {
            per_move(t.cpu.as_secs_f64() * 1000.0)
        };
        let positions = per_move(t.positions as f64);
        let score = if games > 0.0 {
            format!("{:.0}%", 100.0 * points / games)
        } else {
            "-".into()
        };
        let (rating, interval) = match (fit.ratings[e], fit.margin(e)) {
            (Some(r), _) if e == fit.anchor => (format!("{r:.0}"), "(fixed)".to_string()),
            (Some(r), Some(m)) => (format!("{r:.0}"), format!("{:.0} to {:.0}", r - m, r + m)),
            _ => ("-".into(), "no games".into()),
        };
        writeln!(
            out,
            "{:width$}  {rating:>6}  {interval:>16}  {games:>7}  {score:>6}  {ms:>9}  {cpu:>13}  {positions:>15}",
            names[e]
        )?;
    }
    let (f, m) = (fit.first_move, fit.first_move_margin());
    writeln!(
        out,
        "first mover: {f:+.0} Elo (95% interval {:.0} to {:.0})",
        f - m,
        f + m
    )?;
    writeln!(out, "differences (95% interval):")?;
    for a in (0..n).rev() {
        for b in (0..a).rev() {
            if let Some((d, m)) = fit.difference(a, b) {
                writeln!(
                    out,
                    "  {} - {}: {d:+.0} ({:.0} to {:.0})",
                    names[a],
                    names[b],
                    d - m,
                    d + m
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::scene::Expect;

    fn played(results: &[f32], drawn: bool) -> Played {
        Played {
            moves: Vec::new(),
            outcome: String::new(),
            expect: Expect::Ongoing,
            team: false,
            drawn,
            results: results.to_vec(),
            thinking: vec![Thinking::default(); results.len()],
        }
    }

    #[test]
    fn seats_alternate_around_the_table_and_from_game_to_game() {
        assert_eq!(seating(3, 5, 2, 0), [3, 5]);
        assert_eq!(seating(3, 5, 2, 1), [5, 3]);
        assert_eq!(seating(0, 1, 4, 0), [0, 1, 0, 1]);
        assert_eq!(seating(0, 1, 3, 1), [1, 0, 1]);
    }

    #[test]
    fn a_game_is_read_as_pairs_of_seats() {
        // Two players: one result, from the first seat's side.
        assert_eq!(
            pair_results(&[1, 0], &played(&[0.0, 1.0], false)),
            [(1, 0, 0.0)]
        );
        assert_eq!(
            pair_results(&[1, 0], &played(&[0.5, 0.5], true)),
            [(1, 0, 0.5)]
        );
        // Four players, engine 2 in seats 1 and 3, seat 3 won: it is ahead of both of
        // engine 0's seats; seat 1 and the two losers of engine 0 finished level.
        assert_eq!(
            pair_results(&[0, 2, 0, 2], &played(&[0.0, 0.0, 0.0, 1.0], false)),
            [(0, 2, 0.0), (0, 2, 0.0)]
        );
        // Partners across the table who win together are each ahead of both opponents.
        assert_eq!(
            pair_results(&[0, 2, 0, 2], &played(&[1.0, 0.0, 1.0, 0.0], false)),
            [(0, 2, 1.0), (0, 2, 1.0), (2, 0, 0.0), (0, 2, 1.0)]
        );
        // A drawn four-player game: each pair of different engines drew.
        assert_eq!(
            pair_results(&[0, 2, 0, 2], &played(&[0.25; 4], true)).len(),
            4
        );
    }

    #[test]
    fn the_engine_list_is_read_with_the_time_for_uct() {
        let list = engines("random, uct ,hard", 50).unwrap();
        let names: Vec<&str> = list.iter().map(|e| e.0.as_str()).collect();
        assert_eq!(names, ["random", "uct:time:50", "hard"]);
        assert!(engines("random", 50).is_err());
        assert!(engines("random,grandmaster", 50).is_err());
    }
}
