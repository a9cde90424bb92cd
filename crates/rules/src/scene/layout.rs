//! Where the values of a RON text stand: a small reader that knows comments, strings and
//! nesting, so that an error can name the line of the very move or note it is about
//! (however the file is laid out, and whatever its comments say).

/// A value of the text and where it starts and ends (byte offsets).
#[derive(Debug, Clone)]
pub(crate) struct Value {
    /// Its first byte (the name, for `Note(...)`).
    pub(crate) start: usize,
    /// One past its last byte.
    pub(crate) end: usize,
    /// What it holds.
    pub(crate) body: Body,
}

/// What a value holds, as far as finding things needs.
#[derive(Debug, Clone)]
pub(crate) enum Body {
    /// A number, string, character or bare name.
    Atom,
    /// `[a, b]` or `(a, b)`, after a name or not.
    Seq(Vec<Value>),
    /// `(name: value, ...)`, after a name or not.
    Fields(Vec<(String, Value)>),
    /// `{key: value, ...}`.
    Map(Vec<(Value, Value)>),
}

impl Value {
    /// The value of the field `name` of a struct.
    pub(crate) fn field(&self, name: &str) -> Option<&Value> {
        match &self.body {
            Body::Fields(fields) => fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The `index`-th element of a list or tuple.
    pub(crate) fn item(&self, index: usize) -> Option<&Value> {
        match &self.body {
            Body::Seq(items) => items.get(index),
            _ => None,
        }
    }

    /// The value at `path`, such as `solution[2]` or `wrong[1].says`: fields by name, list
    /// items by index, followed as far as it is written (this value itself when none of it
    /// is).
    pub(crate) fn follow(&self, path: &str) -> &Value {
        let mut value = self;
        for segment in path.split('.').filter(|s| !s.is_empty()) {
            let (name, item) = match segment.split_once('[') {
                Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
                None => (segment, None),
            };
            let Some(next) = value.field(name) else { break };
            value = next;
            if let Some(i) = item {
                let Some(next) = value.item(i) else { break };
                value = next;
            }
        }
        value
    }

    /// The key of a map entry whose key text (in `source`) passes `matches`.
    pub(crate) fn key<'a>(
        &'a self,
        source: &str,
        matches: impl Fn(&str) -> bool,
    ) -> Option<&'a Value> {
        match &self.body {
            Body::Map(entries) => entries.iter().map(|(k, _)| k).find(|k| {
                source
                    .get(k.start..k.end)
                    .is_some_and(|t| matches(t.trim()))
            }),
            _ => None,
        }
    }
}

/// Reads the top value of a RON text (after any `#![...]` attributes); `None` when the
/// text is not laid out as this reader expects.
pub(crate) fn read(source: &str) -> Option<Value> {
    let mut r = Reader {
        src: source.as_bytes(),
        pos: 0,
    };
    r.skip_space();
    while r.at(b"#![") {
        while r.peek()? != b']' {
            r.pos += 1;
        }
        r.pos += 1;
        r.skip_space();
    }
    r.value(0)
}

/// Nesting deeper than this is not followed (a scene needs a handful of levels).
const DEPTH: usize = 64;

struct Reader<'a> {
    src: &'a [u8],
    pos: usize,
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn at(&self, text: &[u8]) -> bool {
        self.src
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(text))
    }

    /// The length in bytes of the blank at the reader, if any: every character RON reads as
    /// white space, the next line (U+0085), the direction marks (U+200E, U+200F) and the
    /// line and paragraph separators (U+2028, U+2029) among them; 0 for none.
    fn space_len(&self) -> usize {
        match self.peek() {
            Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) => 1,
            Some(0xC2) if self.at(b"\xC2\x85") => 2,
            Some(0xE2)
                if [
                    b"\xE2\x80\x8E",
                    b"\xE2\x80\x8F",
                    b"\xE2\x80\xA8",
                    b"\xE2\x80\xA9",
                ]
                .iter()
                .any(|c| self.at(*c)) =>
            {
                3
            }
            _ => 0,
        }
    }

    /// Skips blanks (as RON reads them), `//` comments and nested `/* */` comments.
    fn skip_space(&mut self) {
        loop {
            let blank = self.space_len();
            if blank > 0 {
                self.pos += blank;
                continue;
            }
            match self.peek() {
                Some(b'/') if self.at(b"//") => {
                    while self.peek().is_some_and(|b| b != b'\n') {
                        self.pos += 1;
                    }
                }
                Some(b'/') if self.at(b"/*") => {
                    let mut depth = 0;
                    while self.pos < self.src.len() {
                        if self.at(b"/*") {
                            depth += 1;
                            self.pos += 2;
                        } else if self.at(b"*/") {
                            depth -= 1;
                            self.pos += 2;
                            if depth == 0 {
                                break;
                            }
                        } else {
                            self.pos += 1;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    /// Skips a `"..."` string whose opening quote is at the reader.
    fn string(&mut self) -> Option<()> {
        self.pos += 1;
        loop {
            match self.peek()? {
                b'\\' => self.pos += 2,
                b'"' => {
                    self.pos += 1;
                    return Some(());
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Skips a raw string `r#"..."#` whose `r` is at the reader.
    fn raw_string(&mut self) -> Option<()> {
        self.pos += 1;
        let hashes = self.src[self.pos..]
            .iter()
            .take_while(|b| **b == b'#')
            .count();
        self.pos += hashes;
        if self.peek()? != b'"' {
            return None;
        }
        self.pos += 1;
        let mut close = vec![b'"'];
        close.extend(std::iter::repeat_n(b'#', hashes));
        while !self.at(&close) {
            self.pos += 1;
            self.peek()?;
        }
        self.pos += close.len();
        Some(())
    }

    /// Skips a character literal whose opening quote is at the reader.
    fn char_literal(&mut self) -> Option<()> {
        self.pos += 1;
        loop {
            match self.peek()? {
                b'\\' => self.pos += 2,
                b'\'' => {
                    self.pos += 1;
                    return Some(());
                }
                _ => self.pos += 1,
            }
        }
    }

    fn name(&mut self) -> String {
        let start = self.pos;
        if self.at(b"r#") {
            self.pos += 2;
        }
        while self.peek().is_some_and(is_name_byte) {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.src[start..self.pos]).into_owned()
    }

    /// Whether a struct field (`name:`, not `name::`) starts at the reader.
    fn field_ahead(&mut self) -> bool {
        let back = self.pos;
        let is_field = self
            .peek()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && {
                self.name();
                self.skip_space();
                self.at(b":") && !self.at(b"::")
            };
        self.pos = back;
        is_field
    }

    fn value(&mut self, depth: usize) -> Option<Value> {
        if depth > DEPTH {
            return None;
        }
        self.skip_space();
        let start = self.pos;
        let body = match self.peek()? {
            b'"' => self.string().map(|_| Body::Atom)?,
            b'\'' => self.char_literal().map(|_| Body::Atom)?,
            b'r' if self.at(b"r\"") || self.at(b"r#\"") || self.at(b"r##") => {
                self.raw_string().map(|_| Body::Atom)?
            }
            b'b' if self.at(b"b\"") => {
                self.pos += 1;
                self.string().map(|_| Body::Atom)?
            }
            b'b' if self.at(b"br\"") || self.at(b"br#") => {
                self.pos += 1;
                self.raw_string().map(|_| Body::Atom)?
            }
            b'[' => Body::Seq(self.items(b']', depth)?),
            b'{' => self.map(depth)?,
            b'(' => self.parens(depth)?,
            b if b.is_ascii_alphabetic() || b == b'_' => {
                self.name();
                let after = self.pos;
                self.skip_space();
                if self.peek() == Some(b'(') {
                    self.parens(depth)?
                } else {
                    self.pos = after;
                    Body::Atom
                }
            }
            _ => {
                // A number: everything up to the next blank or delimiter.
                while self.space_len() == 0 && self.peek().is_some_and(|b| !b",:)]}/".contains(&b))
                {
                    self.pos += 1;
                }
                if self.pos == start {
                    return None;
                }
                Body::Atom
            }
        };
        Some(Value {
            start,
            end: self.pos,
            body,
        })
    }

    /// Elements up to `close`, the opening bracket being at the reader.
    fn items(&mut self, close: u8, depth: usize) -> Option<Vec<Value>> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            self.skip_space();
            if self.peek()? == close {
                self.pos += 1;
                return Some(out);
            }
            out.push(self.value(depth + 1)?);
            self.skip_space();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }

    /// `(fields)` or `(elements)`, the parenthesis being at the reader.
    fn parens(&mut self, depth: usize) -> Option<Body> {
        let open = self.pos;
        self.pos += 1;
        self.skip_space();
        if !self.field_ahead() {
            self.pos = open;
            return self.items(b')', depth).map(Body::Seq);
        }
        let mut fields = Vec::new();
        loop {
            self.skip_space();
            if self.peek()? == b')' {
                self.pos += 1;
                return Some(Body::Fields(fields));
            }
            // A raw identifier (`r#from`) names the same field.
            let name = self.name();
            let name = name.strip_prefix("r#").map_or(name.clone(), str::to_string);
            self.skip_space();
            if self.peek()? != b':' {
                return None;
            }
            self.pos += 1;
            fields.push((name, self.value(depth + 1)?));
            self.skip_space();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }

    /// `{key: value, ...}`, the brace being at the reader.
    fn map(&mut self, depth: usize) -> Option<Body> {
        self.pos += 1;
        let mut entries = Vec::new();
        loop {
            self.skip_space();
            if self.peek()? == b'}' {
                self.pos += 1;
                return Some(Body::Map(entries));
            }
            let key = self.value(depth + 1)?;
            self.skip_space();
            if self.peek()? != b':' {
                return None;
            }
            self.pos += 1;
            entries.push((key, self.value(depth + 1)?));
            self.skip_space();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }
}
