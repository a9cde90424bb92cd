//! A headless Chromium driven over its DevTools protocol (one WebSocket to the browser,
//! a session per page): pages in separate browser contexts (each its own storage, as two
//! people's browsers), JavaScript evaluated, real mouse clicks and touch taps at a point,
//! the viewport of a desk or a phone, and screenshots.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long one answer of the browser may take.
const ANSWER: Duration = Duration::from_secs(30);

/// Debian's Chromium, where installed. Without it a page test says so and passes, unless
/// `TABULA_REQUIRE_BROWSER` is set (as CI sets, after installing it): then it fails.
pub fn chromium() -> Option<PathBuf> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    if found.is_none() {
        assert!(
            std::env::var("TABULA_REQUIRE_BROWSER").is_err(),
            "TABULA_REQUIRE_BROWSER is set but Chromium is not installed (apt-get install chromium)"
        );
        eprintln!("Chromium is not installed: the page is not tested here");
    }
    found
}

/// An empty folder of its own for a page test, named `tabula-NAME-PID` in the temporary
/// folder: the browser's profile, the screenshots and the server's database go in it.
pub fn fresh_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A running browser and the socket to it; the process goes when this is dropped.
pub struct Browser {
    child: Child,
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    next_id: u64,
}

/// A page: its target and the session attached to it.
#[derive(Debug, Clone)]
pub struct Tab {
    pub target: String,
    pub session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts headless Chromium with a fresh profile in `profile` (no sandbox: CI runs as
    /// root; none of its own network traffic) and connects to it.
    pub async fn launch(bin: &Path, profile: &Path) -> Browser {
        let port = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap().port()
        };
        let mut child = Command::new(bin)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-address=127.0.0.1",
                "--remote-allow-origins=*",
                "about:blank",
            ])
            .arg(format!("--remote-debugging-port={port}"))
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        for _ in 0..200 {
            if let Some(text) = http_get(port, "/json/version").await {
                let version: Value = serde_json::from_str(&text).unwrap();
                let ws = version["webSocketDebuggerUrl"]
                    .as_str()
                    .expect("a debugger address")
                    .replace("//localhost:", "//127.0.0.1:");
                let (socket, _) = tokio_tungstenite::connect_async(&ws)
                    .await
                    .unwrap_or_else(|e| panic!("{ws}: {e}"));
                return Browser {
                    child,
                    socket,
                    next_id: 1,
                };
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("the browser's debugging port {port} did not answer");
    }

    /// Sends a command (to a page's session, or to the browser) and waits for its answer.
    pub async fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut request = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            request["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::Text(request.to_string().into()))
            .await
            .unwrap();
        let deadline = tokio::time::Instant::now() + ANSWER;
        loop {
            let message = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("the browser did not answer {method}"))
                .expect("the browser stays")
                .unwrap();
            let Ok(text) = message.into_text() else {
                continue;
            };
            let value: Value = serde_json::from_str(text.as_str()).unwrap();
            if value["id"] == id {
                assert!(value.get("error").is_none(), "{method}: {}", value["error"]);
                return value["result"].clone();
            }
        }
    }

    /// A new page at `url` in a browser context of its own (its own storage).
    pub async fn open(&mut self, url: &str) -> Tab {
        let context = self
            .call(None, "Target.createBrowserContext", json!({}))
            .await["browserContextId"]
            .clone();
        let target = self
            .call(
                None,
                "Target.createTarget",
                json!({"url": url, "browserContextId": context}),
            )
            .await["targetId"]
            .as_str()
            .unwrap()
            .to_string();
        let session = self
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target, "flatten": true}),
            )
            .await["sessionId"]
            .as_str()
            .unwrap()
            .to_string();
        Tab { target, session }
    }

    /// The value of a JavaScript expression in `tab` (promises awaited), as JSON.
    pub async fn eval(&mut self, tab: &Tab, expression: &str) -> Value {
        match self.try_eval(tab, expression).await {
            Ok(value) => value,
            Err(exception) => panic!("{expression}: {exception}"),
        }
    }

    /// The value of `expression` in `tab`, or the exception it threw.
    async fn try_eval(&mut self, tab: &Tab, expression: &str) -> Result<Value, Value> {
        let result = self
            .call(
                Some(&tab.session),
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
            )
            .await;
        match result.get("exceptionDetails") {
            Some(exception) => Err(exception.clone()),
            None => Ok(result["result"]["value"].clone()),
        }
    }

    /// Waits until `expression` is truthy in `tab`; returns its value. An exception counts as
    /// not yet, since a page that is loading (or reloading) has no body or elements yet.
    pub async fn wait_for(&mut self, tab: &Tab, expression: &str, what: &str) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let value = self.try_eval(tab, expression).await;
            let truthy = value.as_ref().is_ok_and(|value| {
                !matches!(value, Value::Null | Value::Bool(false))
                    && *value != json!("")
                    && *value != json!(0)
            });
            if truthy {
                return value.unwrap();
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited in vain for {what} ({expression} is {value:?})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Goes to `url` in `tab`.
    pub async fn navigate(&mut self, tab: &Tab, url: &str) {
        self.call(Some(&tab.session), "Page.navigate", json!({"url": url}))
            .await;
    }

    /// Loads `tab`'s page again.
    pub async fn reload(&mut self, tab: &Tab) {
        self.call(Some(&tab.session), "Page.reload", json!({}))
            .await;
    }

    /// A desk's window (`phone` false: 1280 x 800) or a phone held upright (390 x 844,
    /// touch).
    pub async fn size(&mut self, tab: &Tab, phone: bool) {
        let (width, height) = if phone { (390, 844) } else { (1280, 800) };
        self.call(
            Some(&tab.session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone}),
        )
        .await;
        self.call(
            Some(&tab.session),
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": phone, "maxTouchPoints": 5}),
        )
        .await;
    }

    /// A click of the mouse (`phone` false) or a tap of a finger at `(x, y)` of the
    /// viewport.
    pub async fn press(&mut self, tab: &Tab, (x, y): (f64, f64), phone: bool) {
        let session = Some(tab.session.as_str());
        if phone {
            for kind in ["touchStart", "touchEnd"] {
                let points = if kind == "touchEnd" {
                    json!([])
                } else {
                    json!([{"x": x, "y": y}])
                };
                self.call(
                    session,
                    "Input.dispatchTouchEvent",
                    json!({"type": kind, "touchPoints": points}),
                )
                .await;
            }
            return;
        }
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                session,
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    /// A picture of the viewport as it stands, written to `path` (PNG).
    pub async fn screenshot(&mut self, tab: &Tab, path: &Path) {
        use base64_decode::decode;
        let shot = self
            .call(
                Some(&tab.session),
                "Page.captureScreenshot",
                json!({"format": "png"}),
            )
            .await;
        let data = decode(shot["data"].as_str().expect("a picture"));
        std::fs::write(path, data).expect("the picture written");
    }
}

/// Base64 read back (the screenshots come as text); no crate needed for it.
mod base64_decode {
    pub fn decode(text: &str) -> Vec<u8> {
        let value = |c: u8| match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        };
        let mut out = Vec::with_capacity(text.len() * 3 / 4);
        let (mut acc, mut bits) = (0u32, 0);
        for v in text.bytes().filter_map(value) {
            acc = (acc << 6) | u32::from(v);
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                out.push((acc >> bits) as u8);
                acc &= (1 << bits) - 1;
            }
        }
        out
    }
}

/// A plain HTTP GET on loopback; the body, if it answered 200 within a few seconds.
pub async fn http_get(port: u16, path: &str) -> Option<String> {
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
            let Some((head, body)) = text.split_once("\r\n\r\n") else {
                continue;
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
