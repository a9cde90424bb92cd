//! What the `Game` trait promises of every game: built from options or a setup, the setup's
//! text read back, the history replayed to an equal game, and what each move did as
//! `play_effect` reports it, checked against the positions before and after.

use rand::{Rng, SeedableRng, rngs::StdRng};
use std::fmt::Debug;
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::{FenceMove, FenceStep, Fences, FencesOptions, Node};
use tabula_rules::game::Chance;
use tabula_rules::screwball::{
    Board, Move as ScrewballMove, Player, Screwball, ScrewballOptions, Size,
};
use tabula_rules::transport::{Kind, Move as TransportMove, Sq, Transport, TransportOptions};
use tabula_rules::war::{Move as WarMove, Place, War, WarOptions};

/// Plays up to `plies` random legal moves (and random chance inputs), each through
/// `play_effect`, handing the game before, the move, its effect and the game after to `check`.
fn random_game<G: Game>(
    game: &mut G,
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&G, &G::Move, &G::Effect, &G),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        if let Some(chance) = game.pending_chance() {
            let value = match chance {
                Chance::Die { faces } => rng.random_range(1..=u32::from(faces)),
                Chance::Card { cards } => rng.random_range(0..cards),
            };
            game.resolve_chance(value).expect("a chance input in range");
            continue;
        }
        let Some(mv) = game.choose_legal_move(|n| rng.random_range(0..n)) else {
            break;
        };
        let before = game.clone();
        let effect = game.play_effect(&mv).expect("a legal move");
        check(&before, &mv, &effect, game);
    }
}

/// The game's history played from its start under its options gives an equal game (as its
/// `Debug` form shows it: position, history, counters and all).
fn replays_to_equal<G: Game + Debug>(game: &G) -> G {
    let mut again =
        G::from_setup(game.start().clone(), game.options().clone()).expect("its own start");
    for mv in game.history() {
        again
            .play(&mv)
            .unwrap_or_else(|e| panic!("{mv:?} again: {e}"));
    }
    assert_eq!(format!("{again:?}"), format!("{game:?}"));
    again
}

/// The start's setup text reads back to the same start, and a game from it is standard
/// exactly when the original is.
fn setup_round_trips<G: Game>(game: &G) {
    let text = G::setup_text(game.start());
    let read = G::parse_setup(&text, game.options()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&read, game.start(), "{text}");
    let again = G::from_setup(read, game.options().clone()).expect("its own start");
    assert_eq!(again.is_standard_setup(), game.is_standard_setup());
}

/// Every game built from its options starts from the standard setup; its setup text reads
/// back; after random play its history replays; an effect is refused like `play` refuses.
fn trait_basics<G: Game + Debug>(options: G::Options, plies: usize) {
    let mut game = G::from_options(options).expect("valid options");
    assert!(game.is_standard_setup());
    assert!(game.history().is_empty());
    setup_round_trips(&game);
    for seed in 0..4 {
        let mut g = game.clone();
        random_game(&mut g, seed, plies, |_, _, _, _| {});
        assert_eq!(g.history().len(), g.ply());
        replays_to_equal(&g);
        setup_round_trips(&g);
        if !g.outcome().is_over()
            && g.pending_chance().is_none()
            && let Some(mv) = g.legal_moves().first().cloned()
        {
            g.play(&mv).expect("legal");
            let refused = g.play_effect(&mv);
            if let Err(e) = refused {
                assert_eq!(Err(e), g.clone().play(&mv), "the same refusal as play");
            }
        }
    }
    let before = format!("{game:?}");
    if game.pending_chance().is_none()
        && let Some(mv) = game.legal_moves().first().cloned()
    {
        game.play_effect(&mv).expect("a legal move");
        game.undo();
        assert_eq!(format!("{game:?}"), before, "undo after play_effect");
    }
}

#[test]
fn every_game_starts_standard_reads_its_setup_back_and_replays_its_history() {
    trait_basics::<War>(WarOptions::default(), 120);
    trait_basics::<Camelot>(CamelotOptions::default(), 120);
    trait_basics::<Screwball>(ScrewballOptions::default(), 120);
    trait_basics::<Transport>(TransportOptions::default(), 120);
    trait_basics::<Fences>(FencesOptions::default(), 200);
    trait_basics::<Fences>(
        FencesOptions {
            players: 4,
            chance_cards: true,
            seed: 7,
            ..FencesOptions::default()
        },
        300,
    );
}

#[test]
fn a_game_from_a_setup_is_not_standard_and_replays_from_it() {
    let text = "Red: K at KF2, M at GF2, T at GH3\nBlue: K at G2, T at GC4\nRed to move";
    let pos = War::parse_setup(text, &WarOptions::default()).expect("a valid setup");
    let mut game = War::from_setup(pos.clone(), WarOptions::default()).unwrap();
    assert!(!game.is_standard_setup());
    assert_eq!(game.start(), &pos);
    random_game(&mut game, 3, 20, |_, _, _, _| {});
    replays_to_equal(&game);
    // The standard pieces with the other side to move is not the standard opening.
    let blue = War::parse_setup(
        &War::setup_text(&tabula_rules::war::Position::standard(
            tabula_rules::war::Side::Blue,
        )),
        &WarOptions::default(),
    )
    .unwrap();
    assert!(
        !War::from_setup(blue, WarOptions::default())
            .unwrap()
            .is_standard_setup()
    );
}

#[test]
fn a_war_capture_reports_the_piece_and_its_square() {
    let mut captures = 0;
    for seed in 0..6 {
        let mut game = War::new(WarOptions::default()).unwrap();
        random_game(&mut game, seed, 200, |before, mv, effect, after| {
            let pos = before.position();
            let expected: Vec<_> = mv
                .captures(pos)
                .into_iter()
                .filter_map(|sq| pos.at(sq).map(|p| (sq, p)))
                .collect();
            assert_eq!(effect.captured, expected, "{mv:?}");
            for (sq, _) in &effect.captured {
                if *sq != mv.destination() {
                    assert!(after.position().at(*sq).is_none(), "{sq} emptied");
                }
            }
            let (mover, from) = match mv {
                WarMove::Fly { station, .. } => (
                    pos.on_station(pos.to_move(), *station),
                    Place::Station(*station),
                ),
                WarMove::Step { from, .. } | WarMove::Jump { from, .. } => {
                    (pos.at(*from), Place::Square(*from))
                }
            };
            assert_eq!(Some(effect.mover), mover);
            assert_eq!(effect.from, from);
            assert_eq!(effect.path, mv.path());
            let now = after.position().at(mv.destination()).expect("the mover");
            assert_eq!(
                (now.side, now.kind, now.name),
                (
                    mover.unwrap().side,
                    mover.unwrap().kind,
                    mover.unwrap().name
                )
            );
            captures += effect.captured.len();
        });
    }
    assert!(captures > 0, "random games capture");
}

#[test]
fn a_camelot_capture_reports_each_piece_and_the_leg_that_takes_it() {
    let mut captures = 0;
    for seed in 0..6 {
        let mut game = Camelot::new(CamelotOptions::default()).unwrap();
        random_game(&mut game, seed, 200, |before, mv, effect, after| {
            let pos = before.position();
            let squares: Vec<_> = effect.captured.iter().map(|c| c.square).collect();
            assert_eq!(squares, mv.captures(), "{mv:?}");
            for c in &effect.captured {
                assert_eq!(pos.at(c.square), Some(c.piece));
                assert_ne!(c.piece.side, effect.mover.side);
                assert_eq!(
                    mv.steps[c.leg - 1].0,
                    tabula_rules::camelot::Step::Jump,
                    "leg {} of {mv:?} is a jump",
                    c.leg
                );
                assert!(after.position().at(c.square).is_none() || c.square == mv.destination());
            }
            assert_eq!(pos.at(mv.from), Some(effect.mover));
            assert_eq!(after.position().at(mv.destination()), Some(effect.mover));
            assert_eq!(effect.path, mv.path());
            captures += effect.captured.len();
        });
    }
    assert!(captures > 0, "random games capture");
}

#[test]
fn a_screwball_attack_reports_the_attacked_squares_and_the_penalty_pieces() {
    let mut g = Screwball::from_setup_text(
        "Screws large: d2 f4 c5\nBalls large: e4\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    // Reaching the own edge: the mover dies on arrival.
    let mv = g.parse_move("d2-e1").unwrap();
    let effect = g.play_effect(&mv).unwrap();
    assert!(effect.mover_died);
    assert!(effect.attacked.is_empty() && effect.placements.is_empty() && !effect.again);

    let (mut attacks, mut placed) = (0, 0);
    for seed in 0..8 {
        let mut game = Screwball::new(ScrewballOptions::default()).unwrap();
        random_game(&mut game, seed, 300, |before, mv, effect, after| {
            let player = before.to_move();
            assert_eq!(effect.player, player);
            let pos = before.position();
            let dead = |g: &Screwball, p: Player| {
                g.position().dead(p, Size::Large) + g.position().dead(p, Size::Small)
            };
            match mv {
                ScrewballMove::Step {
                    from,
                    to,
                    placements,
                } => {
                    assert_eq!(effect.attacked, pos.attacked_after(player, *from, *to));
                    assert_eq!(effect.mover, pos.at(*from));
                    // Seed 002: "he is entitled to another move and may keep on as long as
                    // he is capable of attacking": an attack earns a bonus move when the
                    // player has a step to make; otherwise his turn ends.
                    let now = after.position();
                    let can_step = now
                        .pieces_of(player)
                        .any(|(at, _)| !now.steps_from(at).is_empty());
                    if after.outcome().is_over() {
                        assert!(!effect.attacked.is_empty() || !effect.again);
                    } else {
                        assert_eq!(effect.again, !effect.attacked.is_empty() && can_step);
                        assert_eq!(after.to_move() == player, effect.again);
                    }
                    let spots: Vec<_> = effect.placements.iter().map(|p| p.at).collect();
                    assert_eq!(spots, placements.as_slice());
                    let mut died = usize::from(effect.mover_died);
                    assert_eq!(after.position().at(*to).is_none(), effect.mover_died);
                    for p in &effect.placements {
                        assert_eq!(p.piece.owner, player.other());
                        assert!(effect.attacked.contains(&p.victim.expect("a victim")));
                        assert_eq!(after.position().at(p.at).is_none(), p.died);
                        if !p.died {
                            assert_eq!(after.position().at(p.at), Some(p.piece));
                        }
                        died += usize::from(p.died);
                    }
                    let newly = usize::from(dead(after, player) - dead(before, player))
                        + usize::from(dead(after, player.other()) - dead(before, player.other()));
                    assert_eq!(newly, died);
                    attacks += effect.attacked.len();
                    placed += effect.placements.len();
                }
                ScrewballMove::Enter(at) => {
                    assert_eq!(effect.placements.len(), 1);
                    assert_eq!(effect.placements[0].at, *at);
                    assert_eq!(effect.placements[0].piece.owner, player);
                }
                ScrewballMove::Pass => assert_eq!(effect.mover, None),
            }
        });
    }
    assert!(
        attacks > 0 && placed > 0,
        "{attacks} attacks, {placed} placements"
    );
    let _ = Board::get();
}

#[test]
fn a_transport_sinking_reports_the_sunk_ship_and_the_torpedos_run() {
    let setup = "Fleet 1: B f5 f6, T a1\n\
                 Fleet 1 reserve: 0 planes, 1 shells, 0 torpedoes\n\
                 Fleet 2: B f9 f8, S h8 moved, T k11\n\
                 Fleet 2 missiles: plane f8 S, plane e8 SE\n\
                 Fleet 2 reserve: 0 planes, 0 shells, 1 torpedoes\n\
                 Fleet 1 to move";
    let mut g = Transport::from_setup_text(setup, TransportOptions::default()).unwrap();
    let sq = |t: &str| Sq::parse(t).unwrap();
    let mv = g.parse_move("fire shell f7 N").unwrap();
    let effect = g.play_effect(&mv).unwrap();
    assert_eq!(effect.fleet, 0);
    assert_eq!(effect.path, vec![sq("f7")]);
    assert!(effect.sunk.is_empty() && !effect.returned);
    assert_eq!(
        effect.after.map(|p| (p.kind, p.at)),
        Some((Kind::Shell, sq("f7")))
    );
    // The torpedo set on g7 runs to f6, the battleship's bow, sinks it and goes back.
    let mv = g.parse_move("fire torpedo g7 SW").unwrap();
    let effect = g.play_effect(&mv).unwrap();
    assert_eq!(effect.fleet, 1);
    assert_eq!(effect.path, vec![sq("g7"), sq("f6")]);
    assert_eq!(
        effect
            .sunk
            .iter()
            .map(|p| (p.fleet, p.kind))
            .collect::<Vec<_>>(),
        vec![(0, Kind::Battleship)]
    );
    assert!(effect.returned);
    assert_eq!(effect.after, None);
    assert_eq!(effect.launcher.map(|p| p.kind), Some(Kind::Submarine));

    let mut sinkings = 0;
    for seed in 0..10 {
        let mut game = Transport::new(TransportOptions::default()).unwrap();
        random_game(&mut game, seed, 400, |before, mv, effect, after| {
            let me = before.position().to_move();
            assert_eq!(effect.fleet, me);
            // What left the board besides the mover: sunk and removed pieces.
            let mut left: Vec<_> = after.position().pieces().to_vec();
            let mut gone = Vec::new();
            for p in before.position().pieces().iter().filter(|p| p.fleet != me) {
                match left.iter().position(|q| q == p) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => gone.push(*p),
                }
            }
            let mut told = effect.sunk.clone();
            told.extend(effect.removed.iter().filter(|p| p.fleet != me));
            told.sort();
            gone.sort();
            assert_eq!(told, gone, "{mv:?}");
            if let Some(p) = effect.after {
                assert!(after.position().pieces().contains(&p), "{mv:?}: {p:?}");
            }
            match mv {
                TransportMove::Main { to, .. } => {
                    assert_eq!(effect.path.last(), Some(&to.0));
                    assert_eq!(effect.after.map(|p| (p.at, p.bow)), Some(*to));
                }
                TransportMove::Advance { to: Some(to), .. } if !effect.returned => {
                    assert_eq!(effect.path.last(), Some(to));
                    assert!(effect.after.is_some());
                }
                TransportMove::Launch { at, kind, .. } => {
                    assert_eq!(effect.path[0], *at);
                    let ship = effect.launcher.expect("the ship that launched it");
                    assert_eq!(ship.fleet, me);
                    assert!(ship.squares().any(|q| q.touches(*at)), "{mv:?}: {ship:?}");
                    let launches = match kind {
                        Kind::Plane => vec![Kind::Carrier],
                        Kind::Shell => vec![Kind::Battleship, Kind::Transport],
                        _ => vec![Kind::Destroyer, Kind::Submarine],
                    };
                    assert!(launches.contains(&ship.kind), "{mv:?}: {ship:?}");
                }
                TransportMove::Pass => assert!(effect.path.is_empty()),
                _ => {}
            }
            sinkings += effect.sunk.len();
        });
    }
    assert!(sinkings > 0, "random games sink");
}

#[test]
fn a_fence_race_step_reports_the_fence_the_throw_and_the_walk() {
    let mut game = Fences::new(FencesOptions::default()).unwrap();
    let seat = game.to_move();
    let pawn = game.pawn(seat);
    let mv = game.legal_moves()[0].clone();
    let effect = game.play_effect(&mv).unwrap();
    let FenceMove::Relocate { from, to } = mv else {
        panic!("a turn starts with a fence: {mv:?}");
    };
    assert_eq!(effect.step, FenceStep::Relocated { from, to });
    assert_eq!(
        (effect.seat, effect.pawn_before, effect.turn_over),
        (seat, pawn, false)
    );
    // No move but the chance input now.
    assert_eq!(
        game.play_effect(&FenceMove::Stay),
        Err(tabula_rules::PlayError::ChancePending)
    );
    let effect = game.play_effect(&FenceMove::Throw(3)).unwrap();
    assert_eq!(effect.step, FenceStep::Thrown(3));
    let end = match game.legal_moves()[0] {
        FenceMove::Walk(end) => end,
        ref other => panic!("a walk: {other:?}"),
    };
    let path = game.walk_path(end).unwrap();
    let effect = game.play_effect(&FenceMove::Walk(end)).unwrap();
    assert_eq!(
        effect.step,
        FenceStep::Walked {
            path: path.clone(),
            place: None
        }
    );
    assert_eq!(path.len(), 3);
    assert_eq!(path.last(), Some(&end));
    assert!(effect.turn_over);
    assert_ne!(game.to_move(), seat);
    assert_eq!(game.pawn(seat), end);
    assert_ne!(end, Node::Home);
}

#[test]
fn a_replayed_race_throws_on_as_the_original() {
    for chance_cards in [false, true] {
        let options = FencesOptions {
            players: 3,
            chance_cards,
            seed: 11,
            ..FencesOptions::default()
        };
        let mut game = Fences::new(options).unwrap();
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..120 {
            match game.pending_chance() {
                Some(Chance::Die { .. }) => {
                    game.throw().unwrap();
                }
                Some(Chance::Card { .. }) => {
                    game.draw().unwrap();
                }
                None => match game.choose_legal_move(|n| rng.random_range(0..n)) {
                    Some(mv) => game.play(&mv).unwrap(),
                    None => break,
                },
            }
        }
        let mut again = replays_to_equal(&game);
        // Both go on with the same throws from the seeded generator.
        for _ in 0..40 {
            match game.pending_chance() {
                Some(Chance::Die { .. }) => assert_eq!(game.throw(), again.throw()),
                Some(Chance::Card { .. }) => assert_eq!(game.draw(), again.draw()),
                None => match game.choose_legal_move(|n| rng.random_range(0..n)) {
                    Some(mv) => {
                        game.play(&mv).unwrap();
                        again.play(&mv).unwrap();
                    }
                    None => break,
                },
            }
        }
        assert_eq!(format!("{again:?}"), format!("{game:?}"));
    }
}

#[test]
fn a_throw_taken_back_comes_up_the_same_again() {
    let mut game = Fences::new(FencesOptions::default()).unwrap();
    let mut firsts = Vec::new();
    for _ in 0..10 {
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).unwrap();
        let k = game.throw().unwrap();
        game.undo();
        assert_eq!(game.throw().unwrap(), k);
        firsts.push(k);
        let walk = game.legal_moves()[0].clone();
        game.play(&walk).unwrap();
    }
    firsts.sort();
    firsts.dedup();
    assert!(firsts.len() > 1, "the die varies: {firsts:?}");
}
