//! Search speed per game: positions visited per second by each search on a fixed budget,
//! from the opening (the fence race also after its first throw). Criterion reports the
//! throughput in positions (elements) per second; each bench checks that the search
//! returns a legal move.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_ai::knowledge::{
    Knowledge, camelot::CamelotKnowledge, fences::FencesKnowledge, screwball::ScrewballKnowledge,
    transport::TransportKnowledge, war::WarKnowledge,
};
use tabula_ai::search::{Action, Algorithm, SearchGame, Settings, analyse};
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

fn bench_game<G, K>(
    c: &mut Criterion,
    name: &str,
    game: &G,
    knowledge: &K,
    budgets: &[(Algorithm, u64)],
) where
    G: SearchGame,
    K: Knowledge<G>,
{
    let mut group = c.benchmark_group(format!("search {name}"));
    group.sample_size(10);
    for &(algorithm, budget) in budgets {
        let settings = Settings::iterations(algorithm, budget, 1);
        let nodes = analyse(game, knowledge, &settings).expect("a move").nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{algorithm} {budget}"), |b| {
            b.iter(|| {
                let a = analyse(game, knowledge, &settings).expect("a move");
                match &a.best {
                    Action::Play(m) => assert!(game.is_legal(m)),
                    Action::Chance => {}
                }
                a.nodes
            })
        });
    }
    group.finish();
}

fn searches(c: &mut Criterion) {
    let both = |ab: u64, mcts: u64| [(Algorithm::AlphaBeta, ab), (Algorithm::Mcts, mcts)];
    bench_game(
        c,
        "war",
        &War::new(WarOptions::default()).expect("valid options"),
        &WarKnowledge,
        &both(20_000, 2_000),
    );
    bench_game(
        c,
        "camelot",
        &Camelot::new(CamelotOptions::default()).unwrap(),
        &CamelotKnowledge,
        &both(20_000, 2_000),
    );
    bench_game(
        c,
        "screwball",
        &Screwball::new(ScrewballOptions::default()).expect("the default options are valid"),
        &ScrewballKnowledge,
        &both(20_000, 2_000),
    );
    bench_game(
        c,
        "transport",
        &Transport::new(TransportOptions::default()).expect("the standard setup"),
        &TransportKnowledge,
        &both(2_000, 300),
    );
    let mut fences = Fences::new(FencesOptions::default()).expect("the standard layout");
    let first = fences.legal_moves()[0].clone();
    fences.play_unchecked(&first);
    fences.resolve_chance(4).expect("a throw");
    bench_game(
        c,
        "fences",
        &fences,
        &FencesKnowledge,
        &[(Algorithm::Mcts, 300)],
    );
}

criterion_group!(benches, searches);
criterion_main!(benches);
