//! The server's commands, as the `tabula` app and the `tabula-server` binary both offer
//! them: `serve` and `loadtest`.

use crate::server::{Config, Limits};
use crate::tls::TlsError;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// `serve`: run the table server.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Where to listen (an address and port; 0.0.0.0 to be reached from other machines).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub listen: SocketAddr,
    /// The database: `sqlite:FILE` (made if missing) or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = "sqlite:tabula-tables.db")]
    pub db: String,
    /// The least time a computer seat takes over a move, in milliseconds (so that an
    /// audience can follow games between computers).
    #[arg(long, default_value_t = 800, value_name = "MS")]
    pub pace: u64,
    /// Messages a second one connection may send, over time.
    #[arg(long, default_value_t = 20.0)]
    pub rate: f64,
    /// Connections at once, in all (past it: 503).
    #[arg(long, default_value_t = Limits::default().max_connections, value_name = "N")]
    pub max_connections: usize,
    /// Connections at once from one address, an IPv6 address's /64 (past it: 429).
    #[arg(long, default_value_t = Limits::default().max_per_address, value_name = "N")]
    pub max_per_address: usize,
    /// Tables the server holds in memory at most (past it, `create` is refused).
    #[arg(long, default_value_t = Limits::default().max_tables, value_name = "N")]
    pub max_tables: usize,
    /// Seconds a connection has for its TLS handshake, and for each request's head.
    #[arg(long, default_value_t = Limits::default().handshake.as_secs_f64(), value_name = "SECONDS")]
    pub handshake_timeout: f64,
    /// Seconds a WebSocket may stay silent (not even answering a ping, sent every third of
    /// it) before it is closed.
    #[arg(long, default_value_t = Limits::default().idle_timeout.as_secs_f64(), value_name = "SECONDS")]
    pub idle_timeout: f64,
    /// Tables one address may make a minute.
    #[arg(long, default_value_t = Limits::default().tables_per_minute, value_name = "N")]
    pub tables_per_minute: f64,
    /// Seats one address may take or give up a minute.
    #[arg(long, default_value_t = Limits::default().seat_changes_per_minute, value_name = "N")]
    pub seat_changes_per_minute: f64,
    /// A table nobody is connected to and where no player has moved for this many
    /// minutes is closed (kept in the database, downloadable, out of memory).
    #[arg(long, default_value_t = 30.0, value_name = "MINUTES")]
    pub abandon_after: f64,
    /// A table waiting for an invited player to take his seat is closed only after this
    /// many days without use.
    #[arg(long, default_value_t = 7.0, value_name = "DAYS")]
    pub invitation_wait: f64,
    /// The computer's searches at once, all tables together (default: one less than the
    /// cores, at least 1).
    #[arg(long, value_name = "N")]
    pub searches: Option<usize>,
    /// Tables of computers only that one address may have playing at once.
    #[arg(long, default_value_t = Limits::default().computer_tables, value_name = "N")]
    pub computer_tables: usize,
    /// Tables made by one address that may be open at once.
    #[arg(long, default_value_t = Limits::default().tables_per_address, value_name = "N")]
    pub tables_per_address: usize,
    /// A site whose pages may open WebSockets here besides this server's own pages, as
    /// its origin (`https://example.org`); may be given more than once.
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// How SQLite commits: `full` (each move on the disk before anybody is told of it: a
    /// power cut loses none) or `normal` (faster; a power cut may lose the last moves).
    #[arg(long, value_enum, default_value = "full", value_name = "MODE")]
    pub sqlite_sync: SqliteSync,
    /// Serve https and wss with this certificate chain (PEM, the server's own first).
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key of `--tls-cert` (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// A reverse proxy in front of this server, by its address: the client's address in
    /// its `X-Forwarded-For` is the one counted (nobody else's header is read).
    #[arg(long, value_name = "ADDR")]
    pub trust_proxy: Option<IpAddr>,
}

/// How SQLite commits (`--sqlite-sync`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SqliteSync {
    /// `synchronous = FULL`.
    Full,
    /// `synchronous = NORMAL`.
    Normal,
}

impl ServeArgs {
    /// The server's configuration, with its certificate and key read if given.
    pub fn config(&self) -> Result<Config, TlsError> {
        let tls = match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => Some(crate::tls::server_config(cert, key)?),
            _ => None,
        };
        Ok(Config {
            listen: self.listen,
            db: self.db.clone(),
            pace: Duration::from_millis(self.pace),
            limits: Limits {
                rate: self.rate,
                burst: (self.rate * 2.0).max(1.0),
                max_connections: self.max_connections.max(1),
                max_per_address: self.max_per_address.max(1),
                tables_per_minute: self.tables_per_minute,
                seat_changes_per_minute: self.seat_changes_per_minute,
                abandon_after: seconds(self.abandon_after * 60.0, Limits::default().abandon_after),
                invitation_wait: seconds(
                    self.invitation_wait * 24.0 * 3600.0,
                    Limits::default().invitation_wait,
                ),
                max_tables: self.max_tables.max(1),
                handshake: seconds(self.handshake_timeout, Limits::default().handshake),
                idle_timeout: seconds(self.idle_timeout, Limits::default().idle_timeout),
                ping_every: seconds(self.idle_timeout / 3.0, Limits::default().ping_every),
                searches: self
                    .searches
                    .unwrap_or_else(crate::server::default_searches)
                    .max(1),
                computer_tables: self.computer_tables,
                tables_per_address: self.tables_per_address.max(1),
                ..Limits::default()
            },
            allow_origins: self.allow_origin.clone(),
            sqlite_full_sync: self.sqlite_sync == SqliteSync::Full,
            tls,
            trust_proxy: self.trust_proxy,
        })
    }
}

/// `value` seconds, or `otherwise` where that is no duration (`run_serve` refuses those
/// first, naming the flag).
fn seconds(value: f64, otherwise: Duration) -> Duration {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .unwrap_or(otherwise)
}

/// The commands of the `tabula-server` binary.
#[derive(Debug, clap::Parser)]
#[command(name = "tabula-server", version, about = "Tabula's table server")]
pub enum ServerCommand {
    /// Run the table server.
    Serve(ServeArgs),
    /// Measure a server on loopback under load: many spectators, many tables.
    Loadtest(crate::loadtest::LoadArgs),
}

/// Runs the server on a runtime of its own until Ctrl+C; errors are printed.
pub fn run_serve(args: &ServeArgs) -> ExitCode {
    for (flag, value) in [
        ("--rate", args.rate),
        ("--tables-per-minute", args.tables_per_minute),
        ("--seat-changes-per-minute", args.seat_changes_per_minute),
        ("--abandon-after", args.abandon_after),
        ("--invitation-wait", args.invitation_wait),
        ("--handshake-timeout", args.handshake_timeout),
        ("--idle-timeout", args.idle_timeout),
    ] {
        if !(value > 0.0 && value.is_finite()) {
            eprintln!("error: {flag} {value}: give a number above 0");
            return ExitCode::from(2);
        }
    }
    let config = match args.config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the server's runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(crate::server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn serve(args: &[&str]) -> Result<ServeArgs, clap::Error> {
        let all = ["tabula-server", "serve"].iter().chain(args);
        ServerCommand::try_parse_from(all).map(|command| match command {
            ServerCommand::Serve(args) => args,
            ServerCommand::Loadtest(_) => unreachable!(),
        })
    }

    #[test]
    fn the_limits_flags_set_the_limits() {
        let args = serve(&[
            "--handshake-timeout",
            "2.5",
            "--idle-timeout",
            "30",
            "--max-tables",
            "7",
            "--trust-proxy",
            "10.0.0.1",
        ])
        .unwrap();
        let config = args.config().unwrap();
        assert_eq!(config.limits.handshake, Duration::from_millis(2_500));
        assert_eq!(config.limits.idle_timeout, Duration::from_secs(30));
        assert_eq!(config.limits.ping_every, Duration::from_secs(10));
        assert_eq!(config.limits.max_tables, 7);
        assert_eq!(config.trust_proxy, Some("10.0.0.1".parse().unwrap()));
        assert!(config.tls.is_none());
        // The defaults are the library's.
        let config = serve(&[]).unwrap().config().unwrap();
        assert_eq!(config.limits.handshake, Limits::default().handshake);
        assert_eq!(config.limits.idle_timeout, Limits::default().idle_timeout);
        assert_eq!(config.limits.ping_every, Limits::default().ping_every);
    }

    #[test]
    fn a_certificate_comes_with_its_key() {
        let e = serve(&["--tls-cert", "cert.pem"]).unwrap_err().to_string();
        assert!(e.contains("--tls-key"), "{e}");
        let e = serve(&["--tls-key", "key.pem"]).unwrap_err().to_string();
        assert!(e.contains("--tls-cert"), "{e}");
        let args = serve(&["--tls-cert", "/no/cert.pem", "--tls-key", "/no/key.pem"]).unwrap();
        let e = args.config().unwrap_err().to_string();
        assert!(e.starts_with("/no/cert.pem: cannot read it"), "{e}");
    }
}
