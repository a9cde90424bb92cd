//! Tables on a server, through the app's own systems: a server on loopback, two players'
//! windows (one makes the table, one joins it) and a spectator's, headless. Every move made
//! at a window goes to the server and comes back to all three; taking back is refused. An
//! invitation link takes the seat kept for a friend; over TLS a window joins and moves with
//! the server's certificate given by `--ca`, and refuses it without.

use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tabula::state::Screen;
use tabula::table::commands::{Feedback, MatchCommand};
use tabula::table::game_match::Match;
use tabula::table::rules::Intent;
use tabula::table::seats::{Controller, LocalTurn};
use tabula_rules::Game;
use tabula_rules::war::War;

use crate::{launch, whole_app as app};
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, SeatSpec, ServerMessage, TableInfo};

/// A server on a thread of its own; its address (the resigning tests use it too).
pub(crate) fn server() -> std::net::SocketAddr {
    server_with("plain", None)
}

/// A server on a thread of its own, over TLS when given a certificate and its key; its
/// address.
fn server_with(name: &str, tls: Option<(&Path, &Path)>) -> std::net::SocketAddr {
    let tls = tls.map(|(cert, key)| tabula_server::tls::server_config(cert, key).unwrap());
    let db = std::env::temp_dir().join(format!(
        "tabula-app-remote-{name}-{}.db",
        std::process::id()
    ));
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
                tls,
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

/// Makes a table of the Game of War on the server at `url` (`ws://` or `wss://`) with the
/// seats given; the table as created (with its invitation codes).
fn create_table(
    url: &str,
    trust: &tabula_server::client::Trust,
    seats: Vec<SeatSpec>,
) -> TableInfo {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut lobby = Client::connect_trusting(url, trust).await.unwrap();
        lobby
            .send(&ClientMessage::Create {
                game: "war".into(),
                options: String::new(),
                setup: None,
                seats,
            })
            .await
            .unwrap();
        match lobby.recv(Duration::from_secs(20)).await.unwrap() {
            ServerMessage::Created { table } => table,
            other => panic!("expected created, got {other:?}"),
        }
    })
}

/// What opening `tabula ARGS` says is wrong.
fn refused(args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let launch = tabula::cli::parse_launch(&args).unwrap_or_else(|e| panic!("{e}"));
    match tabula::screens::open::open(&launch) {
        Err(e) => e,
        Ok(_) => panic!("`tabula {}` opened", args.join(" ")),
    }
}

#[test]
fn an_invitation_link_takes_the_seat_kept_for_a_friend() {
    let addr = server_with("invite", None);
    let trust = tabula_server::client::Trust::public();
    let info = create_table(
        &format!("ws://{addr}/"),
        &trust,
        vec![SeatSpec::Open, SeatSpec::Reserved { name: "Cy".into() }],
    );
    let code = info.seats[1].invite.clone().expect("an invitation code");
    // Without the code, the seat is not anybody's to take.
    let e = refused(&[
        "play",
        "--join",
        &format!("ws://{addr}/{}", info.id),
        "--seat",
        "Blue",
        "--names",
        "Cy",
    ]);
    assert!(e.contains("kept for Cy"), "{e}");
    // A code that is no code, and an invitation without its table, are refused as such.
    let e = refused(&[
        "play",
        "--join",
        &format!("http://{addr}/{}?invite=x!y", info.id),
    ]);
    assert!(e.contains("invitation code"), "{e}");
    let e = refused(&["play", "--join", &format!("http://{addr}/?invite={code}")]);
    assert!(e.contains("an invitation is for a table"), "{e}");

    // The page's link, as the table's creator passes it on: Cy sits in Blue under the name
    // it was kept for.
    let mut cy = app();
    launch(
        &mut cy,
        &[
            "play",
            "--join",
            &format!("http://{addr}/{}?invite={code}", info.id),
        ],
    );
    assert_eq!(*cy.world().resource::<State<Screen>>().get(), Screen::Table);
    assert_eq!(
        cy.world().resource::<Match<War>>().seats,
        vec![Controller::Remote, Controller::Local]
    );
    let listed = http_get(addr, "/api/tables");
    assert!(listed.contains("\"name\":\"Cy\""), "{listed}");
    // The code took the seat once: it takes nothing now.
    let e = refused(&[
        "play",
        "--join",
        &format!("http://{addr}/{}?invite={code}", info.id),
    ]);
    assert!(e.contains("no seat"), "{e}");
}

/// A self-signed certificate for 127.0.0.1 and its key, as PEM files.
fn certificate() -> (PathBuf, PathBuf) {
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".into()]).unwrap();
    let dir = std::env::temp_dir();
    let cert = dir.join(format!("tabula-app-tls-{}.crt", std::process::id()));
    let key = dir.join(format!("tabula-app-tls-{}.key", std::process::id()));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key)
}

#[test]
fn over_wss_a_window_plays_with_the_certificate_given_and_refuses_it_without() {
    let (cert, key) = certificate();
    let addr = server_with("tls", Some((&cert, &key)));
    let ca = cert.display().to_string();
    let lobby = format!("wss://{addr}/");

    // Without --ca the self-signed certificate is refused, saying so.
    let e = refused(&["play", "war", "--join", &lobby, "--names", "Ann"]);
    assert!(e.contains("certificate is not trusted"), "{e}");
    assert!(e.contains("--ca FILE"), "{e}");
    let e = refused(&["watch", &format!("wss://{addr}/t1")]);
    assert!(e.contains("certificate is not trusted"), "{e}");
    let e = refused(&["watch", &format!("wss://{addr}/t1"), "--ca", "/no/such.pem"]);
    assert!(e.contains("--ca /no/such.pem: cannot read it"), "{e}");

    // With it: Ann makes a table over wss and moves; the computer answers.
    let mut ann = app();
    launch(
        &mut ann,
        &[
            "play",
            "war",
            "--join",
            &lobby,
            "--names",
            "Ann",
            "--computer",
            "blue:easy",
            "--ca",
            &ca,
        ],
    );
    assert_eq!(
        *ann.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let mut frames = 0;
    while !ann.world().resource::<LocalTurn>().0 {
        frames += 1;
        assert!(frames < 3_000, "Ann's turn never comes");
        ann.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let mv = ann.world().resource::<Match<War>>().legal()[0].clone();
    ann.world_mut().write_message(Intent::<War>::Play(mv));
    while texts(&ann).len() < 2 {
        frames += 1;
        assert!(
            frames < 6_000,
            "the moves do not come back: {:?}",
            texts(&ann)
        );
        ann.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    // A spectator over wss sees them too.
    let mut eve = app();
    launch(
        &mut eve,
        &["watch", &format!("wss://{addr}/t1"), "--ca", &ca],
    );
    assert_eq!(
        *eve.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    assert_eq!(texts(&eve)[..2], texts(&ann)[..2]);
}
