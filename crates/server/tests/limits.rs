//! The server's limits under floods, on loopback, with small limits so that the tests stay
//! quick: connections that send nothing or answer nothing, too many connections, endless
//! fragments, binary floods, seat changes, tables made in a stream and left behind, the
//! list a page at a time, computer tables and their searches, and pages of other sites.

mod common;

use common::*;
use std::time::{Duration, Instant};
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, SeatSpec, ServerMessage, TableInfo};
use tabula_server::{Limits, Running, start};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Waits (ten seconds at most) until the sweep has left at most `tables` in memory.
async fn sweep_down_to(running: &Running, tables: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while running.server.stats().await.tables > tables && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn started(name: &str, limits: impl FnOnce(&mut Limits)) -> Running {
    let db = db_file(name);
    let mut config = config(&format!("sqlite:{}", db.display()));
    limits(&mut config.limits);
    start(config).await.expect("the server starts")
}

/// Reads until the peer closes the connection, at most `within`; whether it did (and what
/// came before).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> (bool, Vec<u8>) {
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + within;
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return (false, seen),
            Ok(Ok(0)) | Ok(Err(_)) => return (true, seen),
            Ok(Ok(n)) => seen.extend_from_slice(&buf[..n]),
        }
    }
}

/// A WebSocket handshake written by hand (`extra`: more header lines); the stream and the
/// answer's head.
async fn handshake(running: &Running, path: &str, extra: &str) -> (TcpStream, String) {
    let mut stream = TcpStream::connect(running.addr).await.unwrap();
    let request = format!(
        "GET /{path} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n",
        running.addr
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match tokio::time::timeout(WAIT, stream.read(&mut byte)).await {
            Ok(Ok(1)) => head.push(byte[0]),
            _ => break,
        }
    }
    (stream, String::from_utf8_lossy(&head).to_string())
}

/// A GET's status line, headers and body.
async fn http(running: &Running, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(running.addr).await.unwrap();
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
    (head.to_string(), body.to_string())
}

async fn create_from(lobby: &mut Client, game: &str, seats: Vec<SeatSpec>) -> ServerMessage {
    lobby
        .send(&ClientMessage::Create {
            game: game.into(),
            options: String::new(),
            setup: None,
            seats,
        })
        .await
        .unwrap();
    lobby.recv(WAIT).await.unwrap()
}

fn computers(level: &str) -> Vec<SeatSpec> {
    vec![
        SeatSpec::Computer {
            level: level.into(),
        };
        2
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_send_nothing_or_answer_nothing_are_closed() {
    let running = started("quiet", |l| {
        l.handshake = Duration::from_millis(300);
        l.ping_every = Duration::from_millis(100);
        l.idle_timeout = Duration::from_millis(500);
    })
    .await;
    // No request at all.
    let mut silent = TcpStream::connect(running.addr).await.unwrap();
    let (closed, _) = closed_within(&mut silent, Duration::from_secs(5)).await;
    assert!(closed, "a connection that sends no request stays");
    // Half a request.
    let mut slow = TcpStream::connect(running.addr).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(closed_within(&mut slow, Duration::from_secs(5)).await.0);
    // A WebSocket whose peer never answers a ping: pinged, then dropped.
    let (mut deaf, head) = handshake(&running, "", "").await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    let (closed, seen) = closed_within(&mut deaf, Duration::from_secs(5)).await;
    assert!(closed, "a peer that answers no ping stays");
    assert_eq!(seen.first(), Some(&0x89), "it was pinged first");
    // A client that reads (and so answers pings) stays past the idle limit.
    let mut alive = Client::connect(&url(&running, "")).await.unwrap();
    assert!(matches!(
        alive.recv(Duration::from_millis(1_500)).await,
        Err(tabula_server::client::ClientError::Timeout { .. })
    ));
    ping(&mut alive).await;
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_caps_are_refused_with_the_reason() {
    let running = started("caps", |l| {
        l.max_per_address = 3;
        l.max_connections = 100;
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(running.addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (_, head) = handshake(&running, "", "").await;
    assert!(head.starts_with("HTTP/1.1 429"), "{head}");
    assert_eq!(running.server.stats().await.connections, 3);
    // One goes, one more may come.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (_, head) = handshake(&running, "", "").await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    running.stop();

    let running = started("full", |l| {
        l.max_per_address = 10;
        l.max_connections = 2;
    })
    .await;
    let _a = TcpStream::connect(running.addr).await.unwrap();
    let _b = TcpStream::connect(running.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut c = TcpStream::connect(running.addr).await.unwrap();
    c.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (_, answer) = closed_within(&mut c, Duration::from_secs(5)).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("most connections"), "{answer}");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_in_fragments_is_not_kept_past_the_limit() {
    let running = started("fragments", |_| {}).await;
    let mut client = Client::connect(&url(&running, "")).await.unwrap();
    // 4 KiB fragments of a message that never ends: past 16 KiB, answered and closed.
    let piece = "x".repeat(4096);
    let mut sent = 0;
    for i in 0..64 {
        if client.send_fragment(&piece, i == 0, false).await.is_err() {
            break;
        }
        sent += 1;
    }
    let (code, message) = error(&mut client).await;
    assert_eq!(code, "too_large", "{message}");
    let mut gone = false;
    for _ in 0..10 {
        if client.recv(WAIT).await.is_err() {
            gone = true;
            break;
        }
    }
    assert!(gone, "after {sent} fragments the connection stays");
    running.stop();
}

/// Whether the server closes the connection (a flood's end) before it falls silent.
async fn closed(client: &mut Client) -> bool {
    for _ in 0..10 {
        match client.recv(WAIT).await {
            Err(tabula_server::client::ClientError::Timeout { .. }) => return false,
            Err(_) => return true,
            Ok(_) => {}
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binary_frames_count_towards_the_rate() {
    let running = started("binary", |_| {}).await;
    let mut client = Client::connect(&url(&running, "")).await.unwrap();
    // 60 at once: 40 taken (and answered), then one word that it is too fast.
    for _ in 0..60 {
        client.send_binary(b"\x00\x01").await.unwrap();
    }
    let mut replies = 0;
    loop {
        let m = client.recv(WAIT).await.unwrap();
        replies += 1;
        if matches!(&m, ServerMessage::Error { code, .. } if code == "too_fast") {
            break;
        }
    }
    assert!(
        (41..=43).contains(&replies),
        "{replies} replies to 60 binary frames"
    );
    assert!(client.recv(Duration::from_millis(300)).await.is_err());
    // Going on far past the rate closes the connection.
    for _ in 0..500 {
        if client.send_binary(b"\x00\x01").await.is_err() {
            break;
        }
    }
    assert!(closed(&mut client).await, "the flood's connection stays");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pong_frames_count_towards_the_rate() {
    let running = started("pong", |_| {}).await;
    let mut client = Client::connect(&url(&running, "")).await.unwrap();
    // A pong is answered by nothing, but the 41st of 60 at once is told it is too fast.
    for _ in 0..60 {
        client.send_pong(b"flood").await.unwrap();
    }
    let (code, _) = error(&mut client).await;
    assert_eq!(code, "too_fast");
    // Going on far past the rate closes the connection.
    for _ in 0..500 {
        if client.send_pong(b"flood").await.is_err() {
            break;
        }
    }
    assert!(closed(&mut client).await, "the flood's connection stays");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_taken_and_given_up_in_a_loop_do_not_fill_the_log() {
    let running = started("cycles", |l| {
        l.seat_changes_per_minute = 6.0;
        l.rate = 1000.0;
        l.burst = 1000.0;
    })
    .await;
    let info = create(&running, "war", "", Vec::new()).await;
    let seat = info.seats[0].player.clone();
    let mut client = Client::connect(&url(&running, &info.id)).await.unwrap();
    let mut refused = 0;
    for _ in 0..20 {
        client
            .send(&ClientMessage::Join {
                seat: Some(seat.clone()),
                name: Some("Ann".into()),
                token: None,
                since: 0,
                snapshot: false,
            })
            .await
            .unwrap();
        client
            .send(&ClientMessage::Leave { seat: seat.clone() })
            .await
            .unwrap();
        loop {
            match client.recv(WAIT).await.unwrap() {
                ServerMessage::Left { .. } => break,
                ServerMessage::Error { code, reply_to, .. } => {
                    if code == "too_fast" {
                        refused += 1;
                    }
                    if reply_to.as_deref() == Some("leave") {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    assert!(refused > 0, "no seat change was refused");
    let (tables, _) = running.server.list(0, 10).await;
    assert!(tables[0].last <= 7, "{} events logged", tables[0].last);
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_made_at_a_rate_and_closed_when_abandoned() {
    let db = db_file("abandon");
    let address = format!("sqlite:{}", db.display());
    let mut config = config(&address);
    config.limits.tables_per_minute = 3.0;
    config.limits.abandon_after = Duration::from_millis(400);
    let running = start(config.clone()).await.unwrap();
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    let mut made: Vec<TableInfo> = Vec::new();
    for _ in 0..3 {
        match create_from(&mut lobby, "war", Vec::new()).await {
            ServerMessage::Created { table } => made.push(table),
            other => panic!("expected created, got {other:?}"),
        }
    }
    let ServerMessage::Error { code, .. } = create_from(&mut lobby, "war", Vec::new()).await else {
        panic!("a fourth table in a minute was made")
    };
    assert_eq!(code, "too_fast");
    // A page of the list, and how many there are.
    let (head, body) = http(&running, "/api/tables?offset=1&limit=1").await;
    assert!(
        head.to_ascii_lowercase().contains("x-total-count: 3"),
        "{head}"
    );
    let page: Vec<TableInfo> = serde_json::from_str(&body).unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].id, made[1].id);

    // Table 1 is played and left; table 2 is watched; table 3 is left as made.
    let (mut a, _) = join(&running, &made[0].id, &made[0].seats[0].player, "Ann").await;
    let text = a_legal_move(&made[0], &[]);
    a.send(&ClientMessage::Move {
        text: text.clone(),
        ply: Some(0),
    })
    .await
    .unwrap();
    event(&mut a, 2).await;
    a.close().await;
    let mut watcher = Client::connect(&url(&running, &made[1].id)).await.unwrap();
    ping(&mut watcher).await;
    sweep_down_to(&running, 1).await;
    let (tables, total) = running.server.list(0, 10).await;
    assert_eq!(total, 1, "{tables:?}");
    assert_eq!(tables[0].id, made[1].id, "the watched table stays");
    // The closed game is still there to download, with its move.
    let scene = http_get(&running, &format!("/{}/scene.ron", made[0].id)).await;
    assert!(scene.contains(&text), "{scene}");
    let page = http_get(&running, &format!("/{}", made[0].id)).await;
    assert!(page.contains("closed"), "{page}");
    drop(watcher);
    running.stop();

    // Closed tables are not read back at start, and their names are not given again.
    config.limits.tables_per_minute = 10.0;
    let running = start(config).await.unwrap();
    let (tables, _) = running.server.list(0, 10).await;
    assert!(
        tables
            .iter()
            .all(|t| t.id != made[0].id && t.id != made[2].id)
    );
    let scene = http_get(&running, &format!("/{}/scene.ron", made[0].id)).await;
    assert!(scene.contains(&text));
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    let ServerMessage::Created { table } = create_from(&mut lobby, "war", Vec::new()).await else {
        panic!("expected created")
    };
    assert_eq!(table.id, "t4");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_on_a_clock_do_not_keep_a_table_open() {
    // Computers always move in time, so their clock ends no wait: nobody at the table,
    // it closes as abandoned while they play.
    let db = db_file("computers-clock");
    let mut config = config(&format!("sqlite:{}", db.display()));
    config.pace = Duration::from_millis(200);
    config.limits.abandon_after = Duration::from_millis(300);
    let running = start(config).await.unwrap();
    let made = create(&running, "camelot", "(clock: 3600)", computers("easy")).await;
    sweep_down_to(&running, 0).await;
    let (tables, _) = running.server.list(0, 10).await;
    assert!(tables.is_empty(), "{} stays open", made.id);
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_has_few_tables_open_at_once() {
    let running = started("open-tables", |l| {
        l.tables_per_address = 2;
        l.tables_per_minute = 100.0;
        l.abandon_after = Duration::from_millis(300);
    })
    .await;
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    for _ in 0..2 {
        let made = create_from(&mut lobby, "war", Vec::new()).await;
        assert!(matches!(made, ServerMessage::Created { .. }), "{made:?}");
    }
    // Kept alive or not, a third is refused while both are open...
    let ServerMessage::Error { code, message, .. } =
        create_from(&mut lobby, "war", Vec::new()).await
    else {
        panic!("a third table was made")
    };
    assert_eq!(code, "too_many");
    assert!(message.contains("2 tables open"), "{message}");
    // ... and made once they are closed as abandoned.
    sweep_down_to(&running, 0).await;
    let made = create_from(&mut lobby, "war", Vec::new()).await;
    assert!(matches!(made, ServerMessage::Created { .. }), "{made:?}");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_waiting_for_a_player_outlives_the_abandon_time() {
    let running = started("waiting", |l| {
        l.abandon_after = Duration::from_millis(300);
        l.invitation_wait = Duration::from_millis(2500);
    })
    .await;
    // A game by correspondence: a day a move, both seats taken, both players gone.
    let by_post = create(&running, "camelot", "(clock: 86400)", Vec::new()).await;
    for seat in &by_post.seats {
        let (player, _) = join(&running, &by_post.id, &seat.player, &seat.player).await;
        player.close().await;
    }
    // A seat kept for a friend who has not come yet; and a table left as made.
    let invited = create(
        &running,
        "war",
        "",
        vec![SeatSpec::Open, SeatSpec::Reserved { name: "Bob".into() }],
    )
    .await;
    let plain = create(&running, "war", "", Vec::new()).await;
    let listed = || async {
        let (tables, _) = running.server.list(0, 10).await;
        tables.into_iter().map(|t| t.id).collect::<Vec<_>>()
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while listed().await.contains(&plain.id) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(listed().await, [by_post.id.clone(), invited.id.clone()]);
    // The invitation is waited for as long as `invitation_wait`; the clock until it ends
    // the wait (a day here).
    while listed().await.contains(&invited.id) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(listed().await, std::slice::from_ref(&by_post.id));
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_tables_are_few_per_address_and_share_the_searches() {
    let running = started("computers", |l| {
        l.computer_tables = 2;
        l.searches = 1;
    })
    .await;
    let mut lobby = Client::connect(&url(&running, "")).await.unwrap();
    for _ in 0..2 {
        let answer = create_from(&mut lobby, "camelot", computers("hard")).await;
        assert!(
            matches!(answer, ServerMessage::Created { .. }),
            "{answer:?}"
        );
    }
    let answer = create_from(&mut lobby, "camelot", computers("hard")).await;
    let ServerMessage::Error { code, .. } = answer else {
        panic!("a third table of computers was made: {answer:?}")
    };
    assert_eq!(code, "too_many");

    // Two players meanwhile: each move comes back at once, not after a search.
    let info = create(&running, "war", "", Vec::new()).await;
    let (mut first, _) = join(&running, &info.id, &info.seats[0].player, "Ann").await;
    let (mut second, _) = join(&running, &info.id, &info.seats[1].player, "Bob").await;
    let mut moves = Vec::new();
    let mut slowest = Duration::ZERO;
    for i in 0..10 {
        let text = a_legal_move(&info, &moves);
        let mover = if i % 2 == 0 { &mut first } else { &mut second };
        let sent = Instant::now();
        mover
            .send(&ClientMessage::Move {
                text: text.clone(),
                ply: Some(i),
            })
            .await
            .unwrap();
        event(mover, 3 + i as u64).await;
        slowest = slowest.max(sent.elapsed());
        moves.push(text);
    }
    let stats = running.server.stats().await;
    assert_eq!(stats.most_searching, 1, "{stats:?}");
    assert!(slowest < Duration::from_secs(1), "a move took {slowest:?}");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_other_sites_may_not_open_a_websocket() {
    let db = db_file("origin");
    let mut config = config(&format!("sqlite:{}", db.display()));
    config.allow_origins = vec!["https://friend.example".into()];
    let running = start(config).await.unwrap();
    let (_, head) = handshake(&running, "", "Origin: http://evil.example\r\n").await;
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
    let own = format!("Origin: http://{}\r\n", running.addr);
    let (_, head) = handshake(&running, "", &own).await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    let (_, head) = handshake(&running, "", "Origin: https://friend.example\r\n").await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    // Programs other than browsers send no Origin.
    let (_, head) = handshake(&running, "", "").await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    running.stop();
}
