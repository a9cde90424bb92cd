//! What the server's tests share: a server on loopback with a database file of its own,
//! clients that create, join and move, and reading what comes back.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;
use tabula_ai::games::AnyGame;
use tabula_ai::with_game;
use tabula_rules::Game;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, EventRecord, SeatSpec, ServerMessage, TableInfo};
use tabula_server::{Config, Limits, Running, start};

pub const WAIT: Duration = Duration::from_secs(20);

/// A database file of its own for each test.
pub fn db_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "tabula-server-test-{}-{name}.db",
        std::process::id()
    ));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

pub fn config(db: &str) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        db: db.to_string(),
        pace: Duration::ZERO,
        limits: Limits::default(),
        ..Config::default()
    }
}

pub async fn serve(db: &str) -> Running {
    start(config(db)).await.expect("the server starts")
}

pub fn url(running: &Running, path: &str) -> String {
    format!("ws://{}/{path}", running.addr)
}

pub async fn create(
    running: &Running,
    game: &str,
    options: &str,
    seats: Vec<SeatSpec>,
) -> TableInfo {
    let mut lobby = Client::connect(&url(running, "")).await.unwrap();
    lobby
        .send(&ClientMessage::Create {
            game: game.into(),
            options: options.into(),
            setup: None,
            seats,
        })
        .await
        .unwrap();
    match lobby.recv(WAIT).await.unwrap() {
        ServerMessage::Created { table } => table,
        other => panic!("expected created, got {other:?}"),
    }
}

/// Joins a seat; returns the client and the seat's token.
/// The message that takes a seat back with its token, catching up from event `since`.
pub fn rejoin(token: &str, since: u64) -> ClientMessage {
    ClientMessage::Join {
        seat: None,
        name: None,
        token: Some(token.to_string()),
        since,
        snapshot: false,
    }
}

pub async fn join(running: &Running, table: &str, seat: &str, name: &str) -> (Client, String) {
    let mut client = Client::connect(&url(running, table)).await.unwrap();
    client
        .send(&ClientMessage::Join {
            seat: Some(seat.into()),
            name: Some(name.into()),
            token: None,
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let token = match client.recv(WAIT).await.unwrap() {
        ServerMessage::Joined { seat: s, token } => {
            assert_eq!(s, seat);
            token
        }
        other => panic!("expected joined, got {other:?}"),
    };
    (client, token)
}

/// The first legal move after `moves`, in notation, from the client's own copy of the rules.
pub fn a_legal_move(info: &TableInfo, moves: &[String]) -> String {
    let kind = tabula_ai::games::parse_kind(&info.game).unwrap();
    let mut game = AnyGame::new(kind, &info.options, None).unwrap();
    game.play_texts(moves).unwrap();
    with_game!(&game, g, _k => {
        let mv = g.legal_moves().into_iter().next().expect("a legal move");
        g.move_text(&mv)
    })
}

/// Reads until the event numbered `n` has come; returns it.
pub async fn event(client: &mut Client, n: u64) -> (EventRecord, TableInfo) {
    loop {
        match client.recv(WAIT).await.unwrap() {
            ServerMessage::Event { record, table } if record.n == n => return (record, table),
            ServerMessage::Event { record, .. } if record.n > n => {
                panic!("event {} came before {n}", record.n)
            }
            _ => {}
        }
    }
}

/// The two seated players play `n` moves in turn from the opening (after their two
/// seatings); returns the moves.
pub async fn alternate(info: &TableInfo, players: [&mut Client; 2], n: usize) -> Vec<String> {
    let mut moves = Vec::new();
    for i in 0..n {
        let text = a_legal_move(info, &moves);
        let mover = &mut *players[i % 2];
        mover
            .send(&ClientMessage::Move {
                text: text.clone(),
                ply: Some(i),
            })
            .await
            .unwrap();
        event(mover, 3 + i as u64).await;
        moves.push(text);
    }
    moves
}

pub async fn error(client: &mut Client) -> (String, String) {
    match client
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Error { .. }))
        .await
        .unwrap()
    {
        ServerMessage::Error { code, message, .. } => (code, message),
        _ => unreachable!(),
    }
}

pub async fn ping(client: &mut Client) {
    client.send(&ClientMessage::Ping).await.unwrap();
    client
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Pong))
        .await
        .expect("the connection is still there");
}

/// A plain HTTP GET on loopback; the body.
pub async fn http_get(running: &Running, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(running.addr).await.unwrap();
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await
        .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a response");
    assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
    body.to_string()
}
