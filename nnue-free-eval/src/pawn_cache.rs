//! A per-thread cache of the pawn-structure term. The term depends only on where each side's
//! pawn-like pieces stand, and those move far less often than the other pieces, so most
//! evaluations find the structure already judged. An entry keeps both square sets in full:
//! a hit is always the very same structure, never a hash collision.

use crate::{pawns, EvalParams, Score};

/// Entries in a cache: 48 bytes each, 96 KiB in all (it stays in the level-2 cache).
const ENTRIES: usize = 2048;

#[derive(Clone, Copy)]
struct Entry {
    pawns: [u128; 2],
    score: [Score; 2],
}

/// An entry no structure matches: both sides' pawns on every square. Not all zero bytes, so
/// that emptying the cache is a plain loop of stores rather than a byte-by-byte `memset`.
const EMPTY: Entry = Entry {
    pawns: [u128::MAX; 2],
    score: [Score::ZERO; 2],
};

/// Pawn-structure scores already computed, for one search thread: pass it to
/// [`evaluate_cached`](crate::evaluate_cached). It serves any game: it empties itself when it
/// is used with other [`EvalParams`] than the last time.
pub struct PawnCache {
    entries: Box<[Entry]>,
    /// [`EvalParams::id`] of the parameters the entries were computed with.
    params_id: u64,
}

impl Default for PawnCache {
    fn default() -> Self {
        Self::new()
    }
}

impl PawnCache {
    /// An empty cache (96 KiB).
    #[must_use]
    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![EMPTY; ENTRIES].into_boxed_slice(),
            params_id: 0,
        }
    }

    /// The structure score of each side, `[color]`, computed on a miss.
    #[inline]
    pub(crate) fn get(&mut self, params: &EvalParams, pawns: [u128; 2]) -> [Score; 2] {
        if self.params_id != params.id() {
            self.entries.fill(EMPTY);
            self.params_id = params.id();
        }
        let entry = &mut self.entries[slot(pawns)];
        if entry.pawns != pawns {
            *entry = Entry {
                pawns,
                score: pawns::evaluate(params, pawns),
            };
        }
        entry.score
    }
}

/// The entry of a structure: the four 64-bit halves mixed by multiplication.
#[inline(always)]
fn slot(pawns: [u128; 2]) -> usize {
    const K: [u64; 4] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0x85EB_CA77_C2B2_AE63,
    ];
    let h = (pawns[0] as u64).wrapping_mul(K[0])
        ^ ((pawns[0] >> 64) as u64).wrapping_mul(K[1])
        ^ (pawns[1] as u64).wrapping_mul(K[2])
        ^ ((pawns[1] >> 64) as u64).wrapping_mul(K[3]);
    // The high bits are the best mixed.
    (h >> (64 - ENTRIES.trailing_zeros())) as usize
}
