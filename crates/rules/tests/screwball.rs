//! Screwball Checkers: the board's geometry against the patent's counts, every movement
//! rule, attacks and penalty placements, bonus moves, dead pieces, the end, setups,
//! notation round trips and random playouts. Data in data/screwball/.

mod common;

use tabula_rules::Game;
use tabula_rules::screwball::board::Contact;
use tabula_rules::screwball::{Board, Player, Position, Screwball, ScrewballOptions, Size};

fn data(name: &str) -> String {
    let path = common::crate_dir().join("tests/data/screwball").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_board_matches_the_patents_description() {
    let b = Board::get();
    let spaces = b.spaces();
    assert_eq!(spaces.iter().filter(|s| s.size == Size::Large).count(), 26);
    assert_eq!(spaces.iter().filter(|s| s.size == Size::Small).count(), 48);
    // Six columns, each as wide as a large square...
    for s in spaces {
        let column = s.x0 / 2;
        assert!(s.x1 <= 2 * column + 2, "{s:?} stays in its column");
    }
    // ... and no transverse row: no line across the board runs along edges only.
    for y in 1..12u8 {
        let crossed = spaces.iter().any(|s| s.y0 < y && y < s.y1);
        assert!(crossed, "the line y = {y} is cut by some space");
    }
    let inner =
        |s: &tabula_rules::screwball::board::Space| s.x0 > 0 && s.x1 < 12 && s.y0 > 0 && s.y1 < 12;
    let mut small_checked = 0;
    let mut large_checked = 0;
    for id in b.ids() {
        let s = b.space(id);
        if !inner(s) {
            continue;
        }
        let count = |size: Size, contact: Contact| {
            b.touching(id)
                .iter()
                .filter(|(o, c)| b.space(*o).size == size && *c == contact)
                .count()
        };
        match s.size {
            Size::Small => {
                // Bounded by three large squares and one small; one small at a corner.
                assert_eq!(count(Size::Large, Contact::Edge), 3, "{}", b.name(id));
                assert_eq!(count(Size::Small, Contact::Edge), 1, "{}", b.name(id));
                assert_eq!(count(Size::Small, Contact::Corner), 1, "{}", b.name(id));
                small_checked += 1;
            }
            Size::Large => {
                // Six small and two large along its sides, two large at its corners.
                assert_eq!(count(Size::Small, Contact::Edge), 6, "{}", b.name(id));
                assert_eq!(count(Size::Large, Contact::Edge), 2, "{}", b.name(id));
                assert_eq!(count(Size::Large, Contact::Corner), 2, "{}", b.name(id));
                large_checked += 1;
            }
        }
    }
    assert!(
        small_checked >= 20 && large_checked >= 8,
        "{small_checked} {large_checked}"
    );
}

#[test]
fn the_opening() {
    let g = Screwball::new(ScrewballOptions::default());
    let pos = g.position();
    for player in Player::ALL {
        assert_eq!(pos.on_board(player, Size::Large), 4);
        assert_eq!(pos.on_board(player, Size::Small), 2);
        assert_eq!(g.reserve(player, Size::Large), 14);
        assert_eq!(g.reserve(player, Size::Small), 4);
    }
    // Screws' large pieces on b12 and h12 cross a corner (to c11, i11); a12 and g12 are
    // blocked by their partners; the small pieces on c12 and i12 go to a10 or e11, and to
    // g10 or k11.
    let moves: Vec<String> = g.legal_moves().iter().map(|m| g.move_text(m)).collect();
    assert_eq!(moves.len(), 6, "{moves:?}");
}

#[test]
fn rule_cases() {
    let n = common::run_cases(
        &data("rules.txt"),
        |options, setup| {
            let options: ScrewballOptions = if options.is_empty() {
                ScrewballOptions::default()
            } else {
                ron::from_str(options).map_err(|e| e.to_string())?
            };
            Screwball::from_setup_text(setup, options).map_err(|e| e.to_string())
        },
        |g, square| {
            let id = Board::get().parse(square).expect("a space");
            g.position().at(id).map_or("empty".to_string(), |p| {
                format!("{} {}", p.owner, p.size.word())
            })
        },
        |g| g.position().to_string(),
    );
    assert!(n >= 12, "{n} cases");
}

#[test]
fn dead_pieces_are_counted_for_good() {
    let mut g = Screwball::from_setup_text(
        "Screws large: d2 c5\nBalls small: c3\nBalls large: e4\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    // Reaching the own edge.
    let mv = g.parse_move("d2-e1").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 1);
    assert_eq!(g.reserve(Player::Screws, Size::Large), 16);
    g.undo();
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 0);
    // Unable to move further.
    let mv = g.parse_move("c5-d5+c1+e1").unwrap();
    g.play(&mv).unwrap();
    assert_eq!(g.position().dead(Player::Screws, Size::Large), 1);
    assert_eq!(g.position().at(Board::get().parse("d5").unwrap()), None);
}

#[test]
fn setup_text_round_trips_and_bad_setups_are_refused() {
    let options = ScrewballOptions::default();
    let pos = Position::standard();
    assert_eq!(Position::parse(&pos.to_string(), &options).unwrap(), pos);
    let dead = "Screws large: c5\nScrews dead: 2 large, 1 small\nBalls to move";
    let p = Position::parse(dead, &options).unwrap();
    assert_eq!(Position::parse(&p.to_string(), &options).unwrap(), p);
    for (bad, why) in [
        (
            "Screws large: c3",
            "a large piece stands only on a small square",
        ),
        (
            "Screws small: c5",
            "a small piece stands only on a large square",
        ),
        ("Screws large: c5 c5", "two pieces on c5"),
        ("Screws large: z9", "no such space"),
        ("Greens large: c5", "unknown player"),
        ("Balls dead: 19 large", "more large pieces than the 18"),
    ] {
        let e = Position::parse(bad, &options).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn random_playouts_never_panic_and_round_trip() {
    let finished = common::random_playouts(
        0..300,
        600,
        |_| Screwball::new(ScrewballOptions::default()),
        |g| g.position().clone(),
        |_, _| {},
    );
    assert!(finished > 200, "most random games end ({finished} of 300)");
}
