//! The fence race drawn for the page: the field of spaces tinted by section, the paths,
//! home and the stations, the pawns and the fences, and the last turn's fence move and walk.

use tabula_rules::Game;
use tabula_rules::fences::{self, FenceMove, Fences, Node, Section, Slot, Space, palette};
use tabula_rules::palette::Rgb;
use tabula_rules::scene::GameKind;

use super::svg::{Grid, Svg, fill, names_around, paint, title};
use super::{Drawn, LABEL, LAST};

impl Drawn for Fences {
    fn svg(&self) -> String {
        draw(self)
    }

    fn player_colour(name: &str) -> Option<Rgb> {
        fences::Seat::parse(name).map(|seat| palette::status(seat.0))
    }
}

/// The fence race: a field of junction spaces (a1 at the bottom left, the south seat's
/// edge) tinted by section, the paths between them, the walled home in the middle with its
/// four gold entrances, the corner stations ringed in gold; pawns as discs, fences as bars
/// across the paths they close, each marked with its seat's [`head`].
fn draw(g: &Fences) -> String {
    let board = g.board();
    let n = board.size();
    let p = 432.0 / f64::from(n - 1);
    let margin = 0.75 * p;
    let (x0, y0) = (LABEL, LABEL);
    // A grid whose cells are centred on the spaces.
    let grid = Grid {
        x: x0 + margin - p / 2.0,
        y: y0 + margin - p / 2.0,
        s: p,
        rows: f64::from(n),
    };
    let side = f64::from(n - 1) * p + 2.0 * margin;
    let (x1, y1) = (x0 + side, y0 + side);
    let mut svg = Svg::new(x1 + LABEL, y1 + LABEL, &title(GameKind::Fences, g));
    svg.rect(
        x0,
        y0,
        side,
        side,
        &format!(r#"fill="{}" rx="5""#, palette::BASE),
    );
    let centre = |sp: Space| grid.at(f64::from(sp.x), f64::from(sp.y));
    let home = grid.at(f64::from(n / 2), f64::from(n / 2));
    let mid = |slot: Slot| {
        let (a, b) = (centre(slot.0), centre(slot.1));
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    };
    // A bar across a slot's path, `long` by `thick`.
    let across = |slot: Slot, long: f64, thick: f64| {
        let (x, y) = mid(slot);
        if slot.0.y == slot.1.y {
            (x - thick / 2.0, y - long / 2.0, thick, long)
        } else {
            (x - long / 2.0, y - thick / 2.0, long, thick)
        }
    };
    // The paths: a groove along each slot.
    for slot in g.slots() {
        let (a, b) = (centre(slot.0), centre(slot.1));
        let w = 0.36 * p;
        let (x, y) = (a.0.min(b.0) - w / 2.0, a.1.min(b.1) - w / 2.0);
        let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        svg.rect(x, y, dx + w, dy + w, &fill(palette::PATH));
    }
    // Home: a stone square over the middle block, a house on it, the entrances in gold.
    svg.square(
        home,
        2.6 * p,
        &paint(palette::STONE, palette::STONE_EDGE, 1.5),
    );
    for entrance in board.entrances() {
        let e = centre(entrance);
        let at = (home.0 + (e.0 - home.0) * 0.6, home.1 + (e.1 - home.1) * 0.6);
        let (w, h) = if e.0 == home.0 {
            (0.5 * p, 0.2 * p)
        } else {
            (0.2 * p, 0.5 * p)
        };
        svg.rect(at.0 - w / 2.0, at.1 - h / 2.0, w, h, &fill(palette::GOLD));
    }
    let r = 0.5 * p;
    svg.square(
        home,
        2.0 * r,
        &paint(palette::ROOF, palette::ROOF_EDGE, 1.5),
    );
    for (dx, dy) in [(-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (1.0, -1.0)] {
        svg.line(
            home,
            (home.0 + dx * r, home.1 + dy * r),
            &format!(r#"stroke="{}" stroke-width="1.2""#, palette::ROOF_EDGE),
        );
    }
    for y in 0..n {
        for x in 0..n {
            let sp = Space { x, y };
            if !board.is_space(sp) {
                continue;
            }
            let sections: Vec<Section> = Section::ALL
                .into_iter()
                .filter(|sec| board.in_section(sp, *sec))
                .collect();
            let colour = match sections.as_slice() {
                [one] => palette::tint(*one),
                _ => palette::NEUTRAL,
            };
            svg.square(centre(sp), 0.62 * p, &format!(r#"fill="{colour}" rx="2""#));
        }
    }
    let m = n - 1;
    for corner in [(0, 0), (m, 0), (m, m), (0, m)] {
        let at = centre(Space {
            x: corner.0,
            y: corner.1,
        });
        svg.circle(at, 0.42 * p, &paint("none", palette::GOLD, 0.1 * p));
    }
    let pawn_at = |node: Node, seat: fences::Seat| match node {
        Node::Space(sp) => centre(sp),
        Node::Home => {
            let d = 0.8 * p;
            match seat.0 {
                Section::South => (home.0, home.1 + d),
                Section::East => (home.0 + d, home.1),
                Section::North => (home.0, home.1 - d),
                Section::West => (home.0 - d, home.1),
            }
        }
    };
    // The last turn's steps: its fence moved, and its walk.
    let (moved, walked) = last_turn(g);
    if let Some((from, to)) = moved {
        let (x, y, w, h) = across(from, 0.8 * p, 0.3 * p);
        svg.rect(x, y, w, h, &format!(r#"{LAST} stroke-dasharray="3 2""#));
        let (x, y, w, h) = across(to, 0.8 * p, 0.3 * p);
        svg.rect(x, y, w, h, LAST);
    }
    if let Some((seat, path)) = walked {
        for node in path {
            match node {
                Node::Space(sp) => svg.square(centre(sp), 0.72 * p, LAST),
                Node::Home => svg.circle(pawn_at(node, seat), 0.42 * p, LAST),
            }
        }
    }
    for (seat, slot) in g.fences() {
        let (x, y, w, h) = across(*slot, 0.72 * p, 0.18 * p);
        svg.open(r#"class="piece""#);
        svg.rect(
            x,
            y,
            w,
            h,
            &format!(
                r#"{} rx="1""#,
                paint(palette::seat(seat.0), palette::FENCE_EDGE, 1.0)
            ),
        );
        // A knob at each end, the seat's pawn head in small, as on the table.
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        let (dx, dy) = if w > h {
            (w / 2.0 - h / 2.0, 0.0)
        } else {
            (0.0, h / 2.0 - w / 2.0)
        };
        for end in [-1.0, 1.0] {
            let at = (cx + end * dx, cy + end * dy);
            head(&mut svg, at, 0.13 * p, seat.0);
        }
        svg.close();
    }
    // A pawn whose player resigned has left the race, and the board.
    let resigned: Vec<fences::Seat> = g.resignations().iter().map(|r| r.player).collect();
    for seat in g.seats().iter().filter(|s| !resigned.contains(s)) {
        let at = pawn_at(g.pawn(*seat), *seat);
        svg.open(r#"class="piece""#);
        svg.circle(
            at,
            0.3 * p,
            &paint(palette::seat(seat.0), palette::PAWN_RIM, 2.0),
        );
        head(&mut svg, at, 0.26 * p, seat.0);
        svg.close();
    }
    svg.open_spots();
    // The spots a player clicks: each space, home, and each slot (the gap between two
    // spaces, where a fence stands).
    for y in 0..n {
        for x in 0..n {
            let sp = Space { x, y };
            if board.is_space(sp) {
                svg.square_spot(centre(sp), 0.62 * p, &sp.to_string());
            }
        }
    }
    svg.square_spot(home, 1.1 * p, &Node::Home.to_string());
    for slot in g.slots() {
        let (x, y, w, h) = across(slot, 0.62 * p, 0.38 * p);
        svg.spot(x, y, w, h, &slot.to_string());
    }
    svg.close();
    let columns: Vec<(f64, String)> = (0..n)
        .map(|x| {
            let sp = Space { x, y: 0 };
            (centre(sp).0, char::from(b'a' + x).to_string())
        })
        .collect();
    let ranks: Vec<(f64, String)> = (0..n)
        .map(|y| (centre(Space { x: 0, y }).1, (u16::from(y) + 1).to_string()))
        .collect();
    names_around(&mut svg, (x0, y0, x1, y1), &columns, &ranks, &ranks);
    svg.finish()
}

/// The mark of the seat of `section`, `size` units across, centred on `at`: its pawn's head
/// as seen on the table (South's ball a dot, East's cube a square, North's flat disc a bar,
/// West's ring a ring), so that the seats differ in shape as well as in colour. Dark on the
/// light seats' colours, light on the dark ones'.
fn head(svg: &mut Svg, at: (f64, f64), size: f64, section: Section) {
    let ink = if palette::seat(section).lightness() > 60.0 {
        palette::FENCE_EDGE
    } else {
        palette::PAWN_RIM
    };
    let r = size / 2.0;
    match section {
        Section::South => svg.circle(at, r, &fill(ink)),
        Section::East => svg.square(at, 0.85 * size, &fill(ink)),
        Section::North => svg.rect(
            at.0 - 0.65 * size,
            at.1 - 0.2 * size,
            1.3 * size,
            0.4 * size,
            &fill(ink),
        ),
        Section::West => svg.circle(at, 0.75 * r, &paint("none", ink, 0.3 * size)),
    }
}

/// The fence race's last turn as it shows: the fence moved (from, to), and the walk (the
/// seat and the nodes its pawn stood on, its start first). Die throws and card draws are
/// skipped; a walk is shown with the fence move of its turn.
#[allow(clippy::type_complexity)]
fn last_turn(g: &Fences) -> (Option<(Slot, Slot)>, Option<(fences::Seat, Vec<Node>)>) {
    let history = g.history();
    let mut steps = history.iter().enumerate().rev().filter(|(_, m)| {
        !matches!(
            m,
            FenceMove::Throw(_) | FenceMove::Card(_) | FenceMove::Draw
        )
    });
    let Some((i, last)) = steps.next() else {
        return (None, None);
    };
    let relocation = |m: &FenceMove| match m {
        FenceMove::Relocate { from, to } => Some((*from, *to)),
        _ => None,
    };
    if let Some(moved) = relocation(last) {
        return (Some(moved), None);
    }
    let moved = steps.next().and_then(|(_, m)| relocation(m));
    // The game as it stood before the walk: the pawn's start, and the way it went.
    let mut before = g.clone();
    while before.history().len() > i {
        if before.undo().is_none() {
            break;
        }
    }
    let seat = before.to_move();
    let start = before.pawn(seat);
    let walk = match last {
        FenceMove::Walk(end) => {
            let mut path = vec![start];
            path.extend(before.walk_path(*end).unwrap_or_else(|| vec![*end]));
            path
        }
        _ => vec![start],
    };
    (moved, Some((seat, walk)))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{check, count, play_first};
    use tabula_ai::games::AnyGame;
    use tabula_rules::Game;
    use tabula_rules::fences::FenceMove;
    use tabula_rules::scene::GameKind;

    /// A fence race turn: the fence moved, then the whole walk.
    #[test]
    fn a_turn_marks_the_fence_moved_and_the_whole_walk() {
        let mut game = AnyGame::new(GameKind::Fences, "", None).expect("a race");
        play_first(&mut game);
        play_first(&mut game);
        let AnyGame::Fences(g) = &game else {
            unreachable!()
        };
        let walked = g
            .history()
            .iter()
            .filter_map(|m| match m {
                FenceMove::Throw(k) => Some(usize::from(*k)),
                _ => None,
            })
            .sum::<usize>();
        let svg = check(&game);
        // Two slots, the start and one space a step.
        assert_eq!(count(&svg, r#"class="last""#), 2 + 1 + walked);
    }

    /// Each seat's pawn and fences wear its own mark, so that the four seats differ in
    /// shape as well as in colour: a dot, a square, a bar, a ring.
    #[test]
    fn every_seat_wears_a_mark_of_its_own_shape() {
        use tabula_rules::fences::{Section, palette};
        let game = AnyGame::new(GameKind::Fences, "(players: 4)", None).expect("a race");
        let svg = check(&game);
        let groups: Vec<&str> = svg
            .split(r#"<g class="piece">"#)
            .skip(1)
            .filter_map(|p| p.split("</g>").next())
            .collect();
        let mut marks: Vec<(String, String)> = Vec::new();
        for group in groups {
            // The piece's own shape first, in its seat's colour; then its marks.
            let (first, rest) = group.split_once("/>").expect("a piece");
            let seat = Section::ALL
                .into_iter()
                .find(|s| first.contains(&format!(r#"fill="{}""#, palette::seat(*s))))
                .map(|s| format!("{s:?}"))
                .expect("a seat's colour");
            let mark = rest
                .split('<')
                .nth(1)
                .and_then(|tag| tag.split(' ').next())
                .expect("a mark");
            let shape = match mark {
                "rect" if rest.contains(r#"width="#) => {
                    // A square's sides are equal, a bar's are not.
                    let size = |name: &str| {
                        rest.split(&format!(r#"{name}=""#))
                            .nth(1)
                            .and_then(|v| v.split('"').next())
                            .and_then(|v| v.parse::<f64>().ok())
                            .expect("a size")
                    };
                    if (size("width") - size("height")).abs() < 0.01 {
                        "square"
                    } else {
                        "bar"
                    }
                }
                "circle" if rest.contains(r#"fill="none""#) => "ring",
                other => other,
            };
            marks.push((seat, shape.to_string()));
        }
        marks.sort();
        marks.dedup();
        assert_eq!(marks.len(), 4, "one mark a seat: {marks:?}");
        let mut shapes: Vec<&str> = marks.iter().map(|(_, shape)| shape.as_str()).collect();
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes, ["bar", "circle", "ring", "square"], "{marks:?}");
    }

    /// A racer who resigns has left the race: his pawn is no longer drawn.
    #[test]
    fn a_resigned_racers_pawn_is_not_drawn() {
        let mut game = AnyGame::new(GameKind::Fences, "(players: 3)", None).expect("a race");
        let before = check(&game);
        game.play_texts(&["Blue resigns".to_string()]).unwrap();
        let after = check(&game);
        assert_eq!(
            count(&before, r#"class="piece""#),
            count(&after, r#"class="piece""#) + 1,
            "one pawn fewer"
        );
    }
}
