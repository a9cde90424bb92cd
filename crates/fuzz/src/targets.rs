//! The fuzz targets. Each feeds one text input to entry points of `tabula-rules` and
//! returns a signature of what happened (the harness keeps inputs that show a new one); a
//! panic is a finding, whether the rules crate panics or one of the invariants checked here
//! breaks (their messages start with `invariant:`).
//!
//! Input forms, per kind of target:
//! * `scene`: a scene file, parsed, its line lookups asked, then verified.
//! * `<game>-setup`: optional `options: RON` lines and the game's setup text; a setup that is
//!   read is printed and read back (it must give the same text), then played at random.
//! * `<game>-options`: the game's options in RON; the game is built and played at random.
//! * `<game>-moves`: a script, one command a line: `options: RON` and `setup: LINE` before
//!   the first move; `random: SEED PLIES` plays random moves; `undo: N` takes moves back;
//!   `try: TEXT` reads a move and plays it on a copy; any other line is a move read with
//!   `parse_move` and played. A move that is read must print back to itself and must play.
//! * `squares`: a square name, given to every game's square reader.
//! * `engine`: a script of engine protocol commands (`tabula-ai`), searches kept short.
//!
//! Random moves are checked as they are played: each must be accepted by `play`, and at
//! random its text must read back to it and undo must restore the position.

use crate::corpus::Corpus;
use crate::mutate;
use rand::{Rng, SeedableRng, rngs::StdRng};
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::path::Path;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::game::Chance;
use tabula_rules::scene::{GameKind, SceneFile};
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};
use tabula_rules::{Game, Outcome};

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

/// Every target. Adding one is one entry here.
pub const TARGETS: &[Target] = &[
    Target {
        name: "scene",
        about: "SceneFile::parse, the line lookups, then verify",
        run: scene,
        seeds: |c| c.scenes.clone(),
        generate: None,
    },
    Target {
        name: "war-setup",
        about: "War::from_setup_text, printed and read back, then random play",
        run: setup::<War>,
        seeds: |c| c.game(GameKind::War).setups.clone(),
        generate: None,
    },
    Target {
        name: "camelot-setup",
        about: "Camelot::from_setup_text, printed and read back, then random play",
        run: setup::<Camelot>,
        seeds: |c| c.game(GameKind::Camelot).setups.clone(),
        generate: None,
    },
    Target {
        name: "transport-setup",
        about: "Transport::from_setup_text, printed and read back, then random play",
        run: setup::<Transport>,
        seeds: |c| c.game(GameKind::Transport).setups.clone(),
        generate: Some(mutate::transport_setup),
    },
    Target {
        name: "screwball-setup",
        about: "Screwball::from_setup_text, printed and read back, then random play",
        run: setup::<Screwball>,
        seeds: |c| c.game(GameKind::Screwball).setups.clone(),
        generate: None,
    },
    Target {
        name: "fences-setup",
        about: "Fences::from_setup_text, printed and read back, then random play",
        run: setup::<Fences>,
        seeds: |c| c.game(GameKind::Fences).setups.clone(),
        generate: None,
    },
    Target {
        name: "war-options",
        about: "WarOptions in RON, War::new, then random play",
        run: options::<War>,
        seeds: |c| c.game(GameKind::War).options.clone(),
        generate: Some(|rng| mutate::options_ron(GameKind::War, rng)),
    },
    Target {
        name: "camelot-options",
        about: "CamelotOptions in RON, Camelot::new, then random play",
        run: options::<Camelot>,
        seeds: |c| c.game(GameKind::Camelot).options.clone(),
        generate: Some(|rng| mutate::options_ron(GameKind::Camelot, rng)),
    },
    Target {
        name: "transport-options",
        about: "TransportOptions in RON, Transport::new, then random play",
        run: options::<Transport>,
        seeds: |c| c.game(GameKind::Transport).options.clone(),
        generate: Some(|rng| mutate::options_ron(GameKind::Transport, rng)),
    },
    Target {
        name: "screwball-options",
        about: "ScrewballOptions in RON, Screwball::new, then random play",
        run: options::<Screwball>,
        seeds: |c| c.game(GameKind::Screwball).options.clone(),
        generate: Some(|rng| mutate::options_ron(GameKind::Screwball, rng)),
    },
    Target {
        name: "fences-options",
        about: "FencesOptions in RON, Fences::new, then random play with throw and draw",
        run: options::<Fences>,
        seeds: |c| c.game(GameKind::Fences).options.clone(),
        generate: Some(|rng| mutate::options_ron(GameKind::Fences, rng)),
    },
    Target {
        name: "war-moves",
        about: "War's parse_move on positions reached by play, then play",
        run: script::<War>,
        seeds: |c| c.game(GameKind::War).scripts.clone(),
        generate: None,
    },
    Target {
        name: "camelot-moves",
        about: "Camelot's parse_move on positions reached by play, then play",
        run: script::<Camelot>,
        seeds: |c| c.game(GameKind::Camelot).scripts.clone(),
        generate: None,
    },
    Target {
        name: "transport-moves",
        about: "Transport's parse_move on positions reached by play, then play",
        run: script::<Transport>,
        seeds: |c| c.game(GameKind::Transport).scripts.clone(),
        generate: None,
    },
    Target {
        name: "screwball-moves",
        about: "Screwball's parse_move on positions reached by play, then play",
        run: script::<Screwball>,
        seeds: |c| c.game(GameKind::Screwball).scripts.clone(),
        generate: None,
    },
    Target {
        name: "fences-moves",
        about: "The fence race's parse_move on positions reached by play, then play",
        run: script::<Fences>,
        seeds: |c| c.game(GameKind::Fences).scripts.clone(),
        generate: None,
    },
    Target {
        name: "squares",
        about: "scene::square_known and every game's square reader",
        run: squares,
        seeds: |c| {
            GameKind::ALL
                .iter()
                .flat_map(|k| c.game(*k).squares.iter().cloned())
                .collect()
        },
        generate: None,
    },
    Target {
        name: "engine",
        about: "the engine protocol (tabula-ai): a script of commands, searches kept short",
        run: engine,
        seeds: |_| ENGINE_SEEDS.iter().map(|s| s.to_string()).collect(),
        generate: None,
    },
];

/// Scripts for the engine target: each game set up, positions, moves, searches, errors.
const ENGINE_SEEDS: &[&str] = &[
    "isready\ngame camelot\nposition startpos moves F7-F8; F10-F9\ngo iterations 30 seed 1\nlegal\nplay F8-F9\nquit",
    "game war\nposition startpos moves GM to M2\ngo nodes 50 algorithm ab\nlegal\nstop\nquit",
    "game fences (players: 4)\nposition startpos moves fence e2|e3 to a2|a3\nlegal\nplay throw 4\ngo iterations 20 seed 2",
    "game fences (chance_cards: true)\nplay throw 3\nlegal\ngo iterations 10\nplay card jump 3",
    "game transport (mode: Teams)\nlegal\ngo iterations 10 algorithm mcts\nposition startpos moves launch plane c1 NE",
    "game screwball\nlegal\ngo iterations 30 algorithm ab\nposition setup Screws: ; Balls: \nfrobnicate",
    "game camelot (rules: Parker1930)\nposition startpos\ngo iterations 20\nisready\nquit",
];

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

/// A game as the targets drive it: how it is built from options or a setup, how its setup
/// prints, what identifies its position, and how its chance inputs are supplied.
pub trait Subject: Game + Sized {
    /// What play then undo must restore.
    type Key: PartialEq + Debug;
    /// Which game.
    const KIND: GameKind;
    /// The standard start under these options.
    fn standard(options: Self::Options) -> Result<Self, String>;
    /// A start from setup text.
    fn from_text(text: &str, options: Self::Options) -> Result<Self, String>;
    /// The current position in setup text form, for games that print one.
    fn position_text(&self) -> Option<String>;
    /// A setup text read under this game's own options.
    fn reparse(&self, text: &str) -> Result<Self, String>;
    /// The position, to compare before and after play then undo.
    fn key(&self) -> Self::Key;
    /// Supplies the pending chance input; false when none could be.
    fn chance(&mut self, rng: &mut StdRng) -> bool {
        let value = match self.pending_chance() {
            Some(Chance::Die { faces }) => rng.random_range(1..=u32::from(faces.max(1))),
            Some(Chance::Card { cards }) => rng.random_range(0..cards.max(1)),
            None => return false,
        };
        self.resolve_chance(value).is_ok()
    }
}

impl Subject for War {
    type Key = tabula_rules::war::Position;
    const KIND: GameKind = GameKind::War;
    fn standard(options: WarOptions) -> Result<War, String> {
        War::new(options).map_err(|e| e.to_string())
    }
    fn from_text(text: &str, options: WarOptions) -> Result<War, String> {
        War::from_setup_text(text, options).map_err(|e| e.to_string())
    }
    fn position_text(&self) -> Option<String> {
        Some(self.position().to_string())
    }
    fn reparse(&self, text: &str) -> Result<War, String> {
        War::from_setup_text(text, self.options().clone()).map_err(|e| e.to_string())
    }
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
}

impl Subject for Camelot {
    type Key = tabula_rules::camelot::Position;
    const KIND: GameKind = GameKind::Camelot;
    fn standard(options: CamelotOptions) -> Result<Camelot, String> {
        Camelot::new(options).map_err(|e| e.to_string())
    }
    fn from_text(text: &str, options: CamelotOptions) -> Result<Camelot, String> {
        Camelot::from_setup_text(text, options).map_err(|e| e.to_string())
    }
    fn position_text(&self) -> Option<String> {
        Some(self.position().to_string())
    }
    fn reparse(&self, text: &str) -> Result<Camelot, String> {
        Camelot::from_setup_text(text, self.options().clone()).map_err(|e| e.to_string())
    }
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
}

impl Subject for Screwball {
    type Key = tabula_rules::screwball::Position;
    const KIND: GameKind = GameKind::Screwball;
    fn standard(options: ScrewballOptions) -> Result<Screwball, String> {
        Screwball::new(options).map_err(|e| e.to_string())
    }
    fn from_text(text: &str, options: ScrewballOptions) -> Result<Screwball, String> {
        Screwball::from_setup_text(text, options).map_err(|e| e.to_string())
    }
    fn position_text(&self) -> Option<String> {
        Some(self.position().to_string())
    }
    fn reparse(&self, text: &str) -> Result<Screwball, String> {
        Screwball::from_setup_text(text, self.options().clone()).map_err(|e| e.to_string())
    }
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
}

impl Subject for Transport {
    type Key = tabula_rules::transport::Position;
    const KIND: GameKind = GameKind::Transport;
    fn standard(options: TransportOptions) -> Result<Transport, String> {
        Transport::new(options).map_err(|e| e.to_string())
    }
    fn from_text(text: &str, options: TransportOptions) -> Result<Transport, String> {
        Transport::from_setup_text(text, options).map_err(|e| e.to_string())
    }
    fn position_text(&self) -> Option<String> {
        Some(self.position().to_string())
    }
    fn reparse(&self, text: &str) -> Result<Transport, String> {
        Transport::from_setup_text(text, self.options().clone()).map_err(|e| e.to_string())
    }
    fn key(&self) -> Self::Key {
        self.position().clone()
    }
}

impl Subject for Fences {
    /// The race has no public position: its whole state, history and die included, as
    /// Debug text.
    type Key = String;
    const KIND: GameKind = GameKind::Fences;
    fn standard(options: FencesOptions) -> Result<Fences, String> {
        Fences::new(options).map_err(|e| e.to_string())
    }
    fn from_text(text: &str, options: FencesOptions) -> Result<Fences, String> {
        Fences::from_setup_text(text, options).map_err(|e| e.to_string())
    }
    fn position_text(&self) -> Option<String> {
        Some(Fences::setup_text(self))
    }
    fn reparse(&self, text: &str) -> Result<Fences, String> {
        Fences::from_setup_text(text, self.options().clone()).map_err(|e| e.to_string())
    }
    fn key(&self) -> String {
        format!("{self:?}")
    }
    /// The race's own die and card stack, through its public `throw` and `draw`.
    fn chance(&mut self, _rng: &mut StdRng) -> bool {
        match self.pending_chance() {
            Some(Chance::Die { .. }) => self.throw().is_ok(),
            Some(Chance::Card { .. }) => self.draw().is_ok(),
            None => false,
        }
    }
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

/// Reads options as a scene does: `()` or nothing for the defaults, bare optional values.
pub fn parse_options<T: DeserializeOwned + Default>(text: &str) -> Result<T, String> {
    let text = text.trim();
    if text.is_empty() || text == "()" {
        return Ok(T::default());
    }
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| e.to_string())
}

/// Plays one move that the game itself offered (or read), checking the invariants: its
/// text reads back to it (always when `always`, else at random), `play` accepts it, and at
/// random undo restores the position exactly.
fn checked_play<S: Subject>(game: &mut S, mv: &S::Move, rng: &mut StdRng, always: bool) {
    if always || rng.random_ratio(1, 4) {
        let text = game.move_text(mv);
        match game.parse_move(&text) {
            Ok(back) if &back == mv => {}
            other => panic!(
                "invariant: the text {text:?} of {mv:?} reads back as {other:?}\n{}",
                game.position_text().unwrap_or_default()
            ),
        }
    }
    let before = rng.random_ratio(1, 6).then(|| game.key());
    if let Err(e) = game.play(mv) {
        panic!(
            "invariant: {:?} ({mv:?}) is refused by play: {e}\n{}",
            game.move_text(mv),
            game.position_text().unwrap_or_default()
        );
    }
    if let Some(before) = before {
        let undone = game.undo();
        assert!(
            undone.as_ref() == Some(mv),
            "invariant: undo returned {undone:?}, not {mv:?}"
        );
        assert!(
            game.key() == before,
            "invariant: play then undo of {mv:?} changed the position"
        );
        game.play(mv).expect("replaying a move just undone");
    }
}

/// Plays up to `plies` random moves and chance inputs; returns a signature of the end.
fn play_random<S: Subject>(game: &mut S, rng: &mut StdRng, plies: usize) -> u64 {
    let mut played = 0;
    for _ in 0..plies {
        if game.outcome().is_over() {
            break;
        }
        let legal = game.legal_moves();
        // A chance input is due; some games also offer a move instead (the fence race's
        // chance card): take one or the other.
        if game.pending_chance().is_some() && (legal.is_empty() || rng.random_bool(0.5)) {
            if !game.chance(rng) {
                break;
            }
            continue;
        }
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())].clone();
        checked_play(game, &mv, rng, false);
        played += 1;
    }
    let end = match game.outcome() {
        Outcome::Ongoing => "ongoing",
        Outcome::Win(_) | Outcome::TeamWin(_) => "won",
        Outcome::Draw(_) => "drawn",
    };
    shape(end) ^ (played as u64).min(8)
}

/// The `setup` targets: options lines and setup text.
fn setup<S: Subject>(input: &str) -> u64 {
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
    let options: S::Options = parse_options(&options_text).unwrap_or_default();
    let mut game = match S::from_text(&text, options) {
        Ok(g) => g,
        Err(e) => return shape(&e),
    };
    if let Some(printed) = game.position_text() {
        let again = game
            .reparse(&printed)
            .unwrap_or_else(|e| panic!("invariant: the printed setup is refused: {e}\n{printed}"));
        let reprinted = again.position_text().unwrap_or_default();
        assert!(
            reprinted == printed,
            "invariant: a printed setup reads back as another:\n{printed}\n--- reads back as\n{reprinted}"
        );
    }
    let mut rng = rng_for(input);
    let plies = rng.random_range(0..160);
    play_random(&mut game, &mut rng, plies) ^ 1
}

/// The `options` targets: options in RON, the standard start, random play.
fn options<S: Subject>(input: &str) -> u64 {
    let options: S::Options = match parse_options(input) {
        Ok(o) => o,
        Err(e) => return shape(&e),
    };
    let mut game = match S::standard(options) {
        Ok(g) => g,
        Err(e) => return shape(&e) ^ 2,
    };
    let mut rng = rng_for(input);
    let plies = rng.random_range(0..240);
    play_random(&mut game, &mut rng, plies) ^ 3
}

/// The `moves` targets: a script of options, setup, random play, undo and moves.
fn script<S: Subject>(input: &str) -> u64 {
    let mut options_text = String::new();
    let mut setup = String::new();
    let mut game: Option<S> = None;
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
                let options: S::Options = parse_options(&options_text).unwrap_or_default();
                let built = if setup.trim().is_empty() {
                    S::standard(options)
                } else {
                    S::from_text(&setup, options)
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

/// Checks that a square read from `text` prints as a name that reads back to it.
fn round_trip<T: PartialEq + Debug, N: std::fmt::Display>(
    what: &str,
    text: &str,
    read: impl Fn(&str) -> Option<T>,
    name: impl Fn(&T) -> N,
) -> bool {
    let Some(sq) = read(text) else {
        return false;
    };
    let printed = name(&sq).to_string();
    let back = read(&printed);
    assert!(
        back.as_ref() == Some(&sq),
        "invariant: the {what} {text:?} ({sq:?}) prints as {printed:?}, which reads as {back:?}"
    );
    true
}

/// The `squares` target.
fn squares(input: &str) -> u64 {
    use tabula_rules::scene::square_known;
    use tabula_rules::war::position::note_square as war_square;
    let mut sig = 0u64;
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        sig |= u64::from(square_known(kind, input)) << i;
    }
    let text = input.trim();
    let found = [
        war_square(text).is_some(),
        round_trip(
            "Red War square",
            text,
            |t| tabula_rules::war::position::parse_full_square(tabula_rules::war::Side::Red, t),
            |s| s.name_for(tabula_rules::war::Side::Red),
        ),
        round_trip(
            "Blue War square",
            text,
            |t| tabula_rules::war::position::parse_full_square(tabula_rules::war::Side::Blue, t),
            |s| s.name_for(tabula_rules::war::Side::Blue),
        ),
        round_trip(
            "Camelot square",
            text,
            tabula_rules::camelot::Square::parse,
            |s| *s,
        ),
        round_trip(
            "Screwball space",
            text,
            |t| tabula_rules::screwball::Board::get().parse(t),
            |id| tabula_rules::screwball::Board::get().name(*id),
        ),
        round_trip(
            "Transport square",
            text,
            tabula_rules::transport::Sq::parse,
            |s| *s,
        ),
        round_trip(
            "Transport heading",
            text,
            tabula_rules::transport::Dir::parse,
            |d| *d,
        ),
        round_trip(
            "fence race space",
            text,
            tabula_rules::fences::Space::parse,
            |s| *s,
        ),
        round_trip(
            "fence race slot",
            text,
            tabula_rules::fences::Slot::parse,
            |s| *s,
        ),
        tabula_rules::war::Side::parse(text).is_some(),
        tabula_rules::camelot::Side::parse(text).is_some(),
        tabula_rules::screwball::Player::parse(text).is_some(),
    ];
    for (i, f) in found.into_iter().enumerate() {
        sig |= u64::from(f) << (8 + i);
    }
    sig
}
