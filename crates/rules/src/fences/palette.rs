//! The fence race's colours, as on the 3D table: the four seats, the field, its paths and
//! home, the die, and the shades the server's page draws with.

use super::Section;
use crate::palette::{Rgb, rgb};

/// The south seat's (Red's) pawn and fences: vermilion, lighter than Green, which sits
/// opposite, so that the two-player race is not red against green for the colour-blind.
pub const SOUTH: Rgb = rgb(0.92, 0.36, 0.1);
/// The east seat's (Blue's) pawn and fences.
pub const EAST: Rgb = rgb(0.3, 0.5, 0.92);
/// The north seat's (Green's) pawn and fences: a dark bluish green.
pub const NORTH: Rgb = rgb(0.0, 0.36, 0.26);
/// The west seat's (Yellow's) pawn and fences.
pub const WEST: Rgb = rgb(0.97, 0.86, 0.3);
/// The board under the field.
pub const BASE: Rgb = rgb(0.2, 0.13, 0.08);
/// The grooves of the paths between the spaces.
pub const GROOVE: Rgb = rgb(0.12, 0.08, 0.05);
/// Home's stone and the partitions.
pub const STONE: Rgb = rgb(0.62, 0.6, 0.56);
/// The roof of the house at home.
pub const ROOF: Rgb = rgb(0.55, 0.16, 0.1);
/// Home's entrances and the stations' rings.
pub const GOLD: Rgb = rgb(0.86, 0.68, 0.22);
/// The spaces in no section or in several (and the colour the sections' tints fade to).
pub const NEUTRAL: Rgb = rgb(0.85, 0.8, 0.7);
/// How far a section's tint fades from its seat's colour to [`NEUTRAL`].
pub const TINT_FADE: f32 = 0.72;
/// The die's faces.
pub const DIE: Rgb = rgb(0.95, 0.93, 0.88);
/// The die's pips.
pub const PIPS: Rgb = rgb(0.08, 0.08, 0.1);
/// How much the status line lightens the colour of the seat to move.
pub const STATUS_LIGHTER: f32 = 0.2;
/// The paths in the page's picture (lighter than [`GROOVE`], so that they show from above).
pub const PATH: Rgb = rgb(0.42, 0.29, 0.18);
/// The outline of home's stone in the page's picture.
pub const STONE_EDGE: Rgb = rgb(0.435, 0.416, 0.384);
/// The outline and ridges of the roof in the page's picture.
pub const ROOF_EDGE: Rgb = rgb(0.361, 0.102, 0.063);
/// The outline of the fences in the page's picture.
pub const FENCE_EDGE: Rgb = rgb(0.102, 0.071, 0.039);
/// The rim and the highlight of the pawns in the page's picture.
pub const PAWN_RIM: Rgb = rgb(1.0, 0.973, 0.910);

/// The colour of the seat of `section`: its pawn and its fences.
pub const fn seat(section: Section) -> Rgb {
    match section {
        Section::South => SOUTH,
        Section::East => EAST,
        Section::North => NORTH,
        Section::West => WEST,
    }
}

/// The tint of the spaces of `section`: its seat's colour, mostly faded to [`NEUTRAL`].
pub const fn tint(section: Section) -> Rgb {
    seat(section).mix(NEUTRAL, TINT_FADE)
}

/// The colour of the status line while the seat of `section` is to move: its colour,
/// lightened so that it reads on a dark ground.
pub fn status(section: Section) -> Rgb {
    seat(section).lighter(STATUS_LIGHTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seats_and_their_sections_have_their_colours() {
        let colours = |f: fn(Section) -> Rgb| -> Vec<String> {
            Section::ALL.into_iter().map(|s| f(s).hex()).collect()
        };
        // Section::ALL runs south, east, north, west.
        assert_eq!(colours(seat), ["#eb5c1a", "#4d80eb", "#005c42", "#f7db4d"]);
        assert_eq!(colours(tint), ["#dead88", "#b1b7c2", "#9cad93", "#e1d096"]);
        assert_eq!(
            colours(status),
            ["#f09f8f", "#98adf0", "#80958c", "#fdf5dc"]
        );
        assert_eq!(PATH.hex(), "#6b4a2e");
        assert_eq!(STONE_EDGE.hex(), "#6f6a62");
        assert_eq!(ROOF_EDGE.hex(), "#5c1a10");
        assert_eq!(FENCE_EDGE.hex(), "#1a120a");
        assert_eq!(PAWN_RIM.hex(), "#fff8e8");
    }

    #[test]
    fn the_seats_are_told_apart_by_the_colour_blind_and_opposites_in_grayscale() {
        use crate::palette::{confusion, opponents_confusion};
        for (i, one) in Section::ALL.into_iter().enumerate() {
            for other in Section::ALL.into_iter().skip(i + 1) {
                assert_eq!(
                    confusion(seat(one), seat(other)),
                    None,
                    "{one:?}, {other:?}"
                );
            }
        }
        // The two-player race, and the pairs across the field.
        assert_eq!(opponents_confusion(SOUTH, NORTH), None);
        assert_eq!(opponents_confusion(EAST, WEST), None);
    }
}
