//! Screwball benchmarks: move generation from the opening, and random playouts from the
//! opening to the end. Each checks what it timed.

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_rules::Game;
use tabula_rules::playout::random_playout;
use tabula_rules::screwball::{Screwball, ScrewballOptions};

fn benches(c: &mut Criterion) {
    let opening = Screwball::new(ScrewballOptions::default()).unwrap();
    c.bench_function("screwball legal moves, opening", |b| {
        b.iter(|| {
            let moves = opening.legal_moves();
            assert_eq!(moves.len(), 9);
            moves.len()
        })
    });
    let mut seed = 0;
    c.bench_function("screwball random playout", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Screwball::new(ScrewballOptions::default()).unwrap();
            let p = random_playout(&mut game, seed, 2000);
            assert!(p.outcome.is_over() || p.moves.len() == 2000);
            p.moves.len()
        })
    });
}

criterion_group!(screwball, benches);
criterion_main!(screwball);
