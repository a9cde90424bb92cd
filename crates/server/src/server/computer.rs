//! The computer's seats: a search when a computer is to move, run on a blocking thread
//! (never on the runtime's threads, where the connections are served) once one of the
//! shared permits is free, first come first served, then played through
//! [`Server::submit`] like anyone's move.

use super::{Play, Server, TableHandle};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tabula_ai::games::AnyGame;
use tabula_ai::{Action, with_game};
use tabula_rules::Game;

impl Server {
    /// Starts the computer's search when a computer seat is to move.
    pub(super) fn maybe_think(self: &Arc<Self>, handle: Arc<TableHandle>) {
        tokio::spawn(Self::think(self.clone(), handle));
    }

    /// A table of computers only no longer counts against the address that made it (its
    /// game is over, or it was closed).
    pub(super) fn release_computers(&self, handle: &TableHandle) {
        if let Some(origin) = handle.computers.lock().expect("not poisoned").take() {
            self.quotas.computer_table_done(origin);
        }
    }

    /// The computer's turn, if it is one: waits for a permit to search, searches off the
    /// runtime's threads, waits for the pace, then plays through [`Server::submit`].
    fn think(
        server: Arc<Self>,
        handle: Arc<TableHandle>,
    ) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        Box::pin(async move {
            let (seat, level, game, ply) = {
                let table = handle.table.lock().await;
                let Some((seat, level)) = table.computer_to_move() else {
                    if table.result().is_some() {
                        server.release_computers(&handle);
                    }
                    return;
                };
                // With PostgreSQL shared, the process holding the table's lock plays.
                if !server.runs_computers(&table.id) {
                    return;
                }
                (seat, level, table.game().clone(), table.ply())
            };
            {
                let mut thinking = handle.thinking.lock().expect("not poisoned");
                if *thinking == Some(ply) {
                    return;
                }
                *thinking = Some(ply);
            }
            let started = Instant::now();
            // The permits are handed out in the order they were asked for: every table's
            // search waits behind at most one search of each other table.
            let Ok(permit) = server.searches.clone().acquire_owned().await else {
                return;
            };
            if handle.closed.load(Ordering::SeqCst) || *server.stopped.borrow() {
                return;
            }
            let now = server.searching.fetch_add(1, Ordering::SeqCst) + 1;
            server.most_searching.fetch_max(now, Ordering::SeqCst);
            let search = tokio::task::spawn_blocking(move || choose(&game, level, ply)).await;
            server.searching.fetch_sub(1, Ordering::SeqCst);
            drop(permit);
            let wait = server.config.pace.saturating_sub(started.elapsed());
            tokio::time::sleep(wait).await;
            let request = match &search {
                Ok(Some(text)) => Play::Move(text, Some(ply)),
                Ok(None) => Play::Chance(Some(ply)),
                Err(_) => return,
            };
            if let Err(e) = server.submit(&handle, seat, request).await {
                // A stale answer (the position moved on) is dropped, and so is a move for
                // a table closed meanwhile; anything else is a fault worth telling. A move
                // the database could not take is tried again a little later, so that the
                // table does not wait for ever.
                if e.code != "stale" && e.code != "unknown_table" {
                    eprintln!("tabula-server: the computer's move was refused: {e}");
                }
                if e.code == "storage" {
                    *handle.thinking.lock().expect("not poisoned") = None;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    if !*server.stopped.borrow() {
                        server.maybe_think(handle.clone());
                    }
                }
            }
        })
    }
}

/// The computer's choice: a move in notation, or `None` to let the chance input come.
fn choose(game: &AnyGame, level: tabula_ai::Level, ply: usize) -> Option<String> {
    let players = game.player_names().len();
    let seed = (ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x7ab1e;
    let settings = tabula_ai::levels::level_settings(game.kind(), players, level, None, seed);
    with_game!(game, g, k => match tabula_ai::analyse(g, &k, &settings) {
        Ok(analysis) => match analysis.best {
            Action::Play(m) => Some(g.move_text(&m)),
            Action::Chance => None,
        },
        // No decision: the game is over or has no move; the chance path refuses cleanly.
        Err(_) => None,
    })
}
