//! Any game's options in RON, for the options targets: read as a scene reads them, and made
//! at random field by field from what the game's own options print, so that no game's fields
//! are written here. A game's fields and the values worth trying for each come from its
//! defaults written in RON and from each of its option specs ([`RulesOptions::SPECS`]) set to
//! each value it offers and to the edges of its range; a field's spec also says how wide its
//! numbers are.

use crate::mutate::{BOUNDARY, number, tokens};
use crate::{PerGame, per_game};
use rand::{Rng, rngs::StdRng};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::{Arc, LazyLock};
use tabula_rules::Game;
use tabula_rules::options::{OptionKind, OptionSpec, RulesOptions, Width};

/// Reads options as a scene does: `()` or nothing for the defaults, bare optional values.
pub fn parse<T: DeserializeOwned + Default>(text: &str) -> Result<T, String> {
    let text = text.trim();
    if text.is_empty() || text == "()" {
        return Ok(T::default());
    }
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| e.to_string())
}

/// Options written out in full in RON.
pub fn full<T: Serialize>(options: &T) -> String {
    ron::to_string(options).unwrap_or_else(|_| "()".into())
}

/// Splits `text` at each `sep` outside brackets and quotes, each piece trimmed.
fn split_top(text: &str, sep: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut quoted = false;
    let mut piece = String::new();
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            c if c == sep && depth == 0 && !quoted => {
                out.push(std::mem::take(&mut piece).trim().to_string());
                continue;
            }
            _ => {}
        }
        piece.push(c);
    }
    if !piece.trim().is_empty() {
        out.push(piece.trim().to_string());
    }
    out
}

/// The fields of options written in RON, in order: `(a: 1, b: [2, 3])` gives `a` with `1`
/// and `b` with `[2, 3]`. Empty for text that is no struct.
pub fn fields_of(text: &str) -> Vec<(String, String)> {
    let Some(body) = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
    else {
        return Vec::new();
    };
    split_top(body, ',')
        .into_iter()
        .filter_map(|field| {
            let (name, value) = field.split_once(':')?;
            Some((name.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

/// The items of a list written in RON (`[a, b]`), or `None` for a value that is no list.
fn items(value: &str) -> Option<Vec<String>> {
    let body = value.strip_prefix('[')?.strip_suffix(']')?;
    Some(split_top(body, ','))
}

/// The texts worth setting an option to: each value it offers, the edges of its range and
/// just past them, and the edges of its width.
pub fn spec_texts(spec: &OptionSpec) -> Vec<String> {
    let numbers = |width: Width, min: u64, max: u64| {
        let mut n = vec![0, 1, min, max, min.saturating_sub(1), width.max()];
        if max < width.max() {
            n.push(max + 1);
        }
        n
    };
    let mut texts: Vec<String> = match spec.kind {
        OptionKind::Switch { .. } => vec![String::new(), "false".into()],
        OptionKind::Number {
            width, min, max, ..
        } => numbers(width, min, max)
            .iter()
            .map(u64::to_string)
            .collect(),
        OptionKind::Repeated { min, max, .. } => numbers(Width::U8, min, max)
            .iter()
            .map(u64::to_string)
            .collect(),
        OptionKind::Choice { values, .. } => values.iter().map(|c| c.name.to_string()).collect(),
        OptionKind::Free => ["0", "1", "2", "255", "4294967296", "18446744073709551615"]
            .map(String::from)
            .to_vec(),
    };
    texts.extend(spec.offers().into_iter().filter_map(|(text, _)| text));
    texts.sort();
    texts.dedup();
    texts
}

/// How many bits an option's numbers hold.
fn bits(spec: &OptionSpec) -> u32 {
    match spec.kind {
        OptionKind::Number {
            width: Width::U8, ..
        }
        | OptionKind::Repeated { .. } => 8,
        OptionKind::Number {
            width: Width::U32, ..
        } => 32,
        _ => 64,
    }
}

/// A game's options worth building, each with the bits of the numbers of the option it
/// sets: the defaults, then each option set to each of [`spec_texts`] (a repeated option
/// also to two values at once). Not checked by the game: some are out of its range.
pub fn variants<G: Game>() -> Vec<(G::Options, u32)> {
    let mut out = vec![(G::Options::default(), 64)];
    for spec in <G::Options as RulesOptions>::SPECS {
        let texts = spec_texts(spec);
        for text in &texts {
            let mut options = G::Options::default();
            if options.set(spec.name, text).is_ok() {
                out.push((options.clone(), bits(spec)));
                if matches!(spec.kind, OptionKind::Repeated { .. })
                    && let Some(last) = texts.last()
                    && options.set(spec.name, last).is_ok()
                {
                    out.push((options, bits(spec)));
                }
            }
        }
    }
    let mut distinct: Vec<(G::Options, u32)> = Vec::new();
    for (options, bits) in out {
        if !distinct.iter().any(|(o, _)| *o == options) {
            distinct.push((options, bits));
        }
    }
    distinct
}

/// One field of a game's options: its name in RON, the values seen for it, and how many
/// bits its numbers hold (8 where no option spec sets it).
#[derive(Debug, Clone)]
pub struct Field {
    /// Its name in RON.
    pub name: String,
    /// Values seen for it, written in RON.
    pub values: Vec<String>,
    /// How many bits its numbers hold.
    pub bits: u32,
}

/// The fields of `G`'s options and the values seen for each ([`variants`]), in the order
/// the defaults print them; made once a game.
pub fn fields<G: Game>() -> Arc<Vec<Field>> {
    static MADE: PerGame<Vec<Field>> = LazyLock::new(Default::default);
    per_game(&MADE, G::ABOUT.name, make_fields::<G>)
}

fn make_fields<G: Game>() -> Vec<Field> {
    let defaults = fields_of(&full(&G::Options::default()));
    let mut fields: Vec<Field> = defaults
        .iter()
        .map(|(name, value)| Field {
            name: name.clone(),
            values: vec![value.clone()],
            bits: 0,
        })
        .collect();
    for (options, bits) in variants::<G>() {
        for (name, value) in fields_of(&full(&options)) {
            let Some(field) = fields.iter_mut().find(|f| f.name == name) else {
                continue;
            };
            if !field.values.contains(&value) {
                field.values.push(value);
                field.bits = field.bits.max(bits);
            }
        }
    }
    for field in &mut fields {
        if field.bits == 0 {
            field.bits = 8;
        }
    }
    fields
}

/// An unsigned number of `bits`, mostly in range: boundaries, small values, and now and
/// then one just past the type.
pub fn uint(bits: u32, rng: &mut StdRng) -> String {
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

/// `value` with its numbers replaced, each now and then, by numbers of `bits`.
fn renumber(value: &str, bits: u32, rng: &mut StdRng) -> String {
    tokens(value)
        .into_iter()
        .map(|t| {
            if t.chars().all(|c| c.is_ascii_digit()) && rng.random_bool(0.7) {
                uint(bits, rng)
            } else {
                t.to_string()
            }
        })
        .collect()
}

/// A value for `field`: one seen, its numbers changed now and then, a list rebuilt from
/// the items seen in its lists, an optional value written bare or as `None`.
fn value(field: &Field, rng: &mut StdRng) -> String {
    let seen = &field.values[rng.random_range(0..field.values.len())];
    if seen.starts_with('[') && rng.random_bool(0.5) {
        let pool: Vec<String> = field
            .values
            .iter()
            .filter_map(|v| items(v))
            .flatten()
            .collect();
        let most = if pool.len() > 6 { 16 } else { 6 };
        let n = match rng.random_range(0..4) {
            0 => 0,
            1 => 1,
            _ => rng.random_range(0..most),
        };
        let list: Vec<String> = (0..n)
            .filter(|_| !pool.is_empty())
            .map(|_| {
                let item = &pool[rng.random_range(0..pool.len())];
                renumber(item, field.bits, rng)
            })
            .collect();
        return format!("[{}]", list.join(", "));
    }
    let v = if rng.random_bool(0.5) {
        renumber(seen, field.bits, rng)
    } else {
        seen.clone()
    };
    if let Some(inner) = v.strip_prefix("Some(").and_then(|s| s.strip_suffix(')')) {
        match rng.random_range(0..4) {
            0 => return "None".into(),
            1 => return inner.to_string(),
            _ => {}
        }
    }
    v
}

/// Options for `G` in RON with random field values: each field written or left to its
/// default, now and then a field the options do not have, now and then out of order.
pub fn generate<G: Game>(rng: &mut StdRng) -> String {
    let fields = fields::<G>();
    let mut parts: Vec<String> = Vec::new();
    for field in fields.iter() {
        if rng.random_bool(0.6) {
            parts.push(format!("{}: {}", field.name, value(field, rng)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn fields_are_split_at_the_top_level_only() {
        let f = fields_of("(a:1,b:[Steps(2),LoseTurn],c:Some(3),d:\"x, y\")");
        let names: Vec<&str> = f.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        assert_eq!(f[1].1, "[Steps(2),LoseTurn]");
        assert_eq!(f[3].1, "\"x, y\"");
        assert_eq!(
            items(&f[1].1).unwrap(),
            ["Steps(2)".to_string(), "LoseTurn".into()]
        );
        assert!(fields_of("Red").is_empty());
    }

    #[test]
    fn every_game_has_fields_with_values_and_generated_options_are_mostly_read() {
        fn check<G: Game>() {
            let fields = fields::<G>();
            assert!(!fields.is_empty(), "{}", G::ABOUT.name);
            // Each option spec sets a field, so such fields have seen more than their default.
            let set = fields.iter().filter(|f| f.values.len() > 1).count();
            let specs = <G::Options as RulesOptions>::SPECS.len();
            assert!(set >= specs.min(1), "{}: {set} fields set", G::ABOUT.name);
            let mut rng = StdRng::seed_from_u64(1);
            let read = (0..200)
                .filter(|_| parse::<G::Options>(&generate::<G>(&mut rng)).is_ok())
                .count();
            assert!(read > 60, "{}: {read} of 200", G::ABOUT.name);
        }
        tabula_rules::each_game!(G => { check::<G>(); });
    }
}
