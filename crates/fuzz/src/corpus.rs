//! The seed corpus, sorted into inputs for each kind of target: the shipped scenes
//! (`scenes/**/*.ron`) and the scene examples of the docs (`docs/**/*.md`); for each game of
//! the list, its own printing (its starts under the options its specs offer, positions and
//! moves of random games, as `Game::setup_text` and `Game::move_text` write them), the
//! setups, options and moves of the rules tests' data files (`crates/rules/tests/data/<game>/`)
//! and the examples of its rules page (`docs/rules/<game>.md`); and hand-made seeds
//! (`crates/fuzz/seeds/<target>/*.txt`, for lines the rest never shows).

use crate::options::{fields_of, full};
use crate::play::history_texts;
use crate::setups::{accepted, printed, squares_in};
use std::path::{Path, PathBuf};
use tabula_rules::Game;
use tabula_rules::playout::random_playout;
use tabula_rules::registry::GAMES;
use tabula_rules::scene::{SceneFile, SceneSetup};

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
    /// Engine protocol scripts, a few for each game.
    pub engine: Vec<String>,
    /// Each game's seeds, by the game's name, in the list's order.
    games: Vec<(&'static str, GameSeeds)>,
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

/// What a page of the docs holds for the corpus: its fenced blocks by language, and its
/// inline code spans with the line each stands in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    /// ` ```text ` blocks.
    pub texts: Vec<String>,
    /// ` ```ron ` blocks.
    pub rons: Vec<String>,
    /// Inline code spans outside blocks, with their line.
    pub spans: Vec<(String, String)>,
}

impl Page {
    /// Reads a Markdown page.
    pub fn read(text: &str) -> Page {
        let mut page = Page::default();
        let mut block: Option<(String, String)> = None;
        for line in text.lines() {
            if let Some((lang, body)) = &mut block {
                if line.trim_start().starts_with("```") {
                    match lang.as_str() {
                        "text" => page.texts.push(std::mem::take(body)),
                        "ron" => page.rons.push(std::mem::take(body)),
                        _ => {}
                    }
                    block = None;
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
            for (i, span) in line.split('`').enumerate() {
                if i % 2 == 1 && !span.is_empty() {
                    page.spans.push((span.to_string(), line.to_string()));
                }
            }
        }
        page
    }
}

impl Corpus {
    /// Reads the corpus from the workspace at `root`. Missing files leave their part empty;
    /// each game still gets its own printed setups, options and random-play scripts.
    pub fn load(root: &Path) -> Corpus {
        let mut corpus = Corpus {
            extra: Vec::new(),
            scenes: Vec::new(),
            engine: vec!["legal\nplay x\ngame chess\ngame\ngo iterations 5\nfrobnicate".into()],
            games: GAMES
                .iter()
                .map(|g| (g.name, GameSeeds::default()))
                .collect(),
        };
        tabula_rules::each_game!(G => { corpus.add_game::<G>(root); });
        for path in files_under(&root.join("scenes"), "ron") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                corpus.add_scene(&path, &text);
            }
        }
        for path in files_under(&root.join("docs"), "md") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                corpus.scenes.extend(Page::read(&text).rons);
            }
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

    /// The seeds of the game named `name` (empty for a name not in the list).
    pub fn game(&self, name: &str) -> &GameSeeds {
        static NONE: GameSeeds = GameSeeds {
            setups: Vec::new(),
            options: Vec::new(),
            scripts: Vec::new(),
            squares: Vec::new(),
        };
        self.games
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&NONE, |(_, seeds)| seeds)
    }

    /// The hand-made seeds of a target.
    pub fn extra(&self, target: &str) -> Vec<String> {
        self.extra
            .iter()
            .filter(|(t, _)| t == target)
            .map(|(_, text)| text.clone())
            .collect()
    }

    fn game_mut(&mut self, name: &str) -> &mut GameSeeds {
        &mut self
            .games
            .iter_mut()
            .find(|(n, _)| *n == name)
            .expect("every game of the list has seeds")
            .1
    }

    /// The game `G`'s seeds: its own printing, its rules tests' data files and its rules
    /// page; then the squares in all of its setups and moves.
    fn add_game<G: Game>(&mut self, root: &Path) {
        let name = G::ABOUT.name;
        self.add_printed::<G>();
        let folder = root.join("crates/rules/tests/data").join(name);
        for path in files_under(&folder, "txt") {
            let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if NOT_SETUPS.contains(&file) {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                self.add_data_file(name, &text);
            }
        }
        let page = root.join("docs/rules").join(format!("{name}.md"));
        if let Ok(text) = std::fs::read_to_string(&page) {
            self.add_rules_page::<G>(&Page::read(&text));
        }
        let seeds = self.game_mut(name);
        let found: Vec<String> = seeds
            .setups
            .iter()
            .chain(&seeds.scripts)
            .flat_map(|t| squares_in::<G>(t))
            .collect();
        seeds.squares.extend(found);
    }

    /// What `G` prints itself: its setups ([`printed`]), its default options written out
    /// in full, `()` and each option value it accepts, the moves of a random game under
    /// each, random-play scripts, and engine scripts that set it up under every fourth of
    /// those options and play its moves.
    fn add_printed<G: Game>(&mut self) {
        let name = G::ABOUT.name;
        let default = G::Options::default();
        let full_default = full(&default);
        let mut seeds = GameSeeds {
            setups: printed::<G>(),
            options: vec!["()".into(), full_default.clone()],
            scripts: vec![
                "random: 1 30\nrandom: 2 30".into(),
                format!("options: {full_default}\nrandom: 3 60\nundo: 5\nrandom: 4 20"),
            ],
            squares: Vec::new(),
        };
        for (i, (options, start)) in accepted::<G>().into_iter().enumerate() {
            let text = full(&options);
            seeds.options.push(text.clone());
            let head = if options == default {
                String::new()
            } else {
                format!("options: {text}\n")
            };
            let mut game = start.clone();
            random_playout(&mut game, i as u64, 40);
            let moves = history_texts(&game);
            seeds.scripts.push(format!("{head}{}", moves.join("\n")));
            if i % 4 == 0 && moves.len() >= 3 {
                let setup = G::setup_text(start.start()).trim().replace('\n', "; ");
                self.engine.push(format!(
                    "isready\ngame {name} {text}\nposition startpos moves {}; {}\nlegal\ngo iterations 30 seed {i}\nplay {}\nquit",
                    moves[0], moves[1], moves[2]
                ));
                self.engine.push(format!(
                    "game {name} {text}\nposition setup {setup}\nlegal\ngo nodes 50 algorithm ab\nplay {}\ngo iterations 20 algorithm mcts\nstop\nisready",
                    moves[moves.len() - 1]
                ));
            }
        }
        let own = self.game_mut(name);
        own.setups.append(&mut seeds.setups);
        own.options.append(&mut seeds.options);
        own.scripts.append(&mut seeds.scripts);
    }

    /// A game's rules page: its `text` blocks are setups; its inline code is moves (and,
    /// when short or a square name, squares), options in RON (`(...)`, or `field: value`
    /// for a field of the game's options), and a table row that starts with a field's name
    /// gives that field each value the row names.
    fn add_rules_page<G: Game>(&mut self, page: &Page) {
        let fields: Vec<String> = fields_of(&full(&G::Options::default()))
            .into_iter()
            .map(|(f, _)| f)
            .collect();
        let seeds = self.game_mut(G::ABOUT.name);
        seeds.setups.extend(page.texts.iter().cloned());
        for (span, line) in &page.spans {
            if span.starts_with('(') && span.ends_with(')') {
                seeds.options.push(span.clone());
                continue;
            }
            if let Some((field, _)) = span.split_once(": ")
                && fields.iter().any(|f| f == field.trim())
            {
                seeds.options.push(format!("({span})"));
                continue;
            }
            let row_field = line
                .strip_prefix("| `")
                .and_then(|r| r.split_once('`'))
                .map(|(f, _)| f)
                .filter(|f| fields.iter().any(|n| n == f));
            if let Some(field) = row_field {
                if span != field {
                    seeds.options.push(format!("({field}: {span})"));
                }
                continue;
            }
            if span.contains(": ") {
                continue;
            }
            seeds.scripts.push(span.clone());
            if span.len() <= 6 || G::is_square_name(span) {
                seeds.squares.push(span.clone());
            }
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
        let seeds = self.game_mut(scene.game.name());
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
    fn add_data_file(&mut self, game: &str, text: &str) {
        let blocks: Vec<&str> = if text.starts_with("== ") || text.contains("\n== ") {
            text.split("\n== ")
                .skip(1)
                .map(|b| b.split_once('\n').map_or("", |(_, body)| body))
                .collect()
        } else {
            vec![text]
        };
        let seeds = self.game_mut(game);
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
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_gives_its_blocks_and_inline_code() {
        let page = Page::read(
            "# T\nMoves read `E5-G7` or `pass`.\n```text\nWhite men: E5\n```\n```ron\nScene()\n```\n",
        );
        assert_eq!(page.texts, ["White men: E5\n"]);
        assert_eq!(page.rons, ["Scene()\n"]);
        let spans: Vec<&str> = page.spans.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(spans, ["E5-G7", "pass"]);
    }

    /// Each game's rules page is found through the list and still gives the corpus its
    /// setups (every `text` block reads as one) and moves (inline code that reads as a move
    /// at the start or in one of the page's setups).
    #[test]
    fn every_rules_page_gives_setups_and_moves() {
        let root = crate::workspace_root();
        let corpus = Corpus::load(&root);
        let (mut with_setups, mut with_moves) = (0, 0);
        fn check<G: Game>(root: &Path, corpus: &Corpus) -> (bool, bool) {
            let name = G::ABOUT.name;
            let path = root.join("docs/rules").join(format!("{name}.md"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let page = Page::read(&text);
            let seeds = corpus.game(name);
            let start: G = crate::play::from_options(Default::default()).unwrap();
            let mut positions = vec![start];
            for setup in &page.texts {
                assert!(seeds.setups.contains(setup), "{name}: {setup}");
                let game = crate::play::from_setup_text::<G>(setup, Default::default());
                positions.push(game.unwrap_or_else(|e| panic!("{name}: {e}\n{setup}")));
            }
            let moves = page
                .spans
                .iter()
                .filter(|(span, _)| seeds.scripts.contains(span))
                .filter(|(span, _)| positions.iter().any(|p| p.parse_move(span).is_ok()))
                .count();
            assert!(page.spans.len() >= 10, "{name}: {} spans", page.spans.len());
            (!page.texts.is_empty(), moves > 0)
        }
        tabula_rules::each_game!(G => {
            let (setups, moves) = check::<G>(&root, &corpus);
            with_setups += usize::from(setups);
            with_moves += usize::from(moves);
        });
        assert!(with_setups >= 4, "{with_setups} pages print a setup");
        assert!(with_moves >= 3, "{with_moves} pages give moves that read");
    }
}
