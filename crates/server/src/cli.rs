//! The server's commands, as the `tabula` app and the `tabula-server` binary both offer
//! them: `serve` and `loadtest`.

use crate::server::{Config, Limits};
use std::net::SocketAddr;
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
}

impl ServeArgs {
    /// The server's configuration.
    pub fn config(&self) -> Config {
        Config {
            listen: self.listen,
            db: self.db.clone(),
            pace: Duration::from_millis(self.pace),
            limits: Limits {
                rate: self.rate,
                burst: (self.rate * 2.0).max(1.0),
                ..Limits::default()
            },
        }
    }
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
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        eprintln!(
            "error: --rate {}: give a number of messages a second above 0",
            args.rate
        );
        return ExitCode::from(2);
    }
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
    match runtime.block_on(crate::server::serve(args.config())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
