//! A table's clock: the seconds each move may take (a day a move is 86,400), given with the
//! table's options as `clock: N` and taken out of them before the game reads them. A seat
//! whose time runs out loses: the server resigns it, and everyone is told as of any move.

use std::time::{SystemTime, UNIX_EPOCH};

/// The name of the clock among a table's options.
pub const CLOCK: &str = "clock";
/// The longest time a move may be given: 30 days.
pub const MAX_SECONDS: u64 = 30 * 86_400;

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Splits a table's options in RON (`(players: 4, clock: 60)`) into the game's options and
/// the clock's seconds a move, if given; a clock that is not a whole number from 1 to
/// [`MAX_SECONDS`] is refused in words.
pub fn take(options: &str) -> Result<(String, Option<u64>), String> {
    let text = options.trim();
    let Some((start, end, value)) = find(text) else {
        return Ok((text.to_string(), None));
    };
    let seconds: u64 = value
        .parse()
        .ok()
        .filter(|s| (1..=MAX_SECONDS).contains(s))
        .ok_or_else(|| {
            format!("clock: {value:?} is not a number of seconds from 1 to {MAX_SECONDS}")
        })?;
    // The comma the clock leaves behind goes with it: the one after it, else the one before.
    let bytes = text.as_bytes();
    let (mut start, mut end) = (start, end);
    let mut after = end;
    while after < bytes.len() && bytes[after].is_ascii_whitespace() {
        after += 1;
    }
    if after < bytes.len() && bytes[after] == b',' {
        end = after + 1;
        while end < bytes.len() && bytes[end].is_ascii_whitespace() {
            end += 1;
        }
    } else {
        let mut before = start;
        while before > 0 && bytes[before - 1].is_ascii_whitespace() {
            before -= 1;
        }
        if before > 0 && bytes[before - 1] == b',' {
            start = before - 1;
        }
    }
    let rest = format!("{}{}", &text[..start], &text[end..]);
    let rest = if squeeze(&rest) == "()" {
        String::new()
    } else {
        rest.trim().to_string()
    };
    Ok((rest, Some(seconds)))
}

/// The game's `options` with the clock written back in (as [`take`] reads it).
pub fn put(options: &str, seconds: Option<u64>) -> String {
    let Some(seconds) = seconds else {
        return options.to_string();
    };
    let text = options.trim();
    match text.strip_suffix(')') {
        Some(inner) if squeeze(inner) != "(" => format!("{inner}, {CLOCK}: {seconds})"),
        _ => format!("({CLOCK}: {seconds})"),
    }
}

/// Where `clock: N` stands in `text`: its start, its end, and the value's text.
fn find(text: &str) -> Option<(usize, usize, &str)> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find(CLOCK).map(|i| i + from) {
        let before_ok =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let mut i = at + CLOCK.len();
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if before_ok && i < bytes.len() && bytes[i] == b':' {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let value_start = i;
            while i < bytes.len()
                && !matches!(bytes[i], b',' | b')')
                && !bytes[i].is_ascii_whitespace()
            {
                i += 1;
            }
            return Some((at, i, &text[value_start..i]));
        }
        from = at + CLOCK.len();
    }
    None
}

/// `text` without white space.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_taken_out_of_the_options_and_put_back() {
        assert_eq!(take("").unwrap(), (String::new(), None));
        assert_eq!(take("(players: 4)").unwrap(), ("(players: 4)".into(), None));
        assert_eq!(take("(clock: 30)").unwrap(), (String::new(), Some(30)));
        assert_eq!(
            take("(players: 4, clock: 86400)").unwrap(),
            ("(players: 4)".into(), Some(86_400))
        );
        assert_eq!(
            take("(clock:60,rules:Parker1930)").unwrap(),
            ("(rules:Parker1930)".into(), Some(60))
        );
        assert_eq!(
            take("(a: 1, clock: 5, b: 2)").unwrap(),
            ("(a: 1, b: 2)".into(), Some(5))
        );
        // A name that only ends in "clock" is not the clock.
        assert_eq!(take("(noclock: 3)").unwrap(), ("(noclock: 3)".into(), None));
        for bad in [
            "(clock: 0)",
            "(clock: -3)",
            "(clock: x)",
            "(clock: 99999999)",
        ] {
            assert!(take(bad).unwrap_err().starts_with("clock:"), "{bad}");
        }
        for (options, seconds) in [("", Some(30)), ("(players: 4)", Some(60)), ("()", Some(1))] {
            let (rest, back) = take(&put(options, seconds)).unwrap();
            assert_eq!(back, seconds);
            assert_eq!(rest, if options == "()" { "" } else { options });
        }
        assert_eq!(put("(players: 4)", None), "(players: 4)");
    }
}
