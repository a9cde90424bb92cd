//! Behind a reverse proxy (`--trust-proxy ADDR`): the client's address in the proxy's
//! `X-Forwarded-For` is the one counted (tables made, WebSockets at once per address),
//! the proxy's own sockets only against the cap in all, and nobody else's header is read.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use tabula_server::{Running, start};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn started(name: &str, trust_proxy: Option<&str>) -> Running {
    let db = db_file(&format!("proxy-{name}"));
    let mut config = config(&format!("sqlite:{}", db.display()));
    config.trust_proxy = trust_proxy.map(|a| a.parse().unwrap());
    config.limits.tables_per_minute = 1.0;
    config.limits.max_per_address = 2;
    start(config).await.expect("the server starts")
}

/// A WebSocket to the lobby whose request says `X-Forwarded-For: forwarded`; the answer's
/// status when refused.
async fn socket(running: &Running, forwarded: &str) -> Result<Socket, u16> {
    let mut request = url(running, "").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => Err(answer.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

/// Makes a table of two open seats; the answer's type (`created`, or `error` and its code).
async fn create(running: &Running, forwarded: &str) -> String {
    let mut ws = socket(running, forwarded).await.expect("let in");
    let create = r#"{"type":"create","game":"war","seats":[{"kind":"open"},{"kind":"open"}]}"#;
    ws.send(Message::Text(create.into())).await.unwrap();
    let answer = loop {
        let next = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("an answer");
        if let Some(Ok(Message::Text(text))) = next {
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            break match value["type"].as_str() {
                Some("error") => format!("error {}", value["code"].as_str().unwrap_or("")),
                Some(other) => other.to_string(),
                None => panic!("{text}"),
            };
        }
    };
    // Closed, and gone from the server's count, before the next connection.
    let _ = ws.close(None).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while running.server.stats().await.connections > 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "a closed socket stays"
        );
        tokio::task::yield_now().await;
    }
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxys_clients_are_counted_by_their_own_addresses() {
    let running = started("trusted", Some("127.0.0.1")).await;
    assert_eq!(create(&running, "10.0.0.1").await, "created");
    // The same client again, whatever it wrote before the proxy's entry.
    assert_eq!(
        create(&running, "203.0.113.9, 10.0.0.1").await,
        "error too_fast"
    );
    // Another client through the same proxy has its own quota.
    assert_eq!(create(&running, "10.0.0.2").await, "created");

    // WebSockets at once: two for one client, the third refused; others still come in
    // through the proxy, which holds more sockets than one address may.
    let _a = socket(&running, "10.0.0.3").await.unwrap();
    let _b = socket(&running, "10.0.0.3").await.unwrap();
    assert_eq!(socket(&running, "10.0.0.3").await.err(), Some(429));
    let _c = socket(&running, "10.0.0.4").await.unwrap();
    let _d = socket(&running, "10.0.0.4").await.unwrap();
    drop(_a);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert!(socket(&running, "10.0.0.3").await.is_ok());
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_elses_forwarded_header_is_read() {
    // Trusting another address, or none: the header is the client's say, and ignored.
    for (name, trusted) in [("other", Some("127.0.0.9")), ("none", None)] {
        let running = started(name, trusted).await;
        assert_eq!(create(&running, "10.0.0.1").await, "created");
        assert_eq!(create(&running, "10.0.0.2").await, "error too_fast");
        let _a = socket(&running, "10.0.0.3").await.unwrap();
        let _b = socket(&running, "10.0.0.4").await.unwrap();
        assert_eq!(socket(&running, "10.0.0.5").await.err(), Some(429));
        running.stop();
    }
}
