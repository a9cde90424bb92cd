//! Every legal move has a click path (`Game::click_paths`): the spots a player clicks on a
//! board, in order, to make it. In every position sampled (each game's openings, random
//! games from them and from every shipped scene), the paths tell the moves apart, none is
//! the start of another (those that could go on end with `stop`), every spot that looks
//! like a square is one, and each move's text reads back as the move, so that a page can
//! send it. Positions with the moves that need more than two clicks show them: Camelot's
//! canters that may go on and its charges, War's jump chains, Transport's launches and
//! planes' headings, the fence race's relocations and walks, Screwball's attacks with
//! their penalty pieces and its entries from the reserve.

use rand::{Rng, SeedableRng, rngs::StdRng};
use std::collections::HashSet;
use std::path::Path;
use tabula_rules::game::{Chance, STOP};
use tabula_rules::scene::{GameKind, SceneFile};
use tabula_rules::{AnyGame, Game, with_game};

/// Checks the click paths of `game`'s position; returns them.
fn check<G: Game>(game: &G, specials: &[&str], at: &str) -> Vec<Vec<String>> {
    let paths = game.click_paths();
    assert_eq!(paths.len(), game.legal_moves().len(), "{at}");
    let mut seen = HashSet::new();
    for (mv, path) in &paths {
        assert!(!path.is_empty(), "{at}: {mv:?} has no clicks");
        if !seen.insert(path.clone()) {
            let both: Vec<String> = paths
                .iter()
                .filter(|(_, p)| p == path)
                .map(|(m, _)| game.move_text(m))
                .collect();
            panic!("{at}: {both:?} both click {path:?}");
        }
        for spot in path {
            assert!(
                G::is_square_name(spot) || specials.contains(&spot.as_str()) || spot == STOP,
                "{at}: {mv:?} clicks {spot:?}, which is no square and no special spot"
            );
        }
        let text = game.move_text(mv);
        assert_eq!(
            &game
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{at}: {text}: {e}")),
            mv,
            "{at}: {text}"
        );
    }
    for (_, a) in &paths {
        for (_, b) in &paths {
            assert!(
                !(b.len() > a.len() && b.starts_with(a)),
                "{at}: {a:?} is the start of {b:?}"
            );
        }
    }
    for (mv, path) in &paths {
        if path.last().map(String::as_str) == Some(STOP) {
            // A stop ends only a path that would otherwise be the start of another.
            let bare = &path[..path.len() - 1];
            assert!(
                paths
                    .iter()
                    .any(|(_, p)| p.len() > bare.len() && p.starts_with(bare)),
                "{at}: {mv:?} stops needlessly"
            );
        }
    }
    paths.into_iter().map(|(_, p)| p).collect()
}

/// The spots that are no square, for each game.
fn specials(kind: GameKind) -> Vec<&'static str> {
    match kind {
        GameKind::War => vec!["station KF1", "station GF1", "station KF10", "station GF10"],
        GameKind::Camelot => vec![],
        GameKind::Transport => {
            let mut s = vec!["launch plane", "fire shell", "fire torpedo", "pass"];
            s.extend(["N", "NE", "E", "SE", "S", "SW", "W", "NW", "off the board"]);
            // A piece chosen where pieces share a square.
            s.extend([
                "transport",
                "destroyer",
                "battleship",
                "carrier",
                "submarine",
                "cruiser",
            ]);
            for kind in ["plane", "shell", "torpedo"] {
                for dir in ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] {
                    s.push(Box::leak(format!("{kind} {dir}").into_boxed_str()));
                }
            }
            s
        }
        GameKind::Fences => vec!["home", "stay", "draw"],
        GameKind::Screwball => vec!["reserve", "pass"],
    }
}

/// Plays `plies` random moves (and chance inputs) from `game`, checking every position;
/// every path seen goes to `seen`.
fn wander(game: &mut AnyGame, seed: u64, plies: usize, at: &str, seen: &mut Vec<Vec<String>>) {
    let kind = game.kind();
    let specials = specials(kind);
    let mut rng = StdRng::seed_from_u64(seed);
    with_game!(game, g => {
        for ply in 0..plies {
            seen.extend(check(g, &specials, &format!("{at}, ply {ply}")));
            // Where a chance input is due, a move may still be listed (drawing a card
            // instead of throwing): either is taken, at random.
            if let Some(chance) = g.pending_chance()
                && (g.legal_moves().is_empty() || rng.random_bool(0.5))
            {
                let value = match chance {
                    Chance::Die { faces } => rng.random_range(1..=u32::from(faces)),
                    Chance::Card { cards } => rng.random_range(0..cards),
                };
                g.resolve_chance(value).expect("a chance input in range");
                continue;
            }
            let Some(mv) = g.choose_legal_move(|n| rng.random_range(0..n)) else {
                break;
            };
            g.play_effect(&mv).expect("a legal move");
        }
    });
}

/// The paths of every position sampled of `kind`: its openings under `options` and the
/// shipped scenes of the game, each followed by random games.
fn sample(kind: GameKind, options: &[&str], plies: usize) -> Vec<Vec<String>> {
    let mut seen = Vec::new();
    for opts in options {
        for seed in 0..4 {
            let mut game = AnyGame::new(kind, opts, None).expect("an opening");
            let at = format!("{kind:?} {opts} seed {seed}");
            wander(&mut game, seed, plies, &at, &mut seen);
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenes")
        .join(kind.name());
    for entry in std::fs::read_dir(&dir).expect("the game's scenes") {
        let path = entry.expect("an entry").path();
        let scene = SceneFile::load(&path).expect("a shipped scene");
        for at in 0..=scene.scene.moves.len() {
            let mut game = AnyGame::from_scene(&scene, Some(at)).expect("the scene plays");
            let name = format!("{} at {at}", path.display());
            wander(&mut game, at as u64, 3, &name, &mut seen);
        }
    }
    seen
}

#[test]
fn camelot_canters_that_may_go_on_stop_and_charges_are_clicked_leg_by_leg() {
    let seen = sample(GameKind::Camelot, &["", "(rules: Parker1930)"], 60);
    assert!(
        seen.iter()
            .any(|p| p.last().map(String::as_str) == Some(STOP))
    );
    assert!(seen.iter().any(|p| p.len() >= 4), "a move of several legs");
}

#[test]
fn war_jump_chains_are_clicked_landing_by_landing() {
    let seen = sample(GameKind::War, &[""], 80);
    assert!(
        seen.iter()
            .any(|p| p.len() >= 3 && !p.contains(&STOP.to_string()))
    );
    assert!(seen.iter().all(|p| p.len() >= 2));
}

#[test]
fn transport_launches_name_the_auxiliary_and_its_heading() {
    let seen = sample(GameKind::Transport, &["", "(mode: Teams)"], 60);
    assert!(
        seen.iter()
            .any(|p| p.len() == 3 && p[0] == "launch plane" && p[2].len() <= 2)
    );
    assert!(seen.iter().any(|p| p.len() == 3 && p[0] == "fire shell"));
    // A plane's flight: its square, where it lands, its new heading.
    assert!(
        seen.iter()
            .any(|p| p.len() == 3 && !p[0].contains(' ') && p[2].len() <= 2)
    );
}

#[test]
fn fence_relocations_go_slot_to_slot_and_walks_to_their_end() {
    let seen = sample(
        GameKind::Fences,
        &["", "(players: 4)", "(chance_cards: true)"],
        60,
    );
    assert!(
        seen.iter()
            .any(|p| p.len() == 2 && p[0].contains('|') && p[1].contains('|'))
    );
    assert!(seen.iter().any(|p| p.len() == 1 && !p[0].contains('|')));
    assert!(seen.iter().any(|p| p == &["draw".to_string()]));
}

#[test]
fn screwball_attacks_click_their_penalty_pieces_and_entries_the_reserve() {
    let mut seen = sample(GameKind::Screwball, &[""], 400);
    // A screw that cannot step: its player enters a piece from the reserve instead.
    let blocked = "Screws large: d2;Balls large: e1 l1;Balls small: a4;Screws to move";
    let mut game = AnyGame::new(GameKind::Screwball, "", Some(blocked)).expect("a setup");
    wander(&mut game, 1, 6, "a blocked screw", &mut seen);
    assert!(seen.iter().any(|p| p.len() >= 3 && p[0] != "reserve"));
    assert!(seen.iter().any(|p| p.len() == 2 && p[0] == "reserve"));
}
