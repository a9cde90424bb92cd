//! `tabula-server`: the table server on its own, without the 3D app (for a machine that
//! only serves). `tabula serve` runs the same server.

use clap::Parser;
use std::process::ExitCode;
use tabula_server::cli::{ServerCommand, run_serve};

fn main() -> ExitCode {
    match ServerCommand::parse() {
        ServerCommand::Serve(args) => run_serve(&args),
        ServerCommand::Loadtest(args) => tabula_server::loadtest::run_command(&args),
    }
}
