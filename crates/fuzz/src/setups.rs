//! Setups of any game as text, from the game's own printing: its standard starts under the
//! options its specs offer and positions of random games from them ([`printed`]), and new
//! setups made from those ([`generate`]): lines swapped for others of the same head, items
//! dropped, doubled or taken from other setups, square names replaced by others the game
//! printed or moved to the edges of a board of another size, numbers moved to boundaries.
//! What is a square is the game's own [`Game::is_square_name`]; nothing here knows a game.

use crate::mutate::{BOUNDARY, number, tokens};
use crate::options::{full, variants};
use crate::play::{from_options, position_text};
use crate::{PerGame, per_game};
use rand::{Rng, rngs::StdRng};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use tabula_rules::Game;
use tabula_rules::playout::random_playout;

/// Positions of random games from `start`, printed as setups: the start and, where the
/// game prints a position reached by play, `walks` later ones.
pub fn walked<G: Game>(start: &G, walks: u64) -> Vec<String> {
    let mut out: Vec<String> = position_text(start).into_iter().collect();
    for seed in 0..walks {
        let mut game = start.clone();
        random_playout(&mut game, seed, 10 + 15 * seed as usize);
        out.extend(position_text(&game));
    }
    out
}

/// A game's options that it accepts, from [`variants`]: the defaults first.
pub fn accepted<G: Game>() -> Vec<(G::Options, G)> {
    variants::<G>()
        .into_iter()
        .filter_map(|(o, _)| from_options::<G>(o.clone()).ok().map(|g| (o, g)))
        .collect()
}

/// The game's printed setups: its standard starts under each option value it accepts and
/// positions of random games from them (six from the defaults' start, two from each other),
/// each after an `options:` line when the options are not the defaults.
pub fn printed<G: Game>() -> Vec<String> {
    let default = G::Options::default();
    let mut out = Vec::new();
    for (options, game) in accepted::<G>() {
        let head = if options == default {
            String::new()
        } else {
            format!("options: {}\n", full(&options))
        };
        let walks = if options == default { 6 } else { 2 };
        out.extend(
            walked(&game, walks)
                .into_iter()
                .map(|s| format!("{head}{s}")),
        );
    }
    out
}

/// A line of a setup split into its head, its items and what joins them: `Fleet 1: S b2,
/// C d1 d2` is the head `Fleet 1` and the items `S b2` and `C d1 d2` joined by `, ` (at
/// commas where there are any, else at spaces); a line without a colon has the words before
/// its first square or number as its head, and no colon to write back.
fn split_line<G: Game>(line: &str) -> (String, Vec<String>, Option<&'static str>) {
    if let Some((head, rest)) = line.split_once(':') {
        let (items, join) = if rest.contains(',') {
            (
                rest.split(',').map(|s| s.trim().to_string()).collect(),
                ", ",
            )
        } else {
            (rest.split_whitespace().map(String::from).collect(), " ")
        };
        return (head.trim().to_string(), items, Some(join));
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| G::is_square_name(w) || w.chars().any(|c| c.is_ascii_digit()))
        .unwrap_or(words.len());
    let items = words[at..].iter().map(|w| w.to_string()).collect();
    (words[..at].join(" "), items, None)
}

/// What new setups of a game are made from.
#[derive(Debug, Default)]
struct Vocabulary {
    /// The printed setups, `options:` line first where there is one.
    setups: Vec<String>,
    /// Lines seen, by head.
    lines: HashMap<String, Vec<String>>,
    /// Items seen, by head.
    items: HashMap<String, Vec<String>>,
    /// Square names seen in setups and in the legal moves' texts.
    squares: Vec<String>,
}

/// The words of `text` that `G` reads as squares.
pub fn squares_in<G: Game>(text: &str) -> Vec<String> {
    let mut out: Vec<String> = tokens(text)
        .into_iter()
        .chain(text.split_whitespace())
        .filter(|t| G::is_square_name(t))
        .map(String::from)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The vocabulary of `G`'s setups, made once a game.
fn vocabulary<G: Game>() -> Arc<Vocabulary> {
    static MADE: PerGame<Vocabulary> = LazyLock::new(Default::default);
    per_game(&MADE, G::ABOUT.name, make_vocabulary::<G>)
}

fn make_vocabulary<G: Game>() -> Vocabulary {
    let mut v = Vocabulary {
        setups: printed::<G>(),
        ..Vocabulary::default()
    };
    for setup in &v.setups {
        for line in setup.lines().filter(|l| !l.starts_with("options:")) {
            let (head, items, _) = split_line::<G>(line);
            v.lines
                .entry(head.clone())
                .or_default()
                .push(line.to_string());
            v.items.entry(head).or_default().extend(items);
        }
        v.squares.extend(squares_in::<G>(setup));
    }
    if let Ok(mut game) = from_options::<G>(G::Options::default()) {
        for seed in 0..4 {
            for mv in game.legal_moves().iter().take(60) {
                v.squares.extend(squares_in::<G>(&game.move_text(mv)));
            }
            random_playout(&mut game, seed, 12);
        }
    }
    for list in v.lines.values_mut().chain(v.items.values_mut()) {
        list.sort();
        list.dedup();
    }
    v.squares.sort();
    v.squares.dedup();
    v
}

/// A number on the edge of a board `size` squares long: its first, last, last but one, or
/// any between.
fn edge(size: u64, rng: &mut StdRng) -> u64 {
    match rng.random_range(0..5) {
        0 => 1,
        1 => size,
        2 => size.saturating_sub(1).max(1),
        _ => rng.random_range(1..=size.max(1)),
    }
}

/// How a new setup changes the base's numbers: from the base's largest coordinate (its
/// board's size) to another size, or not at all.
struct Rescale {
    from: u64,
    to: u64,
}

/// A square name changed: another the game printed, or the same letters (or the letter of
/// the new size's last file) on the edge of the new size.
fn new_square(square: &str, v: &Vocabulary, scale: &Option<Rescale>, rng: &mut StdRng) -> String {
    if !v.squares.is_empty() && (scale.is_none() || rng.random_bool(0.3)) {
        return v.squares[rng.random_range(0..v.squares.len())].clone();
    }
    let to = scale.as_ref().map_or(11, |s| s.to);
    let digits = square.len()
        - square
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .len();
    let (letters, _) = square.split_at(digits);
    let mut letters = letters.to_string();
    if rng.random_ratio(1, 3) && letters.len() == 1 {
        let file = edge(to.min(26), rng) as u8 - 1;
        let first = if letters.chars().all(|c| c.is_ascii_uppercase()) {
            b'A'
        } else {
            b'a'
        };
        letters = char::from(first + file).to_string();
    }
    format!("{letters}{}", edge(to, rng))
}

/// An item with its squares and numbers changed now and then (`p`: how often), and moved to
/// the new size where the setup is rescaled.
fn new_item<G: Game>(
    item: &str,
    v: &Vocabulary,
    scale: &Option<Rescale>,
    p: f64,
    rng: &mut StdRng,
) -> String {
    tokens(item)
        .into_iter()
        .map(|t| {
            if G::is_square_name(t) {
                if rng.random_bool(if scale.is_some() { 0.6 } else { p }) {
                    return new_square(t, v, scale, rng);
                }
                if let Some(s) = scale {
                    let letters = t.trim_end_matches(|c: char| c.is_ascii_digit());
                    if t[letters.len()..].parse::<u64>() == Ok(s.from) {
                        return format!("{letters}{}", s.to);
                    }
                }
            } else if t.chars().all(|c| c.is_ascii_digit()) {
                if let Some(s) = scale
                    && t.parse::<u64>() == Ok(s.from)
                {
                    return s.to.to_string();
                }
                if rng.random_bool(p) {
                    return number(rng);
                }
            }
            t.to_string()
        })
        .collect()
}

/// A new setup of `G` from its printed ones: see the module's doc.
pub fn generate<G: Game>(rng: &mut StdRng) -> String {
    let v = vocabulary::<G>();
    if v.setups.is_empty() {
        return String::new();
    }
    let base = &v.setups[rng.random_range(0..v.setups.len())];
    let largest = squares_in::<G>(base)
        .iter()
        .filter_map(|s| {
            s.trim_start_matches(|c: char| !c.is_ascii_digit())
                .parse::<u64>()
                .ok()
        })
        .max();
    let scale = largest.filter(|_| rng.random_bool(0.3)).map(|from| {
        let sizes: Vec<u64> = BOUNDARY
            .iter()
            .filter_map(|b| b.parse().ok())
            .filter(|n| (1..=255).contains(n))
            .collect();
        let to = if rng.random_bool(0.8) {
            sizes[rng.random_range(0..sizes.len())]
        } else {
            rng.random_range(1..=255)
        };
        Rescale { from, to }
    });
    // How much to change: a little (most of the new setups still read) to a lot.
    let p = [0.03, 0.1, 0.3][rng.random_range(0..3)];
    let mut lines: Vec<String> = Vec::new();
    for line in base.lines() {
        if line.starts_with("options:") {
            if !rng.random_bool(p) {
                lines.push(line.to_string());
            }
            continue;
        }
        let (head, items, join) = split_line::<G>(line);
        if rng.random_bool(p) {
            match rng.random_range(0..3) {
                0 => continue,
                1 => {
                    let others = &v.lines[&head];
                    lines.push(others[rng.random_range(0..others.len())].clone());
                    continue;
                }
                _ => lines.push(line.to_string()),
            }
        }
        let pool = &v.items[&head];
        let mut new: Vec<String> = Vec::new();
        for item in &items {
            if !rng.random_bool(p) {
                new.push(item.clone());
            } else if !pool.is_empty() && rng.random_bool(0.5) {
                new.push(pool[rng.random_range(0..pool.len())].clone());
            }
        }
        if !pool.is_empty() && rng.random_bool(p) {
            for _ in 0..rng.random_range(1..=3) {
                new.push(pool[rng.random_range(0..pool.len())].clone());
            }
        }
        let new: Vec<String> = new
            .iter()
            .map(|item| new_item::<G>(item, &v, &scale, p, rng))
            .collect();
        let head = new_item::<G>(&head, &v, &scale, p, rng);
        lines.push(match join {
            Some(join) => format!("{head}: {}", new.join(join)),
            None => format!("{head} {}", new.join(" ")).trim().to_string(),
        });
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_game_prints_setups_that_read_back_and_new_ones_are_often_read() {
        fn check<G: Game>() {
            let setups = printed::<G>();
            assert!(
                setups.len() >= 3,
                "{}: {} setups",
                G::ABOUT.name,
                setups.len()
            );
            let read = |text: &str| {
                let (options, setup) = match text.split_once('\n') {
                    Some((o, s)) if o.starts_with("options:") => (&o["options:".len()..], s),
                    _ => ("", text),
                };
                let options = crate::options::parse::<G::Options>(options)
                    .unwrap_or_else(|e| panic!("{}: options {options}: {e}", G::ABOUT.name));
                crate::play::from_setup_text::<G>(setup, options).is_ok()
            };
            // Every printed setup should read back. The defaults' must; a start under other
            // options that does not is a fault of the rules crate, printed here for it, and
            // at most a tenth may fail.
            let unread: Vec<&String> = setups.iter().filter(|s| !read(s)).collect();
            for s in &unread {
                eprintln!("{}: a printed setup is not read back:\n{s}", G::ABOUT.name);
                assert!(
                    s.starts_with("options:"),
                    "{}: the defaults' start",
                    G::ABOUT.name
                );
            }
            assert!(unread.len() * 10 <= setups.len(), "{}", G::ABOUT.name);
            let mut rng = StdRng::seed_from_u64(5);
            let made: Vec<String> = (0..300).map(|_| generate::<G>(&mut rng)).collect();
            let ok = made.iter().filter(|s| read(s)).count();
            let new = made
                .iter()
                .filter(|s| read(s) && !setups.contains(s))
                .count();
            assert!(
                ok >= 15 && new >= 5,
                "{}: {ok} of 300 read, {new} new",
                G::ABOUT.name
            );
        }
        tabula_rules::each_game!(G => { check::<G>(); });
    }
}
