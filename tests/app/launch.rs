//! The start screen and the command line describe screens alike: every screen the start
//! screen can launch, written as the `tabula` command line it stands for and read back by the
//! command line's parser, is the same description; and a command line read, written and
//! read again does not change.

use bevy::prelude::*;
use tabula::screens::launch::{Launch, LaunchRequest};
use tabula::screens::menu::{Focus, Menu, MenuAction};
use tabula_rules::options::OptionKind;
use tabula_rules::registry::GAMES;

/// The screen the start screen launches after `actions` (with the shipped demonstrations),
/// if any.
fn launched(actions: &[MenuAction]) -> Option<Launch> {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(Menu::new(77, tabula::screens::demo::playlist::find_demos()))
        .add_plugins(tabula::screens::menu::plugin);
    for action in actions {
        app.world_mut().write_message(action.clone());
        app.update();
    }
    app.world().resource::<LaunchRequest>().0.clone()
}

/// `launch` written as a command line and read back is `launch`.
fn reads_back(launch: &Launch) {
    let args = launch.args();
    assert_eq!(
        tabula::cli::parse_launch(&args).as_ref(),
        Ok(launch),
        "tabula {}",
        args.join(" ")
    );
}

#[test]
fn every_screen_the_start_screen_launches_reads_back_from_its_command_line() {
    let mut checked = 0;
    let mut check = |actions: Vec<MenuAction>| {
        if let Some(launch) = launched(&actions) {
            reads_back(&launch);
            checked += 1;
        }
    };
    for game in &GAMES {
        let pick = MenuAction::Game(game.kind);
        // Each value of each rules option.
        for (i, spec) in game.screen_options().enumerate() {
            if spec.kind == OptionKind::Free {
                for digits in ["0", "4051", &u64::MAX.to_string()] {
                    check(vec![
                        pick.clone(),
                        MenuAction::Focus(Focus::Field(i)),
                        MenuAction::Erase,
                        MenuAction::Erase,
                        MenuAction::Type(digits.to_string()),
                        MenuAction::Play,
                    ]);
                }
                continue;
            }
            for k in 0..spec.offers().len() {
                let mut actions = vec![pick.clone()];
                actions.extend(vec![MenuAction::Cycle(i, 1); k]);
                actions.push(MenuAction::Play);
                check(actions);
            }
        }
        // Each camera and window, each seat given to the computer at each level, and names.
        for camera in 0..3 {
            for window in 0..2 {
                check(vec![
                    pick.clone(),
                    MenuAction::CycleTable(0, camera),
                    MenuAction::CycleTable(1, window),
                    MenuAction::Play,
                ]);
            }
        }
        for seat in 0..4 {
            for level in 0..3 {
                check(vec![
                    pick.clone(),
                    MenuAction::SwitchSeat(seat),
                    MenuAction::Level(seat, level),
                    MenuAction::Play,
                ]);
            }
        }
        check(vec![
            pick.clone(),
            MenuAction::Focus(Focus::Name(1)),
            MenuAction::Type("Ann Lee, the second".into()),
            MenuAction::SwitchSeat(0),
            MenuAction::Play,
        ]);
    }
    // A saved game, the demonstrations, an exhibition.
    let save = std::env::temp_dir().join(format!("tabula-launch-{}.ron", std::process::id()));
    std::fs::copy(crate::root().join("scenes/war/siege_gambit.ron"), &save).unwrap();
    let mut load = vec![MenuAction::Focus(Focus::LoadPath)];
    load.extend(vec![MenuAction::Erase; "tabula-save.ron".len()]);
    load.extend([
        MenuAction::Type(save.display().to_string()),
        MenuAction::Load,
    ]);
    check(load);
    check(vec![MenuAction::Demo(0)]);
    check(vec![MenuAction::AllDemos]);
    check(vec![MenuAction::Exhibit]);
    assert!(checked > 150, "{checked} screens launched and read back");
}

#[test]
fn a_command_line_read_and_written_reads_back_the_same() {
    let scene = crate::root().join("scenes/war/siege_gambit.ron");
    let scene = scene.display().to_string();
    for line in [
        vec!["menu"],
        vec!["play"],
        vec![
            "play",
            "fences",
            "--players",
            "4",
            "--seed",
            "9",
            "--computer",
            "all:hard",
        ],
        vec![
            "play",
            "fences",
            "--players",
            "4",
            "--names",
            "Ann,,Bob",
            "--computer",
            "2,green:easy",
            "--view",
            "top",
            "--follow-turn",
            "--save-to",
            "x.ron",
        ],
        vec!["play", "camelot", "--names", ",Bob", "--computer", "black"],
        vec![
            "play",
            "--scene",
            &scene,
            "--at",
            "4",
            "--spectator",
            "--spectator-window",
        ],
        vec!["demo", &scene, "--loop", "--speed", "0.5", "--index", "0"],
        vec![
            "exhibit",
            "war",
            "fences --players 3",
            "--level",
            "hard",
            "--pause",
            "2",
        ],
        vec![
            "exhibit",
            "--loop",
            "--with-demos",
            "--max-moves",
            "100",
            "--at",
            "3",
        ],
        vec!["watch", "ws://localhost:1/t", "--spectator-window"],
        vec!["watch", "wss://localhost:1/t", "--ca", "cert.pem"],
        vec![
            "play",
            "--join",
            "https://localhost:1/t?invite=ab12",
            "--seat",
            "Blue",
            "--ca",
            "cert.pem",
        ],
    ] {
        let words: Vec<String> = line.iter().map(|w| w.to_string()).collect();
        let launch = tabula::cli::parse_launch(&words)
            .unwrap_or_else(|e| panic!("tabula {}: {e}", words.join(" ")));
        reads_back(&launch);
    }
}
