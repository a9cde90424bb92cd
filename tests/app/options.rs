//! Every rules option of every game through the start screen: each value the screen offers
//! for it (and a typed seed at its smallest, a middling and its largest) starts the same game
//! as `tabula play` given the same flag, and as the game's options set by the option's name.

use bevy::prelude::*;
use tabula::cli::{Cli, Command};
use tabula::games::tabletop::TableGame;
use tabula::screens::menu::{Focus, Menu, MenuAction};
use tabula_rules::options::{OptionKind, OptionSpec};
use tabula_rules::registry::{GAMES, GameInfo, GameOptions};

/// The seed the start screen starts with here.
const SEED: u64 = 77;

/// Runs the start screen headless on `actions`; returns it and what it launched.
fn run_menu(actions: &[MenuAction]) -> (Menu, Option<Vec<String>>) {
    super::run_menu(SEED, actions)
}

/// The options of the game on the table.
fn options_of(table: &TableGame) -> GameOptions {
    match table {
        TableGame::War(g) => GameOptions::War(g.options().clone()),
        TableGame::Camelot(g) => GameOptions::Camelot(g.options().clone()),
        TableGame::Fences(g) => GameOptions::Fences(g.options().clone()),
        TableGame::Screwball(g) => GameOptions::Screwball(g.options().clone()),
        TableGame::Transport(g) => GameOptions::Transport(g.options().clone()),
    }
}

/// The game `tabula ARGS` opens, or why it refuses.
fn command_line(args: &[String]) -> Result<TableGame, String> {
    let cli = <Cli as clap::Parser>::try_parse_from(
        std::iter::once("tabula".to_string()).chain(args.iter().cloned()),
    )
    .map_err(|e| e.to_string())?;
    match cli.command {
        Some(Command::Play(play)) => play.table(),
        other => panic!("not play: {other:?}"),
    }
}

/// Whether the game's own check accepts `options`.
fn accepted(options: &GameOptions) -> bool {
    match options {
        GameOptions::War(o) => o.check().is_ok(),
        GameOptions::Camelot(o) => o.check().is_ok(),
        GameOptions::Transport(o) => o.check().is_ok(),
        GameOptions::Fences(o) => o.check().is_ok(),
        GameOptions::Screwball(o) => o.check().is_ok(),
    }
}

/// Checks one setting of the start screen: option `spec` of `game` set to `text` (`None`:
/// its default) by `actions`. The screen must launch `tabula play GAME` with exactly that
/// flag (and the typed seed, unless it is the default), and the command line and the
/// options set by name must give the same game; or all three must refuse it, the screen and
/// the command line alike.
fn check(game: &GameInfo, spec: &'static OptionSpec, text: Option<&str>, actions: &[MenuAction]) {
    let what = format!("{} --{} {text:?}", game.name, spec.name);
    let mut all = vec![MenuAction::Game(game.kind)];
    all.extend_from_slice(actions);
    all.push(MenuAction::Play);
    let (menu, launched) = run_menu(&all);

    // The options the screen should ask for: every field at its default but this one; and
    // the command line that says them, in the order the screen shows them.
    let mut options = GameOptions::default_for(game.kind);
    for other in game.screen_options() {
        let value = if other.name == spec.name {
            text.map(str::to_string)
        } else if other.kind == OptionKind::Free {
            Some(SEED.to_string())
        } else {
            None
        };
        if let Some(value) = value {
            options.set(other.name, &value).expect(&what);
        }
    }
    let mut expected = vec!["play".to_string(), game.name.to_string()];
    for other in game.screen_options() {
        expected.extend(other.args(&options.get(other.name)));
    }
    let by_name = if options.cross_check().is_ok() && accepted(&options) {
        Some(options)
    } else {
        None
    };

    let cli = command_line(&expected);
    match launched {
        Some(args) => {
            assert_eq!(args, expected, "{what}: {}", menu.message.text);
            let (table, _) = crate::play_from(&args).unwrap_or_else(|e| panic!("{what}: {e}"));
            let cli = cli.unwrap_or_else(|e| panic!("{what}: the command line refuses: {e}"));
            assert_eq!(options_of(&table), options_of(&cli), "{what}");
            assert_eq!(Some(options_of(&table)), by_name, "{what}");
        }
        None => {
            assert!(menu.message.is_error, "{what}: {}", menu.message.text);
            assert_eq!(menu.play_args(), expected, "{what}");
            let e = cli
                .err()
                .unwrap_or_else(|| panic!("{what}: the command line plays"));
            assert_eq!(menu.message.text, e, "{what}");
            assert_eq!(by_name, None, "{what}: the options are accepted");
        }
    }
}

#[test]
fn every_option_of_every_game_starts_the_same_game_from_the_start_screen_and_the_command_line() {
    let mut checked = 0;
    for game in &GAMES {
        let (menu, _) = run_menu(&[MenuAction::Game(game.kind)]);
        let fields = menu.fields();
        assert_eq!(fields.len(), game.options.len(), "{}", game.name);
        for (i, spec) in game.screen_options().enumerate() {
            assert_eq!(fields[i].label, spec.label, "{} field {i}", game.name);
            if spec.kind == OptionKind::Free {
                assert_eq!(fields[i].shown(), SEED.to_string());
                for digits in ["0", "4051", &u64::MAX.to_string()] {
                    let actions = [
                        MenuAction::Focus(Focus::Field(i)),
                        MenuAction::Erase,
                        MenuAction::Erase,
                        MenuAction::Type(digits.to_string()),
                        MenuAction::Unfocus,
                    ];
                    check(game, spec, Some(digits), &actions);
                    checked += 1;
                }
                continue;
            }
            let offers = spec.offers();
            for (k, (text, shown)) in offers.iter().enumerate() {
                let actions = vec![MenuAction::Cycle(i, 1); k];
                let mut first = vec![MenuAction::Game(game.kind)];
                first.extend(actions.iter().cloned());
                let (menu, _) = run_menu(&first);
                assert_eq!(&menu.fields()[i].shown(), shown, "{} field {i}", game.name);
                check(game, spec, text.as_deref(), &actions);
                checked += 1;
            }
            // Stepping back from the default reaches the last value.
            let (back, _) = run_menu(&[MenuAction::Game(game.kind), MenuAction::Cycle(i, -1)]);
            assert_eq!(
                back.fields()[i].shown(),
                offers.last().unwrap().1,
                "{} field {i}",
                game.name
            );
        }
    }
    assert!(checked > 80, "{checked} settings checked");
}

#[test]
fn the_command_line_has_a_flag_for_every_option_of_every_game() {
    use clap::CommandFactory;
    let cli = Cli::command();
    cli.clone().debug_assert();
    let play = cli.find_subcommand("play").expect("play");
    for game in &GAMES {
        for spec in game.options {
            let arg = play
                .get_arguments()
                .find(|a| a.get_long() == Some(spec.name))
                .unwrap_or_else(|| panic!("no --{}", spec.name));
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            assert_eq!(
                help,
                spec.help.trim_end_matches('.'),
                "--{}: the description's help",
                spec.name
            );
        }
    }
    // Options of several games, or repeated, read back as given.
    let play = |args: &[&str]| {
        command_line(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
            .map(|t| options_of(&t))
    };
    let mut transport = GameOptions::default_for(tabula_rules::scene::GameKind::Transport);
    for (name, text) in [
        ("mode", "royal"),
        ("handicap", "4"),
        ("handicap", "2"),
        ("armed-transport", ""),
    ] {
        transport.set(name, text).unwrap();
    }
    assert_eq!(
        play(&[
            "play",
            "transport",
            "--handicap",
            "4",
            "--armed-transport",
            "--mode",
            "royal",
            "--handicap",
            "2"
        ]),
        Ok(transport)
    );
    let e = play(&["play", "fences", "--seed", "3", "--large", "5"]).unwrap_err();
    assert_eq!(
        e,
        "--large, --small, --no-move-passes and --place-anywhere are options of Screwball Checkers, not of The fence race"
    );
    assert_eq!(
        play(&["play", "transport", "--mode", "teams", "--handicap", "5"]).unwrap_err(),
        "--handicap 5: the fleets are numbered 1 to 4"
    );
}
