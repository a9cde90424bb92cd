//! Game of War: the book's game and problem, perft, targeted rule positions, invalid
//! setups, play/undo, notation round trips and random playouts. Data lives in data/war/.

mod common;

use tabula_rules::war::{Position, Setup, Side, Square, War, WarOptions};
use tabula_rules::{Game, NotationError, Outcome, perft::perft};

fn data(name: &str) -> String {
    let path = common::crate_dir().join("tests/data/war").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

fn play_text(game: &mut War, text: &str) {
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.position()));
    game.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The printed moves of the Siege Gambit, in order.
fn siege_gambit() -> Vec<String> {
    let text = data("siege_gambit.txt");
    let mut moves = Vec::new();
    for (_, line) in lines(&text) {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        moves.extend(
            cols[1..]
                .iter()
                .filter(|m| !m.is_empty())
                .map(|m| m.to_string()),
        );
    }
    moves
}

#[test]
fn siege_gambit_replays_as_printed_in_both_readings_of_blues_ninth() {
    let moves = siege_gambit();
    assert_eq!(moves.len(), 25, "13 Red moves and 12 Blue moves");
    let mut game = War::new(WarOptions::default()).expect("valid options");
    for text in &moves[..17] {
        play_text(&mut game, text);
    }
    // Blue's ninth, "KT takes KT", is printed without saying how: the book names both.
    let err = game
        .parse_move(&moves[17])
        .expect_err("ambiguous as printed");
    let NotationError::Ambiguous { candidates, .. } = err else {
        panic!("expected ambiguity, got {err}")
    };
    assert_eq!(candidates.len(), 2, "{candidates:?}");
    for landing in ["KF6", "KC7"] {
        let mut branch = game.clone();
        play_text(&mut branch, &format!("KT takes KT to {landing}"));
        for (i, text) in moves[18..].iter().enumerate() {
            assert_eq!(branch.outcome(), Outcome::Ongoing, "before move {}", i + 19);
            play_text(&mut branch, text);
        }
        assert_eq!(
            branch.outcome(),
            Outcome::Win(Side::Red),
            "Red wins at Red's 13th move"
        );
        assert_eq!(branch.ply(), 25);
    }
}

#[test]
fn siege_gambit_variation_is_legal() {
    let moves = siege_gambit();
    let mut game = War::new(WarOptions::default()).expect("valid options");
    for text in &moves[..17] {
        play_text(&mut game, text);
    }
    play_text(&mut game, "KT takes KT to KF6");
    play_text(&mut game, "M takes M");
    play_text(&mut game, "M takes M");
    play_text(&mut game, "M takes M");
    // 11. ... KF to K2: the flying machine blocks the king's file.
    play_text(&mut game, "KF to K2");
    assert_eq!(game.outcome(), Outcome::Ongoing);
    let refused = game
        .parse_move("M enters Citadel")
        .expect_err("the file is blocked");
    assert!(
        matches!(refused, NotationError::Illegal { .. }),
        "{refused}"
    );
}

#[test]
fn problem_one_solution_wins() {
    let text = data("problem1.txt");
    let (setup, solution) = text.split_once("---").expect("setup --- solution");
    let mut game = War::from_setup_text(setup, WarOptions::default()).expect("valid setup");
    for (_, mv) in lines(solution) {
        assert_eq!(game.outcome(), Outcome::Ongoing, "before {mv}");
        play_text(&mut game, mv);
    }
    assert_eq!(game.outcome(), Outcome::Win(Side::Red));
    assert_eq!(game.ply(), 5, "three Red moves");
}

#[test]
fn perft_from_the_opening() {
    let text = data("perft.txt");
    for (line, entry) in lines(&text) {
        let (depth, count) = entry.split_once(' ').expect("depth count");
        let depth: u32 = depth.parse().unwrap();
        let count: u64 = count.trim().parse().unwrap();
        let mut game = War::new(WarOptions::default()).expect("valid options");
        assert_eq!(
            perft(&mut game, depth),
            count,
            "perft.txt line {line}: depth {depth}"
        );
    }
}

fn parse_square(text: &str) -> Square {
    tabula_rules::war::position::parse_full_square(Side::Red, text)
        .unwrap_or_else(|| panic!("bad square {text}"))
}

#[test]
fn targeted_rule_positions() {
    let cases = common::run_cases(
        &data("rules.txt"),
        |options, setup| {
            let options: WarOptions = if options.is_empty() {
                WarOptions::default()
            } else {
                ron::from_str(options).map_err(|e| e.to_string())?
            };
            War::from_setup_text(setup, options).map_err(|e| e.to_string())
        },
        |g, square| {
            g.position()
                .at(parse_square(square))
                .map_or("empty".to_string(), |p| {
                    format!("{}/{}", p.kind.letter(), p.side)
                })
        },
        |g| g.position().to_string(),
    );
    assert!(cases >= 15, "only {cases} cases read");
}

#[test]
fn invalid_setups_are_refused_with_a_reason() {
    let text = data("invalid_setups.txt");
    for block in text.split("\n== ").skip(1) {
        let (expected, setup) = block.split_once('\n').unwrap();
        let result = Setup::parse(setup).and_then(|s| Position::from_setup(&s));
        match result {
            Ok(pos) => panic!("accepted: {setup}\n{pos}"),
            Err(e) => assert!(
                e.to_string().contains(expected.trim()),
                "{e} lacks {expected:?}"
            ),
        }
    }
}

#[test]
fn setup_text_round_trips() {
    let standard = Position::standard(Side::Red);
    let text = standard.to_string();
    let back = Position::from_setup(&Setup::parse(&text).unwrap()).unwrap();
    assert_eq!(back, standard, "{text}");
    let problem = data("problem1.txt");
    let pos =
        Position::from_setup(&Setup::parse(problem.split("---").next().unwrap()).unwrap()).unwrap();
    let again = Position::from_setup(&Setup::parse(&pos.to_string()).unwrap()).unwrap();
    assert_eq!(again, pos);
}

#[test]
fn options_read_from_ron() {
    let o: WarOptions = ron::from_str("(first: Blue, repetition_grace: None)").unwrap();
    assert_eq!(o.first, Side::Blue);
    assert_eq!(o.repetition_grace, None);
    let game = War::new(o).expect("valid options");
    assert_eq!(game.to_move(), Side::Blue);
}

#[test]
fn repeating_a_position_draws_after_twenty_more_moves_each() {
    let mut game = War::from_setup_text(
        "Red: K at K1, T at KM3\nBlue: K at K1, T at KM3\nRed to move",
        WarOptions::default(),
    )
    .unwrap();
    let shuffle = ["K to K2", "K to K2", "K to K1", "K to K1"];
    // The start position occurs again at ply 4 and for the third time at ply 8.
    let mut ply = 0;
    while game.outcome() == Outcome::Ongoing {
        play_text(&mut game, shuffle[ply % 4]);
        ply += 1;
        assert!(ply <= 48, "no draw by ply 48");
    }
    assert_eq!(ply, 48, "third occurrence at ply 8, then 20 moves each");
    assert_eq!(
        game.outcome(),
        Outcome::Draw(tabula_rules::DrawReason::Repetition)
    );
    let mut off = War::from_setup_text(
        "Red: K at K1\nBlue: K at K1\nRed to move",
        WarOptions {
            repetition_grace: None,
            ..WarOptions::default()
        },
    )
    .unwrap();
    for i in 0..100 {
        play_text(&mut off, shuffle[i % 4]);
    }
    assert_eq!(off.outcome(), Outcome::Ongoing, "rule turned off");
}

#[test]
fn illegal_moves_leave_the_game_unchanged() {
    let mut game = War::new(WarOptions::default()).expect("valid options");
    let before = game.position().clone();
    let other = War::from_setup_text(
        "Red: K at K1, M at K2\nBlue: K at KM1\nRed to move",
        WarOptions::default(),
    )
    .unwrap();
    let foreign = other
        .legal_moves()
        .into_iter()
        .find(|m| m.destination().row() == 5)
        .unwrap();
    let err = game.play(&foreign).expect_err("not legal in the opening");
    assert!(err.to_string().contains("illegal"), "{err}");
    assert_eq!(game.position(), &before);
    assert_eq!(game.ply(), 0);
}

#[test]
fn random_playouts_never_panic_and_round_trip() {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut plies = 0;
    let mut finished = 0;
    for seed in 0..2000u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = War::new(WarOptions::default()).expect("valid options");
        let start = game.position().clone();
        let mut played = Vec::new();
        while !game.outcome().is_over() && played.len() < 300 {
            let legal = game.legal_moves();
            assert!(!legal.is_empty(), "an ongoing game has a move");
            if seed < 20 {
                common::check_legal_move_choice(&game, &legal);
            }
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let text = game.move_text(&mv);
            assert_eq!(
                game.parse_move(&text).as_ref(),
                Ok(&mv),
                "seed {seed}: {text:?} does not round-trip"
            );
            let san: tabula_rules::war::WarSan = text.parse().unwrap();
            assert_eq!(san.to_string(), text, "print -> parse -> print");
            let before = game.position().clone();
            game.play(&mv)
                .unwrap_or_else(|e| panic!("seed {seed}: generated move refused: {e}"));
            game.undo();
            assert_eq!(game.position(), &before, "seed {seed}: undo of {text}");
            game.play(&mv).unwrap();
            played.push(mv);
        }
        plies += played.len();
        finished += usize::from(game.outcome().is_over());
        if seed < 20 {
            common::check_legal_move_choice(&game, &game.legal_moves());
        }
        while game.undo().is_some() {}
        assert_eq!(game.position(), &start, "seed {seed}: undo all");
    }
    assert!(plies > 100_000, "{plies} plies");
    assert!(finished > 0, "some random games end");
}

#[test]
fn moves_that_are_not_legal_are_written_plainly_and_refused() {
    use tabula_rules::war::{Landings, Move, Station};
    let text = data("unlisted_moves.txt");
    let mut cases = 0;
    for block in text.split("\n== ").skip(1) {
        let (title, body) = block.split_once('\n').unwrap();
        let is_move = |l: &str| ["step:", "jump:", "fly:"].iter().any(|k| l.starts_with(k));
        let setup: String = lines(body)
            .filter(|(_, l)| !is_move(l))
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        let (_, check) = lines(body)
            .find(|(_, l)| is_move(l))
            .unwrap_or_else(|| panic!("[{title}] no move line"));
        let mut game = War::from_setup_text(&setup, WarOptions::default())
            .unwrap_or_else(|e| panic!("[{title}] {e}"));
        let (kind, rest) = check.split_once(':').expect("KIND: squares => text");
        let (squares, expected) = rest.split_once("=>").expect("squares => text");
        let words: Vec<&str> = squares.split_whitespace().collect();
        let mv = match kind {
            "step" => Move::Step {
                from: parse_square(words[0]),
                to: parse_square(words[1]),
            },
            "jump" => {
                let landings: Vec<Square> = words[1..].iter().map(|w| parse_square(w)).collect();
                Move::Jump {
                    from: parse_square(words[0]),
                    landings: Landings::new(&landings).expect("one to three landings"),
                }
            }
            "fly" => Move::Fly {
                station: match words[0] {
                    "King" => Station::King,
                    _ => Station::General,
                },
                to: parse_square(words[1]),
            },
            other => panic!("[{title}] unknown move kind {other}"),
        };
        let written = game.move_text(&mv);
        assert!(
            written.starts_with(expected.trim()),
            "[{title}] {written:?} is not {:?}",
            expected.trim()
        );
        assert!(!game.is_legal(&mv), "[{title}] legal");
        let before = game.position().clone();
        assert!(game.play(&mv).is_err(), "[{title}] played");
        assert_eq!(game.position(), &before, "[{title}] unchanged");
        cases += 1;
    }
    assert!(cases >= 9, "only {cases} cases read");
}

#[test]
fn names_of_no_square_are_refused_everywhere() {
    let text = data("invalid_squares.txt");
    let game = War::from_setup_text(
        "Red: K at K1, T at K3\nBlue: K at K1\nRed to move",
        WarOptions::default(),
    )
    .unwrap();
    let mut cases = 0;
    for (_, name) in lines(&text) {
        for side in [Side::Red, Side::Blue] {
            let read = tabula_rules::war::position::parse_full_square(side, name);
            assert_eq!(read, None, "{name:?} read as a square for {side}");
        }
        let setup = format!("Red: K at K1, T at {name}\nBlue: K at K1\nRed to move");
        let err = War::from_setup_text(&setup, WarOptions::default())
            .expect_err(&format!("{name:?} accepted in a setup"));
        assert!(err.to_string().contains("line 1"), "{name:?}: {err}");
        for mv in [format!("T to {name}"), format!("T at {name} to K4")] {
            assert!(game.parse_move(&mv).is_err(), "{mv:?} accepted");
        }
        cases += 1;
    }
    assert!(cases >= 19, "only {cases} cases read");
}

#[test]
fn out_of_range_options_are_refused_with_field_and_range() {
    let text = data("invalid_options.txt");
    let mut cases = 0;
    for (line, case) in lines(&text) {
        let (ron_text, expected) = case.split_once(" => ").expect("RON => text");
        let options: WarOptions =
            ron::from_str(ron_text).unwrap_or_else(|e| panic!("line {line}: {e}"));
        for err in [
            options.check().map(|_| ()).unwrap_err().to_string(),
            War::new(options.clone())
                .map(|_| ())
                .unwrap_err()
                .to_string(),
            War::from_setup_text("Red: K at K1\nBlue: K at K1", options.clone())
                .map(|_| ())
                .unwrap_err()
                .to_string(),
        ] {
            assert!(
                err.contains(expected),
                "line {line}: {err:?} lacks {expected:?}"
            );
        }
        cases += 1;
    }
    assert!(cases >= 7, "only {cases} cases read");
}

#[test]
fn a_capture_in_the_citadel_prints_as_the_book_writes_it() {
    // Maxim (1910), the Siege Gambit, Red's 13th: "G takes H"; Problem I, Red's 3rd:
    // "C takes K". Both capture on the enemy citadel; "enters Citadel" is printed only for
    // a plain entry (Problem I's "M to Citadel", Problem II's "M enters Citadel"), and is
    // still read for a capture there.
    let moves = siege_gambit();
    let mut game = War::new(WarOptions::default()).expect("valid options");
    for text in &moves[..17] {
        play_text(&mut game, text);
    }
    play_text(&mut game, "KT takes KT to KF6");
    for text in &moves[18..24] {
        play_text(&mut game, text);
    }
    let mv = game.parse_move("G takes H").unwrap();
    assert_eq!(game.move_text(&mv), "G takes H");
    assert_eq!(game.parse_move("G enters Citadel").unwrap(), mv);
    // Red's 12th, printed "M enters Citadel" in the book, takes Blue's king on its citadel:
    // read as printed, written as a capture.
    game.undo();
    game.undo();
    let mv = game.parse_move("M enters Citadel").unwrap();
    assert_eq!(game.move_text(&mv), "M takes K");

    let text = data("problem1.txt");
    let (setup, solution) = text.split_once("---").expect("setup --- solution");
    let mut game = War::from_setup_text(setup, WarOptions::default()).expect("valid setup");
    let solution: Vec<&str> = lines(solution).map(|(_, mv)| mv).collect();
    for text in &solution[..2] {
        play_text(&mut game, text);
    }
    let plain = game.parse_move("M to Citadel").unwrap();
    assert_eq!(game.move_text(&plain), "M enters Citadel");
    for text in &solution[2..4] {
        play_text(&mut game, text);
    }
    let mv = game.parse_move("C takes K").unwrap();
    assert_eq!(game.move_text(&mv), "C takes K");
    assert_eq!(game.parse_move("C enters Citadel").unwrap(), mv);
}

#[test]
fn a_list_of_moves_names_where_a_capture_ends() {
    // The Siege Gambit's Blue ninth, "KT takes KT" in the book: a list names the square the
    // troop lands on, and reads back as the same move; a quiet move is printed as ever.
    use tabula_rules::war::notation::print_landing;
    let moves = siege_gambit();
    let mut game = War::new(WarOptions::default()).expect("valid options");
    for text in &moves[..16] {
        play_text(&mut game, text);
    }
    let quiet = game.parse_move(&moves[16]).unwrap();
    let legal = game.legal_moves();
    assert_eq!(
        print_landing(game.position(), &legal, &quiet),
        game.move_text(&quiet)
    );
    play_text(&mut game, &moves[16]);
    let legal = game.legal_moves();
    let mv = game.parse_move("KT takes KT to KF6").unwrap();
    let listed = print_landing(game.position(), &legal, &mv);
    assert!(
        listed.contains(" takes ") && listed.ends_with(" to KF6"),
        "{listed}"
    );
    assert_eq!(game.parse_move(&listed).unwrap(), mv);
}
