//! Camelot: hand-counted positions, castles and endings under both rule sets, the patent's
//! two knight's charges, the compulsory capture lesson, perft, notation round trips and
//! random playouts. Data in data/camelot/.

mod common;

use tabula_rules::Game;
use tabula_rules::camelot::{
    Camelot, CamelotOptions, Kind, KnightLanding, Move, Position, Side, Square, Step,
};
use tabula_rules::perft::{perft, perft_positions};

fn data(name: &str) -> String {
    let path = common::crate_dir().join("tests/data/camelot").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn play_text(game: &mut Camelot, text: &str) {
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.position()));
    game.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn run_cases(file: &str) -> usize {
    common::run_cases(
        &data(file),
        |options, setup| {
            let options: CamelotOptions = if options.is_empty() {
                CamelotOptions::default()
            } else {
                ron::from_str(options).map_err(|e| e.to_string())?
            };
            Camelot::from_setup_text(setup, options).map_err(|e| e.to_string())
        },
        |g, square| {
            let p = g.position().at(Square::parse(square).expect("a square"));
            p.map_or("empty".to_string(), |p| format!("{} {:?}", p.side, p.kind))
        },
        |g| g.position().to_string(),
    )
}

#[test]
fn hand_counted_positions() {
    assert!(run_cases("counted.txt") >= 9);
}

#[test]
fn castles_and_endings() {
    assert!(run_cases("castles.txt") >= 15);
}

/// Each side's knights and men.
fn material(game: &Camelot, side: Side) -> (usize, usize) {
    let pieces: Vec<_> = game.position().pieces_of(side).collect();
    let knights = pieces
        .iter()
        .filter(|(_, p)| p.kind == Kind::Knight)
        .count();
    (knights, pieces.len() - knights)
}

#[test]
fn the_two_charges_of_figure_three() {
    let path = common::crate_dir().join("../../scenes/camelot/figure3_charges.ron");
    let scene = tabula_rules::scene::SceneFile::load(&path).unwrap();
    let mut game = scene.start_as::<Camelot>().unwrap();
    // Seed 001: "five of the men from each side have been captured".
    assert_eq!(material(&game, Side::White), (4, 5));
    assert_eq!(material(&game, Side::Black), (4, 5));
    let white = game.parse_move(&scene.scene.moves[0]).unwrap();
    assert_eq!(
        white.captures().len(),
        4,
        "a man, a man, a knight, a knight"
    );
    play_text(&mut game, &scene.scene.moves[0]);
    let black = game.parse_move(&scene.scene.moves[1]).unwrap();
    assert_eq!(
        black.captures().len(),
        5,
        "men 18, 32, knight 16, men 35, 37"
    );
    assert_eq!(
        black.destination(),
        black.steps[2].1,
        "ends where it landed after its second jump"
    );
    play_text(&mut game, &scene.scene.moves[1]);
    assert_eq!(material(&game, Side::White), (3, 1));
    assert_eq!(material(&game, Side::Black), (2, 3));
    // Seed 001: "he must jump and capture opposing pieces when brought into juxtaposition
    // allowing a jump in the course of a charge". Both charges stay legal under either
    // reading of that sentence, under both rule sets.
    for rules in [
        tabula_rules::camelot::RuleSet::Wcf,
        tabula_rules::camelot::RuleSet::Parker1930,
    ] {
        for knight_landing in [KnightLanding::JumpThere, KnightLanding::CaptureLater] {
            let options = CamelotOptions {
                rules,
                knight_landing,
                ..CamelotOptions::default()
            };
            let mut game = Camelot::from_position(game.start().clone(), options).unwrap();
            for text in &scene.scene.moves {
                play_text(&mut game, text);
            }
        }
    }
}

#[test]
fn the_compulsory_capture_lesson_says_what_the_rules_do() {
    let path = common::crate_dir().join("../../scenes/camelot/compulsory_capture.ron");
    let scene = tabula_rules::scene::SceneFile::load(&path).unwrap();
    let mut game = scene.start_as::<Camelot>().unwrap();
    let moves = &scene.scene.moves;
    play_text(&mut game, &moves[0]);
    // Black is offered a charge, but nothing can jump from where it stands: no obligation.
    let legal = game.legal_moves();
    assert!(legal.iter().any(|m| m.is_capture()), "a charge is offered");
    assert!(
        legal.iter().all(|m| m.steps[0].0 != Step::Jump),
        "no jump from where a piece stands"
    );
    assert!(
        legal.iter().any(|m| !m.is_capture()),
        "the charge may be declined"
    );
    play_text(&mut game, &moves[1]);
    // Then each jump is the only legal move.
    for text in &moves[2..] {
        let legal = game.legal_moves();
        assert_eq!(legal.len(), 1, "{text} is the only move");
        assert_eq!(game.move_text(&legal[0]), *text);
        play_text(&mut game, text);
    }
}

#[test]
fn a_refused_canter_stop_or_plain_move_says_why() {
    // Seed 001: "he must jump and capture opposing pieces when brought into juxtaposition
    // allowing a jump in the course of a charge".
    let game = Camelot::from_setup_text(
        "White knights: E5\nWhite men: E6 F8\nBlack men: D8 A12\nWhite to move",
        CamelotOptions::default(),
    )
    .unwrap();
    let stop = Move {
        from: Square::parse("E5").unwrap(),
        steps: [(Step::Canter, Square::parse("E7").unwrap())].into(),
    };
    let why = game.why_illegal(&stop);
    assert!(why.contains("must jump"), "{why}");
    // The same sentence: cantering on from such a landing is no escape.
    let game = Camelot::from_setup_text(
        "White knights: E5\nWhite men: E6 D7\nBlack men: F8\nWhite to move",
        CamelotOptions::default(),
    )
    .unwrap();
    let on = Move {
        from: Square::parse("E5").unwrap(),
        steps: [
            (Step::Canter, Square::parse("E7").unwrap()),
            (Step::Canter, Square::parse("C7").unwrap()),
        ]
        .into(),
    };
    let why = game.why_illegal(&on);
    assert!(
        why.contains("lands on E7") && why.contains("must jump from there"),
        "{why}"
    );
    let later = Camelot::from_setup_text(
        "White knights: E5\nWhite men: E6 D7\nBlack men: F8\nWhite to move",
        CamelotOptions {
            knight_landing: KnightLanding::CaptureLater,
            ..CamelotOptions::default()
        },
    )
    .unwrap();
    let why = later.why_illegal(&on);
    assert!(why.contains("must capture before its move ends"), "{why}");
    // A jump is possible (L8 over L9), so the plain move is refused for that reason.
    let game = Camelot::from_setup_text(
        "White knights: E5\nWhite men: E6 L8\nBlack men: E8 L9\nWhite to move",
        CamelotOptions::default(),
    )
    .unwrap();
    let plain = Move {
        from: Square::parse("E5").unwrap(),
        steps: [(Step::Plain, Square::parse("D5").unwrap())].into(),
    };
    let why = game.why_illegal(&plain);
    assert!(why.contains("capture is compulsory"), "{why}");
}

/// The perft lines: count, depth, number, and whether the line is run by hand only.
fn perft_lines() -> Vec<(String, String, u32, u64, bool)> {
    lines(&data("perft.txt"))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let by_hand = match f.get(3) {
                None => false,
                Some(&"by-hand") => true,
                Some(other) => panic!("{line}: unknown mark {other}"),
            };
            (
                line.to_string(),
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                by_hand,
            )
        })
        .collect()
}

fn check_perft(by_hand: bool) {
    for (line, kind, depth, count, hand) in perft_lines() {
        if hand != by_hand {
            continue;
        }
        let mut game = Camelot::new(CamelotOptions::default()).unwrap();
        let got = match kind.as_str() {
            "paths" => perft(&mut game, depth),
            "positions" => perft_positions(&mut game, depth, Camelot::position_key),
            _ => panic!("unknown count {kind}"),
        };
        assert_eq!(got, count, "{line}");
    }
}

#[test]
fn perft_from_the_opening() {
    check_perft(false);
}

/// The counts marked `by-hand` in perft.txt take many minutes:
/// `cargo test -p tabula-rules --test camelot -- --ignored`.
#[test]
#[ignore = "many minutes; run by hand"]
fn perft_from_the_opening_by_hand() {
    check_perft(true);
}

#[test]
fn setup_text_round_trips() {
    let pos = Position::standard();
    assert_eq!(Position::parse(&pos.to_string()).unwrap(), pos);
    for (bad, why) in [
        ("White men: E5 E5", "two pieces on E5"),
        ("White men: A1", "not a square"),
        (
            "White knights: A5 A6 A7 A8 A9",
            "line 1: White has more than 4 knights",
        ),
        ("Green men: E5", "unknown side"),
    ] {
        let e = Position::parse(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn random_playouts_never_panic_and_round_trip() {
    for (rules, knight_landing) in [
        (
            tabula_rules::camelot::RuleSet::Wcf,
            KnightLanding::JumpThere,
        ),
        (
            tabula_rules::camelot::RuleSet::Parker1930,
            KnightLanding::JumpThere,
        ),
        (
            tabula_rules::camelot::RuleSet::Wcf,
            KnightLanding::CaptureLater,
        ),
        (
            tabula_rules::camelot::RuleSet::Parker1930,
            KnightLanding::CaptureLater,
        ),
    ] {
        let finished = common::random_playouts(
            0..300,
            400,
            |_| {
                Camelot::new(CamelotOptions {
                    rules,
                    knight_landing,
                    ..CamelotOptions::default()
                })
                .unwrap()
            },
            |g| g.position().clone(),
            |g, legal| {
                assert_eq!(
                    g.legal_move_count(),
                    legal.len(),
                    "the counting generator agrees"
                );
            },
        );
        if rules == tabula_rules::camelot::RuleSet::Wcf {
            // Compulsory capture and the draw rules end most random WCF games; Parker's
            // rules have no compulsory capture and only the quiet-move draw, so random
            // Parker games end less often within the cap.
            assert!(finished > 100, "only {finished} random WCF games ended");
        }
    }
}

/// Builds or reads one input of refused.txt; the error's text, or what was accepted.
fn refused_input(kind: &str, input: &str) -> Result<String, String> {
    let options = |text: &str| -> Result<CamelotOptions, String> {
        if text.trim().is_empty() {
            Ok(CamelotOptions::default())
        } else {
            ron::from_str(text).map_err(|e| e.to_string())
        }
    };
    match kind {
        "options" => {
            let o = options(input)?;
            let g = Camelot::new(o).map_err(|e| e.to_string())?;
            Ok(format!("built: {:?}", g.options()))
        }
        "setup" => {
            let mut o = CamelotOptions::default();
            let mut setup = String::new();
            for line in input.lines() {
                match line.strip_prefix("options:") {
                    Some(text) => o = options(text)?,
                    None => {
                        setup.push_str(line);
                        setup.push('\n');
                    }
                }
            }
            let g = Camelot::from_setup_text(&setup, o).map_err(|e| e.to_string())?;
            Ok(format!("built:\n{}", g.position()))
        }
        "script" => {
            let mut o = CamelotOptions::default();
            let mut setup = String::new();
            let mut moves = Vec::new();
            for line in input.lines() {
                if let Some(text) = line.strip_prefix("options:") {
                    o = options(text)?;
                } else if let Some(text) = line.strip_prefix("setup:") {
                    setup.push_str(text);
                    setup.push('\n');
                } else {
                    moves.push(line);
                }
            }
            let mut g = if setup.is_empty() {
                Camelot::new(o).map_err(|e| e.to_string())?
            } else {
                Camelot::from_setup_text(&setup, o).map_err(|e| e.to_string())?
            };
            for text in moves {
                let mv = g.parse_move(text).map_err(|e| e.to_string())?;
                g.play(&mv).map_err(|e| e.to_string())?;
            }
            Ok(format!("played:\n{}", g.position()))
        }
        "square" => match Square::parse(input) {
            Some(sq) => Ok(format!("read as {sq}")),
            None => Err(format!("{input:?} is not a square")),
        },
        other => panic!("unknown kind {other:?}"),
    }
}

#[test]
fn refused_inputs_give_errors_not_panics() {
    let text = data("refused.txt");
    let mut cases = 0;
    let mut wrong = Vec::new();
    for block in text.split("\n== ").skip(1) {
        let (head, body) = block.split_once('\n').unwrap_or((block, ""));
        let (kind, expected) = head.split_once(" | ").expect("== KIND | EXPECTED");
        let input: Vec<&str> = body.lines().take_while(|l| !l.starts_with('#')).collect();
        let input = input.join("\n").trim_end().to_string();
        let result = std::panic::catch_unwind(|| refused_input(kind, &input))
            .unwrap_or_else(|_| panic!("panicked on {kind} {input:?}"));
        match result {
            Ok(what) => wrong.push(format!("accepted {kind} {input:?}: {what}")),
            Err(e) if !e.contains(expected.trim()) => {
                wrong.push(format!("{input:?}: {e} lacks {expected:?}"));
            }
            Err(_) => {}
        }
        cases += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(cases >= 30, "only {cases} cases");
}

#[test]
fn options_out_of_range_are_refused_not_played() {
    for (options, why) in [
        (
            CamelotOptions {
                no_progress_moves: Some(2_147_483_648),
                ..CamelotOptions::default()
            },
            "no_progress_moves is 2147483648; it must be from 1 to 10000 (or None, for no limit)",
        ),
        (
            CamelotOptions {
                no_progress_moves: Some(u32::MAX),
                ..CamelotOptions::default()
            },
            "no_progress_moves is 4294967295",
        ),
        (
            CamelotOptions {
                castle_move_limit: u8::MAX,
                ..CamelotOptions::default()
            },
            "castle_move_limit is 255; it must be from 0 to 100",
        ),
    ] {
        let e = Camelot::new(options.clone()).unwrap_err().to_string();
        assert!(e.contains(why), "Camelot::new: {e}");
        let e = Camelot::from_setup_text("White men: E5\nBlack men: E9", options.clone())
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "from_setup_text: {e}");
        let e = Camelot::from_position(Position::standard(), options)
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "from_position: {e}");
    }
    // The ends of the ranges are played.
    for n in [1, 10_000] {
        let o = CamelotOptions {
            no_progress_moves: Some(n),
            castle_move_limit: 100,
            ..CamelotOptions::default()
        };
        let g = Camelot::new(o).unwrap();
        assert!(!g.outcome().is_over());
    }
}

/// Random games of both rule sets end by their own rules (a win, or a draw by the rules'
/// limits) long before this many plies.
const GENEROUS_CAP: usize = 20_000;

#[test]
fn random_games_end_under_both_rule_sets() {
    use tabula_rules::camelot::RuleSet;
    use tabula_rules::playout::random_playout;
    for rules in [RuleSet::Wcf, RuleSet::Parker1930] {
        let mut longest = 0;
        for seed in 0..300 {
            let mut game = Camelot::new(CamelotOptions {
                rules,
                ..CamelotOptions::default()
            })
            .unwrap();
            let p = random_playout(&mut game, seed, GENEROUS_CAP);
            assert!(
                p.outcome.is_over(),
                "{rules:?} seed {seed}: not over after {} plies",
                p.moves.len()
            );
            longest = longest.max(p.moves.len());
        }
        // The no-progress rule (50 moves each) bounds a game: at most 100 quiet plies
        // between captures (and, WCF, castle entries).
        assert!(longest < 5_000, "{rules:?}: a game of {longest} plies");
    }
}

#[test]
fn a_1930_game_is_drawn_after_fifty_quiet_moves_each_by_default() {
    // The patent names no draw ("the two "goals" to occupy which with two pieces from the
    // opposite side of the board is the object of the game (or as an alternative the
    // capture of all the opposing pieces)"); docs/rules/camelot.md: "so that every game
    // ends, we draw a game after `no_progress_moves` (default 50) moves by each player with
    // no capture", under `rules: Parker1930` as under the WCF rules.
    let options = CamelotOptions {
        rules: tabula_rules::camelot::RuleSet::Parker1930,
        ..CamelotOptions::default()
    };
    assert_eq!(options.no_progress_moves, Some(50));
    let mut game = Camelot::from_setup_text(
        "White men: A8 B8\nBlack men: L12 K12\nWhite to move",
        options,
    )
    .unwrap();
    for ply in 0..100 {
        assert_eq!(game.outcome(), tabula_rules::Outcome::Ongoing, "ply {ply}");
        let text = match ply % 4 {
            0 => "A8-A9",
            1 => "L12-L11",
            2 => "A9-A8",
            _ => "L11-L12",
        };
        play_text(&mut game, text);
    }
    assert_eq!(
        game.outcome(),
        tabula_rules::Outcome::Draw(tabula_rules::DrawReason::MoveLimit)
    );
    // The command line's help says so: the option is not the WCF's alone.
    let help = tabula_rules::camelot::options::SPECS
        .iter()
        .find(|s| s.name == "quiet-moves")
        .unwrap()
        .help;
    assert!(
        !help.starts_with("WCF") && help.contains("both rule sets"),
        "{help}"
    );
}
