//! The look shared by every screen: text sizes and the colours of panels, buttons, headings
//! and messages, so that the start screen, the HUD and a demonstration's captions agree.

use bevy::prelude::*;
use bevy::text::FontSize;

/// Headings and titles: old gold.
pub const GOLD: Color = Color::srgb(0.85, 0.72, 0.4);
/// A warm caption colour for section labels.
pub const CAPTION: Color = Color::srgb(0.8, 0.75, 0.6);
/// Behind the start screen and the room.
pub const BACKGROUND: Color = Color::srgb(0.08, 0.07, 0.07);
/// A button at rest.
pub const BUTTON: Color = Color::srgb(0.25, 0.2, 0.14);
/// The button that starts or confirms: green.
pub const GO: Color = Color::srgb(0.2, 0.45, 0.2);
/// A button or field that links elsewhere (a move to look back at, a demonstration): blue.
pub const LINK: Color = Color::srgb(0.2, 0.3, 0.5);
/// Plain text on a panel.
pub const TEXT: Color = Color::srgb(0.85, 0.85, 0.85);
/// Text of less weight: hints, the command line a choice stands for.
pub const DIM: Color = Color::srgb(0.7, 0.7, 0.7);
/// A report to the players.
pub const INFO: Color = Color::srgb(0.85, 0.9, 0.85);
/// A refusal, with its reason.
pub const ERROR: Color = Color::srgb(1.0, 0.55, 0.45);

/// Text of `size` pixels in the default font.
pub fn font(size: f32) -> TextFont {
    TextFont::from_font_size(FontSize::Px(size))
}

/// A line of text: its value, size and colour.
pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(value), font(size), TextColor(color))
}
