//! The audience's page in a real browser (Debian's Chromium, headless): a table is made,
//! a move is played through the protocol, and the page, loaded afterwards and kept open
//! while another move is played, shows the board, both moves and whose turn it is.
//!
//! Without Chromium installed the test says so and passes, unless
//! `TABULA_REQUIRE_BROWSER=1` (as CI sets, after installing it).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;
use tabula_ai::games::AnyGame;
use tabula_ai::with_game;
use tabula_rules::Game;
use tabula_server::client::Client;
use tabula_server::protocol::{ClientMessage, ServerMessage};
use tabula_server::{Config, start};

const WAIT: Duration = Duration::from_secs(20);

fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// Headless Chromium's flags for a closed machine: no sandbox (CI runs as root), no GPU,
/// none of its own network traffic, a fresh profile.
fn browser(bin: &PathBuf, profile: &std::path::Path) -> Command {
    let mut c = Command::new(bin);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .stdin(Stdio::null())
    .stderr(Stdio::null());
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_the_moves_played_through_the_protocol() {
    let Some(bin) = chromium() else {
        assert!(
            std::env::var("TABULA_REQUIRE_BROWSER").is_err(),
            "TABULA_REQUIRE_BROWSER is set but Chromium is not installed (apt-get install chromium)"
        );
        eprintln!("Chromium is not installed: the page is not tested here");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tabula-page-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let running = start(Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        db: format!("sqlite:{}", dir.join("tables.db").display()),
        pace: Duration::ZERO,
        ..Config::default()
    })
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
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let child = browser(&bin, &dir.join("profile-live"))
        .args([
            &format!("--remote-debugging-port={port}"),
            "--remote-debugging-address=127.0.0.1",
            "--remote-allow-origins=*",
            url.as_str(),
        ])
        .stdout(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let browser_process = Killed(child);
    let mut page = Page::open(port).await;
    let moves_text = "document.getElementById('moves').innerText";
    let listed = page.wait_for(moves_text, &first).await;
    assert!(!listed.contains(&second));
    players[1]
        .send(&ClientMessage::Move {
            text: second.clone(),
            ply: Some(1),
        })
        .await
        .unwrap();
    page.wait_for(moves_text, &second).await;
    let to_move = game.to_move_name();
    page.wait_for(
        "document.getElementById('status').innerText",
        &format!("{to_move} to move (move 3)"),
    )
    .await;
    let pieces = page
        .evaluate("String(document.querySelectorAll('#board svg .piece').length)")
        .await;
    assert!(
        pieces.parse::<usize>().unwrap() > 0,
        "no pieces drawn: {pieces}"
    );
    assert_eq!(
        page.evaluate("document.getElementById('connection').innerText")
            .await,
        "live"
    );
    drop(browser_process);

    // A picture of it, to look at (kept in the temporary folder).
    let shot = dir.join("page.png");
    let status = browser(&bin, &dir.join("profile-shot"))
        .args([
            "--virtual-time-budget=5000",
            "--window-size=1280,900",
            &format!("--screenshot={}", shot.display()),
            &url,
        ])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success() && shot.exists(), "no screenshot");
    eprintln!("page screenshot: {}", shot.display());

    // The list of tables shows it.
    let lobby_dom = {
        let out = browser(&bin, &dir.join("profile-lobby"))
            .args([
                "--virtual-time-budget=5000",
                "--dump-dom",
                &format!("http://{}/", running.addr),
            ])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    assert!(
        lobby_dom.contains(&format!("href=\"/{}\"", table.id)) && lobby_dom.contains("Camelot"),
        "the list of tables does not show the table:\n{lobby_dom}"
    );
    running.stop();
}

/// A browser that goes when the test ends, passed or not.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A page in the browser, read over Chromium's debugging protocol (a WebSocket).
struct Page {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    next_id: u64,
}

impl Page {
    /// The first page target of the browser listening on `port`.
    async fn open(port: u16) -> Page {
        for _ in 0..100 {
            if let Some(list) = http_get(port, "/json/list").await {
                let targets: serde_json::Value = serde_json::from_str(&list).unwrap();
                if let Some(ws) = targets.as_array().and_then(|a| {
                    a.iter()
                        .find(|t| t["type"] == "page")
                        .and_then(|t| t["webSocketDebuggerUrl"].as_str())
                }) {
                    // The browser names itself "localhost", which may resolve to ::1 first.
                    let ws = ws.replace("//localhost:", "//127.0.0.1:");
                    let (socket, _) = tokio_tungstenite::connect_async(&ws)
                        .await
                        .unwrap_or_else(|e| panic!("{ws}: {e}"));
                    return Page { socket, next_id: 1 };
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the browser's debugging port {port} did not answer");
    }

    /// The value of a JavaScript expression, as a string.
    async fn evaluate(&mut self, expression: &str) -> String {
        use futures_util::{SinkExt, StreamExt};
        let id = self.next_id;
        self.next_id += 1;
        let request = serde_json::json!({
            "id": id,
            "method": "Runtime.evaluate",
            "params": {"expression": expression, "returnByValue": true},
        });
        self.socket
            .send(tokio_tungstenite::tungstenite::Message::Text(
                request.to_string().into(),
            ))
            .await
            .unwrap();
        loop {
            let message = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("the browser answers")
                .expect("the browser stays")
                .unwrap();
            let Ok(text) = message.into_text() else {
                continue;
            };
            let value: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
            if value["id"] == id {
                let result = &value["result"]["result"]["value"];
                return result
                    .as_str()
                    .map_or_else(|| result.to_string(), str::to_string);
            }
        }
    }

    /// Waits until `expression` gives a text containing `wanted`; returns that text.
    async fn wait_for(&mut self, expression: &str, wanted: &str) -> String {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let text = self.evaluate(expression).await;
            if text.contains(wanted) {
                return text;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the page never showed {wanted:?}; it shows {text:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// A plain HTTP GET on loopback; the body, if it answered 200 within a few seconds.
async fn http_get(port: u16, path: &str) -> Option<String> {
    tokio::time::timeout(Duration::from_secs(5), async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .ok()?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
        stream.write_all(request.as_bytes()).await.ok()?;
        // The browser keeps the connection open: read the head, then Content-Length bytes.
        let mut data = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let n = stream.read(&mut buf).await.ok()?;
            if n == 0 {
                return None;
            }
            data.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&data).to_string();
            let (head, body) = match text.split_once("\r\n\r\n") {
                Some(parts) => parts,
                None => continue,
            };
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse().ok())?
                })
                .unwrap_or(0);
            if body.len() >= length {
                return head.starts_with("HTTP/1.1 200").then(|| body.to_string());
            }
        }
    })
    .await
    .ok()?
}
