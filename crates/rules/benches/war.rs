//! War benches.
fn main() {}
