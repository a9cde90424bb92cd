//! The seed corpus: the shipped scenes (`scenes/**/*.ron`), the setups, options and moves of
//! the rules tests' data files (`crates/rules/tests/data/**`), the README's examples, each
//! game's opening and a few positions of random games printed as setups, and hand-made seeds
//! (`crates/fuzz/seeds/<target>/*.txt`, for lines the rest never shows), sorted into inputs
//! for each kind of target.

use serde::Serialize;
use std::path::{Path, PathBuf};
use tabula_rules::camelot::CamelotOptions;
use tabula_rules::fences::FencesOptions;
use tabula_rules::scene::{GameKind, SceneFile, SceneSetup};
use tabula_rules::screwball::ScrewballOptions;
use tabula_rules::transport::TransportOptions;
use tabula_rules::war::WarOptions;

/// Seed inputs for one game's targets.
#[derive(Debug, Clone, Default)]
pub struct GameSeeds {
    /// Setup texts, each after its `options:` line when it has options.
    pub setups: Vec<String>,
    /// Options in RON.
    pub options: Vec<String>,
    /// Move scripts (see [`crate::targets`]).
    pub scripts: Vec<String>,
    /// Square names.
    pub squares: Vec<String>,
}

impl GameSeeds {
    fn dedup(&mut self) {
        for list in [
            &mut self.setups,
            &mut self.options,
            &mut self.scripts,
            &mut self.squares,
        ] {
            list.sort();
            list.dedup();
        }
    }
}

/// Every seed input.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// Scene files' texts.
    pub scenes: Vec<String>,
    games: Vec<(GameKind, GameSeeds)>,
    /// Hand-made seeds, by target name (`crates/fuzz/seeds/<target>/*.txt`).
    extra: Vec<(String, String)>,
}

/// Commands of the rules tests' data files that are checks, not setup lines.
const CHECKS: [&str; 9] = [
    "options",
    "moves",
    "legal",
    "illegal",
    "ambiguous",
    "play",
    "outcome",
    "at",
    "turn",
];

/// Data files that hold no setups (perft counts, the pieces' marks).
const NOT_SETUPS: [&str; 3] = ["perft.txt", "marks.txt", "vulnerability.txt"];

impl Corpus {
    /// Reads the corpus from the workspace at `root`. Missing files leave their part empty;
    /// each game still gets its default options and a random-play script.
    pub fn load(root: &Path) -> Corpus {
        let mut corpus = Corpus {
            extra: Vec::new(),
            scenes: Vec::new(),
            games: GameKind::ALL
                .iter()
                .map(|k| (*k, GameSeeds::default()))
                .collect(),
        };
        corpus.add_defaults();
        for path in files_under(&root.join("scenes"), "ron") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                corpus.add_scene(&path, &text);
            }
        }
        for (dir, kind) in [
            ("war", GameKind::War),
            ("camelot", GameKind::Camelot),
            ("transport", GameKind::Transport),
            ("screwball", GameKind::Screwball),
            ("fences", GameKind::Fences),
        ] {
            let folder = root.join("crates/rules/tests/data").join(dir);
            for path in files_under(&folder, "txt") {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if NOT_SETUPS.contains(&name) {
                    continue;
                }
                if let Ok(text) = std::fs::read_to_string(&path) {
                    corpus.add_data_file(kind, &text);
                }
            }
        }
        if let Ok(text) = std::fs::read_to_string(root.join("README.md")) {
            corpus.add_readme(&text);
        }
        let seeds = root.join("crates/fuzz/seeds");
        for path in files_under(&seeds, "txt") {
            let target = path
                .parent()
                .and_then(|p| p.file_name())
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            if let Ok(text) = std::fs::read_to_string(&path) {
                corpus.extra.push((target, text));
            }
        }
        for (_, seeds) in &mut corpus.games {
            seeds.dedup();
        }
        corpus.scenes.sort();
        corpus.scenes.dedup();
        corpus
    }

    /// One game's seeds.
    pub fn game(&self, kind: GameKind) -> &GameSeeds {
        &self
            .games
            .iter()
            .find(|(k, _)| *k == kind)
            .expect("every game has seeds")
            .1
    }

    /// The hand-made seeds of a target.
    pub fn extra(&self, target: &str) -> Vec<String> {
        self.extra
            .iter()
            .filter(|(t, _)| t == target)
            .map(|(_, text)| text.clone())
            .collect()
    }

    fn game_mut(&mut self, kind: GameKind) -> &mut GameSeeds {
        &mut self
            .games
            .iter_mut()
            .find(|(k, _)| *k == kind)
            .expect("every game has seeds")
            .1
    }

    /// Each game's default options written out in full, `()`, and random play.
    fn add_defaults(&mut self) {
        fn full<T: Serialize>(options: &T) -> String {
            ron::to_string(options).unwrap_or_else(|_| "()".into())
        }
        for kind in GameKind::ALL {
            let text = match kind {
                GameKind::War => full(&WarOptions::default()),
                GameKind::Camelot => full(&CamelotOptions::default()),
                GameKind::Transport => full(&TransportOptions::default()),
                GameKind::Screwball => full(&ScrewballOptions::default()),
                GameKind::Fences => full(&FencesOptions::default()),
            };
            let printed = printed_starts(kind);
            let seeds = self.game_mut(kind);
            seeds.setups.extend(printed);
            seeds.options.push("()".into());
            seeds.options.push(text.clone());
            seeds.scripts.push("random: 1 30\nrandom: 2 30".into());
            seeds.scripts.push(format!(
                "options: {text}\nrandom: 3 60\nundo: 5\nrandom: 4 20"
            ));
        }
    }

    /// A scene: its text, and its options, setup, moves and note squares for its game.
    fn add_scene(&mut self, path: &Path, text: &str) {
        self.scenes.push(text.to_string());
        let Ok(file) = SceneFile::parse(path, text) else {
            return;
        };
        let scene = &file.scene;
        let options = scene.options.get_ron().trim().to_string();
        let seeds = self.game_mut(scene.game);
        let mut head = String::new();
        if options != "()" {
            seeds.options.push(options.clone());
            head.push_str(&format!("options: {options}\n"));
        }
        if let SceneSetup::Position(setup) = &scene.setup {
            seeds.setups.push(format!("{head}{setup}"));
            for line in setup.lines() {
                head.push_str(&format!("setup: {line}\n"));
            }
        }
        seeds
            .scripts
            .push(format!("{head}{}", scene.moves.join("\n")));
        for v in &scene.variations {
            let main = &scene.moves[..v.from.min(scene.moves.len())];
            seeds
                .scripts
                .push(format!("{head}{}\n{}", main.join("\n"), v.moves.join("\n")));
        }
        let notes = scene
            .notes
            .values()
            .chain(scene.variations.iter().flat_map(|v| v.notes.values()));
        for note in notes {
            seeds.squares.extend(note.squares.iter().cloned());
            for (a, b) in &note.arrows {
                seeds.squares.push(a.clone());
                seeds.squares.push(b.clone());
            }
        }
    }

    /// A rules test data file: `== title` blocks of options, setup lines and checks, or a
    /// setup, `---` and moves, or numbered lines of moves split by `|`.
    fn add_data_file(&mut self, kind: GameKind, text: &str) {
        let blocks: Vec<&str> = if text.starts_with("== ") || text.contains("\n== ") {
            text.split("\n== ")
                .skip(1)
                .map(|b| b.split_once('\n').map_or("", |(_, body)| body))
                .collect()
        } else {
            vec![text]
        };
        let seeds = self.game_mut(kind);
        for block in blocks {
            let mut options = None;
            let mut setup = String::new();
            let mut moves: Vec<String> = Vec::new();
            let mut after_rule = false;
            for line in block.lines() {
                let t = line.trim();
                if t.is_empty() || t.starts_with('#') {
                    continue;
                }
                if t == "---" {
                    after_rule = true;
                    continue;
                }
                if after_rule {
                    moves.push(t.to_string());
                    continue;
                }
                if t.contains(" | ") {
                    moves.extend(
                        t.split('|')
                            .skip(1)
                            .map(str::trim)
                            .filter(|m| !m.is_empty())
                            .map(String::from),
                    );
                    continue;
                }
                let check = t
                    .split_once(':')
                    .map(|(c, a)| (c.trim(), a.trim()))
                    .filter(|(c, _)| CHECKS.contains(c));
                match check {
                    Some(("options", a)) => options = Some(a.to_string()),
                    Some(("play", a)) => moves.push(a.to_string()),
                    Some(("legal" | "illegal" | "ambiguous", a)) => moves.push(format!("try: {a}")),
                    Some(("at", a)) => {
                        seeds
                            .squares
                            .extend(a.split_whitespace().next().map(String::from));
                    }
                    Some(_) => {}
                    None => {
                        setup.push_str(t);
                        setup.push('\n');
                    }
                }
            }
            let mut head = String::new();
            if let Some(o) = &options {
                seeds.options.push(o.clone());
                head.push_str(&format!("options: {o}\n"));
            }
            if !setup.is_empty() {
                seeds.setups.push(format!("{head}{setup}"));
                seeds.squares.extend(square_like(&setup));
                for line in setup.lines() {
                    head.push_str(&format!("setup: {line}\n"));
                }
            }
            if !moves.is_empty() {
                seeds.scripts.push(format!("{head}{}", moves.join("\n")));
            }
        }
    }

    /// The README: `text` blocks in a game's section are its setups, `ron` blocks are
    /// scenes, and inline code in a game's section is its moves and squares.
    fn add_readme(&mut self, text: &str) {
        let mut game: Option<GameKind> = None;
        let mut block: Option<(String, String)> = None;
        for line in text.lines() {
            if let Some((lang, body)) = &mut block {
                if line.trim_start().starts_with("```") {
                    let (lang, body) = (lang.clone(), std::mem::take(body));
                    block = None;
                    match (lang.as_str(), game) {
                        ("ron", _) => self.scenes.push(body),
                        ("text", Some(kind)) => self.game_mut(kind).setups.push(body),
                        _ => {}
                    }
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
                continue;
            }
            if let Some(lang) = line.trim_start().strip_prefix("```") {
                block = Some((lang.trim().to_string(), String::new()));
                continue;
            }
            if let Some(title) = line.strip_prefix("## ") {
                game = section_game(title);
                continue;
            }
            let Some(kind) = game else { continue };
            let seeds = self.game_mut(kind);
            for (i, span) in line.split('`').enumerate() {
                if i % 2 == 1 && !span.is_empty() && !span.contains(": ") {
                    seeds.scripts.push(span.to_string());
                    if span.len() <= 6 {
                        seeds.squares.push(span.to_string());
                    }
                }
            }
        }
    }
}

/// Positions of random games from `start`, printed as setups: the start and a few later.
fn walked<S: crate::targets::Subject>(start: S) -> Vec<String> {
    let mut out: Vec<String> = start.position_text().into_iter().collect();
    for seed in 0..6u64 {
        let mut game = start.clone();
        tabula_rules::playout::random_playout(&mut game, seed, 10 + 15 * seed as usize);
        out.extend(game.position_text());
    }
    out
}

/// The standard starts printed as setups, and positions of random games from them: every
/// game that prints one, and Transport's for each mode and a few sizes.
fn printed_starts(kind: GameKind) -> Vec<String> {
    use tabula_rules::camelot::Camelot;
    use tabula_rules::screwball::Screwball;
    use tabula_rules::transport::{Mode, Transport};
    use tabula_rules::war::War;
    match kind {
        GameKind::War => {
            walked(War::new(WarOptions::default()).expect("the default options are valid"))
        }
        GameKind::Camelot => {
            walked(Camelot::new(CamelotOptions::default()).expect("the default options are valid"))
        }
        GameKind::Screwball => walked(
            Screwball::new(ScrewballOptions::default()).expect("the default options are valid"),
        ),
        GameKind::Transport => {
            let mut out = Vec::new();
            let modes = [
                (Mode::Two, 8),
                (Mode::Two, 9),
                (Mode::Two, 11),
                (Mode::Teams, 11),
                (Mode::Royal, 13),
            ];
            for (mode, size) in modes {
                let options = TransportOptions {
                    mode,
                    size,
                    ..TransportOptions::default()
                };
                if let Ok(game) = Transport::new(options) {
                    out.extend(walked(game));
                }
            }
            out
        }
        GameKind::Fences => {
            let mut out = Vec::new();
            for players in 2..=4 {
                let options = FencesOptions {
                    players,
                    ..FencesOptions::default()
                };
                out.extend(walked(
                    tabula_rules::fences::Fences::new(options).expect("valid options"),
                ));
            }
            out
        }
    }
}

/// The game a README section is about, by its title.
fn section_game(title: &str) -> Option<GameKind> {
    [
        ("Game of War", GameKind::War),
        ("Camelot", GameKind::Camelot),
        ("fence race", GameKind::Fences),
        ("Screwball", GameKind::Screwball),
        ("Transport", GameKind::Transport),
    ]
    .into_iter()
    .find(|(word, _)| title.contains(word))
    .map(|(_, kind)| kind)
}

/// Words of a setup that look like square names (a letter or two and a number).
fn square_like(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| {
            (2..=5).contains(&w.len())
                && w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && w.chars().last().is_some_and(|c| c.is_ascii_digit())
        })
        .map(String::from)
        .collect()
}

/// Files with extension `ext` under `dir`, at any depth, in name order.
fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path, ext));
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    out.sort();
    out
}
