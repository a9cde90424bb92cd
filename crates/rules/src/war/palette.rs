//! The Game of War's colours, as on the 3D table: the board, the two armies and their trim,
//! and the shades the server's page draws with.

use super::Side;
use crate::palette::{Rgb, rgb};

/// Light squares.
pub const LIGHT: Rgb = rgb(0.86, 0.82, 0.72);
/// Dark squares.
pub const DARK: Rgb = rgb(0.16, 0.15, 0.15);
/// The Red army (and its citadel's floor): a light vermilion, which no kind of colour
/// blindness confuses with Blue and which is lighter than Blue in grayscale.
pub const RED: Rgb = rgb(0.97, 0.33, 0.04);
/// The Blue army (and its citadel's floor): a deep blue.
pub const BLUE: Rgb = rgb(0.10, 0.24, 0.88);
/// Gold trim: the pieces' rims and the flying-machine stations.
pub const GOLD: Rgb = rgb(0.86, 0.68, 0.22);
/// Iron (wheels, barrels).
pub const IRON: Rgb = rgb(0.12, 0.12, 0.13);
/// Stone of the citadels' battlements.
pub const STONE: Rgb = rgb(0.62, 0.60, 0.56);
/// The wooden frame round the board.
pub const FRAME: Rgb = rgb(0.22, 0.12, 0.06);
/// How much the status line lightens the colour of the army to move.
pub const STATUS_LIGHTER: f32 = 0.25;
/// The outline of the battlements in the page's picture.
pub const STONE_EDGE: Rgb = rgb(0.373, 0.357, 0.333);
/// The letters on the pieces in the page's picture.
pub const LETTER: Rgb = rgb(1.0, 1.0, 1.0);

/// The colour of an army.
pub const fn army(side: Side) -> Rgb {
    match side {
        Side::Red => RED,
        Side::Blue => BLUE,
    }
}

/// The colour of the status line while `side` is to move: its army's colour, lightened so
/// that it reads on a dark ground.
pub fn status(side: Side) -> Rgb {
    army(side).lighter(STATUS_LIGHTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_armies_and_their_status_lines_have_their_colours() {
        assert_eq!(army(Side::Red).hex(), "#f7540a");
        assert_eq!(army(Side::Blue).hex(), "#1a3de0");
        assert_eq!(status(Side::Red).hex(), "#faa99e");
        assert_eq!(STONE_EDGE.hex(), "#5f5b55");
    }

    #[test]
    fn the_armies_are_told_apart_in_grayscale_and_by_the_colour_blind() {
        assert_eq!(
            crate::palette::opponents_confusion(army(Side::Red), army(Side::Blue)),
            None
        );
    }
}
