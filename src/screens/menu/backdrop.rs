//! The start screen's backdrop: the chosen game's board in its opening, in 3D, turning
//! slowly behind the menu. A table of its own draws it (a second app, offscreen, that
//! shares nothing with the window's but the process and the adapter's kind), and each
//! picture it draws is shown behind the menu's panels.

use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::menu::Menu;
use crate::state::Screen;
use crate::view::camera::{OrbitCamera, View};
use crate::view::offscreen::{Canvas, Offscreen};
use bevy::app::PluginsState;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::sync::{Arc, Mutex};
use tabula_rules::registry::{GameKind, GameOptions};

/// How fast the board turns, in radians a second: a turn in a little over a minute.
const TURN_SPEED: f32 = 0.09;
/// The backdrop's size in pixels: it lies behind the panels, stretched to the window, so its
/// detail matters less than its cost.
const SIZE: UVec2 = UVec2::new(960, 540);

/// Draws the backdrop while the start screen is shown.
pub(crate) fn plugin(app: &mut App) {
    app.insert_non_send(Backdrop::default())
        .add_systems(OnEnter(Screen::Menu), spawn_picture)
        .add_systems(OnExit(Screen::Menu), put_away)
        .add_systems(Update, (draw, fit).run_if(in_state(Screen::Menu)));
}

/// The picture behind the menu, in the window's app.
#[derive(Resource, Debug, Clone)]
struct Picture(Handle<Image>);

/// The table that draws the backdrop, while the start screen is shown.
#[derive(Default)]
struct Backdrop(Option<Table>);

/// A table of its own, drawing offscreen.
struct Table {
    app: App,
    kind: GameKind,
    options: GameOptions,
    canvas: Handle<Image>,
    /// The last picture read back, not yet shown.
    drawn: Arc<Mutex<Option<Image>>>,
}

impl Table {
    /// A table with `options`' game in its opening, drawn offscreen from the first
    /// player's side, with the look `tabula play` has on this machine and without its HUD.
    fn new(options: GameOptions) -> Result<Table, String> {
        let game = TableGame::opening(options.clone())?;
        let mut app = App::new();
        // The window's app already has the log, the render thread and Ctrl+C.
        let plugins = crate::view::offscreen::default_plugins()
            .disable::<bevy::log::LogPlugin>()
            .disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>()
            .disable::<bevy::app::TerminalCtrlCHandlerPlugin>();
        crate::view::lite::add_plugins_building_on_cpu(&mut app, plugins);
        app.add_plugins(Offscreen { size: SIZE });
        game.install(&mut app, true);
        app.insert_resource(View::Red)
            .add_plugins(crate::view::lite::plugin)
            .add_systems(PostUpdate, crate::view::offscreen::hide_panels);
        while app.plugins_state() == PluginsState::Adding {
            bevy::tasks::tick_global_task_pools_on_main_thread();
        }
        app.finish();
        app.cleanup();
        let canvas = app.world().resource::<Canvas>().image.clone();
        Ok(Table {
            app,
            kind: options.kind(),
            options,
            canvas,
            drawn: Arc::default(),
        })
    }

    /// Puts `options`' opening on this table (of the same game), leaving the table and
    /// coming back as a new game does, so that the board is built again for options that
    /// change it (the fence race's field size, Transport's board).
    fn reset(&mut self, options: GameOptions) -> Result<(), String> {
        let game = TableGame::opening(options.clone())?;
        self.app
            .world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Loading);
        self.app.update();
        game.insert_match(self.app.world_mut(), &[]);
        self.app
            .world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Table);
        self.options = options;
        Ok(())
    }

    /// Turns the camera to `yaw`, draws a frame and asks for its picture.
    fn draw(&mut self, yaw: f32) {
        let world = self.app.world_mut();
        let mut cameras = world.query::<&mut OrbitCamera>();
        for mut camera in cameras.iter_mut(world) {
            *camera = OrbitCamera {
                focus: Vec3::ZERO,
                yaw,
                pitch: 0.62,
                distance: 19.0,
            };
        }
        let drawn = self.drawn.clone();
        world.spawn(Screenshot::image(self.canvas.clone())).observe(
            move |captured: On<ScreenshotCaptured>| {
                if let Ok(mut slot) = drawn.lock() {
                    *slot = Some(captured.image.clone());
                }
            },
        );
        self.app.update();
    }
}

/// The picture behind the menu, stretched over the window, under every panel.
fn spawn_picture(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let image = images.add(Image::new_fill(
        Extent3d {
            width: SIZE.x,
            height: SIZE.y,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &crate::view::theme::BACKGROUND.to_srgba().to_u8_array(),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    ));
    commands.insert_resource(Picture(image.clone()));
    // Over the whole window, its proportions kept: cut at the sides of a window narrower
    // than the picture, at the top and bottom of a taller one.
    commands
        .spawn((
            DespawnOnExit(Screen::Menu),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                overflow: Overflow::clip(),
                ..default()
            },
            GlobalZIndex(-1),
            Pickable::IGNORE,
            Frame,
        ))
        .with_children(|frame| {
            frame.spawn((
                ImageNode::new(image),
                Node {
                    width: Val::Percent(100.0),
                    aspect_ratio: Some(SIZE.x as f32 / SIZE.y as f32),
                    flex_shrink: 0.0,
                    ..default()
                },
                Pickable::IGNORE,
            ));
        });
}

/// The node the picture fills, the window's size.
#[derive(Component, Debug)]
struct Frame;

/// The picture covers the window: as wide as a window wider than the picture's
/// proportions, as tall as a taller one, the rest cut off.
fn fit(frames: Query<(&ComputedNode, &Children), With<Frame>>, mut nodes: Query<&mut Node>) {
    for (frame, children) in &frames {
        let size = frame.size();
        if size.y <= 0.0 {
            continue;
        }
        let wide = size.x / size.y >= SIZE.x as f32 / SIZE.y as f32;
        let (width, height) = if wide {
            (Val::Percent(100.0), Val::Auto)
        } else {
            (Val::Auto, Val::Percent(100.0))
        };
        for child in children {
            if let Ok(mut node) = nodes.get_mut(*child)
                && (node.width != width || node.height != height)
            {
                node.width = width;
                node.height = height;
            }
        }
    }
}

/// Leaving the start screen frees the backdrop's table.
fn put_away(mut backdrop: NonSendMut<Backdrop>) {
    backdrop.0 = None;
}

/// Draws the backdrop's next frame (a new table when another game is chosen, the opening
/// again when its options change) and shows the last picture read back.
fn draw(
    menu: Res<Menu>,
    time: Res<Time<Real>>,
    picture: Option<Res<Picture>>,
    mut images: ResMut<Assets<Image>>,
    mut backdrop: NonSendMut<Backdrop>,
    mut failed: Local<Option<GameOptions>>,
) {
    let Some(picture) = picture else { return };
    let options = menu.options();
    if failed.as_ref() == Some(&options) {
        return;
    }
    let outcome = match backdrop.0.as_mut() {
        Some(table) if table.kind == options.kind() && table.options == options => Ok(()),
        Some(table) if table.kind == options.kind() => table.reset(options.clone()),
        _ => Table::new(options.clone()).map(|table| backdrop.0 = Some(table)),
    };
    if let Err(e) = outcome {
        // Options the rules refuse: the menu says why; the backdrop stays as it was.
        debug!("the start screen's backdrop: {e}");
        *failed = Some(options);
        return;
    }
    *failed = None;
    let Some(table) = backdrop.0.as_mut() else {
        return;
    };
    table.draw(time.elapsed_secs() * TURN_SPEED);
    let latest = table.drawn.lock().ok().and_then(|mut slot| slot.take());
    if let Some(shot) = latest
        && let Ok(pixels) = shot.try_into_dynamic()
        && let Some(mut image) = images.get_mut(&picture.0)
    {
        let pixels = pixels.to_rgba8();
        if pixels.width() == SIZE.x && pixels.height() == SIZE.y {
            image.data = Some(pixels.into_raw());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fences::pieces::Pawn;

    /// The pawns on the backdrop's table.
    fn pawns(table: &mut Table) -> usize {
        let world = table.app.world_mut();
        world.query::<&Pawn>().iter(world).count()
    }

    /// The backdrop follows the options chosen: the fence race set for four players shows
    /// four pawns, and the picture it draws comes back. It needs an adapter (a GPU or
    /// Mesa's software Vulkan), as the screenshot tests do.
    #[test]
    fn the_backdrop_follows_the_options_chosen() {
        if std::env::var_os("TABULA_SKIP_SCREENSHOT").is_some() {
            return;
        }
        let mut options = GameOptions::default_for(GameKind::Fences);
        let mut table = Table::new(options.clone()).expect("the fence race's opening");
        for frame in 0..5 {
            table.draw(frame as f32 * 0.1);
        }
        assert_eq!(pawns(&mut table), 2);
        options.set("players", "4").expect("four players");
        table.reset(options).expect("the opening for four");
        for frame in 0..5 {
            table.draw(frame as f32 * 0.1);
        }
        assert_eq!(pawns(&mut table), 4);
        let drawn = table
            .drawn
            .lock()
            .unwrap()
            .take()
            .expect("a picture read back");
        assert_eq!(
            (drawn.width(), drawn.height()),
            (SIZE.x, SIZE.y),
            "the backdrop's size"
        );
    }
}
