//! The board of a table drawn as a standalone SVG picture: the current position of any of
//! the five games seen from above, in the table's colours, with the squares' names along
//! the edges and the last move marked.
//!
//! Every piece is one element of class `piece` and every mark of the last move one element
//! of class `last`, so that a page may style them. The picture has no scripts and refers
//! to nothing outside itself.

use std::fmt::{self, Write as _};
use tabula_ai::games::AnyGame;
use tabula_rules::Game;
use tabula_rules::camelot::{self, Camelot};
use tabula_rules::fences::{self, FenceMove, Fences, Node, Section, Slot, Space};
use tabula_rules::scene::GameKind;
use tabula_rules::screwball::{self, Screwball};
use tabula_rules::transport::{self, Stratum, Transport};
use tabula_rules::war::{self, War};

/// The side of a square in the picture's units (boards of other sizes keep about the same
/// width: Transport's and the fence race's squares shrink as their boards grow).
const SQUARE: f64 = 40.0;
/// Room for the squares' names around a frame.
const LABEL: f64 = 22.0;
/// Width of a wooden frame around the squares.
const FRAME: f64 = 9.0;
/// The paper the board lies on.
const PAPER: &str = "#f3ecdc";
/// The ink of the names around the board.
const INK: &str = "#5a4632";
/// The wooden frame (the table's).
const WOOD: &str = "#38200f";
/// Stone of castles, citadels and home.
const STONE: &str = "#9e998f";
/// Gold trim.
const GOLD: &str = "#dbad38";
/// How a square of the last move is marked.
const LAST: &str =
    r##"class="last" fill="#ffe14d" fill-opacity="0.5" stroke="#f0a800" stroke-width="3""##;

/// The current position of `game` as a complete SVG document: the board in its real shape,
/// every piece in its player's colour with a letter or shape for its kind, the squares'
/// names along the edges where the game names squares that way, and the squares of the last
/// move marked. The picture is as wide as the element that holds it (`width="100%"`), its
/// height following from its `viewBox`.
pub fn board_svg(game: &AnyGame) -> String {
    match game {
        AnyGame::War(g) => war_svg(g),
        AnyGame::Camelot(g) => camelot_svg(g),
        AnyGame::Transport(g) => transport_svg(g),
        AnyGame::Fences(g) => fences_svg(g),
        AnyGame::Screwball(g) => screwball_svg(g),
    }
}

/// A CSS colour for a player named as the game prints it ("Red", "White", "Fleet 2",
/// "Yellow", "Balls"; any case): the colour of the player's pieces, lightened as the
/// table's status line lightens it, so that it reads on a dark page. An unknown name gets a
/// neutral grey.
pub fn player_colour(kind: GameKind, player: &str) -> &'static str {
    let name = player.trim().to_ascii_lowercase();
    let found = match kind {
        GameKind::War => war::Side::parse(&name).map(|s| match s {
            war::Side::Red => "#d45a50",
            war::Side::Blue => "#5f80dc",
        }),
        GameKind::Camelot => camelot::Side::parse(&name).map(|s| match s {
            camelot::Side::White => "#f2ebd9",
            camelot::Side::Black => "#9e9eb3",
        }),
        GameKind::Transport => name
            .strip_prefix("fleet")
            .and_then(|n| n.trim().parse::<u8>().ok())
            .and_then(|n| FLEET_STATUS.get(usize::from(n).checked_sub(1)?).copied()),
        GameKind::Fences => fences::Seat::parse(&name).map(|s| match s.0 {
            Section::South => "#e0483c",
            Section::East => "#5a82ea",
            Section::North => "#3fa552",
            Section::West => "#f2cf3a",
        }),
        GameKind::Screwball => screwball::Player::parse(&name).map(|p| match p {
            screwball::Player::Screws => "#e0b65a",
            screwball::Player::Balls => "#cc4448",
        }),
    };
    found.unwrap_or("#cccccc")
}

/// The status colours of Transport's fleets, fleet 1 first.
const FLEET_STATUS: [&str; 4] = ["#ece8dc", "#8f97a6", "#dcc39a", "#7088c0"];

// ---------------------------------------------------------------------------------------
// A small SVG writer.

/// A number as SVG wants it: at most two decimals, no trailing zeros.
struct N(f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// `text` with the characters XML gives a meaning escaped.
fn escape(text: &str) -> String {
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
struct Svg {
    out: String,
}

impl Svg {
    /// A document `width` by `height` units with `title`, on paper.
    fn new(width: f64, height: f64, title: &str) -> Svg {
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

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
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
    fn square(&mut self, (x, y): (f64, f64), side: f64, attrs: &str) {
        self.rect(x - side / 2.0, y - side / 2.0, side, side, attrs);
    }

    fn circle(&mut self, (x, y): (f64, f64), r: f64, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            N(x),
            N(y),
            N(r)
        );
    }

    fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), attrs: &str) {
        let _ = write!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            N(x1),
            N(y1),
            N(x2),
            N(y2)
        );
    }

    fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        self.out.push_str(r#"<polygon points=""#);
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(self.out, "{sep}{},{}", N(*x), N(*y));
        }
        let _ = write!(self.out, r#"" {attrs}/>"#);
    }

    /// Text centred on `(x, y)`, `size` units high, escaped.
    fn text(&mut self, (x, y): (f64, f64), size: f64, text: &str, attrs: &str) {
        let _ = write!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" {attrs}>{}</text>"#,
            N(x),
            N(y + size * 0.35),
            N(size),
            escape(text)
        );
    }

    /// Opens a group.
    fn open(&mut self, attrs: &str) {
        let _ = write!(self.out, "<g {attrs}>");
    }

    /// Closes the group last opened.
    fn close(&mut self) {
        self.out.push_str("</g>");
    }

    /// The finished document.
    fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// `fill` and `stroke` attributes.
fn paint(fill: &str, stroke: &str, width: f64) -> String {
    format!(
        r#"fill="{fill}" stroke="{stroke}" stroke-width="{}""#,
        N(width)
    )
}

/// A square grid: the top-left corner of column 0's cells and of the top row's, the side of
/// a cell, and how many rows (row 0 at the bottom, as every game counts from its first
/// player's edge).
#[derive(Clone, Copy)]
struct Grid {
    x: f64,
    y: f64,
    s: f64,
    rows: f64,
}

impl Grid {
    /// The centre of the cell at column `c`, row `r` (fractions allowed).
    fn at(&self, c: f64, r: f64) -> (f64, f64) {
        (
            self.x + (c + 0.5) * self.s,
            self.y + (self.rows - 0.5 - r) * self.s,
        )
    }
}

/// The squares' names around a frame `(x0, y0, x1, y1)`: `columns` (at their x) below and
/// above it, `left` and `right` (at their y) beside it.
fn names_around(
    svg: &mut Svg,
    (x0, y0, x1, y1): (f64, f64, f64, f64),
    columns: &[(f64, String)],
    left: &[(f64, String)],
    right: &[(f64, String)],
) {
    let attrs = format!(r#"fill="{INK}""#);
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
fn letter(svg: &mut Svg, at: (f64, f64), size: f64, text: &str, fill: &str) {
    svg.text(
        at,
        size,
        text,
        &format!(r#"fill="{fill}" font-weight="bold" font-family="Helvetica, Arial, sans-serif""#),
    );
}

/// The title of a picture: the game and whose turn it is, or how it ended.
fn title<G: Game>(kind: GameKind, game: &G) -> String {
    let outcome = game.outcome();
    if outcome.is_over() {
        format!("{}: {outcome}", kind.title())
    } else {
        format!("{}: {} to move", kind.title(), game.to_move())
    }
}

// ---------------------------------------------------------------------------------------
// The Game of War.

/// War's pieces and board, as on the table.
mod war_colours {
    pub const LIGHT: &str = "#dbd1b8";
    pub const DARK: &str = "#292626";
    pub const RED: &str = "#bf1f17";
    pub const BLUE: &str = "#1f4dc7";
}

fn war_colour(side: war::Side) -> &'static str {
    match side {
        war::Side::Red => war_colours::RED,
        war::Side::Blue => war_colours::BLUE,
    }
}

/// The Game of War: 10 x 10 squares, Red's first rank at the bottom; the citadels walled in
/// stone; each side's two flying-machine stations outside its first rank. Files by Maxim's
/// names, ranks as Red counts them on the left and as Blue counts them on the right.
fn war_svg(g: &War) -> String {
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
        &format!(r#"fill="{WOOD}" rx="4""#),
    );
    let centre = |sq: Square| grid.at(f64::from(sq.file()), f64::from(sq.row()));
    let station = |side: Side, st: Station| {
        let (x, y) = centre(st.front(side));
        (x, y + 1.25 * s * if side == Side::Red { 1.0 } else { -1.0 })
    };
    for sq in Square::all() {
        let fill = if sq.is_dark() {
            war_colours::DARK
        } else {
            war_colours::LIGHT
        };
        svg.square(centre(sq), s, &format!(r#"fill="{fill}""#));
    }
    for side in Side::ALL {
        // The citadel: a stone ring with battlements, its floor in the owner's colour.
        let c = centre(Square::citadel(side));
        svg.square(c, 0.86 * s, &paint("none", STONE, 0.1 * s));
        svg.square(c, 0.6 * s, &format!(r#"fill="{}""#, war_colour(side)));
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let at = (c.0 + dx * 0.43 * s, c.1 + dy * 0.43 * s);
            svg.square(at, 0.17 * s, &paint(STONE, "#5f5b55", 1.0));
        }
        for st in Station::ALL {
            let fill = if st.is_dark(side) {
                war_colours::DARK
            } else {
                war_colours::LIGHT
            };
            svg.square(station(side, st), 0.8 * s, &paint(fill, GOLD, 1.5));
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
    }
    for (place, piece) in g.position().all_pieces() {
        let at = match place {
            Place::Square(sq) => centre(sq),
            Place::Station(st) => station(piece.side, st),
        };
        let fill = war_colour(piece.side);
        let look = paint(fill, GOLD, 1.6);
        svg.open(r#"class="piece""#);
        match piece.kind {
            war::Kind::Troop => svg.circle(at, 0.28 * s, &look),
            war::Kind::FlyingMachine => {
                let r = 0.4 * s;
                let (x, y) = at;
                svg.polygon(&[(x, y - r), (x + r, y), (x, y + r), (x - r, y)], &look);
            }
            war::Kind::King => svg.circle(at, 0.38 * s, &paint(fill, GOLD, 3.0)),
            _ => svg.circle(at, 0.37 * s, &look),
        }
        let size = if piece.kind == war::Kind::Troop {
            0.3 * s
        } else {
            0.42 * s
        };
        letter(&mut svg, at, size, piece.kind.letter(), "#ffffff");
        svg.close();
    }
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

// ---------------------------------------------------------------------------------------
// Camelot.

/// Camelot: 160 squares in a cross with stepped ends, White's castle (F1 G1) at the bottom
/// and Black's at the top, walled in stone; files A-L, ranks 1-16.
fn camelot_svg(g: &Camelot) -> String {
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
            &format!(r#"fill="{WOOD}" rx="3""#),
        );
    }
    for sq in Square::all() {
        let fill = if Side::ALL.iter().any(|side| sq.in_castle_of(*side)) {
            "#8c1f1f"
        } else if sq.is_dark() {
            "#6b4529"
        } else {
            "#ccb88c"
        };
        svg.square(centre(sq), s, &format!(r#"fill="{fill}""#));
    }
    // Each castle: a stone wall round its two squares, open towards the board.
    for side in Side::ALL {
        let [a, b] = Square::castle(side);
        let (ca, cb) = (centre(a), centre(b));
        let out = if side == Side::White { 1.0 } else { -1.0 };
        let back = ca.1 + out * (s / 2.0 + wall / 2.0);
        let (left, right) = (ca.0 - s / 2.0, cb.0 + s / 2.0);
        let stone = paint(STONE, "#5f5b55", 1.0);
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
    }
    let pos = g.position();
    for side in Side::ALL {
        let (fill, edge, mark) = match side {
            Side::White => ("#ede6d1", "#8a7a5c", "#8c1f1f"),
            Side::Black => ("#1a1a1c", "#77777c", GOLD),
        };
        for (sq, piece) in pos.pieces_of(side) {
            let at = centre(sq);
            svg.open(r#"class="piece""#);
            match piece.kind {
                Kind::Man => {
                    svg.circle(at, 0.36 * s, &paint(fill, edge, 1.5));
                    svg.circle(at, 0.22 * s, &paint("none", edge, 1.2));
                }
                Kind::Knight => {
                    svg.circle(at, 0.4 * s, &paint(fill, GOLD, 2.5));
                    letter(&mut svg, at, 0.45 * s, "K", mark);
                }
            }
            svg.close();
        }
    }
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

// ---------------------------------------------------------------------------------------
// Transport.

/// The hull colours of the four fleets, as on the table.
const FLEET: [&str; 4] = ["#dbd6c7", "#474d57", "#c7a875", "#33426b"];

/// The colour of a patent mark (the band an auxiliary flies).
fn mark_colour(kind: transport::Kind) -> &'static str {
    match kind {
        transport::Kind::Plane => "#1ab233",
        transport::Kind::Shell => "#d91a14",
        _ => "#f2d91a",
    }
}

/// Transport: the sea of `size` x `size` squares (the corners dark, a1 at the bottom left,
/// Fleet 1's edge), seen through the water. The strata show in the pieces: a submarine
/// under the surface is drawn pale and dashed, ships on the surface solid, and the
/// auxiliaries (planes and shells in the air, torpedoes on the surface) as small arrows in
/// their fleet's colour, banded in their patent colour and pointed along their heading.
fn transport_svg(g: &Transport) -> String {
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
    svg.rect(x0, y0, x1 - x0, y1 - y0, r##"fill="#402e1f" rx="4""##);
    let centre = |sq: Sq| grid.at(f64::from(sq.x), f64::from(sq.y));
    for y in 0..n as i8 {
        for x in 0..n as i8 {
            let sq = Sq::new(x, y);
            // The floor's squares under the translucent water.
            let fill = if sq.is_dark() { "#2c5069" } else { "#73959f" };
            svg.square(centre(sq), s * 0.96, &format!(r#"fill="{fill}""#));
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
        let fleet = usize::from(piece.fleet).min(3);
        let fill = FLEET[fleet];
        let (edge, ink) = if fleet % 2 == 0 {
            ("#2a2622", "#2a2622")
        } else {
            ("#e8e4da", "#f4f1ea")
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
                    paint(fill, mark_colour(piece.kind), 0.055 * s),
                    N(angle),
                    N(x),
                    N(y)
                ),
            );
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
                    r#"stroke="{fill}" stroke-width="{}" stroke-linecap="round"{}"#,
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
        }
        svg.close();
    }
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

// ---------------------------------------------------------------------------------------
// The fence race.

/// A seat's colour, as on the table.
fn seat_colour(section: Section) -> &'static str {
    match section {
        Section::South => "#c7241a",
        Section::East => "#2452cc",
        Section::North => "#1f8c33",
        Section::West => "#e6bf1f",
    }
}

/// A section's tint on its spaces: its seat's colour, mostly faded to the board's.
fn section_tint(section: Section) -> &'static str {
    match section {
        Section::South => "#d49d88",
        Section::East => "#a6aaba",
        Section::North => "#a5ba8f",
        Section::West => "#dcc989",
    }
}

/// The fence race: a field of junction spaces (a1 at the bottom left, the south seat's
/// edge) tinted by section, the paths between them, the walled home in the middle with its
/// four gold entrances, the corner stations ringed in gold; pawns as discs, fences as bars
/// across the paths they close.
fn fences_svg(g: &Fences) -> String {
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
    svg.rect(x0, y0, side, side, r##"fill="#332114" rx="5""##);
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
        svg.rect(x, y, dx + w, dy + w, r##"fill="#6b4a2e""##);
    }
    // Home: a stone square over the middle block, a house on it, the entrances in gold.
    svg.square(home, 2.6 * p, &paint(STONE, "#6f6a62", 1.5));
    for entrance in board.entrances() {
        let e = centre(entrance);
        let at = (home.0 + (e.0 - home.0) * 0.6, home.1 + (e.1 - home.1) * 0.6);
        let (w, h) = if e.0 == home.0 {
            (0.5 * p, 0.2 * p)
        } else {
            (0.2 * p, 0.5 * p)
        };
        svg.rect(
            at.0 - w / 2.0,
            at.1 - h / 2.0,
            w,
            h,
            &format!(r#"fill="{GOLD}""#),
        );
    }
    let r = 0.5 * p;
    svg.square(home, 2.0 * r, &paint("#8c291a", "#5c1a10", 1.5));
    for (dx, dy) in [(-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (1.0, -1.0)] {
        svg.line(
            home,
            (home.0 + dx * r, home.1 + dy * r),
            r##"stroke="#5c1a10" stroke-width="1.2""##,
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
            let fill = match sections.as_slice() {
                [one] => section_tint(*one),
                _ => "#d9ccb3",
            };
            svg.square(centre(sp), 0.62 * p, &format!(r#"fill="{fill}" rx="2""#));
        }
    }
    let m = n - 1;
    for corner in [(0, 0), (m, 0), (m, m), (0, m)] {
        let at = centre(Space {
            x: corner.0,
            y: corner.1,
        });
        svg.circle(at, 0.42 * p, &paint("none", GOLD, 0.1 * p));
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
    let (moved, walked) = fences_last(g);
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
        svg.rect(
            x,
            y,
            w,
            h,
            &format!(
                r#"class="piece" {} rx="1""#,
                paint(seat_colour(seat.0), "#1a120a", 1.0)
            ),
        );
    }
    for seat in g.seats() {
        let at = pawn_at(g.pawn(*seat), *seat);
        svg.open(r#"class="piece""#);
        svg.circle(at, 0.3 * p, &paint(seat_colour(seat.0), "#fff8e8", 2.0));
        svg.circle(at, 0.12 * p, r##"fill="#fff8e8" fill-opacity="0.55""##);
        svg.close();
    }
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

/// The fence race's last turn as it shows: the fence moved (from, to), and the walk (the
/// seat and the nodes its pawn stood on, its start first). Die throws and card draws are
/// skipped; a walk is shown with the fence move of its turn.
#[allow(clippy::type_complexity)]
fn fences_last(g: &Fences) -> (Option<(Slot, Slot)>, Option<(fences::Seat, Vec<Node>)>) {
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

// ---------------------------------------------------------------------------------------
// Screwball Checkers.

/// Screwball Checkers: six staggered columns of large squares and pairs of small squares
/// on a 12 x 12 field of units, the first player's edge (rank 1) at the bottom; files a-l
/// and ranks 1-12 name the unit cells. Screws are gold with a slotted head, balls red and
/// round; a large piece stands on a small square and a small piece on a large one. Dead
/// pieces are drawn faded.
fn screwball_svg(g: &Screwball) -> String {
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
    svg.rect(x0, y0, x1 - x0, y1 - y0, r##"fill="#29333d" rx="4""##);
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
        let fill = match (sp.size, alt) {
            (Size::Large, false) => "#d1c7a8",
            (Size::Large, true) => "#bdb08f",
            (Size::Small, false) => "#385c6b",
            (Size::Small, true) => "#2b4a59",
        };
        let (x, y, w, h) = bounds(id);
        svg.rect(
            x + gap / 2.0,
            y + gap / 2.0,
            w - gap,
            h - gap,
            &format!(r#"fill="{fill}""#),
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
                    svg.circle(at, r, &paint("#c79e40", "#5e4612", 1.5));
                    let d = r * 0.6;
                    svg.line(
                        (at.0 - d, at.1 + d),
                        (at.0 + d, at.1 - d),
                        &format!(
                            r##"stroke="#5e4612" stroke-width="{}" stroke-linecap="round""##,
                            N(r * 0.22)
                        ),
                    );
                }
                Player::Balls => {
                    svg.circle(at, r, &paint("#9e1a1f", "#4a0b0e", 1.5));
                    svg.circle(
                        (at.0 - r * 0.35, at.1 - r * 0.35),
                        r * 0.28,
                        r##"fill="#ffffff" fill-opacity="0.45""##,
                    );
                }
            }
            svg.close();
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use tabula_rules::scene::SceneFile;

    /// Checks that `svg` is one well-formed `<svg>` element: every tag closed in order,
    /// attribute values quoted, text free of raw markup characters. Returns how many
    /// elements it holds.
    fn well_formed(svg: &str) -> usize {
        assert!(svg.starts_with("<svg "), "starts {:?}", &svg[..20]);
        assert!(svg.ends_with("</svg>"));
        let mut open: Vec<&str> = Vec::new();
        let mut elements = 0;
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            assert!(!text.contains('>'), "a stray > in {text:?}");
            for (i, _) in text.match_indices('&') {
                let entity = &text[i..text[i..].find(';').map_or(text.len(), |e| i + e + 1)];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
                    "a bare & in {text:?}"
                );
            }
            let end = rest[start..].find('>').expect("an unclosed tag") + start;
            let tag = &rest[start + 1..end];
            assert_eq!(
                tag.matches('"').count() % 2,
                0,
                "unbalanced quotes in <{tag}>"
            );
            assert!(!tag.contains('<'), "a < inside <{tag}>");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "</{name}> closes the wrong element");
            } else {
                let name = tag
                    .split(|c: char| c.is_whitespace() || c == '/')
                    .next()
                    .unwrap_or("");
                assert!(!name.is_empty(), "a tag without a name");
                elements += 1;
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        assert!(rest.is_empty(), "text after </svg>: {rest:?}");
        assert!(open.is_empty(), "left open: {open:?}");
        elements
    }

    /// How many pieces the position of `game` has (the fence race's fences count as
    /// pieces, as do pawns at home and flying machines on their stations).
    fn pieces(game: &AnyGame) -> usize {
        match game {
            AnyGame::War(g) => g.position().all_pieces().count(),
            AnyGame::Camelot(g) => camelot::Side::ALL
                .iter()
                .map(|s| g.position().count(*s))
                .sum(),
            AnyGame::Transport(g) => g.position().pieces().len(),
            AnyGame::Fences(g) => g.seats().len() + g.fences().len(),
            AnyGame::Screwball(g) => screwball::Player::ALL
                .iter()
                .map(|p| g.position().pieces_of(*p).count())
                .sum(),
        }
    }

    fn count(svg: &str, what: &str) -> usize {
        svg.matches(what).count()
    }

    /// Draws `game` and checks the picture: well formed, standalone, one piece element for
    /// each piece.
    fn check(game: &AnyGame) -> String {
        let svg = board_svg(game);
        let elements = well_formed(&svg);
        assert!(elements > 50, "only {elements} elements");
        assert!(svg.contains("viewBox=\"0 0 "));
        assert!(svg.contains("width=\"100%\""));
        for banned in ["<script", "href", "url(", "<image", "@import"] {
            assert!(!svg.contains(banned), "{banned} in the picture");
        }
        assert_eq!(
            count(&svg, r#"class="piece""#),
            pieces(game),
            "{:?}",
            game.kind()
        );
        svg
    }

    /// The opening of each game under `options` (RON).
    fn openings() -> Vec<(&'static str, AnyGame)> {
        [
            ("war", GameKind::War, ""),
            ("camelot", GameKind::Camelot, ""),
            ("transport", GameKind::Transport, ""),
            ("transport_teams", GameKind::Transport, "(mode: Teams)"),
            ("transport_royal", GameKind::Transport, "(mode: Royal)"),
            ("fences", GameKind::Fences, ""),
            ("fences_four", GameKind::Fences, "(players: 4)"),
            ("screwball", GameKind::Screwball, ""),
        ]
        .into_iter()
        .map(|(name, kind, options)| {
            (
                name,
                AnyGame::new(kind, options, None).expect("the standard opening"),
            )
        })
        .collect()
    }

    /// Plays the first legal move, throwing the fence race's die when it is due.
    fn play_first(game: &mut AnyGame) {
        tabula_ai::with_game!(game, g, _k => {
            let mv = g.legal_moves().into_iter().next().expect("a legal move");
            g.play(&mv).expect("legal");
        });
        if let AnyGame::Fences(g) = game
            && g.pending_chance().is_some()
        {
            g.throw().expect("the die");
        }
    }

    fn out_dir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join("boards");
        std::fs::create_dir_all(&dir).expect("a folder for the pictures");
        dir
    }

    #[test]
    fn each_opening_is_drawn_with_every_piece_and_no_last_move() {
        for (name, game) in openings() {
            let svg = check(&game);
            assert_eq!(count(&svg, r#"class="last""#), 0, "{name}");
            std::fs::write(out_dir().join(format!("{name}.svg")), svg).expect("written");
        }
    }

    #[test]
    fn the_last_move_is_marked() {
        for (name, mut game) in openings() {
            play_first(&mut game);
            let svg = check(&game);
            let marks = count(&svg, r#"class="last""#);
            // Every game's first move leaves a square and reaches another (the fence
            // race's first step moves a fence from one slot to another).
            assert!(marks >= 2, "{name}: {marks} marks");
            std::fs::write(out_dir().join(format!("{name}_moved.svg")), svg).expect("written");
        }
        // A fence race turn: the fence moved, then the whole walk.
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

    #[test]
    fn a_position_of_a_shipped_scene_of_each_game_is_drawn() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes");
        for (file, at) in [
            ("war/siege_gambit.ron", None),
            ("camelot/figure3_charges.ron", None),
            ("transport/team_game.ron", Some(11)),
            ("transport/figure1_plane_and_shell.ron", None),
            ("fences/four_players_seed5.ron", None),
            ("fences/two_players_seed3.ron", Some(14)),
            ("screwball/patent_example.ron", None),
        ] {
            let scene = SceneFile::load(&root.join(file)).expect("a shipped scene");
            let game = AnyGame::from_scene(&scene, at).expect("the scene plays");
            let svg = check(&game);
            assert!(count(&svg, r#"class="last""#) >= 1, "{file}");
            let name = file.replace('/', "_").replace(".ron", ".svg");
            std::fs::write(out_dir().join(format!("scene_{name}")), svg).expect("written");
        }
    }

    #[test]
    fn transport_pieces_sharing_a_square_are_all_drawn() {
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

    #[test]
    fn players_have_their_colours() {
        assert_eq!(player_colour(GameKind::War, "Red"), "#d45a50");
        assert_eq!(player_colour(GameKind::Camelot, "black"), "#9e9eb3");
        assert_eq!(player_colour(GameKind::Transport, "Fleet 4"), "#7088c0");
        assert_eq!(player_colour(GameKind::Fences, "Yellow"), "#f2cf3a");
        assert_eq!(player_colour(GameKind::Screwball, "Balls"), "#cc4448");
        for (kind, bad) in [
            (GameKind::Transport, "Fleet 5"),
            (GameKind::Transport, "Fleet 0"),
            (GameKind::War, "Green"),
        ] {
            assert_eq!(player_colour(kind, bad), "#cccccc", "{bad}");
        }
        // Every player each game names has a colour of its own.
        for kind in GameKind::ALL {
            let options = if kind == GameKind::Fences || kind == GameKind::Transport {
                if kind == GameKind::Fences {
                    "(players: 4)"
                } else {
                    "(mode: Royal)"
                }
            } else {
                ""
            };
            let game = AnyGame::new(kind, options, None).expect("a game");
            let colours: std::collections::HashSet<&str> = game
                .player_names()
                .iter()
                .map(|p| player_colour(kind, p))
                .collect();
            assert_eq!(colours.len(), game.player_names().len(), "{kind:?}");
            assert!(!colours.contains("#cccccc"), "{kind:?}");
        }
    }
}
