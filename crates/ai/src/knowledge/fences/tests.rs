//! The fence race's knowledge checked on small races: distances, exposure to one fence, the
//! fence moves a player and a playout choose.

use super::*;
use tabula_rules::fences::FencesOptions;

#[test]
fn distances_follow_the_fences() {
    let game = Fences::new(FencesOptions::default()).unwrap();
    let field = Field::new(&game);
    let (mut home, mut queue) = (Vec::new(), Vec::new());
    field.to_home(&mut home, &mut queue);
    for seat in game.seats() {
        let Node::Space(s) = game.pawn(*seat) else {
            panic!("pawns start on the field")
        };
        assert_eq!(
            Some(u32::from(home[field.index(s)])),
            game.distance_home(Node::Space(s)),
            "{seat}"
        );
    }
}

#[test]
fn with_every_entrance_shut_the_mover_opens_its_own_entrance_beside_it() {
    use tabula_rules::fences::Section;
    let space = |t: &str| Space::parse(t).expect("a space");
    let slot = |a: &str, b: &str| Slot::between(space(a), space(b));
    let (red, green) = (Seat(Section::South), Seat(Section::North));
    // Red holds the west and east entrances, Green the south and north ones; Red's
    // pawn stands two steps from the east entrance, Green's far from every one.
    let mut fences = vec![(red, slot("e7", "f7")), (red, slot("h7", "i7"))];
    for (a, b) in [("a1", "a2"), ("a2", "a3"), ("a3", "a4"), ("a4", "a5")] {
        fences.push((red, slot(a, b)));
    }
    fences.extend([(green, slot("g5", "g6")), (green, slot("g8", "g9"))]);
    for (a, b) in [
        ("m9", "m10"),
        ("m10", "m11"),
        ("m11", "m12"),
        ("m12", "m13"),
    ] {
        fences.push((green, slot(a, b)));
    }
    let game = Fences::with_layout(
        FencesOptions {
            // Fences may stand in home's entrances (not by default).
            entrance_fences: true,
            ..FencesOptions::default()
        },
        vec![Node::Space(space("j7")), Node::Space(space("c3"))],
        fences,
    )
    .expect("a legal layout");
    assert_eq!(game.to_move(), red);
    assert_eq!(game.distance_home(Node::Space(space("j7"))), None);
    let (best, score) = first_choice(&game);
    assert!(score.is_finite() && score > 0.0, "{best:?} {score}");
    assert!(
        matches!(&best, FenceMove::Relocate { from, .. } if *from == slot("h7", "i7")),
        "{best:?}"
    );
}

/// The move the first impression ranks highest in `game` (a fence move: the turn's first),
/// with its score.
fn first_choice(game: &Fences) -> (FenceMove, f32) {
    let moves = game.legal_moves();
    let mut scores = vec![0.0; moves.len()];
    FencesKnowledge.order(game, &moves, &mut scores);
    moves
        .into_iter()
        .zip(scores)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("fence moves")
}

/// A race of `pawns.len()` players with the standard fences and the pawns on these
/// spaces, the first to move.
fn race(pawns: &[&str]) -> Fences {
    let options = FencesOptions {
        players: pawns.len() as u8,
        ..FencesOptions::default()
    };
    let start = Fences::new(options.clone()).expect("a race");
    let pawns = pawns
        .iter()
        .map(|t| Node::Space(Space::parse(t).expect("a space")))
        .collect();
    Fences::with_layout(options, pawns, start.fences().to_vec()).expect("a legal layout")
}

#[test]
fn with_four_players_the_fence_goes_against_the_leader() {
    // South to move, far from home; East three steps from it, North and West far.
    let game = race(&["b2", "k7", "l12", "b12"]);
    let leader = game.seats()[1];
    let (best, _) = first_choice(&game);
    let before = game.distance_home(game.pawn(leader)).expect("a way home");
    let mut after = game.clone();
    after.play_unchecked(&best);
    let longer = after
        .distance_home(after.pawn(leader))
        .is_none_or(|d| d > before);
    assert!(
        longer,
        "{best:?} leaves the leader {before} steps from home"
    );
}

#[test]
fn a_player_who_resigned_is_nobody_s_rival_nor_target() {
    // As above, but East, three steps from home, has resigned and left the race.
    let mut game = race(&["b2", "k7", "l12", "b12"]);
    let east = game.seats()[1];
    game.resign(east).expect("East may resign");
    let seats = Seats::of(&game);
    let mut values = [0.0; 4];
    FencesKnowledge.evaluate(&game, &seats, &mut values);
    assert!(values[1] < 0.001, "{values:?}");
    let sum: f32 = values[..4].iter().sum();
    assert!((sum - 1.0).abs() < 1e-3, "{values:?}");
    // The fence goes against those still racing: East's way home stays as it was.
    let (best, _) = first_choice(&game);
    let before = game.distance_home(game.pawn(east));
    let mut after = game.clone();
    after.play_unchecked(&best);
    assert_eq!(after.distance_home(after.pawn(east)), before, "{best:?}");
    // Nor does a playout fence him.
    let moves = game.legal_moves();
    if let Some(k) = playout_fence(&game, &moves) {
        let mut after = game.clone();
        after.play_unchecked(&moves[k]);
        assert_eq!(after.distance_home(after.pawn(east)), before);
    }
}

#[test]
fn a_pawn_with_two_ways_home_stands_safe_from_one_fence() {
    let game = Fences::new(FencesOptions::default()).unwrap();
    let mut field = Field::new(&game);
    let (mut home, mut queue) = (Vec::new(), Vec::new());
    field.to_home(&mut home, &mut queue);
    let n = field.n;
    let at = |t: &str| {
        let s = Space::parse(t).expect("a space");
        usize::from(s.y) * n + usize::from(s.x)
    };
    let mut scratch = Scratch::default();
    // e5 lies at home's corner: three steps by the south entrance or by the west one.
    let corner = at("e5");
    assert_eq!(home[corner], 3);
    assert_eq!(
        field.after_worst_fence(corner, &home, true, &mut scratch),
        (3, None)
    );
    // f5 is two steps away, only by g5 and the south entrance: a fence in either slot
    // sends it two steps round (to the west entrance, or by f4 and g4).
    let beside = at("f5");
    assert_eq!(home[beside], 2);
    let south = game.board().entrance_slots()[0];
    let f5_g5 = Slot::between(
        Space::parse("f5").expect("a space"),
        Space::parse("g5").expect("a space"),
    );
    let (after, slot) = field.after_worst_fence(beside, &home, true, &mut scratch);
    assert_eq!(after, 4);
    assert!(slot == Some(south) || slot == Some(f5_g5), "{slot:?}");
    // Without fences in the entrances, only the one between f5 and g5 is left.
    let (after, slot) = field.after_worst_fence(beside, &home, false, &mut scratch);
    assert_eq!((after, slot), (4, Some(f5_g5)));
    // The field is left as it was.
    let mut again = Vec::new();
    field.to_home(&mut again, &mut queue);
    assert_eq!(home, again);
}

#[test]
fn the_evaluation_prefers_the_pawn_one_fence_cannot_hold_up() {
    let value = |red: &str| {
        let game = race(&[red, "m13"]);
        assert_eq!(game.distance_home(game.pawn(game.seats()[0])), Some(3));
        let mut out = [0.0; 4];
        FencesKnowledge.evaluate(&game, &Seats::of(&game), &mut out);
        out[0]
    };
    // i9: three steps home by two ways; k7: three steps by one way only.
    let corner = value("i9");
    let lane = value("k7");
    assert!(corner > lane, "{corner} against {lane}");
}

#[test]
fn a_playout_fences_the_leaders_only_way_home() {
    // South to move; East two steps from home through the south entrance only.
    let game = race(&["b2", "f5", "l12", "b12"]);
    let east = game.seats()[1];
    assert_eq!(game.distance_home(game.pawn(east)), Some(2));
    let moves = game.legal_moves();
    let k = playout_fence(&game, &moves).expect("a fence against East");
    let mut after = game.clone();
    after.play_unchecked(&moves[k]);
    assert_eq!(
        after.distance_home(after.pawn(east)),
        Some(4),
        "{:?}",
        moves[k]
    );
}

#[test]
fn a_fence_in_an_entrance_sends_the_pawn_round() {
    let mut game = Fences::new(FencesOptions {
        // Fences may stand in home's entrances (not by default).
        entrance_fences: true,
        ..FencesOptions::default()
    })
    .unwrap();
    let south = game.board().entrance_slots()[0];
    let shut = game
        .legal_moves()
        .into_iter()
        .find(|m| matches!(m, FenceMove::Relocate { to, .. } if *to == south))
        .expect("the south entrance is vacant");
    game.play_unchecked(&shut);
    let field = Field::new(&game);
    assert!(!field.entrance_open[0]);
    let (mut home, mut queue) = (Vec::new(), Vec::new());
    field.to_home(&mut home, &mut queue);
    let e = game.board().entrances()[0];
    let next = game
        .board()
        .neighbours(e)
        .map(|(s, _)| s)
        .next()
        .expect("a neighbour");
    for s in [e, next] {
        assert_eq!(
            Some(u32::from(home[field.index(s)])),
            game.distance_home(Node::Space(s)),
            "{s:?}"
        );
    }
    assert!(home[field.index(e)] > 1);
}
