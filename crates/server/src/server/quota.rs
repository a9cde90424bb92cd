//! What one address may take over time: tables made and seats taken or given up (each a
//! lasting entry, in the list or in a log), counted in buckets that refill at a steady
//! rate; the tables it made that are open now; and the tables of computers only it has
//! playing.

use super::listen::Origin;
use super::{Limits, refusal};
use crate::table::Refusal;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// A bucket of `burst` tokens refilled at `per_minute`.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    checked: Instant,
}

impl Bucket {
    fn full(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            checked: Instant::now(),
        }
    }

    fn refill(&mut self, per_minute: f64, burst: f64) {
        let now = Instant::now();
        self.tokens = (self.tokens
            + now.duration_since(self.checked).as_secs_f64() * per_minute / 60.0)
            .min(burst);
        self.checked = now;
    }

    fn take(&mut self, per_minute: f64) -> bool {
        let burst = per_minute.max(1.0);
        self.refill(per_minute, burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One address's counts.
#[derive(Debug, Clone, Copy)]
struct Quota {
    tables: Bucket,
    seats: Bucket,
    open_tables: usize,
    computer_tables: usize,
}

/// Every address's counts (an address whose buckets are full again and that has no
/// table open is forgotten).
#[derive(Debug, Default)]
pub(crate) struct Quotas {
    by: Mutex<HashMap<Origin, Quota>>,
}

impl Quotas {
    fn with<T>(&self, origin: Origin, limits: &Limits, f: impl FnOnce(&mut Quota) -> T) -> T {
        let mut by = self.by.lock().expect("not poisoned");
        let quota = by.entry(origin).or_insert_with(|| Quota {
            tables: Bucket::full(limits.tables_per_minute.max(1.0)),
            seats: Bucket::full(limits.seat_changes_per_minute.max(1.0)),
            open_tables: 0,
            computer_tables: 0,
        });
        f(quota)
    }

    /// A table made by `origin`: refused past its rate, past its tables open at once, or
    /// past its tables of computers only playing at once when `computers_only`.
    pub(crate) fn create(
        &self,
        origin: Origin,
        computers_only: bool,
        limits: &Limits,
    ) -> Result<(), Refusal> {
        self.with(origin, limits, |q| {
            if q.open_tables >= limits.tables_per_address {
                return Err(refusal(
                    "too_many",
                    format!(
                        "your address has {} tables open, its most; finish or leave one \
                         (a table nobody uses closes after a while)",
                        q.open_tables
                    ),
                ));
            }
            if computers_only && q.computer_tables >= limits.computer_tables {
                return Err(refusal(
                    "too_many",
                    format!(
                        "your address has {} tables of computers only playing, its most; \
                         watch one of them, or wait for one to finish",
                        q.computer_tables
                    ),
                ));
            }
            if !q.tables.take(limits.tables_per_minute) {
                return Err(refusal(
                    "too_fast",
                    format!(
                        "at most {} tables a minute from one address; try again in a while",
                        limits.tables_per_minute
                    ),
                ));
            }
            q.open_tables += 1;
            if computers_only {
                q.computer_tables += 1;
            }
            Ok(())
        })
    }

    /// A table made by `origin` was closed (or not made after all).
    pub(crate) fn table_closed(&self, origin: Origin) {
        let mut by = self.by.lock().expect("not poisoned");
        if let Some(q) = by.get_mut(&origin) {
            q.open_tables = q.open_tables.saturating_sub(1);
        }
    }

    /// A table of computers only made by `origin` has finished or was closed.
    pub(crate) fn computer_table_done(&self, origin: Origin) {
        let mut by = self.by.lock().expect("not poisoned");
        if let Some(q) = by.get_mut(&origin) {
            q.computer_tables = q.computer_tables.saturating_sub(1);
        }
    }

    /// A seat taken or given up by `origin`: refused past its rate.
    pub(crate) fn seat_change(&self, origin: Origin, limits: &Limits) -> Result<(), Refusal> {
        self.with(origin, limits, |q| {
            if q.seats.take(limits.seat_changes_per_minute) {
                Ok(())
            } else {
                Err(refusal(
                    "too_fast",
                    format!(
                        "at most {} seats taken or given up a minute from one address: each \
                         is written in the table's log for good",
                        limits.seat_changes_per_minute
                    ),
                ))
            }
        })
    }

    /// Forgets the addresses that have nothing counted any more.
    pub(crate) fn forget_idle(&self, limits: &Limits) {
        let mut by = self.by.lock().expect("not poisoned");
        by.retain(|_, q| {
            let tables = limits.tables_per_minute.max(1.0);
            let seats = limits.seat_changes_per_minute.max(1.0);
            q.tables.refill(limits.tables_per_minute, tables);
            q.seats.refill(limits.seat_changes_per_minute, seats);
            q.open_tables > 0
                || q.computer_tables > 0
                || q.tables.tokens < tables
                || q.seats.tokens < seats
        });
    }
}
