//! The server: tables in memory behind their log in the database, WebSocket connections
//! that watch, sit and move, computer seats, and the audience's pages.
//!
//! Every move, whoever makes it (a remote player or a computer seat), goes through
//! [`Server::submit`]: checked by the rules crate under the table's lock, written to the
//! database, applied, and only then sent to everyone watching.
//!
//! This module holds the tables and that door, the computer seats, and starting and
//! stopping; `routes` answers HTTP (the pages, the board, the scene file, the list, the
//! upgrade to a WebSocket), and `connection` serves one WebSocket session.

mod connection;
mod routes;

pub use routes::router;

use crate::protocol::{ServerMessage, TableInfo};
use crate::secret::{digest, is_digest, new_secret};
use crate::store::{Store, StoreError, StoredTable};
use crate::table::{Change, Refusal, Table};
use axum::extract::ws::Utf8Bytes;
use axum::serve::ListenerExt;
use std::collections::BTreeMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tabula_ai::games::AnyGame;
use tabula_ai::{Action, with_game};
use tabula_rules::Game;
use tokio::sync::{Mutex, RwLock, broadcast};

/// Limits on what one connection may send.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The longest message read, in bytes; a longer one is refused (`too_large`).
    pub max_message: usize,
    /// The longest frame the connection takes at all; a longer one closes it.
    pub max_frame: usize,
    /// Messages a second, over time.
    pub rate: f64,
    /// Messages that may come at once.
    pub burst: f64,
    /// A client this many events behind gets a snapshot instead of the events.
    pub snapshot_gap: u64,
    /// Tables the server holds at most.
    pub max_tables: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message: 16 * 1024,
            max_frame: 1024 * 1024,
            rate: 20.0,
            burst: 40.0,
            snapshot_gap: 200,
            max_tables: 10_000,
        }
    }
}

/// How to run the server.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The database: `sqlite:FILE` or `postgres://...`.
    pub db: String,
    /// How long a computer seat waits at least before its move (so that an audience can
    /// follow a game between computers).
    pub pace: Duration,
    /// Limits on connections.
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 7878)),
            db: "sqlite:tabula-tables.db".into(),
            pace: Duration::from_millis(800),
            limits: Limits::default(),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored table that the rules no longer accept.
    #[error("table {table}: event {n} cannot be replayed: {why}")]
    Replay {
        /// The table.
        table: String,
        /// The event.
        n: usize,
        /// Why.
        why: String,
    },
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// The bytes read from a socket at once.
pub const READ_BUFFER: usize = 8 * 1024;

/// A table with its lock and the channel its events go out on.
pub struct TableHandle {
    table: Mutex<Table>,
    tx: broadcast::Sender<(u64, Utf8Bytes)>,
    thinking: StdMutex<Option<usize>>,
}

/// The server's state.
pub struct Server {
    store: Store,
    /// Set once the server stops: connections close, nothing more is accepted.
    stopped: tokio::sync::watch::Sender<bool>,
    tables: RwLock<BTreeMap<String, Arc<TableHandle>>>,
    next_id: AtomicU64,
    config: Config,
}

/// Who asks for a change.
#[derive(Debug, Clone, Copy)]
enum Play<'a> {
    Move(&'a str, Option<usize>),
    Chance(Option<usize>),
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Server {
    /// Opens the database and reads every table back (replaying each move through the
    /// rules).
    pub async fn open(config: Config) -> Result<Arc<Server>, ServeError> {
        let store = Store::open(&config.db).await?;
        let mut tables = BTreeMap::new();
        let mut next = 1;
        for stored in store.load().await? {
            let table = restore(&stored)?;
            if let Some(n) = stored
                .id
                .strip_prefix('t')
                .and_then(|n| n.parse::<u64>().ok())
            {
                next = next.max(n + 1);
            }
            tables.insert(stored.id.clone(), Arc::new(handle(table)));
        }
        let server = Arc::new(Server {
            store,
            stopped: tokio::sync::watch::channel(false).0,
            tables: RwLock::new(tables),
            next_id: AtomicU64::new(next),
            config,
        });
        for handle in server.tables.read().await.values() {
            server.maybe_think(handle.clone());
        }
        Ok(server)
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// A table by name.
    pub async fn table(&self, id: &str) -> Option<Arc<TableHandle>> {
        self.tables.read().await.get(id).cloned()
    }

    /// Every table as it stands.
    pub async fn list(&self) -> Vec<TableInfo> {
        let handles: Vec<_> = self.tables.read().await.values().cloned().collect();
        let mut infos = Vec::with_capacity(handles.len());
        for h in handles {
            infos.push(h.table.lock().await.info());
        }
        infos
    }

    /// Makes a table and stores it.
    pub async fn create(
        self: &Arc<Self>,
        game: &str,
        options: &str,
        setup: Option<&str>,
        seats: &[crate::protocol::SeatSpec],
    ) -> Result<TableInfo, Refusal> {
        if self.tables.read().await.len() >= self.config.limits.max_tables {
            return Err(refusal(
                "bad_request",
                format!(
                    "the server holds {} tables, its most",
                    self.config.limits.max_tables
                ),
            ));
        }
        let id = format!("t{}", self.next_id.fetch_add(1, Ordering::SeqCst));
        let mut table = Table::new(&id, game, options, setup, seats)?;
        let seatings = table.computer_seatings();
        // Each reserved seat gets an invitation code, told to the creator only and kept as
        // its digest.
        let mut invites = Vec::new();
        for (i, spec) in seats.iter().enumerate() {
            if matches!(spec, crate::protocol::SeatSpec::Reserved { .. }) {
                let code = new_secret();
                table.set_invite(i, digest(&code));
                invites.push((i, code));
            }
        }
        let stored = StoredTable {
            id: id.clone(),
            game: game.trim().to_ascii_lowercase(),
            options: table.options.clone(),
            setup: table.setup.clone(),
            seats: seats.to_vec(),
            events: seatings.iter().map(|c| (c.event.clone(), None)).collect(),
            invites: invites.iter().map(|(i, c)| (*i, digest(c))).collect(),
        };
        self.store
            .create_table(&stored, now_ms())
            .await
            .map_err(storage)?;
        for change in seatings {
            table.apply(change);
        }
        let mut info = table.info();
        for (i, code) in invites {
            info.seats[i].invite = Some(code);
        }
        let handle = Arc::new(handle(table));
        self.tables.write().await.insert(id, handle.clone());
        self.maybe_think(handle);
        Ok(info)
    }

    /// The one door for moves and chance inputs: checked for `seat` under the table's lock,
    /// stored, applied, then sent to everyone watching.
    async fn submit(
        self: &Arc<Self>,
        handle: &Arc<TableHandle>,
        seat: usize,
        request: Play<'_>,
    ) -> Result<(), Refusal> {
        if *self.stopped.borrow() {
            return Err(refusal("storage", "the server is stopping"));
        }
        {
            let mut table = handle.table.lock().await;
            let change = match request {
                Play::Move(text, ply) => table.prepare_move(seat, text, ply)?,
                Play::Chance(ply) => table.prepare_chance(seat, ply)?,
            };
            let mut changes = vec![change];
            // A card drawn as a move's consequence comes at once, as at the table, and is
            // written with the move in one transaction: never the move without its card.
            if changes[0].calls_for_card() {
                let mut after = table.clone();
                after.apply(changes[0].clone());
                while after.card_due() {
                    let Some(drawer) = after.seat_to_move() else {
                        break;
                    };
                    let card = after.prepare_chance(drawer, None)?;
                    after.apply(card.clone());
                    changes.push(card);
                }
            }
            self.commit_all(handle, &mut table, changes).await?;
        }
        self.maybe_think(handle.clone());
        Ok(())
    }

    /// Stores a checked change, applies it and sends it out (the table's lock held).
    async fn commit(
        &self,
        handle: &TableHandle,
        table: &mut Table,
        change: Change,
    ) -> Result<(), Refusal> {
        self.commit_all(handle, table, vec![change]).await
    }

    /// Stores checked changes in one transaction, then applies them and sends them out in
    /// order (the table's lock held).
    async fn commit_all(
        &self,
        handle: &TableHandle,
        table: &mut Table,
        changes: Vec<Change>,
    ) -> Result<(), Refusal> {
        let n = table.last() + 1;
        let events: Vec<_> = changes
            .iter()
            .map(|c| (&c.event, c.token.as_deref()))
            .collect();
        self.store
            .append_all(&table.id, n, &events)
            .await
            .map_err(storage)?;
        for change in changes {
            let record = table.apply(change);
            let message = ServerMessage::Event {
                record: record.clone(),
                table: table.info(),
            };
            // Nobody watching is not an error.
            let _ = handle
                .tx
                .send((record.n, Utf8Bytes::from(message.to_json())));
        }
        Ok(())
    }

    /// Starts the computer's search when a computer seat is to move.
    fn maybe_think(self: &Arc<Self>, handle: Arc<TableHandle>) {
        tokio::spawn(Self::think(self.clone(), handle));
    }

    /// The computer's turn, if it is one: searches off the runtime's threads, waits for
    /// the pace, then plays through [`Server::submit`] like anyone else.
    fn think(
        server: Arc<Self>,
        handle: Arc<TableHandle>,
    ) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        Box::pin(async move {
            let (seat, level, game, ply) = {
                let table = handle.table.lock().await;
                let Some((seat, level)) = table.computer_to_move() else {
                    return;
                };
                (seat, level, table.game().clone(), table.ply())
            };
            {
                let mut thinking = handle.thinking.lock().expect("not poisoned");
                if *thinking == Some(ply) {
                    return;
                }
                *thinking = Some(ply);
            }
            let started = Instant::now();
            let search = tokio::task::spawn_blocking(move || choose(&game, level, ply)).await;
            let wait = server.config.pace.saturating_sub(started.elapsed());
            tokio::time::sleep(wait).await;
            let request = match &search {
                Ok(Some(text)) => Play::Move(text, Some(ply)),
                Ok(None) => Play::Chance(Some(ply)),
                Err(_) => return,
            };
            if let Err(e) = server.submit(&handle, seat, request).await {
                // A stale answer (the position moved on) is dropped; anything else is a
                // fault worth telling. A move the database could not take is tried again a
                // little later, so that the table does not wait for ever.
                if e.code != "stale" {
                    eprintln!("tabula-server: the computer's move was refused: {e}");
                }
                if e.code == "storage" {
                    *handle.thinking.lock().expect("not poisoned") = None;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    if !*server.stopped.borrow() {
                        server.maybe_think(handle.clone());
                    }
                }
            }
        })
    }
}

/// The computer's choice: a move in notation, or `None` to let the chance input come.
fn choose(game: &AnyGame, level: tabula_ai::Level, ply: usize) -> Option<String> {
    let players = game.player_names().len();
    let seed = (ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x7ab1e;
    let settings = tabula_ai::levels::level_settings(game.kind(), players, level, None, seed);
    with_game!(game, g, k => match tabula_ai::analyse(g, &k, &settings) {
        Ok(analysis) => match analysis.best {
            Action::Play(m) => Some(g.move_text(&m)),
            Action::Chance => None,
        },
        // No decision: the game is over or has no move; the chance path refuses cleanly.
        Err(_) => None,
    })
}

fn handle(table: Table) -> TableHandle {
    TableHandle {
        table: Mutex::new(table),
        tx: broadcast::channel(1024).0,
        thinking: StdMutex::new(None),
    }
}

fn restore(stored: &StoredTable) -> Result<Table, ServeError> {
    let replay = |n: usize, why: String| ServeError::Replay {
        table: stored.id.clone(),
        n,
        why,
    };
    let mut table = Table::new(
        &stored.id,
        &stored.game,
        &stored.options,
        stored.setup.as_deref(),
        &stored.seats,
    )
    .map_err(|e| replay(0, e.message))?;
    for (seat, digest) in &stored.invites {
        table.set_invite(*seat, digest.clone());
    }
    for (i, (event, token)) in stored.events.iter().enumerate() {
        let token = token
            .as_ref()
            .map(|t| if is_digest(t) { t.clone() } else { digest(t) });
        table
            .replay(event.clone(), token)
            .map_err(|e| replay(i + 1, e.message))?;
    }
    Ok(table)
}

fn refusal(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

fn storage(e: StoreError) -> Refusal {
    eprintln!("tabula-server: {e}");
    refusal(
        "storage",
        "the server could not store this; nothing changed",
    )
}

/// A running server.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The state, for tests and tools in the same process.
    pub server: Arc<Server>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops it at once: it listens no more, every connection is closed, and nothing more
    /// is accepted or written.
    pub fn stop(self) {
        self.server.stopped.send_replace(true);
        self.task.abort();
    }

    /// Runs until the task ends (it does not end by itself).
    pub async fn wait(self) {
        let _ = self.task.await;
    }
}

/// Opens the database, listens, and serves in a task of the current runtime.
pub async fn start(config: Config) -> Result<Running, ServeError> {
    let listen = config.listen;
    let server = Server::open(config).await?;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|source| ServeError::Listen {
            addr: listen,
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| ServeError::Listen {
        addr: listen,
        source,
    })?;
    let app = router(server.clone());
    // Small messages go out at once: without this, a move waits for the previous packet's
    // acknowledgement, which the receiver delays (tens of milliseconds).
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("tabula-server: {e}");
        }
    });
    Ok(Running { addr, server, task })
}

/// Runs the server until Ctrl+C, printing where it listens.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let db = config.db.clone();
    let running = start(config).await?;
    println!(
        "tabula-server: listening on http://{} (tables kept in {db}); Ctrl+C stops it",
        running.addr
    );
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {
            println!("tabula-server: stopping");
            running.server.stopped.send_replace(true);
            running.server.store.close().await;
        }
        _ = running.task => {}
    }
    Ok(())
}
