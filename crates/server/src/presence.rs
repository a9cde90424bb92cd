//! Seats held through the other server processes sharing PostgreSQL. Each process says
//! which seats of a table its connections hold ([`crate::notice::Notice::Present`]) when
//! that changes, and again every [`PRESENT_EVERY`] while it holds any; a process not heard
//! from again within [`PRESENT_FOR`] (killed, or cut off from the database) holds none.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How often a process says again which seats its connections hold.
pub const PRESENT_EVERY: Duration = Duration::from_secs(2);

/// How long what a process said holds: past it, unless said again, its seats show away.
pub const PRESENT_FOR: Duration = Duration::from_secs(6);

/// What the other processes said their connections hold at one table.
#[derive(Debug, Clone, Default)]
pub struct Elsewhere {
    /// For each process (its number), the seats it holds, until when.
    said: BTreeMap<u64, (Vec<usize>, Instant)>,
}

impl Elsewhere {
    /// Takes what `process` says its connections hold now (none: it holds no seat here
    /// any more), good until `until`; true when the seats it holds changed.
    pub fn said(&mut self, process: u64, seats: Vec<usize>, until: Instant) -> bool {
        if seats.is_empty() {
            return self.said.remove(&process).is_some();
        }
        let before = self.said.insert(process, (seats.clone(), until));
        before.is_none_or(|(held, _)| held != seats)
    }

    /// Forgets the processes not heard from again by `now`; true when any was forgotten.
    pub fn forget_silent(&mut self, now: Instant) -> bool {
        let before = self.said.len();
        self.said.retain(|_, (_, until)| *until > now);
        self.said.len() != before
    }

    /// Whether another process holds `seat`, as of `now`.
    pub fn holds(&self, seat: usize, now: Instant) -> bool {
        self.said
            .values()
            .any(|(seats, until)| *until > now && seats.contains(&seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_held_elsewhere_shows_until_its_process_says_otherwise_or_falls_silent() {
        let now = Instant::now();
        let mut elsewhere = Elsewhere::default();
        assert!(!elsewhere.holds(0, now));
        assert!(elsewhere.said(7, vec![0], now + PRESENT_FOR));
        assert!(elsewhere.holds(0, now) && !elsewhere.holds(1, now));
        // Said again, unchanged: no change to show.
        assert!(!elsewhere.said(7, vec![0], now + PRESENT_FOR));
        // Another process holds the other seat; the first lets its seat go.
        assert!(elsewhere.said(9, vec![1], now + PRESENT_FOR));
        assert!(elsewhere.said(7, Vec::new(), now + PRESENT_FOR));
        assert!(!elsewhere.holds(0, now) && elsewhere.holds(1, now));
        // The second falls silent: past its time its seat shows away, and it is forgotten.
        let later = now + PRESENT_FOR + Duration::from_millis(1);
        assert!(!elsewhere.holds(1, later));
        assert!(elsewhere.forget_silent(later));
        assert!(!elsewhere.forget_silent(later));
    }
}
