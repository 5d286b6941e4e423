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
/// Generations cycle through this many values (the age field's width): an entry written this
/// many searches ago looks current again, so the wider the field the rarer that mistake.
const GENERATIONS: u8 = 8;
/// The deepest draft an entry records. Deeper results are stored as this deep: a probe at a
/// greater depth then does not take them for a cutoff, which costs time, never correctness, and
/// iterations that deep happen only where the tree is tiny (a bare king to mate).
const MAX_STORED_DEPTH: i32 = 62;

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
//  53..59  depth + 1, 6 bits (see MAX_STORED_DEPTH)
//  59..61  bound (1..=3, so a stored entry is never 0)
//  61..64  generation
const MOVE_BITS: u32 = 21;
const DEPTH_SHIFT: u32 = 53;
const BOUND_SHIFT: u32 = 59;
const GENERATION_SHIFT: u32 = 61;

#[inline(always)]
fn pack_move(m: Move) -> u64 {
    let r = m.raw() as u64;
    (r & 0x7F) | ((r >> 8) & 0x7F) << 7 | ((r >> 16) & 0x7) << 14 | ((r >> 24) & 0xF) << 17
}

#[inline(always)]
fn unpack_move(bits: u64) -> Move {
    let r = (bits & 0x7F)
        | ((bits >> 7) & 0x7F) << 8
        | ((bits >> 14) & 0x7) << 16
        | ((bits >> 17) & 0xF) << 24;
    Move::from_raw(r as u32)
}

#[inline(always)]
fn pack(m: Move, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let depth_field = (depth.clamp(-1, MAX_STORED_DEPTH) + 1) as u64;
    let bound_field = match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    pack_move(m)
        | ((score as i16 as u16 as u64) << MOVE_BITS)
        | ((eval as i16 as u16 as u64) << (MOVE_BITS + 16))
        | (depth_field << DEPTH_SHIFT)
        | (bound_field << BOUND_SHIFT)
        | ((generation as u64 & 7) << GENERATION_SHIFT)
}

#[inline(always)]
fn depth_of(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & 0x3F) as i32 - 1
}
#[inline(always)]
fn generation_of(data: u64) -> u8 {
    (data >> GENERATION_SHIFT) as u8
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

/// Memory a table leaves to the rest of the system (and the engine's own few MB).
const MEMORY_LEFT_TO_OTHERS_MB: usize = 64;
/// Tables up to the default size are tried whatever the system says is available, so that
/// the engine still starts on a nearly full machine.
const ALWAYS_TRIED_MB: usize = 16;

/// A line of `/proc/meminfo` in MiB (`MemTotal:`, `MemAvailable:`); `None` where there is none.
pub fn memory_info_mb(field: &str) -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: usize = text
        .lines()
        .find_map(|l| l.strip_prefix(field))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024)
}

/// Makes every allocation of a mebibyte or more a mapping of its own, given back to the system
/// when freed. glibc otherwise raises that threshold to the size of the last mapping freed:
/// after `Hash` 64 then 16 then 4, the smaller tables came from the heap, which kept the pages
/// of the larger ones (resident memory stayed at the largest table asked for, not `Hash`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn map_large_allocations() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: mallopt only changes the allocator's policy for later allocations; a
        // refusal (return value 0) leaves the default policy, which is only slower to give
        // memory back.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
        }
    });
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn map_large_allocations() {}

impl TranspositionTable {
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table of `mb` mebibytes (at least one bucket). Fails if the memory cannot be had:
    /// more than the system has available now (the table is written whole at once, and on
    /// Linux an allocation beyond that succeeds, then gets the process killed as it is
    /// touched), or an allocation refused.
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        if let Some(available) = memory_info_mb("MemAvailable:") {
            if mb > ALWAYS_TRIED_MB && mb > available.saturating_sub(MEMORY_LEFT_TO_OTHERS_MB) {
                return Err(format!(
                    "cannot allocate {mb} MB for the hash table: {available} MB of memory are \
                     available"
                ));
            }
        }
        map_large_allocations();
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
                let bound = match (data >> BOUND_SHIFT) & 3 {
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
    #[inline(always)]
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

    #[test]
    fn depth_is_stored_up_to_its_field_and_bound_and_generation_survive() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        tt.store(11, Move::NULL, 5, -7, 100, Bound::Upper);
        let hit = tt.probe(11).expect("stored");
        assert_eq!((hit.depth, hit.bound), (MAX_STORED_DEPTH, Bound::Upper));
        tt.store(12, Move::NULL, 5, -7, -1, Bound::Exact);
        let hit = tt.probe(12).expect("stored");
        assert_eq!(
            (hit.depth, hit.bound, hit.score, hit.eval),
            (-1, Bound::Exact, 5, -7)
        );
    }

    #[test]
    fn entries_of_earlier_searches_are_not_counted_as_current_for_seven_searches() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        // Fill the sampled buckets in the first search.
        for key in 0..200_000u64 {
            let key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            tt.store(key, Move::NULL, 0, 0, 1, Bound::Exact);
        }
        assert!(tt.hashfull() > 500, "{}", tt.hashfull());
        for searches_later in 1..=7 {
            tt.new_search();
            assert_eq!(tt.hashfull(), 0, "{searches_later} searches later");
        }
    }

    #[test]
    fn an_older_entry_is_replaced_before_a_deeper_current_one() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        let buckets = tt.buckets.len() as u128;
        // Five keys of bucket 0 (the bucket is the key's high bits scaled to the table).
        let keys: Vec<u64> = (0..5u64).map(|i| i * 2 + 1).collect();
        assert!(keys.iter().all(|&k| (k as u128 * buckets) >> 64 == 0));
        tt.store(keys[0], Move::NULL, 0, 0, 30, Bound::Exact);
        // Five searches later: beyond what a 2-bit age field could tell apart.
        for _ in 0..5 {
            tt.new_search();
        }
        for &k in &keys[1..4] {
            tt.store(k, Move::NULL, 0, 0, 10, Bound::Exact);
        }
        tt.store(keys[4], Move::NULL, 0, 0, 5, Bound::Exact);
        assert!(tt.probe(keys[0]).is_none(), "the old deep entry goes first");
        assert!(keys[1..].iter().all(|&k| tt.probe(k).is_some()));
    }
}
