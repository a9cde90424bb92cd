//! Fence race benchmarks: random playouts (random fence moves, seeded die) for two and four
//! players. Each checks that the race ends or reaches the move cap.

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::playout::random_playout;

fn playouts(c: &mut Criterion) {
    for players in [2u8, 4] {
        let mut seed = 0;
        c.bench_function(
            &format!("fence race random playout, {players} players"),
            |b| {
                b.iter(|| {
                    seed += 1;
                    let mut game = Fences::new(FencesOptions {
                        players,
                        seed,
                        ..FencesOptions::default()
                    })
                    .expect("valid options");
                    let p = random_playout(&mut game, seed, 3000);
                    assert!(p.outcome.is_over() || p.moves.len() == 3000);
                    p.moves.len()
                })
            },
        );
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
