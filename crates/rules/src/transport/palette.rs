//! Transport's colours, as on the 3D table: the tank, its floor and water, the four fleets'
//! hulls, the patent's marks, and the shades the server's page draws with.

use super::pieces::Mark;
use crate::palette::{Rgb, rgb};

// The four fleets stand a step of lightness apart, Fleet 1's the lightest, then 3's, 2's
// and 4's, so that a grayscale picture of the battle royal tells every fleet from every
// other; a team's two fleets (1 and 3, 2 and 4) are both lighter or both darker than the
// other team's.

/// Fleet 1's hulls: ivory.
pub const FLEET_1: Rgb = rgb(0.95, 0.93, 0.88);
/// Fleet 2's hulls: magenta, which stands out on the dark sea and is none of the marks'
/// colours.
pub const FLEET_2: Rgb = rgb(0.78, 0.24, 0.57);
/// Fleet 3's hulls: tan.
pub const FLEET_3: Rgb = rgb(0.78, 0.66, 0.46);
/// Fleet 4's hulls: a deep violet, Fleet 2's partner in colour as in a team.
pub const FLEET_4: Rgb = rgb(0.3, 0.16, 0.58);
/// The light squares of the floor.
pub const FLOOR_LIGHT: Rgb = rgb(0.55, 0.62, 0.6);
/// The dark squares of the floor.
pub const FLOOR_DARK: Rgb = rgb(0.16, 0.24, 0.3);
/// The tank's floor and walls.
pub const WALL: Rgb = rgb(0.25, 0.18, 0.12);
/// The water over the floor.
pub const WATER: Rgb = rgb(0.2, 0.5, 0.7);
/// How opaque the water is.
pub const WATER_ALPHA: f32 = 0.28;
/// The light squares seen through the water (the page's picture).
pub const FLOOR_LIGHT_UNDER_WATER: Rgb = FLOOR_LIGHT.mix(WATER, WATER_ALPHA);
/// The dark squares seen through the water (the page's picture).
pub const FLOOR_DARK_UNDER_WATER: Rgb = FLOOR_DARK.mix(WATER, WATER_ALPHA);
/// The patent's red mark (shells).
pub const MARK_RED: Rgb = rgb(0.85, 0.1, 0.08);
/// The patent's yellow mark (torpedoes).
pub const MARK_YELLOW: Rgb = rgb(0.95, 0.85, 0.1);
/// The patent's green mark (planes).
pub const MARK_GREEN: Rgb = rgb(0.1, 0.7, 0.2);
/// The patent's orange mark (the destroyer's ramming).
pub const MARK_ORANGE: Rgb = rgb(0.98, 0.5, 0.05);
/// How much the status line lightens the colour of the fleet to move.
pub const STATUS_LIGHTER: f32 = 0.2;
/// The lightness (L*) from which a fleet's colour reads on a dark ground as it is: the
/// status line leaves it (lightened, Fleet 1's ivory would be white).
pub const STATUS_LIGHT_ENOUGH: f32 = 85.0;
/// The outline and letters of the light fleets' (1 and 3) pieces in the page's picture.
pub const INK_ON_LIGHT: Rgb = rgb(0.165, 0.149, 0.133);
/// The outline of the dark fleets' (2 and 4) pieces in the page's picture.
pub const EDGE_ON_DARK: Rgb = rgb(0.910, 0.894, 0.855);
/// The letters on the dark fleets' (2 and 4) pieces in the page's picture.
pub const INK_ON_DARK: Rgb = rgb(0.957, 0.945, 0.918);

/// The hull colour of fleet `fleet` (0 is Fleet 1; from 3 on, Fleet 4's).
pub const fn fleet(fleet: u8) -> Rgb {
    match fleet {
        0 => FLEET_1,
        1 => FLEET_2,
        2 => FLEET_3,
        _ => FLEET_4,
    }
}

/// The colour of one of the patent's marks.
pub const fn mark(mark: Mark) -> Rgb {
    match mark {
        Mark::Red => MARK_RED,
        Mark::Yellow => MARK_YELLOW,
        Mark::Green => MARK_GREEN,
        Mark::Orange => MARK_ORANGE,
    }
}

/// The colour of the status line while fleet `fleet` (0 is Fleet 1) is to move: its hulls'
/// colour, lightened so that it reads on a dark ground unless it is light enough already.
pub fn status(fleet_index: u8) -> Rgb {
    let colour = fleet(fleet_index);
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
    fn the_fleets_and_the_floor_have_their_colours() {
        let hulls: Vec<String> = (0..5).map(|f| fleet(f).hex()).collect();
        assert_eq!(
            hulls,
            ["#f2ede0", "#c73d91", "#c7a875", "#4d2994", "#4d2994"]
        );
        let status: Vec<String> = (0..4).map(|f| status(f).hex()).collect();
        assert_eq!(status, ["#f2ede0", "#d690b4", "#dcccb5", "#8e83b2"]);
        // The floor's squares under the translucent water.
        assert_eq!(FLOOR_LIGHT_UNDER_WATER.hex(), "#7396a0");
        assert_eq!(FLOOR_DARK_UNDER_WATER.hex(), "#2c5069");
        assert_eq!(INK_ON_LIGHT.hex(), "#2a2622");
        assert_eq!(EDGE_ON_DARK.hex(), "#e8e4da");
        assert_eq!(INK_ON_DARK.hex(), "#f4f1ea");
        let marks: Vec<String> = [Mark::Red, Mark::Yellow, Mark::Green, Mark::Orange]
            .map(|m| mark(m).hex())
            .into();
        assert_eq!(marks, ["#d91a14", "#f2d91a", "#1ab333", "#fa800d"]);
    }

    #[test]
    fn every_two_fleets_are_told_apart_in_grayscale_and_by_the_colour_blind() {
        use crate::palette::opponents_confusion;
        // In the battle royal every fleet is every other's enemy (in teams, 1 and 3 play
        // against 2 and 4; with two players, 1 plays 2).
        for one in 0..4 {
            for other in one + 1..4 {
                assert_eq!(
                    opponents_confusion(fleet(one), fleet(other)),
                    None,
                    "Fleets {} and {}",
                    one + 1,
                    other + 1
                );
            }
        }
    }
}
