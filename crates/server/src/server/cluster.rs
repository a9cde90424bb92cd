//! Several server processes on one PostgreSQL: each holds every table, follows the others'
//! changes through `LISTEN` ([`crate::notice`]), and runs the computer seats of the tables
//! whose advisory lock it holds.
//!
//! Any process may write a table's next event: the move's transaction takes the table's
//! row lock and checks where the log ends ([`crate::store::StoreError::Behind`]), so a
//! process whose copy is behind reads the log, catches up and checks the move again. A
//! notice lost (a listener reconnecting) is made good from the log: at the next notice of
//! the table (a gap in its numbers), and for every table whenever the listener connects.
//!
//! The computer's searches and throws of a table are run by one process: the one holding
//! the table's advisory lock, a lock of its session on a connection of its own. When the
//! process dies its session ends, the lock is free, and another takes it within
//! [`CLAIM_EVERY`].

use super::{Server, TableHandle, handle, restore};
use crate::notice::{CHANNEL, Notice, PRESENT_TABLES};
use crate::presence::{PRESENT_EVERY, PRESENT_FOR};
use crate::protocol::{Event, ServerMessage};
use crate::table::{Occupant, Table};
use axum::extract::ws::Utf8Bytes;
use rand::{Rng, TryRngCore};
use sqlx::Connection;
use sqlx::postgres::{PgConnection, PgListener};
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How often a process looks for tables whose computer seats nobody runs.
pub const CLAIM_EVERY: Duration = Duration::from_millis(250);

/// How long a process waits before connecting again to a PostgreSQL that failed.
const RETRY: Duration = Duration::from_secs(1);

/// What a process sharing PostgreSQL keeps of its share.
pub(super) struct Cluster {
    /// The tables whose computer seats and draws this process runs (it holds their
    /// advisory locks).
    runs: StdMutex<HashSet<String>>,
    /// This process's number among those sharing PostgreSQL, drawn at start.
    process: u64,
    /// The seats held here, to be told to the others in order ([`tell_presence`]).
    presence: mpsc::UnboundedSender<Notice>,
    told: StdMutex<Option<mpsc::UnboundedReceiver<Notice>>>,
}

impl Cluster {
    pub(super) fn new() -> Cluster {
        let (presence, told) = mpsc::unbounded_channel();
        Cluster {
            runs: StdMutex::default(),
            process: rand::rngs::OsRng.unwrap_err().random(),
            presence,
            told: StdMutex::new(Some(told)),
        }
    }
}

/// The advisory lock of a table's computer seats: two keys, this program's and the
/// table's.
const TRY_LOCK: &str = "SELECT pg_try_advisory_lock(hashtext('tabula'), hashtext($1))";
const UNLOCK: &str = "SELECT pg_advisory_unlock(hashtext('tabula'), hashtext($1))";

/// Starts following the other processes and taking tables' computer seats, when the
/// database is PostgreSQL.
pub(super) fn spawn(server: &Arc<Server>) {
    if server.store.shared() {
        tokio::spawn(listen(server.clone()));
        tokio::spawn(claim(server.clone()));
        let told = server.cluster.told.lock().expect("not poisoned").take();
        if let Some(told) = told {
            tokio::spawn(tell_presence(server.clone(), told));
        }
    }
}

impl Server {
    /// Whether this process runs the computer seats of a table: always, with SQLite;
    /// with PostgreSQL, while it holds the table's lock.
    pub(super) fn runs_computers(&self, table: &str) -> bool {
        !self.store.shared()
            || self
                .cluster
                .runs
                .lock()
                .expect("not poisoned")
                .contains(table)
    }

    /// A table by name; with PostgreSQL, one made by another process and not heard of
    /// yet is read from the database.
    pub(super) async fn table_anywhere(&self, id: &str) -> Option<Arc<TableHandle>> {
        match self.table(id).await {
            Some(handle) => Some(handle),
            None if self.store.shared() => self.load_table(id).await,
            None => None,
        }
    }

    /// A table by name, counted as watched. With PostgreSQL, the table is first brought up
    /// to its log (a client coming from a process that died may have seen an event not yet
    /// heard of here), and one made by another process and not heard of yet is read from
    /// the database.
    pub(super) async fn watch_anywhere(&self, id: &str) -> Option<Arc<TableHandle>> {
        let handle = self.watch(id).await;
        if !self.store.shared() {
            return handle;
        }
        if let Some(handle) = handle {
            let mut table = handle.table.lock().await;
            self.follow_log(&handle, &mut table).await;
            drop(table);
            return Some(handle);
        }
        self.load_table(id).await;
        self.watch(id).await
    }

    /// Reads a table not closed from the database, unless it is held already.
    async fn load_table(&self, id: &str) -> Option<Arc<TableHandle>> {
        let stored = match self.store.load_open(id).await {
            Ok(stored) => stored?,
            Err(e) => {
                eprintln!("tabula-server: table {id} cannot be read: {e}");
                return None;
            }
        };
        let table = match restore(&stored) {
            Ok(table) => table,
            Err(e) => {
                eprintln!("tabula-server: {e}");
                return None;
            }
        };
        let mut tables = self.tables.write().await;
        let held = tables
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(handle(table)));
        Some(held.clone())
    }

    /// Has the other processes told which seats of `table` connections here hold now
    /// (with PostgreSQL; the table's lock held, so that what is told keeps its order).
    pub(super) fn present(&self, table: &Table) {
        if self.store.shared() {
            let notice = Notice::Present {
                process: self.cluster.process,
                held: vec![(table.id.clone(), table.held_here())],
            };
            // The sending task ends only with the server.
            let _ = self.cluster.presence.send(notice);
        }
    }

    /// Takes what another process stored, or said.
    async fn hear(self: &Arc<Self>, notice: Notice) {
        match notice {
            Notice::Present { process, held } => {
                if process == self.cluster.process {
                    return;
                }
                let until = Instant::now() + PRESENT_FOR;
                for (table, seats) in held {
                    // A table not heard of yet: said again soon.
                    let Some(handle) = self.table(&table).await else {
                        continue;
                    };
                    let mut table = handle.table.lock().await;
                    if table.elsewhere().said(process, seats, until) {
                        self.changes.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            Notice::Created { table } => {
                if self.table(&table).await.is_none() {
                    self.load_table(&table).await;
                }
            }
            Notice::Events {
                table,
                first,
                last,
                events,
            } => match self.table(&table).await {
                Some(handle) => self.follow(&table, &handle, first, last, events).await,
                None => {
                    self.load_table(&table).await;
                }
            },
        }
    }

    /// Brings a table up to event `last`: from the events told (numbered from `first`)
    /// when they follow on from what it holds, else from the log; each is applied and sent
    /// to the table's watchers here.
    async fn follow(
        self: &Arc<Self>,
        id: &str,
        handle: &Arc<TableHandle>,
        first: u64,
        last: u64,
        events: Option<Vec<(Event, Option<String>)>>,
    ) {
        {
            let mut table = handle.table.lock().await;
            if handle.closed.load(Ordering::SeqCst) || table.last() >= last {
                return;
            }
            match events {
                Some(events) if first <= table.last() + 1 => {
                    let events = (first..).zip(events).map(|(n, (e, t))| (n, e, t)).collect();
                    self.apply_heard(handle, &mut table, events);
                }
                _ => self.follow_log(handle, &mut table).await,
            }
        }
        handle.touch();
        if self.runs_computers(id) {
            self.maybe_think(handle.clone());
        }
    }

    /// Reads what the log holds past the table's newest event, and applies it (the
    /// table's lock held).
    pub(super) async fn follow_log(&self, handle: &TableHandle, table: &mut Table) {
        match self.store.events_after(&table.id, table.last()).await {
            Ok(events) => self.apply_heard(handle, table, events),
            Err(e) => eprintln!("tabula-server: table {}: {e}", table.id),
        }
    }

    /// With PostgreSQL, [`Server::follow_log`]; nothing with SQLite, where this process
    /// is the only writer.
    pub(super) async fn follow_if_shared(&self, handle: &TableHandle, table: &mut Table) {
        if self.store.shared() {
            self.follow_log(handle, table).await;
        }
    }

    /// Applies events stored by another process, in order, from the one after the
    /// table's newest, and sends each to the table's watchers here.
    fn apply_heard(
        &self,
        handle: &TableHandle,
        table: &mut Table,
        events: Vec<(u64, Event, Option<String>)>,
    ) {
        for (n, event, token) in events {
            if n <= table.last() {
                continue;
            }
            if n != table.last() + 1 {
                eprintln!(
                    "tabula-server: table {}: event {n} heard after {}",
                    table.id,
                    table.last()
                );
                return;
            }
            if let Err(e) = table.replay(event, token) {
                eprintln!("tabula-server: table {}: event {n}: {e}", table.id);
                return;
            }
            // Nobody watching here: the copy is kept, and nothing is written out.
            if handle.tx.receiver_count() == 0 {
                continue;
            }
            let record = table.events().last().cloned().expect("just applied");
            let message = ServerMessage::Event {
                record,
                table: table.info(),
            };
            // A watcher gone meanwhile is not an error.
            let _ = handle.tx.send((n, Utf8Bytes::from(message.to_json())));
        }
    }

    /// Brings every table up to the log, and reads the tables made meanwhile: after the
    /// listener (re)connects, when notices may have been lost.
    async fn resync(self: &Arc<Self>) {
        let heads = match self.store.heads().await {
            Ok(heads) => heads,
            Err(e) => {
                eprintln!("tabula-server: {e}");
                return;
            }
        };
        for (id, last) in heads {
            match self.table(&id).await {
                Some(handle) => self.follow(&id, &handle, 0, last, None).await,
                None => {
                    self.load_table(&id).await;
                }
            }
        }
    }
}

/// Whether the computer has a seat at a table whose game goes on; `None` when the table
/// is busy now (asked again later).
fn wants_computer(handle: &TableHandle) -> Option<bool> {
    let table = handle.table.try_lock().ok()?;
    let computer = table
        .seats()
        .iter()
        .any(|s| matches!(s.occupant, Occupant::Computer(_)));
    Some(computer && table.result().is_none() && !handle.closed.load(Ordering::SeqCst))
}

/// Follows the other processes' notices until the server stops, making good from the
/// log whatever a reconnection may have lost.
async fn listen(server: Arc<Server>) {
    let mut stopped = server.stopped.subscribe();
    let mut listener: Option<PgListener> = None;
    loop {
        if *stopped.borrow() {
            return;
        }
        let Some(heard) = listener.as_mut() else {
            match PgListener::connect(server.store.address()).await {
                Ok(mut l) => match l.listen(CHANNEL).await {
                    Ok(()) => {
                        listener = Some(l);
                        server.resync().await;
                    }
                    Err(e) => eprintln!("tabula-server: cannot listen for other processes: {e}"),
                },
                Err(e) => eprintln!("tabula-server: cannot listen for other processes: {e}"),
            }
            if listener.is_none() {
                tokio::select! {
                    _ = stopped.changed() => return,
                    _ = tokio::time::sleep(RETRY) => {}
                }
            }
            continue;
        };
        tokio::select! {
            _ = stopped.changed() => return,
            got = heard.try_recv() => match got {
                // Each notice on a task of its own, so that the tables' copies are brought
                // up to date on every core; two notices of one table queue on its lock, and
                // one overtaken by the next is made good from the log (the gap rule).
                Ok(Some(notification)) => {
                    if let Some(notice) = Notice::parse(notification.payload()) {
                        let server = server.clone();
                        tokio::spawn(async move { server.hear(notice).await });
                    }
                }
                // The connection was lost and made again: what was told meanwhile is
                // read from the log.
                Ok(None) => server.resync().await,
                Err(e) => {
                    eprintln!("tabula-server: listening for other processes: {e}");
                    listener = None;
                }
            }
        }
    }
}

/// Tells the other processes the seats held here: each change in turn as it comes, and
/// every [`PRESENT_EVERY`] the tables where any is held, so that what they were told stays
/// good; meanwhile forgets what processes fallen silent had said, until the server stops.
async fn tell_presence(server: Arc<Server>, mut told: mpsc::UnboundedReceiver<Notice>) {
    let mut stopped = server.stopped.subscribe();
    let mut every = tokio::time::interval(PRESENT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let notices = tokio::select! {
            _ = stopped.changed() => return,
            Some(notice) = told.recv() => vec![notice],
            _ = every.tick() => server.presence_again().await,
        };
        for notice in notices {
            // Not told now (the database away): said again at the next tick.
            if let Err(e) = server.store.tell(&notice).await {
                eprintln!("tabula-server: telling the seats held here: {e}");
            }
        }
    }
}

impl Server {
    /// The seats held here, table by table, to be said again (in notices of
    /// [`PRESENT_TABLES`] tables at most); what silent processes said is forgotten on the
    /// way.
    async fn presence_again(&self) -> Vec<Notice> {
        let handles: Vec<Arc<TableHandle>> = self.tables.read().await.values().cloned().collect();
        let now = Instant::now();
        let mut held = Vec::new();
        for handle in handles {
            let mut table = handle.table.lock().await;
            if table.elsewhere().forget_silent(now) {
                self.changes.fetch_add(1, Ordering::Relaxed);
            }
            let seats = table.held_here();
            if !seats.is_empty() {
                held.push((table.id.clone(), seats));
            }
        }
        held.chunks(PRESENT_TABLES)
            .map(|held| Notice::Present {
                process: self.cluster.process,
                held: held.to_vec(),
            })
            .collect()
    }
}

/// Takes the advisory lock of every table whose computer seats nobody runs, and gives
/// back those of games over, until the server stops. The locks are the session's: when
/// this process dies, PostgreSQL frees them.
async fn claim(server: Arc<Server>) {
    let mut stopped = server.stopped.subscribe();
    let mut session: Option<PgConnection> = None;
    let mut every = tokio::time::interval(CLAIM_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stopped.changed() => return,
            _ = every.tick() => {}
        }
        if session.is_none() {
            match PgConnection::connect(server.store.address()).await {
                Ok(conn) => session = Some(conn),
                Err(e) => {
                    eprintln!("tabula-server: cannot hold the computer seats' locks: {e}");
                    continue;
                }
            }
        }
        let Some(conn) = session.as_mut() else {
            continue;
        };
        if let Err(e) = server.claim_once(conn).await {
            // The session is gone, and its locks with it: others may take the tables.
            eprintln!("tabula-server: the computer seats' locks were lost: {e}");
            server.cluster.runs.lock().expect("not poisoned").clear();
            session = None;
        }
    }
}

impl Server {
    /// One round of [`claim`] on the session holding the locks.
    async fn claim_once(self: &Arc<Self>, conn: &mut PgConnection) -> Result<(), sqlx::Error> {
        // The session still lives (its locks with it).
        sqlx::query("SELECT 1").execute(&mut *conn).await?;
        let handles: Vec<(String, Arc<TableHandle>)> = self
            .tables
            .read()
            .await
            .iter()
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect();
        let mut held: HashSet<String> = self.cluster.runs.lock().expect("not poisoned").clone();
        for (id, handle) in handles {
            let runs = held.remove(&id);
            let Some(wanted) = wants_computer(&handle) else {
                continue;
            };
            if wanted && !runs {
                let taken: bool = sqlx::query_scalar(TRY_LOCK)
                    .bind(&id)
                    .fetch_one(&mut *conn)
                    .await?;
                if taken {
                    self.cluster
                        .runs
                        .lock()
                        .expect("not poisoned")
                        .insert(id.clone());
                    self.maybe_think(handle.clone());
                }
            } else if !wanted && runs {
                self.give_up(conn, &id).await?;
            }
        }
        // Tables no longer held here (closed): their locks go too.
        for id in held {
            if self.table(&id).await.is_none() {
                self.give_up(conn, &id).await?;
            }
        }
        Ok(())
    }

    async fn give_up(&self, conn: &mut PgConnection, id: &str) -> Result<(), sqlx::Error> {
        let _: bool = sqlx::query_scalar(UNLOCK)
            .bind(id)
            .fetch_one(&mut *conn)
            .await?;
        self.cluster.runs.lock().expect("not poisoned").remove(id);
        Ok(())
    }
}
