//! Screwball Checkers drawn for the page: the staggered large and small squares, the screws
//! and the balls (the dead ones faded).

use tabula_rules::Game;
use tabula_rules::palette::Rgb;
use tabula_rules::scene::GameKind;
use tabula_rules::screwball::{self, Screwball, palette};

use super::svg::{Grid, N, Svg, fill, names_around, paint, title};
use super::{Drawn, FRAME, LABEL, LAST};

impl Drawn for Screwball {
    fn svg(&self) -> String {
        draw(self)
    }

    fn player_colour(name: &str) -> Option<Rgb> {
        screwball::Player::parse(name).map(palette::status)
    }
}

/// Screwball Checkers: six staggered columns of large squares and pairs of small squares
/// on a 12 x 12 field of units, the first player's edge (rank 1) at the bottom; files a-l
/// and ranks 1-12 name the unit cells. Screws are gold with a slotted head, balls red and
/// round; a large piece stands on a small square and a small piece on a large one. Dead
/// pieces are drawn faded.
fn draw(g: &Screwball) -> String {
    use screwball::{Board, Player, Size, SpaceId};
    let u = 36.0;
    let (x0, y0) = (LABEL, LABEL);
    let grid = Grid {
        x: x0 + FRAME,
        y: y0 + FRAME,
        s: u,
        rows: 12.0,
    };
    let (x1, y1) = (grid.x + 12.0 * u + FRAME, grid.y + 12.0 * u + FRAME);
    let mut svg = Svg::new(x1 + LABEL, y1 + LABEL, &title(GameKind::Screwball, g));
    svg.rect(
        x0,
        y0,
        x1 - x0,
        y1 - y0,
        &format!(r#"fill="{}" rx="4""#, palette::FRAME),
    );
    let b = Board::get();
    // A space's rectangle: left, top, width, height.
    let bounds = |id: SpaceId| {
        let sp = b.space(id);
        let (left, top) = (
            grid.x + f64::from(sp.x0) * u,
            grid.y + (12.0 - f64::from(sp.y1)) * u,
        );
        (
            left,
            top,
            f64::from(sp.x1 - sp.x0) * u,
            f64::from(sp.y1 - sp.y0) * u,
        )
    };
    let centre = |id: SpaceId| {
        let (x, y, w, h) = bounds(id);
        (x + w / 2.0, y + h / 2.0)
    };
    let gap = 1.8;
    for id in b.ids() {
        let sp = b.space(id);
        let alt = (sp.x0 / 2 + sp.y0).is_multiple_of(2);
        let colour = match (sp.size, alt) {
            (Size::Large, false) => palette::LARGE,
            (Size::Large, true) => palette::LARGE_ALT,
            (Size::Small, false) => palette::SMALL,
            (Size::Small, true) => palette::SMALL_ALT,
        };
        let (x, y, w, h) = bounds(id);
        svg.rect(
            x + gap / 2.0,
            y + gap / 2.0,
            w - gap,
            h - gap,
            &fill(colour),
        );
    }
    if let Some(mv) = g.history().last() {
        let marks: Vec<SpaceId> = match mv {
            screwball::Move::Step {
                from,
                to,
                placements,
            } => [*from, *to]
                .into_iter()
                .chain(placements.as_slice().iter().copied())
                .collect(),
            screwball::Move::Enter(at) => vec![*at],
            screwball::Move::Pass => Vec::new(),
        };
        for id in marks {
            let (x, y, w, h) = bounds(id);
            svg.rect(x + 1.5, y + 1.5, w - 3.0, h - 3.0, LAST);
        }
    }
    let pos = g.position();
    for player in Player::ALL {
        for (id, piece) in pos.pieces_of(player) {
            let at = centre(id);
            let r = match piece.size {
                Size::Large => 0.42 * u,
                Size::Small => 0.3 * u,
            };
            let faded = if screwball::position::dead_at(player, id) {
                r#" opacity="0.5""#
            } else {
                ""
            };
            svg.open(&format!(r#"class="piece"{faded}"#));
            match player {
                Player::Screws => {
                    svg.circle(at, r, &paint(palette::SCREWS, palette::SCREW_EDGE, 1.5));
                    let d = r * 0.6;
                    svg.line(
                        (at.0 - d, at.1 + d),
                        (at.0 + d, at.1 - d),
                        &format!(
                            r#"stroke="{}" stroke-width="{}" stroke-linecap="round""#,
                            palette::SCREW_EDGE,
                            N(r * 0.22)
                        ),
                    );
                }
                Player::Balls => {
                    svg.circle(at, r, &paint(palette::BALLS, palette::BALL_EDGE, 1.5));
                    svg.circle(
                        (at.0 - r * 0.35, at.1 - r * 0.35),
                        r * 0.28,
                        &format!(r#"fill="{}" fill-opacity="0.45""#, palette::SHINE),
                    );
                }
            }
            svg.close();
        }
    }
    svg.open_spots();
    for id in b.ids() {
        let (x, y, w, h) = bounds(id);
        svg.spot(x, y, w, h, &b.name(id).to_string());
    }
    svg.close();
    let columns: Vec<(f64, String)> = (0..12u8)
        .map(|x| {
            (
                grid.at(f64::from(x), 0.0).0,
                char::from(b'a' + x).to_string(),
            )
        })
        .collect();
    let ranks: Vec<(f64, String)> = (0..12u8)
        .map(|y| (grid.at(0.0, f64::from(y)).1, (y + 1).to_string()))
        .collect();
    names_around(&mut svg, (x0, y0, x1, y1), &columns, &ranks, &ranks);
    svg.finish()
}
