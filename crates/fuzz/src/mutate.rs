//! Mutations of text inputs (byte flips, token swaps, numbers replaced by boundary values,
//! lines deleted or doubled, splices between inputs) and generated options in RON.

use rand::{Rng, rngs::StdRng};
use tabula_rules::scene::GameKind;

/// Numbers that sit on the edges of the integer types and of the boards.
pub const BOUNDARY: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "8",
    "9",
    "10",
    "11",
    "12",
    "13",
    "15",
    "16",
    "17",
    "24",
    "25",
    "26",
    "27",
    "63",
    "64",
    "100",
    "126",
    "127",
    "128",
    "129",
    "254",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-1",
    "-2",
    "-127",
    "-128",
    "-129",
    "-2147483648",
    "0.5",
    "-0",
    "+1",
];

/// Short pieces of text worth dropping in anywhere.
const SNIPPETS: &[&str] = &[
    "\n",
    " ",
    ",",
    ":",
    ";",
    "|",
    "-",
    "x",
    "+",
    "@",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "'",
    "#",
    "/",
    "//",
    "/*",
    "*/",
    "\\",
    "0",
    "9",
    "a",
    "z",
    "Z",
    "é",
    "\u{0}",
    "\u{7f}",
    "\t",
    "\r\n",
    "Some(",
    "None",
    "()",
    "true",
    "false",
    "moved",
    "unmoved",
    "to move",
    "takes",
    "to",
    "at",
    "on station",
    "home",
    "stay",
    "draw",
    "throw",
    "card",
    "pass",
    "random: ",
    "undo: ",
    "try: ",
    "options: ",
    "setup: ",
];

/// The edges of the integer types alone, drawn more often than the rest.
const EDGES: &[&str] = &[
    "0",
    "1",
    "127",
    "128",
    "254",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-1",
    "-128",
    "-129",
];

/// A number as text, biased to the boundaries.
pub fn number(rng: &mut StdRng) -> String {
    match rng.random_range(0..20) {
        0..=6 => EDGES[rng.random_range(0..EDGES.len())].to_string(),
        7..=10 => BOUNDARY[rng.random_range(0..BOUNDARY.len())].to_string(),
        11..=16 => rng.random_range(0..40).to_string(),
        17 => rng.random::<u8>().to_string(),
        _ => rng.random::<u64>().to_string(),
    }
}

/// Splits text into tokens: runs of letters and digits, and single other characters.
pub fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut word = false;
    for (i, c) in text.char_indices() {
        let w = c.is_alphanumeric() || c == '_';
        if i > start && !(w && word) {
            out.push(&text[start..i]);
            start = i;
        }
        word = w;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// A char boundary of `text` at or before `i`.
fn boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A random char boundary of `text`.
fn any_boundary(text: &str, rng: &mut StdRng) -> usize {
    boundary(text, rng.random_range(0..=text.len()))
}

/// One mutation of `input`. `others` are inputs of the same target to splice from;
/// `words` are tokens seen in the corpus.
pub fn mutate_once(input: &str, rng: &mut StdRng, others: &[String], words: &[String]) -> String {
    let mut s = input.to_string();
    match rng.random_range(0..14) {
        // A byte flipped (the text is kept valid UTF-8).
        0 => {
            let mut bytes = s.into_bytes();
            if !bytes.is_empty() {
                let i = rng.random_range(0..bytes.len());
                bytes[i] ^= 1 << rng.random_range(0..8);
            }
            s = String::from_utf8_lossy(&bytes).into_owned();
        }
        // A character replaced by a printable one.
        1 => {
            if !s.is_empty() {
                let i = any_boundary(&s, rng).min(s.len().saturating_sub(1));
                let i = boundary(&s, i);
                let len = s[i..].chars().next().map_or(0, char::len_utf8);
                let c = char::from(rng.random_range(32u8..127));
                s.replace_range(i..i + len, &c.to_string());
            }
        }
        // A snippet inserted.
        2 => {
            let i = any_boundary(&s, rng);
            s.insert_str(i, SNIPPETS[rng.random_range(0..SNIPPETS.len())]);
        }
        // Two tokens swapped.
        3 => {
            let t = tokens(&s);
            if t.len() >= 2 {
                let (a, b) = (rng.random_range(0..t.len()), rng.random_range(0..t.len()));
                let mut t: Vec<&str> = t;
                t.swap(a, b);
                s = t.concat();
            }
        }
        // A token replaced by a corpus word or a snippet.
        4 | 5 => {
            let t = tokens(&s);
            if !t.is_empty() {
                let i = rng.random_range(0..t.len());
                let word = if !words.is_empty() && rng.random_bool(0.8) {
                    words[rng.random_range(0..words.len())].as_str()
                } else {
                    SNIPPETS[rng.random_range(0..SNIPPETS.len())]
                };
                let mut t: Vec<&str> = t;
                t[i] = word;
                s = t.concat();
            }
        }
        // A number replaced by a boundary value (or one inserted where there is none).
        6..=8 => {
            let t = tokens(&s);
            let numbers: Vec<usize> = (0..t.len())
                .filter(|&i| t[i].chars().any(|c| c.is_ascii_digit()))
                .collect();
            let n = number(rng);
            if numbers.is_empty() {
                let i = any_boundary(&s, rng);
                s.insert_str(i, &n);
            } else {
                let i = numbers[rng.random_range(0..numbers.len())];
                // Keep a square's letters: replace only the digits of the token.
                let token = t[i];
                let letters: String = token.chars().take_while(|c| !c.is_ascii_digit()).collect();
                let replaced = format!("{letters}{n}");
                let mut t: Vec<&str> = t;
                t[i] = &replaced;
                s = t.concat();
            }
        }
        // A line deleted, doubled or moved.
        9 => {
            let mut lines: Vec<&str> = s.split_inclusive('\n').collect();
            if !lines.is_empty() {
                let i = rng.random_range(0..lines.len());
                match rng.random_range(0..3) {
                    0 => {
                        lines.remove(i);
                    }
                    1 => lines.insert(i, lines[i]),
                    _ => {
                        let l = lines.remove(i);
                        let j = rng.random_range(0..=lines.len());
                        lines.insert(j, l);
                    }
                }
                s = lines.concat();
            }
        }
        // A splice: a piece of another input put in.
        10 => {
            if !others.is_empty() {
                let other = &others[rng.random_range(0..others.len())];
                let a = any_boundary(other, rng);
                let b = any_boundary(other, rng);
                let (a, b) = (a.min(b), a.max(b));
                let i = any_boundary(&s, rng);
                s.insert_str(i, &other[a..b]);
            }
        }
        // Another input's lines crossed with this one's.
        11 => {
            if !others.is_empty() {
                let other = &others[rng.random_range(0..others.len())];
                let mine: Vec<&str> = s.lines().collect();
                let theirs: Vec<&str> = other.lines().collect();
                let cut_a = rng.random_range(0..=mine.len());
                let cut_b = rng.random_range(0..=theirs.len());
                let mut lines: Vec<&str> = mine[..cut_a].to_vec();
                lines.extend_from_slice(&theirs[cut_b..]);
                s = lines.join("\n");
            }
        }
        // One number replaced everywhere it stands (a board size and the squares on its
        // edge, say).
        12 => {
            let t = tokens(&s);
            let numbers: Vec<String> = t
                .iter()
                .map(|w| w.trim_start_matches(|c: char| !c.is_ascii_digit()))
                .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
                .map(String::from)
                .collect();
            if !numbers.is_empty() {
                let old = &numbers[rng.random_range(0..numbers.len())];
                let new = number(rng);
                s = t
                    .iter()
                    .map(|w| {
                        let letters = w.trim_end_matches(|c: char| c.is_ascii_digit());
                        if &w[letters.len()..] == old.as_str() {
                            format!("{letters}{new}")
                        } else {
                            (*w).to_string()
                        }
                    })
                    .collect();
            }
        }
        // Cut short.
        _ => {
            let i = any_boundary(&s, rng);
            s.truncate(i);
        }
    }
    s
}

/// One to four mutations of `input`, capped at 16 KiB.
pub fn mutate(input: &str, rng: &mut StdRng, others: &[String], words: &[String]) -> String {
    let mut s = input.to_string();
    for _ in 0..rng.random_range(1..=4) {
        s = mutate_once(&s, rng, others, words);
    }
    let cut = boundary(&s, 16 * 1024);
    s.truncate(cut);
    s
}

/// What an options field holds, for generating values.
#[derive(Debug, Clone, Copy)]
pub enum Field {
    /// An unsigned integer of this many bits.
    Uint(u32),
    /// `None` or `Some` of an unsigned integer of this many bits.
    OptUint(u32),
    /// true or false.
    Bool,
    /// One of these variants.
    Enum(&'static [&'static str]),
    /// A list of small unsigned integers.
    Bytes,
    /// A list of chance cards.
    Deck,
}

/// Every field of each game's options.
pub fn fields(kind: GameKind) -> &'static [(&'static str, Field)] {
    match kind {
        GameKind::War => &[
            ("first", Field::Enum(&["Red", "Blue"])),
            ("citadel_win", Field::Enum(&["Immediate", "AfterReply"])),
            ("no_move", Field::Enum(&["Loss", "Draw"])),
            ("repetition_grace", Field::OptUint(32)),
            ("move_time_limit", Field::OptUint(32)),
            ("offered", Field::Enum(&["Diagonal", "Jumpable"])),
        ],
        GameKind::Camelot => &[
            ("rules", Field::Enum(&["Wcf", "Parker1930"])),
            ("castle_move_limit", Field::Uint(8)),
            ("no_progress_moves", Field::OptUint(32)),
        ],
        GameKind::Transport => &[
            ("mode", Field::Enum(&["Two", "Teams", "Royal"])),
            ("size", Field::Uint(8)),
            ("planes", Field::Uint(8)),
            ("shells", Field::Uint(8)),
            ("torpedoes", Field::Uint(8)),
            ("handicapped", Field::Bytes),
            ("turn_limit", Field::OptUint(32)),
            ("plane_passing", Field::Enum(&["HeadOn", "AlongFlight"])),
            ("torpedo_launch_off_board", Field::Bool),
            ("armed_transport", Field::Bool),
        ],
        GameKind::Screwball => &[
            ("large", Field::Uint(8)),
            ("small", Field::Uint(8)),
            ("no_move", Field::Enum(&["Enter", "Pass"])),
            ("place_only_where_playable", Field::Bool),
        ],
        GameKind::Fences => &[
            ("players", Field::Uint(8)),
            ("size", Field::Uint(8)),
            ("stations", Field::Bytes),
            ("play_for_places", Field::Bool),
            ("seed", Field::Uint(64)),
            ("chance_cards", Field::Bool),
            ("deck", Field::Deck),
            ("entrance_fences", Field::Bool),
        ],
    }
}

/// An unsigned number of `bits`, mostly in range: boundaries, small values, and now and
/// then one just past the type.
fn uint(bits: u32, rng: &mut StdRng) -> String {
    let max = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    match rng.random_range(0..20) {
        0 => (u128::from(max) + 1).to_string(),
        1 => "-1".into(),
        2..=7 => BOUNDARY
            .iter()
            .filter_map(|b| b.parse::<u64>().ok())
            .filter(|b| *b <= max)
            .nth(rng.random_range(0..20))
            .unwrap_or(max)
            .to_string(),
        8..=9 => max.to_string(),
        10..=15 => rng.random_range(0..30u64).min(max).to_string(),
        _ => (rng.random::<u64>() & max).to_string(),
    }
}

fn value(field: Field, rng: &mut StdRng) -> String {
    match field {
        Field::Uint(bits) => uint(bits, rng),
        Field::OptUint(bits) => match rng.random_range(0..4) {
            0 => "None".into(),
            1 => uint(bits, rng),
            _ => format!("Some({})", uint(bits, rng)),
        },
        Field::Bool => rng.random_bool(0.5).to_string(),
        Field::Enum(variants) => variants[rng.random_range(0..variants.len())].to_string(),
        Field::Bytes => {
            let n = rng.random_range(0..6);
            let items: Vec<String> = (0..n)
                .map(|_| match rng.random_range(0..3) {
                    0 => uint(8, rng),
                    _ => rng.random_range(0..6).to_string(),
                })
                .collect();
            format!("[{}]", items.join(", "))
        }
        Field::Deck => {
            let n = match rng.random_range(0..4) {
                0 => 0,
                1 => 1,
                _ => rng.random_range(0..16),
            };
            let items: Vec<String> = (0..n)
                .map(|_| match rng.random_range(0..3) {
                    0 => format!("Steps({})", uint(8, rng)),
                    1 => format!("JumpFence({})", uint(8, rng)),
                    _ => "LoseTurn".into(),
                })
                .collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// Options for `kind` in RON with random field values: each field written or left to its
/// default, now and then a field the options do not have.
pub fn options_ron(kind: GameKind, rng: &mut StdRng) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (name, field) in fields(kind) {
        if rng.random_bool(0.6) {
            parts.push(format!("{name}: {}", value(*field, rng)));
        }
    }
    if rng.random_ratio(1, 30) {
        parts.push(format!("unknown: {}", number(rng)));
    }
    if parts.len() > 1 && rng.random_ratio(1, 10) {
        let (a, b) = (
            rng.random_range(0..parts.len()),
            rng.random_range(0..parts.len()),
        );
        parts.swap(a, b);
    }
    format!("({})", parts.join(", "))
}

/// A Transport setup on a board of random size (the setup text may name any size), with
/// fleets of random pieces, often on the board's far edges, missiles and reserves.
pub fn transport_setup(rng: &mut StdRng) -> String {
    const SIZES: &[u8] = &[
        1, 2, 7, 8, 9, 11, 13, 25, 26, 27, 63, 64, 100, 125, 126, 127, 128, 200, 255,
    ];
    let size = if rng.random_bool(0.8) {
        SIZES[rng.random_range(0..SIZES.len())]
    } else {
        rng.random()
    };
    let span = i32::from(size).clamp(1, 127);
    let coordinate = |rng: &mut StdRng, limit: i32| -> i32 {
        match rng.random_range(0..5) {
            0 => 1,
            1 => limit,
            2 => (limit - 1).max(1),
            _ => rng.random_range(1..=limit),
        }
    };
    let square =
        |rng: &mut StdRng| -> (i32, i32) { (coordinate(rng, span.min(26)), coordinate(rng, span)) };
    let name = |(x, y): (i32, i32)| format!("{}{y}", char::from(b'a' + (x - 1) as u8));
    let mode = ["two", "two", "two", "teams", "royal"][rng.random_range(0..5)];
    let fleets = if mode == "two" { 2 } else { 4 };
    let mut lines = vec![format!("Size: {size}"), format!("Mode: {mode}")];
    for fleet in 1..=fleets {
        let mut pieces = Vec::new();
        for kind in ["T", "S", "C", "B", "D"] {
            if kind != "T" && !rng.random_bool(0.6) {
                continue;
            }
            let at = square(rng);
            let mut piece = format!("{kind} {}", name(at));
            if kind == "C" || kind == "B" {
                let (dx, dy) = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1)][rng.random_range(0..5)];
                let bow = ((at.0 + dx).clamp(1, 26), (at.1 + dy).max(1));
                piece.push_str(&format!(" {}", name(bow)));
            }
            if rng.random_ratio(1, 4) {
                piece.push_str(" moved");
            }
            pieces.push(piece);
        }
        lines.push(format!("Fleet {fleet}: {}", pieces.join(", ")));
        if rng.random_ratio(1, 3) {
            let missiles: Vec<String> = (0..rng.random_range(1..4))
                .map(|_| {
                    let noun = ["plane", "shell", "torpedo"][rng.random_range(0..3)];
                    let heading =
                        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][rng.random_range(0..8)];
                    format!("{noun} {} {heading}", name(square(rng)))
                })
                .collect();
            lines.push(format!("Fleet {fleet} missiles: {}", missiles.join(", ")));
        }
        if rng.random_ratio(1, 3) {
            lines.push(format!(
                "Fleet {fleet} reserve: {} planes, {} shells, {} torpedoes",
                uint(8, rng),
                uint(8, rng),
                uint(8, rng)
            ));
        }
    }
    lines.push(format!("Fleet {} to move", rng.random_range(1..=fleets)));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn tokens_cover_the_text() {
        let text = "Red: K at KF2, M at GF2\nRed to move";
        assert_eq!(tokens(text).concat(), text);
        assert!(tokens(text).contains(&"KF2"));
    }

    #[test]
    fn mutations_stay_valid_text_and_bounded() {
        let mut rng = StdRng::seed_from_u64(7);
        let others = vec!["White men: E5\nWhite to move".to_string()];
        let mut s = "Red: K at K1 é\nRed to move".to_string();
        for _ in 0..2000 {
            s = mutate(&s, &mut rng, &others, &["KF2".into()]);
            assert!(s.len() <= 16 * 1024);
        }
    }

    #[test]
    fn generated_options_are_mostly_read() {
        let mut rng = StdRng::seed_from_u64(1);
        let read = (0..200)
            .filter(|_| {
                let text = options_ron(GameKind::Transport, &mut rng);
                crate::targets::parse_options::<tabula_rules::transport::TransportOptions>(&text)
                    .is_ok()
            })
            .count();
        assert!(read > 60, "{read} of 200");
    }
}
