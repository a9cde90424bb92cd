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

mod api;
mod archive;
mod cluster;
mod computer;
mod connection;
mod listen;
mod quota;
mod routes;
mod sweep;
mod timeout;

pub use listen::raise_open_files;
pub use routes::router;
pub use routes::{MAX_PAGE, PAGE};

use crate::protocol::{ServerMessage, TableInfo};
use crate::secret::{digest, is_digest, new_secret};
use crate::store::{Store, StoreError, StoredTable};
use crate::table::{Change, Refusal, Table};
use axum::extract::ws::Utf8Bytes;
use listen::{Gate, Origin};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{Mutex, RwLock, Semaphore, broadcast};

/// Limits on what connections, addresses and tables may take of the server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The longest message, in bytes, in one frame or in fragments: the socket buffers no
    /// more; a longer one is answered `too_large` and closes the connection.
    pub max_message: usize,
    /// Messages a second a connection may send over time (text, binary and pings alike).
    pub rate: f64,
    /// Messages that may come at once.
    pub burst: f64,
    /// A client this many events behind gets a snapshot instead of the events.
    pub snapshot_gap: u64,
    /// Tables the server holds in memory at most.
    pub max_tables: usize,
    /// How long a connection has to send a request's head (its first, or its next one
    /// after an answer); past it the connection is closed.
    pub handshake: Duration,
    /// A WebSocket is pinged this often.
    pub ping_every: Duration,
    /// A WebSocket that sends nothing, not even the answer to a ping, for this long is
    /// closed; a send that waits this long on a peer that reads nothing closes it too.
    pub idle_timeout: Duration,
    /// Connections at once in all; past it a connection is answered 503.
    pub max_connections: usize,
    /// Connections at once from one address (an IPv6 address's /64); past it, 429.
    pub max_per_address: usize,
    /// Tables one address may make a minute (and at once).
    pub tables_per_minute: f64,
    /// Seats one address may take or give up a minute (and at once): each is an event in
    /// the table's log for good.
    pub seat_changes_per_minute: f64,
    /// A table nobody is connected to, where no player has moved or sat down for this
    /// long, is closed: kept in the database as it stands (downloadable), out of memory.
    pub abandon_after: Duration,
    /// A table whose game waits for an invited player to take his seat is closed only
    /// after this long without use (one whose player to move is on a running clock, only
    /// once the clock has ended the wait).
    pub invitation_wait: Duration,
    /// The computer's searches running at once, all tables together; the others wait
    /// their turn, first come first served.
    pub searches: usize,
    /// Tables of computers only that one address may have playing at once.
    pub computer_tables: usize,
    /// Tables made by one address that may be open at once (until closed as abandoned).
    pub tables_per_address: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message: 16 * 1024,
            rate: 20.0,
            burst: 40.0,
            snapshot_gap: 200,
            max_tables: 10_000,
            handshake: Duration::from_secs(10),
            ping_every: Duration::from_secs(20),
            idle_timeout: Duration::from_secs(60),
            max_connections: 10_000,
            max_per_address: 256,
            tables_per_minute: 10.0,
            seat_changes_per_minute: 30.0,
            abandon_after: Duration::from_secs(30 * 60),
            invitation_wait: Duration::from_secs(7 * 24 * 3600),
            searches: default_searches(),
            computer_tables: 2,
            tables_per_address: 100,
        }
    }
}

/// One less than the machine's cores, at least one: a core is left for the connections.
pub fn default_searches() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .max(1)
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
    /// Limits on connections, addresses and tables.
    pub limits: Limits,
    /// Pages of other sites whose scripts may open a WebSocket here (their origin, as
    /// `https://example.org`), besides this server's own pages.
    pub allow_origins: Vec<String>,
    /// SQLite commits each move to the disk before it is acknowledged (`synchronous =
    /// FULL`: a power cut loses nothing told); false: NORMAL, which a power cut may undo.
    pub sqlite_full_sync: bool,
    /// Serves https and wss with this certificate and key (`crate::tls::server_config`);
    /// none: http and ws.
    pub tls: Option<Arc<rustls::ServerConfig>>,
    /// A reverse proxy whose `X-Forwarded-For` names the client: its requests are counted
    /// against that address (quotas, connections per address at the WebSocket), and its
    /// own sockets against the cap in all only. Nobody else's header is read.
    pub trust_proxy: Option<std::net::IpAddr>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 7878)),
            db: "sqlite:tabula-tables.db".into(),
            pace: Duration::from_millis(800),
            limits: Limits::default(),
            allow_origins: Vec::new(),
            sqlite_full_sync: true,
            tls: None,
            trust_proxy: None,
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

/// The bytes the server reads from a WebSocket at once. A client's messages are small (a
/// move is tens of bytes); the WebSocket library clears this much before every try to
/// read, one that finds nothing too, as when a watcher's task wakes for an event to send:
/// with 8 KiB that clearing was a thirtieth of the work of a fan-out to 3,000 watchers.
pub const SOCKET_READ: usize = 2 * 1024;

/// Events kept for a watcher that falls behind before it is caught up from the log
/// instead (each table's channel costs this many slots of memory).
const CHANNEL: usize = 64;

/// A table with its lock and the channel its events go out on.
pub struct TableHandle {
    table: Mutex<Table>,
    tx: broadcast::Sender<(u64, Utf8Bytes)>,
    thinking: StdMutex<Option<usize>>,
    /// WebSocket connections at the table now.
    watchers: AtomicUsize,
    /// When a player last moved or sat down, or the last connection left.
    active: StdMutex<Instant>,
    /// Set once the table is closed: nothing more is stored for it.
    closed: AtomicBool,
    /// A table of computers only, with the address that made it while it counts there.
    computers: StdMutex<Option<Origin>>,
    /// The address that made the table, while it counts among that address's open tables
    /// (none for a table read back at start or made by another process).
    made_by: StdMutex<Option<Origin>>,
}

impl TableHandle {
    /// Marks the table as used now.
    fn touch(&self) {
        *self.active.lock().expect("not poisoned") = Instant::now();
    }

    fn idle(&self) -> Duration {
        self.active.lock().expect("not poisoned").elapsed()
    }
}

/// A connection's place at a table: counted among its watchers while it lives.
pub(crate) struct Watching(Arc<TableHandle>);

impl Drop for Watching {
    fn drop(&mut self) {
        Server::unwatch(&self.0);
    }
}

/// What the server holds now, for tools and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Connections open.
    pub connections: usize,
    /// Tables in memory.
    pub tables: usize,
    /// The computer's searches running.
    pub searching: usize,
    /// The most searches that ever ran at once.
    pub most_searching: usize,
}

/// The server's state.
pub struct Server {
    store: Store,
    /// Set once the server stops: connections close, nothing more is accepted.
    stopped: tokio::sync::watch::Sender<bool>,
    tables: RwLock<BTreeMap<String, Arc<TableHandle>>>,
    next_id: AtomicU64,
    /// Counts the changes to the list of tables (a table made, an event logged), so that
    /// a lobby fetches the list again only when it moved ([`Server::changes`]).
    changes: AtomicU64,
    config: Config,
    gate: Arc<Gate>,
    quotas: quota::Quotas,
    searches: Arc<Semaphore>,
    searching: AtomicUsize,
    most_searching: AtomicUsize,
    /// This process's share of the tables, when PostgreSQL is shared with others.
    cluster: cluster::Cluster,
    /// Closed tables read back for their pages.
    archive: archive::Archive,
}

/// Who asks for a change.
#[derive(Debug, Clone, Copy)]
enum Play<'a> {
    Move(&'a str, Option<usize>),
    Chance(Option<usize>),
    Resign,
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
        let store = Store::open_with(&config.db, config.sqlite_full_sync).await?;
        let mut tables = BTreeMap::new();
        for stored in store.load().await? {
            let table = restore(&stored)?;
            tables.insert(stored.id.clone(), Arc::new(handle(table)));
        }
        let next = store.next_number().await?;
        let searches = config.limits.searches.max(1);
        let server = Arc::new(Server {
            store,
            stopped: tokio::sync::watch::channel(false).0,
            tables: RwLock::new(tables),
            next_id: AtomicU64::new(next),
            changes: AtomicU64::new(0),
            config,
            gate: Arc::default(),
            quotas: quota::Quotas::default(),
            searches: Arc::new(Semaphore::new(searches)),
            searching: AtomicUsize::new(0),
            most_searching: AtomicUsize::new(0),
            cluster: cluster::Cluster::new(),
            archive: archive::Archive::default(),
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

    /// A table by name, counted as watched by one more connection (under the list's lock,
    /// so that it is not closed in between); [`Server::unwatch`] when the connection ends.
    async fn watch(&self, id: &str) -> Option<Arc<TableHandle>> {
        let tables = self.tables.read().await;
        let handle = tables.get(id)?;
        handle.watchers.fetch_add(1, Ordering::SeqCst);
        Some(handle.clone())
    }

    fn unwatch(handle: &TableHandle) {
        handle.watchers.fetch_sub(1, Ordering::SeqCst);
        handle.touch();
    }

    /// A number that moves whenever a table is made or an event is logged at any table: a
    /// lobby asks for it and fetches the list again only when it changed.
    pub fn changes(&self) -> u64 {
        self.changes.load(Ordering::Relaxed)
    }

    /// What the server holds now.
    pub async fn stats(&self) -> Stats {
        Stats {
            connections: self.gate.open(),
            tables: self.tables.read().await.len(),
            searching: self.searching.load(Ordering::Relaxed),
            most_searching: self.most_searching.load(Ordering::Relaxed),
        }
    }

    /// The tables as they stand, `limit` of them from the `offset`-th (in the order of
    /// their names), and how many there are in all.
    pub async fn list(&self, offset: usize, limit: usize) -> (Vec<TableInfo>, usize) {
        let (handles, total): (Vec<_>, usize) = {
            let tables = self.tables.read().await;
            let page = tables.values().skip(offset).take(limit).cloned().collect();
            (page, tables.len())
        };
        let mut infos = Vec::with_capacity(handles.len());
        for h in handles {
            infos.push(h.table.lock().await.info());
        }
        (infos, total)
    }

    /// Makes a table and stores it; `from` is the address asking, whose quotas it counts
    /// against.
    pub(crate) async fn create(
        self: &Arc<Self>,
        from: Origin,
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
        // With PostgreSQL the names come from a sequence that every process shares.
        let id = match self.store.new_table_number().await.map_err(storage)? {
            Some(n) => format!("t{n}"),
            None => format!("t{}", self.next_id.fetch_add(1, Ordering::SeqCst)),
        };
        let mut table = Table::new(&id, game, options, setup, seats)?;
        let computers_only = table
            .seats()
            .iter()
            .all(|s| matches!(s.occupant, crate::table::Occupant::Computer(_)));
        self.quotas
            .create(from, computers_only, &self.config.limits)?;
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
            options: table.stored_options(),
            setup: table.setup.clone(),
            seats: seats.to_vec(),
            events: seatings.iter().map(|c| (c.event.clone(), None)).collect(),
            invites: invites.iter().map(|(i, c)| (*i, digest(c))).collect(),
        };
        if let Err(e) = self.store.create_table(&stored, now_ms()).await {
            self.quotas.table_closed(from);
            if computers_only {
                self.quotas.computer_table_done(from);
            }
            return Err(storage(e));
        }
        for change in seatings {
            table.apply(change);
        }
        let mut info = table.info();
        for (i, code) in invites {
            info.seats[i].invite = Some(code);
        }
        let handle = Arc::new(handle(table));
        *handle.made_by.lock().expect("not poisoned") = Some(from);
        if computers_only {
            *handle.computers.lock().expect("not poisoned") = Some(from);
        }
        self.tables.write().await.insert(id, handle.clone());
        self.changes.fetch_add(1, Ordering::Relaxed);
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
        let mut table = handle.table.lock().await;
        // Another process may have written the table's next event first: its log is read,
        // and the request checked again against the table as it now stands.
        for tries in 1.. {
            if handle.closed.load(Ordering::SeqCst) {
                return Err(refusal("unknown_table", "this table was closed"));
            }
            let prepared = match request {
                Play::Move(text, ply) => table.prepare_move(seat, text, ply),
                Play::Chance(ply) => table.prepare_chance(seat, ply),
                Play::Resign => table.prepare_resign(seat),
            };
            let change = match prepared {
                // A player told of a move through another process may answer it before
                // this one has heard of it: the table first catches up from the log.
                Err(refused)
                    if tries == 1
                        && self.store.shared()
                        && matches!(refused.code, "stale" | "not_your_turn") =>
                {
                    self.follow_log(handle, &mut table).await;
                    continue;
                }
                prepared => prepared?,
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
            match self.commit_all(handle, &mut table, changes).await {
                Err(refused) if refused.code == BEHIND && tries < BEHIND_TRIES => {
                    self.follow_log(handle, &mut table).await;
                }
                Err(refused) => {
                    if refused.code == BEHIND {
                        self.follow_log(handle, &mut table).await;
                    }
                    return Err(refused);
                }
                Ok(()) => break,
            }
        }
        drop(table);
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
        let committed = self.commit_all(handle, table, vec![change]).await;
        if matches!(&committed, Err(refused) if refused.code == BEHIND) {
            // Another process came first: the table catches up, for the request to be
            // made again.
            self.follow_log(handle, table).await;
        }
        committed
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
        self.changes.fetch_add(1, Ordering::Relaxed);
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
}

fn handle(table: Table) -> TableHandle {
    TableHandle {
        table: Mutex::new(table),
        tx: broadcast::channel(CHANNEL).0,
        thinking: StdMutex::new(None),
        watchers: AtomicUsize::new(0),
        active: StdMutex::new(Instant::now()),
        closed: AtomicBool::new(false),
        computers: StdMutex::new(None),
        made_by: StdMutex::new(None),
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

/// The refusal of a change another process made first to the same table.
const BEHIND: &str = "behind";

/// How often a request is checked again after another process changed its table first.
const BEHIND_TRIES: usize = 3;

fn storage(e: StoreError) -> Refusal {
    if let StoreError::Behind { table, .. } = &e {
        let why = format!("table {table} changed through another server meanwhile: try again");
        return refusal(BEHIND, why);
    }
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
    tokio::spawn(sweep::sweeper(server.clone()));
    tokio::spawn(timeout::clocks(server.clone()));
    cluster::spawn(&server);
    let task = tokio::spawn(listen::accept(listener, server.clone(), app));
    Ok(Running { addr, server, task })
}

/// Runs the server until Ctrl+C, printing where it listens.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let db = config.db.clone();
    match raise_open_files() {
        Ok(n) if (n as usize) < config.limits.max_connections + 64 => eprintln!(
            "tabula-server: only {n} files may be open at once: fewer than --max-connections {}",
            config.limits.max_connections
        ),
        Ok(_) => {}
        Err(e) => eprintln!("tabula-server: cannot raise the limit on open files: {e}"),
    }
    let scheme = if config.tls.is_some() {
        "https"
    } else {
        "http"
    };
    let running = start(config).await?;
    println!(
        "tabula-server: listening on {scheme}://{} (tables kept in {db}); Ctrl+C stops it",
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
