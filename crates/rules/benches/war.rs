//! Game of War benchmarks: legal-move generation and random playouts. Each checks the
//! result it times, so a fast wrong answer fails.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_rules::Game;
use tabula_rules::playout::random_playout;
use tabula_rules::war::{War, WarOptions};

fn midgame() -> War {
    let mut game = War::new(WarOptions::default());
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
    let opening = War::new(WarOptions::default());
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

fn playouts(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function("war random playout (to the end or 300 moves)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = War::new(WarOptions::default());
            let p = random_playout(&mut game, seed, 300);
            assert!(p.outcome.is_over() || p.moves.len() == 300);
            p.moves.len()
        })
    });
}

criterion_group!(benches, movegen, playouts);
criterion_main!(benches);
