//! Every shipped scene under scenes/ replays to its expected outcome; broken scenes are
//! refused with the file, line and move named.

use std::path::{Path, PathBuf};
use tabula_rules::scene::{SceneError, SceneFile};

fn scene_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenes")
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
