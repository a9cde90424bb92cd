//! The server's secrets and chance: seat tokens and invitation codes drawn from the
//! operating system's generator and kept only as their SHA-256 digests, and the dice and
//! cards of a game drawn from the same generator, one fresh draw a throw.

use rand::{Rng, TryRngCore};
use sha2::{Digest, Sha256};
use std::ops::RangeInclusive;

/// A new secret: 128 bits from the operating system's generator, as 32 hexadecimal digits.
pub(crate) fn new_secret() -> String {
    format!("{:032x}", rand::rngs::OsRng.unwrap_err().random::<u128>())
}

/// The digest a secret is kept as (in memory and in the database): SHA-256, hexadecimal.
pub(crate) fn digest(secret: &str) -> String {
    let hash = Sha256::digest(secret.as_bytes());
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `stored` is already a digest (64 hexadecimal digits) rather than a secret kept
/// as it was by an older server (32 digits).
pub(crate) fn is_digest(stored: &str) -> bool {
    stored.len() == 64 && stored.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A number in `range` from the operating system's generator: a die's face or a card's
/// place in the stack, which nobody can foresee from anything the server has published.
pub(crate) fn draw(range: RangeInclusive<u32>) -> u32 {
    rand::rngs::OsRng.unwrap_err().random_range(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_new_each_time_and_kept_as_digests() {
        let a = new_secret();
        assert_eq!(a.len(), 32);
        assert_ne!(a, new_secret());
        let d = digest(&a);
        assert!(is_digest(&d) && !is_digest(&a));
        assert_eq!(d, digest(&a));
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        for _ in 0..100 {
            assert!((1..=6).contains(&draw(1..=6)));
        }
    }
}
