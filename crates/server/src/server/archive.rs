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
    /// A table out of memory as the database holds it: a closed one (kept once read), or
    /// one whose closing could not be stored (read each time, since it is not known to
    /// be closed); `None` for no table.
    pub(super) async fn closed_table(&self, id: &str) -> Option<Arc<Table>> {
        if let Some(table) = self.archive.get(id) {
            return Some(table);
        }
        let (stored, closed) = match self.store.load_closed(id).await.ok()? {
            Some(stored) => (stored, true),
            None => (self.store.load_one(id).await.ok()??, false),
        };
        let table = tokio::task::spawn_blocking(move || super::restore(&stored))
            .await
            .ok()?
            .ok()?;
        let table = Arc::new(table);
        if closed {
            self.archive.keep(id, table.clone());
        }
        Some(table)
    }
}
