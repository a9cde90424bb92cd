//! The audience's page in a real browser (Debian's Chromium, headless): a table is made,
//! a move is played through the protocol, and the page, loaded afterwards and kept open
//! while another move is played, shows the board, both moves and whose turn it is.
//!
//! Without Chromium installed the test says so and passes, unless
//! `TABULA_REQUIRE_BROWSER=1` (as CI sets, after installing it).

mod browser;
mod common;

use browser::{Browser, chromium, fresh_folder};
use common::config;
use std::time::Duration;
use tabula_ai::games::AnyGame;
use tabula_ai::with_game;
use tabula_rules::Game;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, SeatSpec, ServerMessage};
use tabula_server::{Config, start};

const WAIT: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_the_moves_played_through_the_protocol() {
    let Some(bin) = chromium() else {
        return;
    };
    let dir = fresh_folder("page-test");
    let running = start(config(&format!(
        "sqlite:{}",
        dir.join("tables.db").display()
    )))
    .await
    .unwrap();
    let base = format!("ws://{}/", running.addr);
    let mut lobby = Client::connect(&base).await.unwrap();
    lobby
        .send(&ClientMessage::Create {
            game: "camelot".into(),
            options: String::new(),
            setup: None,
            seats: Vec::new(),
        })
        .await
        .unwrap();
    let ServerMessage::Created { table } = lobby.recv(WAIT).await.unwrap() else {
        panic!("expected created")
    };
    let mut players = Vec::new();
    for seat in &table.seats {
        let mut c = Client::connect(&format!("{base}{}", table.id))
            .await
            .unwrap();
        c.send(&ClientMessage::Join {
            seat: Some(seat.player.clone()),
            name: Some(format!("{} player", seat.player)),
            token: None,
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
        c.recv_until(WAIT, |m| matches!(m, ServerMessage::Joined { .. }))
            .await
            .unwrap();
        players.push(c);
    }
    let mut game = AnyGame::new(tabula_rules::scene::GameKind::Camelot, "", None).unwrap();
    let play = |game: &mut AnyGame| {
        with_game!(game, g, _k => {
            let mv = g.legal_moves().into_iter().next().unwrap();
            let text = g.move_text(&mv);
            g.play(&mv).unwrap();
            text
        })
    };
    let first = play(&mut game);
    players[0]
        .send(&ClientMessage::Move {
            text: first.clone(),
            ply: Some(0),
        })
        .await
        .unwrap();
    players[0]
        .recv_until(WAIT, |m| matches!(m, ServerMessage::Event { .. }))
        .await
        .unwrap();

    // The page, opened now in a browser driven over its debugging protocol; a second move
    // is played while it is open, and must appear without reloading.
    let url = format!("http://{}/{}", running.addr, table.id);
    let second = play(&mut game);
    let mut b = Browser::launch(&bin, &dir.join("profile")).await;
    let page = b.open(&url).await;
    b.size(&page, false).await;
    let moves = "document.getElementById('moves').innerText";
    let shows = |expression: &str, wanted: &str| {
        format!("({expression}).includes({})", serde_json::json!(wanted))
    };
    b.wait_for(&page, &shows(moves, &first), "the first move listed")
        .await;
    assert_eq!(b.eval(&page, &shows(moves, &second)).await, false);
    players[1]
        .send(&ClientMessage::Move {
            text: second.clone(),
            ply: Some(1),
        })
        .await
        .unwrap();
    b.wait_for(&page, &shows(moves, &second), "the second move listed")
        .await;
    let to_move = game.to_move_name();
    b.wait_for(
        &page,
        &shows(
            "document.getElementById('status').innerText",
            &format!("{to_move} to move (move 3)"),
        ),
        "whose turn it is",
    )
    .await;
    let pieces = b
        .eval(
            &page,
            "document.querySelectorAll('#board svg .piece').length",
        )
        .await;
    assert!(pieces.as_u64().unwrap() > 0, "no pieces drawn: {pieces}");
    assert_eq!(
        b.eval(&page, "document.getElementById('connection').innerText")
            .await,
        "live"
    );

    // A picture of it, to look at (kept in the temporary folder).
    let shot = dir.join("page.png");
    b.screenshot(&page, &shot).await;
    eprintln!("page screenshot: {}", shot.display());

    // The list of tables shows it.
    let lobby = b.open(&format!("http://{}/", running.addr)).await;
    let listed = format!(
        "document.querySelector('a[href=\"/{}\"]') !== null && document.body.innerText.includes('Camelot')",
        table.id
    );
    b.wait_for(&lobby, &listed, "the table in the list of tables")
        .await;
    running.stop();
}

/// A page kept open at a table that closes meanwhile (as a sleeping phone's page finds its
/// table on waking) shows the closed page, not "reconnecting" for ever; before that, it
/// shows the creator the invitation link of the seat still kept for a friend, and a seat
/// taken there is given up again; and the lobby's "My games" lists the table as closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_keeps_the_friends_link_and_says_when_its_table_closed() {
    let Some(bin) = chromium() else {
        return;
    };
    let dir = fresh_folder("page-closed");
    let config = config(&format!("sqlite:{}", dir.join("tables.db").display()));
    let running = start(config.clone()).await.unwrap();
    let addr = running.addr;
    let mut lobby = Client::connect(&format!("ws://{addr}/")).await.unwrap();
    lobby
        .send(&ClientMessage::Create {
            game: "camelot".into(),
            options: String::new(),
            setup: None,
            seats: vec![SeatSpec::Open, SeatSpec::Reserved { name: "Bob".into() }],
        })
        .await
        .unwrap();
    let ServerMessage::Created { table } = lobby.recv(WAIT).await.unwrap() else {
        panic!("expected created")
    };
    let friend = &table.seats[1];
    let code = friend.invite.clone().expect("the friend's invitation code");

    // What the lobby keeps of the table it made: the friend's code.
    let mut b = Browser::launch(&bin, &dir.join("profile")).await;
    let page = b.open(&format!("http://{addr}/")).await;
    let kept = serde_json::json!({ table.id.clone(): { friend.player.clone(): code.clone() } });
    let keep = |key: &str, value: serde_json::Value| {
        format!(
            "localStorage.setItem('{key}', {}); true",
            serde_json::json!(value.to_string())
        )
    };
    b.wait_for(
        &page,
        "location.protocol === 'http:' && document.readyState === 'complete'",
        "the lobby",
    )
    .await;
    b.eval(&page, &keep("tabula.invites", kept)).await;
    b.navigate(&page, &format!("http://{addr}/{}", table.id))
        .await;
    let link = b
        .wait_for(
            &page,
            "(document.querySelector('#seats [data-link]') || {}).value",
            "the friend's invitation link",
        )
        .await;
    assert!(
        link.as_str()
            .unwrap()
            .ends_with(&format!("/{}?invite={code}", table.id)),
        "{link}"
    );

    // A seat taken there by mistake is given up again, and is open to anybody.
    b.eval(
        &page,
        "document.querySelector('button[data-sit]').click(); true",
    )
    .await;
    b.wait_for(
        &page,
        "mine && !document.getElementById('leave').hidden",
        "the seat taken, with a way to give it up",
    )
    .await;
    b.eval(
        &page,
        "window.confirm = () => true; document.getElementById('leave').click(); true",
    )
    .await;
    b.wait_for(
        &page,
        "mine === null && document.querySelector('button[data-sit]') !== null && !localStorage.getItem('tabula.seats').includes('token')",
        "the seat given up and open again",
    )
    .await;

    // The table closes while the page is away (the server goes down, and comes back with
    // the table closed): the page shows the closed page, its game to download.
    running
        .server
        .store()
        .close_table(&table.id, tabula_server::clock::now_ms())
        .await
        .unwrap();
    running.stop();
    let running = start(Config {
        listen: addr,
        ..config
    })
    .await
    .unwrap();
    b.wait_for(
        &page,
        &format!(
            "document.body.innerText.includes('Table {} is closed')",
            table.id
        ),
        "the closed page",
    )
    .await;

    // The lobby lists a table this browser held a seat at among "My games", as closed.
    let seat =
        serde_json::json!({ table.id.clone(): { "seat": table.seats[0].player, "token": "kept" } });
    b.eval(&page, &keep("tabula.seats", seat)).await;
    b.navigate(&page, &format!("http://{addr}/")).await;
    b.wait_for(
        &page,
        "(document.getElementById('mygames') || {innerText: ''}).innerText.includes('closed')",
        "the closed table in My games",
    )
    .await;
    running.stop();
}
