//! Resigning, in every game (Maxim's Law X: "abandoning or resigning a game counts as a
//! loss", Tabula's rule for all five): with two players the opponent wins, whether the
//! resigner was to move or not; with three or four the resigner drops out, the turns pass
//! him by and the last one left wins; a resignation is taken back exactly, and is written,
//! read and replayed like a move.

use rand::{Rng, SeedableRng, rngs::StdRng};
use std::fmt::Debug;
use std::path::Path;
use tabula_rules::fences::{FenceMove, Fences, FencesOptions};
use tabula_rules::game::Chance;
use tabula_rules::registry::GAMES;
use tabula_rules::resign::{self, Act};
use tabula_rules::scene::SceneFile;
use tabula_rules::transport::game::Fleet;
use tabula_rules::transport::{Mode, Transport, TransportOptions};
use tabula_rules::{AnyGame, Game, Outcome, PlayError, with_game};

/// Plays `plies` random legal moves and chance inputs.
fn advance<G: Game>(game: &mut G, seed: u64, plies: usize) {
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
        game.play(&mv).expect("a legal move");
    }
}

/// Every game with two players, a few moves in.
fn two_player_games() -> Vec<AnyGame> {
    GAMES
        .iter()
        .map(|info| {
            let options = if info.option("players").is_some() {
                "(players: 2)"
            } else {
                ""
            };
            let mut game = AnyGame::new(info.kind, options, None).expect("the game");
            with_game!(&mut game, g => advance(g, 7, 4));
            game
        })
        .collect()
}

/// Either player resigns: in turn or out of it, the other wins, and nothing more is played.
fn opponent_wins<G: Game + Debug>(start: &G) {
    let name = G::ABOUT.name;
    assert!(!start.outcome().is_over(), "{name}: over too soon");
    for resigner in start.players() {
        let mut game = start.clone();
        let other = *game.players().iter().find(|p| **p != resigner).unwrap();
        game.resign(resigner).unwrap();
        assert_eq!(
            game.outcome(),
            Outcome::Win(other),
            "{name}: {resigner} resigned"
        );
        assert!(game.legal_moves().is_empty(), "{name}: moves after the end");
        assert_eq!(game.resign(other), Err(PlayError::GameOver), "{name}");
        let any = start.legal_moves();
        if let Some(mv) = any.first() {
            assert_eq!(game.play(mv), Err(PlayError::GameOver), "{name}");
        }
        assert_eq!(
            game.resignations(),
            vec![resign::Resignation {
                player: resigner,
                ply: start.ply()
            }]
        );
        // Taking it back restores the game exactly, by either door.
        let mut back = game.clone();
        assert_eq!(back.unresign(), Some(resigner), "{name}");
        assert_eq!(format!("{back:?}"), format!("{start:?}"), "{name}");
        assert_eq!(back.unresign(), None, "{name}: one resignation only");
        let mut back = game.clone();
        assert_eq!(
            resign::undo_act(&mut back),
            Some(Act::Resign(resigner)),
            "{name}"
        );
        assert_eq!(format!("{back:?}"), format!("{start:?}"), "{name}");
        // A move taken back takes the resignation after it back too.
        let mut back = game.clone();
        let mut before = start.clone();
        assert_eq!(back.undo(), before.undo(), "{name}");
        assert_eq!(format!("{back:?}"), format!("{before:?}"), "{name}");
    }
}

#[test]
fn with_two_players_the_opponent_wins_in_turn_or_out_of_it() {
    for game in two_player_games() {
        with_game!(&game, g => opponent_wins(g));
    }
}

#[test]
fn a_player_cannot_resign_twice() {
    let mut game = AnyGame::new(
        tabula_rules::registry::GameKind::Fences,
        "(players: 3)",
        None,
    )
    .expect("a three-player race");
    with_game!(&mut game, g => {
        let first = g.players()[0];
        g.resign(first).unwrap();
        assert_eq!(
            g.resign(first),
            Err(PlayError::Illegal(format!("{first} has resigned already")))
        );
    });
}

/// The texts of every act of the game, in order.
fn texts<G: Game>(game: &G) -> Vec<String> {
    let mut replay = game.clone();
    let mut back = Vec::new();
    while let Some(act) = resign::undo_act(&mut replay) {
        back.push(act);
    }
    back.into_iter()
        .rev()
        .map(|act| {
            let text = resign::act_text(&replay, &act);
            resign::play_act(&mut replay, &act).expect("its own act");
            text
        })
        .collect()
}

#[test]
fn resign_is_written_read_and_replayed_like_a_move() {
    for mut game in two_player_games() {
        let name = game.kind().name();
        let moves = with_game!(&mut game, g => {
            let to_move = g.to_move();
            assert_eq!(
                resign::parse(g, "resign").map(Result::unwrap),
                Some(to_move),
                "{name}"
            );
            let shout = to_move.to_string().to_uppercase() + " RESIGNS";
            assert_eq!(resign::parse(g, &shout).map(Result::unwrap), Some(to_move));
            assert!(resign::parse(g, "Purple resigns").unwrap().is_err());
            assert!(resign::parse(g, "resigned").is_none());
            tabula_rules::any::play_text(g, "resign").unwrap();
            let moves = texts(g);
            assert_eq!(moves.last(), Some(&format!("{to_move} resigns")), "{name}");
            assert_eq!(resign::act_count(g), moves.len());
            moves
        });
        // A scene of these moves replays to the same end, and `verify` accepts it.
        let expect = with_game!(&game, g => match g.outcome() {
            Outcome::Win(p) => p.to_string(),
            other => panic!("{name}: {other}"),
        });
        let options = if game.info().option("players").is_some() {
            "(players: 2)"
        } else {
            "()"
        };
        let scene = format!(
            "Scene(title: \"Resigned\", game: {:?}, options: {options}, moves: {moves:?}, expect: Win({expect:?}))",
            game.kind()
        );
        let file = SceneFile::parse(Path::new("resigned.ron"), &scene).expect("the scene");
        let verified = file.verify().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(verified.contains(&expect), "{name}: {verified}");
        let again = AnyGame::from_scene(&file, None).unwrap();
        with_game!(&again, g => assert_eq!(texts(g), moves, "{name}"));
    }
}

#[test]
fn a_fleet_that_resigns_in_the_battle_royal_is_out_and_the_last_one_left_wins() {
    let options = TransportOptions {
        mode: Mode::Royal,
        ..TransportOptions::default()
    };
    let mut game = Transport::new(options).unwrap();
    advance(&mut game, 3, 2);
    assert_eq!(game.to_move(), Fleet(2));
    let start = game.clone();
    // Fleet 4 resigns out of turn: its pieces leave the board, Fleet 3 is still to move.
    game.resign(Fleet(3)).unwrap();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.to_move(), Fleet(2));
    assert!(game.position().pieces().iter().all(|p| p.fleet != 3));
    assert!(game.position().is_out(3));
    // Fleet 3 moves, then Fleet 1, Fleet 2; Fleet 4's turn is passed by.
    let mut order = Vec::new();
    for _ in 0..3 {
        order.push(game.to_move());
        advance(&mut game, 5, 1);
    }
    assert_eq!(order, vec![Fleet(2), Fleet(0), Fleet(1)]);
    assert_eq!(game.to_move(), Fleet(2));
    // The fleet to move resigns: the turn passes to the next one in.
    game.resign(Fleet(2)).unwrap();
    assert_eq!(game.to_move(), Fleet(0));
    assert_eq!(
        game.resign(Fleet(3)),
        Err(PlayError::Illegal("Fleet 4 has resigned already".into()))
    );
    game.resign(Fleet(0)).unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Fleet(1)));
    // Everything taken back, in order, gives the game before the first resignation.
    while resign::act_count(&game) > resign::act_count(&start) {
        resign::undo_act(&mut game).unwrap();
    }
    assert_eq!(format!("{game:?}"), format!("{start:?}"));
}

#[test]
fn a_racer_who_resigns_leaves_the_race_and_the_last_one_left_wins() {
    let options = FencesOptions {
        players: 4,
        ..FencesOptions::default()
    };
    let mut game = Fences::new(options).unwrap();
    let seats = game.players();
    // The first seat relocates a fence and throws, then resigns before walking.
    let relocate = game.legal_moves()[0].clone();
    game.play(&relocate).unwrap();
    game.play(&FenceMove::Throw(3)).unwrap();
    let mid_turn = game.clone();
    game.resign(seats[0]).unwrap();
    assert_eq!(game.to_move(), seats[1]);
    assert_eq!(game.pending_chance(), None, "the next seat relocates first");
    assert_eq!(game.outcome(), Outcome::Ongoing);
    // Taken back, his turn goes on where it stood.
    let mut back = game.clone();
    back.unresign().unwrap();
    assert_eq!(format!("{back:?}"), format!("{mid_turn:?}"));
    // The turns pass him by.
    let mut turns = vec![game.to_move()];
    let mut rng = StdRng::seed_from_u64(1);
    while turns.len() < 5 {
        advance(&mut game, rng.random(), 1);
        if turns.last() != Some(&game.to_move()) {
            turns.push(game.to_move());
        }
    }
    assert_eq!(
        turns,
        vec![seats[1], seats[2], seats[3], seats[1], seats[2]]
    );
    // Two more resign, one out of turn: the last one left wins.
    game.resign(seats[3]).unwrap();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    game.resign(seats[2]).unwrap();
    assert_eq!(game.outcome(), Outcome::Win(seats[1]));
    assert_eq!(texts(&game).last(), Some(&format!("{} resigns", seats[2])));
}

/// Random games of every game and mode, with resignations among the moves: each act's text
/// replays to an equal game, and taking every act back, one at a time, passes through the
/// same games in reverse and ends at the start.
fn random_acts<G: Game + Debug>(start: G, seed: u64) {
    let name = G::ABOUT.name;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = start.clone();
    let mut seen = vec![format!("{game:?}")];
    let mut texts = Vec::new();
    while texts.len() < 60 && !game.outcome().is_over() {
        let before = game.clone();
        if rng.random_bool(0.05) {
            let players = game.players();
            let player = players[rng.random_range(0..players.len())];
            if game.resign(player).is_err() {
                assert_eq!(
                    format!("{game:?}"),
                    format!("{before:?}"),
                    "{name}: refused"
                );
                continue;
            }
            texts.push(resign::text(player));
        } else {
            advance(&mut game, rng.random(), 1);
            match resign::acts(&game).last() {
                Some(act) if resign::act_count(&game) > texts.len() => {
                    texts.push(resign::act_text(&before, act));
                }
                _ => break,
            }
        }
        seen.push(format!("{game:?}"));
    }
    let mut again = start.clone();
    for text in &texts {
        tabula_rules::any::play_text(&mut again, text)
            .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
    }
    assert_eq!(
        format!("{again:?}"),
        format!("{game:?}"),
        "{name}: {texts:?}"
    );
    while let Some(expected) = seen.pop() {
        assert_eq!(format!("{game:?}"), expected, "{name}: {texts:?}");
        resign::undo_act(&mut game);
    }
}

#[test]
fn random_games_with_resignations_replay_and_take_back_exactly() {
    let modes = [
        "",
        "(players: 3)",
        "(players: 4)",
        "(mode: Royal)",
        "(mode: Teams)",
    ];
    for info in &GAMES {
        for options in modes {
            let Ok(game) = AnyGame::new(info.kind, options, None) else {
                continue;
            };
            for seed in 0..8 {
                with_game!(game.clone(), g => random_acts(g, seed));
            }
        }
    }
}
