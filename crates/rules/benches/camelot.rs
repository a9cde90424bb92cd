//! Camelot benchmarks: perft from the opening (bulk-counted at the last ply) and whole random
//! games under each rule set. Each checks the result it times. A game's time is criterion's
//! time per iteration, so games per second = 1 / that time; the bench's name gives the
//! average length of the games it plays.

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_rules::camelot::{Camelot, CamelotOptions, RuleSet};
use tabula_rules::perft::perft;
use tabula_rules::playout::random_playout;

/// A cap no game reaches: every game ends by its own rules first.
const CAP: usize = 1_000_000;

fn perft_bench(c: &mut Criterion) {
    let opening = Camelot::new(CamelotOptions::default()).unwrap();
    c.bench_function("camelot perft 2 (12,580 paths)", |b| {
        b.iter(|| {
            let mut g = opening.clone();
            let n = perft(&mut g, 2);
            assert_eq!(n, 12580);
            n
        })
    });
}

fn options(rules: RuleSet) -> CamelotOptions {
    CamelotOptions {
        rules,
        ..CamelotOptions::default()
    }
}

/// Plays one random game to its end and returns its length.
fn game(rules: RuleSet, seed: u64) -> usize {
    let mut game = Camelot::new(options(rules)).unwrap();
    let p = random_playout(&mut game, seed, CAP);
    assert!(p.outcome.is_over(), "seed {seed}: the game ended");
    p.moves.len()
}

fn playouts(c: &mut Criterion) {
    for (rules, name) in [(RuleSet::Wcf, "WCF"), (RuleSet::Parker1930, "Parker 1930")] {
        let games = 200;
        let plies: usize = (0..games).map(|seed| game(rules, seed)).sum();
        let title = format!(
            "camelot random game to the end, {name} (average {} plies)",
            plies / games as usize
        );
        let mut seed = 0;
        c.bench_function(&title, |b| {
            b.iter(|| {
                seed += 1;
                game(rules, seed)
            })
        });
    }
}

criterion_group!(benches, perft_bench, playouts);
criterion_main!(benches);
