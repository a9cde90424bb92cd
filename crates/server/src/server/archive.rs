//! Closed tables read back from the database for their pages (`/TABLE`, `board.svg`,
//! `scene.ron`): a closed table never changes, so the few asked for last are kept, and
//! its log is replayed off the runtime's threads, once.

use super::Server;
use crate::table::Table;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// How many closed tables are kept.
const KEPT: usize = 32;

/// The closed tables asked for last, the newest at the back.
#[derive(Debug, Default)]
pub(super) struct Archive {
    kept: Mutex<VecDeque<(String, Arc<Table>)>>,
}

impl Archive {
    fn get(&self, id: &str) -> Option<Arc<Table>> {
        let kept = self.kept.lock().expect("not poisoned");
        kept.iter().find(|(k, _)| k == id).map(|(_, t)| t.clone())
    }

    fn keep(&self, id: &str, table: Arc<Table>) {
        let mut kept = self.kept.lock().expect("not poisoned");
        kept.retain(|(k, _)| k != id);
        if kept.len() >= KEPT {
            kept.pop_front();
        }
        kept.push_back((id.to_string(), table));
    }
}

impl Server {
    /// A closed table, as it stood when it closed; `None` for a table that is not closed
    /// (or not at all).
    pub(super) async fn closed_table(&self, id: &str) -> Option<Arc<Table>> {
        if let Some(table) = self.archive.get(id) {
            return Some(table);
        }
        let stored = self.store.load_closed(id).await.ok()??;
        let table = tokio::task::spawn_blocking(move || super::restore(&stored))
            .await
            .ok()?
            .ok()?;
        let table = Arc::new(table);
        self.archive.keep(id, table.clone());
        Some(table)
    }
}
