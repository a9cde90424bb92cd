//! The board of a table drawn as a standalone SVG picture: the current position of any of
//! the five games seen from above, in the table's colours, with the squares' names along
//! the edges and the last move marked.
//!
//! Every piece is one element of class `piece` and every mark of the last move one element
//! of class `last`, so that a page may style them. The picture has no scripts and refers
//! to nothing outside itself.
//!
//! The colours are the games' palettes (`tabula_rules::<game>::palette`), which the 3D
//! table reads too. Each game's drawing lives in its own module and is reached through
//! `Drawn`; [`board_svg`] and [`player_colour`] only pick the game.

mod camelot;
mod fences;
mod screwball;
mod svg;
mod transport;
mod war;

use tabula_ai::games::AnyGame;
use tabula_rules::Game;
use tabula_rules::palette::Rgb;
use tabula_rules::scene::GameKind;

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
/// How a square of the last move is marked.
const LAST: &str =
    r##"class="last" fill="#ffe14d" fill-opacity="0.5" stroke="#f0a800" stroke-width="3""##;
/// The colour of a player no game knows by that name.
const UNKNOWN_PLAYER: &str = "#cccccc";

/// A game the page can draw.
pub(crate) trait Drawn: Game {
    /// The position as a complete SVG document (see [`board_svg`]).
    fn svg(&self) -> String;

    /// The colour of the player called `name` (trimmed, in lower case) as the game prints
    /// it, if it is one of this game's players: the colour of the table's status line while
    /// that player is to move.
    fn player_colour(name: &str) -> Option<Rgb>;
}

/// The current position of `game` as a complete SVG document: the board in its real shape,
/// every piece in its player's colour with a letter or shape for its kind, the squares'
/// names along the edges where the game names squares that way, and the squares of the last
/// move marked. The picture is as wide as the element that holds it (`width="100%"`), its
/// height following from its `viewBox`.
pub fn board_svg(game: &AnyGame) -> String {
    tabula_rules::with_game!(game, g => g.svg())
}

/// A CSS colour (`#rrggbb`) for a player named as the game prints it ("Red", "White",
/// "Fleet 2", "Yellow", "Balls"; any case): the colour of the table's status line while
/// that player is to move (the player's pieces, lightened as the table lightens them). An
/// unknown name gets a neutral grey.
pub fn player_colour(kind: GameKind, player: &str) -> String {
    let name = player.trim().to_ascii_lowercase();
    let found = tabula_rules::with_kind!(kind, G => <G as Drawn>::player_colour(&name));
    found.map_or_else(|| UNKNOWN_PLAYER.to_string(), Rgb::hex)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use tabula_rules::scene::SceneFile;
    use tabula_rules::{camelot, screwball};

    /// Checks that `svg` is one well-formed `<svg>` element: every tag closed in order,
    /// attribute values quoted, text free of raw markup characters. Returns how many
    /// elements it holds.
    pub(super) fn well_formed(svg: &str) -> usize {
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
    pub(super) fn pieces(game: &AnyGame) -> usize {
        match game {
            AnyGame::War(g) => g.position().all_pieces().count(),
            AnyGame::Camelot(g) => camelot::Side::ALL
                .iter()
                .map(|s| g.position().count(*s))
                .sum(),
            AnyGame::Transport(g) => g.position().pieces().len(),
            AnyGame::Fences(g) => g.seats().len() - g.resignations().len() + g.fences().len(),
            AnyGame::Screwball(g) => screwball::Player::ALL
                .iter()
                .map(|p| g.position().pieces_of(*p).count())
                .sum(),
        }
    }

    /// How many times `what` occurs in `svg`.
    pub(super) fn count(svg: &str, what: &str) -> usize {
        svg.matches(what).count()
    }

    /// Draws `game` and checks the picture: well formed, standalone, one piece element for
    /// each piece.
    pub(super) fn check(game: &AnyGame) -> String {
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
    pub(super) fn play_first(game: &mut AnyGame) {
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

    /// The folder the tests leave their pictures in, to be looked at.
    pub(super) fn out_dir() -> std::path::PathBuf {
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
    fn the_pieces_a_jump_took_are_crossed_out() {
        let cases = [
            (
                GameKind::Camelot,
                "White knights: E5;White men: E6 B4;Black men: E8 K12;White to move",
                "E5-E7xE9",
                1,
            ),
            (
                GameKind::War,
                "Red: K at G1, T at K5;Blue: K at GH1, T at G5, T at GC3, T at K5;Red to move",
                "T takes T, T",
                2,
            ),
        ];
        for (kind, setup, text, taken) in cases {
            let mut game = AnyGame::new(kind, "", Some(setup)).expect("a setup");
            assert_eq!(count(&board_svg(&game), r#"class="captured""#), 0);
            game.play_texts(&[text.to_string()]).expect("the jump");
            let svg = check(&game);
            // Two strokes a cross.
            assert_eq!(count(&svg, r#"class="captured""#), 2 * taken, "{kind:?}");
        }
    }

    /// Whether `spot` names a square of `_game`'s board.
    fn square_of<G: Game>(_game: &G, spot: &str) -> bool {
        G::is_square_name(spot)
    }

    #[test]
    fn every_square_a_move_is_clicked_on_is_a_spot_of_the_picture() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes");
        let mut games: Vec<AnyGame> = openings().into_iter().map(|(_, g)| g).collect();
        for (_, mut game) in openings() {
            play_first(&mut game);
            games.push(game);
        }
        for file in [
            "war/siege_gambit.ron",
            "camelot/figure3_charges.ron",
            "transport/figure1_plane_and_shell.ron",
            "fences/two_players_seed3.ron",
            "screwball/patent_example.ron",
        ] {
            let scene = SceneFile::load(&root.join(file)).expect("a shipped scene");
            games.push(AnyGame::from_scene(&scene, Some(1)).expect("the scene plays"));
        }
        for game in games {
            {
                let svg = board_svg(&game);
                tabula_ai::with_game!(&game, g, _k => {
                    for (mv, path) in g.click_paths() {
                        for spot in path.iter().filter(|s| {
                            square_of(g, s) || s.starts_with("station ") || *s == "home"
                        }) {
                            let attr = format!(r#"data-spot="{}""#, super::svg::escape(spot));
                            assert!(svg.contains(&attr), "{:?}: {mv:?} clicks {spot}", game.kind());
                        }
                    }
                });
            }
        }
    }

    #[test]
    fn players_have_their_colours() {
        // The table's status line: the pieces' colour lightened (Camelot's its own tints,
        // the fence race's Yellow light enough as it is).
        assert_eq!(player_colour(GameKind::War, "Red"), "#faa99e");
        assert_eq!(player_colour(GameKind::Camelot, "black"), "#9e9eb3");
        assert_eq!(player_colour(GameKind::Transport, "Fleet 4"), "#8e83b2");
        assert_eq!(player_colour(GameKind::Fences, "Yellow"), "#fff273");
        assert_eq!(player_colour(GameKind::Screwball, "Balls"), "#b98383");
        assert_eq!(player_colour(GameKind::Screwball, " screws "), "#dbc4a0");
        for (kind, bad) in [
            (GameKind::Transport, "Fleet 5"),
            (GameKind::Transport, "Fleet 0"),
            (GameKind::Transport, "Fleet"),
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
            let colours: std::collections::HashSet<String> = game
                .player_names()
                .iter()
                .map(|p| player_colour(kind, p))
                .collect();
            assert_eq!(colours.len(), game.player_names().len(), "{kind:?}");
            assert!(!colours.contains(UNKNOWN_PLAYER), "{kind:?}");
        }
    }
}
