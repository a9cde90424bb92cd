//! Closing abandoned tables: a table nobody is connected to, where no player has moved or
//! sat down for `Limits::abandon_after` (longer where the game waits for a player who need
//! not be there: [`crate::table::Table::waits_for`]), leaves memory; the database keeps it,
//! marked closed, whole and downloadable (`/TABLE/scene.ron`), and it is not loaded again
//! at start.

use super::{Server, TableHandle, now_ms};
use crate::table::Waiting;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Looks for abandoned tables every little while (a quarter of the time after which a
/// table is abandoned, at most a minute) until the server stops.
pub(super) async fn sweeper(server: Arc<Server>) {
    let limits = server.config.limits;
    let every =
        (limits.abandon_after / 4).clamp(Duration::from_millis(20), Duration::from_secs(60));
    let mut stopped = server.stopped.subscribe();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = stopped.wait_for(|s| *s) => return,
        }
        server.sweep().await;
        server.quotas.forget_idle(&limits);
    }
}

impl Server {
    /// Closes the tables abandoned now; returns how many. A table nobody is connected to
    /// is abandoned once unused for `abandon_after`; one whose game waits on a running
    /// clock is kept until the clock ends the wait, and one that waits for an invited
    /// player for `invitation_wait`.
    pub(super) async fn sweep(&self) -> usize {
        let limits = self.config.limits;
        let unwatched = |h: &TableHandle| h.watchers.load(Ordering::SeqCst) == 0;
        let idle: Vec<_> = self
            .tables
            .read()
            .await
            .iter()
            .filter(|(_, h)| unwatched(h) && h.idle() >= limits.abandon_after)
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect();
        let mut closed = 0;
        for (id, handle) in idle {
            // Under the table's lock no move is being stored; under the list's, nobody
            // comes to the table while it goes.
            let table = handle.table.lock().await;
            let after = match table.waits_for() {
                Some(Waiting::Clock) => continue,
                Some(Waiting::Invitation) => limits.invitation_wait,
                None => limits.abandon_after,
            };
            {
                let mut tables = self.tables.write().await;
                if !unwatched(&handle) || handle.idle() < after {
                    continue;
                }
                tables.remove(&id);
            }
            handle.closed.store(true, Ordering::SeqCst);
            self.release_computers(&handle);
            if let Some(origin) = handle.made_by.lock().expect("not poisoned").take() {
                self.quotas.table_closed(origin);
            }
            if let Err(e) = self.store.close_table(&id, now_ms()).await {
                eprintln!("tabula-server: table {id} left memory but is not marked closed: {e}");
            }
            closed += 1;
        }
        closed
    }
}
