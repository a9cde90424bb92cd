//! The WebSocket side of the server: one connection's session, which watches a table,
//! takes seats, moves through `Server::submit`, and catches up when it falls behind.

use super::listen::Origin;
use super::{Play, Server, TableHandle, Watching, refusal};
use crate::protocol::{ClientMessage, ServerMessage, parse_client};
use crate::secret::{digest, new_secret};
use crate::table::{Refusal, Table};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// One connection's state.
struct Connection {
    server: Arc<Server>,
    /// The table it came to, counted among its watchers.
    at: Option<Watching>,
    /// Where it comes from, for the quotas of an address.
    from: Origin,
    /// Seats this connection holds, with their tokens.
    held: Vec<(usize, String)>,
    events: Option<broadcast::Receiver<(u64, Utf8Bytes)>>,
    /// The newest event sent to the client.
    sent: u64,
    allowance: f64,
    checked: Instant,
    /// Messages are being dropped for coming too fast, and the client was told so once.
    throttled: bool,
    /// Messages dropped since the client was told.
    dropped: f64,
}

/// Why a session ends.
enum End {
    /// The peer went, or the server stops.
    Gone,
    /// Past a limit: answered with the error code, then closed with this close code and
    /// the reason.
    Close(u16, &'static str, String),
}

/// Serves one WebSocket connection until it closes, goes quiet past the idle limit, or the
/// server stops; a seat it held is marked away when it goes. `at`: the table it came to.
pub(crate) async fn connection(
    server: Arc<Server>,
    mut socket: WebSocket,
    at: Option<Watching>,
    from: Origin,
) {
    let limits = server.config.limits;
    let mut stopped = server.stopped.subscribe();
    if *stopped.borrow() {
        return;
    }
    let mut c = Connection {
        server,
        at,
        from,
        held: Vec::new(),
        events: None,
        sent: 0,
        allowance: limits.burst,
        checked: Instant::now(),
        throttled: false,
        dropped: 0.0,
    };
    let mut heard = Instant::now();
    let mut pings = tokio::time::interval_at(
        tokio::time::Instant::now() + limits.ping_every,
        limits.ping_every,
    );
    // One wait for the server to stop, kept across the loop's turns: made afresh at each
    // turn it would register with (and leave) a list shared by every connection each time.
    let stop = stopped.changed();
    tokio::pin!(stop);
    let end = loop {
        let replies = tokio::select! {
            _ = &mut stop => break End::Gone,
            _ = pings.tick() => {
                // A peer that answers nothing, not even a ping, is gone: its socket and
                // its seat's place are given back.
                if heard.elapsed() >= limits.idle_timeout {
                    break End::Gone;
                }
                if !send(&mut socket, Message::Ping(Default::default()), limits.idle_timeout).await {
                    break End::Gone;
                }
                Vec::new()
            }
            incoming = socket.recv() => {
                heard = Instant::now();
                // Told it is too fast, and going on far past its rate: a flood.
                if c.dropped > 4.0 * limits.burst {
                    let why = "messages far past the rate after being told: the connection is closed";
                    break End::Close(1008, "too_fast", why.into());
                }
                match incoming {
                    Some(Ok(Message::Text(text))) => c.receive(Some(text.as_str())).await,
                    Some(Ok(Message::Binary(_) | Message::Ping(_))) => c.receive(None).await,
                    // A pong answers nothing, but counts against the rate like any frame.
                    Some(Ok(Message::Pong(_))) => c.within_rate().err().unwrap_or_default(),
                    Some(Ok(Message::Close(_))) | None => break End::Gone,
                    Some(Err(e)) => match too_large(e) {
                        Some(why) => break End::Close(1009, "too_large", why),
                        None => break End::Gone,
                    },
                }
            }
            event = next_event(&mut c.events) => match event {
                Ok(first) => {
                    let Some(rx) = c.events.as_mut() else {
                        break End::Gone;
                    };
                    match forward(&mut socket, rx, first, &mut c.sent, limits.idle_timeout).await {
                        Forwarded::Sent(false) => Vec::new(),
                        Forwarded::Sent(true) => c.legal_if_held().await,
                        Forwarded::Lagged => {
                            let mut replies = c.catch_up(c.sent, false).await;
                            replies.extend(c.legal_if_held().await);
                            replies
                        }
                        Forwarded::Gone => break End::Gone,
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let mut replies = c.catch_up(c.sent, false).await;
                    replies.extend(c.legal_if_held().await);
                    replies
                }
                Err(broadcast::error::RecvError::Closed) => break End::Gone,
            },
        };
        if !send_all(&mut socket, replies, limits.idle_timeout).await {
            break End::Gone;
        }
    };
    if let End::Close(code, error, why) = end {
        let error = ServerMessage::error(error, why.clone(), None).to_json();
        let close = Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from(why.chars().take(120).collect::<String>()),
        }));
        let wait = Duration::from_secs(2);
        if send(&mut socket, Message::Text(error.into()), wait).await {
            send(&mut socket, close, wait).await;
        }
    }
    if let Some(Watching(handle)) = &c.at {
        let mut table = handle.table.lock().await;
        for (seat, token) in &c.held {
            if table.seat_of_token(token) == Some(*seat) {
                table.connect(*seat, -1);
            }
        }
        if !c.held.is_empty() {
            c.server.present(&table);
        }
    }
}

/// Why a read failed, when it was a message over the limit.
fn too_large(e: axum::Error) -> Option<String> {
    use tokio_tungstenite::tungstenite::Error;
    let inner = e.into_inner();
    match inner.downcast_ref::<Error>() {
        Some(Error::Capacity(why)) => Some(format!("{why}: the connection is closed")),
        _ => None,
    }
}

async fn next_event(
    events: &mut Option<broadcast::Receiver<(u64, Utf8Bytes)>>,
) -> Result<(u64, Utf8Bytes), broadcast::error::RecvError> {
    match events {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// What became of the events waiting on a connection's channel.
enum Forwarded {
    /// Written, all of them (true when there was one it had not been sent yet).
    Sent(bool),
    /// Those written were, and more were lost to the channel's bound: a catch-up is due.
    Lagged,
    /// The peer reads nothing, or the channel closed: the connection is to be dropped.
    Gone,
}

/// Writes the event just taken from the channel and every one already waiting behind it,
/// the same bytes for every watcher (no copy per connection), then flushes once: a
/// connection that fell behind catches up in one write instead of one per event. Events
/// already sent (numbered up to `sent`) are skipped. Waits at most `wait` in all for a
/// peer that reads nothing.
async fn forward(
    socket: &mut WebSocket,
    rx: &mut broadcast::Receiver<(u64, Utf8Bytes)>,
    first: (u64, Utf8Bytes),
    sent: &mut u64,
    wait: Duration,
) -> Forwarded {
    use broadcast::error::TryRecvError;
    use futures_util::SinkExt;
    let write = async {
        let mut next = Some(first);
        let mut fed = false;
        let outcome = loop {
            if let Some((n, text)) = next.take()
                && n > *sent
            {
                *sent = n;
                if socket.feed(Message::Text(text)).await.is_err() {
                    return Forwarded::Gone;
                }
                fed = true;
            }
            match rx.try_recv() {
                Ok(event) => next = Some(event),
                Err(TryRecvError::Empty) => break Forwarded::Sent(fed),
                Err(TryRecvError::Lagged(_)) => break Forwarded::Lagged,
                Err(TryRecvError::Closed) => break Forwarded::Gone,
            }
        };
        if fed && socket.flush().await.is_err() {
            return Forwarded::Gone;
        }
        outcome
    };
    tokio::time::timeout(wait, write)
        .await
        .unwrap_or(Forwarded::Gone)
}

/// Sends a message, waiting at most `wait` for a peer that reads nothing; false when the
/// connection is to be dropped.
async fn send(socket: &mut WebSocket, message: Message, wait: Duration) -> bool {
    matches!(
        tokio::time::timeout(wait, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn send_all(socket: &mut WebSocket, messages: Vec<String>, wait: Duration) -> bool {
    for m in messages {
        if !send(socket, Message::Text(m.into()), wait).await {
            return false;
        }
    }
    true
}

impl Connection {
    /// Counts one frame, of whatever kind, against the connection's rate: `Err` with what
    /// to answer when it is over (a warning the first time, then nothing while the client
    /// goes on too fast).
    fn within_rate(&mut self) -> Result<(), Vec<String>> {
        let limits = self.server.config.limits;
        let now = Instant::now();
        self.allowance = (self.allowance
            + now.duration_since(self.checked).as_secs_f64() * limits.rate)
            .min(limits.burst);
        self.checked = now;
        if self.allowance < 1.0 {
            if std::mem::replace(&mut self.throttled, true) {
                self.dropped += 1.0;
                return Err(Vec::new());
            }
            return Err(vec![
                ServerMessage::error(
                    "too_fast",
                    format!(
                        "at most {} messages a second; this one and those that follow it \
                         too soon are dropped",
                        limits.rate
                    ),
                    None,
                )
                .to_json(),
            ]);
        }
        self.allowance -= 1.0;
        self.throttled = false;
        self.dropped = 0.0;
        Ok(())
    }

    /// Takes one message from the client (`None`: a binary frame or a ping, which count
    /// towards the rate as much as text does); returns the replies, as JSON texts. Past
    /// the rate, messages are dropped, and the client is told so once until one is taken.
    async fn receive(&mut self, text: Option<&str>) -> Vec<String> {
        if let Err(replies) = self.within_rate() {
            return replies;
        }
        let Some(text) = text else {
            return vec![
                ServerMessage::error("malformed", "send JSON in text frames", None).to_json(),
            ];
        };
        let message = match parse_client(text) {
            Ok(m) => m,
            Err(why) => return vec![ServerMessage::error("malformed", why, None).to_json()],
        };
        let kind = message.kind();
        match self.handle(message).await {
            Ok(replies) => replies,
            Err(e) => vec![ServerMessage::error(e.code, e.message, Some(kind)).to_json()],
        }
    }

    fn handle_of(&self) -> Option<Arc<TableHandle>> {
        self.at.as_ref().map(|w| w.0.clone())
    }

    fn table(&self) -> Result<Arc<TableHandle>, Refusal> {
        self.handle_of().ok_or_else(|| {
            refusal(
                "unknown_table",
                "this connection is not at a table: connect to ws://HOST:PORT/TABLE",
            )
        })
    }

    async fn handle(&mut self, message: ClientMessage) -> Result<Vec<String>, Refusal> {
        match message {
            ClientMessage::Ping => Ok(vec![ServerMessage::Pong.to_json()]),
            ClientMessage::List { offset, limit } => {
                let (offset, limit) = super::routes::Page::bounds(offset, limit);
                let (tables, total) = self.server.list(offset, limit).await;
                Ok(vec![ServerMessage::Tables { tables, total }.to_json()])
            }
            ClientMessage::Create {
                game,
                options,
                setup,
                seats,
            } => {
                let table = self
                    .server
                    .create(self.from, &game, &options, setup.as_deref(), &seats)
                    .await?;
                Ok(vec![ServerMessage::Created { table }.to_json()])
            }
            ClientMessage::Watch { since, snapshot } => Ok(self.watch(since, snapshot).await),
            ClientMessage::Join {
                seat,
                name,
                token,
                since,
                snapshot,
            } => self.join(seat, name, token, since, snapshot).await,
            ClientMessage::Leave { seat } => {
                let handle = self.table()?;
                let mut table = handle.table.lock().await;
                let index = table
                    .seat_index(&seat)
                    .ok_or_else(|| refusal("bad_request", format!("no seat {seat:?}")))?;
                let held = self
                    .held
                    .iter()
                    .position(|(s, t)| *s == index && table.seat_of_token(t) == Some(index));
                let Some(held) = held else {
                    return Err(refusal("not_your_seat", format!("you do not hold {seat}")));
                };
                let change = table.prepare_leave(index)?;
                self.server
                    .quotas
                    .seat_change(self.from, &self.server.config.limits)?;
                handle.touch();
                self.server.commit(&handle, &mut table, change).await?;
                self.held.remove(held);
                Ok(vec![
                    ServerMessage::Left {
                        seat: table.seats()[index].player.clone(),
                    }
                    .to_json(),
                ])
            }
            ClientMessage::Move { text, ply } => {
                let (handle, seat) = self.seat_to_move(ply).await?;
                handle.touch();
                self.server
                    .submit(&handle, seat, Play::Move(&text, ply))
                    .await?;
                Ok(Vec::new())
            }
            ClientMessage::Chance { ply } => {
                let (handle, seat) = self.seat_to_move(ply).await?;
                handle.touch();
                self.server.submit(&handle, seat, Play::Chance(ply)).await?;
                Ok(Vec::new())
            }
            ClientMessage::Resign { seat } => {
                let (handle, seat) = self.seat_held(seat.as_deref()).await?;
                handle.touch();
                self.server.submit(&handle, seat, Play::Resign).await?;
                Ok(Vec::new())
            }
        }
    }

    /// A seat this connection holds: the one named, or its only one.
    async fn seat_held(&self, seat: Option<&str>) -> Result<(Arc<TableHandle>, usize), Refusal> {
        let handle = self.table()?;
        let table = handle.table.lock().await;
        let held: Vec<usize> = self
            .held
            .iter()
            .filter(|(s, t)| table.seat_of_token(t) == Some(*s))
            .map(|(s, _)| *s)
            .collect();
        let index = match seat {
            Some(name) => {
                let index = table
                    .seat_index(name)
                    .ok_or_else(|| refusal("bad_request", format!("no seat {name:?}")))?;
                if !held.contains(&index) {
                    return Err(refusal("not_your_seat", format!("you do not hold {name}")));
                }
                index
            }
            None => match held[..] {
                [index] => index,
                [] => {
                    return Err(refusal(
                        "not_your_seat",
                        "you hold no seat here: spectators cannot resign",
                    ));
                }
                _ => {
                    return Err(refusal(
                        "bad_request",
                        "you hold several seats: say which resigns",
                    ));
                }
            },
        };
        drop(table);
        Ok((handle, index))
    }

    /// The seat to move, if this connection holds it. A request for an older position
    /// (`ply`) is `stale` first of all: when two connections of one seat send the same move
    /// at once, the second is told that the position moved on, whoever is to move now.
    async fn seat_to_move(&self, ply: Option<usize>) -> Result<(Arc<TableHandle>, usize), Refusal> {
        let handle = self.table()?;
        let mut table = handle.table.lock().await;
        if ply.is_some_and(|ply| ply > table.ply()) {
            // Told of a move through another process, before this one heard of it.
            self.server.follow_if_shared(&handle, &mut table).await;
        }
        if let Some(ply) = ply
            && ply != table.ply()
            && !self.held.is_empty()
        {
            return Err(refusal(
                "stale",
                format!(
                    "the move was meant for the position after {ply} moves; {} have been played",
                    table.ply()
                ),
            ));
        }
        let Some(seat) = table.seat_to_move() else {
            return Err(refusal(
                "illegal",
                format!("the game is over: {}", table.result().unwrap_or_default()),
            ));
        };
        let holds = self
            .held
            .iter()
            .any(|(s, t)| *s == seat && table.seat_of_token(t) == Some(seat));
        if !holds {
            let who = &table.seats()[seat].player;
            return Err(if self.held.is_empty() {
                refusal(
                    "not_your_seat",
                    format!("it is {who}'s turn and you hold no seat here: spectators cannot move"),
                )
            } else {
                refusal(
                    "not_your_turn",
                    format!("it is {who}'s turn, and you do not hold {who}"),
                )
            });
        }
        drop(table);
        Ok((handle, seat))
    }

    /// Starts watching: the table as it stands, then what the client missed since `since`.
    async fn watch(&mut self, since: u64, snapshot: bool) -> Vec<String> {
        if self.events.is_some() {
            return self.catch_up(since, snapshot).await;
        }
        let Some(handle) = self.handle_of() else {
            return vec![
                ServerMessage::error(
                    "unknown_table",
                    "this connection is not at a table: connect to ws://HOST:PORT/TABLE",
                    Some("watch"),
                )
                .to_json(),
            ];
        };
        // Subscribing under the table's lock: every event after the catch-up comes on
        // the channel, none twice.
        let table = handle.table.lock().await;
        self.events = Some(handle.tx.subscribe());
        let replies = self.catch_up_locked(&table, since, snapshot);
        drop(table);
        replies
    }

    async fn catch_up(&mut self, since: u64, snapshot: bool) -> Vec<String> {
        let Some(handle) = self.handle_of() else {
            return Vec::new();
        };
        let table = handle.table.lock().await;
        // Events already waiting on the channel are skipped by their number.
        self.catch_up_locked(&table, since, snapshot)
    }

    fn catch_up_locked(&mut self, table: &Table, since: u64, snapshot: bool) -> Vec<String> {
        let info = table.info();
        let last = table.last();
        self.sent = last;
        let gap = self.server.config.limits.snapshot_gap;
        if snapshot || since > last || last - since > gap {
            return vec![
                ServerMessage::Snapshot {
                    table: info,
                    scene: table.scene_text(),
                    moves: table.moves().to_vec(),
                }
                .to_json(),
            ];
        }
        let events = table.events()[since as usize..].to_vec();
        vec![
            ServerMessage::Welcome { table: info }.to_json(),
            ServerMessage::Events { events }.to_json(),
        ]
    }

    async fn join(
        &mut self,
        seat: Option<String>,
        name: Option<String>,
        token: Option<String>,
        since: u64,
        snapshot: bool,
    ) -> Result<Vec<String>, Refusal> {
        let handle = self.table()?;
        let mut table = handle.table.lock().await;
        let (index, token) = match token {
            Some(token) => match table.seat_of_token(&token) {
                Some(index) => {
                    if let Some(seat) = &seat
                        && table.seat_index(seat) != Some(index)
                    {
                        return Err(refusal(
                            "not_your_seat",
                            format!(
                                "that token holds {}, not {seat}",
                                table.seats()[index].player
                            ),
                        ));
                    }
                    (index, token)
                }
                None => {
                    // An invitation code: the reserved seat it was made for.
                    let fresh = new_secret();
                    let Some((index, change)) =
                        table.prepare_invited(&token, name.as_deref(), digest(&fresh))?
                    else {
                        return Err(refusal(
                            "not_your_seat",
                            "that token holds no seat at this table and is no invitation code of it",
                        ));
                    };
                    if let Some(seat) = &seat
                        && table.seat_index(seat) != Some(index)
                    {
                        return Err(refusal(
                            "not_your_seat",
                            format!(
                                "that invitation is for {}, not {seat}",
                                table.seats()[index].player
                            ),
                        ));
                    }
                    self.server
                        .quotas
                        .seat_change(self.from, &self.server.config.limits)?;
                    handle.touch();
                    self.server.commit(&handle, &mut table, change).await?;
                    (index, fresh)
                }
            },
            None => {
                let name = name.unwrap_or_else(|| "Guest".to_string());
                let fresh = new_secret();
                let (index, change) = table.prepare_join(seat.as_deref(), &name, digest(&fresh))?;
                self.server
                    .quotas
                    .seat_change(self.from, &self.server.config.limits)?;
                handle.touch();
                self.server.commit(&handle, &mut table, change).await?;
                (index, fresh)
            }
        };
        if !self.held.iter().any(|(s, t)| *s == index && *t == token) {
            table.connect(index, 1);
            self.held.push((index, token.clone()));
            self.server.present(&table);
        }
        let mut replies = vec![
            ServerMessage::Joined {
                seat: table.seats()[index].player.clone(),
                token,
            }
            .to_json(),
        ];
        drop(table);
        replies.extend(self.watch(since, snapshot).await);
        replies.extend(self.legal_if_held().await);
        Ok(replies)
    }

    /// The `legal` message for the seat to move, when this connection holds it; nothing
    /// otherwise (a spectator, another seat's turn, the game over).
    async fn legal_if_held(&self) -> Vec<String> {
        if self.held.is_empty() {
            return Vec::new();
        }
        let Some(handle) = self.handle_of() else {
            return Vec::new();
        };
        let table = handle.table.lock().await;
        let Some(seat) = table.seat_to_move() else {
            return Vec::new();
        };
        let holds = self
            .held
            .iter()
            .any(|(s, t)| *s == seat && table.seat_of_token(t) == Some(seat));
        if !holds {
            return Vec::new();
        }
        crate::legal::legal(&table)
            .map(|m| m.to_json())
            .into_iter()
            .collect()
    }
}
