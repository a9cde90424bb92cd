//! The Game of War drawn for the page: the board with its citadels and stations, the
//! armies with a letter for each kind of piece.

use tabula_rules::Game;
use tabula_rules::palette::Rgb;
use tabula_rules::scene::GameKind;
use tabula_rules::war::{self, War, palette};

use super::svg::{Grid, Svg, captured, fill, letter, names_around, paint, title};
use super::{Drawn, FRAME, LABEL, LAST, SQUARE};

impl Drawn for War {
    fn svg(&self) -> String {
        draw(self)
    }

    fn player_colour(name: &str) -> Option<Rgb> {
        war::Side::parse(name).map(palette::status)
    }
}

/// The Game of War: 10 x 10 squares, Red's first rank at the bottom; the citadels walled in
/// stone; each side's two flying-machine stations outside its first rank. Files by Maxim's
/// names, ranks as Red counts them on the left and as Blue counts them on the right.
fn draw(g: &War) -> String {
    use war::{Place, Side, Square, Station};
    let s = SQUARE;
    // Room outside the first ranks for the stations.
    let band = 1.3 * s;
    let (x0, y0) = (LABEL, LABEL);
    let grid = Grid {
        x: x0 + FRAME,
        y: y0 + band,
        s,
        rows: 10.0,
    };
    let (x1, y1) = (grid.x + 10.0 * s + FRAME, grid.y + 10.0 * s + band);
    let mut svg = Svg::new(x1 + LABEL, y1 + LABEL, &title(GameKind::War, g));
    svg.rect(
        x0,
        y0,
        x1 - x0,
        y1 - y0,
        &format!(r#"fill="{}" rx="4""#, palette::FRAME),
    );
    let centre = |sq: Square| grid.at(f64::from(sq.file()), f64::from(sq.row()));
    let station = |side: Side, st: Station| {
        let (x, y) = centre(st.front(side));
        (x, y + 1.25 * s * if side == Side::Red { 1.0 } else { -1.0 })
    };
    for sq in Square::all() {
        let colour = if sq.is_dark() {
            palette::DARK
        } else {
            palette::LIGHT
        };
        svg.square(centre(sq), s, &fill(colour));
    }
    for side in Side::ALL {
        // The citadel: a stone ring with battlements, its floor in the owner's colour.
        let c = centre(Square::citadel(side));
        svg.square(c, 0.86 * s, &paint("none", palette::STONE, 0.1 * s));
        svg.square(c, 0.6 * s, &fill(palette::army(side)));
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let at = (c.0 + dx * 0.43 * s, c.1 + dy * 0.43 * s);
            svg.square(
                at,
                0.17 * s,
                &paint(palette::STONE, palette::STONE_EDGE, 1.0),
            );
        }
        for st in Station::ALL {
            let floor = if st.is_dark(side) {
                palette::DARK
            } else {
                palette::LIGHT
            };
            svg.square(
                station(side, st),
                0.8 * s,
                &paint(floor, palette::GOLD, 1.5),
            );
        }
    }
    if let Some(mv) = g.history().last() {
        let mut marks: Vec<(f64, f64)> = mv.path().into_iter().map(centre).collect();
        match mv {
            war::Move::Fly { station: st, to } => {
                if let Some(p) = g.position().at(*to) {
                    marks.push(station(p.side, *st));
                }
            }
            _ => marks.extend(mv.origin().map(centre)),
        }
        for at in marks {
            svg.square(at, s - 3.0, LAST);
        }
        // The troops a jump took, gone from between its landings.
        let mut before = g.clone();
        before.undo();
        for sq in mv.captures(before.position()) {
            if sq != mv.destination() {
                captured(&mut svg, centre(sq), s);
            }
        }
    }
    for (place, piece) in g.position().all_pieces() {
        let at = match place {
            Place::Square(sq) => centre(sq),
            Place::Station(st) => station(piece.side, st),
        };
        let colour = palette::army(piece.side);
        let look = paint(colour, palette::GOLD, 1.6);
        svg.open(r#"class="piece""#);
        // As on the table, the armies differ by their bases, not by colour alone: Red's
        // pieces are round, Blue's square (a flying machine stands on one too).
        let base = |svg: &mut Svg, r: f64, look: &str| match piece.side {
            Side::Red => svg.circle(at, r, look),
            Side::Blue => {
                let side = 1.7 * r;
                svg.square(at, side, &format!(r#"{look} rx="{}""#, 0.15 * side));
            }
        };
        match piece.kind {
            war::Kind::Troop => base(&mut svg, 0.28 * s, &look),
            war::Kind::FlyingMachine => {
                if piece.side == Side::Blue {
                    base(&mut svg, 0.3 * s, &look);
                }
                let r = 0.4 * s;
                let (x, y) = at;
                svg.polygon(&[(x, y - r), (x + r, y), (x, y + r), (x - r, y)], &look);
            }
            war::Kind::King => base(&mut svg, 0.38 * s, &paint(colour, palette::GOLD, 3.0)),
            _ => base(&mut svg, 0.37 * s, &look),
        }
        let size = if piece.kind == war::Kind::Troop {
            0.3 * s
        } else {
            0.42 * s
        };
        letter(&mut svg, at, size, piece.kind.letter(), palette::LETTER);
        svg.close();
    }
    svg.open_spots();
    for sq in Square::all() {
        svg.square_spot(centre(sq), s, &sq.to_string());
    }
    for side in Side::ALL {
        for st in Station::ALL {
            svg.square_spot(station(side, st), 0.9 * s, &st.spot(side));
        }
    }
    svg.close();
    let columns: Vec<(f64, String)> = war::board::FILE_NAMES
        .iter()
        .enumerate()
        .map(|(f, name)| (grid.at(f as f64, 0.0).0, name.to_string()))
        .collect();
    let ranks = |side: Side| -> Vec<(f64, String)> {
        (0..10)
            .filter_map(|r| Square::new(0, r))
            .map(|sq| (centre(sq).1, sq.rank_for(side).to_string()))
            .collect()
    };
    names_around(
        &mut svg,
        (x0, y0, x1, y1),
        &columns,
        &ranks(Side::Red),
        &ranks(Side::Blue),
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::super::tests::check;
    use tabula_ai::games::AnyGame;
    use tabula_rules::scene::GameKind;
    use tabula_rules::war::{Side, palette};

    /// The pieces drawn, each as the elements of its group.
    fn pieces(svg: &str) -> Vec<&str> {
        svg.split(r#"<g class="piece">"#)
            .skip(1)
            .filter_map(|p| p.split("</g>").next())
            .collect()
    }

    /// As on the table, the armies differ by their bases, not by colour alone: every Red
    /// piece is round (a flying machine a diamond), every Blue piece stands on a square.
    #[test]
    fn the_armies_differ_by_the_shape_of_their_bases() {
        let game = AnyGame::new(GameKind::War, "", None).expect("a game");
        let svg = check(&game);
        let army = |side: Side| format!(r#"fill="{}""#, palette::army(side));
        let (mut red, mut blue) = (0, 0);
        for piece in pieces(&svg) {
            if piece.contains(&army(Side::Red)) {
                red += 1;
                assert!(
                    piece.starts_with("<circle") || piece.starts_with("<polygon"),
                    "{piece}"
                );
                assert!(!piece.contains("<rect"), "{piece}");
            } else {
                assert!(piece.contains(&army(Side::Blue)), "{piece}");
                blue += 1;
                assert!(piece.starts_with("<rect"), "{piece}");
            }
        }
        // Twenty pieces a side at the start (check counts every piece drawn).
        assert_eq!((red, blue), (20, 20));
    }
}
