//! The look shared by every screen: text sizes, the colours of panels, buttons, headings and
//! messages, the marks and arrows drawn over the board, and the small widgets built from
//! them (a line of text, a button, a panel), so that the start screen, the HUD, a
//! demonstration and an exhibition agree.

use bevy::prelude::*;
use bevy::text::FontSize;
use tabula_rules::palette::Rgb;

/// A colour of a game's palette, as the table paints it. Each game declares its colours
/// once, as plain data in the rules crate (`tabula_rules::<game>::palette`), where the
/// server's page reads them too.
pub(crate) const fn color(c: Rgb) -> Color {
    Color::srgb(c.r, c.g, c.b)
}

/// Headings and titles: old gold.
pub(crate) const GOLD: Color = Color::srgb(0.85, 0.72, 0.4);
/// A warm caption colour for section labels.
pub(crate) const CAPTION: Color = Color::srgb(0.8, 0.75, 0.6);
/// Behind the start screen and the room.
pub(crate) const BACKGROUND: Color = Color::srgb(0.08, 0.07, 0.07);
/// A button at rest.
pub(crate) const BUTTON: Color = Color::srgb(0.25, 0.2, 0.14);
/// The button that starts or confirms: green.
pub(crate) const GO: Color = Color::srgb(0.2, 0.45, 0.2);
/// A button or field that links elsewhere (a move to look back at, a demonstration): blue.
pub(crate) const LINK: Color = Color::srgb(0.2, 0.3, 0.5);
/// The button that closes Tabula: dark red.
pub(crate) const QUIT: Color = Color::srgb(0.35, 0.15, 0.12);
/// The HUD's button back to the start screen: a muted violet, apart from the game's own.
pub(crate) const LEAVE: Color = Color::srgb(0.2, 0.18, 0.22);
/// Plain text on a panel.
pub(crate) const TEXT: Color = Color::srgb(0.85, 0.85, 0.85);
/// Text of less weight: hints, the command line a choice stands for.
pub(crate) const DIM: Color = Color::srgb(0.7, 0.7, 0.7);
/// A report to the players.
pub(crate) const INFO: Color = Color::srgb(0.85, 0.9, 0.85);
/// A refusal, with its reason.
pub(crate) const ERROR: Color = Color::srgb(1.0, 0.55, 0.45);
/// The counters under the status line.
pub(crate) const COUNTERS: Color = Color::srgb(0.8, 0.8, 0.8);
/// The help overlay's text.
pub(crate) const HELP_TEXT: Color = Color::srgb(0.92, 0.9, 0.85);
/// What the players are told while they look back at an earlier position.
pub(crate) const LOOKING_BACK: Color = Color::srgb(0.6, 0.8, 1.0);
/// The line of the move list whose position is looked at.
pub(crate) const VIEWED_LINE: Color = Color::srgb(0.25, 0.35, 0.55);

/// The panels over the table: the HUD's, the exhibition's banner, the spectator window's
/// caption (a little more transparent).
pub(crate) const PANEL: Color = Color::srgba(0.05, 0.05, 0.06, 0.72);
/// The help overlay, nearly opaque.
pub(crate) const HELP_PANEL: Color = Color::srgba(0.04, 0.04, 0.05, 0.92);
/// The exhibition's result card, warm and nearly opaque.
pub(crate) const CARD: Color = Color::srgba(0.06, 0.05, 0.04, 0.92);

/// The start screen's columns.
pub(crate) const MENU_PANEL: Color = Color::srgba(0.13, 0.11, 0.1, 0.95);
/// The game chosen on the start screen.
pub(crate) const CHOSEN: Color = Color::srgb(0.45, 0.33, 0.14);
/// A text field.
pub(crate) const FIELD: Color = Color::srgb(0.18, 0.16, 0.14);
/// The text field typed into.
pub(crate) const FOCUSED: Color = Color::srgb(0.3, 0.27, 0.18);
/// The start screen's line under its title.
pub(crate) const TAGLINE: Color = Color::srgb(0.8, 0.78, 0.72);
/// A game's description on the start screen.
pub(crate) const BLURB: Color = Color::srgb(0.85, 0.82, 0.75);

/// A demonstration's title bar and subtitles.
pub(crate) const SHOW_PANEL: Color = Color::srgba(0.03, 0.03, 0.04, 0.78);
/// A demonstration's title.
pub(crate) const SHOW_TITLE: Color = Color::srgb(0.95, 0.85, 0.55);
/// Where a demonstration stands (move, speed, variation).
pub(crate) const SHOW_STATE: Color = Color::srgb(0.75, 0.85, 1.0);
/// A demonstration note's arrows, like the patent figures' dotted lines.
pub(crate) const NOTE_ARROW: Color = Color::srgb(0.3, 0.85, 1.0);

/// A landing lit on the board: green.
pub(crate) const MARK_GO: Color = Color::srgb(0.2, 0.9, 0.35);
/// A capture lit on the board: orange.
pub(crate) const MARK_TAKE: Color = Color::srgb(1.0, 0.45, 0.1);
/// The chosen piece and path: yellow.
pub(crate) const MARK_CHOSEN: Color = Color::srgb(1.0, 0.85, 0.2);
/// The spot under the mouse: faint white.
pub(crate) const MARK_HOVER: Color = Color::srgba(1.0, 1.0, 1.0, 0.22);
/// The last move: faint gold.
pub(crate) const MARK_LAST: Color = Color::srgba(0.95, 0.8, 0.2, 0.35);
/// The last move's way, from the ring where it began to the target where it ended: amber.
pub(crate) const LAST_MOVE: Color = Color::srgb(1.0, 0.62, 0.1);

/// A demonstration note's squares, gold, pulsing with `glow` (0.5 to 1).
pub(crate) fn note_ring(glow: f32) -> Color {
    Color::srgb(1.0, 0.8 * glow, 0.2)
}

/// The computer's hint, green, pulsing with `glow` (0.5 to 1).
pub(crate) fn hint_glow(glow: f32) -> Color {
    Color::srgb(0.35 * glow, 1.0 * glow, 0.55)
}

/// Text of `size` pixels in the default font.
pub(crate) fn font(size: f32) -> TextFont {
    TextFont::from_font_size(FontSize::Px(size))
}

/// A line of text: its value, size and colour.
pub(crate) fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(value), font(size), TextColor(color))
}

/// A button of `color` laid out by `node`, its label in white text of `size` pixels.
pub(crate) fn button(label: impl Into<String>, size: f32, color: Color, node: Node) -> impl Bundle {
    (
        Button,
        node,
        BackgroundColor(color),
        children![text(label, size, Color::WHITE)],
    )
}

/// A panel of `color` laid out by `node`.
pub(crate) fn panel(color: Color, node: Node) -> impl Bundle {
    (node, BackgroundColor(color))
}

#[cfg(test)]
mod tests {
    use super::color;
    use bevy::prelude::*;
    use tabula_rules::palette::Rgb;

    /// Whether two colours agree to well under a shade in a byte.
    fn same(a: Color, b: Color) -> bool {
        let (a, b) = (a.to_srgba(), b.to_srgba());
        [
            (a.red, b.red),
            (a.green, b.green),
            (a.blue, b.blue),
            (a.alpha, b.alpha),
        ]
        .iter()
        .all(|(x, y)| (x - y).abs() < 1e-5)
    }

    /// The status line's colour as the palette lightens it, against Bevy's `lighter`.
    fn lightened_as_bevy_does(base: Rgb, status: Rgb, amount: f32) {
        let bevy = color(base).lighter(amount);
        assert!(same(color(status), bevy), "{status:?} against {bevy:?}");
    }

    #[test]
    fn the_palettes_lighten_and_mix_as_bevy_does() {
        use tabula_rules::{fences, screwball, transport, war};
        for side in war::Side::ALL {
            lightened_as_bevy_does(
                war::palette::army(side),
                war::palette::status(side),
                war::palette::STATUS_LIGHTER,
            );
        }
        // A colour light enough already is the status line's as it is.
        let light_enough = |base: Rgb, status: Rgb, enough: f32| {
            let kept = base.lightness() >= enough;
            if kept {
                assert_eq!(status, base);
            }
            kept
        };
        for fleet in 0..4 {
            let (base, status) = (
                transport::palette::fleet(fleet),
                transport::palette::status(fleet),
            );
            if !light_enough(base, status, transport::palette::STATUS_LIGHT_ENOUGH) {
                lightened_as_bevy_does(base, status, transport::palette::STATUS_LIGHTER);
            }
        }
        for section in fences::Section::ALL {
            let (base, status) = (
                fences::palette::seat(section),
                fences::palette::status(section),
            );
            if !light_enough(base, status, fences::palette::STATUS_LIGHT_ENOUGH) {
                lightened_as_bevy_does(base, status, fences::palette::STATUS_LIGHTER);
            }
            let bevy = color(fences::palette::seat(section))
                .mix(&color(fences::palette::NEUTRAL), fences::palette::TINT_FADE);
            let tint = fences::palette::tint(section);
            assert!(same(color(tint), bevy), "{tint:?} against {bevy:?}");
        }
        for player in screwball::Player::ALL {
            lightened_as_bevy_does(
                screwball::palette::pieces(player),
                screwball::palette::status(player),
                screwball::palette::STATUS_LIGHTER,
            );
        }
    }

    #[test]
    fn the_water_is_as_translucent_as_before() {
        use tabula_rules::transport::palette::{WATER, WATER_ALPHA};
        assert!(same(
            color(WATER).with_alpha(WATER_ALPHA),
            Color::srgba(0.2, 0.5, 0.7, 0.28)
        ));
    }
}
