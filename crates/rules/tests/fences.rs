//! The fence race: movement with back-tracking, fences, a fenced-in pawn, the exact count
//! home, relocation, 2-4 players, replay from a seed, and random playouts.

#[allow(dead_code)]
mod common;

use tabula_rules::fences::{FenceMove, Fences, FencesOptions, Node, Seat, Section, Slot, Space};
use tabula_rules::{Game, NotationError, Outcome, PlayError};

fn sp(text: &str) -> Space {
    Space::parse(text).unwrap()
}

fn slot(text: &str) -> Slot {
    Slot::parse(text).unwrap()
}

fn play(game: &mut Fences, text: &str) {
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    game.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Ends of the legal walks, as text.
fn ends(game: &Fences) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_moves()
        .into_iter()
        .map(|m| match m {
            FenceMove::Walk(end) => end.to_string(),
            other => format!("{other:?}"),
        })
        .collect();
    out.sort();
    out
}

/// Two players; South's six fences parked in the far north-west, North's in the far east,
/// so the middle of the field is open.
fn open_field(south: &str, north: &str) -> Fences {
    let parked = |seat: Section, col: &str| -> Vec<(Seat, Slot)> {
        (1..=6)
            .map(|r| (Seat(seat), slot(&format!("{col}{r}|{col}{}", r + 1))))
            .collect()
    };
    let mut fences = parked(Section::South, "a");
    fences.extend(parked(Section::North, "m"));
    Fences::with_layout(
        FencesOptions::default(),
        vec![Node::Space(sp(south)), Node::Space(sp(north))],
        fences,
    )
    .unwrap()
}

#[test]
fn a_turn_is_relocate_then_throw_then_walk() {
    let mut g = Fences::new(FencesOptions::default()).unwrap();
    assert_eq!(g.to_move().to_string(), "Red");
    assert_eq!(g.pawn(Seat(Section::South)), Node::Space(sp("a1")));
    // Walking or throwing before relocating a fence is refused.
    assert!(matches!(
        g.parse_move("a1-b1"),
        Err(NotationError::Illegal { .. })
    ));
    let moves = g.legal_moves();
    assert!(
        moves
            .iter()
            .all(|m| matches!(m, FenceMove::Relocate { .. }))
    );
    assert_eq!(
        g.slots().len(),
        g.board().slots().len() + 4,
        "and home's entrances"
    );
    let vacant = g.slots().len() - 12;
    assert_eq!(moves.len(), 6 * vacant, "any own fence to any vacant slot");
    // Never onto an occupied slot, never someone else's fence.
    let south_fence = g.fences()[0].1;
    let north_fence = g.fences()[6].1;
    let onto_occupied = format!("fence {south_fence} to {north_fence}");
    assert!(matches!(
        g.parse_move(&onto_occupied),
        Err(NotationError::Illegal { .. })
    ));
    let not_mine = format!("fence {north_fence} to a1|b1");
    assert!(matches!(
        g.parse_move(&not_mine),
        Err(NotationError::Illegal { .. })
    ));
    play(&mut g, &format!("fence {south_fence} to c3|c4"));
    assert!(g.pending_chance().is_some());
    assert_eq!(g.play(&FenceMove::Stay), Err(PlayError::ChancePending));
    play(&mut g, "throw 2");
    assert_eq!(
        ends(&g),
        ["a1", "a3", "b2", "c1"],
        "back-tracking uses up the count"
    );
    play(&mut g, "a1-b1-b2");
    assert_eq!(g.to_move().to_string(), "Green");
}

#[test]
fn fences_block_paths_and_can_fence_a_pawn_in() {
    let mut g = open_field("f3", "g11");
    play(&mut g, "fence a1|a2 to f3|g3");
    play(&mut g, "throw 1");
    assert_eq!(ends(&g), ["e3", "f2", "f4"]);
    // Fence a pawn in on all four sides: it cannot move, whatever the throw.
    let mut fences: Vec<(Seat, Slot)> = ["f3|g3", "e3|f3", "f2|f3", "f3|f4", "a5|a6", "a6|a7"]
        .iter()
        .map(|s| (Seat(Section::South), slot(s)))
        .collect();
    fences.extend((1..=6).map(|r| (Seat(Section::North), slot(&format!("m{r}|m{}", r + 1)))));
    let mut g = Fences::with_layout(
        FencesOptions::default(),
        vec![Node::Space(sp("f3")), Node::Space(sp("g11"))],
        fences,
    )
    .unwrap();
    play(&mut g, "fence a5|a6 to b5|b6");
    play(&mut g, "throw 5");
    assert_eq!(g.legal_moves(), vec![FenceMove::Stay]);
    assert!(matches!(
        g.parse_move("f3-f4-f3-f4-f3-f4"),
        Err(NotationError::Illegal { .. })
    ));
    play(&mut g, "stay");
    assert_eq!(g.to_move().to_string(), "Green");
}

#[test]
fn home_only_with_the_exact_count() {
    // g5 is the south entrance of home (13 x 13: home is f6-h8); from g3 home is 3 steps.
    let mut g = open_field("g3", "g11");
    assert_eq!(g.distance_home(Node::Space(sp("g3"))), Some(3));
    play(&mut g, "fence a1|a2 to b1|b2");
    play(&mut g, "throw 4");
    assert!(
        !ends(&g).contains(&"home".to_string()),
        "4 is not the distance"
    );
    assert!(matches!(
        g.parse_move("g3-g4-g5-home"),
        Err(NotationError::Illegal { .. })
    ));
    g.undo();
    play(&mut g, "throw 3");
    assert!(ends(&g).contains(&"home".to_string()));
    play(&mut g, "g3-g4-g5-home");
    assert_eq!(g.outcome(), Outcome::Win(Seat(Section::South)));
    assert!(g.legal_moves().is_empty());
}

// Magee, seed 003: "He may erect his fence in any vacant slot of the playing field,
// regardless of the section of the playing field in which the slot selected lies."
#[test]
fn a_fence_in_an_entrance_of_home_shuts_it() {
    // g5 is the south entrance; g5|g6 the slot in it. From g3 home is 3 steps through it.
    let mut g = open_field("g3", "g11");
    play(&mut g, "fence a1|a2 to g5|g6");
    assert_eq!(
        g.distance_home(Node::Space(sp("g3"))),
        Some(7),
        "round to the west or east entrance: g3-f3-e3-e4-e5-e6-e7-home"
    );
    play(&mut g, "throw 3");
    assert!(!ends(&g).contains(&"home".to_string()));
    assert!(matches!(
        g.parse_move("g3-g4-g5-home"),
        Err(NotationError::Illegal { .. })
    ));
    play(&mut g, "g3-g4-g5-g4");
    // Green shuts the north entrance in front of his own pawn: 3 was its count home.
    assert_eq!(g.distance_home(Node::Space(sp("g11"))), Some(3));
    play(&mut g, "fence m1|m2 to g8|g9");
    assert_eq!(g.distance_home(Node::Space(sp("g11"))), Some(7));
    play(&mut g, "throw 3");
    assert!(!ends(&g).contains(&"home".to_string()));
    // A "jump" card crosses an entrance fence like any other.
    let mut options = FencesOptions {
        chance_cards: true,
        ..FencesOptions::default()
    };
    let mut fences: Vec<(Seat, Slot)> = ["g5|g6", "a1|a2", "a2|a3", "a3|a4", "a4|a5", "a5|a6"]
        .iter()
        .map(|s| (Seat(Section::South), slot(s)))
        .collect();
    fences.extend((1..=6).map(|r| (Seat(Section::North), slot(&format!("m{r}|m{}", r + 1)))));
    let layout = |options: &FencesOptions| {
        Fences::with_layout(
            options.clone(),
            vec![Node::Space(sp("g4")), Node::Space(sp("g11"))],
            fences.clone(),
        )
    };
    let mut g = layout(&options).unwrap();
    play(&mut g, "fence a1|a2 to b1|b2");
    play(&mut g, "draw");
    play(&mut g, "card jump 2");
    assert!(ends(&g).contains(&"home".to_string()));
    play(&mut g, "g4-g5-home");
    assert_eq!(g.outcome(), Outcome::Win(Seat(Section::South)));

    // With `entrance_fences: false` the entrances stay open.
    options.entrance_fences = false;
    let e = layout(&options).unwrap_err().to_string();
    assert!(e.contains("g5|g6 is an entrance of home"), "{e}");
    let open = open_field("g3", "g11");
    let closed = Fences::with_layout(
        options,
        vec![Node::Space(sp("g3")), Node::Space(sp("g11"))],
        open.fences().to_vec(),
    )
    .unwrap();
    assert_eq!(closed.slots(), open.board().slots());
    assert_eq!(
        closed.legal_moves().len(),
        6 * (open.board().slots().len() - 12)
    );
    match closed.parse_move("fence a1|a2 to g5|g6") {
        Err(NotationError::Illegal { why, .. }) => {
            assert!(why.contains("g5|g6 is an entrance of home"), "{why}")
        }
        other => panic!("expected illegal, got {other:?}"),
    }
    assert!(open.parse_move("fence a1|a2 to g5|g6").is_ok());
}

#[test]
fn three_and_four_players_take_turns_and_may_play_for_places() {
    for (players, order) in [(3, "Red Blue Green"), (4, "Red Blue Green Yellow")] {
        let g = Fences::new(FencesOptions {
            players,
            ..FencesOptions::default()
        })
        .unwrap();
        let names: Vec<String> = g.seats().iter().map(ToString::to_string).collect();
        assert_eq!(names.join(" "), order);
        let fences = g.fences().len();
        assert_eq!(fences, 6 * players as usize);
    }
    assert!(
        Fences::new(FencesOptions {
            players: 5,
            ..FencesOptions::default()
        })
        .is_err()
    );
    // Playing for places: the game ends when all but one are home.
    let mut fences: Vec<(Seat, Slot)> = Vec::new();
    for (i, seat) in Section::ALL.iter().enumerate() {
        let col = ["a", "b", "l", "m"][i];
        fences.extend((1..=6).map(|r| (Seat(*seat), slot(&format!("{col}{r}|{col}{}", r + 1)))));
    }
    let options = FencesOptions {
        players: 4,
        play_for_places: true,
        ..FencesOptions::default()
    };
    let pawns = vec![
        Node::Space(sp("g4")),
        Node::Home,
        Node::Space(sp("g10")),
        Node::Space(sp("c3")),
    ];
    let mut g = Fences::with_layout(options, pawns, fences).unwrap();
    assert_eq!(g.outcome(), Outcome::Ongoing);
    play(&mut g, "fence a1|a2 to c1|c2");
    play(&mut g, "throw 2");
    play(&mut g, "g4-g5-home");
    assert_eq!(g.places().len(), 2);
    assert_eq!(
        g.to_move().to_string(),
        "Green",
        "Blue is home and is skipped"
    );
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn a_game_replays_exactly_from_its_seed() {
    let run = |seed: u64| {
        let mut g = Fences::new(FencesOptions {
            players: 4,
            seed,
            ..FencesOptions::default()
        })
        .unwrap();
        let mut log = Vec::new();
        while !g.outcome().is_over() && log.len() < 600 {
            if g.pending_chance().is_some() {
                log.push(format!("throw {}", g.throw().unwrap()));
                continue;
            }
            // A fixed policy: the first legal move.
            let mv = g.legal_moves()[0].clone();
            log.push(g.move_text(&mv));
            g.play(&mv).unwrap();
        }
        log
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
    // The log is a replay: every text reads back and plays in a fresh game.
    let log = run(7);
    let mut g = Fences::new(FencesOptions {
        players: 4,
        seed: 7,
        ..FencesOptions::default()
    })
    .unwrap();
    for text in &log {
        play(&mut g, text);
    }
}

#[test]
fn random_playouts_never_panic() {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut finished = 0;
    for seed in 0..60u64 {
        let players = 2 + (seed % 3) as u8;
        let mut g = Fences::new(FencesOptions {
            players,
            seed,
            chance_cards: seed % 2 == 0,
            ..FencesOptions::default()
        })
        .unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut n = 0;
        while !g.outcome().is_over() && n < 3000 {
            match g.pending_chance() {
                Some(tabula_rules::game::Chance::Card { .. }) => {
                    g.draw().unwrap();
                    continue;
                }
                Some(_) if !g.legal_moves().is_empty() && rng.random_bool(0.5) => {
                    g.play(&FenceMove::Draw).unwrap();
                    continue;
                }
                Some(_) => {
                    g.throw().unwrap();
                    continue;
                }
                None => {}
            }
            let legal = g.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let text = g.move_text(&mv);
            assert_eq!(g.parse_move(&text).as_ref(), Ok(&mv), "seed {seed}: {text}");
            g.play(&mv).unwrap();
            n += 1;
        }
        finished += usize::from(g.outcome().is_over());
    }
    assert!(finished > 0, "some random races finish");
}

#[test]
fn the_shipped_scenes_throw_and_draw_what_their_seed_gives() {
    let dir = common::crate_dir().join("../../scenes/fences");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let scene = tabula_rules::scene::SceneFile::load(&path).unwrap();
        let mut game = scene.fences_start().unwrap();
        for text in &scene.scene.moves {
            if let Some(k) = text.strip_prefix("throw ") {
                assert_eq!(
                    game.throw().unwrap().to_string(),
                    k,
                    "{}: {text}",
                    path.display()
                );
            } else if let Some(card) = text.strip_prefix("card ") {
                assert_eq!(
                    game.draw().unwrap().to_string(),
                    card,
                    "{}: {text}",
                    path.display()
                );
            } else {
                play(&mut game, text);
            }
        }
        assert!(
            game.outcome().is_over(),
            "{}: a complete game",
            path.display()
        );
    }
}

#[test]
fn chance_cards_instead_of_the_die() {
    use tabula_rules::fences::Card;
    let mut options = FencesOptions {
        chance_cards: true,
        ..FencesOptions::default()
    };
    assert_eq!(options.deck.len(), 12, "the default stack from deck.ron");
    // A wall east of f3: the die cannot cross it, a "jump" card can, once.
    let fences = |options: &FencesOptions| {
        let mut f: Vec<(Seat, Slot)> = ["f3|g3", "f2|g2", "f4|g4", "a4|a5", "a5|a6", "a6|a7"]
            .iter()
            .map(|s| (Seat(Section::South), slot(s)))
            .collect();
        f.extend((1..=6).map(|r| (Seat(Section::North), slot(&format!("m{r}|m{}", r + 1)))));
        Fences::with_layout(
            options.clone(),
            vec![Node::Space(sp("f3")), Node::Space(sp("g11"))],
            f,
        )
        .unwrap()
    };
    let mut g = fences(&options);
    play(&mut g, "fence a4|a5 to b4|b5");
    assert_eq!(
        g.legal_moves(),
        vec![FenceMove::Draw],
        "draw, or throw the die"
    );
    play(&mut g, "throw 1");
    assert!(!ends(&g).contains(&"g3".to_string()));
    g.undo();
    play(&mut g, "draw");
    assert!(matches!(
        g.pending_chance(),
        Some(tabula_rules::game::Chance::Card { cards: 12 })
    ));
    play(&mut g, "card jump 2");
    assert!(
        ends(&g).contains(&"h3".to_string()),
        "f3-g3-h3 crosses the fence once"
    );
    assert!(
        g.parse_move("f3-g3-f3").is_err(),
        "crossing back would be a second jump"
    );
    assert!(g.parse_move("f3-g3-g2").is_ok());
    play(&mut g, "f3-g3-h3");
    assert_eq!(g.deck().len(), 11);
    // A card that is not in the stack any more cannot be drawn again by name.
    play(&mut g, "fence m1|m2 to l1|l2");
    play(&mut g, "draw");
    assert!(
        g.parse_move("card jump 2").is_err(),
        "the only jump 2 is used"
    );
    play(&mut g, "card lose turn");
    assert_eq!(g.to_move().to_string(), "Red", "Green lost the turn");
    // Drawing the whole stack turns it over.
    options.seed = 9;
    let mut g = Fences::new(options).unwrap();
    for _ in 0..13 {
        let mv = g.legal_moves()[0].clone();
        g.play(&mv).unwrap();
        g.play(&FenceMove::Draw).unwrap();
        let card = g.draw().unwrap();
        if card != Card::LoseTurn {
            let mv = g.legal_moves()[0].clone();
            g.play(&mv).unwrap();
        }
    }
    assert_eq!(
        g.deck().len(),
        11,
        "twelve drawn, turned over, one more drawn"
    );
}
