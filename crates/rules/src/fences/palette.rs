//! The fence race's colours, as on the 3D table: the four seats, the field, its paths and
//! home, the die, and the shades the server's page draws with.

use super::Section;
use crate::palette::{Rgb, rgb};

// The four seats stand a step of lightness apart, from Green's, the darkest, through Red's
// and Blue's to Yellow's, the lightest, so that a grayscale picture of the four-player race
// tells every seat from every other (each seat's pawn head and fence knobs have a shape of
// their own besides).

/// The south seat's (Red's) pawn and fences: vermilion, lighter than Green, which sits
/// opposite, so that the two-player race is not red against green for the colour-blind.
pub const SOUTH: Rgb = rgb(0.84, 0.26, 0.05);
/// The east seat's (Blue's) pawn and fences: a light sky blue, lighter than Red.
pub const EAST: Rgb = rgb(0.4, 0.7, 1.0);
/// The north seat's (Green's) pawn and fences: a dark bluish green.
pub const NORTH: Rgb = rgb(0.0, 0.29, 0.21);
/// The west seat's (Yellow's) pawn and fences: a pale yellow, the lightest.
pub const WEST: Rgb = rgb(1.0, 0.95, 0.45);
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
/// The lightness (L*) from which a seat's colour reads on a dark ground as it is: the
/// status line leaves it (lightened, Yellow's would be white).
pub const STATUS_LIGHT_ENOUGH: f32 = 85.0;
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
/// lightened so that it reads on a dark ground unless it is light enough already.
pub fn status(section: Section) -> Rgb {
    let colour = seat(section);
    if colour.lightness() >= STATUS_LIGHT_ENOUGH {
        colour
    } else {
        colour.lighter(STATUS_LIGHTER)
    }
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
        assert_eq!(colours(seat), ["#d6420d", "#66b3ff", "#004a36", "#fff273"]);
        assert_eq!(colours(tint), ["#d8a584", "#b9c5c8", "#9ca890", "#e3d7a1"]);
        assert_eq!(
            colours(status),
            ["#e19288", "#b0d1ff", "#7f8d86", "#fff273"]
        );
        assert_eq!(PATH.hex(), "#6b4a2e");
        assert_eq!(STONE_EDGE.hex(), "#6f6a62");
        assert_eq!(ROOF_EDGE.hex(), "#5c1a10");
        assert_eq!(FENCE_EDGE.hex(), "#1a120a");
        assert_eq!(PAWN_RIM.hex(), "#fff8e8");
    }

    #[test]
    fn every_two_seats_are_told_apart_by_the_colour_blind_and_in_grayscale() {
        use crate::palette::opponents_confusion;
        // In the four-player race every seat is every other's opponent: each pair differs
        // in lightness, and in colour for every way of seeing.
        for (i, one) in Section::ALL.into_iter().enumerate() {
            for other in Section::ALL.into_iter().skip(i + 1) {
                assert_eq!(
                    opponents_confusion(seat(one), seat(other)),
                    None,
                    "{one:?}, {other:?}"
                );
            }
        }
    }
}
