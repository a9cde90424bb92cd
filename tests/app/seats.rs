//! Seats given to the computer on the start screen: one `--computer SEAT:LEVEL` per computer
//! seat, numbered in turn order, for as many seats as the game and its options have; a game
//! with no person at the table starts as well.

use bevy::prelude::*;
use tabula::screens::menu::{Level, Menu, MenuAction, Seat};
use tabula_rules::scene::GameKind;

/// Runs the start screen headless on `actions`; returns it and what it launched.
fn run_menu(actions: &[MenuAction]) -> (Menu, Option<Vec<String>>) {
    super::run_menu(77, actions)
}

/// `actions`, then Play: the command line launched (the test fails when none is).
fn launched(actions: &[MenuAction]) -> Vec<String> {
    let mut all = actions.to_vec();
    all.push(MenuAction::Play);
    let (menu, launched) = run_menu(&all);
    launched.unwrap_or_else(|| panic!("nothing launched: {}", menu.message.text))
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(ToString::to_string).collect()
}

#[test]
fn every_seat_starts_with_a_person_and_a_computer_seat_starts_at_medium() {
    let (menu, _) = run_menu(&[MenuAction::Game(GameKind::Camelot)]);
    assert_eq!(menu.players().unwrap(), ["White", "Black"]);
    assert_eq!(menu.seat(0), Seat::Human);
    assert_eq!(menu.seat(1), Seat::Human);
    assert_eq!(
        launched(&[MenuAction::Game(GameKind::Camelot)]),
        ["play", "camelot"]
    );

    let (menu, _) = run_menu(&[
        MenuAction::Game(GameKind::Camelot),
        MenuAction::SwitchSeat(1),
    ]);
    assert_eq!(menu.seat(0), Seat::Human);
    assert_eq!(menu.seat(1), Seat::Computer(Level::Medium));
    assert_eq!(
        menu.play_args(),
        ["play", "camelot", "--computer", "2:medium"]
    );
    assert_eq!(
        launched(&[
            MenuAction::Game(GameKind::Camelot),
            MenuAction::SwitchSeat(1),
            MenuAction::Level(1, 1),
        ]),
        ["play", "camelot", "--computer", "2:hard"]
    );
}

#[test]
fn levels_step_round_both_ways_and_a_seat_switched_back_and_again_is_at_medium() {
    let level_after = |steps: &[i32]| {
        let mut actions = vec![MenuAction::Game(GameKind::War), MenuAction::SwitchSeat(0)];
        actions.extend(steps.iter().map(|s| MenuAction::Level(0, *s)));
        run_menu(&actions).0.seat(0)
    };
    assert_eq!(level_after(&[]), Seat::Computer(Level::Medium));
    assert_eq!(level_after(&[1]), Seat::Computer(Level::Hard));
    assert_eq!(level_after(&[1, 1]), Seat::Computer(Level::Easy));
    assert_eq!(level_after(&[-1]), Seat::Computer(Level::Easy));
    assert_eq!(level_after(&[-1, -1]), Seat::Computer(Level::Hard));
    assert_eq!(level_after(&[1, 1, 1]), Seat::Computer(Level::Medium));

    // A person's seat has no level to step.
    let (menu, _) = run_menu(&[MenuAction::Game(GameKind::War), MenuAction::Level(0, 1)]);
    assert_eq!(menu.seat(0), Seat::Human);
    assert_eq!(menu.play_args(), ["play", "war"]);

    // Back to a person: nothing on the command line; to the computer again: medium.
    let back = [
        MenuAction::Game(GameKind::War),
        MenuAction::SwitchSeat(0),
        MenuAction::Level(0, 1),
        MenuAction::SwitchSeat(0),
    ];
    assert_eq!(run_menu(&back).0.seat(0), Seat::Human);
    assert_eq!(launched(&back), ["play", "war"]);
    let mut again = back.to_vec();
    again.push(MenuAction::SwitchSeat(0));
    assert_eq!(launched(&again), ["play", "war", "--computer", "1:medium"]);
}

#[test]
fn the_fence_race_for_four_gives_each_computer_seat_its_own_flag_after_the_names() {
    let four = [MenuAction::Game(GameKind::Fences), MenuAction::Cycle(0, 2)];
    let (menu, _) = run_menu(&four);
    assert_eq!(menu.fields()[0].shown(), "4");
    assert_eq!(menu.players().unwrap(), ["Red", "Blue", "Green", "Yellow"]);

    let mut actions = four.to_vec();
    actions.extend([
        MenuAction::SwitchSeat(0),
        MenuAction::Level(0, -1),
        MenuAction::SwitchSeat(2),
        MenuAction::Level(2, 1),
        MenuAction::SwitchSeat(3),
        MenuAction::Focus(tabula::screens::menu::Focus::Name(1)),
        MenuAction::Type("Ann".into()),
        MenuAction::Unfocus,
    ]);
    assert_eq!(
        launched(&actions),
        strings(&[
            "play",
            "fences",
            "--players",
            "4",
            "--seed",
            "77",
            "--names",
            ",Ann",
            "--computer",
            "1:easy",
            "--computer",
            "3:hard",
            "--computer",
            "4:medium",
        ])
    );

    // Down to two players: each seat stays with its colour; Blue (Ann) and Yellow are no
    // longer in the game, Green (the hard computer) sits second.
    actions.push(MenuAction::Cycle(0, 1));
    let (menu, _) = run_menu(&actions);
    assert_eq!(menu.players().unwrap(), ["Red", "Green"]);
    assert_eq!(
        launched(&actions),
        strings(&[
            "play",
            "fences",
            "--seed",
            "77",
            "--computer",
            "1:easy",
            "--computer",
            "2:hard",
        ])
    );
    // Seats set for one game stay set for the next, as far as it has seats.
    actions.push(MenuAction::Game(GameKind::Screwball));
    assert_eq!(
        launched(&actions),
        strings(&[
            "play",
            "screwball",
            "--computer",
            "1:easy",
            "--computer",
            "2:hard"
        ])
    );
}

#[test]
fn a_computer_seat_stays_with_its_colour_when_the_race_grows_to_four() {
    // Green, second of two, is the computer's; with four players Green sits third.
    let actions = [
        MenuAction::Game(GameKind::Fences),
        MenuAction::SwitchSeat(1),
        MenuAction::Cycle(0, 2),
    ];
    let (menu, _) = run_menu(&actions);
    assert_eq!(menu.players().unwrap(), ["Red", "Blue", "Green", "Yellow"]);
    assert_eq!(menu.seat(1), Seat::Human, "Blue is a person's");
    assert!(
        matches!(menu.seat(2), Seat::Computer(_)),
        "Green is still the computer's"
    );
}

#[test]
fn transport_with_four_fleets_all_played_by_the_computer_starts() {
    for (mode, step) in [("teams", 1), ("royal", 2)] {
        let mut actions = vec![
            MenuAction::Game(GameKind::Transport),
            MenuAction::Cycle(0, step),
        ];
        let (menu, _) = run_menu(&actions);
        assert_eq!(
            menu.players().unwrap(),
            ["Fleet 1", "Fleet 2", "Fleet 3", "Fleet 4"]
        );
        actions.extend((0..4).map(MenuAction::SwitchSeat));
        actions.push(MenuAction::Level(3, 1));
        let (menu, _) = run_menu(&actions);
        assert!((0..4).all(|i| matches!(menu.seat(i), Seat::Computer(_))));
        assert_eq!(
            launched(&actions),
            strings(&[
                "play",
                "transport",
                "--mode",
                mode,
                "--computer",
                "1:medium",
                "--computer",
                "2:medium",
                "--computer",
                "3:medium",
                "--computer",
                "4:hard",
            ])
        );
    }

    // Two fleets: only the first two seats count.
    let mut two = vec![MenuAction::Game(GameKind::Transport)];
    two.extend((0..4).map(MenuAction::SwitchSeat));
    assert_eq!(
        launched(&two),
        strings(&[
            "play",
            "transport",
            "--computer",
            "1:medium",
            "--computer",
            "2:medium",
        ])
    );
}

#[test]
fn a_game_the_options_refuse_is_refused_with_computer_seats_too() {
    // Two teams on 8 squares a side: the menu says why and launches nothing.
    let (menu, launched) = run_menu(&[
        MenuAction::Game(GameKind::Transport),
        MenuAction::Cycle(0, 1),
        MenuAction::Cycle(1, 1),
        MenuAction::SwitchSeat(0),
        MenuAction::Play,
    ]);
    assert_eq!(launched, None);
    assert!(menu.message.is_error, "{}", menu.message.text);
}

#[test]
fn the_start_screen_offers_an_exhibition() {
    let (_, launched) = run_menu(&[MenuAction::Exhibit]);
    assert_eq!(launched, Some(strings(&["exhibit", "--loop"])));
    // The command line it stands for opens a computer game.
    let start = crate::start_from(&strings(&["exhibit", "--loop"])).unwrap();
    let tabula::screens::open::Start::Table(table, viewing) = start else {
        panic!("an exhibition opens on the table");
    };
    assert_eq!(table.kind(), GameKind::War, "the first game of the list");
    assert!(viewing.seats.iter().all(|s| s.is_computer()));
    assert!(viewing.spectator, "watched through the spectator director");
    // With the demonstrations, the step after a game shows one of the same game.
    let start = crate::start_from(&strings(&[
        "exhibit",
        "camelot",
        "--with-demos",
        "--at",
        "1",
    ]))
    .unwrap();
    let tabula::screens::open::Start::Table(table, viewing) = start else {
        panic!("a demonstration opens on the table");
    };
    assert_eq!(table.kind(), GameKind::Camelot);
    assert!(viewing.demo.is_some(), "a demonstration");
    assert!(viewing.exhibition.is_some(), "as a step of the exhibition");
    for (bad, says) in [
        (vec!["exhibit", "chess"], "game `chess`"),
        (vec!["exhibit", "--pause", "500"], "--pause 500"),
        (vec!["exhibit", "--max-moves", "3"], "--max-moves 3"),
        (vec!["exhibit", "--level", "genius"], "genius"),
        (vec!["exhibit", "war --scene x.ron"], "rules options only"),
        (vec!["exhibit", "war", "--at", "4"], "--at 4"),
    ] {
        let e = crate::start_from(&strings(&bad)).err().unwrap();
        assert!(e.contains(says), "{bad:?}: {e}");
    }
}

#[test]
fn the_federations_castle_moves_are_not_offered_under_the_1930_rules() {
    let camelot = [MenuAction::Game(GameKind::Camelot)];
    let (menu, _) = run_menu(&camelot);
    let castle = menu
        .fields()
        .iter()
        .position(|f| f.label == "Castle moves each (WCF)")
        .unwrap();
    let rules = menu
        .fields()
        .iter()
        .position(|f| f.label == "Rules")
        .unwrap();
    assert!(menu.shows_field(castle) && menu.shows_field(rules));
    let mut actions = camelot.to_vec();
    actions.push(MenuAction::Cycle(rules, 1));
    let (menu, _) = run_menu(&actions);
    assert_eq!(menu.fields()[rules].shown(), "Parker's 1930 patent");
    assert!(
        !menu.shows_field(castle),
        "the 1930 patent has no castle-move limit"
    );
    assert!(menu.shows_field(rules));
}
