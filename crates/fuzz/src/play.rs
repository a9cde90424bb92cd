//! Any game driven through the `Game` trait alone, as the targets and the corpus drive it:
//! built by its checked constructors, its position printed where the trait lets it be, its
//! chance inputs supplied, and random moves played with the invariants checked as they go.

use crate::targets::shape;
use rand::{Rng, rngs::StdRng};
use std::any::Any;
use tabula_rules::game::Chance;
use tabula_rules::{Game, Outcome};

/// The standard start of `G` under `options`, the error as text.
pub fn from_options<G: Game>(options: G::Options) -> Result<G, String> {
    G::from_options(options).map_err(|e| e.to_string())
}

/// `G` from its setup text under `options`: read, then built, both checked.
pub fn from_setup_text<G: Game>(text: &str, options: G::Options) -> Result<G, String> {
    G::parse_setup(text, &options)
        .and_then(|setup| G::from_setup(setup, options))
        .map_err(|e| e.to_string())
}

/// The position now as a setup, where the trait can tell it: the start before any move,
/// and later the position key of a game whose key is its setup (the trait has no other
/// way to print a position reached by play).
pub fn position_setup<G: Game>(game: &G) -> Option<G::Setup> {
    if game.history().is_empty() {
        return Some(game.start().clone());
    }
    let key = game.position_key();
    (&key as &dyn Any).downcast_ref::<G::Setup>().cloned()
}

/// The position now in the game's setup text form, where [`position_setup`] tells it.
pub fn position_text<G: Game>(game: &G) -> Option<String> {
    position_setup(game).map(|s| G::setup_text(&s))
}

/// The position for a finding's message: its setup text, or the start's and the moves
/// since.
pub fn describe<G: Game>(game: &G) -> String {
    position_text(game).unwrap_or_else(|| {
        format!(
            "{}\n(then {} moves)",
            G::setup_text(game.start()),
            game.history().len()
        )
    })
}

/// The moves of `game`'s history in its notation, each printed in the position it was
/// played in (replayed from the start with the trait's checked `play`, as a save is).
pub fn history_texts<G: Game>(game: &G) -> Vec<String> {
    let Ok(mut replay) = G::from_setup(game.start().clone(), game.options().clone()) else {
        return Vec::new();
    };
    let mut texts = Vec::new();
    for mv in game.history() {
        let text = replay.move_text(&mv);
        if replay.play(&mv).is_err() {
            break;
        }
        texts.push(text);
    }
    texts
}

/// Supplies the pending chance input, from the game's own generator or a random value;
/// false when none is due or none could be supplied.
pub fn chance<G: Game>(game: &mut G, rng: &mut StdRng) -> bool {
    let value = match game.pending_chance() {
        Some(Chance::Die { faces }) => rng.random_range(1..=u32::from(faces.max(1))),
        Some(Chance::Card { cards }) => rng.random_range(0..cards.max(1)),
        None => return false,
    };
    if rng.random_bool(0.5) && game.draw_chance().is_ok() {
        return true;
    }
    game.resolve_chance(value).is_ok()
}

/// What play then undo must restore: the position's key, the history, whose turn it is,
/// the outcome and the chance input due.
type Snapshot<G> = (
    <G as Game>::PositionKey,
    Vec<<G as Game>::Move>,
    <G as Game>::Player,
    Outcome<<G as Game>::Player>,
    Option<Chance>,
);

fn snapshot<G: Game>(game: &G) -> Snapshot<G> {
    (
        game.position_key(),
        game.history(),
        game.to_move(),
        game.outcome(),
        game.pending_chance(),
    )
}

/// Plays one move that the game itself offered (or read), checking the invariants: its
/// text reads back to it (always when `always`, else at random), `play` accepts it, and at
/// random undo restores the position exactly.
pub fn checked_play<G: Game>(game: &mut G, mv: &G::Move, rng: &mut StdRng, always: bool) {
    if always || rng.random_ratio(1, 4) {
        let text = game.move_text(mv);
        match game.parse_move(&text) {
            Ok(back) if &back == mv => {}
            other => panic!(
                "invariant: the text {text:?} of {mv:?} reads back as {other:?}\n{}",
                describe(game)
            ),
        }
    }
    let before = rng.random_ratio(1, 6).then(|| snapshot(game));
    if let Err(e) = game.play(mv) {
        panic!(
            "invariant: {:?} ({mv:?}) is refused by play: {e}\n{}",
            game.move_text(mv),
            describe(game)
        );
    }
    if let Some(before) = before {
        let undone = game.undo();
        assert!(
            undone.as_ref() == Some(mv),
            "invariant: undo returned {undone:?}, not {mv:?}"
        );
        assert!(
            snapshot(game) == before,
            "invariant: play then undo of {mv:?} changed the position\n{}",
            describe(game)
        );
        game.play(mv).expect("replaying a move just undone");
    }
}

/// Plays up to `plies` random moves and chance inputs; returns a signature of the end.
pub fn play_random<G: Game>(game: &mut G, rng: &mut StdRng, plies: usize) -> u64 {
    let mut played = 0;
    for _ in 0..plies {
        if game.outcome().is_over() {
            break;
        }
        let legal = game.legal_moves();
        // A chance input is due; some games also offer a move instead (the fence race's
        // chance card): take one or the other.
        if game.pending_chance().is_some() && (legal.is_empty() || rng.random_bool(0.5)) {
            if !chance(game, rng) {
                break;
            }
            continue;
        }
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())].clone();
        checked_play(game, &mv, rng, false);
        played += 1;
    }
    let end = match game.outcome() {
        Outcome::Ongoing => "ongoing",
        Outcome::Win(_) | Outcome::TeamWin(_) => "won",
        Outcome::Draw(_) => "drawn",
    };
    shape(end) ^ (played as u64).min(8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_game_replays_its_history_as_text_and_prints_its_start() {
        fn check<G: Game>() {
            let mut game: G = from_options(Default::default()).unwrap();
            let start = position_text(&game).expect("the start prints");
            assert!(from_setup_text::<G>(&start, game.options().clone()).is_ok());
            let mut rng = StdRng::seed_from_u64(3);
            play_random(&mut game, &mut rng, 40);
            let texts = history_texts(&game);
            assert_eq!(texts.len(), game.history().len(), "{}", G::ABOUT.name);
            assert!(!describe(&game).is_empty());
        }
        tabula_rules::each_game!(G => { check::<G>(); });
    }
}
