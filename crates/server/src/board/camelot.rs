//! Camelot drawn for the page: the cross-shaped board with its walled castles, the men and
//! the lettered knights.

use tabula_rules::Game;
use tabula_rules::camelot::{self, Camelot, palette};
use tabula_rules::palette::Rgb;
use tabula_rules::scene::GameKind;

use super::svg::{Grid, Svg, captured, fill, letter, names_around, paint, title};
use super::{Drawn, FRAME, LABEL, LAST, SQUARE};

impl Drawn for Camelot {
    fn svg(&self) -> String {
        draw(self)
    }

    fn player_colour(name: &str) -> Option<Rgb> {
        camelot::Side::parse(name).map(palette::status)
    }
}

/// Camelot: 160 squares in a cross with stepped ends, White's castle (F1 G1) at the bottom
/// and Black's at the top, walled in stone; files A-L, ranks 1-16.
fn draw(g: &Camelot) -> String {
    use camelot::{Kind, Side, Square};
    let s = SQUARE;
    // Room beyond the end ranks for the castles' back walls.
    let wall = 0.3 * s;
    let (x0, y0) = (LABEL, LABEL);
    let grid = Grid {
        x: x0 + FRAME,
        y: y0 + FRAME + wall,
        s,
        rows: 16.0,
    };
    let (x1, y1) = (grid.x + 12.0 * s + FRAME, grid.y + 16.0 * s + FRAME + wall);
    let mut svg = Svg::new(x1 + LABEL, y1 + LABEL, &title(GameKind::Camelot, g));
    let centre = |sq: Square| grid.at(f64::from(sq.file()), f64::from(sq.rank()));
    // The frame follows the stepped outline: a slab a rank.
    for rank in 0..16i8 {
        let files: Vec<i8> = Square::all()
            .filter(|sq| sq.rank() == rank)
            .map(Square::file)
            .collect();
        let (Some(lo), Some(hi)) = (files.first(), files.last()) else {
            continue;
        };
        let (left, top) = grid.at(f64::from(*lo) - 0.5, f64::from(rank) + 0.5);
        let (right, bottom) = grid.at(f64::from(*hi) + 0.5, f64::from(rank) - 0.5);
        let (up, down) = match rank {
            0 => (FRAME, FRAME + wall),
            15 => (FRAME + wall, FRAME),
            _ => (FRAME, FRAME),
        };
        svg.rect(
            left - FRAME,
            top - up,
            right - left + 2.0 * FRAME,
            bottom - top + up + down,
            &format!(r#"fill="{}" rx="3""#, palette::FRAME),
        );
    }
    for sq in Square::all() {
        let colour = if Side::ALL.iter().any(|side| sq.in_castle_of(*side)) {
            palette::CASTLE
        } else if sq.is_dark() {
            palette::DARK
        } else {
            palette::LIGHT
        };
        svg.square(centre(sq), s, &fill(colour));
    }
    // Each castle: a stone wall round its two squares, open towards the board.
    for side in Side::ALL {
        let [a, b] = Square::castle(side);
        let (ca, cb) = (centre(a), centre(b));
        let out = if side == Side::White { 1.0 } else { -1.0 };
        let back = ca.1 + out * (s / 2.0 + wall / 2.0);
        let (left, right) = (ca.0 - s / 2.0, cb.0 + s / 2.0);
        let stone = paint(palette::STONE, palette::STONE_EDGE, 1.0);
        svg.rect(
            left - wall / 2.0,
            back - wall / 3.0,
            right - left + wall,
            wall * 2.0 / 3.0,
            &stone,
        );
        for x in [left, right] {
            svg.rect(x - wall / 3.0, ca.1 - s / 2.0, wall * 2.0 / 3.0, s, &stone);
        }
        for k in 0..5 {
            let x = left + f64::from(k) * (right - left) / 4.0;
            svg.square((x, back), wall * 0.9, &stone);
        }
    }
    if let Some(mv) = g.history().last() {
        for sq in std::iter::once(mv.from).chain(mv.path()) {
            svg.square(centre(sq), s - 3.0, LAST);
        }
        for sq in mv.captures() {
            captured(&mut svg, centre(sq), s);
        }
    }
    let pos = g.position();
    for side in Side::ALL {
        let (colour, edge, mark) = match side {
            Side::White => (palette::WHITE, palette::WHITE_EDGE, palette::CASTLE),
            Side::Black => (palette::BLACK, palette::BLACK_EDGE, palette::GOLD),
        };
        for (sq, piece) in pos.pieces_of(side) {
            let at = centre(sq);
            svg.open(r#"class="piece""#);
            match piece.kind {
                Kind::Man => {
                    svg.circle(at, 0.36 * s, &paint(colour, edge, 1.5));
                    svg.circle(at, 0.22 * s, &paint("none", edge, 1.2));
                }
                Kind::Knight => {
                    svg.circle(at, 0.4 * s, &paint(colour, palette::GOLD, 2.5));
                    letter(&mut svg, at, 0.45 * s, "K", mark);
                }
            }
            svg.close();
        }
    }
    svg.open_spots();
    for sq in Square::all() {
        svg.square_spot(centre(sq), s, &sq.to_string());
    }
    svg.close();
    let columns: Vec<(f64, String)> = (0..12u8)
        .map(|f| {
            let x = grid.at(f64::from(f), 0.0).0;
            (x, char::from(b'A' + f).to_string())
        })
        .collect();
    let ranks: Vec<(f64, String)> = (0..16u8)
        .map(|r| (grid.at(0.0, f64::from(r)).1, (r + 1).to_string()))
        .collect();
    names_around(&mut svg, (x0, y0, x1, y1), &columns, &ranks, &ranks);
    svg.finish()
}
