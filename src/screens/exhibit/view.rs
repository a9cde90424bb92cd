//! An exhibition in the window: its banner, the caption of the latest notable moment, the
//! result card and the scoreboard.

use crate::screens::exhibit::{Exhibition, demo_on_table};
use crate::state::AtTable;
use crate::view::hud::{LEFT_COLUMN, MovesPanel};
use crate::view::layout::Panel;
use crate::view::theme::{CAPTION, CARD, GOLD, PANEL, TEXT, font};
use bevy::prelude::*;

/// The overlay: the exhibition's banner, its caption, the result card and the scoreboard.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(AtTable),
        spawn_overlay.run_if(resource_exists::<Exhibition>),
    )
    .add_systems(Update, update_overlay.run_if(resource_exists::<Exhibition>));
}

#[derive(Component)]
struct Banner;
#[derive(Component)]
struct CaptionLine;
/// The caption's panel, hidden while there is no caption.
#[derive(Component)]
struct CaptionPanel;
#[derive(Component)]
struct ResultCard;
/// The parts of the result card: which game, how it ended, and the scoreboard.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardText {
    Title,
    Result,
    Board,
    Next,
}

/// How high above the window's bottom the caption stands: over the banner.
const CAPTION_BOTTOM: f32 = 60.0;

/// Seconds a moment's caption stays up.
const CAPTION_SECONDS: f32 = 4.0;

fn spawn_overlay(mut commands: Commands) {
    let scoped = DespawnOnExit(AtTable);
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(10.0),
            right: Val::Px(10.0),
            max_width: Val::Percent(100.0 - LEFT_COLUMN - 4.0),
            padding: UiRect::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(PANEL),
        Panel,
        children![(Text::new(""), font(18.0), TextColor(GOLD), Banner)],
    ));
    // The caption stands right of the keys' column, above the banner at the bottom and
    // under the move list (which keeps to the window's upper half), on a panel of its own,
    // shown only while it has words.
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(CAPTION_BOTTOM),
            left: Val::Percent(LEFT_COLUMN + 2.0),
            right: Val::Px(10.0),
            padding: UiRect::all(Val::Px(8.0)),
            justify_content: JustifyContent::Center,
            display: Display::None,
            ..default()
        },
        BackgroundColor(PANEL),
        CaptionPanel,
        Panel,
        children![(
            Text::new(""),
            font(22.0),
            TextColor(Color::WHITE),
            TextLayout::justify(Justify::Center),
            CaptionLine
        )],
    ));
    commands.spawn((
        scoped,
        Node {
            // In the move list's place at the top right, which gives way to it: the board
            // stays in view.
            position_type: PositionType::Absolute,
            top: Val::Px(10.0),
            right: Val::Px(10.0),
            width: Val::Px(340.0),
            max_width: Val::Percent(34.0),
            max_height: Val::Percent(70.0),
            padding: UiRect::all(Val::Px(18.0)),
            row_gap: Val::Px(10.0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            display: Display::None,
            ..default()
        },
        BackgroundColor(CARD),
        ResultCard,
        Panel,
        children![
            (Text::new(""), font(26.0), TextColor(GOLD), CardText::Title),
            (
                Text::new(""),
                font(20.0),
                TextColor(Color::WHITE),
                TextLayout::justify(Justify::Center),
                CardText::Result
            ),
            (
                Text::new(""),
                font(16.0),
                TextColor(CAPTION),
                TextLayout::justify(Justify::Center),
                CardText::Board
            ),
            (Text::new(""), font(14.0), TextColor(TEXT), CardText::Next),
        ],
    ));
}

#[allow(clippy::type_complexity)]
fn update_overlay(
    exhibition: Res<Exhibition>,
    time: Res<Time>,
    mut texts: ParamSet<(
        Query<&mut Text, With<Banner>>,
        Query<&mut Text, With<CaptionLine>>,
        Query<(&mut Text, &CardText)>,
    )>,
    mut card: Query<&mut Node, (With<ResultCard>, Without<CaptionPanel>)>,
    mut moves: Query<&mut Visibility, With<MovesPanel>>,
    mut caption_panel: Query<&mut Node, With<CaptionPanel>>,
) {
    let now = time.elapsed();
    let game = exhibition.scores.len() + usize::from(exhibition.ended.is_none());
    let banner = format!(
        "Exhibition, game {game}: the computer ({}) plays every side",
        exhibition.show.level
    );
    for mut t in &mut texts.p0() {
        if t.0 != banner {
            t.0.clone_from(&banner);
        }
    }
    let caption = match &exhibition.caption {
        Some((text, at)) if now.saturating_sub(*at).as_secs_f32() < CAPTION_SECONDS => text.clone(),
        _ => String::new(),
    };
    for mut t in &mut texts.p1() {
        if t.0 != caption {
            t.0.clone_from(&caption);
        }
    }
    // No caption while the result card is up: the card says it all.
    let captioned = !caption.is_empty() && exhibition.ended.is_none();
    for mut node in &mut caption_panel {
        let display = if captioned {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let showing = exhibition.ended.is_some() && !demo_on_table(&exhibition);
    for mut node in &mut card {
        let display = if showing {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let list = if showing {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut moves {
        if *visibility != list {
            *visibility = list;
        }
    }
    let Some(last) = exhibition.scores.last().filter(|_| showing) else {
        return;
    };
    for (mut t, part) in &mut texts.p2() {
        let value = match part {
            CardText::Title => last.title.clone(),
            CardText::Result => format!("{}, after {} moves.", sentence(&last.result), last.moves),
            CardText::Board => format!("Scoreboard\n{}", exhibition.board(8)),
            CardText::Next if exhibition.last_step() => {
                "The exhibition is over: the start screen follows shortly.".into()
            }
            CardText::Next => "The next game follows shortly.".into(),
        };
        if t.0 != value {
            t.0 = value;
        }
    }
}

/// "red wins" with a capital: "Red wins".
fn sentence(text: &str) -> String {
    let mut chars = text.trim().trim_end_matches('.').chars();
    match chars.next() {
        Some(first) => format!("{}{}", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
