//! The server end to end over real sockets on loopback: tables made, seats taken, moves
//! checked and sent to spectators, bad input refused with the connection kept, computer
//! seats, catching up, and no accepted move lost when the server dies.

mod common;

use common::*;
use std::time::Duration;
use tabula_ai::games::AnyGame;
use tabula_ai::with_game;
use tabula_rules::Game;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, Event, SeatSpec, ServerMessage};
use tabula_server::start;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_and_a_spectator_play_through_the_server() {
    let db = db_file("play");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "camelot", "", Vec::new()).await;
    let seats: Vec<String> = info.seats.iter().map(|s| s.player.clone()).collect();
    assert_eq!(info.last, 0);
    assert_eq!(info.seats[0].state, "open");

    let mut spectator = Client::connect(&url(&running, &info.id)).await.unwrap();
    spectator
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    assert!(matches!(
        spectator.recv(WAIT).await.unwrap(),
        ServerMessage::Welcome { .. }
    ));
    let (mut first, _) = join(&running, &info.id, &seats[0], "Ann").await;
    let (mut second, _) = join(&running, &info.id, &seats[1], "Bob").await;
    let (seated, _) = event(&mut spectator, 2).await;
    assert_eq!(
        seated.event,
        Event::Seated {
            seat: seats[1].clone(),
            name: "Bob".into()
        }
    );

    // A taken seat is refused; a spectator cannot move.
    let mut third = Client::connect(&url(&running, &info.id)).await.unwrap();
    third
        .send(&ClientMessage::Join {
            seat: Some(seats[0].clone()),
            name: Some("Cy".into()),
            token: None,
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let (code, message) = error(&mut third).await;
    assert_eq!(code, "seat_taken");
    assert!(message.contains("Ann"), "{message}");
    let legal = a_legal_move(&info, &[]);
    spectator
        .send(&ClientMessage::Move {
            text: legal.clone(),
            ply: None,
        })
        .await
        .unwrap();
    let (code, message) = error(&mut spectator).await;
    assert_eq!(code, "not_your_seat");
    assert!(message.contains("spectators cannot move"), "{message}");
    // The second seat may not move for the first.
    second
        .send(&ClientMessage::Move {
            text: legal.clone(),
            ply: Some(0),
        })
        .await
        .unwrap();
    assert_eq!(error(&mut second).await.0, "not_your_turn");
    // An illegal move is refused with the rules' own reason.
    first
        .send(&ClientMessage::Move {
            text: "A1-A2".into(),
            ply: Some(0),
        })
        .await
        .unwrap();
    let (code, message) = error(&mut first).await;
    assert_eq!(code, "illegal");
    let kind = tabula_ai::games::parse_kind("camelot").unwrap();
    let mut local = AnyGame::new(kind, "", None).unwrap();
    let rules_reason = with_game!(&mut local, g, _k => match g.parse_move("A1-A2") {
        Err(e) => e.to_string(),
        Ok(m) => g.play(&m).unwrap_err().to_string(),
    });
    assert!(
        message.contains(&rules_reason),
        "{message} / {rules_reason}"
    );

    // Six moves, each seen by the spectator in order, with whose turn it is after.
    let mut moves = Vec::new();
    for i in 0..6 {
        let text = a_legal_move(&info, &moves);
        let mover = if i % 2 == 0 { &mut first } else { &mut second };
        mover
            .send(&ClientMessage::Move {
                text: text.clone(),
                ply: Some(i),
            })
            .await
            .unwrap();
        let (record, table) = event(&mut spectator, 3 + i as u64).await;
        match record.event {
            Event::Moved {
                text: t,
                ply,
                to_move,
                seat,
                ..
            } => {
                assert_eq!(t, text);
                assert_eq!(ply, i + 1);
                assert_eq!(seat, seats[i % 2]);
                assert_eq!(to_move.as_deref(), Some(seats[(i + 1) % 2].as_str()));
            }
            other => panic!("expected a move, got {other:?}"),
        }
        assert_eq!(table.ply, i + 1);
        moves.push(text);
    }
    // A move meant for an older position is refused as stale.
    first
        .send(&ClientMessage::Move {
            text: a_legal_move(&info, &moves),
            ply: Some(2),
        })
        .await
        .unwrap();
    assert_eq!(error(&mut first).await.0, "stale");

    // A spectator that comes later, or comes back, gets what it missed and no more.
    let mut late = Client::connect(&url(&running, &info.id)).await.unwrap();
    late.send(&ClientMessage::Watch {
        since: 5,
        snapshot: false,
    })
    .await
    .unwrap();
    let ServerMessage::Welcome { table } = late.recv(WAIT).await.unwrap() else {
        panic!("expected welcome")
    };
    assert_eq!(table.last, 8);
    let ServerMessage::Events { events } = late.recv(WAIT).await.unwrap() else {
        panic!("expected events")
    };
    assert_eq!(
        events.iter().map(|e| e.n).collect::<Vec<_>>(),
        vec![6, 7, 8]
    );

    // The list and the scene file tell the same.
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    lobby
        .send(&ClientMessage::List {
            offset: 0,
            limit: None,
        })
        .await
        .unwrap();
    let ServerMessage::Tables { tables, total } = lobby.recv(WAIT).await.unwrap() else {
        panic!("expected tables")
    };
    assert_eq!((tables.len(), total), (1, 1));
    assert_eq!(tables[0].ply, 6);
    assert_eq!(tables[0].seats[0].name.as_deref(), Some("Ann"));
    let scene = http_get(&running, &format!("/{}/scene.ron", info.id)).await;
    let file = tabula_rules::scene::SceneFile::parse(std::path::Path::new("t1.ron"), &scene)
        .unwrap_or_else(|e| panic!("{e}\n{scene}"));
    assert_eq!(file.scene.moves, moves);
    file.verify().expect("the downloaded game replays");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_is_answered_and_the_connection_stays() {
    let db = db_file("garbage");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "war", "", Vec::new()).await;
    let mut client = Client::connect(&url(&running, &info.id)).await.unwrap();
    let cases = [
        ("{", "malformed", "not JSON"),
        ("[1,2]", "malformed", "\"type\""),
        (r#"{"type":"concede"}"#, "malformed", "concede"),
        (r#"{"type":"move"}"#, "malformed", "text"),
        (
            r#"{"type":"join","seat":"Purple"}"#,
            "bad_request",
            "Purple",
        ),
        (
            r#"{"type":"create","game":"chess"}"#,
            "bad_request",
            "chess",
        ),
        (
            r#"{"type":"create","game":"camelot","options":"(plyers: 4)"}"#,
            "bad_request",
            "plyers",
        ),
        (
            r#"{"type":"create","game":"war","seats":[{"kind":"computer","level":"genius"}]}"#,
            "bad_request",
            "genius",
        ),
        (r#"{"type":"leave","seat":"Red"}"#, "not_your_seat", ""),
        (r#"{"type":"chance"}"#, "not_your_seat", ""),
    ];
    for (text, code, words) in cases {
        client.send_text(text).await.unwrap();
        let (got, message) = error(&mut client).await;
        assert_eq!(got, code, "{text}: {message}");
        assert!(message.contains(words), "{text}: {message}");
    }
    // Too fast: some are dropped with a word (once), the connection stays.
    for _ in 0..60 {
        client.send(&ClientMessage::Ping).await.unwrap();
    }
    assert_eq!(error(&mut client).await.0, "too_fast");
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    ping(&mut client).await;

    // A message longer than the server reads is answered, and closes that connection,
    // not the server: the server keeps no more than 16 KiB of a message.
    let long = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(20_000));
    client.send_text(&long).await.unwrap();
    assert_eq!(error(&mut client).await.0, "too_large");
    let mut gone = false;
    for _ in 0..100 {
        if client.recv(WAIT).await.is_err() {
            gone = true;
            break;
        }
    }
    assert!(gone, "an oversized message closes its connection");
    let mut again = Client::connect(&url(&running, &info.id)).await.unwrap();
    ping(&mut again).await;
    // And the table is as it was.
    again
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let ServerMessage::Welcome { table } = again.recv(WAIT).await.unwrap() else {
        panic!("expected welcome")
    };
    assert_eq!((table.ply, table.last), (0, 0));

    // No such table: a page that says so, and no socket.
    assert!(Client::connect(&url(&running, "t99")).await.is_err());
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_seat_answers_through_the_same_door() {
    let db = db_file("computer");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(
        &running,
        "war",
        "",
        vec![
            SeatSpec::Open,
            SeatSpec::Computer {
                level: "easy".into(),
            },
        ],
    )
    .await;
    assert_eq!(info.seats[1].state, "computer");
    assert_eq!(info.last, 1, "the computer's seating is logged");
    let (mut player, _) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    let mut moves = Vec::new();
    for i in 0..3 {
        let text = a_legal_move(&info, &moves);
        player
            .send(&ClientMessage::Move {
                text: text.clone(),
                ply: Some(moves.len()),
            })
            .await
            .unwrap();
        moves.push(text);
        let (_, _) = event(&mut player, 3 + 2 * i).await;
        let (reply, table) = event(&mut player, 4 + 2 * i).await;
        let Event::Moved { seat, text, .. } = reply.event else {
            panic!("expected the computer's move")
        };
        assert_eq!(seat, info.seats[1].player);
        assert_eq!(
            table.to_move.as_deref(),
            Some(info.seats[0].player.as_str())
        );
        moves.push(text);
    }
    // A table of computers only plays by itself; the fence race's die is thrown by the
    // server through the same door.
    let race = create(
        &running,
        "fences",
        "",
        vec![
            SeatSpec::Computer {
                level: "easy".into(),
            },
            SeatSpec::Computer {
                level: "easy".into(),
            },
        ],
    )
    .await;
    let mut watcher = Client::connect(&url(&running, &race.id)).await.unwrap();
    watcher
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let (record, _) = event(&mut watcher, 8).await;
    assert!(matches!(record.event, Event::Moved { .. }));
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_stopped_at_once_loses_no_accepted_move() {
    let db = db_file("restart");
    let address = format!("sqlite:{}", db.display());
    restart_keeps_everything(&address).await;
}

/// With `TABULA_TEST_POSTGRES=postgres://...` (as CI sets), the same against PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_tables_the_same_way() {
    let Ok(address) = std::env::var("TABULA_TEST_POSTGRES") else {
        eprintln!("TABULA_TEST_POSTGRES is not set: PostgreSQL not tested here");
        return;
    };
    restart_keeps_everything(&address).await;
}

async fn restart_keeps_everything(address: &str) {
    let running = serve(address).await;
    let info = create(&running, "screwball", "", Vec::new()).await;
    let (mut first, token) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    let (mut second, _) = join(&running, &info.id, &info.seats[1].player, "Bob").await;
    let moves = alternate(&info, [&mut first, &mut second], 4).await;
    running.stop();
    // The connections end with it (after what was already sent).
    for client in [&mut first, &mut second] {
        let mut closed = false;
        for _ in 0..20 {
            if client.recv(WAIT).await.is_err() {
                closed = true;
                break;
            }
        }
        assert!(closed, "a connection outlived its server");
    }

    let running = serve(address).await;
    let mut client = Client::connect(&url(&running, &info.id)).await.unwrap();
    // The seat comes back with its token, and the client catches up from what it had.
    client.send(&rejoin(&token, 4)).await.unwrap();
    let ServerMessage::Joined { seat, .. } = client.recv(WAIT).await.unwrap() else {
        panic!("expected joined")
    };
    assert_eq!(seat, info.seats[0].player);
    let ServerMessage::Welcome { table } = client.recv(WAIT).await.unwrap() else {
        panic!("expected welcome")
    };
    assert_eq!(table.ply, 4);
    assert_eq!(table.seats[1].name.as_deref(), Some("Bob"));
    let ServerMessage::Events { events } = client.recv(WAIT).await.unwrap() else {
        panic!("expected events")
    };
    assert_eq!(events.iter().map(|e| e.n).collect::<Vec<_>>(), vec![5, 6]);
    // And the game carries on where it was.
    let text = a_legal_move(&info, &moves);
    client
        .send(&ClientMessage::Move { text, ply: Some(4) })
        .await
        .unwrap();
    let (record, _) = event(&mut client, 7).await;
    assert!(matches!(record.event, Event::Moved { ply: 5, .. }));
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn far_behind_gets_a_snapshot() {
    let db = db_file("snapshot");
    let mut config = config(&format!("sqlite:{}", db.display()));
    config.limits.snapshot_gap = 3;
    let running = start(config).await.unwrap();
    let info = create(&running, "war", "", Vec::new()).await;
    let (mut first, _) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    let (mut second, _) = join(&running, &info.id, &info.seats[1].player, "Bob").await;
    let moves = alternate(&info, [&mut first, &mut second], 4).await;
    let mut late = Client::connect(&url(&running, &info.id)).await.unwrap();
    late.send(&ClientMessage::Watch {
        since: 1,
        snapshot: false,
    })
    .await
    .unwrap();
    let ServerMessage::Snapshot {
        table,
        scene,
        moves: got,
    } = late.recv(WAIT).await.unwrap()
    else {
        panic!("expected a snapshot")
    };
    assert_eq!(table.last, 6);
    assert_eq!(got, moves);
    let file = tabula_rules::scene::SceneFile::parse(std::path::Path::new("snapshot.ron"), &scene)
        .unwrap();
    assert_eq!(file.scene.moves, moves);
    running.stop();
}

/// The server binary killed outright (SIGKILL) in the middle of a game, and started again
/// on the same database file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_process_killed_mid_game_loses_nothing() {
    let db = db_file("kill");
    let address = format!("sqlite:{}", db.display());
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let spawn = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_tabula-server"))
            .args([
                "serve",
                "--listen",
                &format!("127.0.0.1:{port}"),
                "--db",
                &address,
            ])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the server binary starts")
    };
    let base = format!("ws://127.0.0.1:{port}/");
    let connect = |path: String| async move {
        for _ in 0..200 {
            if let Ok(c) = Client::connect(&path).await {
                return c;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not come up at {path}");
    };
    let mut process = spawn();
    let mut lobby = connect(base.clone()).await;
    lobby
        .send(&ClientMessage::Create {
            game: "war".into(),
            options: String::new(),
            setup: None,
            seats: Vec::new(),
        })
        .await
        .unwrap();
    let ServerMessage::Created { table: info } = lobby.recv(WAIT).await.unwrap() else {
        panic!("expected created")
    };
    let mut players = Vec::new();
    let mut tokens = Vec::new();
    for seat in &info.seats {
        let mut c = connect(format!("{base}{}", info.id)).await;
        c.send(&ClientMessage::Join {
            seat: Some(seat.player.clone()),
            name: Some(format!("P{}", players.len())),
            token: None,
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
        let ServerMessage::Joined { token, .. } = c.recv(WAIT).await.unwrap() else {
            panic!("expected joined")
        };
        tokens.push(token);
        players.push(c);
    }
    let mut moves = Vec::new();
    for i in 0..5 {
        let text = a_legal_move(&info, &moves);
        players[i % 2]
            .send(&ClientMessage::Move {
                text: text.clone(),
                ply: Some(i),
            })
            .await
            .unwrap();
        // Accepted means told: the event comes only after it is stored.
        event(&mut players[i % 2], 3 + i as u64).await;
        moves.push(text);
    }
    process.kill().unwrap();
    process.wait().unwrap();
    assert!(
        players[0].recv(WAIT).await.is_err(),
        "the connection went with the server"
    );

    let mut process = spawn();
    let mut back = connect(format!("{base}{}", info.id)).await;
    back.send(&rejoin(&tokens[1], 0)).await.unwrap();
    let ServerMessage::Joined { seat, .. } = back.recv(WAIT).await.unwrap() else {
        panic!("expected joined")
    };
    assert_eq!(seat, info.seats[1].player);
    let ServerMessage::Welcome { table } = back.recv(WAIT).await.unwrap() else {
        panic!("expected welcome")
    };
    assert_eq!(table.ply, 5);
    let ServerMessage::Events { events } = back.recv(WAIT).await.unwrap() else {
        panic!("expected events")
    };
    let logged: Vec<String> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::Moved { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(logged, moves);
    let text = a_legal_move(&info, &moves);
    back.send(&ClientMessage::Move { text, ply: Some(5) })
        .await
        .unwrap();
    event(&mut back, 8).await;
    process.kill().unwrap();
    process.wait().unwrap();
}

/// A player whose connection drops just after sending a move: the move was either taken
/// whole or not at all, and the seat, taken back with its token, plays on from there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_dropped_mid_move_leaves_the_table_whole() {
    let db = db_file("drop");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "war", "", Vec::new()).await;
    let (mut first, token) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    let text = a_legal_move(&info, &[]);
    first
        .send(&ClientMessage::Move {
            text: text.clone(),
            ply: Some(0),
        })
        .await
        .unwrap();
    // Gone without waiting for the answer, and without closing the socket politely.
    drop(first);
    let mut back = Client::connect(&url(&running, &info.id)).await.unwrap();
    back.send(&rejoin(&token, 0)).await.unwrap();
    back.recv_until(WAIT, |m| matches!(m, ServerMessage::Joined { .. }))
        .await
        .unwrap();
    let ServerMessage::Welcome { table } = back.recv(WAIT).await.unwrap() else {
        panic!("expected welcome")
    };
    let ServerMessage::Events { events } = back.recv(WAIT).await.unwrap() else {
        panic!("expected events")
    };
    let moved: Vec<&Event> = events
        .iter()
        .map(|e| &e.event)
        .filter(|e| matches!(e, Event::Moved { .. }))
        .collect();
    assert_eq!(moved.len(), table.ply, "the log and the table agree");
    let mut moves = Vec::new();
    if table.ply == 1 {
        moves.push(text);
    } else {
        // Not taken: the seat is still to move, and moves now.
        assert_eq!(table.ply, 0);
        let text = a_legal_move(&info, &[]);
        back.send(&ClientMessage::Move {
            text: text.clone(),
            ply: Some(0),
        })
        .await
        .unwrap();
        event(&mut back, 2).await;
        moves.push(text);
    }
    // The other seat answers; the table goes on.
    let (mut second, _) = join(&running, &info.id, &info.seats[1].player, "Bob").await;
    second
        .send(&ClientMessage::Move {
            text: a_legal_move(&info, &moves),
            ply: Some(1),
        })
        .await
        .unwrap();
    let (record, _) = event(&mut second, 4).await;
    assert!(matches!(record.event, Event::Moved { ply: 2, .. }));
    running.stop();
}
