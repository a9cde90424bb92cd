//! Transport benchmarks: move generation from the opening, and whole random games (each
//! played to its end: a win, or the default no-progress draw) for two fleets, two teams of
//! two, the battle royal and two fleets on the chess board. Random games per second = 1 /
//! the time per iteration of a playout. Each checks what it timed.

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
    for (name, mode, size) in [
        ("two fleets", Mode::Two, 11),
        ("four fleets, teams", Mode::Teams, 11),
        ("four fleets, battle royal", Mode::Royal, 11),
        ("two fleets, 8x8", Mode::Two, 8),
    ] {
        let mut seed = 0;
        c.bench_function(&format!("transport random game to its end, {name}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Transport::new(TransportOptions {
                    mode,
                    size,
                    ..TransportOptions::default()
                })
                .expect("the standard setup");
                let p = random_playout(&mut game, seed, 1_000_000);
                assert!(p.outcome.is_over(), "a random game ends");
                p.moves.len()
            })
        });
    }
}

criterion_group!(transport, benches);
criterion_main!(transport);
