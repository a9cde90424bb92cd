//! Sound: what every move did ([`crate::table::rules::TableRules::moments`]) heard as wooden
//! knocks, the die's rattle, a splash and a blast, a fanfare. The sounds are small WAV files
//! in `assets/sounds/`, made by `assets/sounds/make_sounds.py` and built into the program.
//! [`Volume`] sets how loud; M turns sound off and on. Without a sound device the table
//! plays silently, and Bevy says so once in the log ([`quiet_device_search`] keeps ALSA's
//! own complaints out of it).

use crate::table::commands::{Feedback, MatchSet, Tell};
use crate::table::game_match::Match;
use crate::table::moments::{Cue, Moment};
use crate::table::rules::{GameSystems, Played, TableRules};
use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
use bevy::prelude::*;

/// How loud the table's sounds are, and whether they are off (M).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Volume {
    /// From 0 (silent) to 1 (the sounds as made).
    pub level: f32,
    /// Sound is off, whatever the level.
    pub muted: bool,
}

impl Default for Volume {
    fn default() -> Self {
        Volume {
            level: 1.0,
            muted: false,
        }
    }
}

impl Volume {
    /// The volume `--volume` sets: 0 to 100 per cent (more is taken as 100).
    pub fn percent(percent: u8) -> Volume {
        Volume {
            level: f32::from(percent.min(100)) / 100.0,
            muted: false,
        }
    }

    /// The gain sounds are played at now: 0 when muted.
    pub fn gain(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            self.level.clamp(0.0, 1.0)
        }
    }
}

/// The sounds, built into the program (so that it plays from any folder) and added once.
#[derive(Resource, Debug, Clone)]
struct Sounds {
    place: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    charge: Handle<AudioSource>,
    die: Handle<AudioSource>,
    fence_lift: Handle<AudioSource>,
    fence_set: Handle<AudioSource>,
    fence_across: Handle<AudioSource>,
    pawn_home: Handle<AudioSource>,
    splash: Handle<AudioSource>,
    blast: Handle<AudioSource>,
    attack: Handle<AudioSource>,
    win: Handle<AudioSource>,
}

impl FromWorld for Sounds {
    fn from_world(world: &mut World) -> Self {
        let mut assets = world.resource_mut::<Assets<AudioSource>>();
        let mut add = |bytes: &'static [u8]| {
            assets.add(AudioSource {
                bytes: std::sync::Arc::from(bytes),
            })
        };
        Sounds {
            place: add(include_bytes!("../../assets/sounds/place.wav")),
            capture: add(include_bytes!("../../assets/sounds/capture.wav")),
            charge: add(include_bytes!("../../assets/sounds/charge.wav")),
            die: add(include_bytes!("../../assets/sounds/die.wav")),
            fence_lift: add(include_bytes!("../../assets/sounds/fence_lift.wav")),
            fence_set: add(include_bytes!("../../assets/sounds/fence_set.wav")),
            fence_across: add(include_bytes!("../../assets/sounds/fence_across.wav")),
            pawn_home: add(include_bytes!("../../assets/sounds/pawn_home.wav")),
            splash: add(include_bytes!("../../assets/sounds/splash.wav")),
            blast: add(include_bytes!("../../assets/sounds/blast.wav")),
            attack: add(include_bytes!("../../assets/sounds/attack.wav")),
            win: add(include_bytes!("../../assets/sounds/win.wav")),
        }
    }
}

impl Sounds {
    /// The sounds of `cue`, each with its delay after the cue's start in seconds.
    fn of(&self, cue: Cue) -> Vec<(f32, Handle<AudioSource>)> {
        let one = |h: &Handle<AudioSource>| vec![(0.0, h.clone())];
        match cue {
            Cue::Place => one(&self.place),
            Cue::Capture => one(&self.capture),
            Cue::Charge => one(&self.charge),
            Cue::DieRoll => one(&self.die),
            Cue::FenceLift => one(&self.fence_lift),
            Cue::FenceSet => one(&self.fence_set),
            Cue::FenceAcross => one(&self.fence_across),
            Cue::PawnHome => one(&self.pawn_home),
            Cue::Sinking => vec![(0.0, self.blast.clone()), (0.15, self.splash.clone())],
            Cue::Attack => one(&self.attack),
            Cue::Win => one(&self.win),
        }
    }
}

/// Seconds after the move is played that its cue is heard: a piece is heard as it lands
/// (one leg of its travel), the die and a lifted fence at once, the win after the rest.
fn lead(cue: Cue) -> f32 {
    match cue {
        Cue::DieRoll | Cue::FenceLift => 0.0,
        Cue::Win => 0.6,
        _ => 0.3,
    }
}

/// Seconds between two cues of one move.
const SPACING: f32 = 0.25;

/// At most this many moves in one frame are heard; more (a game replayed at once) are
/// heard as their last.
const HEARD_AT_ONCE: usize = 3;

/// The furthest ahead a sound is queued, in seconds.
const QUEUED_SECONDS: f32 = 2.0;

/// Sounds waiting to be played: seconds left, and the sound.
#[derive(Resource, Debug, Default)]
struct Queue(Vec<(f32, Handle<AudioSource>)>);

/// A sound playing, despawned after its time even where no sound device plays it.
#[derive(Component, Debug)]
struct Sounding(f32);

/// The longest a sound entity is kept, in seconds (every sound is shorter).
const SOUND_SECONDS: f32 = 3.0;

/// Sound for the window: the sounds loaded, the moments of every installed game's moves
/// played, M toggles sound. The window adds it after the games (the headless tests do not,
/// unless they ask); it needs Bevy's audio assets.
pub fn plugin(app: &mut App) {
    app.init_resource::<Volume>()
        .init_resource::<Sounds>()
        .init_resource::<Queue>()
        .add_systems(
            Update,
            (
                toggle_mute
                    .before(MatchSet)
                    .run_if(in_state(crate::state::AtTable)),
                play_queue,
            ),
        );
    tabula_rules::each_game!(G => {
        if app.world().contains_resource::<Messages<Played<G>>>() {
            app.add_systems(
                Update,
                hear::<G>
                    .after(MatchSet)
                    .before(play_queue)
                    .in_set(GameSystems(G::KIND)),
            );
        }
    });
}

/// The cues of the moves of `G` just played, queued in order: a piece set down before a
/// capture, a charge or an attack is heard in their own knocks.
fn hear<G: TableRules>(
    mut played: MessageReader<Played<G>>,
    the_match: Res<Match<G>>,
    sounds: Res<Sounds>,
    mut queue: ResMut<Queue>,
) {
    let played: Vec<&Played<G>> = played.read().collect();
    let skipped = if played.len() > HEARD_AT_ONCE {
        played.len() - 1
    } else {
        0
    };
    let mut moments: Vec<Moment> = Vec::new();
    for p in played.iter().skip(skipped) {
        debug!("sound for {}", p.text);
        for moment in the_match.game.moments(p) {
            if moment.cue == Cue::Win && moments.iter().any(|m| m.cue == Cue::Win) {
                continue;
            }
            moments.push(moment);
        }
    }
    for cue in cues(&moments) {
        let start = lead(cue).max(queue.0.iter().map(|(t, _)| t + SPACING).fold(0.0, f32::max));
        if start > QUEUED_SECONDS {
            // Moves come faster than they can be heard: these go unheard.
            break;
        }
        for (delay, sound) in sounds.of(cue) {
            queue.0.push((start + delay, sound));
        }
    }
}

/// The cues to play for `moments`, in order: a piece set down just before a capture, a
/// charge or an attack is left out (their sounds have its knock).
fn cues(moments: &[Moment]) -> Vec<Cue> {
    let mut cues: Vec<Cue> = Vec::new();
    for moment in moments {
        if matches!(moment.cue, Cue::Capture | Cue::Charge | Cue::Attack)
            && cues.last() == Some(&Cue::Place)
        {
            cues.pop();
        }
        cues.push(moment.cue);
    }
    cues
}

/// Plays the sounds whose time has come, at the volume now, and lets finished ones go.
fn play_queue(
    mut commands: Commands,
    time: Res<Time>,
    volume: Res<Volume>,
    mut queue: ResMut<Queue>,
    mut sounding: Query<(Entity, &mut Sounding)>,
) {
    let dt = time.delta_secs();
    for (entity, mut left) in &mut sounding {
        left.0 -= dt;
        if left.0 <= 0.0 {
            commands.entity(entity).despawn();
        }
    }
    if queue.0.is_empty() {
        return;
    }
    let gain = volume.gain();
    queue.0.retain_mut(|(left, sound)| {
        *left -= dt;
        if *left > 0.0 {
            return true;
        }
        if gain > 0.0 {
            commands.spawn((
                AudioPlayer::new(sound.clone()),
                PlaybackSettings::DESPAWN.with_volume(bevy::audio::Volume::Linear(gain)),
                Sounding(SOUND_SECONDS),
            ));
        }
        false
    });
}

/// M turns sound off and on, and the players are told.
fn toggle_mute(
    mut tell: MessageWriter<Tell>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut volume: ResMut<Volume>,
) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl || !keys.just_pressed(KeyCode::KeyM) {
        return;
    }
    volume.muted = !volume.muted;
    let said = if volume.muted {
        "Sound off"
    } else {
        "Sound on"
    };
    tell.write(Tell(Feedback::info(said)));
}

/// Keeps what ALSA prints while the sound device is looked for on this thread (a list of
/// configuration errors when there is none) out of the terminal: Bevy's audio plugin says
/// "No audio device found." in one line instead. Call it on the thread that adds Bevy's
/// plugins, before them.
pub(crate) fn quiet_device_search() {
    #[cfg(target_os = "linux")]
    if let Err(e) = alsa::Output::local_error_handler() {
        debug!("ALSA's messages go to the terminal: {e}");
    }
}
