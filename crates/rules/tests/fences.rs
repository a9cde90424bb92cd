//! The fence race: movement with back-tracking, fences, a fenced-in pawn, the exact count
//! home, relocation, 2-4 players, replay from a seed, random playouts, the rule cases and the
//! refused options and setups of `tests/data/fences/`, legal moves against a plain search,
//! and the agreement of the listed moves with `is_legal` and `play`.

#[allow(dead_code)]
mod common;

use rand::{Rng, SeedableRng, rngs::StdRng};
use std::collections::{BTreeSet, HashSet, VecDeque};
use tabula_rules::fences::{
    Card, FenceMove, Fences, FencesOptions, Node, Seat, Section, Slot, Space,
};
use tabula_rules::game::Chance;
use tabula_rules::playout::random_playout;
use tabula_rules::{DrawReason, Game, NotationError, Outcome, PlayError};

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
    open_field_with(FencesOptions::default(), south, north)
}

/// [`open_field`] under other options.
fn open_field_with(options: FencesOptions, south: &str, north: &str) -> Fences {
    let parked = |seat: Section, col: &str| -> Vec<(Seat, Slot)> {
        (1..=6)
            .map(|r| (Seat(seat), slot(&format!("{col}{r}|{col}{}", r + 1))))
            .collect()
    };
    let mut fences = parked(Section::South, "a");
    fences.extend(parked(Section::North, "m"));
    Fences::with_layout(
        options,
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
        g.board().slots().len(),
        "home's entrances are no slots by default"
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
    common::check_legal_move_choice(&g, &[FenceMove::Stay]);
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
    // Fences stand in the entrances only under `entrance-fences any` (or all-but-one).
    let any = FencesOptions {
        entrance_fences: true,
        ..FencesOptions::default()
    };
    let mut g = open_field_with(any.clone(), "g3", "g11");
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
        ..any.clone()
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

    // With `entrance_fences: false` (the default) the entrances stay open.
    options.entrance_fences = false;
    let e = layout(&options).unwrap_err().to_string();
    assert!(e.contains("g5|g6 is an entrance of home"), "{e}");
    let open = open_field_with(any, "g3", "g11");
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
            chance_cards: seed.is_multiple_of(2),
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
        let mut game = scene.start_as::<Fences>().unwrap();
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

fn data(name: &str) -> String {
    let path = common::crate_dir().join("tests/data/fences").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The cases of a data file: each title (after `== `) with its lines, comments and blank
/// lines left out.
fn cases(text: &str) -> Vec<(String, Vec<String>)> {
    text.split("\n== ")
        .skip(1)
        .map(|block| {
            let (title, body) = block.split_once('\n').unwrap_or((block, ""));
            let lines = body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect();
            (title.trim().to_string(), lines)
        })
        .collect()
}

fn options_from(text: &str) -> Result<FencesOptions, String> {
    if text.trim().is_empty() {
        return Ok(FencesOptions::default());
    }
    ron::from_str(text).map_err(|e| format!("{text}: {e}"))
}

fn start(options: &str, setup: &str) -> Result<Fences, String> {
    let options = options_from(options)?;
    if setup.trim().is_empty() {
        Fences::new(options).map_err(|e| e.to_string())
    } else {
        Fences::from_setup_text(setup, options).map_err(|e| e.to_string())
    }
}

/// What stands on a space (the pawns' seats, or "empty") or in a slot ("fence Red", or
/// "vacant").
fn at(g: &Fences, square: &str) -> String {
    if let Some(slot) = Slot::parse(square) {
        return match g.fences().iter().find(|f| f.1 == slot) {
            Some((seat, _)) => format!("fence {seat}"),
            None => "vacant".into(),
        };
    }
    let node = match square {
        "home" => Node::Home,
        s => Node::Space(sp(s)),
    };
    let on: Vec<String> = g
        .seats()
        .iter()
        .filter(|s| g.pawn(**s) == node)
        .map(ToString::to_string)
        .collect();
    if on.is_empty() {
        "empty".into()
    } else {
        on.join(" ")
    }
}

#[test]
fn the_rule_cases_hold() {
    let n = common::run_cases(&data("rules.txt"), start, at, Fences::setup_text);
    assert!(n >= 15, "{n} cases");
}

#[test]
fn options_out_of_range_are_refused_naming_the_field() {
    let all = cases(&data("bad_options.txt"));
    assert!(all.len() >= 15);
    for (expected, lines) in all {
        let options = options_from(&lines.join("\n")).unwrap();
        let e = options.check().expect_err(&expected).to_string();
        assert!(e.contains(&expected), "expected {expected:?}, got {e:?}");
        assert_eq!(Fences::new(options.clone()).unwrap_err().to_string(), e);
        let setup = Fences::from_setup_text("Red pawn a1", options.clone());
        assert_eq!(setup.unwrap_err().to_string(), e);
        let layout = Fences::with_layout(options, Vec::new(), Vec::new());
        assert_eq!(layout.unwrap_err().to_string(), e);
    }
    // Without chance cards the stack is never drawn from: an empty one is no fault.
    let quiet = FencesOptions {
        deck: Vec::new(),
        ..FencesOptions::default()
    };
    assert!(Fences::new(quiet).is_ok());
    for players in 2..=4 {
        for size in (9..=25).step_by(2) {
            let options = FencesOptions {
                players,
                size,
                stations: vec![1; usize::from(players)],
                turn_limit: None,
                ..FencesOptions::default()
            };
            assert!(
                Fences::new(options).is_ok(),
                "{players} players, size {size}"
            );
        }
    }
}

#[test]
fn bad_setups_are_refused_naming_the_line() {
    let all = cases(&data("bad_setups.txt"));
    assert!(all.len() >= 15);
    for (expected, lines) in all {
        let (options, setup) = match lines.first().and_then(|l| l.strip_prefix("options:")) {
            Some(o) => (options_from(o).unwrap(), &lines[1..]),
            None => (FencesOptions::default(), &lines[..]),
        };
        let e = Fences::from_setup_text(&setup.join("\n"), options)
            .expect_err(&expected)
            .to_string();
        assert!(e.contains(&expected), "expected {expected:?}, got {e:?}");
    }
}

#[test]
fn a_setup_text_reads_back_as_the_same_position() {
    let mut rng = StdRng::seed_from_u64(5);
    for seed in 0..20u64 {
        let options = FencesOptions {
            players: 2 + (seed % 3) as u8,
            seed,
            ..FencesOptions::default()
        };
        let mut g = Fences::new(options.clone()).unwrap();
        for _ in 0..rng.random_range(0..60) {
            if !g.outcome().is_over() {
                step_randomly(&mut g, &mut rng);
            }
        }
        while !g.outcome().is_over() && (g.pending_chance().is_some() || g.thrown().is_some()) {
            step_randomly(&mut g, &mut rng);
        }
        if g.outcome().is_over() {
            continue;
        }
        let text = g.setup_text();
        let back = Fences::from_setup_text(&text, options).unwrap();
        assert_eq!(back.setup_text(), text);
        assert_eq!(back.key(), g.key(), "{text}");
        assert_eq!(back.legal_moves(), g.legal_moves());
    }
}

/// Plays one random step: a listed move, or the chance due (sometimes the draw instead).
fn step_randomly(g: &mut Fences, rng: &mut StdRng) {
    match g.pending_chance() {
        Some(Chance::Die { .. }) if g.is_legal(&FenceMove::Draw) && rng.random_bool(0.5) => {
            g.play(&FenceMove::Draw).unwrap()
        }
        Some(Chance::Die { .. }) => {
            g.resolve_chance(rng.random_range(1..=6)).unwrap();
        }
        Some(Chance::Card { cards }) => g.resolve_chance(rng.random_range(0..cards)).unwrap(),
        None => {
            let legal = g.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            g.play(&mv).unwrap();
        }
    }
}

/// Options that reach every kind of walk: jump cards and long cards, three sizes, entrances
/// open or not, two to four players.
fn walk_options(seed: u64) -> FencesOptions {
    let mut deck: Vec<Card> = (1..=Card::MAX_STEPS).map(Card::JumpFence).collect();
    deck.extend((1..=Card::MAX_STEPS).map(Card::Steps));
    deck.push(Card::LoseTurn);
    FencesOptions {
        players: 2 + (seed % 3) as u8,
        size: [9, 13, 25][(seed / 3 % 3) as usize],
        seed,
        chance_cards: seed.is_multiple_of(2),
        deck,
        entrance_fences: !seed.is_multiple_of(5),
        ..FencesOptions::default()
    }
}

/// The rules written out plainly: where a pawn may step from `s`, crossing a fence or not.
fn plain_steps(g: &Fences, s: Space) -> Vec<(Node, bool)> {
    let fenced: HashSet<Slot> = g.fences().iter().map(|f| f.1).collect();
    let board = g.board();
    let mut out: Vec<(Node, bool)> = board
        .neighbours(s)
        .map(|(t, slot)| (Node::Space(t), fenced.contains(&slot)))
        .collect();
    if let Some(i) = board.entrances().iter().position(|e| *e == s) {
        out.push((Node::Home, fenced.contains(&board.entrance_slots()[i])));
    }
    out
}

/// Every end of a walk of exactly `k` steps from `from`, by trying them layer by layer with
/// the rules written out plainly.
fn plain_ends(g: &Fences, from: Space, k: u8, jump: bool) -> BTreeSet<String> {
    // The shortest way home, crossing one fence at most when `jump`.
    let mut seen = HashSet::from([(Node::Space(from), false)]);
    let mut queue = VecDeque::from([(Node::Space(from), false, 0u32)]);
    let mut home = None;
    while let Some((n, used, d)) = queue.pop_front() {
        let Node::Space(s) = n else {
            home = Some(d);
            break;
        };
        for (m, crosses) in plain_steps(g, s) {
            if crosses && (used || !jump) {
                continue;
            }
            if seen.insert((m, used || crosses)) {
                queue.push_back((m, used || crosses, d + 1));
            }
        }
    }
    let mut layer = HashSet::from([(from, false)]);
    let mut ends = BTreeSet::new();
    for step in 1..=k {
        let mut next = HashSet::new();
        for &(s, used) in &layer {
            for (m, crosses) in plain_steps(g, s) {
                if crosses && (used || !jump) {
                    continue;
                }
                match m {
                    Node::Home if step == k && home == Some(u32::from(k)) => {
                        ends.insert("home".to_string());
                    }
                    Node::Home => {}
                    Node::Space(t) => {
                        next.insert((t, used || crosses));
                    }
                }
            }
        }
        layer = next;
    }
    ends.extend(layer.into_iter().map(|(s, _)| s.to_string()));
    ends
}

/// Whether `path` is a walk of exactly `k` steps from `from` by the plain rules.
fn plain_walk(g: &Fences, from: Space, path: &[Node], jump: bool) -> bool {
    let mut at = from;
    let mut used = false;
    for (i, &n) in path.iter().enumerate() {
        let Some((_, crosses)) = plain_steps(g, at).into_iter().find(|(m, _)| *m == n) else {
            return false;
        };
        if crosses && (used || !jump) {
            return false;
        }
        used |= crosses;
        match n {
            Node::Space(s) => at = s,
            Node::Home => return i + 1 == path.len(),
        }
    }
    true
}

#[test]
fn the_walks_listed_are_those_a_plain_search_finds() {
    let mut checked = 0;
    for seed in 0..90u64 {
        let mut g = Fences::new(walk_options(seed)).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut jump = false;
        while !g.outcome().is_over() && g.ply() < 400 {
            if g.pending_chance()
                == Some(Chance::Card {
                    cards: g.deck().len() as u32,
                })
            {
                let card = g.draw().unwrap();
                jump = matches!(card, Card::JumpFence(_));
                continue;
            }
            if g.pending_chance().is_some() {
                jump = false;
            }
            if let (Some(k), Node::Space(from)) = (g.thrown(), g.pawn(g.to_move())) {
                let legal = g.legal_moves();
                let listed: BTreeSet<String> = legal
                    .iter()
                    .filter_map(|m| match m {
                        FenceMove::Walk(end) => Some(end.to_string()),
                        _ => None,
                    })
                    .collect();
                let plain = plain_ends(&g, from, k, jump);
                assert_eq!(
                    listed,
                    plain,
                    "seed {seed}, {k} steps, jump {jump}\n{}",
                    g.setup_text()
                );
                if plain.is_empty() {
                    assert_eq!(legal, vec![FenceMove::Stay]);
                }
                for mv in &legal {
                    if let FenceMove::Walk(end) = mv {
                        let path = g.walk_path(*end).unwrap();
                        assert_eq!(path.len(), usize::from(k));
                        assert_eq!(path.last(), Some(end));
                        assert!(plain_walk(&g, from, &path, jump), "{path:?}");
                    }
                }
                checked += 1;
            }
            step_randomly(&mut g, &mut rng);
        }
    }
    assert!(checked > 1000, "{checked} walks checked");
}

/// Moves near a listed one: other ends, other slots, other kinds.
fn mutations(g: &Fences, mv: &FenceMove, rng: &mut StdRng) -> Vec<FenceMove> {
    let shift = |s: Space, dx: i16, dy: i16| Space {
        x: (i16::from(s.x) + dx).clamp(0, 255) as u8,
        y: (i16::from(s.y) + dy).clamp(0, 255) as u8,
    };
    let any_space = |rng: &mut StdRng| Space {
        x: rng.random_range(0..30),
        y: rng.random_range(0..30),
    };
    let mut out = vec![
        FenceMove::Stay,
        FenceMove::Draw,
        FenceMove::Walk(Node::Home),
        FenceMove::Walk(Node::Space(any_space(rng))),
        FenceMove::Throw(rng.random_range(0..8)),
        FenceMove::Card(Card::Steps(rng.random_range(0..14))),
        FenceMove::Card(Card::LoseTurn),
    ];
    match mv {
        FenceMove::Walk(Node::Space(s)) => {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (2, 0)] {
                out.push(FenceMove::Walk(Node::Space(shift(*s, dx, dy))));
            }
        }
        FenceMove::Relocate { from, to } => {
            let other = g.fences()[rng.random_range(0..g.fences().len())].1;
            out.extend([
                FenceMove::Relocate {
                    from: *to,
                    to: *from,
                },
                FenceMove::Relocate {
                    from: other,
                    to: *to,
                },
                FenceMove::Relocate {
                    from: *from,
                    to: other,
                },
                FenceMove::Relocate {
                    from: *from,
                    to: Slot(to.1, to.0),
                },
                FenceMove::Relocate {
                    from: *from,
                    to: Slot(shift(to.0, 0, 1), shift(to.1, 0, 1)),
                },
                FenceMove::Relocate {
                    from: *from,
                    to: Slot(any_space(rng), any_space(rng)),
                },
            ]);
        }
        _ => {}
    }
    out
}

#[test]
fn a_move_is_legal_exactly_when_it_is_listed_and_every_listed_move_plays() {
    let mut positions = 0;
    for seed in 0..60u64 {
        let mut g = Fences::new(walk_options(seed)).unwrap();
        let mut rng = StdRng::seed_from_u64(seed ^ 77);
        while !g.outcome().is_over() && g.ply() < 300 {
            let legal = g.legal_moves();
            assert_eq!(g.legal_move_count(), legal.len());
            let chance_due = g.pending_chance().is_some();
            // Every listed move plays, and its text reads back to it (relocations sampled).
            let sample: Vec<&FenceMove> = if legal.len() > 40 {
                (0..40)
                    .map(|_| &legal[rng.random_range(0..legal.len())])
                    .collect()
            } else {
                legal.iter().collect()
            };
            for mv in &sample {
                assert!(g.is_legal(mv), "{mv:?}");
                let text = g.move_text(mv);
                assert_eq!(g.parse_move(&text).as_ref(), Ok(*mv), "{text}");
                let mut h = g.clone();
                h.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
                let key = g.key();
                h.undo();
                assert_eq!(h.key(), key, "undo of {text}");
                assert_eq!(h.setup_text(), g.setup_text());
            }
            // Anything else is refused, by is_legal and by play alike.
            for mv in sample.iter().flat_map(|m| mutations(&g, m, &mut rng)) {
                let listed = legal.contains(&mv);
                assert_eq!(g.is_legal(&mv), listed, "{mv:?}");
                let chance_input = matches!(mv, FenceMove::Throw(_) | FenceMove::Card(_));
                if !chance_input {
                    assert_eq!(g.clone().play(&mv).is_ok(), listed, "{mv:?}");
                    if !listed && !chance_due {
                        assert!(!g.why_illegal(&mv).is_empty());
                    }
                }
            }
            positions += 1;
            step_randomly(&mut g, &mut rng);
        }
    }
    assert!(positions > 3000, "{positions} positions");
}

#[test]
fn undo_restores_everything_and_keys_follow_the_position() {
    for seed in 0..30u64 {
        let mut g = Fences::new(walk_options(seed)).unwrap();
        let start = (g.key(), g.setup_text(), g.deck().to_vec());
        let mut rng = StdRng::seed_from_u64(seed);
        let mut trail = Vec::new();
        while !g.outcome().is_over() && g.ply() < 500 {
            trail.push((g.key(), g.setup_text(), g.deck().to_vec(), g.turns()));
            step_randomly(&mut g, &mut rng);
        }
        while let Some((key, text, deck, turns)) = trail.pop() {
            assert!(g.undo().is_some());
            assert_eq!(
                (g.key(), g.setup_text(), g.deck().to_vec(), g.turns()),
                (key, text, deck, turns)
            );
        }
        assert!(g.undo().is_none());
        assert_eq!((g.key(), g.setup_text(), g.deck().to_vec()), start);
    }
    // The same fences by other ways, in other order: the same key.
    let mut a = open_field("f3", "g11");
    let mut b = open_field("f3", "g11");
    for (g, first, second) in [(&mut a, "b1|b2", "b2|b3"), (&mut b, "b2|b3", "b1|b2")] {
        for text in [
            &format!("fence a1|a2 to {first}"),
            "throw 2",
            "f3-f4-f3",
            "fence m1|m2 to l1|l2",
            "throw 2",
            "g11-g12-g11",
            &format!("fence a2|a3 to {second}"),
        ] {
            play(g, text);
        }
    }
    assert_ne!(a.fences(), b.fences());
    assert_eq!(a.key(), b.key());
    play(&mut a, "throw 1");
    assert_ne!(a.key(), b.key(), "the step of the turn counts");
}

#[test]
fn random_races_of_every_kind_end() {
    for players in 2..=4u8 {
        for chance_cards in [false, true] {
            for play_for_places in [false, true] {
                for (size, entrance_fences) in [(9, true), (13, false), (25, true)] {
                    for seed in 0..4u64 {
                        let options = FencesOptions {
                            players,
                            size,
                            seed,
                            chance_cards,
                            play_for_places,
                            entrance_fences,
                            ..FencesOptions::default()
                        };
                        let mut g = Fences::new(options.clone()).unwrap();
                        let p = random_playout(&mut g, seed, 100_000);
                        assert!(p.outcome.is_over(), "{options:?}");
                        assert!(g.turns() <= FencesOptions::DEFAULT_TURN_LIMIT);
                        if p.outcome == Outcome::Draw(DrawReason::MoveLimit) {
                            assert_eq!(g.turns(), FencesOptions::DEFAULT_TURN_LIMIT);
                            assert!(g.places().is_empty());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_legal_move_is_chosen_by_its_place_in_the_list() {
    // Every kind of race, through every step of its turns (a chance due with the draw
    // offered, walks with jump cards), and past its end. (A fenced-in pawn's stay: above.)
    for seed in 0..24u64 {
        let mut options = walk_options(seed);
        options.turn_limit = Some(60);
        let mut g = Fences::new(options).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        while !g.outcome().is_over() {
            common::check_legal_move_choice(&g, &g.legal_moves());
            step_randomly(&mut g, &mut rng);
        }
        common::check_legal_move_choice(&g, &g.legal_moves());
    }
}

#[test]
fn the_turn_limit_draws_a_race_nobody_has_won() {
    for limit in [1, 5, 40] {
        let options = FencesOptions {
            turn_limit: Some(limit),
            seed: u64::from(limit),
            ..FencesOptions::default()
        };
        let mut g = Fences::new(options).unwrap();
        let p = random_playout(&mut g, 3, 100_000);
        if g.places().is_empty() {
            assert_eq!(p.outcome, Outcome::Draw(DrawReason::MoveLimit));
            assert_eq!(g.turns(), limit);
        }
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.pending_chance(), None);
        assert_eq!(g.throw(), Err(PlayError::GameOver));
    }
    // Playing for places: at the limit the first pawn home has won.
    let mut fences: Vec<(Seat, Slot)> = Vec::new();
    for (i, seat) in [Section::South, Section::East, Section::North]
        .iter()
        .enumerate()
    {
        let col = ["a", "b", "m"][i];
        fences.extend((1..=6).map(|r| (Seat(*seat), slot(&format!("{col}{r}|{col}{}", r + 1)))));
    }
    let options = FencesOptions {
        players: 3,
        play_for_places: true,
        turn_limit: Some(2),
        ..FencesOptions::default()
    };
    let pawns = vec![
        Node::Space(sp("g4")),
        Node::Space(sp("c3")),
        Node::Space(sp("k10")),
    ];
    let mut g = Fences::with_layout(options, pawns, fences).unwrap();
    play(&mut g, "fence a1|a2 to c1|c2");
    play(&mut g, "throw 2");
    play(&mut g, "g4-g5-home");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    play(&mut g, "fence b1|b2 to d1|d2");
    play(&mut g, "throw 1");
    play(&mut g, "c3-c4");
    assert_eq!(g.outcome(), Outcome::Win(Seat(Section::South)));
    // No limit: the race goes on.
    let mut g = Fences::new(FencesOptions {
        turn_limit: None,
        ..FencesOptions::default()
    })
    .unwrap();
    for _ in 0..3 * 450 {
        if g.outcome().is_over() {
            break;
        }
        match g.pending_chance() {
            Some(_) => {
                g.resolve_chance(1).unwrap();
            }
            None => {
                // Red and Green step back and forth on their stations' edge.
                let mv = g.legal_moves()[0].clone();
                g.play(&mv).unwrap();
            }
        }
    }
    assert_eq!(g.outcome(), Outcome::Ongoing);
    assert!(g.turns() > FencesOptions::DEFAULT_TURN_LIMIT);
}

#[test]
fn random_playouts_with_chance_cards_draw_cards() {
    let mut draws = 0;
    let mut cards_drawn = 0;
    for seed in 0..40u64 {
        let mut g = Fences::new(FencesOptions {
            players: 2 + (seed % 3) as u8,
            seed,
            chance_cards: true,
            ..FencesOptions::default()
        })
        .unwrap();
        let p = random_playout(&mut g, seed, 100_000);
        assert!(p.outcome.is_over());
        draws += p.moves.iter().filter(|m| **m == FenceMove::Draw).count();
        // The cards drawn are among the game's steps: undo finds them.
        while let Some(mv) = g.undo() {
            cards_drawn += usize::from(matches!(mv, FenceMove::Card(_)));
        }
        assert_eq!(g.deck().len(), 12);
    }
    assert!(draws > 100, "{draws} draws");
    assert_eq!(draws, cards_drawn);
    // Without the option, never.
    let mut g = Fences::new(FencesOptions::default()).unwrap();
    let p = random_playout(&mut g, 1, 100_000);
    assert!(!p.moves.contains(&FenceMove::Draw));
}

#[test]
fn no_move_text_panics_and_any_text_read_plays() {
    let texts: Vec<String> = data("texts.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert!(texts.len() > 50);
    let options = FencesOptions {
        chance_cards: true,
        ..FencesOptions::default()
    };
    let mut positions = vec![Fences::new(options.clone()).unwrap()];
    let mut g = positions[0].clone();
    for text in [
        "fence e2|e3 to a1|a2",
        "throw 2",
        "a1-b1-b2",
        "fence e11|e12 to a2|b2",
        "draw",
    ] {
        play(&mut g, text);
        positions.push(g.clone());
    }
    play(&mut g, "card jump 3");
    positions.push(g.clone());
    for position in &positions {
        for text in &texts {
            if let Ok(mv) = position.parse_move(text) {
                position
                    .clone()
                    .play(&mv)
                    .unwrap_or_else(|e| panic!("{text:?} read as {mv:?} but refused: {e}"));
            }
        }
    }
    // A draw is refused, not a panic, where no card is due.
    let mut g = Fences::new(options).unwrap();
    assert!(g.draw().is_err());
    assert!(g.throw().is_err());
}

/// Runs options read from RON the way the app and a scene do: refused with a typed error, or
/// a race in which every listed move plays and the throws and draws never panic.
fn run_options(text: &str) -> Result<usize, String> {
    let options: FencesOptions = ron::from_str(text).map_err(|e| e.to_string())?;
    options.check().map_err(|e| e.to_string())?;
    let mut g = Fences::new(options).map_err(|e| e.to_string())?;
    let mut rng = StdRng::seed_from_u64(7);
    let mut plies = 0;
    while !g.outcome().is_over() && plies < 600 {
        match g.pending_chance() {
            Some(Chance::Die { .. }) if g.is_legal(&FenceMove::Draw) && rng.random_bool(0.5) => {
                g.play(&FenceMove::Draw).unwrap();
                g.draw().expect("a card is due after the draw");
            }
            Some(Chance::Die { .. }) => {
                g.throw().unwrap();
            }
            Some(Chance::Card { .. }) => {
                g.draw().unwrap();
            }
            None => {
                let legal = g.legal_moves();
                for mv in &legal {
                    let text = g.move_text(mv);
                    g.clone()
                        .play(mv)
                        .unwrap_or_else(|e| panic!("{text} listed but refused: {e}"));
                }
                g.play(&legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
        plies += 1;
    }
    Ok(plies)
}

#[test]
fn the_fuzzer_cases_replay_without_a_panic() {
    let dir = common::crate_dir().join("tests/data/fences/fuzz");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 2, "{}", dir.display());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let (_, input) = text
            .split_once("# ----\n")
            .unwrap_or_else(|| panic!("{}: no input line", file.display()));
        let got = std::panic::catch_unwind(|| run_options(input));
        assert!(got.is_ok(), "{} panics", file.display());
    }
    // The two cases found: an empty stack with chance cards, and a card of no steps.
    let e = run_options("(size:13,chance_cards:true,deck:[],entrance_fences:false)");
    assert_eq!(
        e,
        Err("deck: empty; with chance_cards on the stack needs 1 to 100 cards".into())
    );
    let e = run_options("(chance_cards: true,deck:[Steps(9),JumpFence(0), LoseTurn])");
    assert_eq!(
        e,
        Err("deck[1]: \"jump 0\"; a card walks 1 to 12 steps".into())
    );
}

#[test]
fn misspelled_or_unknown_option_fields_are_refused() {
    for (text, field) in [
        ("(player: 3)", "player"),
        ("(chance_card: true)", "chance_card"),
        ("(turnlimit: Some(10))", "turnlimit"),
        ("(decks: [])", "decks"),
    ] {
        let e = ron::from_str::<FencesOptions>(text)
            .unwrap_err()
            .to_string();
        assert!(e.contains(field), "{text}: {e}");
    }
    // Numbers that do not fit their field are refused by the reader, not wrapped.
    for text in ["(players: 300)", "(players: -1)", "(turn_limit: Some(-5))"] {
        assert!(ron::from_str::<FencesOptions>(text).is_err(), "{text}");
    }
    assert_eq!(
        run_options("(players: 4, turn_limit: Some(100001))"),
        Err("turn_limit: Some(100001); a limit is 1 to 100000 turns, or None for no limit".into())
    );
}

#[test]
fn a_draw_never_panics_even_with_no_cards() {
    // No chance cards: the stack may be empty, and nothing is ever drawn from it.
    let mut g = Fences::new(FencesOptions {
        deck: Vec::new(),
        ..FencesOptions::default()
    })
    .unwrap();
    play(&mut g, "fence e2|e3 to a1|a2");
    assert!(!g.is_legal(&FenceMove::Draw));
    assert_eq!(
        g.play(&FenceMove::Draw),
        Err(PlayError::Illegal("chance cards are not in play".into()))
    );
    assert_eq!(
        g.draw(),
        Err(PlayError::Illegal("no card is to be drawn now".into()))
    );
    assert_eq!(
        g.resolve_chance(0),
        Err(PlayError::Illegal("a die has no face 0".into()))
    );
    // With chance cards an empty stack is refused before the race starts.
    let options = FencesOptions {
        chance_cards: true,
        deck: Vec::new(),
        ..FencesOptions::default()
    };
    assert!(Fences::new(options.clone()).is_err());
    assert!(Fences::from_setup_text("Red pawn a1", options).is_err());
    // A one-card stack is turned over after each draw: it is never empty when drawn from.
    let mut g = Fences::new(FencesOptions {
        chance_cards: true,
        deck: vec![Card::LoseTurn],
        ..FencesOptions::default()
    })
    .unwrap();
    for _ in 0..20 {
        let mv = g.legal_moves()[0].clone();
        g.play(&mv).unwrap();
        g.play(&FenceMove::Draw).unwrap();
        assert_eq!(g.draw(), Ok(Card::LoseTurn));
        assert_eq!(g.deck(), &[Card::LoseTurn]);
    }
    assert_eq!(g.turns(), 20);
}

#[test]
fn play_refuses_every_walk_that_is_not_listed() {
    // Every walk end on the board (and home, and off the board), for every count and card,
    // from positions reached by play: play accepts it exactly when legal_moves lists it.
    let mut deck: Vec<Card> = (1..=Card::MAX_STEPS).map(Card::JumpFence).collect();
    deck.extend((1..=Card::MAX_STEPS).map(Card::Steps));
    let mut walks = 0;
    for seed in 0..12u64 {
        let mut g = Fences::new(FencesOptions {
            players: 2 + (seed % 3) as u8,
            size: 9,
            seed,
            chance_cards: true,
            deck: deck.clone(),
            ..FencesOptions::default()
        })
        .unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        while !g.outcome().is_over() && g.ply() < 200 {
            if g.thrown().is_some() {
                let legal = g.legal_moves();
                let mut ends = vec![Node::Home];
                for x in 0..11u8 {
                    for y in 0..11u8 {
                        ends.push(Node::Space(Space { x, y }));
                    }
                }
                for end in ends {
                    let mv = FenceMove::Walk(end);
                    let listed = legal.contains(&mv);
                    assert_eq!(g.clone().play(&mv).is_ok(), listed, "{mv:?}");
                    assert_eq!(g.is_legal(&mv), listed, "{mv:?}");
                    walks += 1;
                }
                let stay = legal == vec![FenceMove::Stay];
                assert_eq!(g.clone().play(&FenceMove::Stay).is_ok(), stay);
            }
            step_randomly(&mut g, &mut rng);
        }
    }
    assert!(walks > 10_000, "{walks}");
}

#[test]
fn home_cannot_be_shut() {
    // Magee, seed 003: home "has four gates or entrances through which it may be entered by
    // the pawns of the players ... By this arrangement each player has a choice of
    // entrances." Before this reading one player could stand four fences in the four
    // entrances and keep them there, and nobody could win.
    let entrances = ["g5|g6", "e7|f7", "g8|g9", "h7|i7"];
    let layout = |options: FencesOptions| {
        let mut fences: Vec<(Seat, Slot)> = entrances
            .iter()
            .take(3)
            .chain(["a1|a2", "a2|a3", "a3|a4"].iter())
            .map(|s| (Seat(Section::South), slot(s)))
            .collect();
        fences.extend((1..=6).map(|r| (Seat(Section::North), slot(&format!("m{r}|m{}", r + 1)))));
        Fences::with_layout(
            options,
            vec![Node::Space(sp("g3")), Node::Space(sp("g11"))],
            fences,
        )
    };
    // By default no fence stands in an entrance.
    let e = layout(FencesOptions::default()).unwrap_err().to_string();
    assert!(e.contains("g5|g6 is an entrance of home"), "{e}");
    let g = open_field("g3", "g11");
    for entrance in entrances {
        match g.parse_move(&format!("fence a1|a2 to {entrance}")) {
            Err(NotationError::Illegal { why, .. }) => {
                assert!(why.contains("is an entrance of home"), "{why}")
            }
            other => panic!("{entrance}: expected illegal, got {other:?}"),
        }
    }
    // entrance-fences all-but-one: three entrances may be shut, never the fourth.
    let all_but_one = FencesOptions {
        entrance_fences: true,
        keep_one_entrance_open: true,
        ..FencesOptions::default()
    };
    let g = layout(all_but_one.clone()).unwrap();
    match g.parse_move("fence a1|a2 to h7|i7") {
        Err(NotationError::Illegal { why, .. }) => {
            assert!(why.contains("home's last open entrance"), "{why}")
        }
        other => panic!("expected illegal, got {other:?}"),
    }
    // A fence already in an entrance may move to the last one: one stays open.
    assert!(g.parse_move("fence g5|g6 to h7|i7").is_ok());
    let listed = g.legal_moves();
    assert_eq!(listed.len(), g.legal_move_count());
    assert_eq!(
        listed
            .iter()
            .filter(|m| matches!(m, FenceMove::Relocate { to, .. } if *to == slot("h7|i7")))
            .count(),
        3,
        "only the three fences in the entrances may go to the last one"
    );
    for (n, mv) in listed.iter().enumerate() {
        assert_eq!(g.choose_legal_move(|_| n).as_ref(), Some(mv));
    }
    let mut four = g.fences().to_vec();
    let i = four.iter().position(|f| f.1 == slot("a1|a2")).unwrap();
    four[i].1 = slot("h7|i7");
    let e = Fences::with_layout(
        all_but_one,
        vec![Node::Space(sp("g3")), Node::Space(sp("g11"))],
        four.clone(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("would shut the last of home's four entrances"),
        "{e}"
    );
    // entrance-fences any, the old default: all four may be shut.
    let any = FencesOptions {
        entrance_fences: true,
        ..FencesOptions::default()
    };
    let g = layout(any.clone()).unwrap();
    assert!(g.parse_move("fence a1|a2 to h7|i7").is_ok());
    assert!(
        Fences::with_layout(
            any,
            vec![Node::Space(sp("g3")), Node::Space(sp("g11"))],
            four
        )
        .is_ok()
    );
}

#[test]
fn every_field_can_be_built_again_from_its_own_start() {
    // Found by fuzzing: on a 9 x 9 field the starting array stood fences in home ("d3|d4 is
    // not a slot of the board"), so Fences::from_setup(start) failed. Magee, seed 003: "Each
    // player initially erects his group of fences in slots of his playing section,
    // preferably in a 3—2—1 array".
    for size in (9..=25).step_by(2) {
        for players in 2..=4 {
            for (entrance_fences, keep_one_entrance_open) in
                [(false, false), (true, true), (true, false)]
            {
                let options = FencesOptions {
                    size,
                    players,
                    entrance_fences,
                    keep_one_entrance_open,
                    ..FencesOptions::default()
                };
                let what = format!("{size} x {size}, {players} players, {options:?}");
                let g = Fences::new(options.clone()).unwrap();
                let board = g.board();
                for &(seat, slot) in g.fences() {
                    assert!(
                        board.slots().contains(&slot),
                        "{what}: {slot} off the field"
                    );
                    assert!(
                        board.in_section(slot.0, seat.0) && board.in_section(slot.1, seat.0),
                        "{what}: {slot} outside {seat}'s section"
                    );
                }
                let again = <Fences as Game>::from_setup(g.start().clone(), options.clone())
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(again.is_standard_setup(), "{what}");
                let text = <Fences as Game>::setup_text(g.start());
                let read = <Fences as Game>::parse_setup(&text, &options)
                    .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
                let read = <Fences as Game>::from_setup(read, options).unwrap();
                assert!(read.is_standard_setup(), "{what}\n{text}");
            }
        }
    }
}

#[test]
fn a_layout_equals_itself_read_back_whatever_order_its_fences_are_listed_in() {
    // Found by fuzzing: the text form lists the fences seat by seat, so a race whose fences
    // were given in another order read back unequal to its own start, and a standard start
    // given in another order was not taken for the standard one.
    let options = FencesOptions::default();
    let standard = Fences::new(options.clone()).unwrap();
    let mut pawns: Vec<Node> = Vec::new();
    for seat in standard.seats() {
        pawns.push(standard.pawn(*seat));
    }
    // The same fences, Green's first and each seat's reversed.
    let mut fences = standard.fences().to_vec();
    fences.reverse();
    let g = Fences::with_layout(options.clone(), pawns, fences).unwrap();
    assert_ne!(g.fences(), standard.fences(), "listed in another order");
    assert!(g.is_standard_setup());
    assert!(g.start() == standard.start());
    let text = <Fences as Game>::setup_text(g.start());
    let read = <Fences as Game>::parse_setup(&text, &options).unwrap();
    assert!(&read == g.start(), "{text}");
    // Lines read from a text do not count either.
    let parsed = tabula_rules::fences::Layout::parse(&text).unwrap();
    assert!(&parsed == g.start(), "{text}");
}
