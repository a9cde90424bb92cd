//! The server over TLS on loopback, with a certificate the test makes: players join over
//! wss and move, the page comes over https, a client that does not trust the certificate
//! refuses it and says why, a handshake that never ends is closed, the caps hold over TLS,
//! and certificate and key files that cannot serve are named.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tabula_server::client::{Client, ClientError, Trust};
use tabula_server::protocol::{ClientMessage, SeatSpec, ServerMessage};
use tabula_server::tls::server_config;
use tabula_server::{Limits, Running, start};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A self-signed certificate for 127.0.0.1 and localhost, and its key, as PEM files.
fn certificate(name: &str) -> (PathBuf, PathBuf) {
    certificate_for(name, &["127.0.0.1", "localhost"])
}

/// A self-signed certificate for `names`, and its key, as PEM files.
fn certificate_for(name: &str, names: &[&str]) -> (PathBuf, PathBuf) {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let made = rcgen::generate_simple_self_signed(names).expect("a certificate");
    let dir = std::env::temp_dir();
    let cert = dir.join(format!("tabula-tls-{}-{name}.crt", std::process::id()));
    let key = dir.join(format!("tabula-tls-{}-{name}.key", std::process::id()));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key)
}

async fn started(name: &str, cert: &Path, key: &Path, limits: impl FnOnce(&mut Limits)) -> Running {
    let db = db_file(&format!("tls-{name}"));
    let mut config = config(&format!("sqlite:{}", db.display()));
    config.tls = Some(server_config(cert, key).expect("the certificate serves"));
    limits(&mut config.limits);
    start(config).await.expect("the server starts")
}

fn wss(running: &Running, path: &str) -> String {
    format!("wss://{}/{path}", running.addr)
}

/// A TLS connection to the server trusting `trust`.
async fn tls_stream(
    running: &Running,
    trust: &Trust,
) -> std::io::Result<tokio_rustls::client::TlsStream<TcpStream>> {
    let tcp = TcpStream::connect(running.addr).await?;
    let name = rustls::pki_types::ServerName::IpAddress(running.addr.ip().into());
    tokio_rustls::TlsConnector::from(trust.config())
        .connect(name, tcp)
        .await
}

/// A GET over https: the whole answer.
async fn https_get(running: &Running, trust: &Trust, path: &str) -> String {
    let mut stream = tls_stream(running, trust).await.expect("a TLS connection");
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await
        .unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(WAIT, stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).to_string()
}

async fn join_over(url: &str, trust: &Trust, seat: &str, name: &str) -> Client {
    let mut client = Client::connect_trusting(url, trust).await.unwrap();
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
    match client.recv(WAIT).await.unwrap() {
        ServerMessage::Joined { seat: s, .. } => assert_eq!(s, seat),
        other => panic!("expected joined, got {other:?}"),
    }
    client
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_join_over_wss_and_the_page_comes_over_https() {
    let (cert, key) = certificate("play");
    let running = started("play", &cert, &key, |_| {}).await;
    let trust = Trust::new(Some(&cert)).expect("the certificate is trusted");

    let mut lobby = Client::connect_trusting(&wss(&running, ""), &trust)
        .await
        .expect("wss with the certificate trusted");
    lobby
        .send(&ClientMessage::Create {
            game: "war".into(),
            options: String::new(),
            setup: None,
            seats: vec![SeatSpec::Open, SeatSpec::Open],
        })
        .await
        .unwrap();
    let info = match lobby.recv(WAIT).await.unwrap() {
        ServerMessage::Created { table } => table,
        other => panic!("expected created, got {other:?}"),
    };
    let table = wss(&running, &info.id);
    let mut red = join_over(&table, &trust, "Red", "Ann").await;
    let mut blue = join_over(&table, &trust, "Blue", "Bob").await;
    let moves = alternate(&info, [&mut red, &mut blue], 2).await;
    // Blue's move reaches Red over wss too.
    let (record, _) = event(&mut red, 4).await;
    assert_eq!(record.n, 4);

    let page = https_get(&running, &trust, &format!("/{}", info.id)).await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<html"), "{page}");
    let scene = https_get(&running, &trust, &format!("/{}/scene.ron", info.id)).await;
    assert!(scene.contains(&moves[1]), "{scene}");

    // Plain http to a TLS server is no way in.
    let mut plain = TcpStream::connect(running.addr).await.unwrap();
    plain
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(WAIT, plain.read_to_end(&mut answer)).await;
    assert!(!String::from_utf8_lossy(&answer).contains("200 OK"));
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_trust_the_certificate_refuses_it_and_says_why() {
    let (cert, key) = certificate("untrusted");
    let running = started("untrusted", &cert, &key, |_| {}).await;
    let e = match Client::connect(&wss(&running, "")).await {
        Err(e) => e,
        Ok(_) => panic!("a self-signed certificate was trusted without --ca"),
    };
    assert!(matches!(e, ClientError::Untrusted { .. }), "{e:?}");
    let text = e.to_string();
    assert!(text.contains("certificate is not trusted"), "{text}");
    assert!(text.contains("--ca FILE"), "{text}");
    assert!(text.starts_with(&wss(&running, "")), "{text}");

    // Another self-signed certificate given with --ca does not make this one trusted.
    let (other, _) = certificate("other");
    let trust = Trust::new(Some(&other)).unwrap();
    let e = match Client::connect_trusting(&wss(&running, ""), &trust).await {
        Err(e) => e,
        Ok(_) => panic!("another certificate made this one trusted"),
    };
    assert!(matches!(e, ClientError::Untrusted { .. }), "{e:?}");
    running.stop();

    // A certificate trusted, but made for another name than the one connected to.
    let (cert, key) = certificate_for("elsewhere", &["example.org"]);
    let running = started("elsewhere", &cert, &key, |_| {}).await;
    let trust = Trust::new(Some(&cert)).unwrap();
    let e = match Client::connect_trusting(&wss(&running, ""), &trust).await {
        Err(e) => e.to_string(),
        Ok(_) => panic!("a certificate for another name was taken"),
    };
    assert!(e.contains("made for another name"), "{e}");
    assert!(!e.contains("--ca"), "{e}");
    running.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handshake_that_never_ends_is_closed_and_the_caps_hold_over_tls() {
    let (cert, key) = certificate("caps");
    let running = started("caps", &cert, &key, |l| {
        l.handshake = Duration::from_millis(300);
        l.max_per_address = 2;
    })
    .await;
    let trust = Trust::new(Some(&cert)).unwrap();
    // Nothing sent, and half a ClientHello: each closed past the deadline.
    let mut silent = TcpStream::connect(running.addr).await.unwrap();
    let mut half = TcpStream::connect(running.addr).await.unwrap();
    half.write_all(&[0x16, 0x03, 0x01, 0x02, 0x00, 0x01])
        .await
        .unwrap();
    for stream in [&mut silent, &mut half] {
        let mut buf = [0u8; 64];
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf)).await;
        assert!(
            matches!(read, Ok(Ok(0)) | Ok(Err(_))),
            "a handshake that never ends stays open"
        );
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(running.server.stats().await.connections, 0);

    // Two connections from this address at once; the third is told why, over TLS.
    let _a = tls_stream(&running, &trust).await.unwrap();
    let _b = tls_stream(&running, &trust).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let answer = https_get(&running, &trust, "/").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("too many connections"), "{answer}");
    running.stop();
}

#[test]
fn certificate_and_key_files_that_cannot_serve_are_named() {
    let (cert, key) = certificate("files");
    let (_, other_key) = certificate("files-other");
    let missing = std::env::temp_dir().join("tabula-tls-missing.pem");

    let e = server_config(&missing, &key).unwrap_err().to_string();
    assert!(e.starts_with(&missing.display().to_string()), "{e}");
    assert!(e.contains("cannot read it"), "{e}");

    // The key given as the certificate, and the certificate as the key.
    let e = server_config(&key, &key).unwrap_err().to_string();
    assert!(e.starts_with(&key.display().to_string()), "{e}");
    assert!(e.contains("no certificate in it"), "{e}");
    let e = server_config(&cert, &cert).unwrap_err().to_string();
    assert!(e.starts_with(&cert.display().to_string()), "{e}");
    assert!(e.contains("no private key in it"), "{e}");

    // A key that is not the certificate's.
    let e = server_config(&cert, &other_key).unwrap_err().to_string();
    assert!(e.contains(&cert.display().to_string()), "{e}");
    assert!(e.contains(&other_key.display().to_string()), "{e}");
    assert!(e.contains("not the certificate's"), "{e}");

    // --ca with a file that is no certificate.
    let e = Trust::new(Some(&key)).unwrap_err().to_string();
    assert!(e.starts_with(&key.display().to_string()), "{e}");
    assert!(server_config(&cert, &key).is_ok());
}
