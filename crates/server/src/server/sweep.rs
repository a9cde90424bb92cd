//! Closing abandoned tables: a table nobody is connected to, where no player has moved or
//! sat down for `Limits::abandon_after`, leaves memory; the database keeps it, marked
//! closed, whole and downloadable (`/TABLE/scene.ron`), and it is not loaded again at start.

use super::{Server, now_ms};
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
    /// Closes the tables abandoned now; returns how many.
    pub(super) async fn sweep(&self) -> usize {
        let after = self.config.limits.abandon_after;
        let idle: Vec<_> = self
            .tables
            .read()
            .await
            .iter()
            .filter(|(_, h)| h.watchers.load(Ordering::SeqCst) == 0 && h.idle() >= after)
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect();
        let mut closed = 0;
        for (id, handle) in idle {
            // Under the table's lock no move is being stored; under the list's, nobody
            // comes to the table while it goes.
            let _table = handle.table.lock().await;
            {
                let mut tables = self.tables.write().await;
                if handle.watchers.load(Ordering::SeqCst) != 0 || handle.idle() < after {
                    continue;
                }
                tables.remove(&id);
            }
            handle.closed.store(true, Ordering::SeqCst);
            self.release_computers(&handle);
            if let Err(e) = self.store.close_table(&id, now_ms()).await {
                eprintln!("tabula-server: table {id} left memory but is not marked closed: {e}");
            }
            closed += 1;
        }
        closed
    }
}
