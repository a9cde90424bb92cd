//! Camelot benchmarks: perft from the opening (bulk-counted at the last ply) and random
//! playouts. Each checks the count it times.

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::perft::perft;
use tabula_rules::playout::random_playout;

fn perft_bench(c: &mut Criterion) {
    let opening = Camelot::new(CamelotOptions::default());
    c.bench_function("camelot perft 2 (12,580 paths)", |b| {
        b.iter(|| {
            let mut g = opening.clone();
            let n = perft(&mut g, 2);
            assert_eq!(n, 12580);
            n
        })
    });
}

fn playouts(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function(
        "camelot random playout, WCF (to the end or 400 moves)",
        |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Camelot::new(CamelotOptions::default());
                let p = random_playout(&mut game, seed, 400);
                assert!(p.outcome.is_over() || p.moves.len() == 400);
                p.moves.len()
            })
        },
    );
}

criterion_group!(benches, perft_bench, playouts);
criterion_main!(benches);
