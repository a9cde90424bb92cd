//! The connection to a table on a Tabula server: a thread of its own holds it (the
//! server's protocol, docs/protocol.md): it takes the seat (or watches), gets the table as a
//! scene to start from, and then passes on what the server says; when the connection is
//! lost it comes back by itself with the seat's token and catches up from the last event it
//! had. Over `wss://` the server's certificate is checked (the public roots, or `--ca`); a
//! page's invitation link (`https://HOST:PORT/TABLE?invite=CODE`) takes the seat it was
//! made for.

use bevy::prelude::*;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabula_server::client::{Client, ClientError, Trust};
use tabula_server::protocol::{ClientMessage, ServerMessage, TableInfo};

/// How long the first connection may take.
const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// What the connection's thread tells the table.
#[derive(Debug)]
pub(super) enum News {
    /// A message from the server.
    Message(Box<ServerMessage>),
    /// The connection broke; the thread is trying again.
    Lost(String),
    /// The connection is back, and the seat with it.
    Back,
}

/// The link to a table on a server.
#[derive(Resource, Clone)]
pub struct Remote {
    /// The table's address.
    pub url: String,
    /// The seat held at this screen (none: watching).
    pub seat: Option<String>,
    pub(super) outgoing: tokio::sync::mpsc::UnboundedSender<ClientMessage>,
    pub(super) news: Arc<Mutex<Receiver<News>>>,
}

impl std::fmt::Debug for Remote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Remote")
            .field("url", &self.url)
            .field("seat", &self.seat)
            .finish()
    }
}

/// A table joined or watched: the link, where the table stands, and the game so far as a
/// scene.
#[derive(Debug)]
pub(crate) struct Joined {
    /// The link.
    pub remote: Remote,
    /// The table.
    pub table: TableInfo,
    /// The game so far, as a scene file's text.
    pub scene: String,
}

/// What the connection asks for first.
#[derive(Debug, Clone)]
enum Hello {
    /// A seat: by its player or the first open one, under a name (none: the name an
    /// invitation's seat was kept for), with an invitation code if one was given.
    Join {
        seat: Option<String>,
        name: Option<String>,
        invite: Option<String>,
    },
    Watch,
}

/// A server's or a table's address as given: `ws://` or `wss://`, or a page's link
/// (`http://`, `https://`), which may carry an invitation (`?invite=CODE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Address {
    /// The WebSocket address: `ws://HOST:PORT/TABLE` (or `/` for the server's own).
    pub url: String,
    /// The invitation code of the link, if any.
    pub invite: Option<String>,
}

/// Reads an address: `ws://`, `wss://`, `http://` (as `ws://`) or `https://` (as
/// `wss://`), then `HOST:PORT`, then `/TABLE` or nothing, then `?invite=CODE` or nothing.
pub(crate) fn address(given: &str) -> Result<Address, String> {
    let shape = || {
        format!(
            "{given}: give the table's address as ws://HOST:PORT/TABLE (wss:// over TLS), or its invitation link http(s)://HOST:PORT/TABLE?invite=CODE"
        )
    };
    let given = given.trim();
    let (scheme, rest) = given.split_once("://").ok_or_else(shape)?;
    let scheme = match scheme.to_ascii_lowercase().as_str() {
        "ws" | "http" => "ws",
        "wss" | "https" => "wss",
        _ => return Err(shape()),
    };
    let rest = rest.split('#').next().unwrap_or_default();
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let mut invite = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        if let Some(code) = pair.strip_prefix("invite=") {
            if code.is_empty() || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(format!(
                    "{given}: the invitation code `{code}` is not one a server gives (letters and digits)"
                ));
            }
            invite = Some(code.to_string());
        }
    }
    let (host, table) = path.split_once('/').unwrap_or((path, ""));
    let table = table.trim_end_matches('/');
    if host.is_empty() || table.contains('/') {
        return Err(shape());
    }
    if invite.is_some() && table.is_empty() {
        return Err(format!(
            "{given}: an invitation is for a table: give its link, http(s)://HOST:PORT/TABLE?invite=CODE"
        ));
    }
    Ok(Address {
        url: format!("{scheme}://{host}/{table}"),
        invite,
    })
}

/// Whether `url` is a server's own address (`ws://HOST:PORT` or `ws://HOST:PORT/`, or the
/// same with wss, http or https), where tables are made, rather than a table's.
pub(crate) fn is_lobby(url: &str) -> bool {
    address(url).is_ok_and(|a| a.url.ends_with('/'))
}

/// What a connection trusts, with `--ca FILE` if given; the file named when it cannot be
/// read.
pub(crate) fn trust(ca: Option<&std::path::Path>) -> Result<Trust, String> {
    Trust::new(ca).map_err(|e| format!("--ca {e}"))
}

/// Makes a table on the server at `lobby` (`ws://HOST:PORT/`): the game by its command-line
/// name, its options in RON and its seats; returns the table's address.
pub(crate) fn create(
    lobby: &str,
    trust: &Trust,
    game: &str,
    options: &str,
    seats: Vec<tabula_server::protocol::SeatSpec>,
) -> Result<String, String> {
    let base = address(lobby)?.url;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the network: {e}"))?;
    let table = runtime.block_on(async {
        let mut client = tokio::time::timeout(CONNECT_WAIT, Client::connect_trusting(&base, trust))
            .await
            .map_err(|_| format!("{base}: no answer within {} s", CONNECT_WAIT.as_secs()))?
            .map_err(|e| e.to_string())?;
        client
            .send(&ClientMessage::Create {
                game: game.to_string(),
                options: options.to_string(),
                setup: None,
                seats,
            })
            .await
            .map_err(|e| e.to_string())?;
        let answer = client.recv(CONNECT_WAIT).await.map_err(|e| e.to_string());
        client.close().await;
        match answer? {
            ServerMessage::Created { table } => Ok(table),
            ServerMessage::Error { message, .. } => Err(format!("{base}: {message}")),
            other => Err(format!("{base}: unexpected answer {other:?}")),
        }
    })?;
    Ok(format!("{base}{}", table.id))
}

/// Checks a table's address (or invitation link): a table's, not the server's own.
pub(crate) fn check_url(url: &str) -> Result<(), String> {
    let found = address(url)?;
    if found.url.ends_with('/') {
        return Err(format!(
            "{url}: give the table's address as ws://HOST:PORT/TABLE (the table's name after the port)"
        ));
    }
    Ok(())
}

/// Sits at a seat of the table at `url` (the first open one, or `seat`) under `name`
/// ("Guest" if none); an invitation link takes the seat it was made for (under the name
/// it was kept for, if none given).
pub(crate) fn join(
    url: &str,
    trust: &Trust,
    seat: Option<&str>,
    name: Option<&str>,
) -> Result<Joined, String> {
    let found = address(url)?;
    let name = match (name, &found.invite) {
        (Some(name), _) => Some(name.to_string()),
        (None, Some(_)) => None,
        (None, None) => Some("Guest".to_string()),
    };
    connect(
        url,
        trust,
        Hello::Join {
            seat: seat.map(str::to_string),
            name,
            invite: found.invite,
        },
    )
}

/// Watches the table at `url`.
pub(crate) fn watch(url: &str, trust: &Trust) -> Result<Joined, String> {
    connect(url, trust, Hello::Watch)
}

fn connect(given: &str, trust: &Trust, hello: Hello) -> Result<Joined, String> {
    check_url(given)?;
    let url = address(given)?.url;
    let (first_tx, first_rx) = channel();
    let (news_tx, news_rx) = channel();
    let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel();
    let thread_url = url.clone();
    let trust = trust.clone();
    std::thread::Builder::new()
        .name("tabula-remote".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = first_tx.send(Err(format!("cannot start the network: {e}")));
                    return;
                }
            };
            runtime.block_on(connection(
                thread_url, trust, hello, first_tx, news_tx, out_rx,
            ));
        })
        .map_err(|e| format!("cannot start the network thread: {e}"))?;
    let (seat, table, scene) = first_rx
        .recv_timeout(CONNECT_WAIT + Duration::from_secs(2))
        .map_err(|_| format!("{url}: no answer within {} s", CONNECT_WAIT.as_secs()))??;
    Ok(Joined {
        remote: Remote {
            url,
            seat,
            outgoing: out_tx,
            news: Arc::new(Mutex::new(news_rx)),
        },
        table,
        scene,
    })
}

type First = Result<(Option<String>, TableInfo, String), String>;

/// Reads the answers to the first request: the seat (when joining), then the snapshot.
async fn first_answers(
    client: &mut Client,
    joining: bool,
) -> Result<(Option<(String, String)>, TableInfo, String), String> {
    let mut seat = None;
    loop {
        match client.recv(CONNECT_WAIT).await.map_err(|e| e.to_string())? {
            ServerMessage::Joined { seat: s, token } => seat = Some((s, token)),
            ServerMessage::Snapshot { table, scene, .. } => {
                if joining && seat.is_none() {
                    return Err("the server sent the table before the seat".into());
                }
                return Ok((seat, table, scene));
            }
            ServerMessage::Error { message, .. } => return Err(message),
            _ => {}
        }
    }
}

/// The connection's thread: the first connection, then messages both ways, and coming
/// back after a loss, until the table here is left.
async fn connection(
    url: String,
    trust: Trust,
    hello: Hello,
    first: Sender<First>,
    news: Sender<News>,
    mut outgoing: tokio::sync::mpsc::UnboundedReceiver<ClientMessage>,
) {
    let opened = tokio::time::timeout(CONNECT_WAIT, Client::connect_trusting(&url, &trust)).await;
    let mut client = match opened {
        Ok(Ok(c)) => c,
        Ok(Err(e)) => {
            let _ = first.send(Err(e.to_string()));
            return;
        }
        Err(_) => {
            let _ = first.send(Err(format!(
                "{url}: no answer within {} s",
                CONNECT_WAIT.as_secs()
            )));
            return;
        }
    };
    let request = match &hello {
        Hello::Join { seat, name, invite } => ClientMessage::Join {
            seat: seat.clone(),
            name: name.clone(),
            token: invite.clone(),
            since: 0,
            snapshot: true,
        },
        Hello::Watch => ClientMessage::Watch {
            since: 0,
            snapshot: true,
        },
    };
    let joining = matches!(hello, Hello::Join { .. });
    let answers = match client.send(&request).await {
        Ok(()) => first_answers(&mut client, joining).await,
        Err(e) => Err(e.to_string()),
    };
    let (held, table) = match answers {
        Ok((held, table, scene)) => {
            let _ = first.send(Ok((
                held.as_ref().map(|(s, _)| s.clone()),
                table.clone(),
                scene,
            )));
            (held, table)
        }
        Err(why) => {
            let _ = first.send(Err(format!("{url}: {why}")));
            return;
        }
    };
    let mut last = table.last;
    loop {
        // Messages both ways until the connection breaks or the table here is left.
        let why = loop {
            tokio::select! {
                incoming = client.recv(Duration::from_secs(20)) => match incoming {
                    Ok(message) => {
                        last = last.max(newest(&message));
                        if news.send(News::Message(Box::new(message))).is_err() {
                            client.close().await;
                            return;
                        }
                    }
                    // Quiet for a while: make sure the connection is still there.
                    Err(ClientError::Timeout { .. }) => {
                        if let Err(e) = client.send(&ClientMessage::Ping).await {
                            break e.to_string();
                        }
                    }
                    Err(e) => break e.to_string(),
                },
                request = outgoing.recv() => match request {
                    Some(request) => {
                        if let Err(e) = client.send(&request).await {
                            break e.to_string();
                        }
                    }
                    None => {
                        client.close().await;
                        return;
                    }
                },
            }
        };
        if news.send(News::Lost(why)).is_err() {
            return;
        }
        // Back again, with the seat's token, from the last event had.
        client = loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if outgoing.is_closed() {
                return;
            }
            let Ok(mut c) = Client::connect_trusting(&url, &trust).await else {
                continue;
            };
            let request = match &held {
                Some((seat, token)) => ClientMessage::Join {
                    seat: Some(seat.clone()),
                    name: None,
                    token: Some(token.clone()),
                    since: last,
                    snapshot: false,
                },
                None => ClientMessage::Watch {
                    since: last,
                    snapshot: false,
                },
            };
            if c.send(&request).await.is_ok() {
                break c;
            }
        };
        if news.send(News::Back).is_err() {
            return;
        }
    }
}

/// The number of the newest event a message carries (0 if none).
fn newest(message: &ServerMessage) -> u64 {
    match message {
        ServerMessage::Event { record, .. } => record.n,
        ServerMessage::Events { events } => events.last().map_or(0, |e| e.n),
        ServerMessage::Snapshot { table, .. } | ServerMessage::Welcome { table } => table.last,
        _ => 0,
    }
}
