//! The `tabula` binary: the 3D tabletop, and the command-line tools beside it.

fn main() -> std::process::ExitCode {
    tabula::cli::main()
}
