//! How colours read to players who see them differently: their lightness alone (as in a
//! grayscale picture) and as seen with protanopia or deuteranopia, so that each game's
//! palette can be checked to tell its sides apart for every player.

use super::{Rgb, to_linear};

/// A way of seeing colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vision {
    /// Full colour vision.
    Typical,
    /// No red-sensitive cones.
    Protanopia,
    /// No green-sensitive cones.
    Deuteranopia,
}

impl Vision {
    /// Every way of seeing that a palette is checked against.
    pub const ALL: [Vision; 3] = [Vision::Typical, Vision::Protanopia, Vision::Deuteranopia];

    /// The matrix, in linear light, that turns a colour into how it is seen
    /// (Viénot, Brettel and Mollon, 1999).
    const fn matrix(self) -> [[f32; 3]; 3] {
        match self {
            Vision::Typical => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Vision::Protanopia => [
                [0.112_38, 0.887_62, 0.0],
                [0.112_38, 0.887_62, 0.0],
                [0.004_01, -0.004_01, 1.0],
            ],
            Vision::Deuteranopia => [
                [0.292_75, 0.707_25, 0.0],
                [0.292_75, 0.707_25, 0.0],
                [-0.022_34, 0.022_34, 1.0],
            ],
        }
    }
}

/// A colour in CIE L*a*b* (D65): lightness from 0 (black) to 100 (white), then the two
/// colour axes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lab {
    /// Lightness, 0 to 100.
    pub l: f32,
    /// Green (negative) to red (positive).
    pub a: f32,
    /// Blue (negative) to yellow (positive).
    pub b: f32,
}

impl Lab {
    /// How far apart two colours look (CIE 1976 ΔE: about 2 is just noticeable, 20 and
    /// more is plainly another colour).
    pub fn difference(self, other: Lab) -> f32 {
        ((self.l - other.l).powi(2) + (self.a - other.a).powi(2) + (self.b - other.b).powi(2))
            .sqrt()
    }
}

impl Rgb {
    /// The colour as a player with `vision` sees it, in L*a*b*.
    pub fn seen(self, vision: Vision) -> Lab {
        let linear = [self.r, self.g, self.b].map(to_linear);
        let m = vision.matrix();
        let [r, g, b] = m.map(|row| row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]);
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
        let f = |t: f32| {
            if t > 0.008_856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        Lab {
            l: 116.0 * f(y) - 16.0,
            a: 500.0 * (f(x) - f(y)),
            b: 200.0 * (f(y) - f(z)),
        }
    }

    /// The colour's lightness (CIE L*, 0 to 100): all a grayscale picture keeps of it.
    pub fn lightness(self) -> f32 {
        self.seen(Vision::Typical).l
    }
}

/// The least difference (ΔE) between two sides' colours for every way of seeing.
pub const LEAST_DIFFERENCE: f32 = 25.0;
/// The least difference in lightness (L*) between two opponents' colours, so that a
/// grayscale picture still tells them apart.
pub const LEAST_LIGHTNESS_GAP: f32 = 20.0;

/// Why two sides' colours could be confused, or `None` when every way of seeing tells them
/// apart by at least [`LEAST_DIFFERENCE`].
pub fn confusion(one: Rgb, other: Rgb) -> Option<String> {
    Vision::ALL.into_iter().find_map(|vision| {
        let d = one.seen(vision).difference(other.seen(vision));
        (d < LEAST_DIFFERENCE)
            .then(|| format!("{one} and {other} differ by ΔE {d:.0} with {vision:?}"))
    })
}

/// Why two opponents' colours could be confused in grayscale or by any way of seeing, or
/// `None` when they cannot.
pub fn opponents_confusion(one: Rgb, other: Rgb) -> Option<String> {
    let gap = (one.lightness() - other.lightness()).abs();
    if gap < LEAST_LIGHTNESS_GAP {
        return Some(format!(
            "{one} and {other} differ by L* {gap:.0} in grayscale"
        ));
    }
    confusion(one, other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::rgb;

    #[test]
    fn white_and_black_are_the_ends_of_lightness() {
        assert!((rgb(1.0, 1.0, 1.0).lightness() - 100.0).abs() < 0.1);
        assert!(rgb(0.0, 0.0, 0.0).lightness().abs() < 0.1);
    }

    #[test]
    fn red_and_green_of_one_lightness_merge_for_the_red_green_blind() {
        let red = rgb(0.78, 0.14, 0.1);
        let green = rgb(0.12, 0.55, 0.2);
        assert!(
            red.seen(Vision::Typical)
                .difference(green.seen(Vision::Typical))
                > 80.0
        );
        assert!(confusion(red, green).is_some());
        assert!(opponents_confusion(red, green).is_some());
    }

    #[test]
    fn blue_and_orange_are_told_apart_by_everyone() {
        let blue = rgb(0.1, 0.26, 0.72);
        let orange = rgb(0.9, 0.36, 0.08);
        assert_eq!(opponents_confusion(blue, orange), None);
    }
}
