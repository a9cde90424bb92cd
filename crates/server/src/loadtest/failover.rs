//! `loadtest --failover`: several server processes on one PostgreSQL, tables of computers
//! only made on the first, watched from the last; the first is killed outright, and the
//! longest pause of each table across the kill is measured: how long its computer seats
//! waited for another process to take them over.

use super::{LoadArgs, LoadError, start_server};
use crate::client::Client;
use crate::protocol::{ClientMessage, SeatSpec, ServerMessage};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The computers' pace here, in milliseconds: slow enough for the games to outlast the
/// measurement.
pub const PACE: u64 = 200;

/// How long the tables play before and after the kill.
const BEFORE: Duration = Duration::from_secs(3);
const AFTER: Duration = Duration::from_secs(5);

/// What was measured.
#[derive(Debug, Clone)]
pub struct FailoverReport {
    /// Tables of computers only.
    pub tables: usize,
    /// Each table's longest pause between two events across the kill, sorted.
    pub pauses: Vec<Duration>,
    /// The longest pause between two events before the kill, all tables together.
    pub usual: Duration,
}

impl std::fmt::Display for FailoverReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "{} tables of computers (pace {PACE} ms): longest pause before the kill {:.0} ms; \
             across it ({} tables still playing): median {:.0} ms, longest {:.0} ms",
            self.tables,
            ms(self.usual),
            self.pauses.len(),
            ms(self
                .pauses
                .get(self.pauses.len() / 2)
                .copied()
                .unwrap_or_default()),
            ms(self.pauses.last().copied().unwrap_or_default())
        )
    }
}

/// Runs the measurement with `args.processes` processes (at least 2) on `args.db`.
pub async fn run(args: &LoadArgs, server_binary: PathBuf) -> Result<FailoverReport, LoadError> {
    let db = match &args.db {
        Some(db) if args.processes >= 2 && db.starts_with("postgres") => db.clone(),
        _ => {
            return Err(LoadError::Arguments(
                "--failover: give --processes 2 or more and a --db postgres://... they share"
                    .into(),
            ));
        }
    };
    let mut processes = Vec::new();
    let mut lobbies = Vec::new();
    let mut bases = Vec::new();
    for _ in 0..args.processes {
        let (child, base, lobby) = start_server(&server_binary, &db, args, PACE).await?;
        processes.push(child);
        bases.push(base);
        lobbies.push(lobby);
    }
    let computer = || SeatSpec::Computer {
        level: "easy".into(),
    };
    let count = args.tables.max(1);
    let watch_from = bases.last().cloned().unwrap_or_default();
    let mut watchers = Vec::new();
    for _ in 0..count {
        lobbies[0]
            .send(&ClientMessage::Create {
                game: args.game.clone(),
                options: String::new(),
                setup: None,
                seats: vec![computer(), computer()],
            })
            .await?;
        let table = match lobbies[0].recv(Duration::from_secs(30)).await? {
            ServerMessage::Created { table } => table,
            other => return Err(LoadError::Unexpected(format!("{other:?}"))),
        };
        let mut c = Client::connect(&format!("{watch_from}{}", table.id)).await?;
        c.send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await?;
        watchers.push(tokio::spawn(async move {
            let mut times = Vec::new();
            let end = Instant::now() + BEFORE + AFTER;
            while Instant::now() < end {
                match c.recv(end.saturating_duration_since(Instant::now())).await {
                    Ok(ServerMessage::Event { record, table }) => {
                        times.push((record.n, Instant::now()));
                        if table.result.is_some() {
                            break;
                        }
                    }
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
            times
        }));
    }
    tokio::time::sleep(BEFORE).await;
    let killed = Instant::now();
    drop(processes.remove(0));
    let mut pauses = Vec::new();
    let mut usual = Duration::ZERO;
    for w in watchers {
        let times = w.await.map_err(|e| LoadError::Unexpected(e.to_string()))?;
        for pair in times.windows(2) {
            let ((n0, t0), (n1, t1)) = (pair[0], pair[1]);
            if n1 != n0 + 1 {
                return Err(LoadError::Unexpected(format!("event {n1} came after {n0}")));
            }
            if t1 < killed {
                usual = usual.max(t1 - t0);
            } else if t0 <= killed {
                pauses.push(t1 - t0);
            }
        }
    }
    pauses.sort();
    Ok(FailoverReport {
        tables: count,
        pauses,
        usual,
    })
}
