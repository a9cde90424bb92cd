//! Transport benchmarks: move generation from the opening, and random playouts for two
//! fleets and for two teams of two. Each checks what it timed.

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_rules::Game;
use tabula_rules::playout::random_playout;
use tabula_rules::transport::{Mode, Transport, TransportOptions};

fn benches(c: &mut Criterion) {
    let opening = Transport::new(TransportOptions::default()).expect("the standard setup");
    let n = opening.legal_moves().len();
    c.bench_function("transport legal moves, opening", |b| {
        b.iter(|| {
            let moves = opening.legal_moves();
            assert_eq!(moves.len(), n);
            moves.len()
        })
    });
    for (name, mode) in [
        ("two fleets", Mode::Two),
        ("four fleets, teams", Mode::Teams),
    ] {
        let mut seed = 0;
        c.bench_function(&format!("transport random playout, {name}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Transport::new(TransportOptions {
                    mode,
                    ..TransportOptions::default()
                })
                .expect("the standard setup");
                let p = random_playout(&mut game, seed, 300);
                assert!(p.outcome.is_over() || p.moves.len() == 300);
                p.moves.len()
            })
        });
    }
}

criterion_group!(transport, benches);
criterion_main!(transport);
