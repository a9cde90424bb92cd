//! Transport: the vulnerability table against the patent's marks, every movement and
//! encounter rule, the patent's example situation, four-player play, setups, notation round
//! trips and random playouts. Data in data/transport/.

mod common;

use tabula_rules::Game;
use tabula_rules::NotationError;
use tabula_rules::transport::pieces::{Mark, bow_dots_for, can_sink};
use tabula_rules::transport::{Kind, Mode, Piece, Position, Sq, Transport, TransportOptions};

fn data(name: &str) -> String {
    let path = common::crate_dir().join("tests/data/transport").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn kind(noun: &str) -> Kind {
    [Kind::MAIN.as_slice(), Kind::AUXILIARY.as_slice()]
        .concat()
        .into_iter()
        .find(|k| k.noun() == noun)
        .unwrap_or_else(|| panic!("no piece {noun}"))
}

#[test]
fn every_row_of_the_vulnerability_table_both_ways() {
    let all = [Kind::MAIN.as_slice(), Kind::AUXILIARY.as_slice()].concat();
    let mut rows = 0;
    for line in common::lines(&data("vulnerability.txt")) {
        let (victim, sinkers) = line.split_once(':').expect("victim: sinkers");
        let victim = kind(victim.trim());
        let sinkers: Vec<Kind> = sinkers
            .split_whitespace()
            .filter(|w| *w != "-")
            .map(kind)
            .collect();
        for attacker in &all {
            assert_eq!(
                can_sink(*attacker, victim),
                sinkers.contains(attacker),
                "{attacker} against {victim}"
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 8);
}

fn mark(word: &str) -> Mark {
    match word {
        "red" => Mark::Red,
        "yellow" => Mark::Yellow,
        "green" => Mark::Green,
        "orange" => Mark::Orange,
        other => panic!("no colour {other}"),
    }
}

#[test]
fn the_marks_on_each_piece_follow_the_patent() {
    let mut rows = 0;
    for line in common::lines(&data("marks.txt")) {
        let (name, marks) = line.split_once(':').expect("name: marks");
        let k = kind(name.trim());
        let parts: Vec<Vec<Mark>> = marks
            .split('|')
            .map(|part| {
                part.split_whitespace()
                    .filter(|w| *w != "-")
                    .map(mark)
                    .collect()
            })
            .collect();
        assert_eq!(parts.len(), 3, "{line}");
        assert_eq!(k.bow_dots(), parts[0].as_slice(), "{k}: bow dots");
        assert_eq!(k.bands(), parts[1].as_slice(), "{k}: bands");
        assert_eq!(k.tail_dots(), parts[2].as_slice(), "{k}: tail dots");
        // A piece strikes with its band's colour: what fires it, and what it sinks.
        assert_eq!(k.strike(), parts[1].first().copied(), "{k}: strike");
        assert_eq!(bow_dots_for(k, false), k.bow_dots());
        rows += 1;
    }
    assert_eq!(rows, 8);
    assert_eq!(bow_dots_for(Kind::Transport, true), [Mark::Red]);
    assert_eq!(bow_dots_for(Kind::Battleship, true), [Mark::Red]);
}

#[test]
fn rule_cases() {
    let n = common::run_cases(
        &data("rules.txt"),
        |options, setup| {
            let options: TransportOptions = if options.is_empty() {
                TransportOptions::default()
            } else {
                ron::from_str(options).map_err(|e| e.to_string())?
            };
            Transport::from_setup_text(setup, options).map_err(|e| e.to_string())
        },
        |g, square| {
            let sq = Sq::parse(square).expect("a square");
            let mut here: Vec<String> = g
                .position()
                .at(sq)
                .map(|p| format!("{} {}", p.fleet + 1, p.kind))
                .collect();
            here.sort();
            if here.is_empty() {
                "empty".into()
            } else {
                here.join(", ")
            }
        },
        |g| g.position().to_string(),
    );
    assert!(n >= 12, "{n} cases");
}

/// The patent's example situation: a battleship's shell on its way to the enemy
/// battleship's bow, a submarine's torpedo toward a battleship, and an enemy plane that may
/// not fly over the shell pointed at it (another plane, crossing the shell's line, may).
#[test]
fn the_patents_example_situation() {
    let setup = "Fleet 1: B f5 f6, T a1\n\
                 Fleet 1 reserve: 0 planes, 1 shells, 0 torpedoes\n\
                 Fleet 2: B f9 f8, S h8 moved, T k11\n\
                 Fleet 2 missiles: plane f8 S, plane e8 SE\n\
                 Fleet 2 reserve: 0 planes, 0 shells, 1 torpedoes\n\
                 Fleet 1 to move";
    let mut g = Transport::from_setup_text(setup, TransportOptions::default()).unwrap();
    let play = |g: &mut Transport, text: &str| {
        let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&mv).unwrap();
    };
    // The shell is fired beside the battleship, pointed at the enemy battleship.
    play(&mut g, "fire shell f7 N");
    // The enemy plane flying south toward the battleship may not fly over the shell,
    // which points straight back at it, nor enter its square.
    match g.parse_move("advance plane f8-f6 S") {
        Err(NotationError::Illegal { why, .. }) => {
            assert!(why.contains("pointed directly at it"), "{why}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(g.parse_move("advance plane f8-f7 S").is_err());
    // The plane on e8 crosses the shell's line diagonally: the shell is not pointed at it.
    assert!(g.parse_move("advance plane e8-g6 SE").is_ok());
    // The submarine fires a torpedo toward the battleship: set on g7, it runs to f6, the
    // battleship's bow, and sinks it.
    play(&mut g, "fire torpedo g7 SW");
    assert!(g.position().at(Sq::parse("f5").unwrap()).next().is_none());
    assert!(g.position().at(Sq::parse("f6").unwrap()).next().is_none());
    // Fleet 1's shell is still in flight; its battleship is gone. It strikes the enemy
    // battleship's bow, and the plane still over it.
    play(&mut g, "T a1-a2");
    play(&mut g, "advance plane e8-g6 SE");
    play(&mut g, "advance shell f7 N");
    let f8: Vec<Kind> = g
        .position()
        .at(Sq::parse("f8").unwrap())
        .map(|p| p.kind)
        .collect();
    assert!(
        f8.is_empty(),
        "the enemy battleship and plane are sunk: {f8:?}"
    );
    assert_eq!(
        g.position().reserve(0, Kind::Shell),
        1,
        "the shell is back in reserve"
    );
}

#[test]
fn a_sunk_carrier_loses_the_planes_still_aboard() {
    let setup = "Fleet 1: T a1\n\
                 Fleet 1 missiles: shell d8 N\n\
                 Fleet 1 reserve: 0 planes, 0 shells, 0 torpedoes\n\
                 Fleet 2: C d10 d9, T k11\n\
                 Fleet 2 missiles: plane h8 S\n\
                 Fleet 1 to move";
    let mut g = Transport::from_setup_text(setup, TransportOptions::default()).unwrap();
    assert_eq!(
        g.position().reserve(1, Kind::Plane),
        1,
        "two less the one in the air"
    );
    let mv = g.parse_move("advance shell d8 N").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().reserve(1, Kind::Plane), 0);
    assert!(
        g.position()
            .pieces()
            .iter()
            .any(|p| p.kind == Kind::Plane && p.fleet == 1),
        "the plane already launched flies on"
    );
    assert!(
        !g.legal_moves()
            .iter()
            .any(|m| g.move_text(m).starts_with("launch plane"))
    );
}

#[test]
fn standard_setups_for_every_mode_and_size() {
    for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
        for size in [9u8, 11, 13, 15] {
            if mode == Mode::Teams && size == 9 {
                continue;
            }
            let options = TransportOptions {
                mode,
                size,
                ..TransportOptions::default()
            };
            let g = Transport::new(options.clone()).unwrap();
            let pos = g.position();
            assert_eq!(
                pos.pieces().len(),
                5 * usize::from(mode.fleets()),
                "{mode:?} {size}"
            );
            for p in pos.pieces() {
                for sq in p.squares() {
                    assert!(sq.on(size), "{mode:?} {size}: {p:?}");
                }
                if p.kind == Kind::Submarine {
                    assert!(p.at.is_dark());
                }
            }
            // No two surface ships of different fleets share a square at the start.
            let again = Position::parse(&pos.to_string(), &options).unwrap();
            assert_eq!(&again, pos, "{mode:?} {size}: the text form round-trips");
            assert!(!g.legal_moves().is_empty());
        }
    }
    // Two teams on 9 x 9 would start within a torpedo's launching run of each other.
    for (mode, size) in [
        (Mode::Two, 10),
        (Mode::Two, 7),
        (Mode::Teams, 8),
        (Mode::Royal, 8),
        (Mode::Teams, 9),
    ] {
        assert!(
            Transport::new(TransportOptions {
                mode,
                size,
                ..TransportOptions::default()
            })
            .is_err(),
            "{mode:?} {size}"
        );
    }
}

/// Seed 000: "It is possible to play single game upon a common chess board of eight rows of
/// eight squares, but the strategy of the game is cramped thereby".
#[test]
fn two_fleets_on_the_chess_board() {
    let options = TransportOptions {
        size: 8,
        ..TransportOptions::default()
    };
    let g = Transport::new(options.clone()).unwrap();
    let pos = g.position();
    assert_eq!(pos.size, 8);
    let text = pos.to_string();
    for line in [
        "Fleet 1: S b2, C c1 c2, T d1, B f1 f2, D g1",
        "Fleet 2: S g7, C f8 f7, T e8, B c8 c7, D b8",
    ] {
        assert!(text.contains(line), "{text}");
    }
    for p in pos.pieces() {
        if p.kind == Kind::Submarine {
            assert!(p.at.is_dark(), "{p:?}");
        }
    }
    // On an even board only a1 and h8 are dark corners.
    assert!(Sq::parse("h8").unwrap().is_dark() && !Sq::parse("h1").unwrap().is_dark());
    let again = Position::parse(&text, &options).unwrap();
    assert_eq!(&again, pos);
    // The same 206 actions as on 11 x 11 (see perft.txt): every piece has the same room
    // about it, the edge beside the destroyer on g1 as beside the one on j1.
    assert_eq!(g.legal_moves().len(), 206);
}

/// A copy of `pos` with `fleet` to move.
fn with_to_move(pos: &Position, fleet: u8, options: &TransportOptions) -> Transport {
    let text = pos.to_string();
    let (body, _) = text.rsplit_once('\n').expect("a to-move line");
    let text = format!("{body}\nFleet {} to move", fleet + 1);
    Transport::from_position(Position::parse(&text, options).unwrap(), options.clone())
}

/// The pieces of fleets other than `mover` in `before` that are gone in `after`.
fn sunk(before: &Position, after: &Position, mover: u8) -> Vec<Piece> {
    let mut left: Vec<Piece> = after.pieces().to_vec();
    let mut gone = Vec::new();
    for p in before.pieces().iter().filter(|p| p.fleet != mover) {
        match left.iter().position(|q| q == p) {
            Some(i) => {
                left.remove(i);
            }
            None => gone.push(*p),
        }
    }
    gone
}

/// No fleet's first action sinks anything: in the opening each fleet, as if it were to
/// move, has no action that sinks; and after any first action of the fleet before it, a
/// fleet can sink only a piece that action moved or launched (a piece offered, not one
/// the layout gives away). The battle royal's submarines start on c1 for this.
#[test]
fn no_fleet_can_sink_anything_with_its_first_action() {
    let mut setups = vec![(Mode::Two, 8), (Mode::Two, 9), (Mode::Royal, 9)];
    for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
        for size in [11u8, 13, 15] {
            setups.push((mode, size));
        }
    }
    let mut failures: Vec<String> = Vec::new();
    for (mode, size) in setups {
        let options = TransportOptions {
            mode,
            size,
            ..TransportOptions::default()
        };
        let opening = Transport::new(options.clone()).unwrap().position().clone();
        let fleets = mode.fleets();
        for fleet in 0..fleets {
            let g = with_to_move(&opening, fleet, &options);
            for mv in g.legal_moves() {
                let after = g.position().after(&mv).unwrap();
                let gone = sunk(g.position(), &after, fleet);
                if !gone.is_empty() {
                    failures.push(format!(
                        "{mode:?} {size}: Fleet {} opens with {} and sinks {gone:?}",
                        fleet + 1,
                        g.move_text(&mv)
                    ));
                }
            }
        }
        if size != 11 {
            continue;
        }
        for fleet in 0..fleets {
            let before = (fleet + fleets - 1) % fleets;
            let g = with_to_move(&opening, before, &options);
            for first in g.legal_moves() {
                let pos = g.position().after(&first).unwrap();
                assert_eq!(pos.to_move(), fleet);
                let reply = Transport::from_position(pos.clone(), options.clone());
                for mv in reply.legal_moves() {
                    let after = pos.after(&mv).unwrap();
                    for p in sunk(&pos, &after, fleet) {
                        if opening.pieces().contains(&p) {
                            failures.push(format!(
                                "{mode:?}: after Fleet {}'s {}, Fleet {}'s {} sinks {p:?}",
                                before + 1,
                                g.move_text(&first),
                                fleet + 1,
                                reply.move_text(&mv)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The first player's actual first actions in the battle royal: the destroyer's step onto
/// j2 (which rammed the next fleet's submarine when it stood there) is now a quiet move.
#[test]
fn the_royal_opening_gives_nothing_away() {
    let options = TransportOptions {
        mode: Mode::Royal,
        ..TransportOptions::default()
    };
    let mut g = Transport::new(options).unwrap();
    let before = g.position().pieces().len();
    let mv = g.parse_move("D j1-j2").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().pieces().len(), before);
    assert_eq!(
        g.position()
            .at(Sq::parse("k3").unwrap())
            .map(|p| (p.fleet, p.kind))
            .collect::<Vec<_>>(),
        [(1, Kind::Submarine)]
    );
}

/// A refused action says why, naming the rule that refuses it.
#[test]
fn refusals_say_why() {
    let setup = "Fleet 1: B e5 f6, D a5 moved, T k1\n\
                 Fleet 1 missiles: plane c3 NE\n\
                 Fleet 1 reserve: 0 planes, 1 shells, 1 torpedoes\n\
                 Fleet 2: T k11\n\
                 Fleet 2 missiles: shell d4 SW\n\
                 Fleet 2 reserve: 0 planes, 0 shells, 0 torpedoes\n\
                 Fleet 1 to move";
    let g = Transport::from_setup_text(setup, TransportOptions::default()).unwrap();
    for (text, why) in [
        ("fire torpedo a4 W", "run straight off the board"),
        ("fire shell g5 W", "pointed at its own battleship on e5"),
        (
            "advance plane c3-e5 NE",
            "the enemy shell there is pointed directly at it",
        ),
        (
            "advance plane c3-d4 NE",
            "may not enter d4: the enemy shell there can sink it",
        ),
        ("launch plane d3 N", "no plane left in reserve"),
    ] {
        match g.parse_move(text) {
            Err(NotationError::Illegal { why: got, .. }) => {
                assert!(got.contains(why), "{text}: {got}");
            }
            other => panic!("{text}: expected a refusal, got {other:?}"),
        }
    }
}

#[test]
fn bad_setups_are_refused_with_a_reason() {
    let options = TransportOptions::default();
    for (bad, why) in [
        ("Fleet 1: S c4", "keeps to dark squares"),
        ("Fleet 1: B e5 e7", "stern and bow must touch"),
        ("Fleet 1: T z40", "not a square"),
        ("Fleet 1: X e5", "S, C, T, B or D"),
        ("Fleet 3: T e5", "in a game of 2 fleets"),
        (
            "Fleet 1 missiles: rocket e5 N",
            "not a plane, shell or torpedo",
        ),
        ("Mode: chaos", "unknown mode"),
    ] {
        let e = Position::parse(bad, &options).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn random_playouts_never_panic_and_round_trip() {
    for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
        let finished = common::random_playouts(
            0..40,
            400,
            |_| {
                Transport::new(TransportOptions {
                    mode,
                    ..TransportOptions::default()
                })
                .unwrap()
            },
            |g| g.position().clone(),
            |_, _| {},
        );
        assert!(
            finished > 0,
            "{mode:?}: some random games end ({finished} of 40)"
        );
    }
}

#[test]
fn perft_from_the_opening() {
    for line in common::lines(&data("perft.txt")) {
        let (depth, count) = line.split_once(' ').expect("depth count");
        let mut g = Transport::new(TransportOptions::default()).unwrap();
        let n = tabula_rules::perft::perft(&mut g, depth.parse().unwrap());
        assert_eq!(n, count.parse::<u64>().unwrap(), "depth {depth}");
    }
}

/// Every setup in data/transport/invalid_setups.txt is refused, never a panic, with the
/// error named there (its line in the setup, and why).
#[test]
fn invalid_setups_are_refused_on_their_own_line() {
    let text = data("invalid_setups.txt");
    for block in text.split("\n== ").skip(1) {
        let (expected, setup) = block.split_once('\n').expect("a setup after the error");
        let result = std::panic::catch_unwind(|| {
            Transport::from_setup_text(setup, TransportOptions::default())
        });
        match result {
            Err(_) => panic!("panicked on\n{setup}"),
            Ok(Ok(g)) => panic!("accepted:\n{setup}\n{}", g.position()),
            Ok(Err(e)) => {
                let e = e.to_string();
                assert!(!e.contains("line 0"), "{e}");
                assert!(e.contains(expected.trim()), "{e:?} lacks {expected:?}");
            }
        }
    }
}

/// Every set of options in data/transport/invalid_options.txt (RON) is refused by
/// `TransportOptions::check`, by `Transport::new` and by the setup reader, naming the field
/// and its allowed range.
#[test]
fn invalid_options_are_refused_with_the_field_and_range() {
    let text = data("invalid_options.txt");
    for block in text.split("\n== ").skip(1) {
        let (expected, ron_text) = block.split_once('\n').expect("options after the error");
        let ron_text: String = ron_text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let options: TransportOptions =
            ron::from_str(&ron_text).unwrap_or_else(|e| panic!("{ron_text}: not options: {e}"));
        let e = options.check().expect_err(&ron_text).to_string();
        assert!(e.contains(expected.trim()), "{e:?} lacks {expected:?}");
        let e = Transport::new(options.clone()).expect_err(&ron_text);
        assert!(e.to_string().contains(expected.trim()));
        // A setup text sets its own position: the teams' start need not fit its board.
        if block.contains("Only the standard setup") {
            continue;
        }
        let e = Transport::from_setup_text("Fleet 1: T f1", options).expect_err(&ron_text);
        assert!(e.to_string().contains(expected.trim()), "{e}");
    }
}

/// With the default options every random game ends, in every mode and on the chess board:
/// a transport sunk, or a draw once `no_progress_actions` (500) actions in a row sink
/// nothing, well before a generous cap.
#[test]
fn every_random_game_ends_under_the_default_options() {
    use tabula_rules::playout::random_playout;
    for (mode, size) in [
        (Mode::Two, 11),
        (Mode::Two, 8),
        (Mode::Teams, 11),
        (Mode::Royal, 11),
    ] {
        let mut longest = 0;
        for seed in 0..24 {
            let mut g = Transport::new(TransportOptions {
                mode,
                size,
                ..TransportOptions::default()
            })
            .unwrap();
            let playout = random_playout(&mut g, seed, 50_000);
            assert!(
                playout.outcome.is_over(),
                "{mode:?} {size} seed {seed}: no end after {} actions",
                playout.moves.len()
            );
            longest = longest.max(playout.moves.len());
        }
        assert!(longest < 50_000, "{mode:?} {size}: {longest}");
    }
}

#[test]
fn a_position_equals_itself_read_back_whatever_order_its_pieces_are_listed_in() {
    // Found by fuzzing: the text form lists each fleet's pieces in an order of its own
    // (submarine, carrier, transport, ...), so a position whose pieces were listed
    // otherwise read back unequal to itself (and a start compared
    // with the standard setup could be taken for another).
    use std::collections::HashSet;
    let options = TransportOptions::default();
    let text = "Fleet 1: D e5, S c3, T a1\nFleet 1 reserve: 0 planes, 0 shells, 4 torpedoes\n\
                Fleet 2: B e9 e10, T k11\nFleet 2 reserve: 0 planes, 5 shells, 0 torpedoes\n\
                Fleet 1 to move";
    let pos = <Transport as Game>::parse_setup(text, &options).unwrap();
    let printed = <Transport as Game>::setup_text(&pos);
    assert!(printed.contains("Fleet 1: S c3, T a1, D e5"), "{printed}");
    let again = <Transport as Game>::parse_setup(&printed, &options).unwrap();
    assert_ne!(again.pieces(), pos.pieces(), "listed in another order");
    assert_eq!(again, pos);
    let set: HashSet<Position> = [pos.clone()].into();
    assert!(set.contains(&again), "equal positions hash alike");
    // A start read back from its own text is still the standard setup, in every mode.
    for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
        let options = TransportOptions {
            mode,
            ..TransportOptions::default()
        };
        let mut g = Transport::new(options.clone()).unwrap();
        // Play a while, so that pieces are added and taken off, then read the position back.
        let moves = tabula_rules::playout::random_playout(&mut g.clone(), 7, 60).moves;
        for mv in &moves {
            g.play(mv).unwrap();
        }
        let text = <Transport as Game>::setup_text(g.position());
        let read = <Transport as Game>::parse_setup(&text, &options).unwrap();
        assert_eq!(&read, g.position(), "{mode:?}\n{text}");
        let standard = Transport::new(options.clone()).unwrap();
        let text = <Transport as Game>::setup_text(standard.start());
        let read = <Transport as Game>::parse_setup(&text, &options).unwrap();
        let from_text = <Transport as Game>::from_setup(read, options).unwrap();
        assert!(from_text.is_standard_setup(), "{mode:?}");
    }
}
