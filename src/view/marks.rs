//! Marks laid on a board to guide the players: lit landings, captures, the chosen piece and
//! path, the last move, the spot under the mouse. Sized for a unit square; games with
//! smaller squares scale them.

use crate::table::commands::Watching;
use crate::table::review::{Review, live};
use crate::table::seats::LocalTurn;
use crate::view::theme::{MARK_CHOSEN, MARK_GO, MARK_HOVER, MARK_LAST, MARK_TAKE};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// A mark on the board, cleared and redrawn when the selection or the position changes.
#[derive(Component)]
#[require(DespawnOnExit<crate::state::AtTable> = DespawnOnExit(crate::state::AtTable))]
pub(crate) struct Highlight;

/// The meshes and glowing materials of the marks.
#[derive(Resource)]
pub(crate) struct Marks {
    /// A small disc: a quiet landing.
    pub disc: Handle<Mesh>,
    /// A ring: a capture, or the chosen piece and path.
    pub ring: Handle<Mesh>,
    /// A flat square: the last move, the hovered square.
    pub plate: Handle<Mesh>,
    /// Green: a landing.
    pub go: Handle<StandardMaterial>,
    /// Orange: a capture.
    pub take: Handle<StandardMaterial>,
    /// Yellow: chosen.
    pub chosen: Handle<StandardMaterial>,
    /// Faint gold: the last move.
    pub last: Handle<StandardMaterial>,
    /// Faint white: under the mouse.
    pub hover: Handle<StandardMaterial>,
}

impl Marks {
    /// A mark of `mesh` and `material` at `at`, scaled by `scale`.
    pub(crate) fn bundle(
        mesh: &Handle<Mesh>,
        material: &Handle<StandardMaterial>,
        at: Vec3,
        scale: f32,
    ) -> impl Bundle {
        (
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(at).with_scale(Vec3::splat(scale)),
            Highlight,
            Pickable::IGNORE,
        )
    }
}

/// Makes the marks' meshes and materials.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_marks);
}

fn make_marks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let glow = |c: Color| StandardMaterial {
        base_color: c.with_alpha(0.8),
        emissive: c.to_linear() * 0.6,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    let faint = |c: Color| StandardMaterial {
        base_color: c,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    commands.insert_resource(Marks {
        disc: meshes.add(Cylinder::new(0.22, 0.02).mesh().resolution(24)),
        ring: meshes.add(
            Torus::new(0.36, 0.44)
                .mesh()
                .minor_resolution(8)
                .major_resolution(32),
        ),
        plate: meshes.add(Cuboid::new(0.96, 0.01, 0.96)),
        go: materials.add(glow(MARK_GO)),
        take: materials.add(glow(MARK_TAKE)),
        chosen: materials.add(glow(MARK_CHOSEN)),
        hover: materials.add(faint(MARK_HOVER)),
        last: materials.add(faint(MARK_LAST)),
    });
}

/// The marks on the board ([`Highlight`]), cleared and drawn anew.
#[derive(SystemParam)]
pub(crate) struct Highlights<'w, 's> {
    commands: Commands<'w, 's>,
    marks: Option<Res<'w, Marks>>,
    shown: Query<'w, 's, Entity, With<Highlight>>,
    local: Option<Res<'w, LocalTurn>>,
    review: Option<Res<'w, Review>>,
    watching: Option<Res<'w, Watching>>,
}

impl<'w, 's> Highlights<'w, 's> {
    /// Clears the marks shown and gives the marks' meshes and materials with a pen to draw
    /// new ones; `None`, clearing nothing, before the marks are made (headless). Nothing is
    /// lit while the seat to move is not played here (the computer thinking) or play is not
    /// live (looking back, a show): `None`, with the marks cleared.
    pub(crate) fn redraw(&mut self) -> Option<(&Marks, Pen<'_, 'w, 's>)> {
        let marks = self.marks.as_deref()?;
        for e in &self.shown {
            self.commands.entity(e).despawn();
        }
        let here = self.local.as_deref().is_none_or(|l| l.0);
        let review = self.review.as_ref().map(Res::clone);
        let watching = self.watching.as_ref().map(Res::clone);
        if !here || !live(review, watching) {
            return None;
        }
        Some((marks, Pen(&mut self.commands)))
    }
}

/// Draws marks on the board.
pub(crate) struct Pen<'a, 'w, 's>(&'a mut Commands<'w, 's>);

impl Pen<'_, '_, '_> {
    /// A mark of `mesh` and `material` at `at`, scaled by `scale`.
    pub(crate) fn mark(
        &mut self,
        mesh: &Handle<Mesh>,
        material: &Handle<StandardMaterial>,
        at: Vec3,
        scale: f32,
    ) {
        self.0.spawn(Marks::bundle(mesh, material, at, scale));
    }
}
