//! What one server process tells the others sharing its PostgreSQL database, through
//! `NOTIFY` on [`CHANNEL`], in the transaction that stores the change: a table made, or
//! events appended to a table's log; and, apart from any change, the seats its connections
//! hold. A notice may be lost (a listener reconnecting); the log is the truth, and a
//! process that finds a gap in a table's numbers reads it there.

use crate::protocol::Event;
use serde::{Deserialize, Serialize};

/// The channel the server processes listen on.
pub const CHANNEL: &str = "tabula";

/// PostgreSQL refuses a payload of 8,000 bytes or more: a longer notice goes without its
/// events, which the listeners read from the log.
const MAX_PAYLOAD: usize = 7_900;

/// A change stored by one process.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// A table was made: read it from the database.
    Created {
        /// Its name.
        table: String,
    },
    /// Events `first..=last` were appended to a table's log.
    Events {
        /// The table.
        table: String,
        /// The number of the first event.
        first: u64,
        /// The number of the last event.
        last: u64,
        /// The events, each with the digest of the seat token it gave; none when they
        /// would not fit in a notice (read them from the log).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        events: Option<Vec<(Event, Option<String>)>>,
    },
    /// The seats that players hold through one process's connections now, at each table
    /// named (none: no more), said when they change and again while any is held
    /// ([`crate::presence`]).
    Present {
        /// The process saying it (a number it drew at start).
        process: u64,
        /// Each table with its seats held, by their numbers.
        held: Vec<(String, Vec<usize>)>,
    },
}

/// Tables named at most in one [`Notice::Present`], so that it stays well within a
/// notice's length (a table's name and seats take some tens of bytes).
pub const PRESENT_TABLES: usize = 100;

impl Notice {
    /// The payload: JSON, without the events when they would make it too long.
    pub fn payload(&self) -> String {
        let text = serde_json::to_string(self).expect("notices serialise");
        match self {
            Notice::Events {
                table,
                first,
                last,
                events: Some(_),
            } if text.len() > MAX_PAYLOAD => serde_json::to_string(&Notice::Events {
                table: table.clone(),
                first: *first,
                last: *last,
                events: None,
            })
            .expect("notices serialise"),
            _ => text,
        }
    }

    /// Reads a payload; `None` for one that is not a notice (written by something else).
    pub fn parse(payload: &str) -> Option<Notice> {
        serde_json::from_str(payload).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_reads_back() {
        let notice = Notice::Events {
            table: "t3".into(),
            first: 4,
            last: 4,
            events: Some(vec![(
                Event::Seated {
                    seat: "White".into(),
                    name: "Ann".into(),
                },
                Some("ab".repeat(32)),
            )]),
        };
        assert_eq!(Notice::parse(&notice.payload()), Some(notice));
        assert_eq!(Notice::parse("something else"), None);
    }

    #[test]
    fn the_seats_held_at_as_many_tables_as_a_notice_names_fit_in_one() {
        let held: Vec<(String, Vec<usize>)> = (0..PRESENT_TABLES)
            .map(|i| (format!("t{}", 1_000_000_000 + i), vec![0, 1, 2, 3]))
            .collect();
        let notice = Notice::Present {
            process: u64::MAX,
            held,
        };
        let payload = notice.payload();
        assert!(payload.len() < MAX_PAYLOAD, "{} bytes", payload.len());
        assert_eq!(Notice::parse(&payload), Some(notice));
    }

    #[test]
    fn a_long_notice_goes_without_its_events() {
        let name = "x".repeat(MAX_PAYLOAD);
        let notice = Notice::Events {
            table: "t1".into(),
            first: 2,
            last: 2,
            events: Some(vec![(
                Event::Seated {
                    seat: "White".into(),
                    name,
                },
                None,
            )]),
        };
        let payload = notice.payload();
        assert!(payload.len() < MAX_PAYLOAD);
        assert_eq!(
            Notice::parse(&payload),
            Some(Notice::Events {
                table: "t1".into(),
                first: 2,
                last: 2,
                events: None
            })
        );
    }
}
