//! Colours as plain data (sRGB, 0 to 1 a channel), so that each game declares its palette
//! once, in its own module, and both the 3D table and the server's page read it.

use std::fmt;

pub mod vision;

pub use vision::{Lab, Vision, confusion, opponents_confusion};

/// One colour in sRGB, each channel from 0 to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgb {
    /// Red.
    pub r: f32,
    /// Green.
    pub g: f32,
    /// Blue.
    pub b: f32,
}

/// A colour from its three sRGB channels, each from 0 to 1.
pub const fn rgb(r: f32, g: f32, b: f32) -> Rgb {
    Rgb { r, g, b }
}

impl Rgb {
    /// The colour as CSS writes it: `#rrggbb`.
    pub fn hex(self) -> String {
        self.to_string()
    }

    /// This colour mixed with `other`, channel by channel in sRGB: `factor` 0 is this
    /// colour, 1 is `other` (as the 3D table's `Mix` mixes two sRGB colours).
    pub const fn mix(self, other: Rgb, factor: f32) -> Rgb {
        let keep = 1.0 - factor;
        rgb(
            self.r * keep + other.r * factor,
            self.g * keep + other.g * factor,
            self.b * keep + other.b * factor,
        )
    }

    /// This colour with its luminance raised by `amount` (lowered where `amount` is
    /// negative), as the 3D table's `Luminance::lighter` does it: in linear light, mixed
    /// towards white (or black) until the luminance (CIE Y) has moved by `amount`.
    pub fn lighter(self, amount: f32) -> Rgb {
        let [r, g, b] = [self.r, self.g, self.b].map(to_linear);
        let luminance = r * 0.2126 + g * 0.7152 + b * 0.0722;
        let target = (luminance + amount).clamp(0.0, 1.0);
        let (towards, factor) = if target < luminance {
            (0.0, (luminance - target) / luminance)
        } else if target > luminance {
            (1.0, (target - luminance) / (1.0 - luminance))
        } else {
            return self;
        };
        let mix = |c: f32| from_linear(c * (1.0 - factor) + towards * factor);
        rgb(mix(r), mix(g), mix(b))
    }
}

/// An sRGB channel in linear light.
fn to_linear(c: f32) -> f32 {
    if c <= 0.0 {
        c
    } else if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// A channel in linear light in sRGB.
fn from_linear(c: f32) -> f32 {
    if c <= 0.0 {
        c
    } else if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// A channel from 0 to 1 as a byte, rounded.
fn byte(channel: f32) -> u8 {
    (channel.clamp(0.0, 1.0) * 255.0).round() as u8
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "#{:02x}{:02x}{:02x}",
            byte(self.r),
            byte(self.g),
            byte(self.b)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_is_written_as_css_writes_it() {
        assert_eq!(rgb(1.0, 0.0, 0.5).hex(), "#ff0080");
        assert_eq!(rgb(0.86, 0.82, 0.72).to_string(), "#dbd1b8");
    }

    fn close(a: Rgb, b: Rgb) -> bool {
        (a.r - b.r).abs() < 1e-5 && (a.g - b.g).abs() < 1e-5 && (a.b - b.b).abs() < 1e-5
    }

    #[test]
    fn colours_are_lightened_and_mixed_as_the_table_does_it() {
        // The values Bevy's `Color::srgb(..).lighter(..)` and `.mix(..)` give.
        let lit = rgb(0.75, 0.12, 0.09).lighter(0.25);
        assert!(
            close(lit, rgb(0.831_369_3, 0.578_571_7, 0.575_432_4)),
            "{lit:?}"
        );
        let lit = rgb(0.28, 0.3, 0.34).lighter(0.2);
        assert!(
            close(lit, rgb(0.552_291_4, 0.559_342, 0.574_791_9)),
            "{lit:?}"
        );
        assert_eq!(rgb(0.62, 0.1, 0.12).lighter(0.2).hex(), "#b98383");
        assert_eq!(rgb(1.0, 1.0, 1.0).lighter(0.2), rgb(1.0, 1.0, 1.0));
        let dim = rgb(0.5, 0.5, 0.5).lighter(-1.0);
        assert!(close(dim, rgb(0.0, 0.0, 0.0)), "{dim:?}");
        let mixed = rgb(0.9, 0.75, 0.12).mix(rgb(0.85, 0.8, 0.7), 0.72);
        assert!(close(mixed, rgb(0.864, 0.786, 0.5376)), "{mixed:?}");
    }
}
