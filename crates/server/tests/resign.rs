//! Resigning at a server's table: a seat resigns at any time, not only on its turn; its
//! opponent and the spectators are told, the log keeps it (the downloaded scene replays
//! to the same end, and so does the table read back after a restart), and nothing more is
//! played.

mod common;

use common::*;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, Event, ServerMessage};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_resigns_out_of_turn_and_the_game_is_over() {
    let db = db_file("resign");
    let database = format!("sqlite:{}", db.display());
    let running = serve(&database).await;
    let info = create(&running, "war", "", Vec::new()).await;
    let seats: Vec<String> = info.seats.iter().map(|s| s.player.clone()).collect();
    let (mut first, _) = join(&running, &info.id, &seats[0], "Ann").await;
    let (mut second, _) = join(&running, &info.id, &seats[1], "Bob").await;
    let mut moves = alternate(&info, [&mut first, &mut second], 2).await;

    // A spectator holds no seat, and cannot resign one.
    let mut spectator = Client::connect(&url(&running, &info.id)).await.unwrap();
    spectator
        .send(&ClientMessage::Resign { seat: None })
        .await
        .unwrap();
    let (code, message) = error(&mut spectator).await;
    assert_eq!(code, "not_your_seat");
    assert!(message.contains("spectators cannot resign"), "{message}");
    spectator
        .send(&ClientMessage::Watch {
            since: 4,
            snapshot: false,
        })
        .await
        .unwrap();
    // Nor may a player resign the other's seat.
    first
        .send(&ClientMessage::Resign {
            seat: Some(seats[1].clone()),
        })
        .await
        .unwrap();
    assert_eq!(error(&mut first).await.0, "not_your_seat");

    // The first seat is to move; the second resigns.
    second
        .send(&ClientMessage::Resign { seat: None })
        .await
        .unwrap();
    let resigns = format!("{} resigns", seats[1]);
    for client in [&mut first, &mut spectator] {
        let (record, table) = event(client, 5).await;
        assert_eq!(
            record.event,
            Event::Moved {
                seat: seats[1].clone(),
                text: resigns.clone(),
                ply: 3,
                to_move: None,
                result: Some(format!("{resigns}. {} wins", seats[0])),
            }
        );
        assert_eq!(table.to_move, None);
        assert_eq!(table.ply, 3);
    }
    moves.push(resigns.clone());

    // Nothing more is played, nor resigned.
    first
        .send(&ClientMessage::Move {
            text: a_legal_move(&info, &moves[..2]),
            ply: Some(3),
        })
        .await
        .unwrap();
    let (code, message) = error(&mut first).await;
    assert_eq!(code, "illegal");
    assert!(message.contains("the game is over"), "{message}");
    first
        .send(&ClientMessage::Resign { seat: None })
        .await
        .unwrap();
    assert_eq!(error(&mut first).await.0, "illegal");

    // The log keeps it: the scene replays to the same end, before and after a restart.
    let scene = http_get(&running, &format!("/{}/scene.ron", info.id)).await;
    let file = tabula_rules::scene::SceneFile::parse(std::path::Path::new("t.ron"), &scene)
        .unwrap_or_else(|e| panic!("{e}\n{scene}"));
    assert_eq!(file.scene.moves, moves);
    let verified = file.verify().expect("the downloaded game replays");
    assert!(verified.contains(&seats[0]), "{verified}");
    running.stop();
    let (m, result) = after_a_restart(&database, &info.id).await;
    assert_eq!(m, moves);
    assert_eq!(result, Some(format!("{resigns}. {} wins", seats[0])));
}

/// The table `id` as a server started again on `database` shows it: its moves and result.
async fn after_a_restart(database: &str, id: &str) -> (Vec<String>, Option<String>) {
    let running = serve(database).await;
    let mut watcher = Client::connect(&url(&running, id)).await.unwrap();
    watcher
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: true,
        })
        .await
        .unwrap();
    let shown = match watcher
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Snapshot { .. }))
        .await
        .unwrap()
    {
        ServerMessage::Snapshot { table, moves, .. } => (moves, table.result),
        _ => unreachable!(),
    };
    running.stop();
    shown
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_sent_as_a_move_resigns_the_sender_alone() {
    let db = db_file("resign-as-move");
    let database = format!("sqlite:{}", db.display());
    let running = serve(&database).await;
    let info = create(&running, "camelot", "", Vec::new()).await;
    let seats: Vec<String> = info.seats.iter().map(|s| s.player.clone()).collect();
    let (mut first, _) = join(&running, &info.id, &seats[0], "Ann").await;
    let (mut second, _) = join(&running, &info.id, &seats[1], "Bob").await;
    let mut moves = alternate(&info, [&mut first, &mut second], 2).await;

    // The first seat, to move, may not resign the second by writing it as a move.
    first
        .send(&ClientMessage::Move {
            text: format!("{} resigns", seats[1]),
            ply: Some(2),
        })
        .await
        .unwrap();
    let (code, message) = error(&mut first).await;
    assert_eq!(code, "not_your_seat");
    assert!(message.contains("resigns only itself"), "{message}");

    // `resign` as a move resigns the sender's own seat, written as the resign message is.
    first
        .send(&ClientMessage::Move {
            text: "resign".into(),
            ply: Some(2),
        })
        .await
        .unwrap();
    let resigns = format!("{} resigns", seats[0]);
    let (record, table) = event(&mut second, 5).await;
    assert_eq!(
        record.event,
        Event::Moved {
            seat: seats[0].clone(),
            text: resigns.clone(),
            ply: 3,
            to_move: None,
            result: Some(format!("{resigns}. {} wins", seats[1])),
        }
    );
    assert_eq!(table.to_move, None);
    moves.push(resigns.clone());

    // The log reads back after a restart.
    running.stop();
    let (m, result) = after_a_restart(&database, &info.id).await;
    assert_eq!(m, moves);
    assert_eq!(result, Some(format!("{resigns}. {} wins", seats[1])));
}
