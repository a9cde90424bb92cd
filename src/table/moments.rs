//! What a move did that is worth hearing or telling: the [`Moment`]s each game reads from
//! its rules' effect ([`crate::table::rules::TableRules::moments`]). Sound plays a [`Cue`] for
//! each; an exhibition may show their captions.

use crate::table::rules::{Played, TableRules};
use std::fmt;
use tabula_rules::Outcome;

/// What a move did that is worth hearing or telling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece (a ship, a pawn) set down where it goes.
    Place,
    /// Pieces taken: a Game of War capture, a Camelot jump, a Screwball piece dying.
    Capture,
    /// Camelot's knight's charge: a canter and then a jump, in one move.
    Charge,
    /// Chance in the fence race: the die thrown, or a chance card drawn.
    DieRoll,
    /// A fence lifted from its slot (the fence race).
    FenceLift,
    /// A fence set into a slot (the fence race).
    FenceSet,
    /// The fence set cuts across an opponent's way home: his shortest way got longer.
    FenceAcross,
    /// A pawn reached home (the fence race).
    PawnHome,
    /// A ship (or a plane) sunk in Transport.
    Sinking,
    /// A Screwball attack: penalty pieces set for the attacked pieces.
    Attack,
    /// The game is over and someone won.
    Win,
}

/// One thing a move did: its cue, and a short sentence for an audience when it is worth
/// telling ("Fleet 1's torpedo sinks Fleet 2's transport").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moment {
    /// What it was.
    pub cue: Cue,
    /// What to tell an audience, if anything.
    pub caption: Option<String>,
}

impl Moment {
    /// A moment with nothing to tell.
    pub(crate) fn new(cue: Cue) -> Moment {
        Moment { cue, caption: None }
    }

    /// A moment told by `caption`.
    pub(crate) fn told(cue: Cue, caption: impl Into<String>) -> Moment {
        Moment {
            cue,
            caption: Some(caption.into()),
        }
    }
}

/// What `played` did, told in one line ("Red's troop takes Blue's cannon. Red wins"): the
/// captions of its moments, in the order they happened, leaving out the win unless
/// `with_win`; `None` when nothing it did is worth telling. `game` is the game after it.
pub(crate) fn caption<G: TableRules>(
    game: &G,
    played: &Played<G>,
    with_win: bool,
) -> Option<String> {
    let captions: Vec<String> = game
        .moments(played)
        .into_iter()
        .filter(|m| with_win || m.cue != Cue::Win)
        .filter_map(|m| m.caption)
        .collect();
    (!captions.is_empty()).then(|| captions.join(". "))
}

/// The [`Cue::Win`] moment of `outcome` when it has a winner ("Red wins"); `None` while the
/// game goes on or when it was drawn.
pub(crate) fn win<P: fmt::Display>(outcome: &Outcome<P>) -> Option<Moment> {
    match outcome {
        Outcome::Win(_) | Outcome::TeamWin(_) => Some(Moment::told(Cue::Win, outcome.to_string())),
        Outcome::Ongoing | Outcome::Draw(_) => None,
    }
}

/// A small count in words ("two"); figures from thirteen on.
pub(crate) fn number(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// The plural of one of the games' nouns ("troops", "men", "torpedoes").
pub(crate) fn plural(noun: &str) -> String {
    if let Some(stem) = noun.strip_suffix("man") {
        format!("{stem}men")
    } else if noun.ends_with('o') {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// Nouns counted in the order each first comes, to follow a possessive: `["troop",
/// "cannon", "troop"]` reads "two troops and cannon" ("Blue's two troops and cannon").
pub(crate) fn tally(nouns: &[&str]) -> String {
    let mut groups: Vec<(&str, usize)> = Vec::new();
    for noun in nouns {
        match groups.iter_mut().find(|(n, _)| n == noun) {
            Some((_, count)) => *count += 1,
            None => groups.push((noun, 1)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|&(noun, count)| match count {
            1 => noun.to_string(),
            _ => format!("{} {}", number(count), plural(noun)),
        })
        .collect();
    list(&parts)
}

/// Words joined as English lists them: "a", "a and b", "a, b and c".
pub(crate) fn list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// An ordinal in words ("first") for places in a race; figures from the fifth on.
pub(crate) fn ordinal(n: usize) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        n => format!("{n}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nouns_are_counted_in_words() {
        assert_eq!(tally(&["troop"]), "troop");
        assert_eq!(tally(&["troop", "troop"]), "two troops");
        assert_eq!(
            tally(&["troop", "cannon", "troop", "horse"]),
            "two troops, cannon and horse"
        );
        assert_eq!(tally(&["man", "knight", "man"]), "two men and knight");
        assert_eq!(plural("torpedo"), "torpedoes");
        assert_eq!(plural("flying machine"), "flying machines");
        assert_eq!(number(13), "13");
    }

    #[test]
    fn only_a_winner_is_a_win() {
        assert_eq!(
            win(&Outcome::Win("Red")),
            Some(Moment::told(Cue::Win, "Red wins"))
        );
        assert_eq!(win::<&str>(&Outcome::Ongoing), None);
        assert_eq!(
            win::<&str>(&Outcome::Draw(tabula_rules::DrawReason::MoveLimit)),
            None
        );
    }
}
