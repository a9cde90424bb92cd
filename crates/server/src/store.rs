//! Where tables are kept: SQLite in a file by default, or PostgreSQL, through one pool and
//! the same statements. A table is a row (its game, options, setup and seats as created)
//! and its log is one row per event, written before anybody is told of the event.

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
    /// Its events, in order, each with the seat token it gave (for `Seated`).
    pub events: Vec<(Event, Option<String>)>,
}

/// The database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    url: String,
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
        // SQLite takes one writer at a time: one connection, the log in write-ahead mode
        // (a commit survives the process being killed at any moment).
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 8 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        sqlx::query("PRAGMA journal_mode = WAL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA synchronous = NORMAL")
                            .execute(&mut *conn)
                            .await?;
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
        };
        for statement in [
            "CREATE TABLE IF NOT EXISTS tabula_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, \
             options TEXT NOT NULL, setup TEXT, seats TEXT NOT NULL, created BIGINT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS tabula_events (table_id TEXT NOT NULL, n BIGINT NOT NULL, \
             body TEXT NOT NULL, token TEXT, PRIMARY KEY (table_id, n))",
        ] {
            sqlx::query(statement)
                .execute(&store.pool)
                .await
                .map_err(|e| store.error(e))?;
        }
        Ok(store)
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
        let mut conn = self.pool.acquire().await.map_err(|e| self.error(e))?;
        insert_event(&mut conn, table, n as i64, event, token)
            .await
            .map_err(|e| self.error(e))
    }

    /// Every table with its log, in the order they were made.
    pub async fn load(&self) -> Result<Vec<StoredTable>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, options, setup, seats FROM tabula_tables ORDER BY created, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(|e| self.error(e))?;
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
