//! Mutations of text inputs: byte flips, token swaps, numbers replaced by boundary values,
//! lines deleted or doubled, splices between inputs. They know no game: the words a token is
//! replaced by are those of the target's own inputs, which for a game's targets are the
//! game's own printed setups and moves.

use rand::{Rng, rngs::StdRng};

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

/// Short pieces of text worth dropping in anywhere: punctuation, odd characters, RON's
/// words and the script commands of the targets.
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
        // A snippet or a corpus word inserted.
        2 => {
            let i = any_boundary(&s, rng);
            let piece = if !words.is_empty() && rng.random_bool(0.5) {
                words[rng.random_range(0..words.len())].as_str()
            } else {
                SNIPPETS[rng.random_range(0..SNIPPETS.len())]
            };
            s.insert_str(i, piece);
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
}
