//! Tables on a server, through the app's own systems: a server on loopback, two players'
//! windows (one makes the table, one joins it) and a spectator's, headless. Every move made
//! at a window goes to the server and comes back to all three; taking back is refused.

use bevy::prelude::*;
use std::time::Duration;
use tabula::state::Screen;
use tabula::table::commands::{Feedback, MatchCommand};
use tabula::table::game_match::Match;
use tabula::table::rules::Intent;
use tabula::table::seats::{Controller, LocalTurn};
use tabula_rules::Game;
use tabula_rules::war::War;

use crate::{launch, whole_app as app};

/// A server on a thread of its own; its address.
fn server() -> std::net::SocketAddr {
    let db = std::env::temp_dir().join(format!("tabula-app-remote-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let running = tabula_server::start(tabula_server::Config {
                listen: "127.0.0.1:0".parse().unwrap(),
                db: format!("sqlite:{}", db.display()),
                pace: Duration::ZERO,
                ..tabula_server::Config::default()
            })
            .await
            .unwrap();
            tx.send(running.addr).unwrap();
            running.wait().await;
        });
    });
    rx.recv().unwrap()
}

fn texts(app: &App) -> Vec<String> {
    let m = app.world().resource::<Match<War>>();
    m.texts.iter().map(|(_, t)| t.clone()).collect()
}

#[test]
fn two_windows_and_a_spectator_play_at_a_server_table() {
    let addr = server();
    let mut ann = app();
    launch(
        &mut ann,
        &[
            "play",
            "war",
            "--join",
            &format!("ws://{addr}/"),
            "--names",
            "Ann",
        ],
    );
    assert_eq!(
        *ann.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let seats = ann.world().resource::<Match<War>>().seats.clone();
    assert_eq!(seats, vec![Controller::Local, Controller::Remote]);

    let mut bob = app();
    launch(
        &mut bob,
        &[
            "play",
            "--join",
            &format!("ws://{addr}/t1"),
            "--names",
            "Bob",
        ],
    );
    assert_eq!(
        bob.world().resource::<Match<War>>().seats,
        vec![Controller::Remote, Controller::Local]
    );
    let mut eve = app();
    launch(&mut eve, &["watch", &format!("ws://{addr}/t1")]);
    assert_eq!(
        eve.world().resource::<Match<War>>().seats,
        vec![Controller::Remote, Controller::Remote]
    );

    // Twelve moves, each made at the window whose seat is to move.
    let mut frames = 0;
    let mut sent = [None, None];
    while texts(&eve).len() < 12 {
        frames += 1;
        assert!(frames < 3_000, "stuck at {} moves", texts(&eve).len());
        for (i, window) in [&mut ann, &mut bob].into_iter().enumerate() {
            let m = window.world().resource::<Match<War>>();
            let ply = m.ply();
            if window.world().resource::<LocalTurn>().0 && sent[i] != Some(ply) {
                sent[i] = Some(ply);
                let mv = m.legal()[0].clone();
                window.world_mut().write_message(Intent::<War>::Play(mv));
                window.update();
                // Sent, not played: the move waits for the server.
                assert_eq!(window.world().resource::<Match<War>>().ply(), ply);
            }
        }
        for window in [&mut ann, &mut bob, &mut eve] {
            window.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // All three windows have the same game, as the server has it.
    for _ in 0..50 {
        for window in [&mut ann, &mut bob, &mut eve] {
            window.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let moves = texts(&eve);
    assert_eq!(texts(&ann)[..12], moves[..12]);
    assert_eq!(texts(&bob)[..12], moves[..12]);
    let mut replay = War::new(Default::default()).unwrap();
    for text in &moves {
        let mv = replay.parse_move(text).unwrap();
        replay.play(&mv).unwrap();
    }

    // The audience's page reads the same game from the server.
    let scene = http_get(addr, "/t1/scene.ron");
    let file = tabula_rules::scene::SceneFile::parse(std::path::Path::new("t1.ron"), &scene)
        .unwrap_or_else(|e| panic!("{e}\n{scene}"));
    assert_eq!(file.scene.moves[..12], moves[..12]);
    let board = http_get(addr, "/t1/board.svg");
    assert!(board.starts_with("<svg") && board.contains("class=\"piece\""));
    assert!(http_get(addr, "/t1").contains("<ol id=\"moves\">"));

    // And in a browser, the page shows the moves the two windows made.
    page_shows(addr, &moves[..12]);

    // A window whose seat is not to move cannot move; nobody takes back at a server's table.
    let m = eve.world().resource::<Match<War>>();
    assert!(!eve.world().resource::<LocalTurn>().0, "{}", m.status());
    ann.world_mut().write_message(MatchCommand::Undo);
    ann.update();
    let m = ann.world().resource::<Match<War>>();
    assert_eq!(
        m.feedback,
        Feedback::error(
            "At a server's table every move stands: no take-back, replay or new game here"
        )
    );
    assert!(m.ply() >= 12);
}

/// A plain HTTP GET on loopback; the body of a 200 answer.
fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
    body.to_string()
}

/// The table's page in headless Chromium lists `moves` (skipped, saying so, where Chromium
/// is not installed, unless `TABULA_REQUIRE_BROWSER` is set).
fn page_shows(addr: std::net::SocketAddr, moves: &[String]) {
    let bin = std::path::Path::new("/usr/bin/chromium");
    if !bin.exists() {
        assert!(
            std::env::var("TABULA_REQUIRE_BROWSER").is_err(),
            "TABULA_REQUIRE_BROWSER is set but Chromium is not installed"
        );
        eprintln!("Chromium is not installed: the page is not looked at here");
        return;
    }
    let profile = std::env::temp_dir().join(format!("tabula-app-page-{}", std::process::id()));
    let out = std::process::Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=8000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("http://{addr}/t1"))
        .stderr(std::process::Stdio::null())
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    let dom = String::from_utf8_lossy(&out.stdout);
    let list = dom
        .split("<ol id=\"moves\">")
        .nth(1)
        .and_then(|rest| rest.split("</ol>").next())
        .unwrap_or_else(|| panic!("no move list on the page:\n{dom}"));
    for (i, text) in moves.iter().enumerate() {
        assert!(
            list.contains(text.as_str()),
            "move {} ({text}) is not on the page: {list}",
            i + 1
        );
    }
}
