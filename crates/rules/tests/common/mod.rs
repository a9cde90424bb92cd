//! A runner for rule cases kept in data files, shared by every game's tests.
//!
//! A file holds cases; each starts with `== title`, then an optional `options: (RON)`, the
//! game's setup lines, then checks in order:
//!   moves: N         number of legal moves
//!   legal: TEXT      the text names exactly one legal move
//!   illegal: TEXT    the text names no legal move
//!   ambiguous: TEXT  the text names several legal moves
//!   play: TEXT       plays the move
//!   outcome: X       Ongoing, Win(<player>) or Draw
//!   at: SQUARE WHAT  what stands on a square, as the game's `at` callback words it
//!   turn: PLAYER     whose turn it is
//! Lines starting with `#` are comments.

use std::path::PathBuf;
use tabula_rules::{Game, NotationError, Outcome};

/// The rules crate's folder, as cargo gives it when it runs the test (rather than as it
/// was when the test was built, which may be another checkout sharing the build).
pub fn crate_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

const CHECKS: [&str; 8] = [
    "moves",
    "legal",
    "illegal",
    "ambiguous",
    "play",
    "outcome",
    "at",
    "turn",
];

/// The lines of a text without blanks and comments.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Runs every case of `text`; `start` builds a game from the options text (empty for the
/// defaults) and the setup lines; `at` describes a square. Returns the number of cases.
pub fn run_cases<G: Game>(
    text: &str,
    start: impl Fn(&str, &str) -> Result<G, String>,
    at: impl Fn(&G, &str) -> String,
    show: impl Fn(&G) -> String,
) -> usize {
    let mut cases = 0;
    for block in text.split("\n== ").skip(1) {
        cases += 1;
        let (title, body) = block.split_once('\n').unwrap_or((block, ""));
        let mut options = String::new();
        let mut setup = String::new();
        let mut game: Option<G> = None;
        for line in lines(body) {
            let (cmd, arg) = line
                .split_once(':')
                .map(|(c, a)| (c.trim(), a.trim()))
                .unwrap_or((line, ""));
            if cmd == "options" {
                options = arg.to_string();
                continue;
            }
            if !CHECKS.contains(&cmd) {
                setup.push_str(line);
                setup.push('\n');
                continue;
            }
            let g = game.get_or_insert_with(|| {
                start(&options, &setup).unwrap_or_else(|e| panic!("[{title}] {e}"))
            });
            let ctx = format!("[{title}] {line}\n{}", show(g));
            match cmd {
                "moves" => {
                    let moves: Vec<String> =
                        g.legal_moves().iter().map(|m| g.move_text(m)).collect();
                    assert_eq!(
                        moves.len(),
                        arg.parse::<usize>().unwrap(),
                        "{ctx}\n{moves:?}"
                    );
                }
                "legal" => {
                    let mv = g.parse_move(arg).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    assert!(g.is_legal(&mv), "{ctx}");
                }
                "illegal" => match g.parse_move(arg) {
                    Err(NotationError::Illegal { .. }) => {}
                    other => panic!("{ctx}: expected illegal, got {other:?}"),
                },
                "ambiguous" => match g.parse_move(arg) {
                    Err(NotationError::Ambiguous { .. }) => {}
                    other => panic!("{ctx}: expected ambiguous, got {other:?}"),
                },
                "play" => {
                    let mv = g.parse_move(arg).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    g.play(&mv).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                }
                "outcome" => {
                    let got = match g.outcome() {
                        Outcome::Ongoing => "Ongoing".to_string(),
                        Outcome::Win(p) => format!("Win({p})"),
                        Outcome::TeamWin(ps) => format!(
                            "Win({})",
                            ps.iter()
                                .map(|p| p.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        Outcome::Draw(_) => "Draw".to_string(),
                    };
                    assert_eq!(got, arg, "{ctx}");
                }
                "at" => {
                    let (square, what) = arg.split_once(' ').unwrap_or((arg, ""));
                    assert_eq!(at(g, square).to_lowercase(), what.to_lowercase(), "{ctx}");
                }
                "turn" => assert_eq!(g.to_move().to_string(), arg, "{ctx}"),
                _ => unreachable!("CHECKS lists every command"),
            }
        }
    }
    cases
}

/// Checks [`Game::choose_legal_move`] and [`Game::legal_move_count`] against the listed
/// moves `legal` of `g`: the count is the number listed, `choose` is told that number and
/// the move at each place is the one listed there; past the end, or with nothing listed
/// (then `choose` is not asked), there is none.
#[allow(dead_code)]
pub fn check_legal_move_choice<G: Game>(g: &G, legal: &[G::Move]) {
    assert_eq!(g.legal_move_count(), legal.len(), "legal_move_count");
    for (i, mv) in legal.iter().enumerate() {
        let chosen = g.choose_legal_move(|n| {
            assert_eq!(n, legal.len(), "the number of moves to choose from");
            i
        });
        assert_eq!(chosen.as_ref(), Some(mv), "the move at place {i}");
    }
    let mut asked = false;
    let past_end = g.choose_legal_move(|n| {
        asked = true;
        n
    });
    assert_eq!(past_end, None, "a place past the end");
    assert_eq!(asked, !legal.is_empty(), "asked to choose among no moves");
}

/// Plays a random game from `new(seed)` for every seed, up to `cap` moves each. At every move
/// it checks that the move's text reads back to the move and that play then undo restores
/// the position (`key` of the game); at the end, that undoing everything restores the start.
/// In the first ten games it checks the choice of a legal move by its place
/// ([`check_legal_move_choice`]) at every position.
/// `each` adds the caller's checks on every position with its legal moves. Returns how many
/// games ended. (Not every test binary uses it.)
#[allow(dead_code)]
pub fn random_playouts<G: Game, K: PartialEq + std::fmt::Debug>(
    seeds: std::ops::Range<u64>,
    cap: usize,
    new: impl Fn(u64) -> G,
    key: impl Fn(&G) -> K,
    each: impl Fn(&G, &[G::Move]),
) -> usize {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut finished = 0;
    let first = seeds.start;
    for seed in seeds {
        let check_choice = seed < first + 10;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = new(seed);
        let start = key(&game);
        let mut n = 0;
        while !game.outcome().is_over() && n < cap {
            let legal = game.legal_moves();
            assert!(!legal.is_empty(), "seed {seed}: an ongoing game has a move");
            each(&game, &legal);
            if check_choice {
                check_legal_move_choice(&game, &legal);
            }
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let text = game.move_text(&mv);
            assert_eq!(
                game.parse_move(&text).as_ref(),
                Ok(&mv),
                "seed {seed}: {text}"
            );
            let before = key(&game);
            game.play(&mv)
                .unwrap_or_else(|e| panic!("seed {seed}: generated move {text} refused: {e}"));
            game.undo();
            assert_eq!(key(&game), before, "seed {seed}: undo of {text}");
            game.play(&mv).unwrap();
            n += 1;
        }
        finished += usize::from(game.outcome().is_over());
        if check_choice {
            check_legal_move_choice(&game, &game.legal_moves());
        }
        while game.undo().is_some() {}
        assert_eq!(key(&game), start, "seed {seed}: undo all");
    }
    finished
}
