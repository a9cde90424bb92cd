//! Transport: the vulnerability table against the patent's marks, every movement and
//! encounter rule, the patent's example situation, four-player play, setups, notation round
//! trips and random playouts. Data in data/transport/.

mod common;

use tabula_rules::Game;
use tabula_rules::transport::pieces::can_sink;
use tabula_rules::transport::{Kind, Mode, Position, Sq, Transport, TransportOptions};

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
/// battleship's bow, a submarine's torpedo toward a battleship, and a plane that may not
/// pass the shell.
#[test]
fn the_patents_example_situation() {
    let setup = "Fleet 1: B f5 f6, T a1\n\
                 Fleet 1 reserve: 0 planes, 1 shells, 0 torpedoes\n\
                 Fleet 2: B f9 f8, S h8 moved, T k11\n\
                 Fleet 2 missiles: plane e8 SE\n\
                 Fleet 2 reserve: 0 planes, 0 shells, 1 torpedoes\n\
                 Fleet 1 to move";
    let mut g = Transport::from_setup_text(setup, TransportOptions::default()).unwrap();
    let play = |g: &mut Transport, text: &str| {
        let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&mv).unwrap();
    };
    // The shell is fired beside the battleship, pointed at the enemy battleship.
    play(&mut g, "fire shell f7 N");
    // The enemy plane may not fly over the shell, nor enter its square.
    assert!(g.parse_move("advance plane e8-g6 SE").is_err());
    assert!(g.parse_move("advance plane e8-f7 S").is_err());
    assert!(
        g.parse_move("advance plane e8-f8 S").is_ok(),
        "onto its own battleship"
    );
    // The submarine fires a torpedo toward the battleship: set on g7, it runs to f6, the
    // battleship's bow, and sinks it.
    play(&mut g, "fire torpedo g7 SW");
    assert!(g.position().at(Sq::parse("f5").unwrap()).next().is_none());
    assert!(g.position().at(Sq::parse("f6").unwrap()).next().is_none());
    // Fleet 1's shell is still in flight; its battleship is gone. It strikes the enemy
    // battleship's bow.
    play(&mut g, "T a1-a2");
    play(&mut g, "advance plane e8-d8 S");
    play(&mut g, "advance shell f7 N");
    let f8: Vec<Kind> = g
        .position()
        .at(Sq::parse("f8").unwrap())
        .map(|p| p.kind)
        .collect();
    assert!(f8.is_empty(), "the enemy battleship is sunk: {f8:?}");
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
    assert!(
        Transport::new(TransportOptions {
            size: 10,
            ..TransportOptions::default()
        })
        .is_err()
    );
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
