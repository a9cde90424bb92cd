//! Transport drawn for the page: the sea's floor seen through the water, the fleets' hulls
//! by stratum, the auxiliaries as arrows along their headings, and a legend.

use tabula_rules::Game;
use tabula_rules::palette::Rgb;
use tabula_rules::scene::GameKind;
use tabula_rules::transport::{self, Stratum, Transport, palette};

use super::svg::{Grid, N, Svg, fill, letter, names_around, paint, title};
use super::{Drawn, FRAME, INK, LABEL, LAST};

impl Drawn for Transport {
    fn svg(&self) -> String {
        draw(self)
    }

    /// "Fleet 1" to "Fleet 4".
    fn player_colour(name: &str) -> Option<Rgb> {
        let n = name.strip_prefix("fleet")?.trim().parse::<u8>().ok()?;
        (1..=4).contains(&n).then(|| palette::status(n - 1))
    }
}

/// The colour of a patent mark (the band an auxiliary flies).
fn mark_colour(kind: transport::Kind) -> Rgb {
    match kind {
        transport::Kind::Plane => palette::MARK_GREEN,
        transport::Kind::Shell => palette::MARK_RED,
        _ => palette::MARK_YELLOW,
    }
}

/// Transport: the sea of `size` x `size` squares (the corners dark, a1 at the bottom left,
/// Fleet 1's edge), seen through the water. The strata show in the pieces: a submarine
/// under the surface is drawn pale and dashed, ships on the surface solid, and the
/// auxiliaries (planes and shells in the air, torpedoes on the surface) as small arrows in
/// their fleet's colour, banded in their patent colour and pointed along their heading.
fn draw(g: &Transport) -> String {
    use transport::{Kind, Piece, Sq};
    let pos = g.position();
    let n = usize::from(pos.size);
    let s = 440.0 / n as f64;
    let (x0, y0) = (LABEL, LABEL);
    let grid = Grid {
        x: x0 + FRAME,
        y: y0 + FRAME,
        s,
        rows: n as f64,
    };
    let (x1, y1) = (grid.x + n as f64 * s + FRAME, grid.y + n as f64 * s + FRAME);
    let legend = 36.0;
    let mut svg = Svg::new(
        x1 + LABEL,
        y1 + LABEL + legend,
        &title(GameKind::Transport, g),
    );
    svg.rect(
        x0,
        y0,
        x1 - x0,
        y1 - y0,
        &format!(r#"fill="{}" rx="4""#, palette::WALL),
    );
    let centre = |sq: Sq| grid.at(f64::from(sq.x), f64::from(sq.y));
    for y in 0..n as i8 {
        for x in 0..n as i8 {
            let sq = Sq::new(x, y);
            // The floor's squares under the translucent water.
            let colour = if sq.is_dark() {
                palette::FLOOR_DARK_UNDER_WATER
            } else {
                palette::FLOOR_LIGHT_UNDER_WATER
            };
            svg.square(centre(sq), s * 0.96, &fill(colour));
        }
    }
    if let Some(mv) = g.history().last() {
        let squares: Vec<Sq> = match mv {
            transport::Move::Main { from, to, .. } => [Some(from.0), from.1, Some(to.0), to.1]
                .into_iter()
                .flatten()
                .collect(),
            transport::Move::Launch { at, .. } => vec![*at],
            transport::Move::Advance { from, to, .. } => {
                std::iter::once(*from).chain(*to).collect()
            }
            transport::Move::Pass => Vec::new(),
        };
        for sq in squares.into_iter().filter(|sq| sq.on(pos.size)) {
            svg.square(centre(sq), s - 2.0, LAST);
        }
    }
    // Undersea first, then the surface, then the air; auxiliaries over the ships. A
    // submarine under another piece is drawn last, small along the square's edge, so that
    // both show.
    let beneath = |p: &Piece| p.kind.stratum() == Stratum::Undersea && pos.at(p.at).count() > 1;
    let mut pieces: Vec<&Piece> = pos.pieces().iter().collect();
    pieces.sort_by_key(|p| (beneath(p), p.kind.stratum(), p.kind.is_auxiliary()));
    for piece in pieces {
        let hull = palette::fleet(piece.fleet);
        let (edge, ink) = if piece.fleet.min(3) % 2 == 0 {
            (palette::INK_ON_LIGHT, palette::INK_ON_LIGHT)
        } else {
            (palette::EDGE_ON_DARK, palette::INK_ON_DARK)
        };
        let at = centre(piece.at);
        svg.open(r#"class="piece""#);
        if piece.kind.is_auxiliary() {
            let (x, y, r) = aux_spot(pos, piece, at, s);
            // Pointing north, in units of `r`: a plane, a shell, a torpedo.
            let shape: &[(f64, f64)] = match piece.kind {
                Kind::Plane => &[
                    (0.0, -1.0),
                    (0.14, -0.6),
                    (0.14, -0.2),
                    (0.95, 0.15),
                    (0.95, 0.35),
                    (0.14, 0.2),
                    (0.1, 0.65),
                    (0.4, 0.85),
                    (0.4, 1.0),
                    (-0.4, 1.0),
                    (-0.4, 0.85),
                    (-0.1, 0.65),
                    (-0.14, 0.2),
                    (-0.95, 0.35),
                    (-0.95, 0.15),
                    (-0.14, -0.2),
                    (-0.14, -0.6),
                ],
                Kind::Shell => &[
                    (0.0, -1.0),
                    (0.3, -0.45),
                    (0.3, 0.85),
                    (-0.3, 0.85),
                    (-0.3, -0.45),
                ],
                _ => &[
                    (0.0, -1.0),
                    (0.18, -0.7),
                    (0.18, 0.6),
                    (0.42, 0.95),
                    (-0.42, 0.95),
                    (-0.18, 0.6),
                    (-0.18, -0.7),
                ],
            };
            let angle = piece.heading.map_or(0.0, |h| 45.0 * h.index() as f64);
            let points: Vec<(f64, f64)> = shape
                .iter()
                .map(|(px, py)| (x + px * r, y + py * r))
                .collect();
            svg.polygon(
                &points,
                &format!(
                    r#"{} stroke-linejoin="round" transform="rotate({} {} {})""#,
                    paint(hull, mark_colour(piece.kind), 0.055 * s),
                    N(angle),
                    N(x),
                    N(y)
                ),
            );
            emblem(&mut svg, (x, y), 0.5 * r, piece.fleet, ink);
        } else {
            let under = piece.kind.stratum() == Stratum::Undersea;
            let small = beneath(piece);
            let width = match (under, small) {
                (_, true) => 0.28 * s,
                (true, false) => 0.5 * s,
                (false, false) => 0.66 * s,
            };
            // A hull: a thick rounded stroke from stern to bow, outlined.
            let (a, b) = match piece.bow {
                Some(bow) => (at, centre(bow)),
                // Beside the letter of the ship above: along the bottom edge under a ship
                // lying east-west, else along the left edge.
                None if small => {
                    let across = pos
                        .at(piece.at)
                        .any(|p| p.bow.is_some_and(|b| b.y == p.at.y));
                    if across {
                        let y = at.1 + 0.31 * s;
                        ((at.0 - 0.1 * s, y), (at.0 + 0.1 * s, y))
                    } else {
                        let x = at.0 - 0.31 * s;
                        ((x, at.1 - 0.1 * s), (x, at.1 + 0.1 * s))
                    }
                }
                None => ((at.0 - 0.18 * s, at.1), (at.0 + 0.18 * s, at.1)),
            };
            let dash = if under {
                r#" stroke-dasharray="4 3" opacity="0.8""#
            } else {
                ""
            };
            svg.line(
                a,
                b,
                &format!(
                    r#"stroke="{edge}" stroke-width="{}" stroke-linecap="round"{dash}"#,
                    N(width + 3.0)
                ),
            );
            svg.line(
                a,
                b,
                &format!(
                    r#"stroke="{hull}" stroke-width="{}" stroke-linecap="round"{}"#,
                    N(width),
                    if under { r#" opacity="0.8""# } else { "" }
                ),
            );
            let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            letter(
                &mut svg,
                mid,
                if small { 0.24 * s } else { 0.42 * s },
                &piece.kind.letter().to_string(),
                ink,
            );
            // The fleet's emblem at the stern, clear of the letter.
            if !small && piece.bow.is_some() {
                emblem(&mut svg, a, 0.2 * s, piece.fleet, ink);
            }
        }
        svg.close();
    }
    svg.open_spots();
    for y in 0..n as i8 {
        for x in 0..n as i8 {
            let sq = Sq::new(x, y);
            svg.square_spot(centre(sq), s, &sq.to_string());
        }
    }
    svg.close();
    let columns: Vec<(f64, String)> = (0..n as i8)
        .map(|x| {
            (
                centre(Sq::new(x, 0)).0,
                char::from(b'a' + x as u8).to_string(),
            )
        })
        .collect();
    let ranks: Vec<(f64, String)> = (0..n as i8)
        .map(|y| (centre(Sq::new(0, y)).1, (y + 1).to_string()))
        .collect();
    names_around(&mut svg, (x0, y0, x1, y1), &columns, &ranks, &ranks);
    let ink = format!(r#"fill="{INK}""#);
    let mid = (x0 + x1) / 2.0;
    svg.text(
        (mid, y1 + LABEL + 8.0),
        10.5,
        "S submarine (under the sea, dashed) · C carrier · T transport · B battleship · D destroyer",
        &ink,
    );
    svg.text(
        (mid, y1 + LABEL + 24.0),
        10.5,
        "arrows point along their heading: plane (green band), shell (red), torpedo (yellow)",
        &ink,
    );
    svg.finish()
}

/// Where an auxiliary is drawn, and how large (the half-length of its arrow): alone on its
/// square, large in the middle; beside other auxiliaries, in a row across the square; over
/// a ship, small in a row along the square's top edge, clear of the ship's letter.
fn aux_spot(
    pos: &transport::Position,
    piece: &transport::Piece,
    (x, y): (f64, f64),
    s: f64,
) -> (f64, f64, f64) {
    let here: Vec<&transport::Piece> = pos.at(piece.at).collect();
    let aux: Vec<&&transport::Piece> = here.iter().filter(|p| p.kind.is_auxiliary()).collect();
    let k = aux.len().max(1) as f64;
    let i = aux.iter().position(|p| **p == piece).unwrap_or(0) as f64;
    let dx = (i - (k - 1.0) / 2.0) * s * 0.8 / k;
    if aux.len() < here.len() {
        // Over a ship: from the top right corner leftwards.
        let step = s * 0.8 / k.max(2.0);
        (x + 0.28 * s - i * step, y - 0.28 * s, 0.24 * s)
    } else if aux.len() > 1 {
        (x + dx, y, (0.42 * s / k).max(0.22 * s))
    } else {
        (x, y, 0.42 * s)
    }
}

/// The emblem of `fleet`, `size` units across, centred on `at`: as on the table, Fleet 1's
/// masthead a ball (a dot), Fleet 2's a cube (a square), Fleet 3's a cone (a triangle),
/// Fleet 4's a ring, so that the fleets differ in shape as well as in lightness.
fn emblem(svg: &mut Svg, at: (f64, f64), size: f64, fleet: u8, ink: impl std::fmt::Display) {
    let r = size / 2.0;
    match fleet {
        0 => svg.circle(at, r, &fill(&ink)),
        1 => svg.square(at, 0.85 * size, &fill(&ink)),
        2 => svg.polygon(
            &[
                (at.0, at.1 - r),
                (at.0 + 0.95 * r, at.1 + 0.7 * r),
                (at.0 - 0.95 * r, at.1 + 0.7 * r),
            ],
            &fill(&ink),
        ),
        _ => svg.circle(at, 0.75 * r, &paint("none", &ink, 0.3 * size)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check, out_dir, pieces};
    use tabula_ai::games::AnyGame;
    use tabula_rules::scene::GameKind;

    #[test]
    fn pieces_sharing_a_square_are_all_drawn() {
        let setup = "Fleet 1: S d2, C d1 d2, T f1, B h1 h2, D j1
            Fleet 1 missiles: plane d2 N, shell f1 N, plane e5 NE, shell e5 E, torpedo c3 NE
            Fleet 2: S j10, C h11 h10, T f11, B d11 d10, D b11
            Fleet 2 missiles: plane f5 S
            Fleet 1 to move";
        let game = AnyGame::new(GameKind::Transport, "", Some(setup)).expect("the setup");
        assert_eq!(pieces(&game), 16);
        let svg = check(&game);
        std::fs::write(out_dir().join("transport_crowded.svg"), svg).expect("written");
    }

    /// Each fleet's pieces wear its own emblem, so that the four fleets of a battle royal
    /// differ in shape as well as in lightness: a dot, a square, a triangle, a ring.
    #[test]
    fn every_fleet_wears_an_emblem_of_its_own_shape() {
        use tabula_rules::transport::palette;
        let game = AnyGame::new(GameKind::Transport, "(mode: Royal)", None).expect("a royal");
        let svg = check(&game);
        let mut marks: Vec<(u8, &str)> = Vec::new();
        for group in svg
            .split(r#"<g class="piece">"#)
            .skip(1)
            .filter_map(|p| p.split("</g>").next())
        {
            let fleet = (0..4)
                .find(|f| group.contains(&format!(r#"="{}""#, palette::fleet(*f))))
                .expect("a fleet's colour");
            let last = group.trim_end().rsplit('<').next().expect("a mark");
            let shape = match last.split(' ').next() {
                Some("circle") if last.contains(r#"fill="none""#) => "ring",
                Some("circle") => "dot",
                Some("rect") => "square",
                Some("polygon") if !last.contains("stroke") => "triangle",
                _ => continue,
            };
            marks.push((fleet, shape));
        }
        marks.sort();
        marks.dedup();
        assert_eq!(
            marks,
            [(0, "dot"), (1, "square"), (2, "triangle"), (3, "ring")],
            "one emblem a fleet"
        );
    }
}
