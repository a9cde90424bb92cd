//! What every game's match shares with the rest of the app: the players' feedback line,
//! match commands, the seat to move (for the camera) and the lines the HUD shows.

use bevy::prelude::*;

/// A line for the players, plain or a refusal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Feedback {
    /// The text.
    pub text: String,
    /// Whether it reports something refused.
    pub is_error: bool,
}

impl Feedback {
    /// A hint or report.
    pub fn info(text: impl Into<String>) -> Feedback {
        Feedback {
            text: text.into(),
            is_error: false,
        }
    }

    /// A refusal, with its reason.
    pub fn error(text: impl Into<String>) -> Feedback {
        Feedback {
            text: text.into(),
            is_error: true,
        }
    }
}

/// Match-level commands, from keys or HUD buttons.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchCommand {
    /// Take back the last move.
    Undo,
    /// Start again from the game's starting position.
    NewGame,
    /// Play the path entered so far, where it may stop (a canter's optional landings), or
    /// throw the die.
    Confirm,
    /// Play again the move taken back last.
    Redo,
    /// Show the move the computer would play for the player to move, without playing it.
    Hint,
}

/// Moves taken back, newest last, to be played again by Redo. A move played that is not
/// the next one to redo ends the line of redos.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedoStack<M>(Vec<M>);

impl<M> Default for RedoStack<M> {
    fn default() -> Self {
        RedoStack(Vec::new())
    }
}

impl<M: PartialEq + Clone> RedoStack<M> {
    /// A move was taken back.
    pub fn push(&mut self, mv: M) {
        self.0.push(mv);
    }

    /// The move Redo plays next.
    pub fn next(&self) -> Option<&M> {
        self.0.last()
    }

    /// A move was played: the redo it was is used up, or any other move ends the redos.
    pub fn played(&mut self, mv: &M) {
        if self.0.last() == Some(mv) {
            self.0.pop();
        } else {
            self.0.clear();
        }
    }

    /// How many moves can be played again.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is nothing to redo.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The position changed in a way that is not one move forward (undo, new game): views
/// rebuild from the rules state.
#[derive(Message, Debug, Clone, Copy)]
pub struct BoardReset;

/// Systems that change the match; views run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MatchSet;

/// Where the player to move sits, in quarter turns anticlockwise seen from above: 0 at the
/// near side (+z), 1 at +x, 2 at the far side, 3 at -x. The camera follows it in hot-seat
/// play.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seat(pub usize);

impl Seat {
    /// The seat of the first (0) or second (1) of two players sitting opposite.
    pub fn opposite(player: usize) -> Seat {
        Seat(2 * player)
    }
}

/// The text the HUD shows, written by the game being played.
#[derive(Resource, Debug, Clone, Default)]
pub struct HudState {
    /// The game's name.
    pub title: String,
    /// Whose turn, or the result.
    pub status: String,
    /// Whether the game has ended (the status is its result).
    pub over: bool,
    /// The colour of the status line (the mover's colour, or gold at the end).
    pub status_color: Color,
    /// The last word to the players.
    pub feedback: Feedback,
    /// Counters: captures, castle moves, draw counters.
    pub counters: String,
    /// The move list, one line per round or turn.
    pub moves: Vec<MoveLine>,
    /// How to play, shown at the bottom.
    pub controls: String,
    /// The rules in brief, for the help overlay (F1).
    pub rules: &'static str,
    /// The label of the Confirm button (Enter), when there is something to confirm: a path
    /// that may stop where it is, a die to throw.
    pub confirm: Option<String>,
}

/// The colour of a game-over status line.
pub const RESULT_COLOR: Color = Color::srgb(1.0, 0.85, 0.3);

/// A line of the move list: its text, and how many moves have been played at its end (the
/// position a click on it shows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLine {
    /// What it shows.
    pub text: String,
    /// Moves played by the end of the line.
    pub ply: usize,
}

/// The move list as numbered lines, one per pair of moves (the first player's, then the
/// second's).
pub fn move_lines(texts: &[String]) -> Vec<MoveLine> {
    texts
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| MoveLine {
            text: format!("{:>2}. {}", i + 1, pair.join(" / ")),
            ply: (2 * i + pair.len()),
        })
        .collect()
}

/// Lines of moves grouped by turn: a move starts a new line when `starts` says so (another
/// player moves), else it joins the line before. Lines read "who: move, move".
pub fn turn_lines<P: std::fmt::Display>(
    moves: impl IntoIterator<Item = (P, String, bool)>,
) -> Vec<MoveLine> {
    let mut lines: Vec<MoveLine> = Vec::new();
    for (i, (who, text, starts)) in moves.into_iter().enumerate() {
        match lines.last_mut() {
            Some(line) if !starts => {
                line.text.push_str(", ");
                line.text.push_str(&text);
                line.ply = i + 1;
            }
            _ => lines.push(MoveLine {
                text: format!("{who}: {text}"),
                ply: i + 1,
            }),
        }
    }
    lines
}

/// Looking back at an earlier position from the move list. While `present` is set, the
/// board shows the position after `target` moves, moves cannot be made, and the present
/// comes back with a click on the last line, End, Esc or the button.
#[derive(Resource, Debug, Clone, Default)]
pub struct Review {
    /// The number of moves in the game when the review began.
    pub present: Option<usize>,
    /// The move list as it was then.
    pub lines: Vec<MoveLine>,
    /// The position looked at: moves played.
    pub target: usize,
    /// The step asked of the match.
    step: Stepper,
}

impl Review {
    /// Whether an earlier position is being looked at.
    pub fn active(&self) -> bool {
        self.present.is_some()
    }
}

/// Look at the position after this many moves (the present ends the review).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewTo(pub usize);

/// Whether play is live (no earlier position is being looked at, no demonstration shown):
/// the run condition of every game's input.
pub fn live(review: Option<Res<Review>>, watching: Option<Res<Watching>>) -> bool {
    watching.is_none_or(|w| w.0.is_none()) && review.is_none_or(|r| !r.active())
}

/// The players' input systems: they turn clicks and keys into moves, and pause while an
/// earlier position is looked at.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct InputSet;

/// Walks a match toward a number of moves played, one take-back or redo at a time,
/// waiting for each to land before asking the next (a redo lands a frame or two later).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stepper {
    /// The moves played when the last step was asked, and frames since.
    waiting: Option<(usize, u32)>,
    /// Whether the last step asked was forward (a redo).
    forward: bool,
}

/// What a [`Stepper`] says to do this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The last step has not landed yet.
    Wait,
    /// The match would not take the last step, or took it past the target (a redo that
    /// brought the chance resolved with it, as a card after a draw).
    Stuck,
    /// At the target.
    There,
    /// Ask this of the match.
    Ask(MatchCommand),
}

/// Frames to wait for the match to take a step back or forward before giving up.
const STEP_PATIENCE: u32 = 30;

impl Stepper {
    /// The next step from `ply` moves played toward `target`.
    pub fn next(&mut self, ply: usize, target: usize) -> Step {
        if let Some((at, frames)) = self.waiting
            && at == ply
        {
            if frames < STEP_PATIENCE {
                self.waiting = Some((at, frames + 1));
                return Step::Wait;
            }
            self.waiting = None;
            return Step::Stuck;
        }
        let overshot = self.waiting.is_some() && self.forward && ply > target;
        self.waiting = None;
        if overshot {
            return Step::Stuck;
        }
        if ply == target {
            return Step::There;
        }
        self.waiting = Some((ply, 0));
        self.forward = ply < target;
        Step::Ask(if ply > target {
            MatchCommand::Undo
        } else {
            MatchCommand::Redo
        })
    }

    /// Steps were asked outside the stepper (several at once): wait for them to land.
    pub fn asked(&mut self, ply: usize) {
        self.waiting = Some((ply, 0));
        self.forward = false;
    }

    /// Forget any step in flight.
    pub fn reset(&mut self) {
        self.waiting = None;
    }
}

/// Steps the match toward the position asked for, one take-back or redo a frame; `ply` is
/// the number of moves played now.
pub fn step_review(
    review: &mut Review,
    asks: impl IntoIterator<Item = usize>,
    ply: usize,
    hud: &HudState,
) -> Option<MatchCommand> {
    for target in asks {
        if review.present.is_none() {
            if target >= ply {
                continue;
            }
            review.present = Some(ply);
            review.lines = hud.moves.clone();
        }
        review.target = target.min(review.present.unwrap_or(ply));
    }
    let present = review.present?;
    let target = review.target;
    match review.step.next(ply, target) {
        Step::Wait => None,
        // A step forward brought the chance resolved with it: look at the position after.
        Step::Stuck if ply > target && ply < present => {
            review.target = ply;
            None
        }
        // The match would not step: end the review here; redo still holds the rest.
        Step::Stuck => {
            *review = Review::default();
            None
        }
        Step::There => {
            if ply == present {
                *review = Review::default();
            }
            None
        }
        Step::Ask(command) => Some(command),
    }
}

/// A command line asked for inside the window (`play ...`, `demo ...`, `menu`): the screen
/// it opens replaces the one shown. The start screen, a loaded save, leaving for the menu and
/// a playlist's next scene all ask this way; tests read it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Launch(pub Option<Vec<String>>);

/// A show is on the table (a demonstration): the keys it answers, in place of the table's
/// controls. Meanwhile the players' keys, buttons and clicks are off.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Watching(pub Option<&'static str>);

/// Whether no show is on: the players' keys work.
pub fn not_watching(watching: Option<Res<Watching>>) -> bool {
    watching.is_none_or(|w| w.0.is_none())
}

/// A command line asked for could not be opened: why (the start screen shows it).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub Feedback);

/// Saves the game in play (Ctrl+S, or the HUD).
#[derive(Message, Debug, Clone, Copy)]
pub struct SaveGame;

/// Leaving the game in play: for the saved game at the save path, or for the start screen.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leave {
    /// Load the saved game (Ctrl+O); a damaged or foreign file is refused and the game in
    /// play goes on untouched.
    Load,
    /// Back to the start screen (F10 or the Menu button), asked twice when moves would be
    /// lost.
    Menu,
}

/// The shared messages and resources, and the keys every game answers.
pub fn plugin(app: &mut App) {
    app.add_message::<MatchCommand>()
        .add_message::<BoardReset>()
        .add_message::<SaveGame>()
        .add_message::<Refused>()
        .add_message::<Leave>()
        .init_resource::<Launch>()
        .init_resource::<Watching>()
        .init_resource::<Seat>()
        .init_resource::<HudState>()
        .init_resource::<Review>()
        .add_message::<ReviewTo>()
        .configure_sets(Update, InputSet.before(MatchSet).run_if(live))
        .add_systems(Update, command_keys.before(MatchSet).run_if(not_watching));
}

/// Ctrl+Z or Backspace takes back, Ctrl+Y (or Ctrl+Shift+Z) plays it again, N starts a new
/// game, H asks the computer for a hint, Enter or Space confirms a path. While an earlier position is looked at, take back
/// and redo step through the game, and End or Esc returns to the present.
fn command_keys(
    input: Option<Res<ButtonInput<KeyCode>>>,
    review: Res<Review>,
    mut commands: MessageWriter<MatchCommand>,
    mut asks: MessageWriter<ReviewTo>,
) {
    let Some(input) = input else { return };
    let ctrl = input.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = input.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if let Some(present) = review.present {
        let redo = ctrl
            && (input.just_pressed(KeyCode::KeyY) || (shift && input.just_pressed(KeyCode::KeyZ)));
        if redo || input.just_pressed(KeyCode::ArrowRight) {
            asks.write(ReviewTo((review.target + 1).min(present)));
        } else if (ctrl && input.just_pressed(KeyCode::KeyZ))
            || input.any_just_pressed([KeyCode::Backspace, KeyCode::ArrowLeft])
        {
            asks.write(ReviewTo(review.target.saturating_sub(1)));
        } else if input.any_just_pressed([KeyCode::End, KeyCode::Escape]) {
            asks.write(ReviewTo(present));
        }
        return;
    }
    if ctrl && (input.just_pressed(KeyCode::KeyY) || (shift && input.just_pressed(KeyCode::KeyZ))) {
        commands.write(MatchCommand::Redo);
    } else if (ctrl && input.just_pressed(KeyCode::KeyZ)) || input.just_pressed(KeyCode::Backspace)
    {
        commands.write(MatchCommand::Undo);
    }
    if input.just_pressed(KeyCode::KeyN) && !ctrl {
        commands.write(MatchCommand::NewGame);
    }
    if input.just_pressed(KeyCode::KeyH) && !ctrl {
        commands.write(MatchCommand::Hint);
    }
    if input.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        commands.write(MatchCommand::Confirm);
    }
}

/// The players' names beside their colours (`--names`, or the start screen's name fields).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatNames(Vec<(String, String)>);

impl SeatNames {
    /// Pairs each player's label (in turn order) with a name; blank names are left out.
    /// More names than players is an error.
    pub fn new(labels: &[String], names: &[String]) -> Result<SeatNames, String> {
        if names.len() > labels.len() {
            return Err(format!(
                "{} names for {} players ({}); give one name per player, in turn order",
                names.len(),
                labels.len(),
                labels.join(", ")
            ));
        }
        Ok(SeatNames(
            labels
                .iter()
                .zip(names)
                .map(|(label, name)| (label.clone(), name.trim().to_string()))
                .filter(|(_, name)| !name.is_empty())
                .collect(),
        ))
    }

    /// `text` with each player's label, where it first stands as a whole word, followed by
    /// the player's name: "Red to move" becomes "Red (Ann) to move".
    pub fn decorate(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (label, name) in &self.0 {
            let found = out.match_indices(label.as_str()).find(|(i, _)| {
                let before = out[..*i].chars().next_back();
                let after = out[i + label.len()..].chars().next();
                !before.is_some_and(char::is_alphanumeric)
                    && !after.is_some_and(char::is_alphanumeric)
            });
            if let Some((i, _)) = found {
                out.insert_str(i + label.len(), &format!(" ({name})"));
            }
        }
        out
    }

    /// "Red: Ann, Blue: Bob", or nothing without names.
    pub fn line(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| {
            self.0
                .iter()
                .map(|(label, name)| format!("{label}: {name}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
    }
}
