//! Where tables are kept: SQLite in a file by default, or PostgreSQL, through one pool and
//! the same statements. A table is a row (its game, options, setup and seats as created)
//! and its log is one row per event, written before anybody is told of the event. A
//! reserved seat's invitation code is a row of its own (its digest), and a table closed
//! for want of players a row in `tabula_closed`: it stays, whole, for downloading.
//!
//! SQLite runs in write-ahead mode with `synchronous = FULL`: a commit is on the disk
//! before it returns, so that a move told to its players survives a power cut, not only
//! the process being killed. Its file is made readable by its owner only.
//!
//! PostgreSQL may be shared by several server processes. A change to a table's log takes
//! the table's row lock in its transaction and checks that the log ends where the writer
//! thinks it does ([`StoreError::Behind`] otherwise), and tells the other processes of it
//! with `NOTIFY` in the same transaction ([`crate::notice`]): they hear of it once it is
//! committed, never before, and never of a change rolled back.

use crate::notice::{CHANNEL, Notice};
use crate::protocol::{Event, SeatSpec};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database could not be opened or answered with an error.
    #[error("database {url}: {source}")]
    Database {
        /// The database's address (without a password).
        url: String,
        /// What the driver said.
        #[source]
        source: sqlx::Error,
    },
    /// A stored row could not be read.
    #[error("database {url}: table {table}, event {n}: {why}")]
    Corrupt {
        /// The database.
        url: String,
        /// The table.
        table: String,
        /// The event (0: the table's own row).
        n: i64,
        /// What was wrong.
        why: String,
    },
    /// The address names no database this server can use.
    #[error("database {0:?}: give a sqlite: or postgres:// address")]
    Scheme(String),
    /// The log of a table has moved on from what the writer holds: another process wrote
    /// the next event first. Nothing was written.
    #[error("table {table}: the log already holds event {last}")]
    Behind {
        /// The table.
        table: String,
        /// The number of the newest event in the log.
        last: u64,
    },
}

/// A table as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredTable {
    /// Its name.
    pub id: String,
    /// The game's command-line name.
    pub game: String,
    /// The options in RON.
    pub options: String,
    /// The setup text, unless standard.
    pub setup: Option<String>,
    /// The seats as created.
    pub seats: Vec<SeatSpec>,
    /// Its events, in order, each with the digest of the seat token it gave (for
    /// `Seated`).
    pub events: Vec<(Event, Option<String>)>,
    /// The reserved seats' invitation codes, as digests: (seat, digest).
    pub invites: Vec<(usize, String)>,
}

/// The database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    url: String,
    /// The address as given (with its password), for the connections opened apart from
    /// the pool (listening, holding locks).
    address: String,
    /// PostgreSQL, possibly shared with other processes: changes are told with `NOTIFY`.
    shared: bool,
}

/// The address without a password, for messages.
fn shown(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user_end = url[scheme + 3..at].find(':').map_or(at, |c| scheme + 3 + c);
            format!("{}:***{}", &url[..user_end], &url[at..])
        }
        _ => url.to_string(),
    }
}

impl Store {
    /// Opens (and for SQLite creates) the database at `url` (`sqlite:FILE`,
    /// `sqlite::memory:`, `postgres://USER@HOST/DB`) and makes its tables if missing.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, true).await
    }

    /// As [`Store::open`]; `full`: SQLite's `synchronous = FULL` (each commit on the disk
    /// before it returns), else NORMAL (a commit survives the process being killed, not a
    /// power cut), for measuring what FULL costs.
    pub async fn open_with(url: &str, full: bool) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if !sqlite && !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return Err(StoreError::Scheme(url.to_string()));
        }
        let err = |source| StoreError::Database {
            url: shown(url),
            source,
        };
        let address = if sqlite && !url.contains('?') && !url.contains(":memory:") {
            format!("{url}?mode=rwc")
        } else {
            url.to_string()
        };
        if sqlite {
            create_private(url).map_err(|e| err(sqlx::Error::Io(e)))?;
        }
        // SQLite takes one writer at a time: one connection, the log in write-ahead mode,
        // each commit synced to the disk before it returns (FULL: a power cut loses no
        // acknowledged move; NORMAL would keep only the process being killed).
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 8 })
            .acquire_timeout(Duration::from_secs(10))
            // The pool tests each connection as it comes back (a round trip, after the
            // answer): testing it again when it is taken would put a second round trip in
            // front of every move. One that died idle fails its statement, which is
            // refused as not stored, and is dropped from the pool.
            .test_before_acquire(false)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        sqlx::query("PRAGMA journal_mode = WAL")
                            .execute(&mut *conn)
                            .await?;
                        let sync = if full {
                            "PRAGMA synchronous = FULL"
                        } else {
                            "PRAGMA synchronous = NORMAL"
                        };
                        sqlx::query(sync).execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect(&address)
            .await
            .map_err(err)?;
        let store = Store {
            pool,
            url: shown(url),
            address: url.to_string(),
            shared: !sqlite,
        };
        // Several processes may start at once on an empty PostgreSQL: they make the
        // tables one after the other, under a lock of the transaction's.
        let mut tx = store.pool.begin().await.map_err(|e| store.error(e))?;
        if store.shared {
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext('tabula_schema'))")
                .execute(&mut *tx)
                .await
                .map_err(|e| store.error(e))?;
        }
        for statement in [
            "CREATE TABLE IF NOT EXISTS tabula_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, \
             options TEXT NOT NULL, setup TEXT, seats TEXT NOT NULL, created BIGINT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS tabula_events (table_id TEXT NOT NULL, n BIGINT NOT NULL, \
             body TEXT NOT NULL, token TEXT, PRIMARY KEY (table_id, n))",
            "CREATE TABLE IF NOT EXISTS tabula_invites (table_id TEXT NOT NULL, seat BIGINT NOT NULL, \
             digest TEXT NOT NULL, PRIMARY KEY (table_id, seat))",
            "CREATE TABLE IF NOT EXISTS tabula_closed (table_id TEXT PRIMARY KEY, closed BIGINT NOT NULL)",
        ] {
            sqlx::query(statement)
                .execute(&mut *tx)
                .await
                .map_err(|e| store.error(e))?;
        }
        if store.shared {
            for statement in [
                "CREATE SEQUENCE IF NOT EXISTS tabula_table_numbers",
                APPEND_FUNCTION,
            ] {
                sqlx::query(statement)
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| store.error(e))?;
            }
        }
        tx.commit().await.map_err(|e| store.error(e))?;
        store.hash_old_tokens().await?;
        if store.shared {
            // Table names come from the sequence, past every name already given.
            let next = store.next_number().await? as i64;
            sqlx::query(
                "SELECT setval('tabula_table_numbers', GREATEST(last_value, $1, 1), \
                 is_called OR $1 >= 1) FROM tabula_table_numbers",
            )
            .bind(next - 1)
            .execute(&store.pool)
            .await
            .map_err(|e| store.error(e))?;
        }
        Ok(store)
    }

    /// Whether this is PostgreSQL, which other processes may share: each change is told
    /// on [`CHANNEL`].
    pub fn shared(&self) -> bool {
        self.shared
    }

    /// The address as given, password included.
    pub(crate) fn address(&self) -> &str {
        &self.address
    }

    /// The number of a new table's name, unique among the processes sharing PostgreSQL
    /// (from a sequence); `None` for SQLite, where the server counts them itself.
    pub async fn new_table_number(&self) -> Result<Option<u64>, StoreError> {
        if !self.shared {
            return Ok(None);
        }
        let row = sqlx::query("SELECT nextval('tabula_table_numbers')")
            .fetch_one(&self.pool)
            .await
            .map_err(|e| self.error(e))?;
        let n: i64 = row.try_get(0).map_err(|e| self.error(e))?;
        Ok(Some(n as u64))
    }

    /// Seat tokens kept as they were by an older server are replaced by their digests.
    async fn hash_old_tokens(&self) -> Result<(), StoreError> {
        let rows = sqlx::query(
            "SELECT table_id, n, token FROM tabula_events WHERE token IS NOT NULL AND LENGTH(token) <> 64",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(|e| self.error(e))?;
        for row in rows {
            let table: String = row.try_get(0).map_err(|e| self.error(e))?;
            let n: i64 = row.try_get(1).map_err(|e| self.error(e))?;
            let token: String = row.try_get(2).map_err(|e| self.error(e))?;
            sqlx::query("UPDATE tabula_events SET token = $1 WHERE table_id = $2 AND n = $3")
                .bind(crate::secret::digest(&token))
                .bind(table)
                .bind(n)
                .execute(&self.pool)
                .await
                .map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    fn error(&self, source: sqlx::Error) -> StoreError {
        StoreError::Database {
            url: self.url.clone(),
            source,
        }
    }

    /// Stores a new table with its first events, all or nothing.
    pub async fn create_table(&self, table: &StoredTable, created: i64) -> Result<(), StoreError> {
        let seats = serde_json::to_string(&table.seats).expect("seats serialise");
        let mut tx = self.pool.begin().await.map_err(|e| self.error(e))?;
        sqlx::query(
            "INSERT INTO tabula_tables (id, game, options, setup, seats, created) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&table.id)
        .bind(&table.game)
        .bind(&table.options)
        .bind(table.setup.clone())
        .bind(seats)
        .bind(created)
        .execute(&mut *tx)
        .await
        .map_err(|e| self.error(e))?;
        for (i, (event, token)) in table.events.iter().enumerate() {
            insert_event(&mut tx, &table.id, i as i64 + 1, event, token.as_deref())
                .await
                .map_err(|e| self.error(e))?;
        }
        for (seat, digest) in &table.invites {
            sqlx::query("INSERT INTO tabula_invites (table_id, seat, digest) VALUES ($1, $2, $3)")
                .bind(&table.id)
                .bind(*seat as i64)
                .bind(digest)
                .execute(&mut *tx)
                .await
                .map_err(|e| self.error(e))?;
        }
        if self.shared {
            let notice = Notice::Created {
                table: table.id.clone(),
            };
            notify(&mut tx, &notice).await.map_err(|e| self.error(e))?;
        }
        tx.commit().await.map_err(|e| self.error(e))
    }

    /// Appends event `n` to a table's log; refused if that number is taken.
    pub async fn append(
        &self,
        table: &str,
        n: u64,
        event: &Event,
        token: Option<&str>,
    ) -> Result<(), StoreError> {
        self.append_all(table, n, &[(event, token)]).await
    }

    /// Appends events `n`, `n + 1`... to a table's log in one transaction: all or none
    /// (a move and the card it calls for). [`StoreError::Behind`] when the log does not end
    /// at `n - 1`: another writer came first, and nothing is written.
    pub async fn append_all(
        &self,
        table: &str,
        n: u64,
        events: &[(&Event, Option<&str>)],
    ) -> Result<(), StoreError> {
        let behind = |e: sqlx::Error, last: u64| match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::Behind {
                table: table.to_string(),
                last,
            },
            _ => self.error(e),
        };
        if !self.shared
            && let [(event, token)] = events
        {
            let mut conn = self.pool.acquire().await.map_err(|e| self.error(e))?;
            return insert_event(&mut conn, table, n as i64, event, *token)
                .await
                .map_err(|e| behind(e, n));
        }
        if self.shared {
            return self
                .append_shared(table, n, events)
                .await
                .map_err(|e| match e {
                    StoreError::Database { source, .. } => behind(source, n),
                    e => e,
                });
        }
        let mut tx = self.pool.begin().await.map_err(|e| self.error(e))?;
        for (i, (event, token)) in events.iter().enumerate() {
            insert_event(&mut tx, table, (n + i as u64) as i64, event, *token)
                .await
                .map_err(|e| behind(e, n))?;
        }
        tx.commit().await.map_err(|e| self.error(e))
    }

    /// [`Store::append_all`] on PostgreSQL: one statement, [`APPEND_FUNCTION`]'s, which
    /// takes the table's row lock, checks where the log ends, inserts the events and tells
    /// the other processes, all in the one transaction of that statement. One round trip
    /// instead of five (begin, lock, insert, notify, commit): a connection of the pool is
    /// held a fifth as long, and moves queue that much less for one under load.
    async fn append_shared(
        &self,
        table: &str,
        n: u64,
        events: &[(&Event, Option<&str>)],
    ) -> Result<(), StoreError> {
        let rows: Vec<(String, Option<&str>)> = events
            .iter()
            .map(|(e, t)| (serde_json::to_string(e).expect("events serialise"), *t))
            .collect();
        let notice = Notice::Events {
            table: table.to_string(),
            first: n,
            last: n + events.len() as u64 - 1,
            events: Some(
                events
                    .iter()
                    .map(|(e, t)| ((*e).clone(), t.map(str::to_string)))
                    .collect(),
            ),
        };
        let row = sqlx::query("SELECT tabula_append($1, $2, $3, $4, $5)")
            .bind(table)
            .bind(n as i64)
            .bind(serde_json::to_string(&rows).expect("events serialise"))
            .bind(CHANNEL)
            .bind(notice.payload())
            .fetch_one(&self.pool)
            .await
            .map_err(|e| self.error(e))?;
        let last: i64 = row.try_get(0).map_err(|e| self.error(e))?;
        if last as u64 + 1 != n {
            return Err(StoreError::Behind {
                table: table.to_string(),
                last: last as u64,
            });
        }
        Ok(())
    }

    /// Tells the other processes sharing PostgreSQL `notice`, apart from any change (the
    /// seats a process's connections hold); nothing with SQLite.
    pub async fn tell(&self, notice: &Notice) -> Result<(), StoreError> {
        if !self.shared {
            return Ok(());
        }
        let mut conn = self.pool.acquire().await.map_err(|e| self.error(e))?;
        notify(&mut conn, notice).await.map_err(|e| self.error(e))
    }

    /// A table's events after event `after`, each with its token's digest.
    pub async fn events_after(
        &self,
        table: &str,
        after: u64,
    ) -> Result<Vec<(u64, Event, Option<String>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT n, body, token FROM tabula_events WHERE table_id = $1 AND n > $2 ORDER BY n",
        )
        .bind(table)
        .bind(after as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| self.error(e))?;
        let mut events = Vec::with_capacity(rows.len());
        for row in rows {
            let n: i64 = row.try_get(0).map_err(|e| self.error(e))?;
            let body: String = row.try_get(1).map_err(|e| self.error(e))?;
            let token: Option<String> = row.try_get(2).map_err(|e| self.error(e))?;
            let event = serde_json::from_str(&body).map_err(|e| self.corrupt(table, n, e))?;
            events.push((n as u64, event, token));
        }
        Ok(events)
    }

    /// Every table not closed, with the number of its newest event (0: none), in the
    /// order of their names.
    pub async fn heads(&self) -> Result<Vec<(String, u64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id, COALESCE(MAX(e.n), 0) FROM tabula_tables t \
             LEFT JOIN tabula_events e ON e.table_id = t.id \
             WHERE t.id NOT IN (SELECT table_id FROM tabula_closed) GROUP BY t.id ORDER BY t.id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(|e| self.error(e))?;
        let mut heads = Vec::with_capacity(rows.len());
        for row in rows {
            let id: String = row.try_get(0).map_err(|e| self.error(e))?;
            let last: i64 = row.try_get(1).map_err(|e| self.error(e))?;
            heads.push((id, last as u64));
        }
        Ok(heads)
    }

    /// Marks a table closed: it is no longer loaded at start, and stays for downloading.
    pub async fn close_table(&self, table: &str, at: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO tabula_closed (table_id, closed) VALUES ($1, $2)")
            .bind(table)
            .bind(at)
            .execute(&self.pool)
            .await
            .map_err(|e| self.error(e))?;
        Ok(())
    }

    /// The number after the highest `tN` table name ever given, closed tables included.
    pub async fn next_number(&self) -> Result<u64, StoreError> {
        let rows = sqlx::query("SELECT id FROM tabula_tables")
            .fetch_all(&self.pool)
            .await
            .map_err(|e| self.error(e))?;
        let mut next = 1;
        for row in rows {
            let id: String = row.try_get(0).map_err(|e| self.error(e))?;
            if let Some(n) = id.strip_prefix('t').and_then(|n| n.parse::<u64>().ok()) {
                next = next.max(n + 1);
            }
        }
        Ok(next)
    }

    /// Every table not closed, with its log, in the order they were made.
    pub async fn load(&self) -> Result<Vec<StoredTable>, StoreError> {
        self.load_where(
            "SELECT id, game, options, setup, seats FROM tabula_tables WHERE id NOT IN \
             (SELECT table_id FROM tabula_closed) ORDER BY created, id",
            None,
        )
        .await
    }

    /// One table not closed, with its log (for a process that has not heard of it yet).
    pub async fn load_open(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut tables = self
            .load_where(
                "SELECT id, game, options, setup, seats FROM tabula_tables WHERE id = $1 \
                 AND id NOT IN (SELECT table_id FROM tabula_closed)",
                Some(id),
            )
            .await?;
        Ok(tables.pop())
    }

    /// One closed table, with its log.
    pub async fn load_closed(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut tables = self
            .load_where(
                "SELECT id, game, options, setup, seats FROM tabula_tables WHERE id = $1 \
                 AND id IN (SELECT table_id FROM tabula_closed)",
                Some(id),
            )
            .await?;
        Ok(tables.pop())
    }

    /// One table, closed or not, with its log.
    pub async fn load_one(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut tables = self
            .load_where(
                "SELECT id, game, options, setup, seats FROM tabula_tables WHERE id = $1",
                Some(id),
            )
            .await?;
        Ok(tables.pop())
    }

    async fn load_where(
        &self,
        query: &'static str,
        id: Option<&str>,
    ) -> Result<Vec<StoredTable>, StoreError> {
        let mut q = sqlx::query(query);
        if let Some(id) = id {
            q = q.bind(id);
        }
        let rows = q.fetch_all(&self.pool).await.map_err(|e| self.error(e))?;
        let mut tables = Vec::new();
        for row in rows {
            let id: String = row.try_get(0).map_err(|e| self.error(e))?;
            let seats: String = row.try_get(4).map_err(|e| self.error(e))?;
            let seats = serde_json::from_str(&seats).map_err(|e| self.corrupt(&id, 0, e))?;
            tables.push(StoredTable {
                game: row.try_get(1).map_err(|e| self.error(e))?,
                options: row.try_get(2).map_err(|e| self.error(e))?,
                setup: row.try_get(3).map_err(|e| self.error(e))?,
                seats,
                events: Vec::new(),
                invites: Vec::new(),
                id,
            });
        }
        for table in &mut tables {
            let rows = sqlx::query(
                "SELECT n, body, token FROM tabula_events WHERE table_id = $1 ORDER BY n",
            )
            .bind(&table.id)
            .fetch_all(&self.pool)
            .await
            .map_err(|e| self.error(e))?;
            for (i, row) in rows.iter().enumerate() {
                let n: i64 = row.try_get(0).map_err(|e| self.error(e))?;
                if n != i as i64 + 1 {
                    return Err(self.corrupt(&table.id, n, "events are not numbered 1, 2, 3..."));
                }
                let body: String = row.try_get(1).map_err(|e| self.error(e))?;
                let token: Option<String> = row.try_get(2).map_err(|e| self.error(e))?;
                let event =
                    serde_json::from_str(&body).map_err(|e| self.corrupt(&table.id, n, e))?;
                table.events.push((event, token));
            }
            let rows = sqlx::query(
                "SELECT seat, digest FROM tabula_invites WHERE table_id = $1 ORDER BY seat",
            )
            .bind(&table.id)
            .fetch_all(&self.pool)
            .await
            .map_err(|e| self.error(e))?;
            for row in rows {
                let seat: i64 = row.try_get(0).map_err(|e| self.error(e))?;
                let digest: String = row.try_get(1).map_err(|e| self.error(e))?;
                table.invites.push((seat as usize, digest));
            }
        }
        Ok(tables)
    }

    fn corrupt(&self, table: &str, n: i64, why: impl ToString) -> StoreError {
        StoreError::Corrupt {
            url: self.url.clone(),
            table: table.to_string(),
            n,
            why: why.to_string(),
        }
    }

    /// Closes the pool, waiting for its connections to finish.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Makes the file of `sqlite:FILE` readable and writable by its owner only, if it is not
/// there yet (SQLite gives its journal files the same permissions).
fn create_private(url: &str) -> std::io::Result<()> {
    let path = url
        .trim_start_matches("sqlite:")
        .trim_start_matches("//")
        .split('?')
        .next()
        .unwrap_or_default();
    if path.is_empty() || path.contains(":memory:") || std::path::Path::new(path).exists() {
        return Ok(());
    }
    let mut file = std::fs::OpenOptions::new();
    file.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
    match file.open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        other => other.map(drop),
    }
}

/// PostgreSQL's function appending events to a table's log: `tabula_append(table, first,
/// events, channel, notice)`, the events a JSON array of `[body, token]`. It takes the
/// table's row lock (writers of one table queue there, each then seeing where the log ends
/// after the one before it committed: each statement of the function reads afresh), and
/// returns the log's last event number before it; only when that is `first - 1` are the
/// events inserted and the notice sent, else nothing is written. The primary key refuses
/// an event number twice whatever happens.
const APPEND_FUNCTION: &str = "CREATE OR REPLACE FUNCTION tabula_append(\
    p_table TEXT, p_first BIGINT, p_events TEXT, p_channel TEXT, p_notice TEXT) \
    RETURNS BIGINT LANGUAGE plpgsql AS $$ \
    DECLARE last_n BIGINT; e RECORD; \
    BEGIN \
        PERFORM 1 FROM tabula_tables WHERE id = p_table FOR UPDATE; \
        IF NOT FOUND THEN RAISE EXCEPTION 'no table %', p_table; END IF; \
        SELECT COALESCE(MAX(n), 0) INTO last_n FROM tabula_events WHERE table_id = p_table; \
        IF last_n + 1 <> p_first THEN RETURN last_n; END IF; \
        FOR e IN SELECT value ->> 0 AS body, value ->> 1 AS token, ordinality - 1 AS i \
                 FROM json_array_elements(p_events::json) WITH ORDINALITY LOOP \
            INSERT INTO tabula_events (table_id, n, body, token) \
                VALUES (p_table, p_first + e.i, e.body, e.token); \
        END LOOP; \
        PERFORM pg_notify(p_channel, p_notice); \
        RETURN last_n; \
    END $$";

/// Tells the processes listening on [`CHANNEL`], once the transaction commits.
async fn notify(conn: &mut sqlx::AnyConnection, notice: &Notice) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS told")
        .bind(CHANNEL)
        .bind(notice.payload())
        .execute(conn)
        .await?;
    Ok(())
}

async fn insert_event(
    conn: &mut sqlx::AnyConnection,
    table: &str,
    n: i64,
    event: &Event,
    token: Option<&str>,
) -> Result<(), sqlx::Error> {
    let body = serde_json::to_string(event).expect("events serialise");
    sqlx::query("INSERT INTO tabula_events (table_id, n, body, token) VALUES ($1, $2, $3, $4)")
        .bind(table)
        .bind(n)
        .bind(body)
        .bind(token.map(str::to_string))
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn passwords_are_not_shown() {
        assert_eq!(
            shown("postgres://ann:secret@localhost/tabula"),
            "postgres://ann:***@localhost/tabula"
        );
        assert_eq!(shown("sqlite:tables.db"), "sqlite:tables.db");
    }
}
