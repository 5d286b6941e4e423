//! Move ordering, in stages: the transposition-table move first, before any generation (a
//! cutoff by it saves generating at all); then the generated moves best-first: winning and
//! equal captures and promotions (MVV/LVA), killers and the counter-move, quiet moves by
//! history, losing captures (by SEE) last. Quiescence generates only captures and promotions,
//! or every evasion when in check. The move lists live in per-ply buffers of the thread, so a
//! node allocates and clears nothing.

use super::history::{quiet_index, Histories};
use super::see::SeeValues;
use super::tactical::tactical_moves;
use crate::position::Position;
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, SpillList, Square, MAX_MOVES};
use crate::variant::RepetitionRule;

const TT_MOVE: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const COUNTER: i32 = KILLER - 2;
const BAD_TACTICAL: i32 = -(1 << 28);
/// Marks a move already handed out (or never to be).
const USED: i32 = i32::MIN;

/// The picker's scores come in blocks of this many (two vectors of four), in the main search.
const SCORE_BLOCK: usize = 8;

/// Quiet moves score between the bad and the good tactical ones (history, killers).
#[inline(always)]
fn is_quiet_score(s: i32) -> bool {
    s > BAD_TACTICAL / 2 && s < GOOD_TACTICAL / 2
}

/// Captures (en passant included) and promotions: the moves quiescence searches.
#[inline(always)]
pub fn is_tactical<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    match m.kind() {
        MoveKind::EnPassant | MoveKind::Promotion => true,
        MoveKind::CastleHigh | MoveKind::CastleLow | MoveKind::Drop | MoveKind::KingLeap => false,
        _ => pos.piece_at(m.to()).is_some(),
    }
}

/// `is_tactical` for a move the main search's picker handed out with ordering score `order`:
/// the score already tells, but for the table move's and a placement's (scored among the
/// winning captures).
#[inline(always)]
pub fn is_tactical_ordered<B: Bitboard>(pos: &Position<B>, m: Move, order: i32) -> bool {
    if order == TT_MOVE {
        is_tactical(pos, m)
    } else {
        !is_quiet_score(order) && m.kind() != MoveKind::Drop
    }
}

/// MVV/LVA: the most valuable victim first, the cheapest attacker among equals.
#[inline(always)]
fn mvv_lva<B: Bitboard>(pos: &Position<B>, see: &SeeValues, m: Move) -> i32 {
    let taker = pos.piece_at(m.from()).map(|p| see.of(p.kind()));
    mvv_lva_of(see.gain(pos, m), taker)
}

/// `mvv_lva` from the move's gain and its taker's exchange value (a king's is capped).
#[inline(always)]
fn mvv_lva_of(gain: i32, taker: Option<i32>) -> i32 {
    gain * 16 - taker.map_or(0, |t| t.min(10_000)) / 16
}

/// A promotion to a lesser piece than another promotion of the same move. Quiescence looks
/// for material and leaves under-promotions to the main search: in a position full of pawns
/// that may promote (a Grand endgame: up to six choices each) they multiplied its captures.
/// Inlined: for most moves (not promotions) it is one test.
#[inline(always)]
fn outranked_promotion(list: &MoveList, see: &SeeValues, m: Move) -> bool {
    m.kind() == MoveKind::Promotion
        && list.iter().any(|o| {
            o.kind() == MoveKind::Promotion
                && o.from() == m.from()
                && o.to() == m.to()
                && see.of(o.piece()) > see.of(m.piece())
        })
}

/// Can a move from the table be played here without generating the moves? The table's key is
/// the full 64-bit hash, so a hit is this position and its move was legal here; what is checked
/// is only what a key collision or a torn entry would break. Moves whose legality depends on
/// more than the position (castling through attacked squares is fine, repetition rules are
/// not) go through the generator.
fn table_move_playable<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    if pos.variant.repetition == RepetitionRule::Illegal {
        return false;
    }
    let size = pos.variant.size.squares();
    if m.from().index() >= size || m.to().index() >= size || m.from() == m.to() {
        return false;
    }
    match m.kind() {
        MoveKind::Normal | MoveKind::DoubleStep => {}
        MoveKind::Promotion => {
            if !pos.variant.promote_to.contains(&m.piece()) {
                return false;
            }
        }
        MoveKind::EnPassant => {
            if pos.ep_square() != Some(m.to()) {
                return false;
            }
        }
        _ => return false,
    }
    let us = pos.side_to_move();
    match (pos.piece_at(m.from()), pos.piece_at(m.to())) {
        (Some(p), None) => p.color() == us,
        (Some(p), Some(q)) => p.color() == us && q.color() != us && q.kind() != pos.variant.royal,
        _ => false,
    }
}

/// The first place of `value` in `scores`, which holds it: eight scores compared at once into
/// a mask (a plain search compares and branches score by score; the main search's scores come
/// in whole `SCORE_BLOCK`s, so only quiescence's short lists have a tail).
#[inline(always)]
fn first_place(scores: &[i32], value: i32) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi32,
            _mm_set1_epi32,
        };
        let mut chunks = scores.chunks_exact(SCORE_BLOCK);
        // SAFETY: SSE2 is part of x86-64; the two loads read the eight scores of one chunk.
        unsafe {
            let wanted = _mm_set1_epi32(value);
            for (n, chunk) in (&mut chunks).enumerate() {
                let low = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
                let high = _mm_loadu_si128(chunk[4..].as_ptr().cast::<__m128i>());
                // Each score's comparison (all ones or zero) packed to 16 bits: two mask bits.
                let equal =
                    _mm_packs_epi32(_mm_cmpeq_epi32(low, wanted), _mm_cmpeq_epi32(high, wanted));
                let mask = _mm_movemask_epi8(equal);
                if mask != 0 {
                    return SCORE_BLOCK * n + mask.trailing_zeros() as usize / 2;
                }
            }
        }
        let base = scores.len() - chunks.remainder().len();
        base + chunks
            .remainder()
            .iter()
            .position(|&s| s == value)
            .unwrap_or(0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    scores.iter().position(|&s| s == value).unwrap_or(0)
}

/// One ply's move buffer, owned by the thread.
#[derive(Default)]
pub struct PlyMoves {
    list: MoveList,
    /// The ordering value of each move of `list`, in the same places; in the main search
    /// followed by `USED` up to a whole number of `SCORE_BLOCK`s.
    scores: SpillList<i32, MAX_MOVES>,
}

impl PlyMoves {
    /// How many moves were generated here.
    pub fn len(&self) -> usize {
        self.list.len()
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// The move buffers of a thread, one per ply, made when a ply is first reached. Room for every
/// ply is reserved up front (so a search never allocates), but a buffer is 4 KiB that nothing
/// touches before its ply is searched: with many threads, building them all at once made each
/// thread cost half a megabyte of resident memory before it searched a node.
pub struct PlyBuffers {
    plies: Vec<PlyMoves>,
}

impl PlyBuffers {
    pub fn new(max_plies: usize) -> PlyBuffers {
        PlyBuffers {
            plies: Vec::with_capacity(max_plies),
        }
    }

    /// The buffer of `ply`, made (with any below it) on first use.
    #[inline(always)]
    pub fn at(&mut self, ply: usize) -> &mut PlyMoves {
        // The test that the buffer exists is the index's bounds check as well.
        if ply < self.plies.len() {
            return &mut self.plies[ply];
        }
        self.reach(ply)
    }

    #[cold]
    #[inline(never)]
    fn reach(&mut self, ply: usize) -> &mut PlyMoves {
        assert!(
            ply < self.plies.capacity(),
            "ply {ply} beyond the search's maximum"
        );
        while self.plies.len() <= ply {
            self.plies.push(PlyMoves::default());
        }
        &mut self.plies[ply]
    }

    /// How many moves were generated at `ply` (none if it was never reached).
    pub fn len_at(&self, ply: usize) -> usize {
        self.plies.get(ply).map_or(0, PlyMoves::len)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    TableMove,
    Generate,
    Pick,
}

/// What the picker needs to know to order the moves of a node.
pub struct OrderHints {
    pub tt_move: Move,
    pub killers: [Move; 2],
    pub counter: Move,
}

pub struct MovePicker {
    stage: Stage,
    hints: OrderHints,
    /// Only captures and promotions are generated.
    tactical_only: bool,
    /// Quiescence orders captures by MVV/LVA alone (it tests each with SEE when searching).
    quiescence: bool,
    /// Quiet moves are no longer wanted (pruned from here on).
    skip_quiets: bool,
    /// The quiet moves' scores were set to `USED` after `skip_quiets`.
    quiets_dropped: bool,
    /// The table move was handed out before generation.
    table_move_done: bool,
    /// The generated moves' king safety is left to `tactical::king_safe`.
    king_safety_deferred: bool,
    /// Quiescence wants only the captures and promotions onto this square: the generator may
    /// leave out the others.
    only_to: Option<Square>,
}

impl MovePicker {
    /// All moves of a main-search node.
    pub fn main<B: Bitboard>(pos: &Position<B>, hints: OrderHints) -> MovePicker {
        let first = hints.tt_move != Move::NULL && table_move_playable(pos, hints.tt_move);
        MovePicker {
            stage: if first {
                Stage::TableMove
            } else {
                Stage::Generate
            },
            hints,
            tactical_only: false,
            quiescence: false,
            skip_quiets: false,
            quiets_dropped: false,
            table_move_done: false,
            king_safety_deferred: false,
            only_to: None,
        }
    }

    /// Captures and promotions, or every evasion when in check. `only_to`: the square the
    /// captures and promotions wanted go to, if only one is (not when in check); moves to others
    /// may still be handed out.
    pub fn quiescence<B: Bitboard>(
        pos: &Position<B>,
        in_check: bool,
        tt_move: Move,
        only_to: Option<Square>,
    ) -> MovePicker {
        let first = tt_move != Move::NULL
            && (in_check || is_tactical(pos, tt_move))
            && table_move_playable(pos, tt_move);
        MovePicker {
            stage: if first {
                Stage::TableMove
            } else {
                Stage::Generate
            },
            hints: OrderHints {
                tt_move,
                killers: [Move::NULL; 2],
                counter: Move::NULL,
            },
            tactical_only: !in_check,
            quiescence: true,
            skip_quiets: false,
            quiets_dropped: false,
            table_move_done: false,
            king_safety_deferred: false,
            only_to,
        }
    }

    /// Must each move handed out from here on pass `tactical::king_safe` before it is played?
    /// (Only generated moves of quiescence may need to: the table move is legal.)
    pub fn king_safety_deferred(&self) -> bool {
        self.king_safety_deferred
    }

    /// From now on, hand out captures and promotions only.
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// From now on, hand out only the quiet moves that `keep` accepts (captures and promotions
    /// as before, in the same order): one pass over the list, where picking each quiet move to
    /// reject it would scan the scores once a move. Before generation it does nothing.
    pub fn keep_quiets(&mut self, buf: &mut PlyMoves, mut keep: impl FnMut(Move) -> bool) {
        if self.stage != Stage::Pick || self.quiets_dropped {
            return;
        }
        let list = buf.list.as_slice();
        for (score, &m) in buf.scores.as_mut_slice().iter_mut().zip(list) {
            if is_quiet_score(*score) && !keep(m) {
                *score = USED;
            }
        }
    }

    /// The best remaining move and its ordering score. Picking is the common case and is
    /// done in the caller's code; the table move and the generation in a function of their
    /// own, whose register saves the picks then do not pay.
    #[inline(always)]
    pub fn next<B: Bitboard>(
        &mut self,
        buf: &mut PlyMoves,
        pos: &Position<B>,
        see: &SeeValues,
        hist: &Histories,
    ) -> Option<(Move, i32)> {
        if self.stage == Stage::Pick {
            return self.pick(buf);
        }
        self.next_before_picking(buf, pos, see, hist)
    }

    #[inline(never)]
    fn next_before_picking<B: Bitboard>(
        &mut self,
        buf: &mut PlyMoves,
        pos: &Position<B>,
        see: &SeeValues,
        hist: &Histories,
    ) -> Option<(Move, i32)> {
        if self.stage == Stage::TableMove {
            self.stage = Stage::Generate;
            self.table_move_done = true;
            return Some((self.hints.tt_move, TT_MOVE));
        }
        self.generate(buf, pos, see, hist);
        self.pick(buf)
    }

    fn generate<B: Bitboard>(
        &mut self,
        buf: &mut PlyMoves,
        pos: &Position<B>,
        see: &SeeValues,
        hist: &Histories,
    ) {
        if self.tactical_only {
            let targets = self.only_to.map_or(!B::EMPTY, B::from_square);
            self.king_safety_deferred = tactical_moves(pos, &mut buf.list, targets);
        } else {
            pos.legal_moves(&mut buf.list);
        }
        self.score(buf, pos, see, hist, pos.side_to_move());
        self.stage = Stage::Pick;
    }

    /// How many moves the node has, generating them now if only the table move was handed
    /// out so far (the buffer then still holds another node's moves). The table move is
    /// among them and is not handed out twice.
    pub fn move_count<B: Bitboard>(
        &mut self,
        buf: &mut PlyMoves,
        pos: &Position<B>,
        see: &SeeValues,
        hist: &Histories,
    ) -> usize {
        if self.stage != Stage::Pick {
            self.generate(buf, pos, see, hist);
        }
        buf.len()
    }

    #[inline(always)]
    fn pick(&mut self, buf: &mut PlyMoves) -> Option<(Move, i32)> {
        let scores = buf.scores.as_mut_slice();
        if self.skip_quiets && !self.quiets_dropped {
            for s in scores.iter_mut().filter(|s| is_quiet_score(**s)) {
                *s = USED;
            }
            self.quiets_dropped = true;
        }
        // The highest score (a pass the compiler vectorises), then its first place (four
        // scores at a time): one pass keeping the best would branch on every move. Ties go to
        // the earlier move.
        let best = scores.iter().fold(USED, |b, &s| b.max(s));
        if best == USED {
            return None;
        }
        let at = first_place(scores, best);
        scores[at] = USED;
        Some((buf.list.as_slice()[at], best))
    }

    fn score<B: Bitboard>(
        &self,
        buf: &mut PlyMoves,
        pos: &Position<B>,
        see: &SeeValues,
        hist: &Histories,
        us: Color,
    ) {
        let list = &buf.list;
        let n = list.len();
        if self.tactical_only {
            // Few moves: picked from exactly as many scores.
            let scores = buf.scores.resized(n);
            for (score, &m) in scores.iter_mut().zip(list.iter()) {
                *score = self.score_move(list, pos, see, hist, us, m);
            }
            return;
        }
        // Most moves are plain quiet moves (no capture, no special kind) that no hint names:
        // their score is their history. The hints all go to the squares marked here, with the
        // occupied ones (captures), so a plain move to any other square is none of them and
        // skips the comparisons: one bit test a move, where the board's and a hint table's
        // bytes took two loads.
        let h = &self.hints;
        // (An absent hint, the null move, marks square 0: its moves merely take the long way.)
        let special = [h.tt_move, h.killers[0], h.killers[1], h.counter]
            .iter()
            .fold(pos.occupied(), |b, m| b | B::from_square(m.to()));
        // Whole blocks of scores, the places past the moves `USED`: the picks' passes over
        // them then have no odd tail to finish score by score. (The last block is filled
        // before scoring: one block's stores, whatever the number of places left over.)
        let scores = buf.scores.resized(n.next_multiple_of(SCORE_BLOCK));
        let blocks = scores.len();
        if blocks > 0 {
            scores[blocks - SCORE_BLOCK..].fill(USED);
        }
        let quiet_history = hist.quiet_table(us);
        for (score, &m) in scores.iter_mut().zip(list.iter()) {
            let plain = m.is_plain_kind() && !special.has(m.to());
            *score = if plain {
                quiet_history[quiet_index(m)] as i32
            } else {
                self.score_move(list, pos, see, hist, us, m)
            };
        }
    }

    /// The ordering score of one move of `list`.
    #[inline(always)]
    fn score_move<B: Bitboard>(
        &self,
        list: &MoveList,
        pos: &Position<B>,
        see: &SeeValues,
        hist: &Histories,
        us: Color,
        m: Move,
    ) -> i32 {
        let h = &self.hints;
        if m == h.tt_move {
            if self.table_move_done {
                USED
            } else {
                TT_MOVE
            }
        } else if m.kind() == MoveKind::Drop {
            // A placement (cancellation): the strongest piece first.
            GOOD_TACTICAL + see.of(m.piece())
        } else if is_tactical(pos, m) {
            if self.quiescence {
                if self.tactical_only && outranked_promotion(list, see, m) {
                    USED
                } else {
                    GOOD_TACTICAL + mvv_lva(pos, see, m)
                }
            } else {
                // The taker's value and the gain read once, for the test below and MVV/LVA.
                let taker = pos.piece_at(m.from()).map(|p| see.of(p.kind()));
                let gain = see.gain(pos, m);
                // Taking something worth at least the taker never loses material.
                let cheap_taker = taker.is_some_and(|t| t <= gain);
                let base = if cheap_taker || see.see_ge(pos, m, 0) {
                    GOOD_TACTICAL
                } else {
                    BAD_TACTICAL
                };
                base + mvv_lva_of(gain, taker)
            }
        } else if m == h.killers[0] {
            KILLER
        } else if m == h.killers[1] {
            KILLER - 1
        } else if m == h.counter {
            COUNTER
        } else {
            hist.quiet(us, m)
        }
    }

    /// Ordering score from which a tactical move counts as winning or equal.
    pub const GOOD_TACTICAL: i32 = GOOD_TACTICAL;
    /// Ordering score of the first killer.
    pub const KILLER: i32 = KILLER;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;
    use crate::with_position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// `first_place` finds the first of equal scores, wherever it stands and however long
    /// the list (the four-at-a-time search and its tail).
    #[test]
    fn first_place_finds_the_first_of_equals() {
        let mut rng = StdRng::seed_from_u64(23);
        for len in 1..=70 {
            for _ in 0..50 {
                let scores: Vec<i32> = (0..len).map(|_| rng.gen_range(-3..3) * (1 << 26)).collect();
                let value = scores[rng.gen_range(0..len)];
                let want = scores.iter().position(|&s| s == value).unwrap();
                assert_eq!(first_place(&scores, value), want, "{scores:?} {value}");
            }
        }
    }

    /// The main search's scores, with plain quiet moves scored the short way, are each move's
    /// score from the full comparison chain, and tell tactical moves as `is_tactical` does; on
    /// random playouts of every built-in game, with hints drawn from the legal moves (or
    /// absent) and a history that is not all zero.
    #[test]
    fn short_way_scores_match_the_full_chain() {
        let registry = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(41);
        let mut checked = 0usize;
        for gt in registry.games() {
            let see = SeeValues::new(&gt.variant);
            let mut game = gt.start();
            with_position!(&mut game, pos => {
                let mut hist = Histories::new();
                let mut buf = PlyMoves::default();
                for ply in 0..80 {
                    pos.legal_moves(&mut buf.list);
                    if buf.list.is_empty() {
                        break;
                    }
                    let moves: Vec<Move> = buf.list.iter().copied().collect();
                    let mut any = || {
                        if rng.gen_bool(0.2) {
                            Move::NULL
                        } else {
                            moves[rng.gen_range(0..moves.len())]
                        }
                    };
                    let hints = OrderHints {
                        tt_move: any(),
                        killers: [any(), any()],
                        counter: any(),
                    };
                    let (rewarded, tried) = (any(), [any(), any()]);
                    if rewarded != Move::NULL {
                        hist.reward_quiet(pos.side_to_move(), rewarded, &tried, 3, ply, any());
                    }
                    let mut picker = MovePicker::main(pos, hints);
                    picker.table_move_done = rng.gen_bool(0.5);
                    let us = pos.side_to_move();
                    picker.score(&mut buf, pos, &see, &hist, us);
                    for (i, &m) in buf.list.iter().enumerate() {
                        let full = picker.score_move(&buf.list, pos, &see, &hist, us, m);
                        assert_eq!(buf.scores.as_slice()[i], full, "{}: {m:?}", gt.variant.name);
                        if full != USED {
                            assert_eq!(
                                is_tactical_ordered(pos, m, full),
                                is_tactical(pos, m),
                                "{}: {m:?}",
                                gt.variant.name
                            );
                        }
                        checked += 1;
                    }
                    pos.play(moves[rng.gen_range(0..moves.len())]);
                }
            });
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// After `keep_quiets` the picker hands out what it would have without it, in the same
    /// order, less the quiet moves rejected: on random playouts of every built-in game, the
    /// filter applied after a random number of picks and rejecting about a third.
    #[test]
    fn kept_quiet_moves_come_in_the_same_order() {
        let registry = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(62);
        let mut rejected = 0usize;
        for gt in registry.games() {
            let see = SeeValues::new(&gt.variant);
            let hist = Histories::new();
            let mut game = gt.start();
            with_position!(&mut game, pos => {
                let mut buf = PlyMoves::default();
                for _ in 0..40 {
                    let no_hints = || OrderHints {
                        tt_move: Move::NULL,
                        killers: [Move::NULL; 2],
                        counter: Move::NULL,
                    };
                    let mut all = Vec::new();
                    let mut picker = MovePicker::main(pos, no_hints());
                    while let Some(x) = picker.next(&mut buf, pos, &see, &hist) {
                        all.push(x);
                    }
                    if all.is_empty() {
                        break;
                    }
                    let salt = rng.gen_range(0..3u32);
                    let keep = |m: Move| {
                        let mixed = m.from().index() as u32 * 31 + m.to().index() as u32 + salt;
                        !mixed.is_multiple_of(3)
                    };
                    let before = rng.gen_range(1..=all.len());
                    let mut picker = MovePicker::main(pos, no_hints());
                    let mut got = Vec::new();
                    while let Some(x) = picker.next(&mut buf, pos, &see, &hist) {
                        got.push(x);
                        if got.len() == before {
                            picker.keep_quiets(&mut buf, keep);
                        }
                    }
                    let want: Vec<(Move, i32)> = all
                        .iter()
                        .enumerate()
                        .filter(|&(i, &(m, s))| i < before || !is_quiet_score(s) || keep(m))
                        .map(|(_, &x)| x)
                        .collect();
                    rejected += all.len() - want.len();
                    assert_eq!(got, want, "{}", gt.variant.name);
                    let moves: Vec<Move> = all.iter().map(|&(m, _)| m).collect();
                    pos.play(moves[rng.gen_range(0..moves.len())]);
                }
            });
        }
        assert!(rejected > 1_000, "{rejected}");
    }

    /// Quiescence tries a promotion only to the most valuable piece it may choose (Grand's
    /// Queen and Marshall, both 9); the main search tries all six.
    #[test]
    fn quiescence_leaves_under_promotions_to_the_main_search() {
        let registry = Registry::builtin();
        let gt = registry.find("grand").unwrap();
        let game = gt
            .position("k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1")
            .unwrap();
        let see = SeeValues::new(&gt.variant);
        let hist = Histories::new();
        with_position!(&game, pos => {
            let mut buf = PlyMoves::default();
            let promoted = |picker: &mut MovePicker, buf: &mut PlyMoves| {
                let mut letters = Vec::new();
                while let Some((m, _)) = picker.next(buf, pos, &see, &hist) {
                    if m.kind() == MoveKind::Promotion {
                        letters.push(pos.variant.letter(Color::White, m.piece()));
                    }
                }
                letters.sort_unstable();
                letters
            };
            let mut q = MovePicker::quiescence(pos, false, Move::NULL, None);
            assert_eq!(promoted(&mut q, &mut buf), vec!['C', 'Q']);
            let hints = OrderHints {
                tt_move: Move::NULL,
                killers: [Move::NULL; 2],
                counter: Move::NULL,
            };
            let mut main = MovePicker::main(pos, hints);
            assert_eq!(promoted(&mut main, &mut buf), vec!['A', 'B', 'C', 'N', 'Q', 'R']);
        });
    }
}
