//! The die and the chance cards: a seeded generator that throws and draws as the race's
//! history says it did, so that a replayed race throws on as it would have.

use super::cards::Card;
use super::game::{FenceMove, Fences, Phase};
use crate::game::{Chance, Game, PlayError};
use rand::{Rng, SeedableRng, rngs::StdRng};
use std::fmt;

/// The seeded generator of throws and draws. The game's `n`-th chance input is drawn as the
/// generator's `n`-th number, so that a race replayed from its history throws on as it
/// would have: `drawn` says how many the generator has given, and it is set up again from
/// the seed and the history when that is not the count of chance inputs played.
#[derive(Clone)]
pub(super) struct Dice {
    rng: StdRng,
    drawn: usize,
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Dice")
    }
}

impl Dice {
    /// The generator at its start, before any throw or draw.
    pub(super) fn seeded(seed: u64) -> Dice {
        Dice {
            rng: StdRng::seed_from_u64(seed),
            drawn: 0,
        }
    }
}

impl Fences {
    /// Throws the die from the game's seeded generator and applies the throw.
    pub fn throw(&mut self) -> Result<u8, PlayError> {
        if self.outcome().is_over() {
            return Err(PlayError::GameOver);
        }
        if self.state.phase != Phase::Throw {
            return Err(PlayError::Illegal("it is not time to throw".into()));
        }
        let k = self.dice().random_range(1..=6u8);
        self.resolve_chance(u32::from(k))?;
        self.dice.drawn = self.chances;
        Ok(k)
    }

    /// Draws a chance card from the game's seeded generator and applies it. Refused unless
    /// a card is due (after [`FenceMove::Draw`]).
    pub fn draw(&mut self) -> Result<Card, PlayError> {
        let Some(Chance::Card { cards }) = self.pending_chance() else {
            return Err(PlayError::Illegal("no card is to be drawn now".into()));
        };
        if cards == 0 {
            return Err(PlayError::Illegal(
                "the stack of chance cards is empty".into(),
            ));
        }
        let i = self.dice().random_range(0..cards);
        let card = self.state.deck[i as usize];
        self.resolve_chance(i)?;
        self.dice.drawn = self.chances;
        Ok(card)
    }

    /// The seeded generator, placed after the chance inputs played so far: set up again from
    /// the seed, drawing as each throw and draw of the history did, unless it stands there.
    fn dice(&mut self) -> &mut StdRng {
        if self.dice.drawn != self.chances {
            let mut rng = StdRng::seed_from_u64(self.options.seed);
            for f in &self.frames {
                match f.mv {
                    FenceMove::Throw(_) => {
                        rng.random_range(1..=6u8);
                    }
                    FenceMove::Card(_) => {
                        rng.random_range(0..f.cards.max(1));
                    }
                    _ => {}
                }
            }
            self.dice = Dice {
                rng,
                drawn: self.chances,
            };
        }
        &mut self.dice.rng
    }
}
