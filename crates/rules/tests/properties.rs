//! Properties every game must have, checked by proptest on random walks from the opening of
//! every game and mode: each generated move is legal and plays; play then undo restores the
//! exact position; a move's text reads back as the same move; a position's setup text reads
//! back as the same position; and random playouts end (a win, a draw, or the game's limit).
//! The walks are driven by proptest's seed, so a failure shrinks to a short walk.

use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};
use rand::{Rng, SeedableRng, rngs::StdRng};
use std::fmt::Debug;
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions, RuleSet};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::game::Chance;
use tabula_rules::screwball::{Screwball, ScrewballOptions, game::NoMove};
use tabula_rules::transport::{Kind, Mode, Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

/// A game as the properties see it: what identifies its position, and its setup text.
trait Subject: Game + Debug {
    /// What play then undo must restore.
    type Key: PartialEq + Debug;
    /// The position (or the whole state where the game exposes no position).
    fn key(&self) -> Self::Key;
    /// Prints the position's setup and reads it back under the game's options: `Err` says
    /// how what was read differs. Games without a setup text have nothing to check.
    fn setup_round_trip(&self) -> Result<(), String>;
}

/// Reads `text` with `read` and compares the position with `pos`.
fn same_position<G, P: PartialEq + Debug>(
    text: &str,
    read: impl Fn(&str) -> Result<G, String>,
    pos: &P,
    position: impl Fn(&G) -> P,
) -> Result<(), String> {
    let back = read(text).map_err(|e| format!("the printed setup is refused: {e}\n{text}"))?;
    if &position(&back) == pos {
        Ok(())
    } else {
        Err(format!(
            "the printed setup reads back as another position:\n{text}\n{:?}\n{pos:?}",
            position(&back)
        ))
    }
}

/// What a War setup must carry over: the text itself, the position as far as the rules
/// see it (the repetition key: pieces, troops' moved flags, stations, turn) and the legal
/// moves while the game goes on. (A piece other than a troop carries a `moved` flag that the
/// rules ignore and the setup text does not print.)
fn war_content(g: &War) -> (String, u64, Vec<tabula_rules::war::Move>) {
    let mut moves = g.legal_moves();
    moves.sort();
    (
        g.position().to_string(),
        g.position().repetition_key(),
        moves,
    )
}

impl Subject for War {
    type Key = tabula_rules::war::Position;
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
    fn setup_round_trip(&self) -> Result<(), String> {
        let text = self.position().to_string();
        let back = War::from_setup_text(&text, self.options().clone())
            .map_err(|e| format!("the printed setup is refused: {e}\n{text}"))?;
        let (mine, theirs) = (war_content(self), war_content(&back));
        if mine.0 != theirs.0 {
            return Err(format!(
                "printed again differently:\n{text}\n---\n{}",
                theirs.0
            ));
        }
        if mine.1 != theirs.1 {
            return Err(format!(
                "reads back as another position (repetition key):\n{text}"
            ));
        }
        // A game that is over offers no moves; whether it is over may rest on its history
        // (a repetition), which a setup does not carry.
        if !self.outcome().is_over() && mine.2 != theirs.2 {
            let only = |a: &[tabula_rules::war::Move], b: &[tabula_rules::war::Move], g: &War| {
                a.iter()
                    .filter(|m| !b.contains(m))
                    .map(|m| g.move_text(m))
                    .collect::<Vec<_>>()
            };
            return Err(format!(
                "reads back with other legal moves:\n{text}\nonly before: {:?}\nonly after: {:?}",
                only(&mine.2, &theirs.2, self),
                only(&theirs.2, &mine.2, &back)
            ));
        }
        Ok(())
    }
}

impl Subject for Camelot {
    type Key = tabula_rules::camelot::Position;
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
    fn setup_round_trip(&self) -> Result<(), String> {
        same_position(
            &self.position().to_string(),
            |t| Camelot::from_setup_text(t, self.options().clone()).map_err(|e| e.to_string()),
            self.position(),
            |g| g.position().clone(),
        )
    }
}

impl Subject for Screwball {
    type Key = tabula_rules::screwball::Position;
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
    fn setup_round_trip(&self) -> Result<(), String> {
        same_position(
            &self.position().to_string(),
            |t| Screwball::from_setup_text(t, self.options().clone()).map_err(|e| e.to_string()),
            self.position(),
            |g| g.position().clone(),
        )
    }
}

/// Transport's position keeps its pieces in the order they came; what a setup must carry
/// over is the pieces as a set, the reserves, who is out and whose turn it is.
fn transport_content(g: &Transport) -> (Vec<tabula_rules::transport::Piece>, Vec<u8>, String) {
    let pos = g.position();
    let mut pieces = pos.pieces().to_vec();
    pieces.sort();
    let mut reserves = Vec::new();
    for fleet in 0..4 {
        for kind in [Kind::Plane, Kind::Shell, Kind::Torpedo] {
            reserves.push(pos.reserve(fleet, kind));
        }
        reserves.push(u8::from(pos.is_out(fleet)));
    }
    (pieces, reserves, format!("{} to move", g.to_move()))
}

impl Subject for Transport {
    type Key = tabula_rules::transport::Position;
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
    fn setup_round_trip(&self) -> Result<(), String> {
        let text = self.position().to_string();
        same_position(
            &text,
            |t| Transport::from_setup_text(t, self.options().clone()).map_err(|e| e.to_string()),
            &transport_content(self),
            transport_content,
        )?;
        let again = Transport::from_setup_text(&text, self.options().clone())
            .map_err(|e| e.to_string())?
            .position()
            .to_string();
        if again == text {
            Ok(())
        } else {
            Err(format!("printed again differently:\n{text}\n---\n{again}"))
        }
    }
}

impl Subject for Fences {
    /// The race exposes no position: its whole state, history included, as Debug text.
    type Key = String;
    fn key(&self) -> String {
        format!("{self:?}")
    }
    fn setup_round_trip(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Supplies a pending chance input from `rng`; false when none is pending.
fn resolve_chance<G: Game>(game: &mut G, rng: &mut StdRng) -> Result<bool, TestCaseError> {
    let value = match game.pending_chance() {
        Some(Chance::Die { faces }) => rng.random_range(1..=u32::from(faces)),
        Some(Chance::Card { cards }) if cards > 0 => rng.random_range(0..cards),
        Some(Chance::Card { .. }) => {
            return Err(TestCaseError::fail(
                "a card is to be drawn from an empty stack",
            ));
        }
        None => return Ok(false),
    };
    game.resolve_chance(value)
        .map_err(|e| TestCaseError::fail(format!("chance input {value} refused: {e}")))?;
    Ok(true)
}

/// Walks up to `len` random moves (and chance inputs) from `game`; `each` sees the game and
/// the move before it is played, and plays it. Stops early when the game ends or is stuck.
fn walk<G: Subject>(
    game: &mut G,
    seed: u64,
    len: usize,
    mut each: impl FnMut(&mut G, &G::Move) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut steps = 0;
    while steps < len && !game.outcome().is_over() {
        steps += 1;
        let legal = game.legal_moves();
        // Some games offer a move instead of a due chance input (the fence race's card).
        if game.pending_chance().is_some() && (legal.is_empty() || rng.random_bool(0.5)) {
            resolve_chance(game, &mut rng)?;
            continue;
        }
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())].clone();
        each(game, &mv)?;
    }
    Ok(())
}

/// Plays a move that the game offered; it must be accepted.
fn play_offered<G: Game>(game: &mut G, mv: &G::Move) -> Result<(), TestCaseError> {
    game.play(mv).map_err(|e| {
        TestCaseError::fail(format!(
            "the generated move {:?} ({mv:?}) is refused: {e}",
            game.move_text(mv)
        ))
    })
}

/// The move's text reads back as the move.
fn reads_back<G: Game>(game: &G, mv: &G::Move) -> Result<(), TestCaseError> {
    let text = game.move_text(mv);
    let back = game.parse_move(&text);
    prop_assert_eq!(back.as_ref(), Ok(mv), "the text {:?}", text);
    Ok(())
}

/// Every generated move is legal and plays: along the walk each chosen move, and at its end
/// every legal move (each on a copy).
fn moves_are_legal_and_play<G: Subject>(
    start: G,
    seed: u64,
    len: usize,
) -> Result<(), TestCaseError> {
    let mut game = start;
    walk(&mut game, seed, len, |g, mv| play_offered(g, mv))?;
    if game.pending_chance().is_none() {
        for mv in game.legal_moves() {
            prop_assert!(game.is_legal(&mv), "{:?} is generated but not legal", mv);
            play_offered(&mut game.clone(), &mv)?;
        }
    }
    Ok(())
}

/// Play then undo restores the exact position, at every step; undoing the whole walk
/// restores the start.
fn undo_restores<G: Subject>(start: G, seed: u64, len: usize) -> Result<(), TestCaseError> {
    let first = start.key();
    let mut game = start;
    walk(&mut game, seed, len, |g, mv| {
        let before = g.key();
        let ply = g.ply();
        play_offered(g, mv)?;
        let undone = g.undo();
        prop_assert_eq!(undone.as_ref(), Some(mv));
        prop_assert_eq!(g.ply(), ply);
        prop_assert_eq!(g.key(), before, "undo of {:?}", g.move_text(mv));
        play_offered(g, mv)
    })?;
    while game.undo().is_some() {}
    prop_assert_eq!(game.ply(), 0);
    prop_assert_eq!(game.key(), first, "undoing the whole walk");
    Ok(())
}

/// Printing a move and reading it back gives the same move: each chosen move along the
/// walk, and every legal move at its end.
fn texts_read_back<G: Subject>(start: G, seed: u64, len: usize) -> Result<(), TestCaseError> {
    let mut game = start;
    walk(&mut game, seed, len, |g, mv| {
        reads_back(g, mv)?;
        play_offered(g, mv)
    })?;
    if game.pending_chance().is_none() {
        for mv in game.legal_moves() {
            reads_back(&game, &mv)?;
        }
    }
    Ok(())
}

/// A setup printed and read back is the same position, at every step of the walk.
fn setups_read_back<G: Subject>(start: G, seed: u64, len: usize) -> Result<(), TestCaseError> {
    let mut game = start;
    game.setup_round_trip().map_err(TestCaseError::fail)?;
    walk(&mut game, seed, len, |g, mv| {
        play_offered(g, mv)?;
        g.setup_round_trip().map_err(TestCaseError::fail)
    })
}

/// A random playout ends within `cap` plies: in a win, a draw, or the game's own limit.
/// An ongoing game is never stuck: it always has a move or a chance input.
fn playouts_end<G: Subject>(start: G, seed: u64, cap: usize) -> Result<(), TestCaseError> {
    let mut game = start;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut plies = 0;
    let mut last = Vec::new();
    while !game.outcome().is_over() {
        prop_assert!(
            plies < cap,
            "still going after {} plies; the last moves: {:?}",
            cap,
            last
        );
        plies += 1;
        let legal = game.legal_moves();
        if game.pending_chance().is_some() && (legal.is_empty() || rng.random_bool(0.5)) {
            resolve_chance(&mut game, &mut rng)?;
            continue;
        }
        prop_assert!(
            !legal.is_empty(),
            "an ongoing game has no move:\n{:?}",
            game
        );
        let mv = legal[rng.random_range(0..legal.len())].clone();
        if last.len() == 8 {
            last.remove(0);
        }
        last.push(game.move_text(&mv));
        game.play_unchecked(&mv);
    }
    Ok(())
}

/// Few cases per property (the whole file stays within a minute in a dev build), from a
/// fixed seed so that a run is repeatable; `PROPTEST_CASES` and `PROPTEST_RNG_SEED` ask for
/// a deeper or another run. Shrinking shortens a failing walk; a playout's seed has nothing
/// to shrink to (`shrink` 0).
fn config(cases: u32, shrink: u32) -> ProptestConfig {
    let base = ProptestConfig::default();
    let set = |name: &str| std::env::var_os(name).is_some();
    ProptestConfig {
        cases: if set("PROPTEST_CASES") {
            base.cases
        } else {
            cases
        },
        rng_seed: if set("PROPTEST_RNG_SEED") {
            base.rng_seed
        } else {
            RngSeed::Fixed(1)
        },
        max_shrink_iters: shrink,
        failure_persistence: None,
        ..base
    }
}

/// The five properties for one game and mode: `$make` builds its opening, `$len` bounds
/// the walks and `$cap` the playouts.
macro_rules! properties {
    ($($name:ident: $make:expr, walk $len:expr, cap $cap:expr;)*) => {$(
        mod $name {
            use super::*;

            proptest! {
                #![proptest_config(config(12, 64))]

                #[test]
                fn generated_moves_are_legal_and_play(seed in any::<u64>(), len in 0usize..$len) {
                    moves_are_legal_and_play($make, seed, len)?;
                }

                #[test]
                fn play_then_undo_restores_the_position(seed in any::<u64>(), len in 0usize..$len) {
                    undo_restores($make, seed, len)?;
                }

                #[test]
                fn move_texts_read_back(seed in any::<u64>(), len in 0usize..$len) {
                    texts_read_back($make, seed, len)?;
                }

                #[test]
                fn setups_read_back_as_the_same_position(seed in any::<u64>(), len in 0usize..$len) {
                    setups_read_back($make, seed, len)?;
                }
            }

            proptest! {
                #![proptest_config(config(12, 0))]

                #[test]
                fn random_playouts_end(seed in any::<u64>()) {
                    playouts_end($make, seed, $cap)?;
                }
            }
        }
    )*};
}

fn transport(mode: Mode) -> Transport {
    Transport::new(TransportOptions {
        mode,
        ..TransportOptions::default()
    })
    .expect("the standard board for every mode")
}

fn fences(players: u8, chance_cards: bool) -> Fences {
    Fences::new(FencesOptions {
        players,
        chance_cards,
        ..FencesOptions::default()
    })
    .expect("a standard race")
}

properties! {
    war: War::new(WarOptions::default()).expect("defaults"), walk 120, cap 5000;
    camelot_wcf: Camelot::new(CamelotOptions::default()).expect("defaults"), walk 120, cap 5000;
    camelot_parker1930: Camelot::new(CamelotOptions {
        rules: RuleSet::Parker1930,
        ..CamelotOptions::default()
    }).expect("valid options"), walk 120, cap 5000;
    transport_two: transport(Mode::Two), walk 80, cap 5000;
    transport_teams: transport(Mode::Teams), walk 80, cap 5000;
    transport_royal: transport(Mode::Royal), walk 80, cap 5000;
    screwball: Screwball::new(ScrewballOptions::default()).expect("defaults"), walk 120, cap 5000;
    screwball_pass: Screwball::new(ScrewballOptions {
        no_move: NoMove::Pass,
        ..ScrewballOptions::default()
    }).expect("valid options"), walk 120, cap 5000;
    fences_2: fences(2, false), walk 120, cap 5000;
    fences_4: fences(4, false), walk 120, cap 5000;
    fences_2_cards: fences(2, true), walk 120, cap 5000;
    fences_4_cards: fences(4, true), walk 120, cap 5000;
}
