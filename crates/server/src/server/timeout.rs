//! The tables' clocks: every second, a table whose seat to move has run out of time
//! ([`crate::table::Table::out_of_time`]) has that seat resigned through the one door for
//! moves, stored and told to everyone like any move.

use super::{Play, Server};
use std::sync::Arc;
use std::time::Duration;

/// How often the clocks are looked at.
const EVERY: Duration = Duration::from_secs(1);

/// Resigns the seats whose time has run out, until the server stops.
pub(super) async fn clocks(server: Arc<Server>) {
    let mut stopped = server.stopped.subscribe();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(EVERY) => {}
            _ = stopped.wait_for(|s| *s) => return,
        }
        let handles: Vec<_> = server.tables.read().await.values().cloned().collect();
        let now = crate::clock::now_ms();
        for handle in handles {
            // A table busy now is looked at again in a second.
            let late = match handle.table.try_lock() {
                Ok(table) => table.out_of_time(now),
                Err(_) => None,
            };
            if let Some(seat) = late
                && let Err(e) = server.submit(&handle, seat, Play::Resign).await
            {
                eprintln!("tabula-server: a seat out of time was not resigned: {e}");
            }
        }
    }
}
