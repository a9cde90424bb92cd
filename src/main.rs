//! Tabula app entry point.
fn main() {
    let _ = bevy::app::App::new();
}
