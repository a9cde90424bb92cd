//! Camelot's colours, as on the 3D table: the board and its castles, the two armies and
//! their trim, and the shades the server's page draws with.

use super::Side;
use crate::palette::{Rgb, rgb};

/// Light squares.
pub const LIGHT: Rgb = rgb(0.80, 0.72, 0.55);
/// Dark squares.
pub const DARK: Rgb = rgb(0.42, 0.27, 0.16);
/// The White army: ivory.
pub const WHITE: Rgb = rgb(0.93, 0.90, 0.82);
/// The Black army: ebony.
pub const BLACK: Rgb = rgb(0.10, 0.10, 0.11);
/// Castle floors.
pub const CASTLE: Rgb = rgb(0.55, 0.12, 0.12);
/// Stone walls.
pub const STONE: Rgb = rgb(0.62, 0.60, 0.56);
/// The wooden frame along the board's stepped outline.
pub const FRAME: Rgb = rgb(0.22, 0.12, 0.06);
/// The trim of White's pieces.
pub const WHITE_TRIM: Rgb = rgb(0.55, 0.12, 0.1);
/// The trim of Black's pieces.
pub const BLACK_TRIM: Rgb = rgb(0.85, 0.68, 0.25);
/// The status line while White is to move.
pub const WHITE_STATUS: Rgb = rgb(0.95, 0.92, 0.85);
/// The status line while Black is to move.
pub const BLACK_STATUS: Rgb = rgb(0.62, 0.62, 0.7);
/// The outline of the castles' walls in the page's picture.
pub const STONE_EDGE: Rgb = rgb(0.373, 0.357, 0.333);
/// The outline of White's pieces in the page's picture.
pub const WHITE_EDGE: Rgb = rgb(0.541, 0.478, 0.361);
/// The outline of Black's pieces in the page's picture.
pub const BLACK_EDGE: Rgb = rgb(0.467, 0.467, 0.486);
/// The knights' gold rims, and Black's knights' letter, in the page's picture (White's
/// knights are lettered in [`CASTLE`]).
pub const GOLD: Rgb = rgb(0.86, 0.68, 0.22);

/// The colour of an army.
pub const fn army(side: Side) -> Rgb {
    match side {
        Side::White => WHITE,
        Side::Black => BLACK,
    }
}

/// The colour of the status line while `side` is to move.
pub const fn status(side: Side) -> Rgb {
    match side {
        Side::White => WHITE_STATUS,
        Side::Black => BLACK_STATUS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_armies_and_their_status_lines_have_their_colours() {
        assert_eq!(army(Side::White).hex(), "#ede6d1");
        assert_eq!(army(Side::Black).hex(), "#1a1a1c");
        assert_eq!(status(Side::White).hex(), "#f2ebd9");
        assert_eq!(status(Side::Black).hex(), "#9e9eb3");
        assert_eq!(WHITE_EDGE.hex(), "#8a7a5c");
        assert_eq!(BLACK_EDGE.hex(), "#77777c");
    }

    #[test]
    fn the_armies_are_told_apart_in_grayscale_and_by_the_colour_blind() {
        assert_eq!(
            crate::palette::opponents_confusion(army(Side::White), army(Side::Black)),
            None
        );
    }
}
