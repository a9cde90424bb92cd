//! A light material for software renderers (no GPU): the look of each standard material's
//! base colour under one sun, at a fraction of the cost of physically based shading.

use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// The base colour of a solid surface.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct LiteMaterial {
    /// The colour, in linear space.
    #[uniform(0)]
    pub color: LinearRgba,
}

impl Material for LiteMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://tabula/lite.wgsl".into()
    }

    // Drawn in the blended pass (on llvmpipe the opaque pass drew nothing of this
    // material), but writing depth like an opaque surface: its alpha is one, so the order
    // of drawing cannot matter.
    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }

    // Sorted before every truly translucent surface (the sea, the marks), so that those
    // are drawn over the solids they lie on.
    fn depth_bias(&self) -> f32 {
        -1.0e6
    }

    fn specialize(
        _pipeline: &bevy::pbr::MaterialPipeline,
        descriptor: &mut bevy::render::render_resource::RenderPipelineDescriptor,
        _layout: &bevy::mesh::MeshVertexBufferLayoutRef,
        _key: bevy::pbr::MaterialPipelineKey<Self>,
    ) -> Result<(), bevy::render::render_resource::SpecializedMeshPipelineError> {
        if let Some(depth) = descriptor.depth_stencil.as_mut() {
            depth.depth_write_enabled = Some(true);
        }
        Ok(())
    }
}

/// The base colour of a translucent surface (the sea, the marks), blended over what lies
/// behind it.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct LiteGlass {
    /// The colour and opacity, in linear space.
    #[uniform(0)]
    pub color: LinearRgba,
}

impl Material for LiteGlass {
    fn fragment_shader() -> ShaderRef {
        "embedded://tabula/lite.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }
}

/// Registers the material.
pub fn plugin(app: &mut App) {
    bevy::asset::embedded_asset!(app, "lite.wgsl");
    app.add_plugins((
        MaterialPlugin::<LiteMaterial>::default(),
        MaterialPlugin::<LiteGlass>::default(),
    ))
    .init_resource::<UseLite>()
    .add_systems(PostUpdate, swap);
}

/// Whether the light material stands in for the standard one.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UseLite(pub bool);

/// Gives every mesh that has (or is given) a standard material the light material of the
/// same colour instead, reusing one light material per standard one.
pub fn swap(
    mut commands: Commands,
    lite: Res<UseLite>,
    standard: Res<Assets<StandardMaterial>>,
    mut lites: ResMut<Assets<LiteMaterial>>,
    mut glasses: ResMut<Assets<LiteGlass>>,
    mut made: Local<std::collections::HashMap<AssetId<StandardMaterial>, Made>>,
    all: Query<(Entity, Ref<MeshMaterial3d<StandardMaterial>>)>,
) {
    if !lite.0 {
        return;
    }
    // When the switch is thrown every mesh changes; after that, the new and changed ones.
    let everything = lite.is_changed();
    for (entity, material) in &all {
        if !everything && !material.is_changed() {
            continue;
        }
        let Some(source) = standard.get(&material.0) else {
            continue;
        };
        let made = made
            .entry(material.0.id())
            .or_insert_with(|| {
                let color = source.base_color.to_linear();
                if source.alpha_mode == AlphaMode::Opaque {
                    Made::Solid(lites.add(LiteMaterial {
                        color: color.with_alpha(1.0),
                    }))
                } else {
                    Made::Glass(glasses.add(LiteGlass { color }))
                }
            })
            .clone();
        let mut entity = commands.entity(entity);
        entity.remove::<MeshMaterial3d<StandardMaterial>>();
        match made {
            Made::Solid(handle) => entity.insert(MeshMaterial3d(handle)),
            Made::Glass(handle) => entity.insert(MeshMaterial3d(handle)),
        };
    }
}

/// The light material made for a standard one.
#[derive(Debug, Clone)]
pub enum Made {
    /// For an opaque surface.
    Solid(Handle<LiteMaterial>),
    /// For a translucent one.
    Glass(Handle<LiteGlass>),
}
