//! The keys every game answers: Ctrl+Z or Backspace takes back, Ctrl+Y plays it again, N
//! starts a new game, H asks for a hint, Enter (or Space) confirms; while an earlier position
//! is looked at they step through the game instead.

use crate::table::commands::{Leave, MatchCommand, MatchSet, not_watching};
use crate::table::cursor::CursorMark;
use crate::table::review::{Review, ReviewTo};
use bevy::prelude::*;

/// The keys, while no show is on.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .add_message::<ReviewTo>()
        .add_systems(Update, command_keys.before(MatchSet).run_if(not_watching));
}

/// Ctrl+Z or Backspace takes back, Ctrl+Y (or Ctrl+Shift+Z) plays it again, N starts a new
/// game, H asks the computer for a hint, Enter or Space confirms a path (while the
/// keyboard's cursor is shown, Enter clicks under it and Space alone confirms). While an
/// earlier position is looked at, take back and redo step through the game, and End or Esc
/// returns to the present.
fn command_keys(
    input: Option<Res<ButtonInput<KeyCode>>>,
    review: Res<Review>,
    mut commands: MessageWriter<MatchCommand>,
    mut asks: MessageWriter<ReviewTo>,
    mut leave: MessageWriter<Leave>,
    cursor: Option<Res<CursorMark>>,
) {
    let Some(input) = input else { return };
    // While the keyboard's cursor is shown, Enter clicks the spot under it.
    let enter_confirms = !cursor.is_some_and(|c| c.shown());
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
    // A new game leaves this one: asked first if moves would be lost.
    if input.just_pressed(KeyCode::KeyN) && !ctrl {
        leave.write(Leave::NewGame);
    }
    if input.just_pressed(KeyCode::KeyH) && !ctrl {
        commands.write(MatchCommand::Hint);
    }
    if input.just_pressed(KeyCode::Space)
        || (enter_confirms && input.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]))
    {
        commands.write(MatchCommand::Confirm);
    }
}
