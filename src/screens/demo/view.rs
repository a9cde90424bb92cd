//! A demonstration in the window: the title bar, the subtitles and where the show stands,
//! the note's squares and arrows on the board, the camera cues, and the keys.

use crate::screens::demo::{Demo, DemoCommand};
use crate::state::AtTable;
use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, TableRules};
use crate::view::camera::{OrbitCamera, SpectatorView, View};
use crate::view::hud::{LEFT_COLUMN, RIGHT_COLUMN};
use crate::view::layout::Panel;
use crate::view::spectator::Spectator;
use crate::view::theme::{NOTE_ARROW, SHOW_PANEL, SHOW_STATE, SHOW_TITLE, font, note_ring};
use bevy::prelude::*;
use tabula_rules::scene::CameraCue;

/// The subtitles, the title bar, the squares and arrows, the camera cues and the keys.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(AtTable),
        (spawn_overlay, thick_lines).run_if(resource_exists::<Demo>),
    )
    .add_systems(
        Update,
        (keys.before(MatchSet), overlay, camera_cues).run_if(resource_exists::<Demo>),
    );
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            draw_marks::<G>
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Demo>),
        );
    });
}

#[derive(Component)]
struct TitleBar;
#[derive(Component)]
struct Subtitle;
#[derive(Component)]
struct ShowState;

/// Annotation lines thick enough to read from the back of a hall.
fn thick_lines(mut store: ResMut<GizmoConfigStore>) {
    store.config_mut::<DefaultGizmoConfigGroup>().0.line.width = 5.0;
}

fn spawn_overlay(mut commands: Commands) {
    let panel = BackgroundColor(SHOW_PANEL);
    commands.spawn((
        DespawnOnExit(AtTable),
        Text::new(""),
        font(18.0),
        TextColor(SHOW_TITLE),
        // Between the HUD's columns, as wide as the window leaves.
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(10.0),
            left: Val::Percent(LEFT_COLUMN + 2.0),
            right: Val::Percent(RIGHT_COLUMN + 2.0),
            padding: UiRect::all(Val::Px(8.0)),
            ..default()
        },
        panel,
        TitleBar,
        Panel,
    ));
    // The subtitle and where the show stands, one above the other, at the bottom right of
    // the keys' column (a show has no command buttons): they grow upward, under the move
    // list, which keeps to the window's upper half.
    commands
        .spawn((
            DespawnOnExit(AtTable),
            Node {
                position_type: PositionType::Absolute,
                bottom: Val::Px(10.0),
                left: Val::Percent(LEFT_COLUMN + 2.0),
                right: Val::Px(10.0),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: Val::Px(6.0),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|p| {
            p.spawn((
                Text::new(""),
                font(22.0),
                TextColor(Color::WHITE),
                TextLayout::justify(Justify::Center),
                Node {
                    width: Val::Percent(100.0),
                    padding: UiRect::all(Val::Px(10.0)),
                    display: Display::None,
                    ..default()
                },
                panel,
                Subtitle,
                Panel,
            ));
            p.spawn((
                Text::new(""),
                font(16.0),
                TextColor(SHOW_STATE),
                TextLayout::justify(Justify::Center),
                Node {
                    width: Val::Percent(100.0),
                    padding: UiRect::all(Val::Px(6.0)),
                    ..default()
                },
                panel,
                ShowState,
                Panel,
            ));
        });
}

fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    demo: Res<Demo>,
    mut out: MessageWriter<DemoCommand>,
) {
    let Some(keys) = keys else { return };
    let len = demo.line_len();
    for (key, command) in [
        (KeyCode::Space, DemoCommand::Toggle),
        (KeyCode::ArrowRight, DemoCommand::Forward),
        (KeyCode::ArrowLeft, DemoCommand::Back),
        (KeyCode::Home, DemoCommand::Jump(0)),
        (KeyCode::End, DemoCommand::Jump(len)),
        (KeyCode::Equal, DemoCommand::Speed(2.0)),
        (KeyCode::NumpadAdd, DemoCommand::Speed(2.0)),
        (KeyCode::ArrowUp, DemoCommand::Speed(2.0)),
        (KeyCode::Minus, DemoCommand::Speed(0.5)),
        (KeyCode::NumpadSubtract, DemoCommand::Speed(0.5)),
        (KeyCode::ArrowDown, DemoCommand::Speed(0.5)),
        (KeyCode::Backspace, DemoCommand::MainLine),
        (KeyCode::PageDown, DemoCommand::Next),
        (KeyCode::PageUp, DemoCommand::Previous),
    ] {
        if keys.just_pressed(key) {
            out.write(command);
        }
    }
    if keys.just_pressed(KeyCode::KeyB)
        && let Some(v) = demo.variation_here()
    {
        out.write(DemoCommand::Variation(v));
    }
}

#[allow(clippy::type_complexity)]
fn overlay(
    demo: Res<Demo>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TitleBar>>,
        Query<(&mut Text, &mut Node), With<Subtitle>>,
        Query<&mut Text, With<ShowState>>,
    )>,
) {
    if !demo.is_changed() {
        return;
    }
    let scene = &demo.scene.scene;
    let mut title = scene.title.clone();
    if let Some(source) = &scene.source {
        title.push('\n');
        title.push_str(source);
    }
    if let Some(v) = demo.variation.and_then(|v| scene.variations.get(v)) {
        title.push_str(&format!("\nVariation: {}", v.title));
    }
    if demo.playlist.len() > 1 {
        title.push_str(&format!(
            "\nScene {} of {}",
            demo.index + 1,
            demo.playlist.len()
        ));
    }
    for mut t in &mut texts.p0() {
        t.0.clone_from(&title);
    }
    let caption = demo.caption_at(demo.target).unwrap_or_default();
    for (mut t, mut node) in &mut texts.p1() {
        // No empty bar while there is no caption.
        node.display = if caption.is_empty() {
            Display::None
        } else {
            Display::Flex
        };
        t.0.clone_from(&caption);
    }
    let len = demo.line_len();
    let mut state = format!(
        "Move {} of {}  |  {}  |  speed x{}",
        demo.target,
        len,
        if demo.playing { "playing" } else { "paused" },
        demo.speed
    );
    if let Some(v) = demo.variation_here() {
        state.push_str(&format!(
            "  |  B: follow the variation \"{}\"",
            scene.variations[v].title
        ));
    }
    if demo.variation.is_some() {
        state.push_str("  |  Backspace: back to the main line");
    }
    for mut t in &mut texts.p2() {
        t.0.clone_from(&state);
    }
}

/// The note's squares (gold rings) and arrows (like the patent figures' dotted lines).
fn draw_marks<G: TableRules>(
    demo: Res<Demo>,
    the_match: Res<Match<G>>,
    mut gizmos: Gizmos,
    time: Res<Time>,
) {
    let Some(note) = demo.note_at(demo.target) else {
        return;
    };
    let point = |t: &str| the_match.game.square_point(t.trim());
    let lift = Vec3::Y * 0.12;
    let glow = 0.75 + 0.25 * (time.elapsed_secs() * 3.0).sin();
    let gold = note_ring(glow);
    for square in &note.squares {
        if let Some(p) = point(square) {
            let iso = Isometry3d::new(p + lift, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
            gizmos.circle(iso, 0.42, gold);
            gizmos.circle(iso, 0.36, gold);
        }
    }
    for (from, to) in &note.arrows {
        if let (Some(a), Some(b)) = (point(from), point(to)) {
            gizmos
                .arrow(a + lift * 3.0, b + lift * 3.0, NOTE_ARROW)
                .with_tip_length(0.45);
        }
    }
}

/// A note's camera cue: a fixed view, or the spectator director.
fn camera_cues(
    demo: Res<Demo>,
    mut last: Local<Option<(usize, Option<usize>)>>,
    mut spectator: ResMut<Spectator>,
    mut cameras: Query<&mut OrbitCamera, Without<SpectatorView>>,
) {
    let here = (demo.target, demo.variation);
    if *last == Some(here) {
        return;
    }
    *last = Some(here);
    let Some(cue) = demo.note_at(demo.target).and_then(|n| n.camera) else {
        return;
    };
    let view = match cue {
        CameraCue::Spectator => {
            spectator.0 = true;
            return;
        }
        CameraCue::Near => View::Red,
        CameraCue::Far => View::Blue,
        CameraCue::Top => View::Top,
        CameraCue::Side => View::Side,
    };
    spectator.0 = false;
    for mut cam in &mut cameras {
        *cam = OrbitCamera::from_view(view);
    }
}
