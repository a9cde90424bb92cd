//! Screwball Checkers' colours, as on the 3D table: the board's large and small squares,
//! the two players' pieces, and the shades the server's page draws with.

use super::Player;
use crate::palette::{Rgb, rgb};

/// The screws: brass.
pub const SCREWS: Rgb = rgb(0.78, 0.62, 0.25);
/// The balls: red.
pub const BALLS: Rgb = rgb(0.62, 0.1, 0.12);
/// The dark details of the pieces.
pub const DETAIL: Rgb = rgb(0.1, 0.1, 0.1);
/// The frame round the board.
pub const FRAME: Rgb = rgb(0.16, 0.2, 0.24);
/// Large squares.
pub const LARGE: Rgb = rgb(0.82, 0.78, 0.66);
/// Large squares, the alternate shade.
pub const LARGE_ALT: Rgb = rgb(0.74, 0.69, 0.56);
/// Small squares.
pub const SMALL: Rgb = rgb(0.22, 0.36, 0.42);
/// Small squares, the alternate shade.
pub const SMALL_ALT: Rgb = rgb(0.17, 0.29, 0.35);
/// How much the status line lightens the colour of the player to move.
pub const STATUS_LIGHTER: f32 = 0.2;
/// The outline and slot of a screw's head in the page's picture.
pub const SCREW_EDGE: Rgb = rgb(0.369, 0.275, 0.071);
/// The outline of a ball in the page's picture.
pub const BALL_EDGE: Rgb = rgb(0.290, 0.043, 0.055);
/// The shine on a ball in the page's picture.
pub const SHINE: Rgb = rgb(1.0, 1.0, 1.0);

/// The colour of a player's pieces.
pub const fn pieces(player: Player) -> Rgb {
    match player {
        Player::Screws => SCREWS,
        Player::Balls => BALLS,
    }
}

/// The colour of the status line while `player` is to move: the pieces' colour, lightened
/// so that it reads on a dark ground.
pub fn status(player: Player) -> Rgb {
    pieces(player).lighter(STATUS_LIGHTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_and_their_status_lines_have_their_colours() {
        assert_eq!(pieces(Player::Screws).hex(), "#c79e40");
        assert_eq!(pieces(Player::Balls).hex(), "#9e1a1f");
        assert_eq!(status(Player::Screws).hex(), "#dbc4a0");
        assert_eq!(status(Player::Balls).hex(), "#b98383");
        assert_eq!(SCREW_EDGE.hex(), "#5e4612");
        assert_eq!(BALL_EDGE.hex(), "#4a0b0e");
    }

    #[test]
    fn the_players_are_told_apart_in_grayscale_and_by_the_colour_blind() {
        assert_eq!(
            crate::palette::opponents_confusion(pieces(Player::Screws), pieces(Player::Balls)),
            None
        );
    }
}
