//! What the page reads from the server: the `legal` message sent to the seat to move (and
//! to nobody else), which the page turns into clicks; the games and their options for the
//! lobby's form, options checked with the players they give, the change marker that tells
//! a lobby when to fetch the list again, and one table as JSON.

mod common;

use common::*;
use serde_json::Value;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, LegalMove, ServerMessage};

/// Reads until a `legal` message; returns its seat, ply and moves.
async fn legal(client: &mut Client) -> (String, usize, Vec<LegalMove>) {
    match client
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Legal { .. }))
        .await
        .expect("a legal message")
    {
        ServerMessage::Legal { seat, ply, moves } => (seat, ply, moves),
        _ => unreachable!(),
    }
}

/// A GET on loopback: the status line and the body.
async fn get(running: &tabula_server::Running, path: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(running.addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a response");
    (
        head.lines().next().unwrap_or_default().to_string(),
        body.to_string(),
    )
}

#[tokio::test]
async fn the_seat_to_move_and_only_it_is_told_its_moves_with_their_clicks() {
    let db = db_file("legal");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "camelot", "", Vec::new()).await;
    let (mut white, _) = join(&running, &info.id, "White", "Ann").await;
    let (seat, ply, moves) = legal(&mut white).await;
    assert_eq!((seat.as_str(), ply), ("White", 0));
    assert!(moves.len() > 10);
    assert!(moves.iter().all(|m| m.path.len() >= 2 && !m.chance));
    let (mut black, _) = join(&running, &info.id, "Black", "Bob").await;
    let mut watcher = Client::connect(&url(&running, &info.id)).await.unwrap();
    watcher
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    // White moves by the text the legal message gave; Black is told his moves next.
    let first = moves[0].clone();
    white
        .send(&ClientMessage::Move {
            text: first.text.clone(),
            ply: Some(0),
        })
        .await
        .unwrap();
    let (seat, ply, moves) = legal(&mut black).await;
    assert_eq!((seat.as_str(), ply), ("Black", 1));
    assert!(!moves.is_empty());
    // The watcher and the player who just moved hear the move, and no legal message: a
    // ping answered after the move's event shows nothing else came in between.
    for client in [&mut watcher, &mut white] {
        client
            .recv_until(
                WAIT,
                |m| matches!(m, ServerMessage::Event { record, .. } if record.n == 3),
            )
            .await
            .expect("the move's event");
        client.send(&ClientMessage::Ping).await.unwrap();
        let next = client.recv(WAIT).await.unwrap();
        assert_eq!(next, ServerMessage::Pong);
    }
    running.stop();
}

#[tokio::test]
async fn the_lobby_reads_games_options_the_change_marker_and_a_table() {
    let db = db_file("lobby-api");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let (status, games) = get(&running, "/api/games").await;
    assert!(status.contains("200"), "{status}");
    let games: Value = serde_json::from_str(&games).unwrap();
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["war", "camelot", "transport", "fences", "screwball"]
    );
    let fences = &games[3];
    let players = fences["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "players")
        .expect("the fence race's players");
    assert_eq!(players["kind"], "number");
    assert_eq!(players["default"], "2");
    assert!(
        fences["options"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["name"] != "seed")
    );

    // Options as the command line writes them: the RON a create takes, and the players.
    let (status, body) = get(&running, "/api/options?game=fences&players=4").await;
    assert!(status.contains("200"), "{status}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["players"].as_array().unwrap().len(), 4);
    assert!(answer["options"].as_str().unwrap().contains("players:4"));
    let (status, body) = get(&running, "/api/options?game=fences&players=9").await;
    assert!(status.contains("400"), "{status}");
    assert!(body.contains("error"), "{body}");
    let (status, body) = get(&running, "/api/options?game=chess").await;
    assert!(
        status.contains("400") && body.contains("chess"),
        "{status} {body}"
    );
    let (status, body) = get(&running, "/api/options?game=war&colour=green").await;
    assert!(
        status.contains("400") && body.contains("colour"),
        "{status} {body}"
    );

    // The marker moves when a table is made and when a move is logged.
    let version = |body: String| -> u64 {
        let v: Value = serde_json::from_str(&body).unwrap();
        v["version"].as_u64().unwrap()
    };
    let before = version(http_get(&running, "/api/version").await);
    let info = create(&running, "war", "", Vec::new()).await;
    let made = version(http_get(&running, "/api/version").await);
    assert!(made > before);
    assert_eq!(version(http_get(&running, "/api/version").await), made);
    let table: Value =
        serde_json::from_str(&http_get(&running, &format!("/{}/info.json", info.id)).await)
            .unwrap();
    assert_eq!(table["id"], info.id.as_str());
    assert_eq!(table["game"], "war");
    let (status, _) = get(&running, "/nothing/info.json").await;
    assert!(status.contains("404"), "{status}");
    running.stop();
}

#[tokio::test]
async fn a_seat_whose_time_runs_out_loses_and_a_clock_outlives_a_restart() {
    let db = db_file("clock");
    let address = format!("sqlite:{}", db.display());
    let running = serve(&address).await;
    // A second a move: White sits down and lets his time run out.
    let info = create(&running, "camelot", "(clock: 1)", Vec::new()).await;
    assert_eq!((info.options.as_str(), info.clock), ("", Some(1)));
    assert_eq!(info.deadline, None, "nobody sits in White's seat yet");
    let (mut white, _) = join(&running, &info.id, "White", "Ann").await;
    let (_, table) = event(&mut white, 2).await;
    assert!(table.result.unwrap().starts_with("White resigns"));
    // A day a move, kept with the table's options in the database.
    let info = create(&running, "fences", "(players: 4, clock: 86400)", Vec::new()).await;
    assert_eq!(info.clock, Some(86_400));
    assert!(!info.options.contains("clock"), "{}", info.options);
    running.stop();
    let running = serve(&address).await;
    let table: Value =
        serde_json::from_str(&http_get(&running, &format!("/{}/info.json", info.id)).await)
            .unwrap();
    assert_eq!(table["clock"], 86_400);
    // A clock that is no number of seconds is refused.
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    lobby
        .send(&ClientMessage::Create {
            game: "war".into(),
            options: "(clock: 0)".into(),
            setup: None,
            seats: Vec::new(),
        })
        .await
        .unwrap();
    let (code, message) = error(&mut lobby).await;
    assert_eq!(code, "bad_request");
    assert!(message.starts_with("clock:"), "{message}");
    running.stop();
}
