//! The path of a move: its legs and the squares they land on, kept inline unless very
//! long, so that generating moves allocates nothing but the list. It reads as a slice.

use super::board::Square;
use super::generate::MAX_LEGS;
use super::moves::Step;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// Legs a [`Path`] holds without allocating.
const INLINE: usize = 11;

/// The legs of a move and the squares they land on: a list that keeps up to 11 legs
/// inline (longer paths, rare, go to the heap). It reads as a slice.
#[derive(Clone)]
pub struct Path(Repr);

#[derive(Clone)]
enum Repr {
    Inline {
        len: u8,
        legs: [(Step, Square); INLINE],
    },
    Heap(Box<[(Step, Square)]>),
}

impl Path {
    /// The empty path.
    pub const fn new() -> Path {
        Path(Repr::Inline {
            len: 0,
            legs: [(Step::Plain, Square::FILLER); INLINE],
        })
    }

    /// A path of one leg.
    #[inline]
    pub fn one(step: Step, to: Square) -> Path {
        let mut legs = [(Step::Plain, Square::FILLER); INLINE];
        legs[0] = (step, to);
        Path(Repr::Inline { len: 1, legs })
    }

    /// The first `len` legs of a generator's buffer (copied whole when they fit inline: a
    /// copy of fixed size is quicker, and the legs past `len` are never read).
    #[inline]
    pub(super) fn from_buffer(buf: &[(Step, Square); MAX_LEGS], len: usize) -> Path {
        if len <= INLINE {
            let mut legs = [(Step::Plain, Square::FILLER); INLINE];
            legs.copy_from_slice(&buf[..INLINE]);
            Path(Repr::Inline {
                len: len as u8,
                legs,
            })
        } else {
            Path(Repr::Heap(buf[..len].into()))
        }
    }

    /// Adds a leg at the end.
    pub fn push(&mut self, leg: (Step, Square)) {
        match &mut self.0 {
            Repr::Inline { len, legs } if usize::from(*len) < INLINE => {
                legs[usize::from(*len)] = leg;
                *len += 1;
            }
            Repr::Inline { legs, .. } => {
                let mut v = legs.to_vec();
                v.push(leg);
                self.0 = Repr::Heap(v.into_boxed_slice());
            }
            Repr::Heap(v) => {
                let mut w = std::mem::take(v).into_vec();
                w.push(leg);
                *v = w.into_boxed_slice();
            }
        }
    }
}

impl Default for Path {
    fn default() -> Path {
        Path::new()
    }
}

impl Deref for Path {
    type Target = [(Step, Square)];

    #[inline]
    fn deref(&self) -> &[(Step, Square)] {
        match &self.0 {
            Repr::Inline { len, legs } => &legs[..usize::from(*len)],
            Repr::Heap(v) => v,
        }
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Path) -> bool {
        self[..] == other[..]
    }
}

impl Eq for Path {}

impl Hash for Path {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self[..].hash(state);
    }
}

impl PartialOrd for Path {
    fn partial_cmp(&self, other: &Path) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Path {
    fn cmp(&self, other: &Path) -> std::cmp::Ordering {
        self[..].cmp(&other[..])
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<&[(Step, Square)]> for Path {
    #[inline]
    fn from(legs: &[(Step, Square)]) -> Path {
        if legs.len() <= INLINE {
            let mut inline = [(Step::Plain, Square::FILLER); INLINE];
            inline[..legs.len()].copy_from_slice(legs);
            Path(Repr::Inline {
                len: legs.len() as u8,
                legs: inline,
            })
        } else {
            Path(Repr::Heap(legs.into()))
        }
    }
}

impl From<Vec<(Step, Square)>> for Path {
    fn from(legs: Vec<(Step, Square)>) -> Path {
        if legs.len() <= INLINE {
            Path::from(&legs[..])
        } else {
            Path(Repr::Heap(legs.into_boxed_slice()))
        }
    }
}

impl<const N: usize> From<[(Step, Square); N]> for Path {
    fn from(legs: [(Step, Square); N]) -> Path {
        Path::from(&legs[..])
    }
}

impl FromIterator<(Step, Square)> for Path {
    fn from_iter<I: IntoIterator<Item = (Step, Square)>>(iter: I) -> Path {
        let mut path = Path::new();
        for leg in iter {
            path.push(leg);
        }
        path
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a (Step, Square);
    type IntoIter = std::slice::Iter<'a, (Step, Square)>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camelot::moves::Move;

    #[test]
    fn a_move_is_small_and_a_long_path_reads_the_same() {
        assert!(std::mem::size_of::<Move>() <= 32);
        let legs: Vec<(Step, Square)> = Square::all().take(20).map(|s| (Step::Canter, s)).collect();
        for n in [0, 1, INLINE, INLINE + 1, 20] {
            let from_slice = Path::from(&legs[..n]);
            let pushed: Path = legs[..n].iter().copied().collect();
            let from_vec = Path::from(legs[..n].to_vec());
            assert_eq!(&from_slice[..], &legs[..n]);
            assert_eq!(from_slice, pushed);
            assert_eq!(from_slice, from_vec);
        }
    }
}
