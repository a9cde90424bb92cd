//! The last move marked on the board: its points, worked out in the position it was played
//! in, in every game; a throw is not a move on the board, so the move before it is marked.

use crate::root;
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::rules::TableRules;
use tabula::view::last_move::last_move_points;
use tabula_rules::with_game;

fn scene_after(path: &str, at: usize) -> TableGame {
    TableGame::load_scene(&root().join(path), Some(at)).unwrap()
}

#[test]
fn the_last_move_is_marked_from_where_it_began_to_where_it_ended() {
    // Before any move, nothing is marked.
    let war = scene_after("scenes/war/siege_gambit.ron", 0);
    with_game!(&war, g => assert!(last_move_points(g).is_empty()));

    // The fence race after "fence e11|e12 to a1|b1" and "throw 1": the fence is marked.
    let fences = scene_after("scenes/fences/two_players_seed3.ron", 5);
    with_game!(&fences, g => {
        let want = vec![g.square_point("e11|e12").unwrap(), g.square_point("a1|b1").unwrap()];
        assert_eq!(last_move_points(g), want);
    });

    // Screwball: the step from a12 to b12, not the penalty pieces it set.
    let screwball = scene_after("scenes/screwball/patent_example.ron", 1);
    with_game!(&screwball, g => {
        let want = vec![g.square_point("a12").unwrap(), g.square_point("b12").unwrap()];
        assert_eq!(last_move_points(g), want);
    });

    // Camelot's charge: every landing, in order.
    let camelot = scene_after("scenes/camelot/figure3_charges.ron", 1);
    with_game!(&camelot, g => {
        let want: Vec<_> = ["E5", "G7", "I7", "G9", "G11", "E9", "C7"]
            .iter()
            .map(|s| g.square_point(s).unwrap())
            .collect();
        assert_eq!(last_move_points(g), want);
    });
}

/// Every game's board has its coordinates on its edges, each over its own file or rank.
#[test]
fn every_board_names_its_files_and_ranks_on_its_edges() {
    for path in [
        "scenes/war/siege_gambit.ron",
        "scenes/camelot/figure3_charges.ron",
        "scenes/screwball/patent_example.ron",
        "scenes/transport/carrier_strike.ron",
        "scenes/fences/two_players_seed3.ron",
    ] {
        let game = scene_after(path, 0);
        with_game!(&game, g => {
            let labels = g.edge_labels();
            assert!(!labels.is_empty(), "{path}: no coordinates");
            // The first file's label stands in line with that file's first square, off the
            // near edge; the first rank's, in line with it, off the left edge (within a spot:
            // a large Screwball space covers two files).
            let near = g.spot_size();
            let (file, first, square) = labels
                .iter()
                .find_map(|(t, p)| g.square_point(&format!("{t}1")).map(|s| (t, *p, s)))
                .unwrap_or_else(|| panic!("{path}: no file label over a square"));
            assert!((first.x - square.x).abs() < near && first.z > square.z, "{path}: {file}");
            let rank = labels
                .iter()
                .find(|(t, _)| t == "1")
                .unwrap_or_else(|| panic!("{path}: no rank 1"))
                .1;
            assert!((rank.z - square.z).abs() < near && rank.x < square.x, "{path}: rank 1");
        });
    }
}

/// The mouse's label names what stands on a spot, by the names the notation uses.
#[test]
fn a_spot_is_named_with_what_stands_on_it() {
    use tabula::games::war::pieces::Location;
    use tabula::table::spots::BoardSpots;
    use tabula_rules::war::{Side, Square, War, WarOptions};
    let war = War::new(WarOptions::default()).unwrap();
    let said = war
        .spot_words(Location::Board(Square::from_rank(Side::Red, 2, 1).unwrap()))
        .unwrap();
    assert_eq!(said, "Red cannon (KC) on KC1");
    let empty = Square::from_rank(Side::Red, 2, 5).unwrap();
    assert_eq!(war.spot_words(Location::Board(empty)).unwrap(), "KC5");

    let screwball = tabula_rules::screwball::Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls small: c3\nBalls large: e4\nScrews to move",
        tabula_rules::screwball::ScrewballOptions::default(),
    )
    .unwrap();
    let c3 = tabula_rules::screwball::Board::get().parse("c3").unwrap();
    assert_eq!(screwball.spot_words(c3).unwrap(), "Balls' small ball on c3");
}
