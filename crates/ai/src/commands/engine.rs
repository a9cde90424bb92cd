//! `engine`: a line protocol on standard input and output in the spirit of UCI, for
//! programs that want an opponent (see `docs/engine-protocol.md`). Searches run in the
//! background, so `stop`, `isready` and `quit` act at once; other commands that come
//! during a search are answered after it, in order (and so are `stop`, `isready` and
//! `quit` behind them).

use super::{action_text, parse_actions, values_text};
use crate::error::Error;
use crate::games::{AnyGame, parse_kind, split_moves};
use crate::levels::{Level, Spec, parse_algorithm};
use crate::search::SearchGame;
use crate::search::{Action, NoDecision, Settings, analyse_among, root_actions};
use crate::with_game;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use tabula_rules::Game;
use tabula_rules::resign;
use tabula_rules::scene::SceneFile;

/// Arguments of `engine`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct EngineArgs {
    /// The game to start with (the `game` command changes it).
    #[arg(long)]
    pub game: Option<String>,
}

enum Event {
    /// A line of input; `None` for one that is not UTF-8 text (answered in its turn with an
    /// error, and passed over).
    Line(Option<String>),
    End,
    Done(Vec<String>),
}

/// The commands that act on a running search at once (unless other commands wait).
fn is_control(line: &Option<String>) -> bool {
    line.as_deref().is_some_and(|line| {
        matches!(
            line.split_whitespace().next().unwrap_or(""),
            "stop" | "isready" | "quit"
        )
    })
}

struct Engine {
    game: Option<AnyGame>,
    /// The options text the game was set up with, for `position startpos`.
    options: String,
    search: Option<Arc<AtomicBool>>,
    quitting: bool,
}

/// Runs the engine on standard input and output until `quit` or the end of the input.
pub fn run_stdio(args: &EngineArgs) -> Result<(), Error> {
    let stdin = std::io::BufReader::new(std::io::stdin());
    run(args, stdin, &mut std::io::stdout())
}

/// Runs the engine: reads commands from `input` (on a thread of its own) and answers on
/// `out`, until `quit` or the end of the input (after a running search has answered).
pub fn run<R: BufRead + Send + 'static>(
    args: &EngineArgs,
    input: R,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let (tx, rx) = mpsc::channel::<Event>();
    let reader = tx.clone();
    std::thread::spawn(move || {
        let mut input = input;
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let event = Event::Line(
                std::str::from_utf8(&bytes)
                    .ok()
                    .map(|text| text.trim_end_matches(['\n', '\r']).to_string()),
            );
            if reader.send(event).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::End);
    });
    let mut engine = Engine {
        game: None,
        options: String::new(),
        search: None,
        quitting: false,
    };
    if let Some(name) = &args.game {
        let answer = engine.set_game(name, "");
        emit(out, &answer)?;
    }
    // Commands that come during a search wait for it, in order; stop, isready and quit
    // act at once unless other commands are already waiting, and then as soon as those
    // are done, on the search that may have started meanwhile. After quit nothing more is
    // taken.
    let mut waiting: VecDeque<Option<String>> = VecDeque::new();
    let mut ended = false;
    for event in rx {
        match event {
            Event::Line(_) if engine.quitting => {}
            Event::Line(line) => {
                if engine.search.is_some() && !(is_control(&line) && waiting.is_empty()) {
                    waiting.push_back(line);
                } else {
                    emit(out, &engine.answer(line, &tx))?;
                }
            }
            Event::End => ended = true,
            Event::Done(lines) => {
                engine.search = None;
                emit(out, &lines)?;
            }
        }
        while let Some(line) = waiting.front()
            && (engine.search.is_none() || is_control(line))
            && !engine.quitting
        {
            let line = waiting.pop_front().flatten();
            emit(out, &engine.answer(line, &tx))?;
        }
        if engine.quitting {
            waiting.clear();
        }
        if (engine.quitting || ended) && engine.search.is_none() && waiting.is_empty() {
            break;
        }
    }
    Ok(())
}

fn emit(out: &mut dyn Write, lines: &[String]) -> Result<(), Error> {
    let w = Error::io("writing to the engine's output");
    for line in lines {
        writeln!(out, "{line}").map_err(Error::io("writing to the engine's output"))?;
    }
    out.flush().map_err(w)
}

fn error(why: impl std::fmt::Display) -> Vec<String> {
    vec![format!("error {why}")]
}

impl Engine {
    /// Answers one line of input (`None`: not UTF-8 text).
    fn answer(&mut self, line: Option<String>, tx: &mpsc::Sender<Event>) -> Vec<String> {
        match line {
            Some(line) => self.command(&line, tx),
            None => error("a line that is not UTF-8 text was passed over"),
        }
    }

    fn set_game(&mut self, name: &str, options: &str) -> Vec<String> {
        match parse_kind(name).and_then(|kind| AnyGame::new(kind, options, None)) {
            Ok(mut g) => {
                let limit = crate::games::bound_length(&mut g);
                self.options = options.to_string();
                let mut lines = vec![format!(
                    "game {} players {} options {}",
                    g.kind().name(),
                    g.player_names().join(" "),
                    g.options_ron()
                )];
                if let Some(limit) = limit {
                    lines.push(format!(
                        "info string Transport's options set neither a turn limit nor a no-progress draw; a draw after {limit} actions is assumed"
                    ));
                }
                self.game = Some(g);
                lines
            }
            Err(e) => error(e),
        }
    }

    fn command(&mut self, line: &str, tx: &mpsc::Sender<Event>) -> Vec<String> {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => Vec::new(),
            "isready" => vec!["readyok".into()],
            "stop" => {
                if let Some(flag) = &self.search {
                    flag.store(true, Ordering::Relaxed);
                }
                Vec::new()
            }
            "quit" => {
                if let Some(flag) = &self.search {
                    flag.store(true, Ordering::Relaxed);
                }
                self.quitting = true;
                Vec::new()
            }
            "game" => {
                let (name, options) = rest.split_once(' ').unwrap_or((rest, ""));
                if name.is_empty() {
                    return error(format!(
                        "game needs a name: {}",
                        tabula_rules::registry::names()
                    ));
                }
                self.set_game(name, options)
            }
            "position" => self.position(rest),
            "play" => match &mut self.game {
                None => error("no game: send \"game NAME\" first"),
                Some(g) => match g.play_texts(&split_moves(rest)) {
                    Ok(()) => Vec::new(),
                    Err(e) => error(e),
                },
            },
            "legal" => match &self.game {
                None => error("no game: send \"game NAME\" first"),
                Some(g) => vec![with_game!(g, g, _k => legal_line(g))],
            },
            "go" => self.go(rest, tx),
            _ => error(format!(
                "unknown command {word:?}: game, position, play, legal, go, stop, isready, quit"
            )),
        }
    }

    fn position(&mut self, rest: &str) -> Vec<String> {
        let Some(current) = &self.game else {
            return error("no game: send \"game NAME\" first");
        };
        let kind = current.kind();
        let (head, moves) = match rest.split_once(" moves ") {
            Some((h, m)) => (h.trim(), Some(m)),
            None => match rest.strip_suffix(" moves") {
                Some(h) => (h.trim(), None),
                None => (rest, None),
            },
        };
        let (what, arg) = head.split_once(' ').unwrap_or((head, ""));
        let built = match what {
            "startpos" if arg.is_empty() => {
                AnyGame::new(kind, &self.options, None).map_err(Error::from)
            }
            "setup" if !arg.is_empty() => {
                AnyGame::new(kind, &self.options, Some(arg)).map_err(Error::from)
            }
            "scene" if !arg.is_empty() => {
                let (file, at) = match arg.rsplit_once(" at ") {
                    Some((f, n)) => match n.trim().parse::<usize>() {
                        Ok(n) => (f.trim(), Some(n)),
                        Err(_) => return error(format!("at {n:?}: expected a number of moves")),
                    },
                    None => (arg, None),
                };
                SceneFile::load(Path::new(file))
                    .map_err(Error::from)
                    .and_then(|f| {
                        if f.scene.game != kind {
                            return Err(Error::SceneGame {
                                file: f.path.clone(),
                                scene: f.scene.game.name().to_string(),
                                named: kind.name().to_string(),
                            });
                        }
                        Ok(AnyGame::from_scene(&f, at)?)
                    })
            }
            _ => {
                return error(format!(
                    "position {head:?}: expected startpos, setup TEXT or scene FILE [at N], then optionally moves M1; M2; ..."
                ));
            }
        };
        let mut game = match built {
            Ok(g) => g,
            Err(e) => return error(e),
        };
        crate::games::bound_length(&mut game);
        if let Some(m) = moves
            && let Err(e) = game.play_texts(&split_moves(m))
        {
            return error(e);
        }
        self.game = Some(game);
        Vec::new()
    }

    fn go(&mut self, rest: &str, tx: &mpsc::Sender<Event>) -> Vec<String> {
        let Some(game) = &self.game else {
            return error("no game: send \"game NAME\" first");
        };
        // `searchmoves` takes the rest of the line: moves written with spaces, `;` between.
        let (rest, only) = match rest.split_once("searchmoves") {
            Some((head, tail))
                if (head.is_empty() || head.ends_with(char::is_whitespace))
                    && (tail.is_empty() || tail.starts_with(char::is_whitespace)) =>
            {
                (head, Some(split_moves(tail)))
            }
            _ => (rest, None),
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut spec = Spec::Level(Level::Hard, None);
        let mut algorithm = None;
        let mut seed = 0u64;
        let mut i = 0;
        while i < words.len() {
            let value = words.get(i + 1).copied();
            let parsed: Result<(), String> = match (words[i], value) {
                ("level", Some(v)) => v
                    .parse::<Level>()
                    .map(|l| spec = Spec::Level(l, None))
                    .map_err(|e| e.to_string()),
                ("time" | "movetime", Some(v)) => v
                    .parse::<u64>()
                    .map(|ms| spec = Spec::Time(ms.max(1), None))
                    .map_err(|_| format!("time {v:?}: expected milliseconds")),
                ("iterations" | "nodes", Some(v)) => v
                    .parse::<u64>()
                    .map(|n| spec = Spec::Iterations(n.max(1), None))
                    .map_err(|_| format!("{} {v:?}: expected a number", words[i])),
                ("seed", Some(v)) => v
                    .parse::<u64>()
                    .map(|s| seed = s)
                    .map_err(|_| format!("seed {v:?}: expected a number")),
                ("algorithm", Some(v)) => parse_algorithm(v)
                    .map(|a| algorithm = Some(a))
                    .map_err(|e| e.to_string()),
                (w, _) => Err(format!(
                    "go: unexpected {w:?}; expected level L, time MS, iterations N, seed S, algorithm A or searchmoves M1; M2; ..."
                )),
            };
            if let Err(why) = parsed {
                return error(why);
            }
            i += 2;
        }
        spec = match spec {
            Spec::Level(l, _) => Spec::Level(l, algorithm),
            Spec::Time(t, _) => Spec::Time(t, algorithm),
            Spec::Iterations(n, _) => Spec::Iterations(n, algorithm),
            other @ (Spec::Random | Spec::Uct(_)) => other,
        };
        let players = game.player_names().len();
        let mut settings = spec
            .settings(game.kind(), players, seed)
            .expect("a searching spec");
        if let Err(e) =
            with_game!(game, g, _k => root_actions(g).map(|_| ()).map_err(|e| why_none(g, e)))
        {
            return error(format!("nothing to search: {e}"));
        }
        if let Some(texts) = &only
            && let Err(e) = with_game!(game, g, _k => parse_actions(g, texts).map(|_| ()))
        {
            return error(format!("searchmoves {e}"));
        }
        let flag = Arc::new(AtomicBool::new(false));
        settings.stop = Some(flag.clone());
        self.search = Some(flag);
        let game = game.clone();
        let tx = tx.clone();
        std::thread::spawn(move || {
            // A search that fails inside answers an error line instead of leaving the
            // engine waiting for ever; the engine goes on with its position unchanged.
            let lines = std::panic::catch_unwind(std::panic::AssertUnwindSafe(
                || with_game!(&game, g, k => search_lines(g, &k, &settings, only.as_deref())),
            ))
            .unwrap_or_else(|panic| {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".into());
                error(format!("internal: the search failed ({why})"))
            });
            let _ = tx.send(Event::Done(lines));
        });
        Vec::new()
    }
}

fn legal_line<G: Game>(game: &G) -> String {
    match root_actions(game) {
        Ok(actions) => {
            let texts: Vec<String> = actions.iter().map(|a| action_text(game, a)).collect();
            format!("legal {}", texts.join("; "))
        }
        Err(e) => format!("legal none ({})", why_none(game, e)),
    }
}

/// Why there is nothing to decide, in words; a finished game says how it ended ("the game
/// is over: Blue resigns. Red wins").
fn why_none<G: Game>(game: &G, e: NoDecision) -> String {
    match e {
        NoDecision::GameOver => format!("{e}: {}", resign::outcome_text(game)),
        e => e.to_string(),
    }
}

/// The `info` and `bestmove` lines of a search (among the moves `only`, where given).
fn search_lines<G, K>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    only: Option<&[String]>,
) -> Vec<String>
where
    G: SearchGame,
    K: crate::knowledge::Knowledge<G>,
{
    let among = match only.map(|texts| parse_actions(game, texts)).transpose() {
        Ok(among) => among,
        Err(e) => return error(format!("searchmoves {e}")),
    };
    match analyse_among(game, knowledge, settings, among.as_deref()) {
        Ok(a) => {
            let d = super::describe(game, &a);
            let best = match &a.best {
                Action::Play(_) | Action::Chance => d.best.clone(),
            };
            vec![
                format!(
                    "info algorithm {} depth {} nodes {} nps {:.0} time {} value {} pv {}",
                    a.algorithm,
                    a.depth,
                    a.nodes,
                    a.nodes_per_second(),
                    a.elapsed.as_millis(),
                    values_text(&d.values).replace(',', ""),
                    d.pv.join("; ")
                ),
                format!("bestmove {best}"),
            ]
        }
        Err(e) => error(format!("nothing to search: {e}")),
    }
}
