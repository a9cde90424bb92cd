//! Running inputs: panics caught and recorded, findings shrunk and written as case files,
//! and the fuzz loop that shares its time among the targets.

use crate::corpus::Corpus;
use crate::mutate;
use crate::targets::{TARGETS, Target};
use rand::{Rng, SeedableRng, rngs::StdRng};
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::{Duration, Instant};

thread_local! {
    /// Set while this thread runs an input: its panics are recorded, not printed.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// The last panic of this thread while quiet: where, and what it said.
    static LAST: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Installs a panic hook that records the panics of inputs (on the thread running them)
/// and leaves every other panic to the hook that was there before.
fn install_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
                    .unwrap_or_else(|| "unknown place".into());
                let payload = info.payload();
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into());
                LAST.with(|l| *l.borrow_mut() = Some((at, message)));
            } else {
                previous(info);
            }
        }));
    });
}

/// A panic: where it happened and what it said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panic {
    /// `file:line:column`.
    pub at: String,
    /// The panic message.
    pub message: String,
}

impl std::fmt::Display for Panic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "panicked at {}: {}", self.at, self.message)
    }
}

/// Runs one input through a target; `Err` is the panic it caused.
pub fn run_one(target: &Target, input: &str) -> Result<u64, Panic> {
    install_hook();
    QUIET.with(|q| q.set(true));
    LAST.with(|l| *l.borrow_mut() = None);
    let result = catch_unwind(AssertUnwindSafe(|| (target.run)(input)));
    QUIET.with(|q| q.set(false));
    result.map_err(|_| {
        let (at, message) = LAST
            .with(|l| l.borrow_mut().take())
            .unwrap_or_else(|| ("unknown place".into(), "a panic".into()));
        Panic { at, message }
    })
}

/// A finding: an input that makes a target panic.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The target's name.
    pub target: &'static str,
    /// The panic.
    pub panic: Panic,
    /// The (shrunk) input.
    pub input: String,
    /// The case file it was written to, if any.
    pub file: Option<PathBuf>,
}

/// A saved finding: a case file's target and input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The target's name.
    pub target: String,
    /// The input, byte for byte.
    pub input: String,
}

/// The line after which a case file's input starts.
const CASE_RULE: &str = "# ----";

impl Case {
    /// The case file's name: `<target>-<hash>.txt`.
    pub fn file_name(&self) -> String {
        format!(
            "{}-{:016x}.txt",
            self.target,
            crate::hash(self.input.as_bytes())
        )
    }

    /// The case file's text: a header of `#` lines naming the target and the panic, the
    /// rule, then the input exactly.
    pub fn text(&self, panic: &Panic) -> String {
        let said = panic.to_string().replace('\n', "\n#   ");
        format!(
            "# tabula-fuzz case for target {}\n# {said}\n# `cargo test -p tabula-fuzz` replays it; the input is everything after the next line.\n{CASE_RULE}\n{}",
            self.target, self.input
        )
    }

    /// Reads a case file's text.
    pub fn parse(text: &str) -> Option<Case> {
        let first = text.lines().next()?;
        let target = first.strip_prefix("# tabula-fuzz case for target ")?.trim();
        let rule = format!("\n{CASE_RULE}\n");
        let at = text.find(&rule)?;
        Some(Case {
            target: target.to_string(),
            input: text[at + rule.len()..].to_string(),
        })
    }

    /// Every case file in `dir`, in name order, with its path.
    pub fn load_all(dir: &Path) -> Vec<(PathBuf, Result<Case, String>)> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                    .collect()
            })
            .unwrap_or_default();
        paths.sort();
        paths
            .into_iter()
            .map(|p| {
                let case = std::fs::read_to_string(&p)
                    .map_err(|e| e.to_string())
                    .and_then(|t| Case::parse(&t).ok_or_else(|| "not a case file".to_string()));
                (p, case)
            })
            .collect()
    }

    /// Replays the case through its target.
    pub fn replay(&self) -> Result<(), String> {
        let target = crate::targets::target(&self.target)
            .ok_or_else(|| format!("no target named {:?}", self.target))?;
        run_one(target, &self.input)
            .map(|_| ())
            .map_err(|p| p.to_string())
    }
}

/// Shrinks an input that panics at `at`: drops lines, then ever smaller pieces, keeping
/// each cut that still panics there. Bounded to three seconds.
pub fn shrink(target: &Target, input: &str, at: &str) -> String {
    shrink_for(target, input, at, Duration::from_secs(3))
}

/// [`shrink`] with a time bound of its own (and a bound on tries that grows with it).
pub fn shrink_for(target: &Target, input: &str, at: &str, time: Duration) -> String {
    let still = |s: &str| matches!(run_one(target, s), Err(p) if p.at == at);
    let deadline = Instant::now() + time;
    let limit = 500 * time.as_secs().max(1) as usize;
    let mut tries = 0;
    let mut best = input.to_string();
    // Whole lines first.
    let mut i = 0;
    loop {
        let lines: Vec<&str> = best.split_inclusive('\n').collect();
        if i >= lines.len() || tries > limit / 3 || Instant::now() > deadline {
            break;
        }
        let candidate: String = lines
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, l)| *l)
            .collect();
        tries += 1;
        if still(&candidate) {
            best = candidate;
        } else {
            i += 1;
        }
    }
    // Then pieces of characters, halving their size.
    let mut size = best.len() / 2;
    while size > 0 && tries < limit && Instant::now() < deadline {
        let mut start = 0;
        while start < best.len() && tries < limit && Instant::now() < deadline {
            let (mut a, mut b) = (start, (start + size).min(best.len()));
            while !best.is_char_boundary(a) {
                a -= 1;
            }
            while !best.is_char_boundary(b) {
                b += 1;
            }
            let candidate = format!("{}{}", &best[..a], &best[b..]);
            tries += 1;
            if still(&candidate) {
                best = candidate;
            } else {
                start = b;
            }
        }
        size /= 2;
    }
    best
}

/// How a fuzz run is set up.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Total time, shared equally among the targets.
    pub time: Duration,
    /// Seed of the mutations.
    pub seed: u64,
    /// The targets to run.
    pub targets: Vec<&'static Target>,
    /// Where to write case files (none: keep findings in the report only).
    pub cases: Option<PathBuf>,
    /// Print each finding as it is found.
    pub verbose: bool,
}

impl Settings {
    /// Every target, for `time`, writing nothing.
    pub fn all(time: Duration) -> Settings {
        Settings {
            time,
            seed: 0,
            targets: TARGETS.iter().collect(),
            cases: None,
            verbose: false,
        }
    }
}

/// What one target did in a run.
#[derive(Debug, Clone)]
pub struct TargetStats {
    /// The target's name.
    pub name: &'static str,
    /// Inputs run.
    pub runs: u64,
    /// Inputs kept for showing something new.
    pub corpus: usize,
    /// Distinct findings.
    pub findings: usize,
    /// The slowest input, in seconds.
    pub slowest: f64,
    /// The slowest input.
    pub slowest_input: String,
}

/// What a fuzz run found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Per target.
    pub targets: Vec<TargetStats>,
    /// Every distinct finding (one per target and panic location).
    pub findings: Vec<Finding>,
}

struct State {
    target: &'static Target,
    corpus: Vec<String>,
    words: Vec<String>,
    seen: HashSet<u64>,
    found: HashSet<String>,
    runs: u64,
    slowest: f64,
    slowest_input: String,
    /// Seeds not yet run unmutated.
    pending: usize,
    /// How many of `corpus` are seeds (the first ones).
    seeds: usize,
}

/// Inputs kept for showing something new, beyond the seeds; a newer one then replaces an
/// older one at random.
const KEPT: usize = 2_000;

/// Words of the corpus, for token replacement and insertion: its tokens, and each two
/// words that stand together (`to move`, `on station`), so that a game's phrases come from
/// its own printed setups and moves.
fn words_of(inputs: &[String]) -> Vec<String> {
    let pairs = inputs.iter().flat_map(|s| {
        let words: Vec<&str> = s.split_whitespace().collect();
        let pairs: Vec<String> = words
            .windows(2)
            .filter(|w| w.iter().all(|w| w.chars().all(char::is_alphabetic)))
            .map(|w| w.join(" "))
            .collect();
        pairs
    });
    let mut words: Vec<String> = inputs
        .iter()
        .flat_map(|s| mutate::tokens(s))
        .filter(|t| t.chars().any(char::is_alphanumeric) && t.len() <= 24)
        .map(String::from)
        .chain(pairs.filter(|p| p.len() <= 24))
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Fuzzes the targets for the set time: first every seed as it is, then mutated and
/// generated inputs, a slice of time for each target in turn. Findings are shrunk, written
/// as case files when asked, and reported once per target and panic location.
pub fn fuzz(corpus: &Corpus, settings: &Settings) -> Report {
    let mut rng = StdRng::seed_from_u64(settings.seed);
    let mut states: Vec<State> = settings
        .targets
        .iter()
        .map(|t| {
            let mut seeds = (t.seeds)(corpus);
            seeds.extend(corpus.extra(t.name));
            if seeds.is_empty() {
                seeds.push(String::new());
            }
            State {
                target: t,
                words: words_of(&seeds),
                pending: seeds.len(),
                seeds: seeds.len(),
                corpus: seeds,
                seen: HashSet::new(),
                found: HashSet::new(),
                runs: 0,
                slowest: 0.0,
                slowest_input: String::new(),
            }
        })
        .collect();
    let mut report = Report::default();
    let start = Instant::now();
    let deadline = start + settings.time;
    let slice = Duration::from_millis(25);
    'outer: loop {
        for state in &mut states {
            let until = (Instant::now() + slice).min(deadline);
            loop {
                let now = Instant::now();
                if now >= until {
                    break;
                }
                let input = if state.pending > 0 {
                    state.pending -= 1;
                    state.corpus[state.corpus.len() - 1 - state.pending].clone()
                } else if let Some(generate) =
                    state.target.generate.filter(|_| rng.random_ratio(1, 3))
                {
                    generate(&mut rng)
                } else {
                    // Half the time a seed, half the time an input kept since.
                    let from_seeds = state.corpus.len() == state.seeds || rng.random_bool(0.5);
                    let base = if from_seeds {
                        &state.corpus[rng.random_range(0..state.seeds)]
                    } else {
                        &state.corpus[rng.random_range(state.seeds..state.corpus.len())]
                    };
                    mutate::mutate(base, &mut rng, &state.corpus, &state.words)
                };
                let began = Instant::now();
                let result = run_one(state.target, &input);
                let took = began.elapsed().as_secs_f64();
                state.runs += 1;
                if took > state.slowest {
                    state.slowest = took;
                    state.slowest_input = input.clone();
                }
                match result {
                    Ok(sig) => {
                        if state.seen.insert(sig) {
                            if state.corpus.len() < state.seeds + KEPT {
                                state.corpus.push(input);
                            } else {
                                let i = rng.random_range(state.seeds..state.corpus.len());
                                state.corpus[i] = input;
                            }
                        }
                    }
                    Err(panic) => {
                        if !state.found.insert(panic.at.clone()) {
                            continue;
                        }
                        let small = shrink(state.target, &input, &panic.at);
                        let panic = run_one(state.target, &small).err().unwrap_or(panic);
                        let case = Case {
                            target: state.target.name.to_string(),
                            input: small.clone(),
                        };
                        let file = settings.cases.as_ref().and_then(|dir| {
                            let path = dir.join(case.file_name());
                            std::fs::create_dir_all(dir).ok()?;
                            std::fs::write(&path, case.text(&panic)).ok()?;
                            Some(path)
                        });
                        if settings.verbose {
                            println!(
                                "finding in {} ({}):\n  {panic}\n  input: {small:?}",
                                state.target.name,
                                file.as_ref()
                                    .map_or("not saved".into(), |f| f.display().to_string()),
                            );
                        }
                        report.findings.push(Finding {
                            target: state.target.name,
                            panic,
                            input: small,
                            file,
                        });
                    }
                }
            }
            if Instant::now() >= deadline {
                break 'outer;
            }
        }
    }
    report.targets = states
        .iter()
        .map(|s| TargetStats {
            name: s.target.name,
            runs: s.runs,
            corpus: s.corpus.len(),
            findings: s.found.len(),
            slowest: s.slowest,
            slowest_input: s.slowest_input.clone(),
        })
        .collect();
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_file_reads_back_exactly() {
        let case = Case {
            target: "war-setup".into(),
            input: "Red: K at K1\n# ----\nno newline at the end".into(),
        };
        let panic = Panic {
            at: "x.rs:1:2".into(),
            message: "two\nlines".into(),
        };
        assert_eq!(Case::parse(&case.text(&panic)), Some(case));
    }

    #[test]
    fn a_panic_is_caught_and_recorded() {
        let target = Target {
            name: "boom",
            about: "panics on a bang",
            run: |s| {
                assert!(!s.contains('!'), "a bang in {s:?}");
                0
            },
            seeds: |_| Vec::new(),
            generate: None,
        };
        assert!(run_one(&target, "quiet").is_ok());
        let p = run_one(&target, "loud!").unwrap_err();
        assert!(p.message.contains("a bang"), "{p}");
        assert!(p.at.contains("run.rs"), "{p}");
        assert_eq!(shrink(&target, "line one\nloud!\nline three", &p.at), "!");
    }
}
