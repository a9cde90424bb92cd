//! Drawing without a window: no display and no window system are opened; every camera that
//! would draw into the window draws into an image of the picture's size instead, on
//! whatever adapter there is (a GPU, or a software renderer such as Mesa's lavapipe).

use bevy::app::{PluginGroupBuilder, ScheduleRunnerPlugin};
use bevy::camera::{ImageRenderTarget, RenderTarget, ShadowLodOrigin};
use bevy::prelude::*;
use bevy::render::render_resource::{PollType, TextureFormat};
use bevy::render::renderer::RenderDevice;
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::{ExitCondition, WindowRef};
use std::time::Duration;

/// The default plugins with no window: the window system (winit) is never started, so no
/// X11 or Wayland library is loaded, and the app runs its own loop. Sound is left out: a
/// picture or a benchmark plays none.
pub(crate) fn default_plugins() -> PluginGroupBuilder {
    DefaultPlugins
        .set(WindowPlugin {
            primary_window: None,
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        })
        .disable::<bevy::winit::WinitPlugin>()
        .disable::<bevy::audio::AudioPlugin>()
}

/// The image every window camera draws into.
#[derive(Resource, Debug, Clone)]
pub(crate) struct Canvas {
    /// The image, read back for a picture.
    pub image: Handle<Image>,
}

/// Draws into an image of `size` pixels: added after [`default_plugins`].
pub(crate) struct Offscreen {
    /// The picture's size in pixels.
    pub size: UVec2,
}

impl Plugin for Offscreen {
    fn build(&self, app: &mut App) {
        let image = app
            .world_mut()
            .resource_mut::<Assets<Image>>()
            .add(Image::new_target_texture(
                self.size.x.max(1),
                self.size.y.max(1),
                TextureFormat::Rgba8UnormSrgb,
                None,
            ));
        app.add_plugins(ScheduleRunnerPlugin::run_loop(Duration::ZERO))
            .insert_resource(Canvas { image })
            .add_observer(draw_into_canvas);
        if let Some(render) = app.get_sub_app_mut(RenderApp) {
            render.add_systems(Render, wait_for_frame.in_set(RenderSystems::Cleanup));
        }
    }
}

/// A camera meant for the window draws into the canvas instead; cameras meant for another
/// window or image keep their target.
fn draw_into_canvas(
    added: On<Add, Camera>,
    canvas: Res<Canvas>,
    targets: Query<&RenderTarget>,
    mut commands: Commands,
) {
    let for_window = match targets.get(added.entity) {
        Ok(RenderTarget::Window(WindowRef::Primary)) | Err(_) => true,
        Ok(_) => false,
    };
    if for_window {
        commands.entity(added.entity).insert((
            RenderTarget::Image(ImageRenderTarget {
                handle: canvas.image.clone(),
                scale_factor: 1.0,
            }),
            // Point lights' shadows are detailed near what the picture shows.
            ShadowLodOrigin,
            // The HUD and the menus are drawn by the camera that stands for the window.
            bevy::ui::IsDefaultUiCamera,
        ));
    }
}

/// Waits for the adapter to finish each frame before the next is begun: with no window to
/// present to, nothing else holds the app back, and a frame's time would not include the
/// drawing.
fn wait_for_frame(device: Res<RenderDevice>) {
    if let Err(e) = device.poll(PollType::wait_indefinitely()) {
        warn!("waiting for the frame to be drawn: {e}");
    }
}

/// Keeps the HUD and every other panel hidden: for pictures of the table alone, and for
/// the start screen's backdrop, which has the menu in front of it.
pub(crate) fn hide_panels(mut nodes: Query<&mut Visibility, (With<Node>, Without<ChildOf>)>) {
    for mut visibility in &mut nodes {
        if *visibility != Visibility::Hidden {
            *visibility = Visibility::Hidden;
        }
    }
}

/// What the renderer says when it finds no adapter at all.
const NO_ADAPTER: &str = "Unable to find a GPU";

/// Turns the renderer's panic on finding no adapter (no GPU with its Vulkan driver, and no
/// software Vulkan) into a plain error from `tabula COMMAND`, exit status 2.
pub(crate) fn explain_missing_adapter(command: &'static str) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if text.contains(NO_ADAPTER) {
            eprintln!(
                "tabula {command}: no graphics adapter: no GPU with a Vulkan driver and no \
                 software Vulkan was found (on Debian or Ubuntu: apt-get install libvulkan1 \
                 mesa-vulkan-drivers)"
            );
            std::process::exit(2);
        }
        previous(info);
    }));
}

/// The adapter in use, in words: its name, kind and graphics interface.
pub(crate) fn adapter_text(info: &bevy::render::renderer::RenderAdapterInfo) -> String {
    format!("{} ({:?}, {:?})", info.name, info.device_type, info.backend)
}
