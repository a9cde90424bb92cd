//! The heads-up display: whose turn, the last word to the players, the move list, the
//! game's counters, the controls, and Take back / New game / Confirm buttons. It shows the
//! [`HudState`] the game in play writes, and keeps to the edges so the board stays in view.

use crate::state::AtTable;
use crate::table::commands::{Leave, MatchCommand, Watching};
use crate::table::report::{HudState, MoveLine};
use crate::table::resign::ResignAsk;
use crate::table::review::{Review, ReviewTo};
use crate::table::seats::SeatNames;
use crate::view::in_view::BringIntoView;
use crate::view::layout::Panel;
use crate::view::side_panel::PanelScroll;
use crate::view::theme::{
    BUTTON, CAPTION, COUNTERS, ERROR, GO, HELP_PANEL, HELP_TEXT, INFO, LEAVE, LINK, LOOKING_BACK,
    PANEL, TEXT, VIEWED_LINE, button, font,
};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct FeedbackText;
/// The move list's lines, each a button that shows the position after it.
#[derive(Component)]
struct MovesList;
/// The move list's panel (an exhibition's result card stands in its place while it is up).
#[derive(Component)]
pub(crate) struct MovesPanel;
/// The HUD's panels and buttons: the status, the move list, the controls and the command
/// buttons but Confirm (a lesson or a puzzle shows its own panel and buttons in their
/// place; Confirm, which throws the fence race's die, stays).
#[derive(Component)]
pub(crate) struct TablePanel;
/// The panel of the status, the last word and the counters (the analysis adds its bar to
/// it).
#[derive(Component)]
pub(crate) struct StatusPanel;
#[derive(Component)]
struct CountersText;
#[derive(Component)]
struct TitleText;
#[derive(Component)]
struct ControlsText;
/// The Confirm button, shown only while there is something to confirm.
#[derive(Component)]
struct ConfirmButton;
/// The row of command buttons (hidden in a demonstration, which has its own keys).
#[derive(Component)]
struct CommandButtons;
/// The Confirm button's label.
#[derive(Component)]
struct ConfirmLabel;

/// Spawns and updates the HUD.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AtTable), (spawn_hud, spawn_help))
        .add_systems(Update, (update_hud, list_moves, toggle_help, fill_help));
}

/// The help overlay (F1 or ?): the rules in brief and the controls.
#[derive(Component)]
pub(crate) struct HelpOverlay;

#[derive(Component)]
struct HelpText;

fn spawn_help(mut commands: Commands) {
    commands
        .spawn((
            DespawnOnExit(AtTable),
            Node {
                position_type: PositionType::Absolute,
                top: Val::Percent(12.0),
                left: Val::Percent(18.0),
                width: Val::Percent(64.0),
                padding: UiRect::all(Val::Px(18.0)),
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(10.0),
                display: Display::None,
                ..default()
            },
            // Opaque: the panels' text must not show through the help.
            BackgroundColor(HELP_PANEL.with_alpha(1.0)),
            GlobalZIndex(10),
            HelpOverlay,
        ))
        .with_children(|p| {
            p.spawn((Text::new(""), font(15.0), TextColor(HELP_TEXT), HelpText));
        });
}

/// F1 or ? shows and hides the help; Esc hides it.
fn toggle_help(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut overlay: Query<&mut Node, With<HelpOverlay>>,
) {
    let Some(keys) = keys else { return };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let toggle = keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash));
    for mut node in &mut overlay {
        if toggle {
            node.display = if node.display == Display::None {
                Display::Flex
            } else {
                Display::None
            };
        } else if keys.just_pressed(KeyCode::Escape) && node.display != Display::None {
            node.display = Display::None;
        }
    }
}

/// The keys every game answers besides its own.
pub(crate) const TABLE_KEYS: &str = "Ctrl+S: save  Ctrl+O: load the save  F9 twice: resign  F10: menu  Esc/click: skip animation  V: spectator  F12: screenshot  F1: help";

/// The keys for playing without a mouse and for the HUD's size, said in the help.
const KEYBOARD_KEYS: &str = "Tab, with nothing chosen: a ring on a piece that can move (again: the next)  Arrows: move the ring  Enter: click where it stands  Space: confirm  Esc: drop the choice\nCtrl+= / Ctrl+-: text larger / smaller  Ctrl+0: its usual size";

fn fill_help(hud: Res<HudState>, mut text: Query<&mut Text, With<HelpText>>) {
    if !hud.is_changed() {
        return;
    }
    for mut t in &mut text {
        t.0 = format!(
            "{}\n\n{}\n\nControls\n{}\n{TABLE_KEYS}\n{KEYBOARD_KEYS}\nM: sound off and on\n\nF1 or ? closes this help.",
            hud.title, hud.rules, hud.controls
        );
    }
}

/// The left-hand column's width (the status and the keys), in per cent of the window's,
/// where that is less than their own; the board is framed between the columns.
pub(crate) const LEFT_COLUMN: f32 = 32.0;
/// The right-hand column's (the move list), in per cent of the window's width.
pub(crate) const RIGHT_COLUMN: f32 = 24.0;

fn panel() -> BackgroundColor {
    BackgroundColor(PANEL)
}

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            DespawnOnExit(AtTable),
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(10.0),
                left: Val::Px(10.0),
                width: Val::Px(430.0),
                max_width: Val::Percent(LEFT_COLUMN),
                padding: UiRect::all(Val::Px(10.0)),
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(4.0),
                ..default()
            },
            panel(),
            TablePanel,
            StatusPanel,
            Panel,
        ))
        .with_children(|p| {
            p.spawn((Text::new(""), font(15.0), TextColor(CAPTION), TitleText));
            p.spawn((
                Text::new(""),
                font(24.0),
                TextColor(Color::WHITE),
                StatusText,
            ));
            p.spawn((
                Text::new(""),
                font(16.0),
                TextColor(Color::WHITE),
                FeedbackText,
            ));
            p.spawn((Text::new(""), font(14.0), TextColor(COUNTERS), CountersText));
        });
    commands
        .spawn((
            DespawnOnExit(AtTable),
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(10.0),
                right: Val::Px(10.0),
                width: Val::Px(270.0),
                max_width: Val::Percent(RIGHT_COLUMN),
                // Half the window at most: the list scrolls.
                max_height: Val::Percent(50.0),
                padding: UiRect::all(Val::Px(10.0)),
                flex_direction: FlexDirection::Column,
                ..default()
            },
            panel(),
            TablePanel,
            MovesPanel,
            Panel,
        ))
        .with_children(|p| {
            // Two short lines rather than one that wraps: a heading wrapped in a panel
            // sized by its content was measured a line short, and the list ran over it.
            for (words, size, colour) in [
                ("Moves", 15.0, CAPTION),
                ("click one to look back", 13.0, COUNTERS),
            ] {
                p.spawn((
                    Text::new(words),
                    font(size),
                    TextColor(colour),
                    Node {
                        flex_shrink: 0.0,
                        ..default()
                    },
                ));
            }
            // Scrolled to the latest line (or the line looked at) when rebuilt, and under the
            // mouse wheel.
            p.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 1.0,
                    min_height: Val::Px(0.0),
                    // A gap under the heading, so that a line scrolled half out of sight
                    // is cut clear of it.
                    margin: UiRect::top(Val::Px(6.0)),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollPosition::default(),
                RelativeCursorPosition::default(),
                PanelScroll,
                MovesList,
            ));
        });
    // The keys, at the bottom of the left-hand column: the text as wide as its lines, up
    // to the column's width.
    commands
        .spawn((
            DespawnOnExit(AtTable),
            Node {
                position_type: PositionType::Absolute,
                bottom: Val::Px(10.0),
                left: Val::Px(10.0),
                width: Val::Px(430.0),
                max_width: Val::Percent(LEFT_COLUMN),
                align_items: AlignItems::FlexEnd,
                ..default()
            },
            TablePanel,
            Pickable::IGNORE,
        ))
        .with_child((
            Text::new(""),
            ControlsText,
            Panel,
            font(13.0),
            TextColor(TEXT),
            Node {
                padding: UiRect::all(Val::Px(6.0)),
                ..default()
            },
            panel(),
        ));
    commands
        .spawn((
            DespawnOnExit(AtTable),
            Node {
                position_type: PositionType::Absolute,
                bottom: Val::Px(10.0),
                right: Val::Px(10.0),
                max_width: Val::Percent(100.0 - LEFT_COLUMN - 4.0),
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::FlexEnd,
                column_gap: Val::Px(8.0),
                row_gap: Val::Px(8.0),
                ..default()
            },
            CommandButtons,
            Panel,
        ))
        .with_children(|p| {
            p.spawn((
                button(
                    "Menu",
                    16.0,
                    LEAVE,
                    Node {
                        padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
                        ..default()
                    },
                ),
                TablePanel,
            ))
            .observe(
                |click: On<Pointer<Click>>, mut leave: MessageWriter<Leave>| {
                    if click.button == PointerButton::Primary {
                        leave.write(Leave::Menu);
                    }
                },
            );
            p.spawn((
                button(
                    "Resign",
                    16.0,
                    LEAVE,
                    Node {
                        padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
                        ..default()
                    },
                ),
                TablePanel,
            ))
            .observe(
                |click: On<Pointer<Click>>,
                 watching: Res<Watching>,
                 mut asks: MessageWriter<ResignAsk>| {
                    if click.button == PointerButton::Primary && watching.0.is_none() {
                        asks.write(ResignAsk);
                    }
                },
            );
            for (label, command) in [
                ("Confirm move", MatchCommand::Confirm),
                ("Hint", MatchCommand::Hint),
                ("Take back", MatchCommand::Undo),
                ("Redo", MatchCommand::Redo),
                ("New game", MatchCommand::NewGame),
            ] {
                let confirm = command == MatchCommand::Confirm;
                // Confirm (Throw the die) stands above the row, so that it pushes no other
                // button aside when it comes.
                let place = if confirm {
                    Node {
                        position_type: PositionType::Absolute,
                        bottom: Val::Percent(100.0),
                        right: Val::Px(0.0),
                        margin: UiRect::bottom(Val::Px(8.0)),
                        ..default()
                    }
                } else {
                    Node::default()
                };
                let mut button = p.spawn((
                    Button,
                    Node {
                        padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
                        display: if confirm {
                            Display::None
                        } else {
                            Display::Flex
                        },
                        ..place
                    },
                    BackgroundColor(if confirm { GO } else { BUTTON }),
                ));
                if confirm {
                    button.insert((ConfirmButton, Panel));
                    button.with_child((
                        Text::new(label),
                        font(16.0),
                        TextColor(Color::WHITE),
                        ConfirmLabel,
                    ));
                } else {
                    button.insert(TablePanel);
                    button.with_child((Text::new(label), font(16.0), TextColor(Color::WHITE)));
                }
                button.observe(
                    move |click: On<Pointer<Click>>,
                          review: Res<Review>,
                          watching: Res<Watching>,
                          mut commands: MessageWriter<MatchCommand>,
                          mut leave: MessageWriter<Leave>,
                          mut asks: MessageWriter<ReviewTo>| {
                        // A demonstration has its own keys.
                        if click.button != PointerButton::Primary || watching.0.is_some() {
                            return;
                        }
                        // Looking back, any command first returns to the present.
                        match review.present {
                            Some(present) => {
                                asks.write(ReviewTo(present));
                            }
                            // A new game leaves this one: asked first if moves would be lost.
                            None if command == MatchCommand::NewGame => {
                                leave.write(Leave::NewGame);
                            }
                            None => {
                                commands.write(command);
                            }
                        }
                    },
                );
            }
        });
}

#[allow(clippy::type_complexity)]
fn update_hud(
    hud: Res<HudState>,
    mut texts: ParamSet<(
        Query<(&mut Text, &mut TextColor), With<StatusText>>,
        Query<(&mut Text, &mut TextColor), With<FeedbackText>>,
        Query<&mut Text, With<CountersText>>,
        Query<&mut Text, With<TitleText>>,
        Query<&mut Text, With<ControlsText>>,
        Query<&mut Text, With<ConfirmLabel>>,
    )>,
    mut confirm: Query<&mut Node, With<ConfirmButton>>,
    mut rows: Query<&mut Node, (With<CommandButtons>, Without<ConfirmButton>)>,
    names: Option<Res<SeatNames>>,
    review: Res<Review>,
    watching: Res<Watching>,
) {
    let names_changed = names.as_ref().is_some_and(|n| n.is_changed());
    if !hud.is_changed() && !names_changed && !review.is_changed() && !watching.is_changed() {
        return;
    }
    let names = names.map(|n| n.clone()).unwrap_or_default();
    for (mut text, mut color) in &mut texts.p0() {
        text.0 = names.decorate(&hud.status);
        color.0 = hud.status_color;
    }
    for (mut text, mut color) in &mut texts.p1() {
        text.0 = match review.present {
            Some(present) => format!(
                "Looking back at {}. Left / Right step, End or Esc returns to the game.",
                looked_at(&review.lines, review.target, present)
            ),
            None => hud.feedback.text.clone(),
        };
        color.0 = if review.active() {
            LOOKING_BACK
        } else if hud.feedback.is_error {
            ERROR
        } else {
            INFO
        };
    }
    for mut text in &mut texts.p2() {
        text.0.clone_from(&hud.counters);
    }
    for mut text in &mut texts.p3() {
        text.0 = match names.line() {
            Some(line) => format!("{}   {line}", hud.title),
            None => hud.title.clone(),
        };
    }
    for mut text in &mut texts.p4() {
        text.0 = if let Some(keys) = watching.0 {
            keys.to_string()
        } else if hud.moves.is_empty() {
            format!("{}\n{TABLE_KEYS}", hud.controls)
        } else {
            // Once the game is under way the keys fold away to a line (F1 has them all; the
            // line above says what to do), leaving the table's edge in view.
            "F1: help and every key".to_string()
        };
    }
    for mut row in &mut rows {
        row.display = if watching.0.is_some() {
            Display::None
        } else {
            Display::Flex
        };
    }
    for mut node in &mut confirm {
        node.display = if hud.confirm.is_some() {
            Display::Flex
        } else {
            Display::None
        };
    }
    if let Some(label) = &hud.confirm {
        for mut text in &mut texts.p5() {
            text.0.clone_from(label);
        }
    }
}

/// The position looked back at, named as the move list shows it: "the position after
/// 2. GM to M2 (4 of 9 moves played)", or the start.
fn looked_at(lines: &[MoveLine], target: usize, present: usize) -> String {
    if target == 0 {
        return "the starting position".into();
    }
    let played = format!("{target} of {present} moves played");
    match lines.iter().find(|l| l.ply >= target) {
        Some(line) if line.ply == target => {
            format!("the position after {} ({played})", line.text.trim())
        }
        Some(line) => format!(
            "the position part-way through {} ({played})",
            line.text.trim()
        ),
        None => format!("the position after {played}"),
    }
}

/// A line of the move list split after its number or player (" 1. ", "Screws: ") and the
/// moves that follow.
fn split_line(text: &str) -> (String, String) {
    let cut = [". ", ": "]
        .iter()
        .filter_map(|sep| text.find(sep).map(|i| i + sep.len()))
        .min();
    match cut {
        Some(i) => (text[..i].to_string(), text[i..].to_string()),
        None => (String::new(), text.to_string()),
    }
}

/// Lines the move list shows at most.
const SHOWN_LINES: usize = 18;

/// Rebuilds the move list: the latest lines, or while looking back the lines around the one
/// looked at (highlighted), with a button back to the present.
fn list_moves(
    mut commands: Commands,
    hud: Res<HudState>,
    review: Res<Review>,
    lists: Query<Entity, With<MovesList>>,
) {
    if !hud.is_changed() && !review.is_changed() {
        return;
    }
    let lines: &[MoveLine] = if review.active() {
        &review.lines
    } else {
        &hud.moves
    };
    // The line that holds the position looked at.
    let viewed = review
        .active()
        .then(|| lines.iter().position(|l| l.ply >= review.target.max(1)))
        .flatten();
    let end = match viewed {
        Some(i) => (i + SHOWN_LINES / 2 + 1).clamp(SHOWN_LINES.min(lines.len()), lines.len()),
        None => lines.len(),
    };
    let start = end.saturating_sub(SHOWN_LINES);
    // The line the list scrolls to: the one looked at, or the latest.
    let in_sight = viewed.unwrap_or(lines.len().saturating_sub(1));
    for list in &lists {
        commands.entity(list).despawn_related::<Children>();
        commands.entity(list).with_children(|p| {
            if lines.is_empty() {
                p.spawn((Text::new("(none yet)"), font(14.0), TextColor(Color::WHITE)));
            }
            for (i, line) in lines.iter().enumerate().take(end).skip(start) {
                let ply = line.ply;
                let highlighted = viewed == Some(i) && review.target > 0;
                // The number (or player) in a column of its own, so that a long line wraps
                // under its moves.
                let (head, moves) = split_line(&line.text);
                let mut entry = p.spawn((
                    Button,
                    Node {
                        width: Val::Percent(100.0),
                        padding: UiRect::axes(Val::Px(4.0), Val::Px(1.0)),
                        ..default()
                    },
                    BackgroundColor(if highlighted {
                        VIEWED_LINE
                    } else {
                        Color::NONE
                    }),
                ));
                if i == in_sight {
                    entry.insert(BringIntoView);
                }
                entry
                    .with_children(|row| {
                        row.spawn((Text::new(head), font(14.0), TextColor(Color::WHITE)));
                        row.spawn((
                            Text::new(moves),
                            font(14.0),
                            TextColor(Color::WHITE),
                            Node {
                                flex_grow: 1.0,
                                flex_basis: Val::Px(0.0),
                                min_width: Val::Px(0.0),
                                ..default()
                            },
                        ));
                    })
                    .observe(
                        move |click: On<Pointer<Click>>, mut asks: MessageWriter<ReviewTo>| {
                            if click.button == PointerButton::Primary {
                                asks.write(ReviewTo(ply));
                            }
                        },
                    );
            }
            if let Some(present) = review.present {
                p.spawn(button(
                    "Back to the game",
                    15.0,
                    LINK,
                    Node {
                        margin: UiRect::top(Val::Px(6.0)),
                        padding: UiRect::axes(Val::Px(10.0), Val::Px(6.0)),
                        ..default()
                    },
                ))
                .observe(
                    move |click: On<Pointer<Click>>, mut asks: MessageWriter<ReviewTo>| {
                        if click.button == PointerButton::Primary {
                            asks.write(ReviewTo(present));
                        }
                    },
                );
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_line_splits_after_its_number_or_player() {
        assert_eq!(
            split_line(" 1. GM to M2 / GM to M2"),
            (" 1. ".to_string(), "GM to M2 / GM to M2".to_string())
        );
        assert_eq!(
            split_line("Screws: a12-b12+c1, k11-i9"),
            ("Screws: ".to_string(), "a12-b12+c1, k11-i9".to_string())
        );
        assert_eq!(split_line("x"), (String::new(), "x".to_string()));
    }

    #[test]
    fn looking_back_names_the_line_of_the_move_list() {
        let lines = crate::table::report::move_lines(&[
            "GM to M2".to_string(),
            "GM to M2".to_string(),
            "KM to M2".to_string(),
        ]);
        assert_eq!(looked_at(&lines, 0, 3), "the starting position");
        assert_eq!(
            looked_at(&lines, 2, 3),
            "the position after 1. GM to M2 / GM to M2 (2 of 3 moves played)"
        );
        assert_eq!(
            looked_at(&lines, 1, 3),
            "the position part-way through 1. GM to M2 / GM to M2 (1 of 3 moves played)"
        );
    }
}
