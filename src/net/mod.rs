//! A table on a Tabula server, at this screen: `tabula play --join ws://HOST:PORT/TABLE`
//! sits at one of its seats, `tabula watch ws://HOST:PORT/TABLE` watches it. The
//! [`connection`] runs on a thread of its own; [`sync`] keeps the match in step with it.

pub(crate) mod connection;
pub(crate) mod sync;
