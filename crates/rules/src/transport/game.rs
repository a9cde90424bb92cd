//! A Transport game: fleets, reserves, turns of one action (move a main piece, launch an
//! auxiliary, advance one), entering and passing squares by the vulnerability table, and
//! the end when transports are sunk.

use super::board::{Dir, Sq};
use super::pieces::{Kind, Piece, can_sink};
use crate::game::{DrawReason, Game, Outcome};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How many fleets play, and who is whose enemy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Mode {
    /// Two fleets.
    #[default]
    Two,
    /// Four fleets in two teams: fleets 1 and 3 (A1, A2) against 2 and 4 (B1, B2).
    Teams,
    /// Four fleets, each for itself.
    Royal,
}

impl Mode {
    /// Fleets in play.
    pub fn fleets(self) -> u8 {
        match self {
            Mode::Two => 2,
            Mode::Teams | Mode::Royal => 4,
        }
    }

    fn parse(text: &str) -> Option<Mode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "two" => Some(Mode::Two),
            "teams" => Some(Mode::Teams),
            "royal" | "battle royal" => Some(Mode::Royal),
            _ => None,
        }
    }
}

/// Transport's rules options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TransportOptions {
    /// Two fleets, two teams, or the battle royal.
    pub mode: Mode,
    /// Squares per side: odd, 9 or more (default 11).
    pub size: u8,
    /// Planes each carrier holds at the start.
    pub planes: u8,
    /// Shells each battleship holds.
    pub shells: u8,
    /// Torpedoes each fleet's destroyer and submarine share.
    pub torpedoes: u8,
    /// A handicap: fleets (1-based) that start with one auxiliary of each kind fewer.
    pub handicapped: Vec<u8>,
    /// Turns after which the game is drawn (`None`: no limit).
    pub turn_limit: Option<u32>,
}

impl Default for TransportOptions {
    fn default() -> Self {
        TransportOptions {
            mode: Mode::Two,
            size: 11,
            planes: 2,
            shells: 5,
            torpedoes: 4,
            handicapped: Vec::new(),
            turn_limit: None,
        }
    }
}

/// A fleet's name: "Fleet 1" to "Fleet 4".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fleet(pub u8);

impl fmt::Display for Fleet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fleet {}", self.0 + 1)
    }
}

/// One action.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A main piece moves: from its square(s) to its new square(s) (stern, then bow).
    Main {
        /// Which piece.
        kind: Kind,
        /// Where it stands (stern first).
        from: (Sq, Option<Sq>),
        /// Where it goes.
        to: (Sq, Option<Sq>),
    },
    /// An auxiliary is launched onto a square touching its ship, pointed along `heading`
    /// (a torpedo then runs one square more).
    Launch {
        /// Plane, shell or torpedo.
        kind: Kind,
        /// The touching square it is set on.
        at: Sq,
        /// Its heading.
        heading: Dir,
    },
    /// An auxiliary on the board advances.
    Advance {
        /// Plane, shell or torpedo.
        kind: Kind,
        /// Where it stands.
        from: Sq,
        /// Its heading before the move (tells apart auxiliaries on one square).
        heading: Dir,
        /// Where it ends (`None`: it leaves the board and goes back to reserve).
        to: Option<Sq>,
        /// A plane's heading after the move.
        repoint: Dir,
    },
    /// No action is possible.
    Pass,
}

/// A position: the pieces, each fleet's reserve, fleets out of the game, whose turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Squares per side.
    pub size: u8,
    /// Two fleets, teams or battle royal.
    pub mode: Mode,
    pieces: Vec<Piece>,
    /// Planes, shells, torpedoes in reserve, per fleet.
    reserve: [[u8; 3]; 4],
    out: [bool; 4],
    to_move: u8,
}

fn aux_index(kind: Kind) -> usize {
    match kind {
        Kind::Plane => 0,
        Kind::Shell => 1,
        _ => 2,
    }
}

/// Why a setup is not a Transport position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct SetupError {
    /// 1-based line.
    pub line: usize,
    /// What was wrong.
    pub why: String,
}

impl Position {
    /// The standard setup for `options` (from the data files in `setups/`, spread to the
    /// board size with the transports in the centre file).
    pub fn standard(options: &TransportOptions) -> Result<Position, SetupError> {
        let text = match options.mode {
            Mode::Two => include_str!("setups/two.txt"),
            Mode::Teams => include_str!("setups/teams.txt"),
            Mode::Royal => include_str!("setups/royal.txt"),
        };
        let mut pos = Position::parse_sized(text, 11, options)?;
        if options.size != 11 {
            let n = options.size as i8;
            let map = |v: i8| match v.cmp(&5) {
                std::cmp::Ordering::Less => v,
                std::cmp::Ordering::Equal => (n - 1) / 2,
                std::cmp::Ordering::Greater => n - 1 - (10 - v),
            };
            for p in &mut pos.pieces {
                p.at = Sq::new(map(p.at.x), map(p.at.y));
                p.bow = p.bow.map(|b| Sq::new(map(b.x), map(b.y)));
            }
            pos.size = options.size;
        }
        Ok(pos)
    }

    /// Every piece on the board.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The pieces on a square.
    pub fn at(&self, sq: Sq) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |p| p.covers(sq))
    }

    /// The fleet to move (0-based).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// A fleet's auxiliaries of `kind` in reserve.
    pub fn reserve(&self, fleet: u8, kind: Kind) -> u8 {
        self.reserve[usize::from(fleet)][aux_index(kind)]
    }

    /// Whether a fleet is out (its transport sunk).
    pub fn is_out(&self, fleet: u8) -> bool {
        self.out[usize::from(fleet)]
    }

    /// Whether two fleets are enemies.
    pub fn enemies(&self, a: u8, b: u8) -> bool {
        match self.mode {
            Mode::Teams => a % 2 != b % 2,
            _ => a != b,
        }
    }

    fn main_piece(&self, fleet: u8, kind: Kind) -> Option<&Piece> {
        self.pieces
            .iter()
            .find(|p| p.fleet == fleet && p.kind == kind)
    }

    /// Sinks `victim` (an index into the pieces).
    fn sink(&mut self, victim: usize) {
        let p = self.pieces.remove(victim);
        match p.kind {
            Kind::Carrier => self.reserve[usize::from(p.fleet)][0] = 0,
            Kind::Transport => {
                self.out[usize::from(p.fleet)] = true;
                if self.mode != Mode::Two {
                    self.pieces.retain(|q| q.fleet != p.fleet);
                    self.reserve[usize::from(p.fleet)] = [0; 3];
                }
            }
            _ => {}
        }
    }

    /// The mover (index `mover`) enters `sq`: vulnerable enemies there are sunk; returns
    /// false if an enemy able to sink the mover remains. A missile that sinks goes back to
    /// reserve; `*gone` is set then.
    fn enter(&mut self, mover: usize, sq: Sq, gone: &mut bool) -> bool {
        let me = self.pieces[mover];
        let mut sank = false;
        let mut i = 0;
        let mut mover_index = mover;
        while i < self.pieces.len() {
            let p = self.pieces[i];
            if i != mover_index
                && p.covers(sq)
                && self.enemies(me.fleet, p.fleet)
                && can_sink(me.kind, p.kind)
            {
                let before = self.pieces.len();
                self.sink(i);
                sank = true;
                // Sinking may remove several pieces (a fleet out); find the mover again.
                if before - self.pieces.len() != 1 || i < mover_index {
                    match self.pieces.iter().position(|q| *q == me) {
                        Some(m) => mover_index = m,
                        None => return true,
                    }
                }
                i = 0;
                continue;
            }
            i += 1;
        }
        if sank && me.kind.is_missile() {
            let m = self
                .pieces
                .iter()
                .position(|q| *q == me)
                .expect("the missile is on the board");
            self.pieces.remove(m);
            self.reserve[usize::from(me.fleet)][aux_index(me.kind)] += 1;
            *gone = true;
            return true;
        }
        !self
            .pieces
            .iter()
            .any(|p| p.covers(sq) && self.enemies(me.fleet, p.fleet) && can_sink(p.kind, me.kind))
    }

    /// The mover passes over `sq` (a plane's flight, a destroyer's double step): nothing is
    /// sunk in passing, but an enemy there that can sink the mover bars the way.
    fn pass_over(&self, mover: &Piece, sq: Sq) -> bool {
        !self.pieces.iter().any(|p| {
            p.covers(sq) && self.enemies(mover.fleet, p.fleet) && can_sink(p.kind, mover.kind)
        })
    }

    fn next_turn(&mut self) {
        let n = self.mode.fleets();
        for _ in 0..n {
            self.to_move = (self.to_move + 1) % n;
            if !self.out[usize::from(self.to_move)] {
                break;
            }
        }
    }

    /// Plays `mv` on a copy: the position after it, or `None` if it is illegal.
    pub fn after(&self, mv: &Move) -> Option<Position> {
        let mut pos = self.clone();
        let me = self.to_move;
        match mv {
            Move::Pass => {}
            Move::Main { kind, from, to } => {
                let i = pos
                    .pieces
                    .iter()
                    .position(|p| p.fleet == me && p.kind == *kind && (p.at, p.bow) == *from)?;
                let old: Vec<Sq> = pos.pieces[i].squares().collect();
                let piece = &mut pos.pieces[i];
                piece.at = to.0;
                piece.bow = to.1;
                let first = !piece.moved;
                piece.moved = true;
                let moved = *piece;
                // A destroyer's double step passes its middle square.
                if kind == &Kind::Destroyer && first {
                    let dx = (to.0.x - from.0.x).signum();
                    let dy = (to.0.y - from.0.y).signum();
                    if (to.0.x - from.0.x).abs() == 2 || (to.0.y - from.0.y).abs() == 2 {
                        let mid = Sq::new(from.0.x + dx, from.0.y + dy);
                        if !pos.pass_over(&moved, mid) {
                            return None;
                        }
                    }
                }
                for sq in [to.0].into_iter().chain(to.1) {
                    if old.contains(&sq) {
                        continue;
                    }
                    let idx = pos.pieces.iter().position(|p| *p == moved)?;
                    let mut gone = false;
                    if !pos.enter(idx, sq, &mut gone) {
                        return None;
                    }
                }
            }
            Move::Launch { kind, at, heading } => {
                let k = aux_index(*kind);
                if pos.reserve[usize::from(me)][k] == 0 {
                    return None;
                }
                pos.reserve[usize::from(me)][k] -= 1;
                pos.pieces.push(Piece {
                    fleet: me,
                    kind: *kind,
                    at: *at,
                    bow: None,
                    heading: Some(*heading),
                    moved: false,
                });
                let mut gone = false;
                let idx = pos.pieces.len() - 1;
                if !pos.enter(idx, *at, &mut gone) {
                    return None;
                }
                if *kind == Kind::Torpedo && !gone {
                    let next = at.step(*heading);
                    let idx = pos
                        .pieces
                        .iter()
                        .rposition(|p| p.fleet == me && p.kind == Kind::Torpedo && p.at == *at)?;
                    pos.pieces[idx].at = next;
                    if !next.on(pos.size) {
                        return None;
                    }
                    if !pos.enter(idx, next, &mut gone) {
                        return None;
                    }
                }
            }
            Move::Advance {
                kind,
                from,
                heading,
                to,
                repoint,
            } => {
                let i = pos.pieces.iter().position(|p| {
                    p.fleet == me && p.kind == *kind && p.at == *from && p.heading == Some(*heading)
                })?;
                let Some(to) = to else {
                    // Off the board: back to reserve.
                    pos.pieces.remove(i);
                    pos.reserve[usize::from(me)][aux_index(*kind)] += 1;
                    pos.next_turn();
                    return Some(pos);
                };
                pos.pieces[i].at = *to;
                pos.pieces[i].heading = Some(*repoint);
                let moved = pos.pieces[i];
                let mut gone = false;
                // A plane's two-square flight passes its middle square.
                let flight = (to.x - from.x).abs() == 2 || (to.y - from.y).abs() == 2;
                if flight && !pos.pass_over(&moved, from.step(*heading)) {
                    return None;
                }
                if !gone {
                    let idx = pos.pieces.iter().position(|p| *p == moved)?;
                    if !pos.enter(idx, *to, &mut gone) {
                        return None;
                    }
                }
            }
        }
        pos.next_turn();
        Some(pos)
    }

    /// Every action the fleet to move could try, before the sinking rules are checked.
    fn candidates(&self) -> Vec<Move> {
        let me = self.to_move;
        let n = self.size;
        // Main moves as (piece, new squares).
        let mut out: Vec<(Kind, (Sq, Option<Sq>))> = Vec::new();
        for p in self.pieces.iter().filter(|p| p.fleet == me) {
            match p.kind {
                Kind::Carrier | Kind::Battleship => {
                    let (s, b) = (p.at, p.bow.expect("a bow"));
                    for nb in s.around(n).filter(|q| *q != b) {
                        out.push((p.kind, (s, Some(nb))));
                    }
                    for ns in b.around(n).filter(|q| *q != s) {
                        out.push((p.kind, (ns, Some(b))));
                    }
                    if let Some(d) = Dir::between(s, b) {
                        let fwd = b.step(d);
                        if fwd.on(n) {
                            out.push((p.kind, (b, Some(fwd))));
                        }
                        let back = s.step(
                            Dir::ALL[(Dir::ALL.iter().position(|x| *x == d).unwrap_or(0) + 4) % 8],
                        );
                        if back.on(n) {
                            out.push((p.kind, (back, Some(s))));
                        }
                    }
                }
                Kind::Transport => {
                    for q in p.at.around(n) {
                        out.push((p.kind, (q, None)));
                    }
                }
                Kind::Destroyer => {
                    for d in Dir::ALL {
                        let one = p.at.step(d);
                        if one.on(n) {
                            out.push((p.kind, (one, None)));
                            let two = one.step(d);
                            if !p.moved && two.on(n) {
                                out.push((p.kind, (two, None)));
                            }
                        }
                    }
                }
                Kind::Submarine => {
                    for d in [Dir::NE, Dir::SE, Dir::SW, Dir::NW] {
                        let one = p.at.step(d);
                        if one.on(n) {
                            out.push((p.kind, (one, None)));
                            let two = one.step(d);
                            if !p.moved && two.on(n) {
                                out.push((p.kind, (two, None)));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let mut moves: Vec<Move> = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.fleet == me && !p.kind.is_auxiliary())
        {
            for (kind, to) in out.iter().filter(|(k, _)| *k == p.kind) {
                moves.push(Move::Main {
                    kind: *kind,
                    from: (p.at, p.bow),
                    to: *to,
                });
            }
        }
        // Launches.
        let launchers: [(Kind, &[Kind]); 3] = [
            (Kind::Plane, &[Kind::Carrier]),
            (Kind::Shell, &[Kind::Battleship]),
            (Kind::Torpedo, &[Kind::Destroyer, Kind::Submarine]),
        ];
        for (aux, ships) in launchers {
            if self.reserve(me, aux) == 0 {
                continue;
            }
            let mut spots: Vec<Sq> = Vec::new();
            for ship in ships {
                if let Some(s) = self.main_piece(me, *ship) {
                    for sq in s.squares() {
                        for q in sq.around(n) {
                            if !s.covers(q) && !spots.contains(&q) {
                                spots.push(q);
                            }
                        }
                    }
                }
            }
            spots.sort();
            for at in spots {
                for heading in Dir::ALL {
                    if aux == Kind::Shell
                        && self
                            .main_piece(me, Kind::Battleship)
                            .is_some_and(|b| b.covers(at.step(heading)))
                    {
                        continue;
                    }
                    moves.push(Move::Launch {
                        kind: aux,
                        at,
                        heading,
                    });
                }
            }
        }
        // Advances.
        let mut seen: Vec<(Kind, Sq, Dir)> = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.fleet == me && p.kind.is_auxiliary())
        {
            let h = p.heading.expect("an auxiliary has a heading");
            if seen.contains(&(p.kind, p.at, h)) {
                continue;
            }
            seen.push((p.kind, p.at, h));
            if p.kind == Kind::Plane {
                let mut ends: Vec<Sq> = p.at.around(n).collect();
                let two = p.at.step(h).step(h);
                if two.on(n) {
                    ends.push(two);
                }
                for to in ends {
                    for repoint in Dir::ALL {
                        moves.push(Move::Advance {
                            kind: p.kind,
                            from: p.at,
                            heading: h,
                            to: Some(to),
                            repoint,
                        });
                    }
                }
            } else {
                let next = p.at.step(h);
                moves.push(Move::Advance {
                    kind: p.kind,
                    from: p.at,
                    heading: h,
                    to: next.on(n).then_some(next),
                    repoint: h,
                });
            }
        }
        moves
    }

    /// Reads the setup text form (see the files in `setups/`):
    ///
    /// ```text
    /// Size: 11
    /// Mode: two
    /// Fleet 1: S b2, C d1 d2, T f1, B h1 h2, D j1 moved
    /// Fleet 1 missiles: plane e3 NE, shell g3 N, torpedo i3 NE
    /// Fleet 1 reserve: 2 planes, 4 shells, 4 torpedoes
    /// Fleet 2: ...
    /// Fleet 1 to move
    /// ```
    ///
    /// A fleet's reserve defaults to the options' counts less what it has launched.
    pub fn parse(text: &str, options: &TransportOptions) -> Result<Position, SetupError> {
        let size = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("Size:"))
            .map(|s| s.trim().parse::<u8>())
            .transpose()
            .map_err(|_| SetupError {
                line: 1,
                why: "Size: expects a number".into(),
            })?
            .unwrap_or(options.size);
        Position::parse_sized(text, size, options)
    }

    fn parse_sized(
        text: &str,
        size: u8,
        options: &TransportOptions,
    ) -> Result<Position, SetupError> {
        let mut pos = Position {
            size,
            mode: options.mode,
            pieces: Vec::new(),
            reserve: [[0; 3]; 4],
            out: [false; 4],
            to_move: 0,
        };
        let mut reserve_given = [false; 4];
        let mut seen_fleets = [false; 4];
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError { line, why };
            let body = raw.trim();
            if body.is_empty() || body.starts_with('#') || body.starts_with("Size:") {
                continue;
            }
            if let Some(m) = body.strip_prefix("Mode:") {
                pos.mode = Mode::parse(m).ok_or_else(|| {
                    err(format!("unknown mode {:?}: two, teams or royal", m.trim()))
                })?;
                continue;
            }
            let Some(rest) = body.strip_prefix("Fleet ") else {
                return Err(err(format!("expected \"Fleet 1: ...\", found {body:?}")));
            };
            let digit = rest.chars().next().and_then(|c| c.to_digit(10));
            let Some(f) = digit.filter(|d| (1..=4).contains(d)).map(|d| d as u8 - 1) else {
                return Err(err("fleets are numbered 1 to 4".into()));
            };
            let rest = &rest[1..];
            let sq = |t: &str| {
                Sq::parse(t)
                    .filter(|s| s.on(size))
                    .ok_or_else(|| err(format!("{t:?} is not a square of the {size}x{size} board")))
            };
            if rest.trim() == "to move" {
                pos.to_move = f;
            } else if let Some(list) = rest.strip_prefix(" missiles:") {
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let w: Vec<&str> = item.split_whitespace().collect();
                    let [noun, at, heading] = w.as_slice() else {
                        return Err(err(format!("{item:?}: expected \"shell g3 N\"")));
                    };
                    let kind = Kind::auxiliary(noun)
                        .ok_or_else(|| err(format!("{noun:?} is not a plane, shell or torpedo")))?;
                    let heading = Dir::parse(heading)
                        .ok_or_else(|| err(format!("{heading:?} is not a heading")))?;
                    pos.pieces.push(Piece {
                        fleet: f,
                        kind,
                        at: sq(at)?,
                        bow: None,
                        heading: Some(heading),
                        moved: false,
                    });
                }
            } else if let Some(list) = rest.strip_prefix(" reserve:") {
                reserve_given[usize::from(f)] = true;
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let w: Vec<&str> = item.split_whitespace().collect();
                    let [count, noun] = w.as_slice() else {
                        return Err(err(format!("{item:?}: expected \"2 planes\"")));
                    };
                    let count: u8 = count
                        .parse()
                        .map_err(|_| err(format!("{count:?} is not a count")))?;
                    let kind = Kind::auxiliary(noun.trim_end_matches('s').trim_end_matches('e'))
                        .or_else(|| Kind::auxiliary(noun.trim_end_matches('s')))
                        .ok_or_else(|| err(format!("{noun:?}: planes, shells or torpedoes")))?;
                    pos.reserve[usize::from(f)][aux_index(kind)] = count;
                }
            } else if let Some(list) = rest.strip_prefix(':') {
                seen_fleets[usize::from(f)] = true;
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let w: Vec<&str> = item.split_whitespace().collect();
                    let (letter, squares, moved) = match w.as_slice() {
                        [l, s @ .., "moved"] => (l, s, true),
                        [l, s @ ..] => (l, s, false),
                        [] => unreachable!("non-empty"),
                    };
                    let kind = letter
                        .chars()
                        .next()
                        .filter(|_| letter.len() == 1)
                        .and_then(Kind::from_letter)
                        .ok_or_else(|| err(format!("{letter:?}: S, C, T, B or D")))?;
                    let need = if kind.is_long() { 2 } else { 1 };
                    if squares.len() != need {
                        return Err(err(format!("the {kind} takes {need} square(s)")));
                    }
                    let at = sq(squares[0])?;
                    let bow = squares.get(1).map(|s| sq(s)).transpose()?;
                    if let Some(b) = bow
                        && !at.touches(b)
                    {
                        return Err(err(format!("the {kind}'s stern and bow must touch")));
                    }
                    if kind == Kind::Submarine && !at.is_dark() {
                        return Err(err(format!(
                            "the submarine keeps to dark squares, not {at}"
                        )));
                    }
                    if pos.pieces.iter().any(|p| p.fleet == f && p.kind == kind) {
                        return Err(err(format!("fleet {} has two {kind}s", f + 1)));
                    }
                    pos.pieces.push(Piece {
                        fleet: f,
                        kind,
                        at,
                        bow,
                        heading: None,
                        moved,
                    });
                }
            } else {
                return Err(err(format!("cannot read {body:?}")));
            }
        }
        let fleets = pos.mode.fleets();
        for f in 0..4u8 {
            let in_play = f < fleets;
            if !in_play {
                if seen_fleets[usize::from(f)] {
                    return Err(SetupError {
                        line: 0,
                        why: format!("fleet {} in a game of {fleets} fleets", f + 1),
                    });
                }
                continue;
            }
            if pos.main_piece(f, Kind::Transport).is_none() {
                pos.out[usize::from(f)] = true;
            }
            if !reserve_given[usize::from(f)] {
                let cut = u8::from(options.handicapped.contains(&(f + 1)));
                let launched = |k: Kind| {
                    pos.pieces
                        .iter()
                        .filter(|p| p.fleet == f && p.kind == k)
                        .count() as u8
                };
                pos.reserve[usize::from(f)] = [
                    if pos.main_piece(f, Kind::Carrier).is_some() {
                        options.planes.saturating_sub(cut + launched(Kind::Plane))
                    } else {
                        0
                    },
                    options.shells.saturating_sub(cut + launched(Kind::Shell)),
                    options
                        .torpedoes
                        .saturating_sub(cut + launched(Kind::Torpedo)),
                ];
            }
        }
        if pos.to_move >= fleets {
            return Err(SetupError {
                line: 0,
                why: format!(
                    "fleet {} cannot move in a game of {fleets}",
                    pos.to_move + 1
                ),
            });
        }
        Ok(pos)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Size: {}", self.size)?;
        let mode = match self.mode {
            Mode::Two => "two",
            Mode::Teams => "teams",
            Mode::Royal => "royal",
        };
        writeln!(f, "Mode: {mode}")?;
        for fleet in 0..self.mode.fleets() {
            let main: Vec<String> = Kind::MAIN
                .iter()
                .filter_map(|k| self.main_piece(fleet, *k))
                .map(|p| {
                    let mut s = format!("{} {}", p.kind.letter(), p.at);
                    if let Some(b) = p.bow {
                        s.push_str(&format!(" {b}"));
                    }
                    if p.moved {
                        s.push_str(" moved");
                    }
                    s
                })
                .collect();
            writeln!(f, "Fleet {}: {}", fleet + 1, main.join(", "))?;
            let missiles: Vec<String> = self
                .pieces
                .iter()
                .filter(|p| p.fleet == fleet && p.kind.is_auxiliary())
                .map(|p| format!("{} {} {}", p.kind, p.at, p.heading.unwrap_or(Dir::N)))
                .collect();
            if !missiles.is_empty() {
                writeln!(f, "Fleet {} missiles: {}", fleet + 1, missiles.join(", "))?;
            }
            let r = self.reserve[usize::from(fleet)];
            writeln!(
                f,
                "Fleet {} reserve: {} planes, {} shells, {} torpedoes",
                fleet + 1,
                r[0],
                r[1],
                r[2]
            )?;
        }
        write!(f, "Fleet {} to move", self.to_move + 1)
    }
}

/// A Transport game in progress.
#[derive(Debug, Clone)]
pub struct Transport {
    pos: Position,
    start: Position,
    options: TransportOptions,
    frames: Vec<(Move, Position)>,
}

impl Transport {
    /// The standard setup for these options.
    pub fn new(options: TransportOptions) -> Result<Transport, String> {
        if options.size < 9 || options.size.is_multiple_of(2) || options.size > 25 {
            return Err(format!(
                "board size {}: it must be odd, from 9 to 25",
                options.size
            ));
        }
        let pos = Position::standard(&options).map_err(|e| e.to_string())?;
        Ok(Transport::from_position(pos, options))
    }

    /// A game from a position.
    pub fn from_position(pos: Position, options: TransportOptions) -> Transport {
        Transport {
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
        }
    }

    /// A game from the setup text form.
    pub fn from_setup_text(text: &str, options: TransportOptions) -> Result<Transport, SetupError> {
        let pos = Position::parse(text, &options)?;
        let mut options = options;
        options.mode = pos.mode;
        options.size = pos.size;
        Ok(Transport::from_position(pos, options))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The options.
    pub fn options(&self) -> &TransportOptions {
        &self.options
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.0)
    }

    /// The fleets of the team (or the lone fleet) of `fleet`.
    pub fn side_of(&self, fleet: u8) -> Vec<Fleet> {
        match self.pos.mode {
            Mode::Teams => vec![Fleet(fleet % 2), Fleet(fleet % 2 + 2)],
            _ => vec![Fleet(fleet)],
        }
    }
}

impl Game for Transport {
    type Move = Move;
    type Player = Fleet;

    fn players(&self) -> Vec<Fleet> {
        (0..self.pos.mode.fleets()).map(Fleet).collect()
    }

    fn to_move(&self) -> Fleet {
        Fleet(self.pos.to_move)
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        let mut legal: Vec<Move> = self
            .pos
            .candidates()
            .into_iter()
            .filter(|m| self.pos.after(m).is_some())
            .collect();
        legal.sort();
        legal.dedup();
        if legal.is_empty() {
            legal.push(Move::Pass);
        }
        legal
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let next = self.pos.after(mv).expect("a legal move");
        let before = std::mem::replace(&mut self.pos, next);
        self.frames.push((mv.clone(), before));
    }

    fn undo(&mut self) -> Option<Move> {
        let (mv, before) = self.frames.pop()?;
        self.pos = before;
        Some(mv)
    }

    fn outcome(&self) -> Outcome<Fleet> {
        let pos = &self.pos;
        let alive: Vec<u8> = (0..pos.mode.fleets())
            .filter(|f| !pos.out[usize::from(*f)])
            .collect();
        match pos.mode {
            Mode::Two | Mode::Royal => {
                if alive.len() == 1 {
                    return Outcome::Win(Fleet(alive[0]));
                }
                if alive.is_empty() {
                    return Outcome::Draw(DrawReason::InsufficientMaterial);
                }
            }
            Mode::Teams => {
                for team in 0..2u8 {
                    if alive.iter().all(|f| f % 2 == team) && !alive.is_empty() {
                        return Outcome::TeamWin(vec![Fleet(team), Fleet(team + 2)]);
                    }
                }
            }
        }
        if let Some(limit) = self.options.turn_limit
            && self.frames.len() >= limit as usize
        {
            return Outcome::Draw(DrawReason::MoveLimit);
        }
        Outcome::Ongoing
    }

    fn why_illegal(&self, mv: &Move) -> String {
        if self.pos.candidates().contains(mv) {
            return "an enemy piece that can sink the mover holds a square it would enter or pass"
                .into();
        }
        match mv {
            Move::Main { kind, .. } => format!("the {kind} does not move that way"),
            Move::Launch { kind, .. } => format!(
                "a {kind} is launched from the reserve onto a square touching its ship, pointed anywhere (a shell not at its own battleship)"
            ),
            Move::Advance { kind, .. } => format!("no such {kind} move"),
            Move::Pass => "a fleet passes only when it has no action".into(),
        }
    }

    fn move_text(&self, mv: &Move) -> String {
        let short = super::notation::print(mv);
        if matches!(
            mv,
            Move::Advance {
                kind: Kind::Plane,
                ..
            }
        ) && super::notation::read(self, &short).as_ref() != Ok(mv)
        {
            return super::notation::print_long(mv);
        }
        short
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(self, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
