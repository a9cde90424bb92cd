//! Game of War benchmarks: legal-move generation and random playouts. Each checks the
//! result it times, so a fast wrong answer fails.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_rules::Game;
use tabula_rules::playout::random_playout;
use tabula_rules::war::{War, WarOptions};

fn midgame() -> War {
    let mut game = War::new(WarOptions::default()).expect("valid options");
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes/war/siege_gambit.ron");
    let scene = tabula_rules::scene::SceneFile::load(&path).expect("the shipped scene");
    for text in &scene.scene.moves[..16] {
        let mv = game.parse_move(text).expect("the Siege Gambit");
        game.play(&mv).expect("legal");
    }
    game
}

fn movegen(c: &mut Criterion) {
    let opening = War::new(WarOptions::default()).expect("valid options");
    assert_eq!(opening.legal_moves().len(), 126);
    c.bench_function("war legal moves, opening", |b| {
        b.iter(|| black_box(&opening).legal_moves().len())
    });
    let middle = midgame();
    let n = middle.legal_moves().len();
    assert!(n > 50);
    c.bench_function("war legal moves, Siege Gambit move 9", |b| {
        b.iter(|| {
            let count = black_box(&middle).legal_moves().len();
            assert_eq!(count, n);
            count
        })
    });
    c.bench_function("war perft 2", |b| {
        b.iter(|| {
            let mut g = opening.clone();
            let n = tabula_rules::perft::perft(&mut g, 2);
            assert_eq!(n, 15679);
            n
        })
    });
}

/// Seeds cycle through a fixed set, so that runs before and after a change time the same
/// games.
const SEEDS: u64 = 1024;

/// Far beyond any random game under the default options (they end by a win, Law IX's draw or
/// the no-progress draw); the assertion below checks that none reaches it.
const CAP: usize = 1_000_000;

fn playouts(c: &mut Criterion) {
    let mut seed = 0;
    // Criterion's time per iteration is the time of one whole random game:
    // games per second = 1 / that time.
    c.bench_function("war random game to the end (games/s = 1 / time)", |b| {
        b.iter(|| {
            seed = (seed + 1) % SEEDS;
            let mut game = War::new(WarOptions::default()).expect("valid options");
            let p = random_playout(&mut game, seed, CAP);
            assert!(p.outcome.is_over(), "seed {seed}: the game ended");
            p.moves.len()
        })
    });
}

criterion_group!(benches, movegen, playouts);
criterion_main!(benches);
