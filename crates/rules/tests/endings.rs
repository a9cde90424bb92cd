//! Every game ends: random playouts of every game and mode, under the default rules (which
//! include each game's rule for a game that goes nowhere), all reach a win or a draw.
//!
//! The quick test plays a few hundred games of each mode. The long one is run by hand,
//! on both cores, and prints the figures the README gives:
//!
//! ```text
//! cargo test --release -p tabula-rules --test endings -- --ignored --nocapture
//! TABULA_ENDINGS_GAMES=1000000 cargo test --release -p tabula-rules --test endings -- --ignored --nocapture
//! ```

use std::time::Instant;
use tabula_rules::camelot::{Camelot, CamelotOptions, RuleSet};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::playout::random_playout;
use tabula_rules::screwball::game::NoMove;
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Mode, Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};
use tabula_rules::{Game, Outcome};

/// A cap far past every game's own limit: a playout that reaches it has not ended.
const CAP: usize = 1_000_000;

/// What the playouts of one mode came to.
#[derive(Default)]
struct Tally {
    games: u64,
    unended: u64,
    draws: u64,
    longest: usize,
    moves: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.games += other.games;
        self.unended += other.unended;
        self.draws += other.draws;
        self.longest = self.longest.max(other.longest);
        self.moves += other.moves;
    }
}

/// Plays `games` seeded random games of a mode on every core; returns the tally.
fn play<G: Game>(games: u64, make: impl Fn() -> G + Sync) -> Tally {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut total = Tally::default();
    std::thread::scope(|scope| {
        let make = &make;
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    let mut seed = t;
                    while seed < games {
                        let mut game = make();
                        let playout = random_playout(&mut game, seed, CAP);
                        tally.games += 1;
                        tally.moves += playout.moves.len() as u64;
                        tally.longest = tally.longest.max(playout.moves.len());
                        match playout.outcome {
                            Outcome::Ongoing => tally.unended += 1,
                            Outcome::Draw(_) => tally.draws += 1,
                            _ => {}
                        }
                        seed += threads;
                    }
                    tally
                })
            })
            .collect();
        for h in handles {
            total.add(h.join().expect("a playout thread"));
        }
    });
    total
}

/// Every mode of every game under its default ending rules, by name.
fn modes(games: u64) -> Vec<(&'static str, Tally, f64)> {
    let mut out = Vec::new();
    let mut run = |name: &'static str, f: &dyn Fn(u64) -> Tally| {
        let began = Instant::now();
        let tally = f(games);
        out.push((name, tally, began.elapsed().as_secs_f64()));
    };
    run("Game of War", &|n| {
        play(n, || War::new(WarOptions::default()).expect("defaults"))
    });
    run("Camelot (WCF)", &|n| {
        play(n, || {
            Camelot::new(CamelotOptions::default()).expect("defaults")
        })
    });
    run("Camelot (1930)", &|n| {
        play(n, || {
            Camelot::new(CamelotOptions {
                rules: RuleSet::Parker1930,
                ..CamelotOptions::default()
            })
            .expect("valid options")
        })
    });
    run("Screwball", &|n| {
        play(n, || {
            Screwball::new(ScrewballOptions::default()).expect("defaults")
        })
    });
    run("Screwball (no_move: Pass)", &|n| {
        play(n, || {
            Screwball::new(ScrewballOptions {
                no_move: NoMove::Pass,
                ..ScrewballOptions::default()
            })
            .expect("valid options")
        })
    });
    for (name, mode, size) in [
        ("Transport, two fleets", Mode::Two, 11),
        ("Transport, two fleets on 8 x 8", Mode::Two, 8),
        ("Transport, teams", Mode::Teams, 11),
        ("Transport, battle royal", Mode::Royal, 11),
    ] {
        run(name, &move |n| {
            play(n, || {
                Transport::new(TransportOptions {
                    mode,
                    size,
                    ..TransportOptions::default()
                })
                .expect("valid options")
            })
        });
    }
    for (name, players, cards) in [
        ("fence race, 2 players", 2, false),
        ("fence race, 4 players", 4, false),
        ("fence race, 2 players, chance cards", 2, true),
        ("fence race, 4 players, chance cards", 4, true),
    ] {
        run(name, &move |n| {
            play(n, || {
                Fences::new(FencesOptions {
                    players,
                    chance_cards: cards,
                    ..FencesOptions::default()
                })
                .expect("valid options")
            })
        });
    }
    out
}

fn check(games: u64, print: bool) {
    let results = modes(games);
    if print {
        println!("| Game and mode | Games | Ended | Draws | Longest | Mean | Games/s |");
        println!("|---|---|---|---|---|---|---|");
    }
    for (name, t, seconds) in &results {
        if print {
            println!(
                "| {name} | {} | {} | {} | {} | {:.0} | {:.0} |",
                t.games,
                t.games - t.unended,
                t.draws,
                t.longest,
                t.moves as f64 / t.games as f64,
                t.games as f64 / seconds
            );
        }
    }
    for (name, t, _) in &results {
        assert_eq!(t.games, games, "{name}");
        assert_eq!(t.unended, 0, "{name}: {} of {games} did not end", t.unended);
    }
}

#[test]
fn random_games_of_every_mode_end() {
    check(200, false);
}

#[test]
#[ignore = "long: run by hand in a release build (see the file's head)"]
fn a_hundred_thousand_random_games_of_every_mode_end() {
    let games = std::env::var("TABULA_ENDINGS_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    check(games, true);
}
