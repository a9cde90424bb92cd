//! The board's coordinates on its edges, where the game's notation names squares by file and
//! rank: each game gives its labels and where they stand on the table
//! ([`TableRules::edge_labels`], most through [`grid`]), and they are drawn as small text
//! over the board's edges, following the camera.

use crate::state::AtTable;
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, TableRules};
use crate::view::camera::OrbitCamera;
use crate::view::theme::{COUNTERS, font};
use bevy::prelude::*;

/// A coordinate drawn at a point on the table.
#[derive(Component, Debug, Clone, Copy)]
struct EdgeLabel(Vec3);

/// Width of a label's box, in pixels: the text is centred in it.
const LABEL_WIDTH: f32 = 40.0;
/// Height of a label's box, in pixels.
const LABEL_HEIGHT: f32 = 18.0;

/// The coordinates of the game `G`, drawn while it is on the table.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (spawn_labels::<G>, place_labels)
            .chain()
            .before(bevy::ui::UiSystems::Layout)
            .after(bevy::transform::TransformSystems::Propagate)
            .in_set(GameSystems(G::KIND)),
    );
}

/// The labels of a board of `files` by `ranks` spots: each file's name on the near and far
/// edges, each rank's on the left (`rank_left`) and right (`rank_right`) edges; `at(file,
/// rank)` is where a spot stands and `pitch` the distance between two.
pub(crate) fn grid(
    files: usize,
    ranks: usize,
    at: impl Fn(usize, usize) -> Vec3,
    pitch: f32,
    file_name: impl Fn(usize) -> String,
    rank_left: impl Fn(usize) -> String,
    rank_right: impl Fn(usize) -> String,
) -> Vec<(String, Vec3)> {
    let (Some(last_file), Some(last_rank)) = (files.checked_sub(1), ranks.checked_sub(1)) else {
        return Vec::new();
    };
    let out = 0.85 * pitch;
    let mut labels = Vec::new();
    for f in 0..files {
        labels.push((file_name(f), at(f, 0) + Vec3::Z * out));
        labels.push((file_name(f), at(f, last_rank) - Vec3::Z * out));
    }
    for r in 0..ranks {
        labels.push((rank_left(r), at(0, r) - Vec3::X * out));
        labels.push((rank_right(r), at(last_file, r) + Vec3::X * out));
    }
    labels
}

/// The labels, spawned anew when another game or board comes to the table.
fn spawn_labels<G: TableRules>(
    mut commands: Commands,
    the_match: Res<Match<G>>,
    shown: Query<Entity, With<EdgeLabel>>,
    mut last: Local<Vec<(String, Vec3)>>,
) {
    if !the_match.is_changed() {
        return;
    }
    let labels = the_match.game.edge_labels();
    if labels == *last && !shown.is_empty() {
        return;
    }
    for e in &shown {
        commands.entity(e).despawn();
    }
    for (text, at) in &labels {
        commands.spawn((
            DespawnOnExit(AtTable),
            EdgeLabel(*at),
            Text::new(text.clone()),
            font(13.0),
            TextColor(COUNTERS),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE,
            // Under every panel: a coordinate never covers words.
            GlobalZIndex(-1),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Px(LABEL_WIDTH),
                height: Val::Px(LABEL_HEIGHT),
                display: Display::None,
                ..default()
            },
        ));
    }
    *last = labels;
}

/// Each label over its point on the table, as the camera sees it now.
fn place_labels(
    cameras: Query<(&Camera, &GlobalTransform), With<OrbitCamera>>,
    mut labels: Query<(&EdgeLabel, &mut Node)>,
    ui_scale: Option<Res<UiScale>>,
) {
    let Some((camera, eye)) = cameras.iter().find(|(c, _)| c.is_active) else {
        return;
    };
    // The viewport's pixels, in the HUD's own units (which UiScale enlarges).
    let scale = ui_scale.map_or(1.0, |s| s.0).max(0.01);
    // The labels on the board's far side would stand over the far pieces: only the edges
    // facing the camera (and the sides) are labelled.
    let facing = eye.translation().with_y(0.0).normalize_or_zero();
    for (label, mut node) in &mut labels {
        let far = facing.dot(label.0.with_y(0.0).normalize_or_zero()) < -0.3;
        match camera.world_to_viewport(eye, label.0) {
            Ok(p) if !far => {
                node.display = Display::Flex;
                node.left = Val::Px(p.x / scale - LABEL_WIDTH / 2.0);
                node.top = Val::Px(p.y / scale - LABEL_HEIGHT / 2.0);
            }
            _ => node.display = Display::None,
        }
    }
}
