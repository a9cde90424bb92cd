//! A light material for software renderers (no GPU): the look of each standard material's
//! base colour under one sun, at a fraction of the cost of physically based shading; and
//! the other economies play makes there.

use crate::state::AtTable;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// The base colour of a solid surface.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct LiteMaterial {
    /// The colour, in linear space.
    #[uniform(0)]
    pub color: LinearRgba,
}

impl Material for LiteMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://tabula/view/lite.wgsl".into()
    }

    // Drawn in the opaque pass, before every translucent surface (the sea, the marks), and
    // without blending.
    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Opaque
    }
}

/// The base colour of a translucent surface (the sea, the marks), blended over what lies
/// behind it.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct LiteGlass {
    /// The colour and opacity, in linear space.
    #[uniform(0)]
    pub color: LinearRgba,
}

impl Material for LiteGlass {
    fn fragment_shader() -> ShaderRef {
        "embedded://tabula/view/lite.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }
}

/// Registers the material, and economises on a software renderer whenever the table is
/// entered.
pub(crate) fn plugin(app: &mut App) {
    bevy::asset::embedded_asset!(app, "lite.wgsl");
    app.add_plugins((
        MaterialPlugin::<LiteMaterial>::default(),
        MaterialPlugin::<LiteGlass>::default(),
    ))
    .init_resource::<UseLite>()
    .init_resource::<Look>()
    .add_systems(PostUpdate, swap)
    .add_systems(
        Update,
        economise
            .run_if(state_changed::<AtTable>)
            .run_if(in_state(AtTable)),
    );
}

/// How the table is drawn.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Look {
    /// As `tabula play` draws it here: the light look on a software renderer, the full
    /// look on a GPU.
    #[default]
    Played,
    /// Physically based shading, shadows and multisampling.
    Full,
    /// Each surface's base colour under one sun, no shadows, no multisampling.
    #[value(alias = "lite")]
    Light,
}

impl Look {
    /// The look's name, as `--look` takes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Look::Played => "played",
            Look::Full => "full",
            Look::Light => "light",
        }
    }
}

/// Whether the light material stands in for the standard one.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct UseLite(pub bool);

/// Gives every mesh that has (or is given) a standard material the light material of the
/// same colour instead, reusing one light material per standard one.
pub(crate) fn swap(
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
pub(crate) enum Made {
    /// For an opaque surface.
    Solid(Handle<LiteMaterial>),
    /// For a translucent one.
    Glass(Handle<LiteGlass>),
}

/// Adds `plugins` (the default plugins, as the caller set them) building each mesh's
/// instance data on the CPU: a few hundred meshes cost the CPU next to nothing, and a
/// software renderer is spared the compute passes that would build it on the GPU. Bevy's
/// `PbrPlugin` builds the data on the CPU when asked, but its render phases go on expecting
/// indirect draws built on the GPU and draw no opaque surface at all; telling them the
/// device has no GPU preprocessing makes them draw the CPU's batches. The two halves go
/// together, so they are added together.
pub(crate) fn add_plugins_building_on_cpu(app: &mut App, plugins: bevy::app::PluginGroupBuilder) {
    use bevy::render::batching::gpu_preprocessing::{
        GpuPreprocessingMode, GpuPreprocessingSupport,
    };
    use bevy::render::{RenderApp, RenderStartup, init_gpu_resource};
    app.add_plugins(plugins.set(bevy::pbr::PbrPlugin {
        use_gpu_instance_buffer_builder: false,
        ..default()
    }));
    let Some(render_app) = app.get_sub_app_mut(RenderApp) else {
        return;
    };
    render_app.add_systems(
        RenderStartup,
        (|mut support: ResMut<GpuPreprocessingSupport>| {
            support.max_supported_mode = GpuPreprocessingMode::None;
        })
        .after(init_gpu_resource::<GpuPreprocessingSupport>),
    );
}

/// The light look: on a software renderer (no GPU, such as Mesa's llvmpipe) play drops
/// shadows and multisampling, draws with the light material (the base colours under one
/// sun) instead of physically based shading, clusters no lights, and leaves the floor far
/// below the table to the background colour (under one sun a level floor has one colour):
/// nearly forty times the frame rate there. Pictures made by `tabula shot` keep the full
/// look unless asked for another ([`Look`]).
fn economise(
    mut commands: Commands,
    look: Res<Look>,
    info: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut lights: Query<&mut DirectionalLight>,
    cameras: Query<Entity, With<Camera3d>>,
    floors: Query<Entity, With<crate::view::room::RoomFloor>>,
) {
    let software = info
        .as_ref()
        .is_some_and(|info| format!("{:?}", info.device_type) == "Cpu");
    match *look {
        Look::Full => return,
        Look::Played if !software => return,
        Look::Played => info!(
            "software renderer ({}): shadows, multisampling and physically based shading off for speed",
            info.as_ref().map_or("", |i| i.name.as_str())
        ),
        Look::Light => {}
    }
    for mut light in &mut lights {
        light.shadow_maps_enabled = false;
    }
    commands.insert_resource(UseLite(true));
    for floor in &floors {
        commands.entity(floor).insert(Visibility::Hidden);
        commands.insert_resource(ClearColor(crate::view::room::FLOOR));
    }
    for camera in &cameras {
        commands
            .entity(camera)
            .insert((Msaa::Off, bevy::light::cluster::ClusterConfig::Single));
    }
}
