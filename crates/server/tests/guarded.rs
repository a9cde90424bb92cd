//! The server as the open internet finds it, on loopback: dice nobody can foresee, reserved
//! seats taken only with their invitation, names that show as what they are, tokens kept
//! as digests, floods of messages, connections and tables held within limits (small ones
//! here, so that the tests stay quick).

mod common;

use common::*;
use std::time::Duration;
use tabula_ai::games::{AnyGame, parse_kind};
use tabula_ai::with_game;
use tabula_rules::Game;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, Event, SeatSpec, ServerMessage};
use tabula_server::start;

fn computer() -> SeatSpec {
    SeatSpec::Computer {
        level: "easy".into(),
    }
}

fn join_message(seat: Option<&str>, name: &str, token: Option<&str>) -> ClientMessage {
    ClientMessage::Join {
        seat: seat.map(str::to_string),
        name: Some(name.to_string()),
        token: token.map(str::to_string),
        since: 0,
        snapshot: false,
    }
}

/// Every move of a table as a watcher sees it, until `enough` says it has enough or the
/// game is over.
async fn watch_moves(
    client: &mut Client,
    mut enough: impl FnMut(&[String]) -> bool,
) -> Vec<String> {
    client
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let mut moves = Vec::new();
    let mut last = 0;
    while !enough(&moves) {
        let records = match client.recv(WAIT).await.unwrap() {
            ServerMessage::Events { events } => events,
            ServerMessage::Event { record, .. } => vec![record],
            _ => Vec::new(),
        };
        for record in records {
            if record.n <= last {
                continue;
            }
            last = record.n;
            if let Event::Moved { text, result, .. } = record.event {
                moves.push(text);
                if result.is_some() {
                    return moves;
                }
            }
        }
    }
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dice_cannot_be_foreseen_from_anything_published() {
    let db = db_file("dice");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    // The creator names a seed: it is ignored, and so shown nowhere.
    let info = create(
        &running,
        "fences",
        "(seed: 12345, size: 25)",
        vec![computer(), computer()],
    )
    .await;
    assert!(!info.options.contains("12345"), "{}", info.options);
    let listed = http_get(&running, "/api/tables").await;
    assert!(!listed.contains("12345"), "{listed}");

    let throws = |moves: &[String]| moves.iter().filter(|m| m.starts_with("throw")).count();
    let mut watcher = Client::connect(&url(&running, &info.id)).await.unwrap();
    let moves = watch_moves(&mut watcher, |m| throws(m) >= 12).await;

    // What the creator's seed, or the table's published options, would have thrown at each
    // throw of this game: not what the table threw.
    let kind = parse_kind("fences").unwrap();
    assert!(throws(&moves) >= 8, "{moves:?}");
    for options in ["(seed: 12345, size: 25)", info.options.as_str()] {
        let mut local = AnyGame::new(kind, options, None).unwrap();
        let mut foreseen = 0;
        for text in &moves {
            if text.starts_with("throw") {
                let mut guess = local.clone();
                let guessed = with_game!(&mut guess, g, _k => {
                    g.draw_chance().unwrap();
                    let mv = g.history().last().cloned().unwrap();
                    let mut before = g.clone();
                    before.undo();
                    before.move_text(&mv)
                });
                foreseen += usize::from(guessed == *text);
            }
            local.play_texts(std::slice::from_ref(text)).unwrap();
        }
        assert!(
            foreseen < throws(&moves),
            "{options}: every one of {foreseen} throws was foreseen"
        );
    }

    // The game, downloaded, replays exactly: its throws are moves of the scene.
    let scene = http_get(&running, &format!("/{}/scene.ron", info.id)).await;
    assert!(!scene.contains("12345"));
    let file = tabula_rules::scene::SceneFile::parse(std::path::Path::new("race.ron"), &scene)
        .unwrap_or_else(|e| panic!("{e}\n{scene}"));
    assert!(file.scene.moves.starts_with(&moves), "{scene}");
    file.verify().expect("the downloaded race replays");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reserved_seat_is_taken_only_with_its_invitation() {
    let db = db_file("invite");
    let address = format!("sqlite:{}", db.display());
    let running = serve(&address).await;
    let reserved = |name: &str| SeatSpec::Reserved { name: name.into() };
    let info = create(
        &running,
        "fences",
        "(players: 3)",
        vec![reserved("Ann"), reserved("Bob"), SeatSpec::Open],
    )
    .await;
    let seats: Vec<String> = info.seats.iter().map(|s| s.player.clone()).collect();
    let ann = info.seats[0].invite.clone().expect("an invitation for Ann");
    let bob = info.seats[1].invite.clone().expect("an invitation for Bob");
    assert_ne!(ann, bob);
    assert_eq!(info.seats[2].invite, None);
    let listed = http_get(&running, "/api/tables").await;
    assert!(
        listed.contains(r#""state":"reserved","name":"Ann""#),
        "{listed}"
    );
    assert!(
        !listed.contains(&ann) && !listed.contains("invite"),
        "{listed}"
    );

    // The name is not enough, in any case, for the seat or for the first free one.
    let mut stranger = Client::connect(&url(&running, &info.id)).await.unwrap();
    stranger
        .send(&join_message(Some(&seats[0]), "ann", None))
        .await
        .unwrap();
    let (code, message) = error(&mut stranger).await;
    assert_eq!(code, "seat_taken", "{message}");
    assert!(message.contains("invitation"), "{message}");
    stranger
        .send(&join_message(
            Some(&seats[0]),
            "Ann",
            Some("0123456789abcdef"),
        ))
        .await
        .unwrap();
    assert_eq!(error(&mut stranger).await.0, "not_your_seat");
    stranger
        .send(&join_message(None, "Ann", None))
        .await
        .unwrap();
    let ServerMessage::Joined { seat, .. } = stranger
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Joined { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(seat, seats[2], "the first open seat, not Ann's");

    // With the code, Ann's seat; the token answered is new, and the code is spent.
    let mut a = Client::connect(&url(&running, &info.id)).await.unwrap();
    a.send(&join_message(None, "Ann", Some(&ann)))
        .await
        .unwrap();
    let ServerMessage::Joined { seat, token } = a.recv(WAIT).await.unwrap() else {
        panic!("expected joined")
    };
    assert_eq!(seat, seats[0]);
    assert_ne!(token, ann);
    let mut again = Client::connect(&url(&running, &info.id)).await.unwrap();
    again
        .send(&join_message(None, "Eve", Some(&ann)))
        .await
        .unwrap();
    assert_eq!(error(&mut again).await.0, "not_your_seat");
    running.stop();

    // Bob's invitation outlives a restart, and is never in the log.
    let running = serve(&address).await;
    let mut b = Client::connect(&url(&running, &info.id)).await.unwrap();
    b.send(&join_message(Some(&seats[1]), "Bob", Some(&bob)))
        .await
        .unwrap();
    let ServerMessage::Joined { seat, .. } = b.recv(WAIT).await.unwrap() else {
        panic!("expected joined")
    };
    assert_eq!(seat, seats[1]);
    let welcome = b.recv_text(WAIT).await.unwrap();
    let events = b.recv_text(WAIT).await.unwrap();
    for text in [welcome, events] {
        assert!(!text.contains(&ann) && !text.contains(&bob), "{text}");
    }
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_hide_or_turn_text_are_refused() {
    let db = db_file("names");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "war", "", Vec::new()).await;
    let mut client = Client::connect(&url(&running, &info.id)).await.unwrap();
    for name in [
        "Ann\u{200B}",
        "\u{202E}nnA",
        "A\u{2066}nn",
        "An\u{FEFF}n",
        "Ann\u{7}",
        "A\tnn",
    ] {
        client.send(&join_message(None, name, None)).await.unwrap();
        let (code, message) = error(&mut client).await;
        assert_eq!(code, "bad_request", "{name:?}: {message}");
    }
    // A name in any script is welcome.
    client
        .send(&join_message(None, "Zoë 李", None))
        .await
        .unwrap();
    assert!(matches!(
        client.recv(WAIT).await.unwrap(),
        ServerMessage::Joined { .. }
    ));
    let reserved = SeatSpec::Reserved {
        name: "Bo\u{202E}b".into(),
    };
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    lobby
        .send(&ClientMessage::Create {
            game: "war".into(),
            options: String::new(),
            setup: None,
            seats: vec![reserved],
        })
        .await
        .unwrap();
    assert_eq!(error(&mut lobby).await.0, "bad_request");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_kept_as_digests_in_a_file_only_its_owner_reads() {
    let db = db_file("digests");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "war", "", Vec::new()).await;
    let (_client, token) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    running.stop();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut stored = Vec::new();
    for suffix in ["", "-wal"] {
        if let Ok(bytes) = std::fs::read(format!("{}{suffix}", db.display())) {
            stored.extend(bytes);
        }
    }
    let text = String::from_utf8_lossy(&stored);
    assert!(text.contains("Ann"), "the log is there");
    assert!(
        !text.contains(&token),
        "the token is stored as it was given"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&db).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o077,
            0,
            "the database is readable by others: {mode:o}"
        );
    }
    // The token still takes the seat back.
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let mut back = Client::connect(&url(&running, &info.id)).await.unwrap();
    back.send(&rejoin(&token, 0)).await.unwrap();
    assert!(matches!(
        back.recv(WAIT).await.unwrap(),
        ServerMessage::Joined { .. }
    ));
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_sent_twice_at_once_is_stale_the_second_time() {
    let db = db_file("twice");
    let running = serve(&format!("sqlite:{}", db.display())).await;
    let info = create(&running, "war", "", Vec::new()).await;
    let (mut first, token) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    let mut second = Client::connect(&url(&running, &info.id)).await.unwrap();
    second.send(&rejoin(&token, 0)).await.unwrap();
    second
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Events { .. }))
        .await
        .unwrap();
    let text = a_legal_move(&info, &[]);
    let mv = ClientMessage::Move { text, ply: Some(0) };
    let (a, b) = tokio::join!(first.send(&mv), second.send(&mv));
    a.unwrap();
    b.unwrap();
    let mut codes = Vec::new();
    for client in [&mut first, &mut second] {
        let answer = client
            .recv_until(WAIT, |m| {
                matches!(m, ServerMessage::Error { .. })
                    || matches!(m, ServerMessage::Event { record, .. } if record.n == 2)
            })
            .await
            .unwrap();
        if let ServerMessage::Error { code, .. } = answer {
            codes.push(code);
        }
    }
    // One of them got the event first; the other may have it too, then its error.
    for client in [&mut first, &mut second] {
        while let Ok(m) = client.recv(Duration::from_millis(300)).await {
            if let ServerMessage::Error { code, .. } = m {
                codes.push(code);
            }
        }
    }
    assert_eq!(codes, vec!["stale".to_string()]);
    running.stop();
}

#[allow(dead_code)]
async fn started(
    limits: impl FnOnce(&mut tabula_server::Limits),
    name: &str,
) -> tabula_server::Running {
    let db = db_file(name);
    let mut config = config(&format!("sqlite:{}", db.display()));
    limits(&mut config.limits);
    start(config).await.expect("the server starts")
}
