//! Sound: `--volume` on `tabula play` and `tabula demo`, refused out of range, and the gain
//! it gives; a move played is heard, and M turns sound off (told on the HUD) and on.

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use clap::Parser;
use std::collections::BTreeSet;
use std::time::Duration;
use tabula::cli::{Cli, Command};
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::game_match::Match;
use tabula::table::rules::Intent;
use tabula::view::sound::Volume;
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};

fn parse(args: &[&str]) -> Result<Cli, String> {
    Cli::try_parse_from(std::iter::once("tabula").chain(args.iter().copied()))
        .map_err(|e| e.to_string())
}

#[test]
fn volume_is_taken_from_0_to_100_and_refused_beyond() {
    let Ok(Cli {
        command: Some(Command::Play(play)),
        ..
    }) = parse(&["play", "camelot", "--volume", "40"])
    else {
        panic!("play with a volume")
    };
    assert_eq!(play.volume, Some(40));
    let Ok(Cli {
        command: Some(Command::Demo { volume, .. }),
        ..
    }) = parse(&["demo", "scenes/", "--volume", "0"])
    else {
        panic!("demo with a volume")
    };
    assert_eq!(volume, Some(0));
    let Ok(Cli {
        command: Some(Command::Play(play)),
        ..
    }) = parse(&["play", "war"])
    else {
        panic!("play")
    };
    assert_eq!(play.volume, None, "no flag: the default volume");

    for args in [
        &["play", "war", "--volume", "101"][..],
        &["demo", "scenes/", "--volume", "150"][..],
    ] {
        let error = parse(args)
            .err()
            .unwrap_or_else(|| panic!("{args:?} accepted"));
        assert!(
            error.contains("--volume") && error.contains("0..=100"),
            "{args:?}: {error}"
        );
    }
}

#[test]
fn volume_sets_the_gain_and_mute_silences() {
    assert_eq!(Volume::default().gain(), 1.0);
    assert_eq!(Volume::percent(40).gain(), 0.4);
    let muted = Volume {
        muted: true,
        ..Volume::percent(40)
    };
    assert_eq!(muted.gain(), 0.0);
}

/// A Camelot table headless, with sound as the window has it (the sounds' assets, no
/// device), a tenth of a second a frame.
fn table_with_sound() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
        .init_asset::<AudioSource>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    TableGame::Camelot(Camelot::new(CamelotOptions::default()).unwrap()).install(&mut app, false);
    app.add_plugins(tabula::view::sound::plugin);
    app.update();
    app
}

/// The sounds playing (or, with no device, waiting their time out).
fn sounding(app: &mut App) -> BTreeSet<Entity> {
    let world = app.world_mut();
    world
        .query_filtered::<Entity, (With<AudioPlayer<AudioSource>>, With<PlaybackSettings>)>()
        .iter(world)
        .collect()
}

/// Plays the first legal move and runs a second; how many sounds it started.
fn sounds_for_a_move(app: &mut App) -> usize {
    let before = sounding(app);
    let mv = app.world().resource::<Match<Camelot>>().game.legal_moves()[0].clone();
    app.world_mut().write_message(Intent::<Camelot>::Play(mv));
    let mut started = BTreeSet::new();
    for _ in 0..10 {
        app.update();
        started.extend(sounding(app).difference(&before).copied());
    }
    started.len()
}

/// M pressed for one frame (nothing here clears the keys' "just pressed" between frames).
fn press_m(app: &mut App) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyM);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(KeyCode::KeyM);
    keys.clear();
    app.update();
}

#[test]
fn a_move_is_heard_and_m_turns_sound_off_and_on() {
    let mut app = table_with_sound();
    assert_eq!(sounds_for_a_move(&mut app), 1, "the piece set down");

    press_m(&mut app);
    assert!(app.world().resource::<Volume>().muted);
    let feedback = &app.world().resource::<Match<Camelot>>().feedback;
    assert_eq!(feedback.text, "Sound off");
    assert_eq!(sounds_for_a_move(&mut app), 0, "muted");

    press_m(&mut app);
    assert!(!app.world().resource::<Volume>().muted);
    assert_eq!(
        app.world().resource::<Match<Camelot>>().feedback.text,
        "Sound on"
    );
    assert_eq!(sounds_for_a_move(&mut app), 1);

    // With no sound device nothing plays them out: they go after their time all the same.
    for _ in 0..40 {
        app.update();
    }
    assert!(sounding(&mut app).is_empty());
}
