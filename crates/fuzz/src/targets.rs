//! The fuzz targets. Each feeds one text input to entry points of `tabula-rules` and
//! returns a signature of what happened (the harness keeps inputs that show a new one); a
//! panic is a finding, whether the rules crate panics or one of the invariants checked here
//! breaks (their messages start with `invariant:`).
//!
//! The targets of each game are made from the list of games (`tabula_rules::each_game!`):
//! one generic function a kind of input, instantiated for every game and named
//! `<game>-<what>` after the game's name ([`tabula_rules::Game::ABOUT`]). Input forms, per
//! kind of target:
//! * `scene`: a scene file, parsed, its line lookups asked, then verified.
//! * `<game>-setup`: optional `options: RON` lines and the game's setup text, read with
//!   `Game::parse_setup` and built with `Game::from_setup`; a setup that is read is printed
//!   and read back (it must give the same text), then played at random.
//! * `<game>-options`: the game's options in RON, read as a scene reads them and as the list
//!   reads them (`GameOptions::from_ron`); the game is built with `Game::from_options` and
//!   played at random.
//! * `<game>-moves`: a script, one command a line: `options: RON` and `setup: LINE` before
//!   the first move; `random: SEED PLIES` plays random moves; `undo: N` takes moves back;
//!   `try: TEXT` reads a move and plays it on a copy; any other line is a move read with
//!   `parse_move` and played. A move that is read must print back to itself and must play.
//! * `squares`: a square name, given to every game's `scene::square_known` and
//!   `Game::is_square_name`; a name a game knows is put in place of a square of its legal
//!   moves' texts, and a move so read must print back to itself and play.
//! * `engine`: a script of engine protocol commands (`tabula-ai`), searches kept short.
//!
//! Random moves are checked as they are played: each must be accepted by `play`, and at
//! random its text must read back to it and undo must restore the position.

use crate::corpus::Corpus;
use crate::play::{self, checked_play, play_random};
use crate::{options, setups};
use rand::{Rng, SeedableRng, rngs::StdRng};
use std::path::Path;
use std::sync::LazyLock;
use tabula_rules::options::RulesOptions;
use tabula_rules::registry::{GameKind, GameOptions};
use tabula_rules::scene::{SceneFile, square_known};
use tabula_rules::{Game, with_kind};

/// A fuzz target: a name, what it feeds, and where its inputs come from.
#[derive(Clone, Copy)]
pub struct Target {
    /// Its name, used in case file names and on the command line.
    pub name: &'static str,
    /// What it exercises, in a few words.
    pub about: &'static str,
    /// Runs one input; returns a signature of the path it took, and panics on a finding.
    pub run: fn(&str) -> u64,
    /// Its seed inputs.
    pub seeds: fn(&Corpus) -> Vec<String>,
    /// Makes a fresh input from scratch, for targets with a structured form.
    pub generate: Option<fn(&mut StdRng) -> String>,
}

impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Every target: `scene`, each game's `setup`, `options` and `moves` targets (all the
/// setups, then the options, then the moves, each in the list's order), `squares` and
/// `engine`.
pub static TARGETS: LazyLock<Vec<Target>> = LazyLock::new(|| {
    let mut targets = vec![Target {
        name: "scene",
        about: "SceneFile::parse, the line lookups, then verify",
        run: scene,
        seeds: |c| c.scenes.clone(),
        generate: None,
    }];
    let mut of_games: [Vec<Target>; 3] = Default::default();
    tabula_rules::each_game!(G => {
        let [setup, options, moves] = game_targets::<G>();
        of_games[0].push(setup);
        of_games[1].push(options);
        of_games[2].push(moves);
    });
    targets.extend(of_games.into_iter().flatten());
    targets.push(Target {
        name: "squares",
        about: "scene::square_known and every game's is_square_name, then in its moves",
        run: squares,
        seeds: |c| {
            GameKind::ALL
                .iter()
                .flat_map(|k| c.game(k.name()).squares.iter().cloned())
                .collect()
        },
        generate: None,
    });
    targets.push(Target {
        name: "engine",
        about: "the engine protocol (tabula-ai): a script of commands, searches kept short",
        run: engine,
        seeds: |c| c.engine.clone(),
        generate: None,
    });
    targets
});

/// A name made once and kept for the run.
fn kept(text: String) -> &'static str {
    text.leak()
}

/// The game `G`'s targets: its setup, options and moves.
fn game_targets<G: Game>() -> [Target; 3] {
    let name = G::ABOUT.name;
    let noun = G::ABOUT.noun;
    [
        Target {
            name: kept(format!("{name}-setup")),
            about: kept(format!(
                "the setup text of {noun}: parse_setup, from_setup, printed and read back, then random play"
            )),
            run: setup::<G>,
            seeds: |c| c.game(G::ABOUT.name).setups.clone(),
            generate: Some(setups::generate::<G>),
        },
        Target {
            name: kept(format!("{name}-options")),
            about: kept(format!(
                "the options of {noun} in RON: from_options, then random play"
            )),
            run: options::<G>,
            seeds: |c| c.game(G::ABOUT.name).options.clone(),
            generate: Some(options::generate::<G>),
        },
        Target {
            name: kept(format!("{name}-moves")),
            about: kept(format!(
                "parse_move of {noun} on positions reached by play, then play"
            )),
            run: script::<G>,
            seeds: |c| c.game(G::ABOUT.name).scripts.clone(),
            generate: None,
        },
    ]
}

/// The engine protocol, run on a script as a program would send it. Searches are kept short
/// (budgets of at most 60 and never a time or a level, whose searches take seconds) and no
/// file is read (`position scene` lines are left out); an answer `error internal` is a
/// finding, like a panic.
fn engine(input: &str) -> u64 {
    let mut script = String::new();
    for line in input.lines().take(40) {
        let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
        match words.first().map(String::as_str) {
            Some("position") if words.get(1).is_some_and(|w| w == "scene") => continue,
            Some("go") => {
                for w in words.iter_mut().skip(1) {
                    match w.as_str() {
                        "time" | "movetime" => *w = "iterations".into(),
                        "level" => *w = "seed".into(),
                        _ if w.parse::<u64>().is_ok_and(|n| n > 60) => *w = "60".into(),
                        _ => {}
                    }
                }
                if !words.iter().any(|w| w == "iterations" || w == "nodes") {
                    words.extend(["iterations".into(), "40".into()]);
                }
            }
            _ => {}
        }
        script.push_str(&words.join(" "));
        script.push('\n');
    }
    let mut out: Vec<u8> = Vec::new();
    let args = tabula_ai::commands::engine::EngineArgs::default();
    tabula_ai::commands::engine::run(&args, std::io::Cursor::new(script), &mut out)
        .expect("writing to memory");
    let answer = String::from_utf8(out).expect("the engine writes UTF-8");
    if let Some(line) = answer.lines().find(|l| l.starts_with("error internal")) {
        panic!("invariant: {line}");
    }
    answer
        .lines()
        .map(|l| {
            shape(
                l.split_whitespace()
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" ")
                    .as_str(),
            )
        })
        .fold(0, |h, x| h.rotate_left(5) ^ x)
}

/// The target of this name.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// A signature of a text: its letters and spaces (numbers and quoted names dropped), so that
/// errors that differ only in a square or a count sign alike.
pub fn shape(text: &str) -> u64 {
    let mut out = String::new();
    let mut quoted = false;
    for word in text.split_whitespace() {
        let quotes = word.matches('"').count();
        let inside = quoted;
        if quotes % 2 == 1 {
            quoted = !quoted;
        }
        if inside || quotes > 0 || word.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        out.extend(word.chars().filter(char::is_ascii_lowercase));
        out.push(' ');
        if out.len() >= 60 {
            break;
        }
    }
    crate::hash(out.as_bytes())
}

/// The input's own random source: the same input makes the same choices.
fn rng_for(input: &str) -> StdRng {
    StdRng::seed_from_u64(crate::hash(input.as_bytes()))
}

/// Reads options as a scene does ([`options::parse`]).
pub fn parse_options<T: serde::de::DeserializeOwned + Default>(text: &str) -> Result<T, String> {
    options::parse(text)
}

/// The `setup` targets: options lines and setup text.
fn setup<G: Game>(input: &str) -> u64 {
    let mut options_text = String::new();
    let mut text = String::new();
    for line in input.lines() {
        match line.trim_start().strip_prefix("options:") {
            Some(o) => options_text = o.to_string(),
            None => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    let options: G::Options = options::parse(&options_text).unwrap_or_default();
    let mut game: G = match play::from_setup_text(&text, options) {
        Ok(g) => g,
        Err(e) => return shape(&e),
    };
    let printed = G::setup_text(game.start());
    let again: G = play::from_setup_text(&printed, game.options().clone())
        .unwrap_or_else(|e| panic!("invariant: the printed setup is refused: {e}\n{printed}"));
    let reprinted = G::setup_text(again.start());
    assert!(
        reprinted == printed,
        "invariant: a printed setup reads back as another:\n{printed}\n--- reads back as\n{reprinted}"
    );
    let mut rng = rng_for(input);
    let plies = rng.random_range(0..160);
    play_random(&mut game, &mut rng, plies) ^ 1
}

/// The `options` targets: options in RON, the standard start, random play. The same text
/// is also read as the list reads it; options the game accepts must pass the options'
/// cross-check, and their command-line words must set the same command-line words again.
fn options<G: Game>(input: &str) -> u64 {
    let kind = GameKind::ALL
        .into_iter()
        .find(|k| k.name() == G::ABOUT.name);
    let listed = kind.map(|k| GameOptions::from_ron(k, input).is_ok());
    let options: G::Options = match options::parse(input) {
        Ok(o) => o,
        Err(e) => return shape(&e) ^ u64::from(listed == Some(true)),
    };
    let mut game = match play::from_options::<G>(options.clone()) {
        Ok(g) => g,
        Err(e) => return shape(&e) ^ 2,
    };
    if let Err(e) = options.cross_check() {
        panic!("invariant: options the game accepts fail the cross-check: {e}\n{input}");
    }
    let args = options.args();
    let mut again = G::Options::default();
    for spec in <G::Options as RulesOptions>::SPECS {
        for text in options.get(spec.name) {
            again
                .set(spec.name, &text)
                .unwrap_or_else(|e| panic!("invariant: --{} {text:?} is refused: {e}", spec.name));
        }
    }
    assert!(
        again.args() == args,
        "invariant: the words {args:?} set again give {:?}",
        again.args()
    );
    let mut rng = rng_for(input);
    let plies = rng.random_range(0..240);
    play_random(&mut game, &mut rng, plies) ^ 3
}

/// The `moves` targets: a script of options, setup, random play, undo and moves.
fn script<G: Game>(input: &str) -> u64 {
    let mut options_text = String::new();
    let mut setup = String::new();
    let mut game: Option<G> = None;
    let mut rng = rng_for(input);
    let mut sig = 0u64;
    for line in input.lines() {
        let command = line.trim();
        if command.is_empty() || command.starts_with('#') {
            continue;
        }
        if let Some(o) = command.strip_prefix("options:") {
            if game.is_none() {
                options_text = o.to_string();
            }
            continue;
        }
        if let Some(s) = command.strip_prefix("setup:") {
            if game.is_none() {
                setup.push_str(s.trim());
                setup.push('\n');
            }
            continue;
        }
        let g = match &mut game {
            Some(g) => g,
            None => {
                let options: G::Options = options::parse(&options_text).unwrap_or_default();
                let built = if setup.trim().is_empty() {
                    play::from_options(options)
                } else {
                    play::from_setup_text(&setup, options)
                };
                match built {
                    Ok(g) => game.insert(g),
                    Err(e) => return shape(&e) ^ 4,
                }
            }
        };
        if let Some(args) = command.strip_prefix("random:") {
            let mut words = args.split_whitespace();
            let seed = words.next().and_then(|w| w.parse().ok()).unwrap_or(0u64);
            let plies = words.next().and_then(|w| w.parse().ok()).unwrap_or(1usize);
            let mut own = StdRng::seed_from_u64(seed);
            sig = sig.rotate_left(5) ^ play_random(g, &mut own, plies.min(400));
            continue;
        }
        if let Some(n) = command.strip_prefix("undo:") {
            let n: usize = n.trim().parse().unwrap_or(1);
            for _ in 0..n.min(1000) {
                if g.undo().is_none() {
                    break;
                }
            }
            continue;
        }
        let (only_try, text) = match line.trim_start().strip_prefix("try:") {
            Some(t) => (true, t),
            None => (false, line),
        };
        match g.parse_move(text) {
            Ok(mv) => {
                if only_try {
                    let mut copy = g.clone();
                    checked_play(&mut copy, &mv, &mut rng, true);
                } else {
                    checked_play(g, &mv, &mut rng, true);
                }
                sig = sig.rotate_left(5) ^ 5;
            }
            Err(e) => sig = sig.rotate_left(5) ^ shape(&e.to_string()),
        }
    }
    sig
}

/// The `scene` target.
fn scene(input: &str) -> u64 {
    let file = match SceneFile::parse(Path::new("fuzz.ron"), input) {
        Ok(f) => f,
        Err(e) => return shape(&e.to_string()),
    };
    let scene = &file.scene;
    for i in 0..=scene.moves.len() {
        file.move_line(i);
    }
    for &at in scene.notes.keys() {
        file.note_line(None, at);
    }
    file.line_moves(None);
    for (v, variation) in scene.variations.iter().enumerate() {
        for i in 0..=variation.moves.len() {
            file.variation_move_line(v, i);
        }
        for &at in variation.notes.keys() {
            file.note_line(Some(v), at);
        }
        file.line_moves(Some(v));
    }
    file.line_moves(Some(scene.variations.len()));
    match file.verify() {
        Ok(outcome) => shape(&outcome) ^ 6,
        Err(e) => shape(&e.to_string()) ^ 7,
    }
}

/// The `squares` target: every game's square reader, and for each game that knows the
/// name, the name in place of a square of its legal moves' texts.
fn squares(input: &str) -> u64 {
    let mut sig = 0u64;
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        let known = square_known(kind, input);
        sig |= u64::from(known) << i;
        if known {
            let moves = with_kind!(kind, G => square_in_moves::<G>(input));
            sig ^= moves.min(3) << (16 + 2 * i);
        }
    }
    sig
}

/// Puts `square` in place of each square of the texts of some of `G`'s legal moves (in the
/// standard start or a position of a random game from it); each text so made that reads as
/// a move must print back to it and play. Returns how many read.
fn square_in_moves<G: Game>(square: &str) -> u64 {
    assert!(
        G::is_square_name(square),
        "invariant: scene::square_known and is_square_name disagree on {square:?}"
    );
    let Ok(mut game) = play::from_options::<G>(G::Options::default()) else {
        return 0;
    };
    let mut rng = rng_for(square);
    let plies = rng.random_range(0..12);
    tabula_rules::playout::random_playout(&mut game, rng.random(), plies);
    let square = square.trim();
    let mut read = 0;
    let legal = game.legal_moves();
    for _ in 0..legal.len().min(12) {
        let text = game.move_text(&legal[rng.random_range(0..legal.len())]);
        for word in setups::squares_in::<G>(&text) {
            let Some(at) = text.find(&word) else { continue };
            let new = format!("{}{square}{}", &text[..at], &text[at + word.len()..]);
            if let Ok(mv) = game.parse_move(&new) {
                let mut copy = game.clone();
                checked_play(&mut copy, &mv, &mut rng, true);
                read += 1;
            }
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_made_for_every_game_under_their_old_names() {
        for kind in GameKind::ALL {
            for what in ["setup", "options", "moves"] {
                let name = format!("{}-{what}", kind.name());
                assert!(target(&name).is_some(), "{name}");
            }
        }
        assert_eq!(TARGETS.len(), 3 + 3 * GameKind::ALL.len());
        assert!(target("war-setup").is_some() && target("fences-moves").is_some());
    }

    /// A square each game prints in its moves, put back in place, reads as a move again.
    #[test]
    fn every_game_reads_its_own_squares_back_in_its_moves() {
        fn check<G: Game>() {
            let game: G = play::from_options(Default::default()).unwrap();
            let squares: Vec<String> = game
                .legal_moves()
                .iter()
                .flat_map(|mv| setups::squares_in::<G>(&game.move_text(mv)))
                .collect();
            assert!(!squares.is_empty(), "{}", G::ABOUT.name);
            let read: u64 = squares
                .iter()
                .take(20)
                .map(|s| square_in_moves::<G>(s))
                .sum();
            assert!(read > 0, "{}: none of {squares:?} read", G::ABOUT.name);
        }
        tabula_rules::each_game!(G => { check::<G>(); });
    }
}
