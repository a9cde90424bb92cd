//! Every shipped scene under scenes/ replays to its expected outcome; broken scenes are
//! refused with the file, line and move named.

#[allow(dead_code)]
mod common;

use std::path::{Path, PathBuf};
use tabula_rules::scene::{SceneError, SceneFile};

fn scene_dir() -> PathBuf {
    common::crate_dir().join("../../scenes")
}

fn all_scenes(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all_scenes(&path, out);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

#[test]
fn every_shipped_scene_verifies() {
    let mut files = Vec::new();
    all_scenes(&scene_dir(), &mut files);
    assert!(!files.is_empty());
    for file in files {
        let scene = SceneFile::load(&file).unwrap_or_else(|e| panic!("{e}"));
        scene.verify().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_move_and_note_of_the_shipped_scenes_is_found_on_its_line() {
    let mut files = Vec::new();
    all_scenes(&scene_dir(), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let scene = SceneFile::parse(&file, &text).unwrap();
        let on_line = |line: usize, what: &str| {
            assert!(
                line > 0 && lines[line - 1].contains(what),
                "{}:{line}: {what} is not there",
                file.display()
            );
        };
        for (i, mv) in scene.scene.moves.iter().enumerate() {
            on_line(scene.move_line(i), &ron::to_string(mv).unwrap());
        }
        for at in scene.scene.notes.keys() {
            on_line(scene.note_line(None, *at), &format!("{at}:"));
        }
        for (v, variation) in scene.scene.variations.iter().enumerate() {
            for (i, mv) in variation.moves.iter().enumerate() {
                on_line(
                    scene.variation_move_line(v, i),
                    &ron::to_string(mv).unwrap(),
                );
            }
            for at in variation.notes.keys() {
                on_line(scene.note_line(Some(v), *at), &format!("{at}:"));
            }
        }
    }
}

fn parse(text: &str) -> Result<SceneFile, SceneError> {
    SceneFile::parse(Path::new("test.ron"), text)
}

#[test]
fn errors_name_file_line_and_move() {
    let e = parse(
        "Scene(title: \"x\", game: War,\n moves: [\"GM to M2\",\n \"GM to M2\",\n \"GM to M9\"])",
    )
    .unwrap()
    .verify()
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("test.ron:4: move 3 (\"GM to M9\")"), "{e}");
    let e = parse("Scene(title: \"x\", game: War, moves: [\"GM to\"])")
        .unwrap()
        .verify()
        .unwrap_err()
        .to_string();
    assert!(e.contains("move 1") && e.contains("cannot read"), "{e}");
    let e = parse("Scene(title: \"x\",\n game: Chess)")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("test.ron:2:"), "{e}");
    let e = parse("Scene(title: \"x\", game: War, moves: [\"KT to K4\"], expect: Win(\"Blue\"))")
        .unwrap()
        .verify()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("expected Blue wins") && e.contains("ongoing"),
        "{e}"
    );
    let e = parse("Scene(title: \"x\", game: War, options: (first: Green))")
        .unwrap()
        .verify()
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad options"), "{e}");
    let e = parse("Scene(title: \"x\", game: War, setup: Position(\"Red: K at K1, K at K2\"))")
        .unwrap()
        .verify()
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad setup") && e.contains("at most 1"), "{e}");
}

#[test]
fn options_and_setups_are_read_from_scenes() {
    let f = parse(
        "Scene(title: \"p\", game: War, options: (first: Blue), setup: Position(\"Red: K at K1\\nBlue: K at K1, M at K2\\nBlue to move\"), moves: [\"M enters Citadel\"], expect: Win(\"Blue\"))",
    )
    .unwrap();
    assert_eq!(f.verify().unwrap(), "Blue wins");
}

fn verify_err(text: &str) -> String {
    parse(text)
        .and_then(|s| s.verify())
        .expect_err("refused")
        .to_string()
}

#[test]
fn notes_and_variations_are_checked_with_their_lines() {
    let good = "Scene(title: \"x\", game: War, source: \"Maxim, p. 3\",\n\
                moves: [\"GM to M2\", \"GM to M2\"],\n\
                notes: {\n  0: Note(caption: \"Start\", camera: Top),\n  \
                2: Note(squares: [\"KF5\", \"Blue GM2\"], arrows: [(\"GM1\", \"GM2\")], pause: 1.5),\n},\n\
                variations: [Variation(title: \"Other\", from: 1, moves: [\"KM to M2\"],\n\
                notes: { 2: Note(caption: \"Blue on the other wing\") })],\n)";
    let scene = parse(good).unwrap();
    scene.verify().unwrap();
    assert_eq!(scene.scene.source, Some("Maxim, p. 3".into()));
    assert_eq!(scene.scene.notes[&2].pause, Some(1.5));
    assert_eq!(
        scene.scene.notes[&0].camera,
        Some(tabula_rules::scene::CameraCue::Top)
    );
    assert_eq!(scene.line_moves(Some(0)), ["GM to M2", "KM to M2"]);

    // A note past the end of its line, on its own line of the file.
    let e = verify_err(&good.replace("2: Note(squares", "3: Note(squares"));
    assert!(e.starts_with("test.ron:5: note at move 3"), "{e}");
    // A square the game does not have.
    let e = verify_err(&good.replace("\"KF5\"", "\"ZZ5\""));
    assert!(
        e.contains("\"ZZ5\" is not a square of The Game of War"),
        "{e}"
    );
    // A variation's illegal move names the variation, its move number and line.
    let e = verify_err(&good.replace("[\"KM to M2\"]", "[\"KM to M9\"]"));
    assert!(
        e.starts_with("test.ron:7: variation \"Other\": move 2"),
        "{e}"
    );
    // A variation branching after the end of the main line.
    let e = verify_err(&good.replace("from: 1", "from: 5"));
    assert!(e.contains("the main line has 2 moves"), "{e}");
    // A variation's expectation is checked.
    let e = verify_err(&good.replace(
        "moves: [\"KM to M2\"],",
        "moves: [\"KM to M2\"], expect: Draw,",
    ));
    assert!(e.contains("expected a draw"), "{e}");
    // A variation's note outside it.
    let e = verify_err(&good.replace("notes: { 2:", "notes: { 0:"));
    assert!(e.contains("note at move 0"), "{e}");
}

/// The line number an error message starts with (`test.ron:LINE:...`).
fn line_of_error(e: &str) -> usize {
    e.split(':')
        .nth(1)
        .and_then(|l| l.parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_bad_move_is_placed_on_its_own_line_whatever_the_comments_say() {
    let text = r#"// A comment that talks about the moves: ["GM to M2"], and a ] and a " too.
Scene(
    /* moves: ["KT to K4"] */
    title: "moves: [\"x\"] ]",
    source: "the moves below",
    game: War,
    moves: [
        // the moves start here
        "GM to M2", "GM to M2",
        "KM to M2", /* moves */ "KM to M2",
        "GM to K2",
        "KM to M9", // the bad one
    ],
)"#;
    let e = verify_err(text);
    assert!(e.starts_with("test.ron:12: move 6 (\"KM to M9\")"), "{e}");
    let e = verify_err(&text.replace("*/ \"KM to M2\"", "*/ \"KM to Z2\""));
    assert!(e.starts_with("test.ron:10: move 4 (\"KM to Z2\")"), "{e}");
    // A raw string and a character before the moves do not confuse the reader either.
    let raw = text.replace(
        "source: \"the moves below\"",
        "source: r#\"a raw \"moves\" string ]\"#",
    );
    let e = verify_err(&raw);
    assert_eq!(line_of_error(&e), 12, "{e}");
}

#[test]
fn a_bad_first_move_of_a_shipped_scene_names_its_line() {
    let path = common::crate_dir().join("../../scenes/camelot/compulsory_capture.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    // The first move stands on line 13, after the header and the notes above it.
    let line = text.lines().position(|l| l.contains("\"I7-I8\"")).unwrap() + 1;
    assert_eq!(line, 13);
    let e = verify_err(&text.replacen("\"I7-I8\"", "\"I7-I1\"", 1));
    assert!(e.starts_with("test.ron:13: move 1 (\"I7-I1\")"), "{e}");
}

#[test]
fn notes_are_found_by_their_key_not_by_text() {
    let text = "Scene(title: \"x\", game: War,
moves: [\"GM to M2\", \"GM to M2\", \"KM to M2\", \"KM to M2\", \"GM to K2\", \"KT to K5\",
        \"KT to K4\", \"GM to K2\", \"GM to K3\", \"GM to K4\", \"KM to K2\"],
notes: {
    11: Note(caption: \"after 1: eleven\", squares: [\"KF5\"]),
    // 1: a comment
    1: Note(squares: [\"KF5\"]),
},
)";
    parse(text).unwrap().verify().unwrap();
    let e = verify_err(&text.replace("1: Note(squares: [\"KF5\"])", "1: Note(squares: [\"ZZ5\"])"));
    assert!(e.starts_with("test.ron:7: note at move 1"), "{e}");
    let e = verify_err(&text.replace(
        "11: Note(caption: \"after 1: eleven\", squares: [\"KF5\"])",
        "11: Note(caption: \"after 1: eleven\", squares: [\"ZZ5\"])",
    ));
    assert!(e.starts_with("test.ron:5: note at move 11"), "{e}");
}

#[test]
fn variations_are_found_by_their_place_not_by_their_title() {
    let text = "Scene(title: \"Same\", game: War,
moves: [\"GM to M2\", \"GM to M2\"],
notes: { 1: Note(caption: \"Same\") },
variations: [
    Variation(title: \"Same\", from: 1, moves: [\"KM to M2\"],
              notes: { 2: Note(caption: \"first\") }),
    Variation(
        title: \"Same\",
        from: 1,
        moves: [
            \"KM to M2\",
            \"GM to K2\",
        ],
        notes: {
            3: Note(caption: \"second\"),
        },
        expect: Ongoing,
    ),
],
)";
    parse(text).unwrap().verify().unwrap();
    let e = verify_err(&text.replace("\"GM to K2\"", "\"GM to K9\""));
    assert!(
        e.starts_with("test.ron:12: variation \"Same\": move 3 (\"GM to K9\")"),
        "{e}"
    );
    let e = verify_err(&text.replace(
        "3: Note(caption: \"second\")",
        "4: Note(caption: \"second\")",
    ));
    assert!(e.starts_with("test.ron:15: note at move 4"), "{e}");
    let e = verify_err(&text.replace("expect: Ongoing", "expect: Draw"));
    assert!(
        e.starts_with("test.ron:17: variation \"Same\": expected a draw"),
        "{e}"
    );
    let e = verify_err(&text.replace("from: 1,\n", "from: 3,\n"));
    assert!(
        e.starts_with("test.ron:9: variation \"Same\": it branches after move 3"),
        "{e}"
    );
}

#[test]
fn misspelled_fields_and_options_are_refused_with_their_name_and_line() {
    // An option of the game.
    let e = verify_err(
        "Scene(title: \"x\", game: Fences,\n  options: (players: 2,\n    plyers: 4),\n)",
    );
    assert!(e.contains("plyers"), "{e}");
    assert!(e.starts_with("test.ron:3:5: bad options for Fences"), "{e}");
    let e = verify_err("Scene(title: \"x\", game: War, options: (ofered: Jumpable))");
    assert!(
        e.starts_with("test.ron:1:40: bad options for War") && e.contains("ofered"),
        "{e}"
    );
    for game in ["War", "Camelot", "Transport", "Fences", "Screwball"] {
        let e = verify_err(&format!(
            "Scene(title: \"x\", game: {game}, options: (no_such: 1))"
        ));
        assert!(
            e.contains("bad options") && e.contains("no_such"),
            "{game}: {e}"
        );
    }
    // A field of the scene, of a note, of a variation.
    let e = parse("Scene(title: \"x\", game: War,\n  expcet: Draw)")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("test.ron:2:") && e.contains("expcet"), "{e}");
    let e = parse("Scene(title: \"x\", game: War, moves: [\"GM to M2\"],\n notes: { 1: Note(\n captoin: \"y\") })")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("test.ron:3:") && e.contains("captoin"), "{e}");
    let e = parse("Scene(title: \"x\", game: War, moves: [\"GM to M2\"],\n variations: [Variation(title: \"v\", from: 0,\n moves: [], expects: Draw)])")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("test.ron:3:") && e.contains("expects"), "{e}");
}

#[test]
fn errors_keep_their_lines_past_unusual_blanks_and_raw_names() {
    // Found by fuzzing: RON reads U+0085 (next line), the direction marks and the line and
    // paragraph separators as blanks, and `r#from` as the field `from`; the reader of a
    // scene's layout did not, so an error after them named line 0, or the wrong line.
    let scene = "Scene(title: \"x\", game: War,\n\
                 moves: [\"GM to M2\", \"GM to M2\"],\n\
                 variations: [\n  Variation(\n    title: \"v\",\n    from: 1,\n    \
                 moves: [\"KM to M2\"],\n  ),\n],\n)";
    let bad_move = scene.replace("\"GM to M2\"]", "\"GM to M9\"]");
    for blank in [
        "\u{85}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{0B}",
    ] {
        // Before the moves: the move error is on line 2.
        let e = verify_err(&format!("{blank}{bad_move}"));
        assert!(e.starts_with("test.ron:2: move 2"), "{blank:?}: {e}");
        let e = verify_err(&bad_move.replace("game: War,", &format!("game: War,{blank}")));
        assert!(e.starts_with("test.ron:2: move 2"), "{blank:?}: {e}");
        // A variation that starts past the end of the main line: its `from` is on line 6.
        let past = scene.replace("from: 1", "from: 5");
        let e = verify_err(&past.replace("variations: [", &format!("variations: [{blank}")));
        assert!(
            e.starts_with("test.ron:6: variation \"v\": it branches after move 5"),
            "{blank:?}: {e}"
        );
    }
    let e = verify_err(&scene.replace("from: 1", "r#from: 5"));
    assert!(
        e.starts_with("test.ron:6: variation \"v\": it branches after move 5"),
        "{e}"
    );
    let e = verify_err(&bad_move.replace("moves: [\"GM", "r#moves: [\"GM"));
    assert!(e.starts_with("test.ron:2: move 2"), "{e}");
}
