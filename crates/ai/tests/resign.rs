//! The engine and a resigned game: a resignation is read and played like a move (`Black
//! resigns`, or `resign` for the player to move), and the finished game says how it ended.

use tabula_ai::commands::engine::{self, EngineArgs};

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
fn a_resigned_game_is_over_and_says_who_resigned() {
    let lines = engine_session(
        "game camelot
position startpos moves F7-F8; Black resigns
legal
go iterations 100
play F8-F9
position startpos moves F7-F8; resign
legal
game fences (players: 3)
position startpos moves Red resigns
legal
quit
",
    );
    let over = "the game is over: Black resigns. White wins";
    assert_eq!(lines[1], format!("legal none ({over})"));
    assert_eq!(lines[2], format!("error nothing to search: {over}"));
    assert!(lines[3].contains("the game is over"), "{}", lines[3]);
    assert_eq!(lines[4], format!("legal none ({over})"));
    // With three in the race, the others go on.
    assert!(lines[5].starts_with("game fences"), "{}", lines[5]);
    assert!(lines[6].starts_with("legal fence "), "{}", lines[6]);
    assert_eq!(lines.len(), 7, "{lines:?}");
}
