//! Puzzles on the table: a puzzle's position set on the table as any game is, its goal told,
//! and the player's move entering through the same door as every other
//! ([`Intent`](crate::table::rules::Intent), checked by the rules in the match); the puzzle
//! only judges what was played ([`tabula_rules::puzzle::Puzzle::judge`]): a wrong move is
//! told so and the position set again, a right one is answered by the line's replies, played
//! through the same door, until the line is done. A puzzle solved without a wrong move or a
//! hint scores a point and lengthens the streak, kept in the player's progress
//! ([`Progress`]).

pub mod shelf;
pub(crate) mod view;

use crate::games::tabletop::TableGame;
use crate::screens::exercise::{Seen, play_replies, seen, set_position, show_hint, view_of_mover};
use crate::screens::launch::{Launch, LaunchRequest, PuzzleLaunch};
use crate::screens::open::{Start, Viewing};
use crate::table::commands::{Feedback, Leave, LeaveTable, MatchCommand, MatchSet};
use crate::table::computer::ThinkSet;
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, TableRules};
use crate::user_data::UserData;
use crate::user_data::progress::Progress;
use bevy::prelude::*;
use shelf::{Shelf, load_shelf};
use tabula_rules::AnyGame;
use tabula_rules::puzzle::Puzzle;

/// Where the player stands in a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The player is to move.
    Playing,
    /// The line's replies are being played; the player moves again once this many moves
    /// stand.
    Replying {
        /// Moves on the table once the replies are in.
        until: usize,
    },
    /// The puzzle is solved; the line's last replies stand once this many moves do (0: they
    /// stand, and the position they end in is the puzzle's end).
    Solved {
        /// Moves on the table once the replies are in.
        until: usize,
    },
}

/// A puzzle on the table: the game's puzzles, the one shown and where the player stands.
#[derive(Resource, Debug, Clone)]
pub struct Drill {
    /// The game's puzzles.
    pub shelf: Shelf,
    /// The puzzle shown (0-based).
    pub index: usize,
    /// Where the player stands.
    pub phase: Phase,
    /// Whether a wrong move was played or the hint shown: solving it then scores nothing.
    pub missed: bool,
    /// The puzzle's last word to the player.
    pub said: Feedback,
    /// The game where the player is to move now (or where the line ended).
    expected: AnyGame,
    /// The moves on the table in that game, once the table has been seen.
    expected_texts: Option<Vec<String>>,
    /// Esc was pressed once: a second press leaves.
    pub(crate) leave_asked: bool,
}

impl Drill {
    /// The puzzles of `shelf` at puzzle `index` (0-based), from its position.
    pub fn new(shelf: Shelf, index: usize) -> Drill {
        let index = index.min(shelf.puzzles.len().saturating_sub(1));
        let expected = shelf.puzzles[index].1.start();
        Drill {
            shelf,
            index,
            phase: Phase::Playing,
            missed: false,
            said: Feedback::info(""),
            expected,
            expected_texts: None,
            leave_asked: false,
        }
    }

    /// The puzzle shown.
    pub fn puzzle(&self) -> &Puzzle {
        &self.shelf.puzzles[self.index].1
    }

    /// The puzzle's key in the player's progress.
    pub fn key(&self) -> &str {
        &self.shelf.puzzles[self.index].0
    }

    /// How many puzzles the game has.
    pub fn count(&self) -> usize {
        self.shelf.puzzles.len()
    }

    /// Sets the puzzle again from its position.
    fn again(&mut self, commands: &mut Commands) {
        self.expected = self.puzzle().start();
        self.expected_texts = None;
        self.phase = Phase::Playing;
        self.said = Feedback::info("The puzzle is set again.");
        set_position(commands, &self.expected, self.said.clone());
    }
}

/// What the player asks of the puzzles (from the panel's buttons and keys, or from tests).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// The next puzzle.
    Next,
    /// The puzzle before.
    Previous,
    /// This puzzle again, from its position.
    Again,
    /// Back to the start screen.
    Leave,
}

/// The screen that `puzzle` opens: the game's puzzle at its number, set on the table, the
/// camera behind the player to move. A number past the last is refused, naming the range.
// Called once per screen change: the size of what it hands back costs nothing.
#[allow(clippy::result_large_err)]
pub(crate) fn puzzle_start(launch: &PuzzleLaunch) -> Result<Start, String> {
    let shelf = load_shelf(launch.game)?;
    let n = shelf.puzzles.len();
    if !(1..=n).contains(&launch.number) {
        return Err(format!(
            "--number {}: {} has {n} puzzles (1 to {n})",
            launch.number,
            launch.game.title()
        ));
    }
    let drill = Drill::new(shelf, launch.number - 1);
    let table: TableGame = drill.puzzle().start();
    let view = view_of_mover(&table);
    Ok(Start::Table(
        table,
        Viewing {
            view,
            puzzle: Some(drill),
            ..Viewing::default()
        },
    ))
}

/// The puzzles' logic (enough for headless tests): their commands, and the judge of every
/// game's moves while a puzzle is on. Meanwhile the computer does not think: the replies
/// are the line's.
pub fn plugin(app: &mut App) {
    app.add_message::<PuzzleCommand>()
        .init_resource::<LaunchRequest>()
        .configure_sets(Update, ThinkSet.run_if(not(resource_exists::<Drill>)))
        .add_systems(
            Update,
            navigate.after(MatchSet).run_if(resource_exists::<Drill>),
        );
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            follow::<G>
                .after(MatchSet)
                .before(navigate)
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Drill>)
                .run_if(resource_exists::<Match<G>>),
        );
    });
}

/// Follows the match of `G` in a puzzle: judges the player's move, plays the line's replies,
/// sets the position again after a wrong move, answers a hint and keeps a puzzle solved.
#[allow(clippy::too_many_arguments)]
fn follow<G: TableRules>(
    mut commands: Commands,
    mut drill: ResMut<Drill>,
    mut the_match: ResMut<Match<G>>,
    mut asks: MessageReader<MatchCommand>,
    progress: Option<ResMut<Progress>>,
    data: Option<Res<UserData>>,
) where
    AnyGame: From<G>,
{
    let hint = asks.read().any(|c| *c == MatchCommand::Hint);
    let texts = the_match.move_texts();
    let Some(expected) = drill.expected_texts.clone() else {
        drill.expected_texts = Some(texts);
        return;
    };
    let mut progress = progress;
    let missed = |drill: &mut Drill, progress: &mut Option<ResMut<Progress>>| {
        drill.missed = true;
        if let (Some(progress), Some(data)) = (progress.as_mut(), data.as_ref()) {
            progress.puzzle_missed(data);
        }
    };
    match drill.phase {
        Phase::Replying { until } => {
            if texts.len() >= until {
                drill.expected = AnyGame::from(the_match.game.clone());
                drill.expected_texts = Some(texts);
                drill.phase = Phase::Playing;
                drill.said = Feedback::info("Right. Your move again.");
                the_match.feedback = drill.said.clone();
            }
            return;
        }
        Phase::Solved { until } if until > 0 => {
            if texts.len() >= until {
                // The line's last replies stand: this is where the puzzle ends.
                drill.expected = AnyGame::from(the_match.game.clone());
                drill.expected_texts = Some(texts);
                drill.phase = Phase::Solved { until: 0 };
            }
            return;
        }
        Phase::Solved { .. } => {
            if texts != expected {
                let said = Feedback::info("This puzzle is solved: Next (PageDown) goes on.");
                set_position(&mut commands, &drill.expected, said);
            }
            return;
        }
        Phase::Playing => {}
    }
    let played = match seen(&expected, &texts) {
        Seen::Expected => {
            if hint {
                missed(&mut drill, &mut progress);
                if let Some(index) = drill.puzzle().line_index(&drill.expected) {
                    let answer = drill.puzzle().solution[index].clone();
                    let said =
                        Feedback::info(format!("Hint: {answer} (this puzzle now scores nothing)"));
                    drill.said = show_hint(&mut commands, &mut the_match, &answer, said);
                }
            }
            return;
        }
        Seen::Elsewhere => {
            // Taken back or started anew: the puzzle's position comes back.
            let said = Feedback::info("The puzzle's position is set again.");
            set_position(&mut commands, &drill.expected, said);
            return;
        }
        Seen::Played(text) => text,
    };
    let verdict = drill.puzzle().judge(&drill.expected, &played);
    if let Some(why) = verdict.why() {
        missed(&mut drill, &mut progress);
        drill.said = Feedback::error(format!("Not this time: {why}. Try again."));
        set_position(&mut commands, &drill.expected, drill.said.clone());
        return;
    }
    let index = drill.puzzle().line_index(&drill.expected).unwrap_or(0);
    let replies = drill.puzzle().replies_after(index);
    let line_done = index + 1 + replies.len() >= drill.puzzle().solution.len();
    let game_over = the_match.game.outcome().is_over();
    if !game_over {
        play_replies(&mut commands, &the_match.game, &replies);
    }
    if line_done || game_over {
        let played = if game_over { 0 } else { replies.len() };
        // Once the replies stand, the position the line ends in is kept.
        drill.phase = Phase::Solved {
            until: texts.len() + played,
        };
        let clean = !drill.missed;
        drill.said = Feedback::info(if clean {
            "Solved: a point, and the streak goes on. Next (PageDown) goes on."
        } else {
            "Solved, though not at the first try. Next (PageDown) goes on."
        });
        the_match.feedback = drill.said.clone();
        let key = drill.key().to_string();
        if let (Some(progress), Some(data)) = (progress.as_mut(), data.as_ref()) {
            progress.puzzle_solved(data, &key, clean);
        }
        return;
    }
    drill.said = Feedback::info("Right.");
    the_match.feedback = drill.said.clone();
    drill.phase = Phase::Replying {
        until: texts.len() + replies.len(),
    };
}

/// The puzzles' commands: another puzzle (the screen opens again on it), this one again, or
/// back to the start screen.
fn navigate(
    mut commands: Commands,
    mut asks: MessageReader<PuzzleCommand>,
    mut leaving: MessageReader<Leave>,
    mut drill: ResMut<Drill>,
    mut launch: ResMut<LaunchRequest>,
    mut left: MessageWriter<LeaveTable>,
) {
    // The table's Menu button and F10 leave at once: nothing is lost.
    let menu_asked = leaving.read().any(|l| *l == Leave::Menu);
    let Some(ask) = asks
        .read()
        .last()
        .copied()
        .or(menu_asked.then_some(PuzzleCommand::Leave))
    else {
        return;
    };
    let game = drill.shelf.game;
    let n = drill.count();
    let open = |number| {
        Some(Launch::Puzzle(PuzzleLaunch {
            game,
            number: number % n + 1,
        }))
    };
    match ask {
        PuzzleCommand::Next => launch.0 = open(drill.index + 1),
        PuzzleCommand::Previous => launch.0 = open(drill.index + n - 1),
        PuzzleCommand::Again => {
            drill.missed = true;
            drill.again(&mut commands);
        }
        PuzzleCommand::Leave => {
            left.write(LeaveTable::ForMenu);
        }
    }
}
