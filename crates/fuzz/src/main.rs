//! `tabula-fuzz`: fuzzes the rules crate for a while and writes each new finding to
//! `crates/fuzz/cases/`.
//!
//! ```text
//! cargo run -p tabula-fuzz -- --seconds 60 [--target NAME]... [--seed S]
//! cargo run -p tabula-fuzz -- --list
//! cargo run -p tabula-fuzz -- --replay [FILE]...
//! cargo run -p tabula-fuzz -- --shrink FILE...
//! ```
//!
//! `--replay` runs saved cases (all of `cases/` by default); `--shrink` shrinks saved cases
//! further (half a minute each) and writes each smaller one to the cases folder beside it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tabula_fuzz::{Case, Corpus, Settings, TARGETS, cases_dir, fuzz, targets, workspace_root};

const USAGE: &str = "usage: tabula-fuzz [--seconds N] [--target NAME]... [--seed S] [--cases DIR]
       tabula-fuzz --list
       tabula-fuzz --replay [FILE]...
       tabula-fuzz [--cases DIR] --shrink FILE...";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tabula-fuzz: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<ExitCode, String> {
    let mut seconds: f64 = 60.0;
    let mut seed = None;
    let mut names: Vec<String> = Vec::new();
    let mut cases = cases_dir();
    let mut replay: Option<Vec<PathBuf>> = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or(format!("{arg} needs {what}"));
        match arg.as_str() {
            "--seconds" => {
                seconds = value("a number")?
                    .parse()
                    .map_err(|_| "--seconds needs a number".to_string())?;
            }
            "--seed" => {
                seed = Some(
                    value("a number")?
                        .parse()
                        .map_err(|_| "--seed needs a whole number".to_string())?,
                );
            }
            "--target" => names.extend(value("a name")?.split(',').map(String::from)),
            "--cases" => cases = PathBuf::from(value("a folder")?),
            "--list" => {
                list_targets();
                return Ok(ExitCode::SUCCESS);
            }
            "--replay" => replay = Some(args.by_ref().map(PathBuf::from).collect()),
            "--shrink" => {
                let files: Vec<PathBuf> = args.by_ref().map(PathBuf::from).collect();
                return Ok(shrink_cases(&files, &cases));
            }
            "-h" | "--help" => {
                println!("{USAGE}\n\ntargets (each game's are made from the list of games):");
                list_targets();
                return Ok(ExitCode::SUCCESS);
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if let Some(files) = replay {
        return Ok(replay_cases(files, &cases));
    }
    let targets = if names.is_empty() {
        TARGETS.iter().collect()
    } else {
        names
            .iter()
            .map(|n| targets::target(n).ok_or(format!("no target named {n:?} (see --list)")))
            .collect::<Result<Vec<_>, _>>()?
    };
    if !cfg!(debug_assertions) {
        eprintln!(
            "warning: a release build wraps arithmetic overflow silently, so overflows are not \
             found; run without --release (the dev profile optimises these crates fully)"
        );
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let corpus = Corpus::load(&workspace_root());
    let settings = Settings {
        time: Duration::from_secs_f64(seconds.max(0.0)),
        seed,
        targets,
        cases: Some(cases),
        verbose: true,
    };
    println!(
        "fuzzing {} targets for {seconds} s, seed {seed}",
        settings.targets.len()
    );
    let report = fuzz(&corpus, &settings);
    println!(
        "\n{:<18} {:>9} {:>7} {:>9} {:>8}",
        "target", "runs", "corpus", "findings", "slowest"
    );
    for t in &report.targets {
        println!(
            "{:<18} {:>9} {:>7} {:>9} {:>7.3}s",
            t.name, t.runs, t.corpus, t.findings, t.slowest
        );
    }
    for t in report.targets.iter().filter(|t| t.slowest > 0.5) {
        println!(
            "slowest input of {} ({:.3} s): {:?}",
            t.name, t.slowest, t.slowest_input
        );
    }
    println!("{} findings", report.findings.len());
    Ok(if report.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Prints each target's name and what it exercises.
fn list_targets() {
    for t in TARGETS.iter() {
        println!("{:<18} {}", t.name, t.about);
    }
}

/// Shrinks each case file further and writes the result to `dir` (under its new name).
fn shrink_cases(files: &[PathBuf], dir: &std::path::Path) -> ExitCode {
    let mut failed = false;
    for path in files {
        let case = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| Case::parse(&t));
        let Some((case, target)) =
            case.and_then(|c| targets::target(&c.target).map(|t| (c.clone(), t)))
        else {
            println!(
                "skip  {}: not a case file of a known target",
                path.display()
            );
            failed = true;
            continue;
        };
        let Err(panic) = tabula_fuzz::run::run_one(target, &case.input) else {
            println!("skip  {}: it no longer panics", path.display());
            continue;
        };
        let small =
            tabula_fuzz::run::shrink_for(target, &case.input, &panic.at, Duration::from_secs(30));
        let panic = tabula_fuzz::run::run_one(target, &small)
            .err()
            .unwrap_or(panic);
        let smaller = Case {
            target: case.target.clone(),
            input: small,
        };
        let out = dir.join(smaller.file_name());
        match std::fs::write(&out, smaller.text(&panic)) {
            Ok(()) => println!(
                "{} ({} bytes) -> {} ({} bytes)",
                path.display(),
                case.input.len(),
                out.display(),
                smaller.input.len()
            ),
            Err(e) => {
                println!("cannot write {}: {e}", out.display());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Replays the given case files, or every one in `dir`; prints each one's result.
fn replay_cases(files: Vec<PathBuf>, dir: &std::path::Path) -> ExitCode {
    let cases: Vec<(PathBuf, Result<Case, String>)> = if files.is_empty() {
        Case::load_all(dir)
    } else {
        files
            .into_iter()
            .map(|p| {
                let case = std::fs::read_to_string(&p)
                    .map_err(|e| e.to_string())
                    .and_then(|t| Case::parse(&t).ok_or_else(|| "not a case file".into()));
                (p, case)
            })
            .collect()
    };
    let mut failed = 0;
    for (path, case) in &cases {
        let result = case.as_ref().map_err(Clone::clone).and_then(Case::replay);
        match result {
            Ok(()) => println!("ok    {}", path.display()),
            Err(e) => {
                failed += 1;
                println!("FAIL  {}\n      {e}", path.display());
            }
        }
    }
    println!("{} passed, {failed} failed", cases.len() - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
