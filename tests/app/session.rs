//! A session at the table: from the start screen to a result in every game, loading a save
//! (a damaged one is refused and the game goes on), leaving for the menu, looking back at
//! an earlier position and returning, and skipping animations.

use crate::root;
use bevy::prelude::*;
use rand::{Rng, SeedableRng, rngs::StdRng};
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::screens::launch::LaunchRequest;
use tabula::screens::menu::{Focus, Menu, MenuAction};
use tabula::table::commands::{Leave, LeaveTable};
use tabula::table::report::{HudState, RESULT_COLOR};
use tabula::table::review::{Review, ReviewTo};
use tabula::table::save::SavePath;
use tabula::table::seats::Controller;
use tabula::table::seats::SeatNames;
use tabula_rules::Game;
use tabula_rules::scene::GameKind;

/// Runs the start screen headless on `actions`; returns the command line it launches.
fn menu_launch(actions: &[MenuAction]) -> (Menu, Option<Vec<String>>) {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(Menu::new(77, tabula::screens::demo::playlist::find_demos()))
        .add_plugins(tabula::screens::menu::plugin);
    for action in actions {
        app.world_mut().write_message(action.clone());
        app.update();
    }
    let menu = app.world().resource::<Menu>().clone();
    (menu, crate::requested(&app))
}

/// The table the start screen's command line opens, with its names, headless.
fn table_from(args: &[String]) -> (App, TableGame) {
    let (table, viewing) = crate::play_from(args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(viewing.names);
    table.clone().install(&mut app, false);
    app.update();
    (app, table)
}

/// A random game of `game` to its end, in moves (the first seed that ends within `cap`).
fn finished<G: Game>(game: &G, cap: usize) -> Vec<G::Move> {
    for seed in 0..200 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = game.clone();
        let mut moves = Vec::new();
        while !g.outcome().is_over() && moves.len() < cap {
            let legal = g.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            g.play(&mv).unwrap();
            moves.push(mv);
        }
        if g.outcome().is_over() {
            return moves;
        }
    }
    panic!("no random game ended within {cap} moves");
}

fn assert_result_shown(app: &App) {
    let hud = app.world().resource::<HudState>();
    assert_eq!(hud.status_color, RESULT_COLOR, "status: {}", hud.status);
    let status = hud.status.to_lowercase();
    assert!(
        status.contains("win") || status.contains("draw"),
        "status: {}",
        hud.status
    );
}

#[test]
fn start_screen_to_a_result_in_the_game_of_war_with_names() {
    let (menu, launch) = menu_launch(&[
        MenuAction::Game(GameKind::War),
        MenuAction::Cycle(1, 1),
        MenuAction::Focus(Focus::Name(0)),
        MenuAction::Type("Ann".into()),
        MenuAction::Focus(Focus::Name(1)),
        MenuAction::Type("Bob".into()),
        MenuAction::Erase,
        MenuAction::Type("b".into()),
        MenuAction::Unfocus,
        MenuAction::Play,
    ]);
    let args = launch.expect("Play launches");
    assert_eq!(
        args,
        ["play", "war", "--citadel-after-reply", "--names", "Ann,Bob"],
        "{}",
        menu.message.text
    );
    let (mut app, TableGame::War(game)) = table_from(&args) else {
        panic!("War")
    };
    assert_eq!(
        game.options().citadel_win,
        tabula_rules::war::CitadelWin::AfterReply
    );
    assert_eq!(
        app.world().resource::<SeatNames>().decorate("Red to move"),
        "Red (Ann) to move"
    );
    for mv in finished(&game, 3000) {
        app.world_mut()
            .write_message(tabula::table::rules::Intent::<tabula_rules::war::War>::Play(mv));
        app.update();
    }
    assert!(
        app.world()
            .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
            .game
            .outcome()
            .is_over()
    );
    assert_result_shown(&app);
}

#[test]
fn start_screen_to_a_result_in_camelot() {
    // The 1930 patent's rules, chosen by stepping the first setting.
    let (_, launch) = menu_launch(&[MenuAction::Game(GameKind::Camelot), MenuAction::Cycle(0, 1)]);
    assert_eq!(launch, None, "choosing does not start");
    let (_, launch) = menu_launch(&[
        MenuAction::Game(GameKind::Camelot),
        MenuAction::Cycle(0, 1),
        MenuAction::Play,
    ]);
    let args = launch.unwrap();
    assert_eq!(args, ["play", "camelot", "--rules", "parker1930"]);
    let (mut app, TableGame::Camelot(game)) = table_from(&args) else {
        panic!("Camelot")
    };
    for mv in finished(&game, 4000) {
        app.world_mut().write_message(
            tabula::table::rules::Intent::<tabula_rules::camelot::Camelot>::Play(mv),
        );
        app.update();
    }
    assert_result_shown(&app);
}

#[test]
fn start_screen_to_a_result_in_screwball() {
    // Four large and two small pieces each leave no reserve: the start screen says so and
    // stays.
    let (menu, launch) = menu_launch(&[
        MenuAction::Game(GameKind::Screwball),
        MenuAction::Cycle(0, 1),
        MenuAction::Cycle(1, 1),
        MenuAction::Play,
    ]);
    assert!(launch.is_none());
    assert!(
        menu.message.text.contains("over before its first move"),
        "{}",
        menu.message.text
    );
    // Four large and three small: the smallest reserves end the game soonest.
    let (_, launch) = menu_launch(&[
        MenuAction::Game(GameKind::Screwball),
        MenuAction::Cycle(0, 1),
        MenuAction::Cycle(1, 2),
        MenuAction::Play,
    ]);
    let args = launch.unwrap();
    assert_eq!(args, ["play", "screwball", "--large", "4", "--small", "3"]);
    let (mut app, TableGame::Screwball(game)) = table_from(&args) else {
        panic!("Screwball")
    };
    for mv in finished(&game, 4000) {
        app.world_mut()
            .write_message(tabula::table::rules::Intent::<
                tabula_rules::screwball::Screwball,
            >::Play(mv));
        app.update();
    }
    assert_result_shown(&app);
}

#[test]
fn start_screen_to_a_result_in_transport_for_four() {
    // Four fleets in teams on the smallest board they may use.
    let (menu, _) = menu_launch(&[
        MenuAction::Game(GameKind::Transport),
        MenuAction::Cycle(0, 1),
    ]);
    assert_eq!(
        menu.players().unwrap(),
        ["Fleet 1", "Fleet 2", "Fleet 3", "Fleet 4"]
    );
    // 8 and 9 squares a side are too small for two teams: the menu says why and stays.
    for smaller in [1, 2] {
        let (menu, launch) = menu_launch(&[
            MenuAction::Game(GameKind::Transport),
            MenuAction::Cycle(0, 1),
            MenuAction::Cycle(1, smaller),
            MenuAction::Play,
        ]);
        assert!(launch.is_none());
        assert!(
            menu.message.text.contains("two fleets only")
                || menu.message.text.contains("two teams need 11 or more"),
            "{}",
            menu.message.text
        );
    }
    let (_, launch) = menu_launch(&[
        MenuAction::Game(GameKind::Transport),
        MenuAction::Cycle(0, 1),
        MenuAction::Play,
    ]);
    let args = launch.unwrap();
    assert_eq!(args, ["play", "transport", "--mode", "teams"]);
    let (mut app, TableGame::Transport(game)) = table_from(&args) else {
        panic!("Transport")
    };
    for mv in finished(&game, 6000) {
        app.world_mut()
            .write_message(tabula::table::rules::Intent::<
                tabula_rules::transport::Transport,
            >::Play(mv));
        app.update();
    }
    assert_result_shown(&app);
}

#[test]
fn start_screen_to_a_result_in_the_fence_race_for_three() {
    use tabula::table::game_match::Match;
    use tabula::table::rules::Intent;
    use tabula_rules::fences::Fences;
    // Three players, the die's seed typed in.
    let (_, launch) = menu_launch(&[
        MenuAction::Game(GameKind::Fences),
        MenuAction::Cycle(0, 1),
        MenuAction::Focus(Focus::Field(4)),
        MenuAction::Erase,
        MenuAction::Erase,
        MenuAction::Type("4".into()),
        MenuAction::Play,
    ]);
    let args = launch.unwrap();
    assert_eq!(args, ["play", "fences", "--players", "3", "--seed", "4"]);
    let (mut app, _) = table_from(&args);
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..20_000 {
        let game = app.world().resource::<Match<Fences>>().game.clone();
        if game.outcome().is_over() {
            break;
        }
        let action = if game.pending_chance().is_some() {
            Intent::<Fences>::Chance
        } else {
            let legal = game.legal_moves();
            Intent::<Fences>::Play(legal[rng.random_range(0..legal.len())].clone())
        };
        app.world_mut().write_message(action);
        app.update();
    }
    assert_result_shown(&app);
}

#[test]
fn the_start_screen_refuses_what_play_would_refuse_and_lists_the_demonstrations() {
    // Too many names cannot be typed (only the game's players get fields), but a save path
    // that does not exist is refused with its name, and nothing starts.
    let (menu, launch) = menu_launch(&[
        MenuAction::Focus(Focus::LoadPath),
        MenuAction::Type("-missing".into()),
        MenuAction::Load,
    ]);
    assert_eq!(launch, None);
    assert!(menu.message.is_error);
    assert!(
        menu.message.text.contains("tabula-save.ron-missing"),
        "{}",
        menu.message.text
    );
    // Every shipped scene is offered; one is shown as a demonstration, or all in a loop.
    let scenes = tabula::screens::demo::playlist::scene_files(&[root().join("scenes")]);
    assert_eq!(menu.demos.len(), scenes.len());
    let (_, launch) = menu_launch(&[MenuAction::Demo(0)]);
    let args = launch.unwrap();
    assert_eq!(args.len(), 2);
    assert_eq!(args[0], "demo");
    tabula::screens::demo::playlist::load_playlist(&[args[1].clone().into()]).unwrap();
    let (_, launch) = menu_launch(&[MenuAction::AllDemos]);
    let args = launch.unwrap();
    assert_eq!(&args[..2], ["demo", "--loop"]);
    assert_eq!(args.len(), 2 + scenes.len());
    // Quit asks for no screen: it closes Tabula.
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(Menu::new(77, Vec::new()))
        .add_plugins(tabula::screens::menu::plugin);
    app.world_mut().write_message(MenuAction::Quit);
    app.update();
    assert_eq!(app.world().resource::<LaunchRequest>().0, None);
    let exits: Vec<AppExit> = app
        .world_mut()
        .resource_mut::<Messages<AppExit>>()
        .drain()
        .collect();
    assert_eq!(exits, [AppExit::Success]);
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn siege(at: usize, save: &std::path::Path) -> App {
    let game =
        TableGame::load_scene(&root().join("scenes/war/siege_gambit.ron"), Some(at)).unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(SavePath(save.to_path_buf()));
    game.install(&mut app, false);
    app.update();
    app
}

fn feedback(app: &App) -> tabula::table::commands::Feedback {
    app.world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
        .feedback
        .clone()
}

#[test]
fn a_damaged_or_foreign_save_is_refused_and_the_game_goes_on() {
    let path = temp("damaged.ron");
    for (text, why) in [
        ("Scene(title: \"half", "damaged.ron:1"),
        ("{\"json\": true}", "damaged.ron:1"),
        (
            "Scene(title: \"x\", game: War, moves: [\"GM to M2\", \"Q to Z9\"])",
            "move 2",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let mut app = siege(6, &path);
        let before = app
            .world()
            .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
            .game
            .position()
            .clone();
        app.world_mut().write_message(Leave::Load);
        app.update();
        let said = feedback(&app);
        assert!(said.is_error, "{said:?}");
        assert!(said.text.contains(why), "{why}: {}", said.text);
        assert!(said.text.contains("goes on"), "{}", said.text);
        let m = app
            .world()
            .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>();
        assert_eq!(m.game.position(), &before);
        assert_eq!(m.game.ply(), 6);
        assert_eq!(left(&mut app), None);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "the file is kept"
        );
    }
    // A good save hands over to the game it holds.
    let good = temp("good.ron");
    let mut app = siege(8, &good);
    app.world_mut()
        .write_message(tabula::table::commands::SaveGame);
    app.update();
    app.world_mut().write_message(Leave::Load);
    app.update();
    assert_eq!(
        left(&mut app),
        Some(LeaveTable::ForSave {
            path: good,
            seats: vec![Controller::Local; 2],
            names: Vec::new(),
        })
    );
}

/// Where the players left the table for, if they did (the screens open it).
fn left(app: &mut App) -> Option<LeaveTable> {
    app.world_mut()
        .resource_mut::<Messages<LeaveTable>>()
        .drain()
        .last()
}

/// Plays the first legal move of the Game of War on the table.
fn play_first(app: &mut App) {
    let mv = app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
        .legal()[0]
        .clone();
    app.world_mut()
        .write_message(tabula::table::rules::Intent::<tabula_rules::war::War>::Play(mv));
    app.update();
}

fn ask(app: &mut App, request: Leave) -> Option<LeaveTable> {
    app.world_mut().write_message(request);
    app.update();
    left(app)
}

#[test]
fn leaving_asks_first_when_moves_played_here_would_be_lost() {
    use tabula::table::save::LeaveGuard;
    let path = temp("guarded.ron");
    std::fs::remove_file(&path).ok();
    // A game opened from a scene has lost nothing yet: the menu comes at once.
    let mut app = siege(3, &path);
    assert_eq!(ask(&mut app, Leave::Menu), Some(LeaveTable::ForMenu));

    // A move played here is asked about; the same request again goes ahead.
    let mut app = siege(3, &path);
    play_first(&mut app);
    assert_eq!(ask(&mut app, Leave::Menu), None);
    let said = feedback(&app).text;
    assert!(said.contains("1 move played here would be lost"), "{said}");
    let guard = app.world().resource::<LeaveGuard>();
    assert_eq!(guard.asked(), Some(Leave::Menu));
    assert!(guard.question.is_some());
    assert_eq!(ask(&mut app, Leave::Menu), Some(LeaveTable::ForMenu));

    // Esc answers no; playing on lets the question lapse: the next request asks again.
    let mut app = siege(3, &path);
    play_first(&mut app);
    assert_eq!(ask(&mut app, Leave::Menu), None);
    assert_eq!(ask(&mut app, Leave::Stay), None);
    assert_eq!(app.world().resource::<LeaveGuard>().question, None);
    assert_eq!(ask(&mut app, Leave::Menu), None, "asked again after Esc");
    play_first(&mut app);
    assert_eq!(app.world().resource::<LeaveGuard>().asked(), None);
    assert_eq!(ask(&mut app, Leave::Menu), None, "asked again after a move");
    // Another request is asked about on its own.
    assert_eq!(ask(&mut app, Leave::NewGame), None);
    assert_eq!(
        app.world().resource::<LeaveGuard>().asked(),
        Some(Leave::NewGame)
    );
    ask(&mut app, Leave::NewGame);
    app.update();
    let m = app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>();
    assert_eq!(m.ply(), 0, "the new game");

    // After Ctrl+S nothing is unsaved: leaving and loading go ahead at once.
    let mut app = siege(3, &path);
    play_first(&mut app);
    app.world_mut()
        .write_message(tabula::table::commands::SaveGame);
    app.update();
    assert_eq!(ask(&mut app, Leave::Menu), Some(LeaveTable::ForMenu));
    play_first(&mut app);
    app.world_mut()
        .write_message(tabula::table::commands::SaveGame);
    app.update();
    assert!(matches!(
        ask(&mut app, Leave::Load),
        Some(LeaveTable::ForSave { .. })
    ));
    std::fs::remove_file(&path).ok();
}

/// The question stands while the computer moves: the same request again leaves, the
/// computer's reply in between.
#[test]
fn the_question_stands_while_the_computer_moves() {
    use tabula::state::Screen;
    use tabula::table::computer::{Pace, ThinkSeed};
    let mut app = crate::whole_app();
    app.insert_resource(Pace::instant())
        .insert_resource(ThinkSeed(7));
    crate::launch(&mut app, &["play", "war", "--computer", "blue:easy"]);
    play_first(&mut app);
    app.world_mut().write_message(Leave::Menu);
    app.update();
    let guard = app.world().resource::<tabula::table::save::LeaveGuard>();
    assert_eq!(guard.asked(), Some(Leave::Menu));
    let mut frames = 0;
    while app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
        .ply()
        < 2
    {
        frames += 1;
        assert!(frames < 2_000, "the computer did not answer");
        app.update();
    }
    app.world_mut().write_message(Leave::Menu);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
}

fn settle(app: &mut App) {
    for _ in 0..80 {
        app.update();
    }
}

#[test]
fn looking_back_shows_an_earlier_position_and_play_resumes_from_the_present() {
    let path = temp("review.ron");
    let mut app = siege(10, &path);
    let present = app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
        .game
        .position()
        .clone();
    let lines = app.world().resource::<HudState>().moves.clone();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[1].ply, 4);
    // Click the second line of the move list.
    app.world_mut().write_message(ReviewTo(lines[1].ply));
    settle(&mut app);
    {
        let m = app
            .world()
            .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>();
        assert_eq!(m.game.ply(), 4);
        let review = app.world().resource::<Review>();
        assert_eq!(review.present, Some(10));
        assert_eq!(review.lines, lines, "the whole list stays shown");
    }
    assert_eq!(crate::shown(&mut app), crate::truth(&app));
    // Forward a little, then back to the present.
    app.world_mut().write_message(ReviewTo(7));
    settle(&mut app);
    assert_eq!(
        app.world()
            .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
            .game
            .ply(),
        7
    );
    app.world_mut().write_message(ReviewTo(10));
    settle(&mut app);
    let m = app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>();
    assert_eq!(m.game.position(), &present);
    assert_eq!(m.game.ply(), 10);
    assert!(!app.world().resource::<Review>().active());
    assert_eq!(crate::shown(&mut app), crate::truth(&app));
}

#[test]
fn looking_back_works_in_a_four_player_race() {
    use tabula::table::game_match::Match;
    use tabula_rules::fences::Fences;
    let game =
        TableGame::load_scene(&root().join("scenes/fences/four_players_seed5.ron"), None).unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    game.install(&mut app, false);
    app.update();
    let before = app.world().resource::<Match<Fences>>().game.clone();
    let ply = before.ply();
    app.world_mut().write_message(ReviewTo(ply / 2));
    for _ in 0..(ply * 3) {
        app.update();
    }
    assert_eq!(app.world().resource::<Match<Fences>>().game.ply(), ply / 2);
    app.world_mut().write_message(ReviewTo(ply));
    for _ in 0..(ply * 3) {
        app.update();
    }
    let after = &app.world().resource::<Match<Fences>>().game;
    assert_eq!(after.ply(), ply);
    assert_eq!(after.fences(), before.fences());
    assert_eq!(after.thrown(), before.thrown());
    assert!(!app.world().resource::<Review>().active());
}

#[test]
fn skipping_ends_every_animation_at_once() {
    use tabula::table::motion::{Skip, Travel};
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(tabula::table::motion::plugin);
    let start = Vec3::ZERO;
    let end = Vec3::new(3.0, 0.0, 1.0);
    let mover = app
        .world_mut()
        .spawn((
            Transform::from_translation(start),
            Travel::new(start, vec![Vec3::X, end]).after_legs(2),
        ))
        .id();
    app.update();
    assert!(app.world().get::<Travel>(mover).is_some());
    // Skip is read from the keys before each frame's update; set it for one update.
    app.world_mut().insert_resource(Skip(true));
    app.world_mut().run_schedule(Update);
    assert!(app.world().get::<Travel>(mover).is_none());
    assert_eq!(
        app.world().get::<Transform>(mover).unwrap().translation,
        end
    );
}

#[test]
fn every_reading_option_is_offered_by_the_start_screen_and_the_command_line() {
    use tabula_rules::transport::PlanePassing;
    use tabula_rules::war::Offered;
    let table = |kind: GameKind, field: usize| {
        let (_, launch) = menu_launch(&[
            MenuAction::Game(kind),
            MenuAction::Cycle(field, 1),
            MenuAction::Play,
        ]);
        let args = launch.unwrap();
        crate::play_from(&args)
            .unwrap_or_else(|e| panic!("{args:?}: {e}"))
            .0
    };
    let TableGame::War(war) = table(GameKind::War, 5) else {
        panic!("War")
    };
    assert_eq!(war.options().offered, Offered::Jumpable);
    let TableGame::Fences(race) = table(GameKind::Fences, 5) else {
        panic!("fence race")
    };
    // The reading beside the default (no fence in home's entrances): one always stays open.
    assert!(race.options().entrance_fences && race.options().keep_one_entrance_open);
    let TableGame::Screwball(screwball) = table(GameKind::Screwball, 3) else {
        panic!("Screwball")
    };
    // The reading the start screen offers beside the default: pieces set anywhere.
    assert!(!screwball.options().place_only_where_playable);
    let TableGame::Transport(fleet) = table(GameKind::Transport, 3) else {
        panic!("Transport")
    };
    assert_eq!(fleet.options().plane_passing, PlanePassing::AlongFlight);
    let TableGame::Transport(fleet) = table(GameKind::Transport, 4) else {
        panic!("Transport")
    };
    assert!(fleet.options().torpedo_launch_off_board);
    let TableGame::Transport(fleet) = table(GameKind::Transport, 5) else {
        panic!("Transport")
    };
    assert!(fleet.options().armed_transport);
}

/// Loading the save keeps the players' names and the save's place, and says what came.
#[test]
fn a_loaded_game_keeps_the_names_and_says_what_was_loaded() {
    let path = temp("named.ron");
    let mut app = crate::whole_app();
    crate::launch(
        &mut app,
        &[
            "play",
            "war",
            "--names",
            "Ann,Bob",
            "--save-to",
            path.to_str().unwrap(),
        ],
    );
    play_first(&mut app);
    app.world_mut()
        .write_message(tabula::table::commands::SaveGame);
    app.update();
    app.world_mut().write_message(Leave::Load);
    for _ in 0..6 {
        app.update();
    }
    let names = app.world().resource::<SeatNames>();
    assert_eq!(names.decorate("Blue to move"), "Blue (Bob) to move");
    assert_eq!(app.world().resource::<SavePath>().0, path);
    let said = feedback(&app).text;
    assert!(
        said.starts_with("Loaded ") && said.contains("1 move played; Blue to move"),
        "{said}"
    );
    std::fs::remove_file(&path).ok();
}
