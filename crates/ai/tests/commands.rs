//! The commands end to end: `think` prints a legal move first and names bad input;
//! `arena` counts its games and saves scenes that the rules crate's verifier accepts;
//! `engine` answers a script of protocol lines; `think --only` and `go searchmoves` search
//! the moves given; `ladder` rates its engines.

use std::path::PathBuf;
use tabula_ai::commands::arena::{self, ArenaArgs};
use tabula_ai::commands::engine::{self, EngineArgs};
use tabula_ai::commands::ladder::{self, LadderArgs};
use tabula_ai::commands::think::{self, ThinkArgs};
use tabula_ai::games::AnyGame;
use tabula_ai::with_game;
use tabula_rules::Game;
use tabula_rules::scene::SceneFile;

fn think_args(game: &str) -> ThinkArgs {
    ThinkArgs {
        game: game.into(),
        scene: None,
        at: None,
        moves: None,
        setup: None,
        options: None,
        level: None,
        time: None,
        iterations: Some(500),
        algorithm: None,
        seed: 0,
        only: None,
    }
}

fn think(args: &ThinkArgs) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    think::run(args, &mut out).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect())
}

fn scenes_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenes")
}

#[test]
fn think_answers_a_legal_move_first() {
    for (game, options, moves) in [
        ("war", None, Some("GM to M2")),
        ("camelot", Some("(rules: Parker1930)"), None),
        ("screwball", None, None),
        ("transport", Some("(mode: Teams)"), None),
        ("fences", Some("(players: 4)"), None),
        ("fences", None, Some("fence e2|e3 to a2|a3; throw 4")),
    ] {
        let mut args = think_args(game);
        args.options = options.map(String::from);
        args.moves = moves.map(String::from);
        let lines = think(&args).unwrap_or_else(|e| panic!("{game}: {e}"));
        let mut position = AnyGame::new(
            tabula_ai::games::parse_kind(game).unwrap(),
            options.unwrap_or(""),
            None,
        )
        .unwrap();
        position
            .play_texts(&tabula_ai::games::split_moves(moves.unwrap_or("")))
            .unwrap();
        let best = &lines[0];
        with_game!(&position, g, _k => {
            let mv = g.parse_move(best).unwrap_or_else(|e| panic!("{game}: {best}: {e}"));
            assert!(g.is_legal(&mv));
        });
        assert!(lines[1].starts_with("expected: "), "{lines:?}");
        assert!(lines[2].starts_with(&format!("pv: {best}")), "{lines:?}");
        assert!(lines[3].starts_with("stats: ") && lines[3].contains("nodes/s"));
    }
}

#[test]
fn think_from_a_scene() {
    let mut args = think_args("war");
    args.scene = Some(scenes_dir().join("war/siege_gambit.ron"));
    args.at = Some(16);
    let lines = think(&args).unwrap();
    assert!(!lines[0].is_empty());
    args.at = Some(999);
    let e = think(&args).unwrap_err();
    assert!(e.contains("--at 999"), "{e}");
    args.game = "camelot".into();
    args.at = None;
    let e = think(&args).unwrap_err();
    assert!(e.contains("the scene is for war, not camelot"), "{e}");
}

#[test]
fn think_names_bad_input() {
    let e = think(&think_args("chess")).unwrap_err();
    assert!(e.contains("unknown game \"chess\""), "{e}");
    let mut args = think_args("war");
    args.moves = Some("GM to M2; GM to M2; XX to Y4".into());
    let e = think(&args).unwrap_err();
    assert!(e.starts_with("move 3 (\"XX to Y4\")"), "{e}");
    let mut args = think_args("camelot");
    args.options = Some("(rulez: Wcf)".into());
    let e = think(&args).unwrap_err();
    assert!(e.contains("unknown option \"rulez\""), "{e}");
    let mut args = think_args("war");
    args.iterations = None;
    args.level = Some("grandmaster".into());
    let e = think(&args).unwrap_err();
    assert!(e.contains("unknown level \"grandmaster\""), "{e}");
    let mut args = think_args("fences");
    args.moves = Some("fence e2|e3 to a2|a3".into());
    let e = think(&args).unwrap_err();
    assert!(e.contains("a chance input is due"), "{e}");
}

fn arena_args(game: &str, a: &str, b: &str, games: usize) -> ArenaArgs {
    ArenaArgs {
        game: game.into(),
        a: a.into(),
        b: b.into(),
        games,
        seed: 5,
        options: None,
        save: None,
        jobs: 1,
        verbose: true,
        opening: 0,
    }
}

fn arena(args: &ArenaArgs) -> Vec<String> {
    let mut out = Vec::new();
    arena::run(args, &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn arena_saves_games_the_verifier_replays() {
    for (game, options, games) in [
        ("camelot", None, 2),
        ("screwball", None, 2),
        ("fences", Some("(players: 3)"), 3),
        ("transport", Some("(turn_limit: Some(60))"), 2),
    ] {
        let dir =
            std::env::temp_dir().join(format!("tabula-ai-arena-{}-{game}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = arena_args(game, "iterations:40", "random", games);
        args.options = options.map(String::from);
        args.save = Some(dir.clone());
        let lines = arena(&args);
        assert!(lines[0].starts_with(&format!("arena {game}: A = iterations:40, B = random")));
        let summary = lines.iter().find(|l| l.starts_with("A: ")).unwrap();
        assert!(
            summary.contains("wins") && summary.contains("losses"),
            "{summary}"
        );
        assert!(lines.iter().any(|l| l.starts_with("overall: ")));
        // With three players the result is also read against each of B's seats.
        let decided = lines
            .iter()
            .any(|l| l.starts_with("decided games: A scores"));
        let head_to_head = lines.iter().any(|l| l.starts_with("head to head: "));
        assert_eq!(head_to_head, decided && game == "fences", "{lines:?}");
        for i in 1..=games {
            let path = dir.join(format!("game-{i:03}.ron"));
            let file = SceneFile::load(&path).unwrap_or_else(|e| panic!("{e}"));
            file.verify()
                .unwrap_or_else(|e| panic!("{game} game {i}: {e}"));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn arena_is_reproducible_and_alternates_seats() {
    let args = arena_args("war", "iterations:300", "random", 2);
    let first = arena(&args);
    let second = arena(&args);
    let games = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with("game "))
            .cloned()
            .collect()
    };
    assert_eq!(games(&first), games(&second));
    assert!(first.iter().any(|l| l.starts_with("game 1: A as Red")));
    assert!(first.iter().any(|l| l.starts_with("game 2: A as Blue")));
}

#[test]
fn arena_openings_vary_by_seed_are_shared_by_a_round_and_replay() {
    // Engines with no chance in their search play the same games whatever the seed; a
    // random opening makes them differ, and each opening is played with A in each seat.
    let dir = std::env::temp_dir().join(format!("tabula-ai-opening-{}", std::process::id()));
    let saved = |seed: u64, sub: &str| -> Vec<Vec<String>> {
        let mut args = arena_args("transport", "iterations:60", "iterations:60", 4);
        args.options = Some("(mode: Royal, turn_limit: Some(40))".into());
        args.opening = 6;
        args.seed = seed;
        let folder = dir.join(sub);
        args.save = Some(folder.clone());
        let lines = arena(&args);
        assert!(
            lines[1].starts_with("opening: the first 6 moves of each game at random"),
            "{lines:?}"
        );
        (1..=4)
            .map(|i| {
                let file = SceneFile::load(&folder.join(format!("game-{i:03}.ron")))
                    .unwrap_or_else(|e| panic!("{e}"));
                file.verify().unwrap_or_else(|e| panic!("game {i}: {e}"));
                file.scene.moves.clone()
            })
            .collect()
    };
    let first = saved(11, "a");
    assert_eq!(first, saved(11, "b"), "the same seed, the same games");
    let other = saved(12, "c");
    // Four seats: games 1 to 4 are one round, A in each seat, one opening.
    for game in &first {
        assert_eq!(game[..6], first[0][..6]);
    }
    assert_ne!(
        first[0][..6],
        other[0][..6],
        "another seed, another opening"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn engine_session(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    let input = std::io::Cursor::new(script.as_bytes().to_vec());
    engine::run(&EngineArgs::default(), input, &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn engine_answers_a_script() {
    let lines = engine_session(
        "isready
game camelot
position startpos moves F7-F8; F10-F9
go iterations 2000 seed 1
legal
frobnicate
position startpos moves F7-F8; Q99
game chess
go time abc
game fences (players: 4)
position startpos
go iterations 100
quit
",
    );
    let mut it = lines.iter();
    let mut next = || it.next().cloned().unwrap_or_default();
    assert_eq!(next(), "readyok");
    assert_eq!(
        next(),
        format!(
            "game camelot players White Black options {}",
            AnyGame::new(tabula_rules::scene::GameKind::Camelot, "", None)
                .unwrap()
                .options_ron()
        )
    );
    let info = next();
    assert!(
        info.starts_with("info algorithm alpha-beta depth "),
        "{info}"
    );
    assert!(
        info.contains(" nodes 2000 ") || info.contains(" nodes "),
        "{info}"
    );
    let best = next();
    let mv = best.strip_prefix("bestmove ").unwrap();
    let mut g = tabula_rules::camelot::Camelot::new(Default::default()).unwrap();
    for m in ["F7-F8", "F10-F9"] {
        let m = g.parse_move(m).unwrap();
        g.play(&m).unwrap();
    }
    assert!(g.parse_move(mv).is_ok(), "{best}");
    let legal = next();
    assert!(legal.starts_with("legal ") && legal.contains(mv), "{legal}");
    assert!(next().starts_with("error unknown command \"frobnicate\""));
    let e = next();
    assert!(e.starts_with("error move 2 (\"Q99\")"), "{e}");
    assert!(next().starts_with("error unknown game \"chess\""));
    assert!(next().starts_with("error time \"abc\""));
    assert_eq!(
        next(),
        format!(
            "game fences players Red Blue Green Yellow options {}",
            AnyGame::new(tabula_rules::scene::GameKind::Fences, "(players: 4)", None)
                .unwrap()
                .options_ron()
        )
    );
    assert!(next().starts_with("info algorithm mcts"));
    assert!(next().starts_with("bestmove fence "));
    assert_eq!(next(), "");
}

#[test]
fn engine_stops_a_long_search() {
    let lines = engine_session("game war\ngo time 60000\nstop\nquit\n");
    assert!(lines[0].starts_with("game war"));
    assert!(lines[1].starts_with("info "), "{lines:?}");
    assert!(lines[2].starts_with("bestmove "), "{lines:?}");
}

#[test]
fn engine_stops_a_search_started_behind_other_commands() {
    // The stop follows the second search, which starts once the commands before it are
    // done: it must stop that search, not wait out its ten minutes.
    let started = std::time::Instant::now();
    let lines = engine_session(
        "game war\ngo iterations 300\nlegal\ngo time 600000\nstop\nisready\nquit\ngo time 600000\n",
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(300),
        "the search was not stopped: {lines:?}"
    );
    let best = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(best, 2, "nothing is searched after quit: {lines:?}");
    assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
}

#[test]
fn engine_answers_a_line_that_is_not_text_and_goes_on() {
    let mut out = Vec::new();
    let input = std::io::Cursor::new(b"game camelot\nplay \xe9\xff\nlegal\nquit\n".to_vec());
    engine::run(&EngineArgs::default(), input, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        "error a line that is not UTF-8 text was passed over"
    );
    assert!(lines[2].starts_with("legal "), "{lines:?}");
}

#[test]
fn engine_play_takes_every_move_or_none() {
    let lines = engine_session("game camelot\nlegal\nplay F7-F8; Q99\nlegal\nquit\n");
    assert!(lines[2].starts_with("error move 2 (\"Q99\")"), "{lines:?}");
    assert_eq!(lines[3], lines[1], "the first move was kept");
}

#[test]
fn think_only_considers_the_moves_given() {
    let mut args = think_args("camelot");
    args.moves = Some("F7-F8; F10-F9".into());
    args.iterations = Some(3000);
    // Free to choose, it takes the best capture; told to choose between the others, one
    // of them, with either search.
    assert_eq!(think(&args).unwrap()[0], "F8xF10xH12xJ10xJ12");
    for algorithm in ["ab", "mcts"] {
        args.algorithm = Some(algorithm.into());
        args.only = Some("F8xF10xF12; F8xF10xD12xB10".into());
        let lines = think(&args).unwrap();
        assert!(
            ["F8xF10xF12", "F8xF10xD12xB10"].contains(&lines[0].as_str()),
            "{algorithm}: {lines:?}"
        );
        args.only = Some("F8xF10xD12xB10".into());
        assert_eq!(think(&args).unwrap()[0], "F8xF10xD12xB10", "{algorithm}");
    }
    args.only = Some("F8xF10xF12; F8-F9".into());
    let e = think(&args).unwrap_err();
    assert_eq!(
        e,
        "--only: \"F8-F9\" is not a legal move here: the piece on F8 has no such move"
    );
    args.only = Some("Q99".into());
    let e = think(&args).unwrap_err();
    assert!(e.starts_with("--only: cannot read \"Q99\""), "{e}");
}

#[test]
fn engine_searches_only_the_moves_given() {
    let lines = engine_session(
        "game camelot
position startpos moves F7-F8; F10-F9
go iterations 2000 seed 1 searchmoves F8xF10xF12
go iterations 500 algorithm mcts searchmoves F8xF10xD12xB10; F8xF10xF12
go level easy searchmoves F8xF10xF12; F8-F9
go searchmoves Q99
go searchmoves
game war
go iterations 300 searchmoves KMT to M5
quit
",
    );
    assert!(lines[0].starts_with("game camelot"));
    assert!(
        lines[1].starts_with("info algorithm alpha-beta"),
        "{lines:?}"
    );
    assert!(
        lines[1].ends_with("pv F8xF10xF12") || lines[1].contains("pv F8xF10xF12;"),
        "{lines:?}"
    );
    assert_eq!(lines[2], "bestmove F8xF10xF12");
    assert!(lines[3].starts_with("info algorithm mcts"), "{lines:?}");
    assert!(
        ["bestmove F8xF10xD12xB10", "bestmove F8xF10xF12"].contains(&lines[4].as_str()),
        "{lines:?}"
    );
    assert_eq!(
        lines[5],
        "error searchmoves \"F8-F9\" is not a legal move here: the piece on F8 has no such move"
    );
    assert!(
        lines[6].starts_with("error searchmoves cannot read \"Q99\""),
        "{lines:?}"
    );
    assert_eq!(lines[7], "error searchmoves no moves given to search among");
    assert!(lines[8].starts_with("game war"));
    assert!(lines[9].starts_with("info "), "{lines:?}");
    assert_eq!(lines[10], "bestmove KMT to M5");
}

fn ladder(args: &LadderArgs) -> Vec<String> {
    let mut out = Vec::new();
    ladder::run(args, &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn ladder_rates_its_engines_from_a_round_robin() {
    for (game, options, engines, per_pair) in [
        ("camelot", None, "random,iterations:60,uct:iterations:10", 2),
        ("fences", Some("(players: 3)"), "random,iterations:30", 2),
    ] {
        let args = LadderArgs {
            game: game.into(),
            options: options.map(String::from),
            games: 2,
            time: 1000,
            seed: 3,
            engines: engines.into(),
            prior: 1.0,
            jobs: 2,
            verbose: true,
            opening: 0,
        };
        let lines = ladder(&args);
        let names: Vec<&str> = engines.split(',').collect();
        let pairs = names.len() * (names.len() - 1) / 2;
        assert!(lines[0].starts_with(&format!("ladder {game}: {}", names.join(", "))));
        let games = lines.iter().filter(|l| l.starts_with("game ")).count();
        assert_eq!(games, pairs * 2, "{lines:?}");
        let table = lines
            .iter()
            .position(|l| l.starts_with("engine "))
            .unwrap_or_else(|| panic!("{lines:?}"));
        assert!(lines[table].contains("Elo") && lines[table].contains("95% interval"));
        let random = &lines[table + 1];
        assert!(
            random.starts_with("random ") && random.contains("(fixed)"),
            "{random}"
        );
        for (i, name) in names.iter().enumerate().skip(1) {
            let row = &lines[table + 1 + i];
            assert!(row.starts_with(name) && row.contains(" to "), "{row}");
            // A result a pair of seats held by different engines: one a two-player game,
            // two where one engine holds two of three seats.
            let results: f64 = row.split_whitespace().nth(5).unwrap().parse().unwrap();
            assert!(
                results <= (per_pair * 2 * (names.len() - 1)) as f64,
                "{row}"
            );
        }
        assert!(lines.iter().any(|l| l.starts_with("first mover: ")));
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("  {} - random: ", names[1])))
        );
    }
    let mut args = LadderArgs {
        game: "war".into(),
        options: None,
        games: 1,
        time: 50,
        seed: 0,
        engines: "random".into(),
        prior: 1.0,
        jobs: 1,
        verbose: false,
        opening: 0,
    };
    let mut out = Vec::new();
    let e = ladder::run(&args, &mut out).unwrap_err().to_string();
    assert!(e.contains("two engines or more"), "{e}");
    args.engines = "random,grandmaster".into();
    let e = ladder::run(&args, &mut out).unwrap_err().to_string();
    assert!(e.contains("bad engine \"grandmaster\""), "{e}");
    args.engines = "random,easy,random".into();
    let e = ladder::run(&args, &mut out).unwrap_err().to_string();
    assert!(e.contains("random is named twice"), "{e}");
    args.engines = "random,uct".into();
    args.time = 0;
    let e = ladder::run(&args, &mut out).unwrap_err().to_string();
    assert_eq!(e, "--time 0: give the milliseconds a move, 1 or more");
    args.time = 50;
    args.engines = "random,easy,uct".into();
    args.games = usize::MAX;
    let e = ladder::run(&args, &mut out).unwrap_err().to_string();
    assert!(e.contains("more games than can be counted"), "{e}");
}
