//! Playing a scene: its game at the start, the moves of its main line and variations
//! replayed, and the checks of `tabula verify` (outcomes as expected, notes in their line
//! and on the game's squares).

use super::{Expect, GameKind, Note, SceneError, SceneFile, SceneSetup};
use crate::{AnyGame, Game, NotationError, Outcome, PlayError};
use std::collections::BTreeMap;
use std::fmt;

impl SceneFile {
    /// The scene's game at its start, whichever game it is.
    pub fn start(&self) -> Result<AnyGame, SceneError> {
        with_kind!(self.scene.game, G => self.start_as::<G>().map(AnyGame::from))
    }

    /// The scene's game at its start, as the game `G` (the scene must be for it): its
    /// options checked by [`Game::from_options`] (an error placed on the option at fault),
    /// its setup read by [`Game::parse_setup`] and checked by [`Game::from_setup`].
    pub fn start_as<G: Game>(&self) -> Result<G, SceneError> {
        let options: G::Options = self.options()?;
        let standard = G::from_options(options.clone())
            .map_err(|e| self.options_error(G::option_at_fault(&e), e))?;
        match &self.scene.setup {
            SceneSetup::Standard => Ok(standard),
            SceneSetup::Position(text) => G::parse_setup(text, &options)
                .and_then(|setup| G::from_setup(setup, options))
                .map_err(|e| self.setup_error(e)),
        }
    }

    /// Plays `moves` on `game`, stopping at the first that cannot be read or played.
    pub fn replay<G: Game>(&self, game: &mut G) -> Result<(), SceneError> {
        self.replay_first(game, self.scene.moves.len())
    }

    /// Plays the first `n` of `moves` on `game`.
    fn replay_first<G: Game>(&self, game: &mut G, n: usize) -> Result<(), SceneError> {
        for (i, text) in self.scene.moves.iter().take(n).enumerate() {
            let act = crate::resign::parse_act(game, text)
                .map_err(|e: NotationError| self.move_error(i, e.to_string()))?;
            crate::resign::play_act(game, &act)
                .map_err(|e: PlayError| self.move_error(i, e.to_string()))?;
        }
        Ok(())
    }

    /// Replays the whole scene and checks the outcome against `expect`, then checks its
    /// notes and replays each variation against its own `expect`.
    pub fn verify(&self) -> Result<String, SceneError> {
        let outcome = with_game!(self.start()?, g => self.verify_game(g))?;
        self.check_notes(&self.scene.notes, 0, self.scene.moves.len(), None)?;
        Ok(outcome)
    }

    fn verify_game<G: Game>(&self, start: G) -> Result<String, SceneError> {
        let mut game = start.clone();
        self.replay(&mut game)?;
        let outcome = self.check(game.outcome())?;
        for (index, variation) in self.scene.variations.iter().enumerate() {
            let mut game = start.clone();
            self.replay_variation(&mut game, index)?;
            let ok = expect_met(&variation.expect, &game.outcome());
            if !ok {
                return Err(self.variation_error(
                    index,
                    "expect",
                    format!(
                        "expected {}, but it ended as: {}",
                        variation.expect,
                        game.outcome()
                    ),
                ));
            }
        }
        Ok(outcome)
    }

    /// The moves of a line: the main line, or the main line's first `from` moves and then
    /// the variation's.
    pub fn line_moves(&self, variation: Option<usize>) -> Vec<String> {
        match variation.and_then(|v| self.scene.variations.get(v)) {
            None => self.scene.moves.clone(),
            Some(v) => {
                let mut moves: Vec<String> =
                    self.scene.moves[..v.from.min(self.scene.moves.len())].to_vec();
                moves.extend(v.moves.iter().cloned());
                moves
            }
        }
    }

    /// Plays the main line's first `from` moves and then those of the `index`-th (0-based)
    /// variation. An index past the last variation plays nothing.
    pub fn replay_variation<G: Game>(&self, game: &mut G, index: usize) -> Result<(), SceneError> {
        let Some(variation) = self.scene.variations.get(index) else {
            return Ok(());
        };
        if variation.from > self.scene.moves.len() {
            return Err(self.variation_error(
                index,
                "from",
                format!(
                    "it branches after move {}, but the main line has {} moves",
                    variation.from,
                    self.scene.moves.len()
                ),
            ));
        }
        self.replay_first(game, variation.from)?;
        for (i, text) in variation.moves.iter().enumerate() {
            let number = variation.from + i + 1;
            let at = |why: String| SceneError::Variation {
                file: self.path.clone(),
                line: self.variation_move_line(index, i),
                title: variation.title.clone(),
                why: format!("move {number} ({text:?}): {why}"),
            };
            let act = crate::resign::parse_act(game, text).map_err(|e| at(e.to_string()))?;
            crate::resign::play_act(game, &act).map_err(|e| at(e.to_string()))?;
        }
        self.check_notes(
            &variation.notes,
            variation.from,
            variation.from + variation.moves.len(),
            Some(index),
        )
    }

    /// Notes must fall within their line and name squares of the game.
    fn check_notes(
        &self,
        notes: &BTreeMap<usize, Note>,
        first: usize,
        last: usize,
        variation: Option<usize>,
    ) -> Result<(), SceneError> {
        for (&at, note) in notes {
            let fail = |why: String| SceneError::Note {
                file: self.path.clone(),
                line: self.note_line(variation, at),
                at,
                why,
            };
            if at < first || at > last {
                return Err(fail(format!(
                    "the line it belongs to runs from move {first} to move {last}"
                )));
            }
            let squares = note
                .squares
                .iter()
                .chain(note.arrows.iter().flat_map(|(a, b)| [a, b]));
            for square in squares {
                if !square_known(self.scene.game, square) {
                    return Err(fail(format!(
                        "{square:?} is not a square of {}",
                        self.scene.game.title()
                    )));
                }
            }
            if let Some(p) = note.pause
                && !(p.is_finite() && (0.0..=600.0).contains(&p))
            {
                return Err(fail(format!("a pause of {p} s (0 to 600 s)")));
            }
        }
        Ok(())
    }

    fn check<P: fmt::Display>(&self, outcome: Outcome<P>) -> Result<String, SceneError> {
        if expect_met(&self.scene.expect, &outcome) {
            Ok(outcome.to_string())
        } else {
            Err(SceneError::Unexpected {
                file: self.path.clone(),
                expected: self.scene.expect.clone(),
                got: outcome.to_string(),
            })
        }
    }
}

/// Whether `outcome` is what `expect` says.
fn expect_met<P: fmt::Display>(expect: &Expect, outcome: &Outcome<P>) -> bool {
    match (expect, outcome) {
        (Expect::Ongoing, Outcome::Ongoing) => true,
        (Expect::Draw, Outcome::Draw(_)) => true,
        (Expect::Win(who), Outcome::Win(p)) => p.to_string().eq_ignore_ascii_case(who),
        (Expect::Win(who), Outcome::TeamWin(ps)) => {
            ps.iter().any(|p| p.to_string().eq_ignore_ascii_case(who))
        }
        _ => false,
    }
}

/// Whether `text` names a square (or space, or slot) of the game ([`Game::is_square_name`]).
pub fn square_known(kind: GameKind, text: &str) -> bool {
    with_kind!(kind, G => G::is_square_name(text))
}
