//! Real pictures of the table: `tabula shot` drawn offscreen with no display (and once in a
//! window under Xvfb), on whatever adapter there is (Mesa's software Vulkan without a GPU),
//! and the frame-rate benchmark drawn offscreen.

use std::collections::BTreeSet;
use std::process::Command;

/// Renders `tabula shot` with `extra` arguments at 480x270 offscreen, with no display, and
/// returns the picture.
fn shoot(extra: &[&str]) -> image::RgbImage {
    shoot_at("480x270", extra)
}

/// Renders `tabula shot` with `extra` arguments at `size` offscreen, with no display, and
/// returns the picture.
fn shoot_at(size: &str, extra: &[&str]) -> image::RgbImage {
    let out = shot_path(extra);
    let mut args = vec!["shot", "--size", size, "--frames", "2", "--out"];
    args.push(out.to_str().unwrap());
    args.extend_from_slice(extra);
    let run = super::tabula()
        .args(&args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    picture(&out, &run)
}

/// Renders `tabula shot --window` at 480x270 in a window under Xvfb (or on the display in
/// use) and returns the picture.
fn shoot_in_window() -> image::RgbImage {
    let out = shot_path(&["window"]);
    let bin = env!("CARGO_BIN_EXE_tabula");
    let args = [
        "shot",
        "--window",
        "--size",
        "480x270",
        "--frames",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    let run = if std::env::var_os("DISPLAY").is_some() {
        Command::new(bin).args(args).output()
    } else {
        Command::new("xvfb-run")
            .args(["-a", "-s", "-screen 0 1280x720x24", bin])
            .args(args)
            .output()
    }
    .expect("xvfb-run is needed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    picture(&out, &run)
}

/// Where a picture of `extra`'s shot is written.
fn shot_path(extra: &[&str]) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "tabula-shot-{}-{}.png",
        std::process::id(),
        extra.join("_").replace(['/', '.'], "")
    ))
}

/// The picture `run` wrote at `out`, once read (and removed).
fn picture(out: &std::path::Path, run: &std::process::Output) -> image::RgbImage {
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let img = image::open(out).expect("a PNG").to_rgb8();
    std::fs::remove_file(out).ok();
    img
}

/// Which pixels show something drawn: those that differ from the background, the colour
/// at the top of the picture's middle column (where, from a player's seat, only the room
/// lies beyond the table).
fn drawn(img: &image::RgbImage) -> Vec<bool> {
    let ground = img.get_pixel(img.width() / 2, 1).0;
    img.pixels()
        .map(|p| p.0.iter().zip(ground).any(|(a, b)| a.abs_diff(b) > 6))
        .collect()
}

/// The full look (physically based shading, shadows, multisampling) draws every solid the
/// light look draws: wherever the light look shows a surface, so does the full look, in
/// each game's opening (with the full look on a renderer that cannot build its draws,
/// opaque surfaces vanish and the room shows through).
#[test]
fn the_full_look_draws_every_solid_the_light_look_draws() {
    if skip_screenshots() {
        return;
    }
    for game in ["war", "camelot", "transport", "fences", "screwball"] {
        let light = drawn(&shoot_at("320x180", &["--game", game, "--look", "light"]));
        let full = drawn(&shoot_at("320x180", &["--game", game, "--look", "full"]));
        let solid = light.iter().filter(|d| **d).count();
        let both = light.iter().zip(&full).filter(|(l, f)| **l && **f).count();
        assert!(
            solid > light.len() / 3,
            "{game}: the light look drew little ({solid} of {} pixels)",
            light.len()
        );
        assert!(
            both * 100 >= solid * 98,
            "{game}: the full look leaves {} of the light look's {solid} drawn pixels empty",
            solid - both
        );
    }
}

/// The start screen shows the chosen game's board in 3D behind the menu: the Game of War's
/// red and blue armies show between the middle column's fields, where no button is red or
/// blue.
#[test]
fn the_start_screen_shows_the_chosen_games_board_behind_the_menu() {
    if skip_screenshots() {
        return;
    }
    let menu = shoot_at("1280x720", &["--menu", "--game", "war", "--look", "light"]);
    let (mut red, mut blue) = (0, 0);
    for (x, y, p) in menu.enumerate_pixels() {
        if !(380..860).contains(&x) || !(120..560).contains(&y) {
            continue;
        }
        let [r, g, b] = p.0.map(i32::from);
        // Seen through the panels, dark: the panels' own colour is a brownish grey.
        red += usize::from(r >= 42 && r * 10 > g * 16 && r * 10 > b * 16);
        blue += usize::from(b >= 40 && b > r + 12 && b > g + 12);
    }
    assert!(red > 2000, "no red army behind the menu ({red} px)");
    assert!(blue > 500, "no blue army behind the menu ({blue} px)");
}

/// With no adapter at all (the Vulkan loader pointed at no driver), a shot says so plainly
/// instead of panicking.
#[test]
fn a_shot_without_an_adapter_says_so() {
    let out = super::tabula()
        .args(["shot", "--size", "64x36", "--out"])
        .arg(shot_path(&["no_adapter"]))
        .env_remove("DISPLAY")
        .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
        .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no graphics adapter"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

fn skip_screenshots() -> bool {
    let skip = std::env::var_os("TABULA_SKIP_SCREENSHOT").is_some();
    if skip {
        eprintln!("screenshot test skipped by TABULA_SKIP_SCREENSHOT");
    }
    skip
}

/// Pixels whose colour matches `test`, and distinct colours (in steps of 16).
fn census(img: &image::RgbImage, test: impl Fn(i32, i32, i32) -> bool) -> (usize, usize) {
    let mut colours = BTreeSet::new();
    let mut hits = 0;
    for p in img.pixels() {
        let [r, g, b] = p.0.map(i32::from);
        colours.insert((r / 16, g / 16, b / 16));
        hits += usize::from(test(r, g, b));
    }
    (hits, colours.len())
}

/// Mean absolute difference of two pictures, per channel (0-255).
fn difference(a: &image::RgbImage, b: &image::RgbImage) -> f64 {
    let total: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    total as f64 / a.as_raw().len() as f64
}

/// Renders a real frame in a window under Xvfb with software Vulkan and checks it shows a
/// board with both armies. Set TABULA_SKIP_SCREENSHOT=1 on a machine without Xvfb or Vulkan.
#[test]
fn screenshot_in_a_window_shows_the_board_and_both_armies() {
    if skip_screenshots() {
        return;
    }
    check_picture(&shoot_in_window());
}

/// The benchmark draws offscreen with no display: it names the adapter and times frames.
#[test]
fn the_frame_rate_benchmark_runs_offscreen() {
    if skip_screenshots() {
        return;
    }
    let out = super::tabula()
        .args(["play", "camelot", "--frames", "2", "--offscreen"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("adapter: "), "{stdout}");
    assert!(stdout.contains("2 frames, mean frame time"), "{stdout}");
}

/// One picture of each of the five games on the table: none is blank, each shows its own pieces, and no
/// two are alike.
#[test]
fn every_game_on_the_table_is_photographed_distinctly() {
    if skip_screenshots() {
        return;
    }
    let n = 480 * 270;
    let camelot = shoot(&["--game", "camelot"]);
    let (ivory, colours) = census(&camelot, |r, g, b| {
        r > 200 && g > 195 && b > 175 && r - b < 40
    });
    assert!(colours > 50, "Camelot: blank picture? ({colours} colours)");
    let (ebony, _) = census(&camelot, |r, g, b| r < 40 && g < 40 && b < 45);
    assert!(
        ivory > n / 400,
        "Camelot: White's pieces not visible ({ivory} px)"
    );
    assert!(
        ebony > n / 400,
        "Camelot: Black's pieces not visible ({ebony} px)"
    );

    let fences = shoot(&["--game", "fences"]);
    let (_, colours) = census(&fences, |_, _, _| false);
    assert!(
        colours > 50,
        "fence race: blank picture? ({colours} colours)"
    );
    let (red, _) = census(&fences, |r, g, b| r > 120 && r > g * 2 && r > b * 2);
    assert!(
        red > n / 1000,
        "fence race: Red's fences not visible ({red} px)"
    );

    let screwball = shoot(&["--game", "screwball"]);
    let (_, colours) = census(&screwball, |_, _, _| false);
    assert!(
        colours > 50,
        "Screwball: blank picture? ({colours} colours)"
    );
    let (balls, _) = census(&screwball, |r, g, b| r > 110 && r > g * 3 && r > b * 3);
    assert!(
        balls > n / 1000,
        "Screwball: the balls are not visible ({balls} px)"
    );

    let transport = shoot(&["--game", "transport"]);
    let (_, colours) = census(&transport, |_, _, _| false);
    assert!(
        colours > 50,
        "Transport: blank picture? ({colours} colours)"
    );
    let (sea, _) = census(&transport, |r, g, b| b > 50 && b > r + 20 && b >= g);
    assert!(sea > n / 20, "Transport: the sea is not visible ({sea} px)");

    let war = shoot(&[]);
    assert_eq!((war.width(), war.height()), (480, 270));
    check_picture(&war);
    for (name, a, b) in [
        ("War and Camelot", &war, &camelot),
        ("War and the fence race", &war, &fences),
        ("Camelot and the fence race", &camelot, &fences),
        ("War and Screwball", &war, &screwball),
        ("Camelot and Screwball", &camelot, &screwball),
        ("the fence race and Screwball", &fences, &screwball),
        ("War and Transport", &war, &transport),
        ("Camelot and Transport", &camelot, &transport),
        ("the fence race and Transport", &fences, &transport),
        ("Screwball and Transport", &screwball, &transport),
    ] {
        let d = difference(a, b);
        assert!(d > 8.0, "{name} look alike (mean difference {d:.1})");
    }
}

fn check_picture(img: &image::RgbImage) {
    let mut colours = BTreeSet::new();
    let (mut red, mut blue, mut light) = (0, 0, 0);
    for p in img.pixels() {
        let [r, g, b] = p.0.map(i32::from);
        colours.insert((r / 16, g / 16, b / 16));
        if r > 120 && r > g * 2 && r > b * 2 {
            red += 1;
        }
        if b > 120 && b > r * 2 && b > g + 30 {
            blue += 1;
        }
        if r > 170 && g > 160 && b > 130 {
            light += 1;
        }
    }
    let n = (img.width() * img.height()) as usize;
    assert!(
        colours.len() > 50,
        "too few colours ({}): blank picture?",
        colours.len()
    );
    assert!(red > n / 500, "red army not visible ({red} px)");
    assert!(blue > n / 500, "blue army not visible ({blue} px)");
    assert!(light > n / 20, "light squares not visible ({light} px)");
}

/// `shot -- SCREEN` pictures a screen as the command line opens it: a puzzle at its number,
/// with keys pressed and the analysis asked for; a screen that cannot be opened is refused
/// with the reason, before anything is drawn.
#[test]
fn a_shot_pictures_a_screen_the_command_line_opens() {
    if skip_screenshots() {
        return;
    }
    let puzzle = shoot_at("640x360", &["--look", "light", "--", "puzzle", "war"]);
    let (bright, _) = census(&puzzle, |r, g, b| r > 200 && g > 200 && b > 200);
    assert!(bright > 0, "nothing bright in the puzzle's picture");
    let analysed = shoot_at(
        "320x180",
        &[
            "--look",
            "light",
            "--press",
            "Left,a",
            "--analysis",
            "--",
            "play",
            "--scene",
            "scenes/war/problem_1.ron",
        ],
    );
    assert_eq!(analysed.dimensions(), (320, 180));
    let refused = super::tabula()
        .args(["shot", "--out"])
        .arg(shot_path(&["refused"]))
        .args(["--", "puzzle", "war", "--number", "100000"])
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{stderr}");
    assert!(stderr.contains("--number 100000"), "{stderr}");
}
