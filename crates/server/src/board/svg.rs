//! A small SVG writer, and the parts every game's picture shares: the paper, the squares'
//! names around the frame, letters on pieces, the title.

use std::fmt::{self, Write as _};
use tabula_rules::Game;
use tabula_rules::scene::GameKind;

use super::{INK, LABEL, PAPER};

/// A number as SVG wants it: at most two decimals, no trailing zeros.
pub(super) struct N(pub(super) f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// `text` with the characters XML gives a meaning escaped.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written. `attrs` arguments are the element's other attributes,
/// written as given (the callers pass fixed colours and classes, never outside text).
pub(super) struct Svg {
    out: String,
}

impl Svg {
    /// A document `width` by `height` units with `title`, on paper.
    pub(super) fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut svg = Svg { out: String::new() };
        let _ = write!(
            svg.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="100%" preserveAspectRatio="xMidYMid meet" role="img" aria-label="{t}" font-family="Georgia, 'DejaVu Serif', serif" style="display:block;height:auto">"#,
            w = N(width),
            h = N(height),
            t = escape(title),
        );
        let _ = write!(svg.out, "<title>{}</title>", escape(title));
        svg.rect(0.0, 0.0, width, height, &format!(r#"fill="{PAPER}""#));
        svg
    }

    /// A rectangle with its top-left corner at `(x, y)`.
    pub(super) fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            N(x),
            N(y),
            N(w),
            N(h)
        );
    }

    /// A square of side `side` centred on `(x, y)`.
    pub(super) fn square(&mut self, (x, y): (f64, f64), side: f64, attrs: &str) {
        self.rect(x - side / 2.0, y - side / 2.0, side, side, attrs);
    }

    /// A circle of radius `r` centred on `(x, y)`.
    pub(super) fn circle(&mut self, (x, y): (f64, f64), r: f64, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            N(x),
            N(y),
            N(r)
        );
    }

    /// A straight line.
    pub(super) fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), attrs: &str) {
        let _ = write!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            N(x1),
            N(y1),
            N(x2),
            N(y2)
        );
    }

    /// A closed polygon through `points`.
    pub(super) fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        self.out.push_str(r#"<polygon points=""#);
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(self.out, "{sep}{},{}", N(*x), N(*y));
        }
        let _ = write!(self.out, r#"" {attrs}/>"#);
    }

    /// Text centred on `(x, y)`, `size` units high, escaped.
    pub(super) fn text(&mut self, (x, y): (f64, f64), size: f64, text: &str, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" {attrs}>{}</text>"#,
            N(x),
            N(y + size * 0.35),
            N(size),
            escape(text)
        );
    }

    /// A spot a player may click ([`tabula_rules::Game::click_path`]): an invisible
    /// rectangle, over everything drawn before it, that names the spot in its `data-spot`
    /// attribute; a page lights it up (class `target`) where a move may go. Spots are
    /// drawn between [`Svg::open_spots`] and [`Svg::close`].
    pub(super) fn spot(&mut self, x: f64, y: f64, w: f64, h: f64, name: &str) {
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" data-spot="{}"/>"#,
            N(x),
            N(y),
            N(w),
            N(h),
            escape(name)
        );
    }

    /// Opens the group of the spots ([`Svg::spot`]): invisible until a page lights them.
    pub(super) fn open_spots(&mut self) {
        self.open(r##"class="spots" fill="#2f9e44" fill-opacity="0""##);
    }

    /// A spot ([`Svg::spot`]) a square of side `side` centred on `(x, y)`.
    pub(super) fn square_spot(&mut self, (x, y): (f64, f64), side: f64, name: &str) {
        self.spot(x - side / 2.0, y - side / 2.0, side, side, name);
    }

    /// Opens a group.
    pub(super) fn open(&mut self, attrs: &str) {
        let _ = write!(self.out, "<g {attrs}>");
    }

    /// Closes the group last opened.
    pub(super) fn close(&mut self) {
        self.out.push_str("</g>");
    }

    /// The finished document.
    pub(super) fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// `fill` and `stroke` attributes: colours (a palette's, or `"none"`) and the stroke's
/// width.
pub(super) fn paint(fill: impl fmt::Display, stroke: impl fmt::Display, width: f64) -> String {
    format!(
        r#"fill="{fill}" stroke="{stroke}" stroke-width="{}""#,
        N(width)
    )
}

/// A `fill` attribute.
pub(super) fn fill(colour: impl fmt::Display) -> String {
    format!(r#"fill="{colour}""#)
}

/// A square grid: the top-left corner of column 0's cells and of the top row's, the side of
/// a cell, and how many rows (row 0 at the bottom, as every game counts from its first
/// player's edge).
#[derive(Clone, Copy)]
pub(super) struct Grid {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) s: f64,
    pub(super) rows: f64,
}

impl Grid {
    /// The centre of the cell at column `c`, row `r` (fractions allowed).
    pub(super) fn at(&self, c: f64, r: f64) -> (f64, f64) {
        (
            self.x + (c + 0.5) * self.s,
            self.y + (self.rows - 0.5 - r) * self.s,
        )
    }
}

/// The squares' names around a frame `(x0, y0, x1, y1)`: `columns` (at their x) below and
/// above it, `left` and `right` (at their y) beside it.
pub(super) fn names_around(
    svg: &mut Svg,
    (x0, y0, x1, y1): (f64, f64, f64, f64),
    columns: &[(f64, String)],
    left: &[(f64, String)],
    right: &[(f64, String)],
) {
    let attrs = fill(INK);
    let size = 11.0;
    for (x, name) in columns {
        svg.text((*x, y1 + LABEL / 2.0), size, name, &attrs);
        svg.text((*x, y0 - LABEL / 2.0), size, name, &attrs);
    }
    for (y, name) in left {
        svg.text((x0 - LABEL / 2.0, *y), size, name, &attrs);
    }
    for (y, name) in right {
        svg.text((x1 + LABEL / 2.0, *y), size, name, &attrs);
    }
}

/// A letter on a piece.
pub(super) fn letter(
    svg: &mut Svg,
    at: (f64, f64),
    size: f64,
    text: &str,
    fill: impl fmt::Display,
) {
    svg.text(
        at,
        size,
        text,
        &format!(r#"fill="{fill}" font-weight="bold" font-family="Helvetica, Arial, sans-serif""#),
    );
}

/// Where the last move took a piece that is gone from its square: a red cross (class
/// `captured`) on it, `side` units across.
pub(super) fn captured(svg: &mut Svg, (x, y): (f64, f64), side: f64) {
    let d = side * 0.3;
    let attrs = r##"class="captured" stroke="#c92a2a" stroke-width="4" stroke-linecap="round""##;
    svg.line((x - d, y - d), (x + d, y + d), attrs);
    svg.line((x - d, y + d), (x + d, y - d), attrs);
}

/// The title of a picture: the game and whose turn it is, or how it ended.
pub(super) fn title<G: Game>(kind: GameKind, game: &G) -> String {
    let outcome = game.outcome();
    if outcome.is_over() {
        format!("{}: {outcome}", kind.title())
    } else {
        format!("{}: {} to move", kind.title(), game.to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::well_formed;
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;"
        );
        let mut svg = Svg::new(10.0, 10.0, "R&D <1>");
        svg.text((1.0, 1.0), 3.0, "a<b", "");
        let out = svg.finish();
        assert!(out.contains("<title>R&amp;D &lt;1&gt;</title>"));
        assert!(out.contains(">a&lt;b</text>"));
        well_formed(&out);
        assert_eq!(N(1.0).to_string(), "1");
        assert_eq!(N(2.345).to_string(), "2.35");
        assert_eq!(N(-0.001).to_string(), "0");
    }
}
