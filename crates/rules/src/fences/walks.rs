//! The fence race's walks: the ends of every walk of exactly the count, layer by layer over
//! bit sets of the spaces (a second set for walks that have crossed their one fence, under a
//! "jump" card), the way of one walk when asked for, the check of a written path, and the
//! distance home.

use super::board::Node;
use super::game::{Fences, Phase};
use super::geometry::{Bits, step};

/// The ends of the walks of exactly a count: spaces, and whether home is one.
pub(super) struct Reach {
    pub(super) spaces: Bits,
    pub(super) home: bool,
}

/// How to step: open paths only, or also across one fence.
pub(super) struct Paths {
    east_open: Bits,
    north_open: Bits,
    /// Paths that a fence blocks (empty unless a fence may be crossed).
    east_fenced: Bits,
    north_fenced: Bits,
    jump: bool,
    /// For each entrance of home: whether a fence stands in it.
    entrance_fenced: [bool; 4],
    /// The entrance spaces from which a walk that has not crossed a fence may step home,
    /// and those from which one that has may.
    home_clear: Bits,
    home_crossed: Bits,
}

impl Fences {
    // ---- walks ----

    /// The space number of the pawn to move, unless it is home.
    pub(super) fn pawn_space(&self) -> Option<usize> {
        match self.state.pawns[self.state.turn] {
            Node::Space(s) => self.geo.walkable(s),
            Node::Home => None,
        }
    }

    pub(super) fn paths(&self, jump: bool) -> Paths {
        let (east_fenced, north_fenced) = if jump {
            (
                self.geo.east_edges.and_not(&self.state.east_open),
                self.geo.north_edges.and_not(&self.state.north_open),
            )
        } else {
            (Bits::default(), Bits::default())
        };
        let entrance_fenced = self
            .geo
            .entrance_slots
            .map(|id| self.state.fenced.get(usize::from(id)));
        let (mut home_clear, mut home_crossed): (Bits, Bits) = (Bits::default(), Bits::default());
        for (&e, fenced) in self.geo.entrances.iter().zip(entrance_fenced) {
            if !fenced || jump {
                home_clear.put(e, true);
            }
            if !fenced {
                home_crossed.put(e, true);
            }
        }
        Paths {
            east_open: self.state.east_open,
            north_open: self.state.north_open,
            east_fenced,
            north_fenced,
            jump,
            entrance_fenced,
            home_clear,
            home_crossed,
        }
    }

    /// One step from the layer `(clear, crossed)`: walks that have not crossed a fence, and
    /// walks that have.
    pub(super) fn step_layer(&self, p: &Paths, clear: &Bits, crossed: &Bits) -> (Bits, Bits) {
        let (n, w) = (self.geo.n, self.geo.words);
        let next_clear = step(clear, &p.east_open, &p.north_open, n, w);
        if !p.jump {
            return (next_clear, Bits::default());
        }
        let over = step(clear, &p.east_fenced, &p.north_fenced, n, w);
        let on = step(crossed, &p.east_open, &p.north_open, n, w);
        (next_clear, on.or(&over))
    }

    /// Whether home is one step on from the layer `(clear, crossed)`.
    #[inline]
    pub(super) fn home_next(&self, p: &Paths, clear: &Bits, crossed: &Bits) -> bool {
        (0..self.geo.words)
            .any(|i| (clear.0[i] & p.home_clear.0[i]) | (crossed.0[i] & p.home_crossed.0[i]) != 0)
    }

    /// The ends of every walk of exactly `k` steps from space `from`, crossing one fence at
    /// most when `jump`. Home is an end only when `k` is its shortest distance.
    pub(super) fn reach(&self, from: usize, k: u8, jump: bool) -> Reach {
        if !jump {
            return self.open_reach(from, k);
        }
        let p = self.paths(jump);
        let mut clear = Bits::single(from);
        let mut crossed = Bits::default();
        let mut home_first = None;
        for s in 1..=k {
            if home_first.is_none() && self.home_next(&p, &clear, &crossed) {
                home_first = Some(s);
            }
            (clear, crossed) = self.step_layer(&p, &clear, &crossed);
        }
        Reach {
            spaces: clear.or(&crossed),
            home: home_first == Some(k),
        }
    }

    /// [`Fences::reach`] along open paths only: one set of walks, home entered only through
    /// an entrance without a fence.
    pub(super) fn open_reach(&self, from: usize, k: u8) -> Reach {
        let (n, w) = (self.geo.n, self.geo.words);
        let (east, north) = (&self.state.east_open, &self.state.north_open);
        let mut doors: Bits = Bits::default();
        for (&e, &id) in self.geo.entrances.iter().zip(&self.geo.entrance_slots) {
            if !self.state.fenced.get(usize::from(id)) {
                doors.put(e, true);
            }
        }
        let mut clear = Bits::single(from);
        let mut home_first = None;
        for s in 1..=k {
            if home_first.is_none() && (0..w).any(|i| clear.0[i] & doors.0[i] != 0) {
                home_first = Some(s);
            }
            clear = step(&clear, east, north, n, w);
        }
        Reach {
            spaces: clear,
            home: home_first == Some(k),
        }
    }

    /// The walk phase's ends for the pawn to move.
    pub(super) fn current_reach(&self) -> Option<Reach> {
        let Phase::Walk(k, jump) = self.state.phase else {
            return None;
        };
        Some(match self.pawn_space() {
            Some(from) => self.reach(from, k, jump),
            None => Reach {
                spaces: Bits::default(),
                home: false,
            },
        })
    }

    /// Whether a walk of the count may end on `end` now.
    pub(super) fn walk_ends_on(&self, reach: &Reach, end: Node) -> bool {
        match end {
            Node::Home => reach.home,
            Node::Space(s) => self.geo.walkable(s).is_some_and(|i| reach.spaces.get(i)),
        }
    }

    /// Fewest steps home from space `from`, crossing at most one fence when `jump`.
    pub(super) fn distance_with(&self, from: usize, jump: bool) -> Option<u32> {
        let p = self.paths(jump);
        let mut clear = Bits::single(from);
        let mut crossed = Bits::default();
        let (mut seen_clear, mut seen_crossed) = (clear, crossed);
        for d in 1.. {
            if self.home_next(&p, &clear, &crossed) {
                return Some(d);
            }
            let (c, x) = self.step_layer(&p, &clear, &crossed);
            clear = c.and_not(&seen_clear);
            crossed = x.and_not(&seen_crossed);
            if clear.is_empty() && crossed.is_empty() {
                return None;
            }
            seen_clear = seen_clear.or(&clear);
            seen_crossed = seen_crossed.or(&crossed);
        }
        None
    }

    /// The fewest steps from `from` to home along open paths, if home can be reached.
    pub fn distance_home(&self, from: Node) -> Option<u32> {
        match from {
            Node::Home => Some(0),
            Node::Space(s) => self.distance_with(self.geo.walkable(s)?, false),
        }
    }

    /// The way the pawn to move walks to `end` under the walk move [`super::FenceMove::Walk`]:
    /// the nodes it steps onto, exactly the count of them, `end` last. `None` unless such a
    /// walk is legal now. The path heads out and uses up a surplus count by stepping back
    /// and forth near its end.
    pub fn walk_path(&self, end: Node) -> Option<Vec<Node>> {
        let Phase::Walk(k, jump) = self.state.phase else {
            return None;
        };
        let from = self.pawn_space()?;
        if !self.walk_ends_on(&self.reach(from, k, jump), end) {
            return None;
        }
        let p = self.paths(jump);
        let k = usize::from(k);
        let mut layers = Vec::with_capacity(k + 1);
        layers.push((Bits::single(from), Bits::default()));
        for j in 0..k {
            let (c, x) = &layers[j];
            let next = self.step_layer(&p, c, x);
            layers.push(next);
        }
        let in_layer = |j: usize, s: usize, crossed: bool| {
            let (c, x) = &layers[j];
            if crossed { x.get(s) } else { c.get(s) }
        };
        let first_seen = |s: usize| {
            (0..=k)
                .find(|&j| in_layer(j, s, false) || in_layer(j, s, true))
                .unwrap_or(0)
        };
        // Of the candidates (space, crossed), the one farthest from the start, first in order.
        let pick = |candidates: &mut dyn Iterator<Item = (usize, bool)>| {
            let mut best: Option<(usize, bool, usize)> = None;
            for (s, crossed) in candidates {
                let d = first_seen(s);
                if best.is_none_or(|b| d > b.2) {
                    best = Some((s, crossed, d));
                }
            }
            best.map(|(s, c, _)| (s, c))
        };
        let mut rev = vec![end];
        let (mut at, mut crossed, mut j) =
            match end {
                Node::Home => {
                    if k == 1 {
                        return Some(rev);
                    }
                    let mut candidates = self.geo.entrances.iter().zip(p.entrance_fenced).flat_map(
                        |(&e, fenced)| {
                            [
                                (e, false, in_layer(k - 1, e, false) && (!fenced || jump)),
                                (e, true, in_layer(k - 1, e, true) && !fenced),
                            ]
                        },
                    );
                    let (e, c) = pick(&mut (&mut candidates).filter(|t| t.2).map(|t| (t.0, t.1)))?;
                    rev.push(self.geo.node(e));
                    (e, c, k - 1)
                }
                Node::Space(s) => {
                    let i = self.geo.walkable(s)?;
                    (i, !in_layer(k, i, false), k)
                }
            };
        while j > 1 {
            let mut candidates = self.geo.neighbours(at).flat_map(|(s, slot)| {
                let fenced = self.state.fenced.get(usize::from(slot));
                [
                    (s, crossed, in_layer(j - 1, s, crossed) && !fenced),
                    (
                        s,
                        false,
                        crossed && jump && fenced && in_layer(j - 1, s, false),
                    ),
                ]
            });
            let (s, c) = pick(&mut (&mut candidates).filter(|t| t.2).map(|t| (t.0, t.1)))?;
            rev.push(self.geo.node(s));
            (at, crossed, j) = (s, c, j - 1);
        }
        rev.reverse();
        Some(rev)
    }

    /// Checks a path written out step by step from the pawn: `Ok(end)` when it is a walk of
    /// exactly the count along open paths (crossing one fence at most under a "jump"
    /// card), entering home only as its last step; else why not.
    pub(super) fn check_path(&self, path: &[Node], k: u8, jump: bool) -> Result<Node, String> {
        if path.len() != usize::from(k) {
            return Err(format!(
                "the path has {} steps, but the pawn must walk exactly {k}",
                path.len()
            ));
        }
        let mut at = self.state.pawns[self.state.turn];
        let mut used = false;
        for (i, &next) in path.iter().enumerate() {
            let Node::Space(a) = at else {
                return Err("home is entered only with the last step".into());
            };
            let ai = self
                .geo
                .walkable(a)
                .ok_or_else(|| format!("{a} is not a space"))?;
            let slot = match next {
                Node::Home => {
                    let e = self
                        .geo
                        .entrances
                        .iter()
                        .position(|&e| e == ai)
                        .ok_or_else(|| format!("{a} is not an entrance of home"))?;
                    if i + 1 != path.len() {
                        return Err("home is entered only with the last step".into());
                    }
                    self.geo.entrance_slots[e]
                }
                Node::Space(b) => self
                    .geo
                    .neighbours(ai)
                    .find(|&(t, _)| Some(t) == self.geo.walkable(b))
                    .map(|(_, slot)| slot)
                    .ok_or_else(|| format!("{a} to {b} is not a step along a path"))?,
            };
            if self.state.fenced.get(usize::from(slot)) {
                if !jump {
                    return Err(format!("a fence stands in {}", self.geo.slot(slot)));
                }
                if used {
                    return Err(format!(
                        "a fence stands in {}, and the card crosses only one",
                        self.geo.slot(slot)
                    ));
                }
                used = true;
            }
            at = next;
        }
        Ok(at)
    }
}
