//! The fuzz harness as a test: every saved case replays without a panic, and every target
//! survives a bounded run (`TABULA_FUZZ_SECONDS`, default 60, shared by all targets).

use std::time::{Duration, Instant};
use tabula_fuzz::{Case, Corpus, Settings, TARGETS, cases_dir, fuzz, workspace_root};

#[test]
fn every_saved_case_replays_without_a_panic() {
    let cases = Case::load_all(&cases_dir());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(path, case)| {
            let result = case.as_ref().map_err(Clone::clone).and_then(Case::replay);
            result.err().map(|e| format!("{}:\n  {e}", path.display()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} case files still fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_target_has_seeds() {
    let corpus = Corpus::load(&workspace_root());
    for t in TARGETS.iter() {
        assert!(!(t.seeds)(&corpus).is_empty(), "{} has no seeds", t.name);
    }
    assert!(corpus.scenes.len() >= 10, "{} scenes", corpus.scenes.len());
}

#[test]
fn every_target_survives_a_bounded_run() {
    let seconds: f64 = std::env::var("TABULA_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60.0);
    let seed = std::env::var("TABULA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let corpus = Corpus::load(&workspace_root());
    let mut settings = Settings::all(Duration::from_secs_f64(seconds));
    settings.seed = seed;
    // Findings go beside the build, not into the source tree.
    settings.cases = Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cases"));
    let began = Instant::now();
    let report = fuzz(&corpus, &settings);
    for t in &report.targets {
        println!(
            "{:<18} {:>8} runs {:>6} kept, slowest {:.3} s",
            t.name, t.runs, t.corpus, t.slowest
        );
    }
    println!("{:.1} s in all", began.elapsed().as_secs_f64());
    let findings: Vec<String> = report
        .findings
        .iter()
        .map(|f| {
            format!(
                "{}: {}\n  input: {:?}\n  saved: {}",
                f.target,
                f.panic,
                f.input,
                f.file
                    .as_ref()
                    .map_or("no".into(), |p| p.display().to_string())
            )
        })
        .collect();
    assert!(
        findings.is_empty(),
        "{} findings (copy the saved files into crates/fuzz/cases/ to keep them):\n{}",
        findings.len(),
        findings.join("\n")
    );
}
