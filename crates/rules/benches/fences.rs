//! Fence race benchmarks: whole random games (random fence moves, random walks, a seeded
//! die; with chance cards, a random choice between the die and a card) for two and four
//! players, each to its end (a pawn home, or the turn limit's draw). One iteration is one
//! game, so criterion's throughput line reads in games per second ("elem/s").

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::playout::random_playout;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("fence race random games");
    group.throughput(Throughput::Elements(1));
    for (players, chance_cards) in [(2u8, false), (4, false), (2, true), (4, true)] {
        let cards = if chance_cards { ", chance cards" } else { "" };
        let mut seed = 0;
        group.bench_function(format!("{players} players{cards}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Fences::new(FencesOptions {
                    players,
                    seed,
                    chance_cards,
                    ..FencesOptions::default()
                })
                .expect("valid options");
                let p = random_playout(&mut game, seed, usize::MAX);
                assert!(p.outcome.is_over(), "a random race ends");
                p.moves.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
