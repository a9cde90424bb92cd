//! The fence race: each pawn's shortest open path home, turned into the turns it should
//! still need (walking at 3.5 steps a throw, then waiting for the exact throw). Fence moves
//! are searched only where they lengthen an opponent's shortest path, shut one of home's
//! entrances (a fence there sends a pawn round to another) or park a fence out of the way, scored by how many turns they cost the opponents and the mover; walks are
//! ordered by where they end.

use super::Knows;
use super::{Knowledge, MctsParams, Seats, Values, softmax_values};
use crate::rng::Rng;
use crate::search::Algorithm;
use std::collections::HashMap;
use tabula_rules::Game;
use tabula_rules::fences::{FenceMove, Fences, Node, Seat, Slot, Space};

/// What the search knows of the fence race.
#[derive(Debug, Clone, Copy, Default)]
pub struct FencesKnowledge;

impl Knows for Fences {
    type Knowledge = FencesKnowledge;
    const HARD_BUDGET: (u64, u64) = (10_000, 1_500);

    fn preferred_algorithm(_players: usize) -> Algorithm {
        Algorithm::Mcts
    }

    /// A search close to the best is no weaker than the best in a dice race, so the weaker
    /// levels go by a first impression of each move instead, fence moves and walks alike,
    /// the easy level so loosely that it goes nearly anywhere its first impression allows.
    /// With three or four players `medium` goes by it more loosely than with two, so that it
    /// stands between `easy` and `hard` ([`MEDIUM_MANY_TEMPERATURE`]).
    fn level_style(level: crate::Level, players: usize) -> Option<crate::search::Style> {
        let temperature = match level {
            // Measured against `medium` (docs/computer.md): at a temperature of 3 turns it won
            // 43% of 200 races, at 100 (nearly any move its first impression keeps) 32%,
            // and it still won 95 of 100 against random play.
            crate::Level::Easy => 100.0,
            crate::Level::Medium if players > 2 => MEDIUM_MANY_TEMPERATURE,
            crate::Level::Medium => 0.1,
            crate::Level::Hard | crate::Level::Max => return None,
        };
        Some(crate::search::Style::Intuition { temperature })
    }

    /// The race as its setup text gives it, at the start of the turn of the seat to move.
    fn setup_now(&self) -> Option<tabula_rules::fences::Layout> {
        Fences::parse_setup(&self.setup_text(), Game::options(self)).ok()
    }

    /// A fence set down in the same slot is the same answer, whichever of his fences the
    /// player moved there.
    fn same_answer(a: &FenceMove, b: &FenceMove) -> bool {
        match (a, b) {
            (FenceMove::Relocate { to: x, .. }, FenceMove::Relocate { to: y, .. }) => x == y,
            _ => a == b,
        }
    }
}

/// `medium`'s temperature, in turns, with three or four players. At 0.1, as with two, four
/// players' `hard` stood only +34 Elo (−22 to 89) above it in 160 games; at 1.5 `hard` is
/// +153 (109 to 196) above it in 300 games, and it is +140 (116 to 164) above `easy` in 960
/// (docs/computer.md).
const MEDIUM_MANY_TEMPERATURE: f32 = 1.5;

const FAR: u16 = u16::MAX;
/// Turns assumed lost by a pawn fenced in on all sides.
const FENCED_IN: f32 = 4.0;
/// Walks are ordered by the turns still needed from their end times this, so that a step
/// short weighs more than most fence moves gain (the search normalises the ordering; a
/// player choosing by [`crate::search::Style::Intuition`] rarely walks short).
const WALK_WEIGHT: f32 = 4.0;
/// Plies of a playout with three or four players (a turn is a fence move, a throw and a
/// walk): four rounds of four, so that every opponent has had his fence moves against the
/// leader. Against three `medium` players, `hard` won 48 of 140 games with one round, 57
/// with two and 60 with four (the same games' seeds and throws); a deeper playout is also
/// quicker, since it more often ends the race before the evaluation is needed.
const PLAYOUT_PLIES: u32 = 48;
/// Turns of advantage that make a race a 73% favourite.
const TURN_SCALE: f32 = 2.0;

/// The field as arrays: walkable spaces, fenced sides, entrances.
struct Field {
    n: usize,
    walkable: Vec<bool>,
    /// Per space, a bit per side that is fenced: east, west, north, south.
    fenced: Vec<u8>,
    entrances: [usize; 4],
    /// The slot in each entrance, and whether it is open.
    entrance_slots: [Slot; 4],
    entrance_open: [bool; 4],
}

const SIDES: [(i32, i32, u8, u8); 4] = [(1, 0, 1, 2), (-1, 0, 2, 1), (0, 1, 4, 8), (0, -1, 8, 4)];

impl Field {
    fn new(game: &Fences) -> Field {
        let board = game.board();
        let n = usize::from(board.size());
        let mut walkable = vec![false; n * n];
        for y in 0..n {
            for x in 0..n {
                walkable[y * n + x] = board.is_space(Space {
                    x: x as u8,
                    y: y as u8,
                });
            }
        }
        let e = board.entrances();
        let mut field = Field {
            n,
            walkable,
            fenced: vec![0; n * n],
            entrances: e.map(|s| usize::from(s.y) * n + usize::from(s.x)),
            entrance_slots: board.entrance_slots(),
            entrance_open: [true; 4],
        };
        for (_, slot) in game.fences() {
            field.toggle(*slot);
        }
        field
    }

    fn index(&self, s: Space) -> usize {
        usize::from(s.y) * self.n + usize::from(s.x)
    }

    /// Puts a fence in the slot, or takes it away.
    fn toggle(&mut self, slot: Slot) {
        if let Some(k) = self.entrance_slots.iter().position(|s| *s == slot) {
            self.entrance_open[k] = !self.entrance_open[k];
            return;
        }
        let (a, b) = (slot.0, slot.1);
        let (ia, ib) = (self.index(a), self.index(b));
        let (dx, dy) = (
            i32::from(b.x) - i32::from(a.x),
            i32::from(b.y) - i32::from(a.y),
        );
        for &(sx, sy, bit, back) in &SIDES {
            if (sx, sy) == (dx, dy) {
                self.fenced[ia] ^= bit;
                self.fenced[ib] ^= back;
            }
        }
    }

    /// The open neighbours of a space.
    fn open(&self, i: usize, f: &mut impl FnMut(usize)) {
        let (x, y) = ((i % self.n) as i32, (i / self.n) as i32);
        for &(dx, dy, bit, _) in &SIDES {
            if self.fenced[i] & bit != 0 {
                continue;
            }
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= self.n as i32 || ny >= self.n as i32 {
                continue;
            }
            let j = ny as usize * self.n + nx as usize;
            if self.walkable[j] {
                f(j);
            }
        }
    }

    /// Steps home from every space along open paths (`FAR` where home cannot be reached).
    fn to_home(&self, d: &mut Vec<u16>, queue: &mut Vec<usize>) {
        d.clear();
        d.resize(self.n * self.n, FAR);
        queue.clear();
        for (&e, &open) in self.entrances.iter().zip(&self.entrance_open) {
            if open {
                d[e] = 1;
                queue.push(e);
            }
        }
        self.spread(d, queue);
    }

    /// Steps from `start` to every space along open paths.
    fn from(&self, start: usize, d: &mut Vec<u16>, queue: &mut Vec<usize>) {
        d.clear();
        d.resize(self.n * self.n, FAR);
        queue.clear();
        d[start] = 0;
        queue.push(start);
        self.spread(d, queue);
    }

    /// The same field with no fences and every entrance open.
    fn unfenced(&self) -> Field {
        Field {
            n: self.n,
            walkable: self.walkable.clone(),
            fenced: vec![0; self.fenced.len()],
            entrances: self.entrances,
            entrance_slots: self.entrance_slots,
            entrance_open: [true; 4],
        }
    }

    /// The space at an index.
    fn space(&self, i: usize) -> Space {
        Space {
            x: (i % self.n) as u8,
            y: (i / self.n) as u8,
        }
    }

    /// How far from home the pawn on `start` (`total` steps from home) would be after the
    /// one fence that hurts it most: a fence in a slot that every shortest path home goes
    /// through (a bottleneck). `total` where no single fence lengthens the way, so that a
    /// pawn with two ways home of the same length stands safe from one opponent's fence.
    /// `home` holds the steps home from every space with the field as it is; `entrances`
    /// says whether fences may stand in home's entrances.
    fn after_worst_fence(
        &mut self,
        start: usize,
        home: &[u16],
        entrances: bool,
        scratch: &mut Scratch,
    ) -> (u16, Option<Slot>) {
        let total = home[start];
        if total == FAR || total == 0 {
            return (total, None);
        }
        let Scratch {
            from_pawn,
            queue,
            layers,
            d,
        } = scratch;
        self.from(start, from_pawn, queue);
        // Per layer (steps from the pawn), the number of shortest-path edges leaving it and
        // the last one seen: an edge to a space, or an entrance (`usize::MAX - k`).
        layers.clear();
        layers.resize(usize::from(total), (0u8, 0usize, 0usize));
        for i in 0..self.n * self.n {
            if !self.walkable[i] || from_pawn[i] == FAR || from_pawn[i] + home[i] != total {
                continue;
            }
            let k = usize::from(from_pawn[i]);
            if home[i] == 1 {
                for (e, (&space, &open)) in
                    self.entrances.iter().zip(&self.entrance_open).enumerate()
                {
                    if space == i && open {
                        let l = &mut layers[k];
                        l.0 = l.0.saturating_add(1);
                        l.1 = i;
                        l.2 = usize::MAX - e;
                    }
                }
                continue;
            }
            self.open(i, &mut |j| {
                if from_pawn[j] == from_pawn[i] + 1 && home[j] + 1 == home[i] {
                    let l = &mut layers[k];
                    l.0 = l.0.saturating_add(1);
                    l.1 = i;
                    l.2 = j;
                }
            });
        }
        let mut worst = (total, None);
        for &(count, a, b) in layers.iter() {
            if count != 1 {
                continue;
            }
            let (after, slot) = if b > self.n * self.n {
                if !entrances {
                    continue;
                }
                let e = usize::MAX - b;
                self.entrance_open[e] = false;
                self.to_home(d, queue);
                self.entrance_open[e] = true;
                (d[start], self.entrance_slots[e])
            } else {
                let slot = Slot::between(self.space(a), self.space(b));
                self.toggle(slot);
                self.to_home(d, queue);
                self.toggle(slot);
                (d[start], slot)
            };
            if after > worst.0 {
                worst = (after, Some(slot));
            }
        }
        worst
    }

    fn spread(&self, d: &mut [u16], queue: &mut Vec<usize>) {
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            let next = d[i] + 1;
            self.open(i, &mut |j| {
                if d[j] == FAR {
                    d[j] = next;
                    queue.push(j);
                }
            });
        }
    }
}

/// Buffers for [`Field::after_worst_fence`].
#[derive(Default)]
struct Scratch {
    from_pawn: Vec<u16>,
    queue: Vec<usize>,
    layers: Vec<(u8, usize, usize)>,
    d: Vec<u16>,
}

/// Turns a pawn `d` steps from home should still need.
fn turns(d: u16) -> f32 {
    match d {
        0 => 0.0,
        FAR => 9.0 + FENCED_IN,
        d => {
            let d = f32::from(d);
            5.0 + (d - 6.0).max(0.0) / 3.5 + 0.15 * d
        }
    }
}

/// The turns to go of a seat that resigned: it has left the race, and its pawn (left
/// standing) counts neither as a rival nor as anyone's target.
const LEFT_RACE: f32 = 1000.0;

/// Whether `seat` resigned and left the race.
fn has_left(game: &Fences, seat: Seat) -> bool {
    game.resignations().iter().any(|r| r.player == seat)
}

/// Each seat's turns to go, with the current fences.
fn seat_turns(game: &Fences, field: &Field, home: &[u16], open_home: &[u16], out: &mut [f32]) {
    for (o, seat) in out.iter_mut().zip(game.seats()) {
        if has_left(game, *seat) {
            *o = LEFT_RACE;
            continue;
        }
        *o = match game.pawn(*seat) {
            Node::Home => 0.0,
            Node::Space(s) => {
                let i = field.index(s);
                if home[i] == FAR {
                    turns(open_home[i]) + FENCED_IN
                } else {
                    turns(home[i])
                }
            }
        };
    }
}

/// How `me` weighs each opponent by his chance of winning the race now (`turns`: each
/// seat's turns to go), the weights summing to 1 and the leader weighing most; `me` and
/// the entries past the seats weigh 0.
fn threats(turns: &[f32], me: usize) -> [f32; 4] {
    let n = turns.len();
    let mut threat = [0.0f32; 4];
    let mut leader = f32::INFINITY;
    for k in (0..n).filter(|&k| k != me) {
        leader = leader.min(turns[k]);
    }
    for k in (0..n).filter(|&k| k != me) {
        threat[k] = (-(turns[k] - leader) / TURN_SCALE).exp();
    }
    let total: f32 = threat.iter().sum();
    for t in &mut threat {
        *t /= total;
    }
    threat
}

/// Adds to each seat's turns to go what the opponents who move before its next throw are
/// expected to cost it: the turns lost to the one fence that hurts it most, times the
/// chance that one of them puts it there, each opponent going against the seats in
/// proportion to their chance of winning now ([`threats`]). A pawn whose
/// every shortest way home runs through one slot is exposed; one with two ways is not.
fn exposure(
    game: &Fences,
    field: &mut Field,
    home: &[u16],
    open_home: &[u16],
    mover: usize,
    t: &mut [f32],
) {
    let n = t.len();
    let entrances = game.options().entrance_fences;
    // Whether the mover's own fence move is still to come this turn.
    let mover_fences = game.thrown().is_none() && game.pending_chance().is_none();
    let mut cost = [0.0f32; 4];
    let mut scratch = Scratch::default();
    let left: [bool; 4] = std::array::from_fn(|k| {
        game.seats()
            .get(k)
            .is_some_and(|seat| has_left(game, *seat))
    });
    for (i, seat) in game.seats().iter().enumerate() {
        let Node::Space(p) = game.pawn(*seat) else {
            continue;
        };
        if left[i] {
            continue;
        }
        let at = field.index(p);
        let total = home[at];
        if total == FAR {
            continue;
        }
        let (worst, _) = field.after_worst_fence(at, home, entrances, &mut scratch);
        if worst == total {
            continue;
        }
        let after = if worst == FAR {
            turns(open_home[at]) + FENCED_IN
        } else {
            turns(worst)
        };
        cost[i] = after - turns(total);
    }
    // How each seat weighs the others, with the turns before the exposure is added.
    let threat: [[f32; 4]; 4] = std::array::from_fn(|j| threats(t, j));
    for i in 0..n {
        if cost[i] <= 0.0 {
            continue;
        }
        // The opponents who move before seat i throws again, in turn order from the mover.
        let mut spared = 1.0f32;
        for step in 0..n {
            let j = (mover + step) % n;
            if j == i {
                if step > 0 {
                    break;
                }
                continue;
            }
            if (step == 0 && !mover_fences) || left[j] {
                continue;
            }
            spared *= 1.0 - threat[j][i];
        }
        t[i] += (1.0 - spared) * cost[i];
    }
}

impl Knowledge<Fences> for FencesKnowledge {
    fn evaluate(&self, game: &Fences, seats: &Seats<Seat>, out: &mut Values) {
        let mut field = Field::new(game);
        let (mut home, mut queue) = (Vec::new(), Vec::new());
        field.to_home(&mut home, &mut queue);
        let mut open_home = Vec::new();
        field.unfenced().to_home(&mut open_home, &mut queue);
        let n = seats.len();
        let mut t = [0.0f32; 4];
        seat_turns(game, &field, &home, &open_home, &mut t[..n]);
        let mover = seats.index(game.to_move());
        // Before the throw, a mover within six steps wins now with the exact number: one
        // chance in six. Otherwise, the mover's turn comes first.
        let distance = match game.pawn(game.to_move()) {
            Node::Space(s) => home[field.index(s)],
            Node::Home => 0,
        };
        let before_throw = game.thrown().is_none();
        let now = if before_throw && (1..=6).contains(&distance) {
            1.0 / 6.0
        } else {
            if before_throw {
                t[mover] -= 0.5;
            }
            0.0
        };
        exposure(game, &mut field, &home, &open_home, mover, &mut t[..n]);
        let mut scores = [0.0f32; 4];
        for i in 0..n {
            scores[i] = -t[i];
        }
        softmax_values(&scores[..n], TURN_SCALE, out);
        for (i, v) in out.iter_mut().take(n).enumerate() {
            *v *= 1.0 - now;
            if i == mover {
                *v += now;
            }
        }
    }

    fn order(&self, game: &Fences, moves: &[FenceMove], scores: &mut [f32]) {
        let mut field = Field::new(game);
        let (mut home, mut queue) = (Vec::new(), Vec::new());
        field.to_home(&mut home, &mut queue);
        let seats = game.seats();
        let me = seats
            .iter()
            .position(|s| *s == game.to_move())
            .expect("a seat");
        if moves
            .iter()
            .all(|m| !matches!(m, FenceMove::Relocate { .. }))
        {
            // Walks: by the turns still needed from where they end.
            for (s, mv) in scores.iter_mut().zip(moves) {
                *s = match mv {
                    FenceMove::Walk(Node::Home) => 100.0,
                    FenceMove::Walk(Node::Space(sp)) => {
                        -turns(home[field.index(*sp)]) * WALK_WEIGHT
                    }
                    _ => 0.0,
                };
            }
            return;
        }
        let candidates = relocations(game, &mut field, &home, me);
        for (s, mv) in scores.iter_mut().zip(moves) {
            *s = match mv {
                FenceMove::Relocate { from, to } => candidates
                    .get(&(*from, *to))
                    .copied()
                    .unwrap_or(f32::NEG_INFINITY),
                _ => 0.0,
            };
        }
    }

    fn playout_move(&self, game: &Fences, moves: &[FenceMove], rng: &mut Rng) -> usize {
        let pick = match moves.first() {
            Some(FenceMove::Relocate { .. }) => playout_fence(game, moves),
            Some(FenceMove::Walk(_)) => playout_walk(game, moves, rng),
            _ => None,
        };
        pick.unwrap_or_else(|| rng.below(moves.len()))
    }

    fn mcts_params(&self, game: &Fences) -> MctsParams {
        MctsParams {
            exploration: 0.15,
            playout_depth: if game.seats().len() > 2 {
                PLAYOUT_PLIES
            } else {
                0
            },
            widen_base: 1.0,
            widen_power: 0.4,
            prior_weight: 1.0,
            root_safety: false,
            solver: false,
        }
    }
}

/// A playout's fence move: against the opponent nearest to winning, in the slot that
/// lengthens his way home most (where one fence can), with the own fence that costs the
/// mover least to lift. `None` where no opponent can be hurt by one fence.
fn playout_fence(game: &Fences, moves: &[FenceMove]) -> Option<usize> {
    let mut field = Field::new(game);
    let mut scratch = Scratch::default();
    let mut home = Vec::new();
    field.to_home(&mut home, &mut scratch.queue);
    let me = game.to_move();
    let mut target: Option<(u16, usize)> = None;
    for seat in game.seats() {
        if *seat == me || has_left(game, *seat) {
            continue;
        }
        let Node::Space(p) = game.pawn(*seat) else {
            continue;
        };
        let i = field.index(p);
        if home[i] != FAR && target.is_none_or(|(d, _)| home[i] < d) {
            target = Some((home[i], i));
        }
    }
    let (_, at) = target?;
    let entrances = game.options().entrance_fences;
    let (_, slot) = field.after_worst_fence(at, &home, entrances, &mut scratch);
    let slot = slot?;
    let my_at = match game.pawn(me) {
        Node::Space(p) => Some(field.index(p)),
        Node::Home => None,
    };
    // The own fence whose lifting, with the new one set, leaves the target's way longest
    // and the mover's shortest.
    let mut best: Option<(f32, usize)> = None;
    let mut d = Vec::new();
    for (k, mv) in moves.iter().enumerate() {
        let FenceMove::Relocate { from, to } = mv else {
            continue;
        };
        if *to != slot {
            continue;
        }
        field.toggle(*from);
        field.toggle(slot);
        field.to_home(&mut d, &mut scratch.queue);
        field.toggle(slot);
        field.toggle(*from);
        let mine = my_at.map_or(0.0, |i| turns(d[i]));
        let score = turns(d[at]) - mine;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, k));
        }
    }
    best.map(|(_, k)| k)
}

/// A playout's walk: to the end nearest home (home itself first), ties drawn at random.
fn playout_walk(game: &Fences, moves: &[FenceMove], rng: &mut Rng) -> Option<usize> {
    let field = Field::new(game);
    let (mut home, mut queue) = (Vec::new(), Vec::new());
    field.to_home(&mut home, &mut queue);
    let mut best = u16::MAX;
    let mut ties = 0;
    let mut pick = None;
    for (k, mv) in moves.iter().enumerate() {
        let d = match mv {
            FenceMove::Walk(Node::Home) => return Some(k),
            FenceMove::Walk(Node::Space(s)) => home[field.index(*s)],
            _ => continue,
        };
        if d < best {
            best = d;
            ties = 1;
            pick = Some(k);
        } else if d == best {
            ties += 1;
            if rng.below(ties) == 0 {
                pick = Some(k);
            }
        }
    }
    pick
}

/// The fence moves worth searching, each with the turns it costs the opponents less the
/// turns it costs the mover: every own fence to every slot on an opponent's shortest path
/// home, and to a few slots out of everyone's way.
fn relocations(
    game: &Fences,
    field: &mut Field,
    home: &[u16],
    me: usize,
) -> HashMap<(Slot, Slot), f32> {
    let seats = game.seats();
    let mine: Vec<Slot> = game
        .fences()
        .iter()
        .filter(|(s, _)| *s == seats[me])
        .map(|(_, slot)| *slot)
        .collect();
    let taken: Vec<Slot> = game.fences().iter().map(|(_, s)| *s).collect();
    let board = game.board();
    let mut queue = Vec::new();
    let mut from_pawn = Vec::new();
    // Slots on some shortest path of each opponent, and on the mover's.
    let mut targets: Vec<(Slot, f32)> = Vec::new();
    let mut on_my_path: Vec<Slot> = Vec::new();
    for (k, seat) in seats.iter().enumerate() {
        let Node::Space(p) = game.pawn(*seat) else {
            continue;
        };
        if k != me && has_left(game, *seat) {
            continue;
        }
        let start = field.index(p);
        if home[start] == FAR {
            continue;
        }
        field.from(start, &mut from_pawn, &mut queue);
        let total = home[start];
        for y in 0..field.n {
            for x in 0..field.n {
                let a = Space {
                    x: x as u8,
                    y: y as u8,
                };
                let i = field.index(a);
                if !field.walkable[i] || from_pawn[i] == FAR || from_pawn[i] + home[i] != total {
                    continue;
                }
                for (b, slot) in board.neighbours(a) {
                    let j = field.index(b);
                    if from_pawn[j] == from_pawn[i] + 1
                        && home[j] + 1 == home[i]
                        && !taken.contains(&slot)
                    {
                        if k == me {
                            on_my_path.push(slot);
                        } else {
                            // Blocks near the pawn or near home are the hardest to go round.
                            let near = f32::from(from_pawn[i].min(home[j]));
                            match targets.iter_mut().find(|(s, _)| *s == slot) {
                                Some(t) => t.1 += 1.0,
                                None => targets.push((slot, 1.0 - 0.01 * near)),
                            }
                        }
                    }
                }
            }
        }
    }
    targets.retain(|(s, _)| !on_my_path.contains(s));
    targets.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    targets.truncate(48);
    let mut to: Vec<Slot> = targets.into_iter().map(|(s, _)| s).collect();
    // Home's entrances, where a fence sends a pawn round to another.
    for slot in field.entrance_slots {
        if !taken.contains(&slot) && !to.contains(&slot) {
            to.push(slot);
        }
    }
    // Distances home on a field without fences.
    let mut open_home = Vec::new();
    field.unfenced().to_home(&mut open_home, &mut queue);
    // Parking places: vacant slots far from home, off every path. They are ranked by the
    // distance on an open field, so that there are some even when every entrance is shut:
    // then taking one's own fence out of an entrance and parking it is the way to open home.
    let mut parking: Vec<(u16, Slot)> = board
        .slots()
        .into_iter()
        .filter(|s| !taken.contains(s) && !on_my_path.contains(s) && !to.contains(s))
        .map(|s| {
            (
                open_home[field.index(s.0)].min(open_home[field.index(s.1)]),
                s,
            )
        })
        .filter(|(d, _)| *d != FAR)
        .collect();
    parking.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    to.extend(parking.into_iter().take(3).map(|(_, s)| s));
    // Score each pair exactly.
    let n = seats.len();
    let mut before = [0.0f32; 4];
    seat_turns(game, field, home, &open_home, &mut before[..n]);
    // Each opponent's turns weigh by how likely he is to win the race now, so that with
    // three opponents a fence goes against the leader rather than against whoever it slows
    // most (with one opponent the weight is 1).
    let threat = threats(&before[..n], me);
    let mut after = [0.0f32; 4];
    let mut d = Vec::new();
    let mut out = HashMap::new();
    for &from in &mine {
        field.toggle(from);
        for &slot in &to {
            field.toggle(slot);
            field.to_home(&mut d, &mut queue);
            seat_turns(game, field, &d, &open_home, &mut after[..n]);
            field.toggle(slot);
            let mut gain = 0.0;
            for k in 0..n {
                let delta = after[k] - before[k];
                gain += if k == me { -delta } else { delta * threat[k] };
            }
            out.insert((from, slot), gain);
        }
        field.toggle(from);
    }
    out
}

#[cfg(test)]
mod tests;
