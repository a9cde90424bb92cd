//! Screwball Checkers: the board's geometry against the patent's counts, the opening (every
//! piece can play), every movement rule, attacks and penalty placements, bonus moves, dead
//! pieces, the end, setups, notation round trips and random playouts. Data in
//! data/screwball/.

mod common;

use tabula_rules::Game;
use tabula_rules::screwball::board::Contact;
use tabula_rules::screwball::game::{
    BALLS_START, SCREWS_START, dead_at, distance_from_start, geometric_steps,
};
use tabula_rules::screwball::{
    Board, Player, Position, Screwball, ScrewballOptions, Size, SpaceId,
};

fn data(name: &str) -> String {
    let path = common::crate_dir().join("tests/data/screwball").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_board_matches_the_patents_description() {
    let b = Board::get();
    let spaces = b.spaces();
    assert_eq!(spaces.iter().filter(|s| s.size == Size::Large).count(), 26);
    assert_eq!(spaces.iter().filter(|s| s.size == Size::Small).count(), 48);
    // Six columns, each as wide as a large square...
    for s in spaces {
        let column = s.x0 / 2;
        assert!(s.x1 <= 2 * column + 2, "{s:?} stays in its column");
    }
    // ... and no transverse row: no line across the board runs along edges only.
    for y in 1..12u8 {
        let crossed = spaces.iter().any(|s| s.y0 < y && y < s.y1);
        assert!(crossed, "the line y = {y} is cut by some space");
    }
    let inner =
        |s: &tabula_rules::screwball::board::Space| s.x0 > 0 && s.x1 < 12 && s.y0 > 0 && s.y1 < 12;
    let mut small_checked = 0;
    let mut large_checked = 0;
    for id in b.ids() {
        let s = b.space(id);
        if !inner(s) {
            continue;
        }
        let count = |size: Size, contact: Contact| {
            b.touching(id)
                .iter()
                .filter(|(o, c)| b.space(*o).size == size && *c == contact)
                .count()
        };
        match s.size {
            Size::Small => {
                // Bounded by three large squares and one small; one small at a corner.
                assert_eq!(count(Size::Large, Contact::Edge), 3, "{}", b.name(id));
                assert_eq!(count(Size::Small, Contact::Edge), 1, "{}", b.name(id));
                assert_eq!(count(Size::Small, Contact::Corner), 1, "{}", b.name(id));
                small_checked += 1;
            }
            Size::Large => {
                // Six small and two large along its sides, two large at its corners.
                assert_eq!(count(Size::Small, Contact::Edge), 6, "{}", b.name(id));
                assert_eq!(count(Size::Large, Contact::Edge), 2, "{}", b.name(id));
                assert_eq!(count(Size::Large, Contact::Corner), 2, "{}", b.name(id));
                large_checked += 1;
            }
        }
    }
    assert!(
        small_checked >= 20 && large_checked >= 8,
        "{small_checked} {large_checked}"
    );
}

#[test]
fn the_opening() {
    let g = Screwball::new(ScrewballOptions::default()).unwrap();
    let pos = g.position();
    for player in Player::ALL {
        assert_eq!(pos.on_board(player, Size::Large), 4);
        assert_eq!(pos.on_board(player, Size::Small), 2);
        assert_eq!(g.reserve(player, Size::Large), 14);
        assert_eq!(g.reserve(player, Size::Small), 4);
    }
    // Screws' large pieces: b12 crosses a corner to c11 (a12 waits behind it), h12 and j11
    // each have two steps; the small pieces on c12 and i12 go to a10 or e11, and to g10 or
    // k11.
    let moves: Vec<String> = g.legal_moves().iter().map(|m| g.move_text(m)).collect();
    assert_eq!(moves.len(), 9, "{moves:?}");
}

/// Turns a space half round (the board is the same seen from either player's side).
fn turned(id: SpaceId) -> SpaceId {
    let b = Board::get();
    let s = b.space(id);
    b.at_cell(12 - s.x1, 12 - s.y1).expect("on the board")
}

// seed 002: "At the start of play, he places four large and two small ones on the space
// bordering the margin remote from him, and moves the pieces toward him". Every starting
// piece must be able to play.
#[test]
fn every_starting_piece_can_move_and_none_is_dead() {
    let b = Board::get();
    let pos = Position::standard();
    for player in Player::ALL {
        for (id, piece) in pos.pieces_of(player) {
            assert_eq!(distance_from_start(player, id), 0, "{}", b.name(id));
            assert!(!dead_at(player, id), "{player} on {} is dead", b.name(id));
            assert!(
                geometric_steps(player, id).next().is_some(),
                "{player}'s {} piece on {} has no square it may ever move to",
                piece.size.word(),
                b.name(id)
            );
        }
    }
    // Balls' opening is Screws' turned half round.
    for ((s, ssize), (bname, bsize)) in SCREWS_START.iter().zip(BALLS_START.iter()) {
        assert_eq!(ssize, bsize);
        assert_eq!(
            turned(b.parse(s).unwrap()),
            b.parse(bname).unwrap(),
            "{s} / {bname}"
        );
    }
    // The choice: on each side of the centre line, the two large pieces on the small squares
    // of the starting row nearest the margin that a piece can move from, and the small piece
    // on the large space nearest it.
    for (left, want_large, want_small) in [
        (true, ["a12", "b12"], "c12"),
        (false, ["h12", "j11"], "i12"),
    ] {
        let side = |id: &SpaceId| (b.space(*id).x1 <= 6) == left;
        let mut small: Vec<SpaceId> = b
            .ids()
            .filter(|id| {
                side(id)
                    && b.space(*id).size == Size::Small
                    && distance_from_start(Player::Screws, *id) == 0
                    && !dead_at(Player::Screws, *id)
            })
            .collect();
        small.sort_by_key(|id| std::cmp::Reverse(b.space(*id).y0));
        let nearest: Vec<String> = small[..2]
            .iter()
            .map(|id| b.name(*id).to_string())
            .collect();
        assert_eq!(nearest, want_large);
        // ... and they are the only such: the next lies farther from the margin.
        assert!(small.len() == 2 || b.space(small[1]).y0 > b.space(small[2]).y0);
        let large = b
            .ids()
            .filter(|id| {
                side(id)
                    && b.space(*id).size == Size::Large
                    && distance_from_start(Player::Screws, *id) == 0
            })
            .max_by_key(|id| b.space(*id).y0)
            .unwrap();
        assert_eq!(b.name(large).to_string(), want_small);
    }
    // Read as only the spaces touching the margin, the row would force a large screw onto
    // g12, which it could never leave.
    assert!(dead_at(Player::Screws, b.parse("g12").unwrap()));
    assert!(dead_at(Player::Balls, b.parse("f1").unwrap()));
}

// seed 002: "if it moves into a position where it cannot move further, it is considered
// 'dead'": the board's geometry decides, not the squares other pieces hold.
#[test]
fn dead_squares_follow_the_geometry() {
    let b = Board::get();
    for player in Player::ALL {
        for id in b.ids() {
            let s = b.space(id);
            let edge = match player {
                Player::Screws => s.y0 == 0,
                Player::Balls => s.y1 == 12,
            };
            let stuck = geometric_steps(player, id).next().is_none();
            assert_eq!(
                dead_at(player, id),
                edge || stuck,
                "{player} {}",
                b.name(id)
            );
        }
    }
    let sq = |n: &str| b.parse(n).unwrap();
    // The patent's squares 15 and 16 (b12, c11) are live for a screw; 19 (d11) is not for a
    // ball, nor 17 (c12, on Balls' own edge).
    assert!(!dead_at(Player::Screws, sq("b12")));
    assert!(!dead_at(Player::Screws, sq("c11")));
    assert!(dead_at(Player::Balls, sq("d11")));
    assert!(dead_at(Player::Balls, sq("c12")));
    // A screw on b12 whose only step is held by a ball is not dead.
    let g = Screwball::from_setup_text(
        "Screws large: a12
Balls large: c11
Screws to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    let mut g2 = g.clone();
    let mv = g2.parse_move("a12-b12+e1").unwrap();
    g2.play(&mv).unwrap();
    assert!(g2.position().at(sq("b12")).is_some());
    assert!(g2.position().steps_from(sq("b12")).is_empty());
    assert_eq!(g2.position().dead(Player::Screws, Size::Large), 0);
}

#[test]
fn rule_cases() {
    let n = common::run_cases(
        &data("rules.txt"),
        |options, setup| {
            let options: ScrewballOptions = if options.is_empty() {
                ScrewballOptions::default()
            } else {
                ron::from_str(options).map_err(|e| e.to_string())?
            };
            Screwball::from_setup_text(setup, options).map_err(|e| e.to_string())
        },
        |g, square| {
            let id = Board::get().parse(square).expect("a space");
            g.position().at(id).map_or("empty".to_string(), |p| {
                format!("{} {}", p.owner, p.size.word())
            })
        },
        |g| g.position().to_string(),
    );
    assert!(n >= 12, "{n} cases");
}

#[test]
fn perft_counts() {
    let text = data("perft.txt");
    let mut cases = 0;
    for block in text.split("\n== ").skip(1) {
        let (title, body) = block.split_once('\n').unwrap_or((block, ""));
        let mut options = ScrewballOptions::default();
        let mut setup = String::new();
        let mut counts = Vec::new();
        for line in common::lines(body) {
            if let Some(ron) = line.strip_prefix("options:") {
                options = ron::from_str(ron.trim()).unwrap_or_else(|e| panic!("[{title}] {e}"));
            } else if line.starts_with(|c: char| c.is_ascii_digit()) {
                // "depth count", maybe followed by a remark such as "(was 42)".
                let mut words = line.split_whitespace();
                let (Some(depth), Some(count)) = (words.next(), words.next()) else {
                    panic!("[{title}] {line}: expected depth and count");
                };
                counts.push((depth.parse::<u32>().unwrap(), count.parse::<u64>().unwrap()));
            } else {
                setup.push_str(line);
                setup.push('\n');
            }
        }
        let mut game = if setup.trim() == "standard" {
            Screwball::new(options).unwrap()
        } else {
            Screwball::from_setup_text(&setup, options).unwrap_or_else(|e| panic!("[{title}] {e}"))
        };
        for (depth, count) in counts {
            assert_eq!(
                tabula_rules::perft::perft(&mut game, depth),
                count,
                "[{title}] depth {depth}"
            );
        }
        cases += 1;
    }
    assert!(cases >= 9, "{cases} cases");
}

#[test]
fn dead_pieces_are_counted_for_good() {
    let mut g = Screwball::from_setup_text(
        "Screws large: d2 f4 c5
Balls large: e4
Screws to move",
        // --place-anywhere, so that a penalty piece may be set where it dies at once.
        ScrewballOptions {
            place_only_where_playable: false,
            ..ScrewballOptions::default()
        },
    )
    .unwrap();
    // Reaching the own edge.
    let mv = g.parse_move("d2-e1").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 1);
    assert_eq!(g.reserve(Player::Screws, Size::Large), 15);
    g.undo();
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 0);
    // Moving where no square of its size lies ahead or toward the centre.
    let mv = g.parse_move("f4-g3").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 1);
    assert_eq!(g.position().at(Board::get().parse("g3").unwrap()), None);
    g.undo();
    // A penalty piece set where it can never move: Balls' large piece on f1.
    let mv = g.parse_move("c5-d5+f1").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().dead(Player::Balls, Size::Large), 1);
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 0);
    assert_eq!(g.reserve(Player::Balls, Size::Large), 16);
    assert_eq!(g.position().at(Board::get().parse("f1").unwrap()), None);
}

#[test]
fn setup_text_round_trips() {
    let options = ScrewballOptions::default();
    let pos = Position::standard();
    assert_eq!(Position::parse(&pos.to_string(), &options).unwrap(), pos);
    let dead = "Screws large: c5\nScrews dead: 2 large, 1 small\nBalls to move";
    let p = Position::parse(dead, &options).unwrap();
    assert_eq!(Position::parse(&p.to_string(), &options).unwrap(), p);
}

/// The cases of a data file of refusals: each "== message" with the lines that follow it
/// (without comments).
fn refusals(name: &str) -> Vec<(String, Vec<String>)> {
    let text = data(name);
    text.split("\n== ")
        .skip(1)
        .map(|block| {
            let (want, body) = block.split_once('\n').unwrap_or((block, ""));
            let lines = body
                .lines()
                .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
                .map(str::to_string)
                .collect();
            (want.to_string(), lines)
        })
        .collect()
}

#[test]
fn bad_setups_are_refused_naming_their_line() {
    let cases = refusals("invalid_setups.txt");
    for (want, lines) in &cases {
        let (options, setup) = match lines.first().and_then(|l| l.strip_prefix("options:")) {
            Some(ron) => (ron::from_str(ron.trim()).unwrap(), &lines[1..]),
            None => (ScrewballOptions::default(), &lines[..]),
        };
        let text = setup.join("\n");
        let got = Position::parse(&text, &options)
            .map(|p| p.to_string())
            .unwrap_err()
            .to_string();
        assert_eq!(&got, want, "{text}");
        let got = Screwball::from_setup_text(&text, options)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert_eq!(&got, want, "{text}");
    }
    assert!(cases.len() >= 25, "{} cases", cases.len());
}

#[test]
fn bad_options_are_refused_naming_the_option_and_its_range() {
    let cases = refusals("invalid_options.txt");
    for (want, lines) in &cases {
        let options: ScrewballOptions = ron::from_str(&lines.join("\n")).unwrap();
        assert_eq!(&options.check().unwrap_err().to_string(), want);
        assert_eq!(
            &Screwball::new(options.clone()).unwrap_err().to_string(),
            want
        );
        let e = Screwball::from_position(Position::standard(), options)
            .unwrap_err()
            .to_string();
        assert_eq!(e, format!("bad options: {want}"));
    }
    assert!(cases.len() >= 7, "{} cases", cases.len());
    // The ends of the ranges are accepted.
    for (large, small) in [(5, 2), (4, 3), (48, 26), (4, 26), (48, 2)] {
        let options = ScrewballOptions {
            large,
            small,
            ..ScrewballOptions::default()
        };
        assert!(Screwball::new(options).is_ok(), "{large} {small}");
    }
}

#[test]
fn bad_options_in_a_scene_are_placed_on_their_line() {
    let text = "Scene(\n  title: \"x\",\n  game: Screwball,\n  options: (\n    small: 6,\n    large: 254,\n  ),\n)";
    let scene = tabula_rules::scene::SceneFile::parse(std::path::Path::new("t.ron"), text).unwrap();
    let e = scene.verify().unwrap_err().to_string();
    assert_eq!(
        e,
        "t.ron:6:12: bad options for Screwball: large: 254: a player owns 4 to 48 large pieces (four start on his starting row, and the board has 48 small squares)"
    );
}

#[test]
fn a_position_must_fit_the_options_it_is_played_with() {
    let pos = Position::parse(
        "Screws large: a12 b12 h12 j11 c5\nScrews dead: 3 large",
        &ScrewballOptions::default(),
    )
    .unwrap();
    let few = ScrewballOptions {
        large: 6,
        ..ScrewballOptions::default()
    };
    assert_eq!(
        Screwball::from_position(pos.clone(), few)
            .unwrap_err()
            .to_string(),
        "Screws has 8 large pieces on the board and dead, more than the 6 the options give him"
    );
    assert!(Screwball::from_position(pos, ScrewballOptions::default()).is_ok());
}

#[test]
fn bad_move_texts_are_refused_with_their_reason() {
    let g = Screwball::new(ScrewballOptions::default()).unwrap();
    let cases = refusals("invalid_moves.txt");
    for (want, lines) in &cases {
        let text = lines[0]
            .strip_prefix("move: \"")
            .and_then(|t| t.strip_suffix('"'))
            .expect("move: \"TEXT\"");
        assert_eq!(&g.parse_move(text).unwrap_err().to_string(), want);
    }
    assert!(cases.len() >= 12, "{} cases", cases.len());
}

#[test]
fn random_playouts_never_panic_and_round_trip() {
    let finished = common::random_playouts(
        0..300,
        600,
        |_| Screwball::new(ScrewballOptions::default()).unwrap(),
        |g| g.position().clone(),
        |g, _| {
            // The key kept move by move is the key of the position read afresh.
            let again = Position::parse(&g.position().to_string(), g.options()).unwrap();
            assert_eq!(again.key(), g.position().key(), "{}", g.position());
            assert_eq!(&again, g.position());
            // From the opening, no piece ever stands where it is dead.
            for player in Player::ALL {
                for (id, _) in g.position().pieces_of(player) {
                    assert!(!dead_at(player, id), "{}", g.position());
                }
            }
        },
    );
    assert!(finished > 200, "most random games end ({finished} of 300)");
}

// Every game ends: a step moves a piece forward or nearer the centre, so a piece makes only
// so many steps; every penalty or entered piece spends a reserve, which never grows back;
// and when both players pass in a row the game is over (Stalled). So a game of any options
// ends, and random games end well before the cap.
#[test]
fn random_games_of_every_option_end() {
    use tabula_rules::Outcome;
    use tabula_rules::screwball::Stalled;
    use tabula_rules::screwball::game::NoMove;
    let mut ends = [0usize; 3];
    for no_move in [NoMove::Enter, NoMove::Pass] {
        for place_only_where_playable in [false, true] {
            for stalled in [Stalled::Draw, Stalled::FewestPieces] {
                for (large, small) in [(18, 6), (5, 2), (4, 3), (48, 26), (4, 26), (48, 2)] {
                    let options = ScrewballOptions {
                        large,
                        small,
                        no_move,
                        place_only_where_playable,
                        stalled,
                    };
                    for seed in 0..20 {
                        let mut g = Screwball::new(options.clone()).unwrap();
                        let p = tabula_rules::playout::random_playout(&mut g, seed, 5000);
                        match p.outcome {
                            Outcome::Win(_) => ends[0] += 1,
                            Outcome::Draw(_) => ends[1] += 1,
                            _ => {
                                panic!("{options:?} seed {seed}: no end in {} moves", p.moves.len())
                            }
                        }
                        assert!(
                            p.moves.len() < 2000,
                            "{options:?} seed {seed}: {}",
                            p.moves.len()
                        );
                        if g.stalled() {
                            ends[2] += 1;
                        }
                    }
                }
            }
        }
    }
    // Both endings occur: reserves spent, and stalled games.
    assert!(ends[0] > 0 && ends[2] > 0, "{ends:?}");
}

#[test]
fn the_key_marks_a_pass() {
    let mut g = Screwball::from_setup_text(
        "Screws large: a12 b12\nBalls large: c11 d11\nScrews to move",
        ScrewballOptions {
            no_move: tabula_rules::screwball::game::NoMove::Pass,
            ..ScrewballOptions::default()
        },
    )
    .unwrap();
    let k0 = g.key();
    g.play(&tabula_rules::screwball::Move::Pass).unwrap();
    let k1 = g.key();
    g.play(&tabula_rules::screwball::Move::Pass).unwrap();
    // The same position and turn as at the start, but the game is over: another key.
    assert_eq!(g.position(), g.start());
    assert_ne!(g.key(), k0);
    assert_ne!(k1, k0);
    assert!(g.outcome().is_over());
    g.undo();
    assert_eq!(g.key(), k1);
    g.undo();
    assert_eq!(g.key(), k0);
}

/// Replays one input of `fuzz_cases.txt` through its entry point; the first error met.
fn replay(target: &str, lines: &[String]) -> Result<(), String> {
    let options = |ron: &str| -> Result<ScrewballOptions, String> {
        ron::from_str(ron.trim()).map_err(|e| e.to_string())
    };
    match target {
        "options" => {
            Screwball::new(options(&lines.join("\n"))?).map_err(|e| e.to_string())?;
            Ok(())
        }
        "setup" => {
            let mut o = ScrewballOptions::default();
            let mut text = Vec::new();
            for line in lines {
                match line.trim_start().strip_prefix("options:") {
                    Some(ron) => o = options(ron)?,
                    None => text.push(line.as_str()),
                }
            }
            Screwball::from_setup_text(&text.join("\n"), o).map_err(|e| e.to_string())?;
            Ok(())
        }
        "moves" => {
            let mut o = ScrewballOptions::default();
            let mut setup = Vec::new();
            let mut script = Vec::new();
            for line in lines {
                if let Some(ron) = line.strip_prefix("options:") {
                    o = options(ron)?;
                } else if let Some(s) = line.strip_prefix("setup:") {
                    setup.push(s.trim());
                } else {
                    script.push(line.trim());
                }
            }
            let mut g = if setup.is_empty() {
                Screwball::new(o).map_err(|e| e.to_string())?
            } else {
                Screwball::from_setup_text(&setup.join("\n"), o).map_err(|e| e.to_string())?
            };
            for command in script {
                if let Some(args) = command.strip_prefix("random:") {
                    let mut words = args.split_whitespace();
                    let seed = words.next().map_or(Ok(0), str::parse::<u64>);
                    let plies = words.next().map_or(Ok(1), str::parse::<usize>);
                    let (Ok(seed), Ok(plies)) = (seed, plies) else {
                        return Err(format!("cannot read {command:?}"));
                    };
                    tabula_rules::playout::random_playout(&mut g, seed, plies);
                } else {
                    let mv = g.parse_move(command).map_err(|e| e.to_string())?;
                    g.play(&mv).map_err(|e| e.to_string())?;
                }
            }
            Ok(())
        }
        other => panic!("unknown target {other:?}"),
    }
}

#[test]
fn inputs_that_once_panicked_are_refused() {
    let cases = refusals("fuzz_cases.txt");
    for (head, lines) in &cases {
        let (target, want) = head.split_once(": ").expect("== TARGET: message");
        let got = replay(target, lines).expect_err(head);
        assert_eq!(got, want, "{lines:?}");
    }
    assert!(cases.len() >= 6, "{} cases", cases.len());
}

#[test]
fn a_penalty_piece_where_it_could_never_move_is_refused_for_that_reason() {
    // Seed 002: "It will be put on the starting row if an appropriate space is vacant,
    // otherwise as near this row as possible"; a piece that "moves into a position where it
    // cannot move further ... is considered 'dead'". f1 and d2 are vacant squares of Balls'
    // starting row where a large ball could never move: no appropriate space.
    let g = Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls large: e4\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    for square in ["f1", "d2"] {
        let why = g
            .parse_move(&format!("c5-d5+{square}"))
            .unwrap_err()
            .to_string();
        assert!(
            why.contains(&format!("no penalty piece goes on {square}"))
                && why.contains("vacant, but a large ball there could never move"),
            "{why}"
        );
    }
    // Under --place-anywhere the same square takes the piece, which dies at once.
    let anywhere = ScrewballOptions {
        place_only_where_playable: false,
        ..ScrewballOptions::default()
    };
    let mut g = Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls large: e4\nScrews to move",
        anywhere,
    )
    .unwrap();
    let mv = g.parse_move("c5-d5+f1").unwrap();
    let effect = g.play_effect(&mv).unwrap();
    assert!(effect.placements[0].died);
    // An entry where the piece could never move, by default: refused with the same reason.
    let g = Screwball::from_setup_text(
        "Screws large: a12 b12\nBalls large: c11\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    let why = g.parse_move("@g12").unwrap_err().to_string();
    assert!(
        why.contains("no piece is entered on g12") && why.contains("could never move"),
        "{why}"
    );
}
