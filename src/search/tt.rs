//! The transposition table, shared by all search threads without locks. An entry is two
//! `AtomicU64`s: the data word and the key XOR the data word, so a torn write (key of one
//! store, data of another) fails the key check and reads as a miss. Four entries make a
//! 64-byte bucket; the table never allocates after `resize`.

use crate::types::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the exact value.
    Exact,
    /// The score is a lower bound (fail high).
    Lower,
    /// The score is an upper bound (fail low).
    Upper,
}

impl Bound {
    /// What the result `best` of a search of the window (`alpha`, `beta`) is. (A search of a
    /// null window, as every non-PV node's, never gives `Exact`.)
    #[inline(always)]
    pub fn of_result(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a search of the window (`alpha`,
    /// `beta`) without searching.
    #[inline(always)]
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// What a probe returns. Scores are as stored (node-relative mates; see `score::from_tt`).
#[derive(Copy, Clone, Debug)]
pub struct TtHit {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

const ENTRIES_PER_BUCKET: usize = 4;
/// Generations cycle through this many values (the age field's width).
const GENERATIONS: u8 = 4;

#[derive(Default)]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

// Data word layout (64 bits):
//   0..21  move (from 7, to 7, kind 3, piece 4)
//  21..37  score (i16)
//  37..53  static eval (i16)
//  53..60  depth + 1 (0 = empty), 7 bits
//  60..62  bound
//  62..64  generation
const MOVE_BITS: u32 = 21;

fn pack_move(m: Move) -> u64 {
    let r = m.raw() as u64;
    (r & 0x7F) | ((r >> 8) & 0x7F) << 7 | ((r >> 16) & 0x7) << 14 | ((r >> 24) & 0xF) << 17
}

fn unpack_move(bits: u64) -> Move {
    let r = (bits & 0x7F)
        | ((bits >> 7) & 0x7F) << 8
        | ((bits >> 14) & 0x7) << 16
        | ((bits >> 17) & 0xF) << 24;
    Move::from_raw(r as u32)
}

fn pack(m: Move, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let depth_field = (depth.clamp(-1, 126) + 1) as u64;
    let bound_field = match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    pack_move(m)
        | ((score as i16 as u16 as u64) << MOVE_BITS)
        | ((eval as i16 as u16 as u64) << (MOVE_BITS + 16))
        | (depth_field << 53)
        | (bound_field << 60)
        | ((generation as u64 & 3) << 62)
}

fn depth_of(data: u64) -> i32 {
    ((data >> 53) & 0x7F) as i32 - 1
}
fn generation_of(data: u64) -> u8 {
    (data >> 62) as u8
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

/// Asks Linux to back the table's (still untouched) memory with huge pages where it can: every
/// probe lands on a random page, and with 4 KiB pages most of them miss the TLB. Only advice:
/// nothing changes but the speed, and a refusal is ignored.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    let first = start.next_multiple_of(HUGE);
    let end = (start + len) / HUGE * HUGE;
    if end > first {
        // SAFETY: the range lies inside the vector's allocation, which is live; madvise with
        // MADV_HUGEPAGE changes no contents and no access rights.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: usize, _len: usize) {}

impl TranspositionTable {
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table of `mb` mebibytes (at least one bucket). Fails if the memory cannot be had.
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        let count = (mb.max(1) << 20) / Self::BUCKET_BYTES;
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| format!("cannot allocate {mb} MB for the hash table"))?;
        advise_huge_pages(buckets.as_mut_ptr() as usize, count * Self::BUCKET_BYTES);
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        })
    }

    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * Self::BUCKET_BYTES) >> 20
    }

    /// Empties the table (`ucinewgame`). Not to be called during a search.
    pub fn clear(&self) {
        for b in &self.buckets {
            for e in &b.entries {
                e.key_xor_data.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        let g = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(g, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Hints the CPU to fetch the bucket of `key` (after a move, before the child probes).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint with no effect on memory; any address is allowed.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Ordering::Relaxed);
            if data != 0 && e.key_xor_data.load(Ordering::Relaxed) ^ data == key {
                let bound = match (data >> 60) & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(TtHit {
                    mv: unpack_move(data),
                    score: (data >> MOVE_BITS) as u16 as i16 as i32,
                    eval: (data >> (MOVE_BITS + 16)) as u16 as i16 as i32,
                    depth: depth_of(data),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Replaces the entry of the same key (keeping its move if the new result
    /// has none), else the least valuable entry: old generation first, then shallow depth.
    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Ordering::Relaxed);
            if data == 0 {
                victim = e;
                break;
            }
            if e.key_xor_data.load(Ordering::Relaxed) ^ data == key {
                // Keep a deeper result of the same search unless this one is exact.
                if bound != Bound::Exact
                    && depth + 3 < depth_of(data)
                    && generation_of(data) == generation
                {
                    return;
                }
                let mv = if mv == Move::NULL {
                    unpack_move(data)
                } else {
                    mv
                };
                let new = pack(mv, score, eval, depth, bound, generation);
                e.data.store(new, Ordering::Relaxed);
                e.key_xor_data.store(key ^ new, Ordering::Relaxed);
                return;
            }
            let age = (GENERATIONS + generation - generation_of(data)) % GENERATIONS;
            let worth = depth_of(data) - 8 * age as i32;
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        let new = pack(mv, score, eval, depth, bound, generation);
        victim.data.store(new, Ordering::Relaxed);
        victim.key_xor_data.store(key ^ new, Ordering::Relaxed);
    }

    /// Per-mille of a sample of entries that belong to the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for e in &b.entries {
                let data = e.data.load(Ordering::Relaxed);
                if data != 0 && generation_of(data) == generation {
                    used += 1;
                }
            }
        }
        if sample == 0 {
            0
        } else {
            (used * 1000 / (sample * ENTRIES_PER_BUCKET)) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{MoveKind, PieceKind, Square};

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1).unwrap();
        let m = Move::promotion(Square::new(117), Square::new(127), PieceKind(13));
        tt.store(0xDEAD_BEEF_1234_5678, m, -31_990, 250, 17, Bound::Lower);
        let hit = tt.probe(0xDEAD_BEEF_1234_5678).unwrap();
        assert_eq!(hit.mv, m);
        assert_eq!(
            (hit.score, hit.eval, hit.depth, hit.bound),
            (-31_990, 250, 17, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEF_1234_5679).is_none());
        let c = Move::new(Square::new(4), Square::new(6), MoveKind::CastleHigh);
        tt.store(7, c, 0, 0, 0, Bound::Exact);
        assert_eq!(tt.probe(7).unwrap().mv, c);
        tt.clear();
        assert!(tt.probe(7).is_none());
    }
}
