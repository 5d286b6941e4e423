//! Splitting a node's moves between threads: young brothers wait, at the main thread's
//! principal-variation nodes. Once the first move of such a node is searched (by the main
//! thread alone, so that the node has a bound), its other moves are shared: every thread of the
//! split takes the next one, searches it against the best bound found so far, and reports back;
//! a move that reaches beta ends the split. The helpers that serve split points (the first
//! `SPLIT_HELPERS`) do nothing else; any further helper runs Lazy SMP (`iterate.rs`).
//!
//! Lazy SMP alone made two threads search about 1.3 times the nodes of one; a split shares the
//! work instead of repeating it. Only the main thread opens split points, one at a time, at
//! depths where no move is pruned (the moves' order and reductions are the node's own, as
//! `search_move` computes them for any thread).

use super::alphabeta::{MoveFacts, NodeFacts, NodeKind, Pv, Role, Worker};
use super::context::Frame;
use super::movepick::{is_tactical, MovePicker};
use super::params::{FUTILITY_MAX_DEPTH, LMP_MAX_DEPTH, SPLIT_HELPERS, SPLIT_MIN_DEPTH};
use super::params::{MAX_PLY, SEE_PRUNE_MAX_DEPTH};
use super::score::INFINITE;
use crate::types::{Bitboard, Move, MAX_MOVES};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

// A split node prunes nothing, so every thread may search its moves in any order.
const _: () = assert!(
    SPLIT_MIN_DEPTH > SEE_PRUNE_MAX_DEPTH
        && SPLIT_MIN_DEPTH > LMP_MAX_DEPTH
        && SPLIT_MIN_DEPTH > FUTILITY_MAX_DEPTH
);

/// The one split point of a search (only the main thread opens one, and not inside another).
#[derive(Default)]
pub struct SplitPoint {
    /// Helpers may join (read without the lock by the waiting helpers).
    open: AtomicBool,
    /// The split's remaining work is void: a move reached beta, or the search stops.
    abort: AtomicBool,
    /// Per move of the split: its result was given (by the thread that finished it first).
    posted: Box<[AtomicBool]>,
    /// Helpers inside the split (they join under the lock while it is open).
    workers: AtomicUsize,
    state: Mutex<SplitState>,
    /// How many helpers serve split points.
    pub helpers: usize,
}

#[derive(Default)]
struct SplitState {
    open: bool,
    /// The moves from the root to the split node, and the main thread's stack frames there.
    path: Vec<Move>,
    frames: Vec<Frame>,
    root_depth: i32,
    node: Option<NodeFacts>,
    moves: Vec<MoveFacts>,
    /// The next move to hand out.
    next: usize,
    alpha: i32,
    beta: i32,
    best: i32,
    /// The move that raised alpha last, its line (the move first) and selective depth.
    best_index: Option<usize>,
    line: Vec<Move>,
    seldepth: usize,
    /// At the root: the moves that raised alpha, with their scores.
    raisers: Vec<(usize, i32)>,
    /// At the root: the main thread's completed depth, to publish each new best move at once.
    publish_depth: Option<i32>,
}

impl SplitPoint {
    /// The split point of a search with `threads` threads.
    pub fn new(threads: usize) -> SplitPoint {
        // Room for the longest path and move list, so that no split allocates.
        let state = SplitState {
            path: Vec::with_capacity(MAX_PLY + 4),
            frames: Vec::with_capacity(MAX_PLY + 4),
            moves: Vec::with_capacity(MAX_MOVES),
            line: Vec::with_capacity(MAX_PLY + 4),
            raisers: Vec::with_capacity(MAX_MOVES),
            ..Default::default()
        };
        SplitPoint {
            helpers: threads.saturating_sub(1).min(SPLIT_HELPERS),
            state: Mutex::new(state),
            posted: (0..MAX_MOVES).map(|_| AtomicBool::new(false)).collect(),
            ..Default::default()
        }
    }

    fn lock(&self) -> MutexGuard<'_, SplitState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A split is open: the main thread cannot open another.
    #[inline(always)]
    pub fn is_open(&self) -> bool {
        self.open.load(Ordering::Relaxed)
    }

    /// Whether the work of the split a helper is in has become void.
    #[inline(always)]
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }
}

impl SplitState {
    /// Takes a thread's result for move `k`: `line` is the move and its continuation.
    fn record(
        &mut self,
        abort: &AtomicBool,
        k: usize,
        score: i32,
        line: &[Move],
        seldepth: usize,
        publish: impl FnOnce(&[Move], i32, i32),
    ) {
        if score <= self.best {
            return;
        }
        self.best = score;
        if score <= self.alpha {
            return;
        }
        self.best_index = Some(k);
        self.line.clear();
        self.line.extend_from_slice(line);
        self.seldepth = seldepth;
        if let Some(depth) = self.publish_depth {
            self.raisers.push((k, score));
            publish(line, score, depth);
        }
        if score >= self.beta {
            abort.store(true, Ordering::Relaxed);
        } else {
            self.alpha = score;
        }
    }
}

/// The main thread's state at a node whose moves it shares.
pub(super) struct SplitNode<'q> {
    pub alpha: i32,
    pub beta: i32,
    pub best: i32,
    pub best_move: Move,
    /// At the root: where the moves not yet searched begin in the root move list.
    pub root_index: usize,
    /// Quiet moves searched so far (for the history reward at a cutoff).
    pub quiets: &'q mut [Move],
    pub quiet_count: usize,
}

impl<B: Bitboard, R: Role> Worker<'_, B, R> {
    /// Whether the main thread may share the rest of a PV node's moves now.
    #[inline(always)]
    pub(super) fn may_split(&self, depth: i32) -> bool {
        R::MAIN
            && depth >= SPLIT_MIN_DEPTH
            && self.single_line
            && self.s.split.helpers > 0
            && !self.s.split.is_open()
    }

    /// The main thread shares the moves `picker` has left (at the root: the root moves from
    /// `at.root_index`) with the split helpers and searches them together with them. Updates
    /// `at` with the result; the caller stores it as usual. Returns false when the search
    /// stopped meanwhile.
    pub(super) fn split<N: NodeKind>(
        &mut self,
        node: &NodeFacts,
        picker: Option<&mut MovePicker>,
        at: &mut SplitNode,
    ) -> bool {
        let sp = &self.s.split;
        let ply = node.ply;
        {
            let mut st = sp.lock();
            st.moves.clear();
            match picker {
                Some(p) => {
                    while let Some((m, order)) =
                        p.next(&mut self.t.moves[ply], &self.pos, &self.s.see, &self.t.hist)
                    {
                        let tactical = is_tactical(&self.pos, m);
                        st.moves.push(MoveFacts {
                            m,
                            order,
                            tactical,
                            good_tactical: tactical && order >= MovePicker::GOOD_TACTICAL,
                            prune_unless_check: false,
                        });
                    }
                }
                None => {
                    for rm in self.t.root_moves[at.root_index..].iter_mut() {
                        let tactical = is_tactical(&self.pos, rm.mv);
                        st.moves.push(MoveFacts {
                            m: rm.mv,
                            order: 0,
                            tactical,
                            good_tactical: tactical,
                            prune_unless_check: false,
                        });
                        rm.score = -INFINITE;
                    }
                }
            }
            if st.moves.is_empty() {
                return true;
            }
            for posted in &sp.posted[..st.moves.len()] {
                posted.store(false, Ordering::Relaxed);
            }
            st.path.clear();
            st.path.extend(self.t.stack[..ply].iter().map(|f| f.mv));
            st.frames.clear();
            st.frames.extend_from_slice(&self.t.stack[..=ply]);
            st.root_depth = self.t.root_depth;
            st.node = Some(*node);
            st.next = 0;
            st.alpha = at.alpha;
            st.beta = at.beta;
            st.best = at.best;
            st.best_index = None;
            st.line.clear();
            st.raisers.clear();
            st.publish_depth = N::ROOT.then_some(self.t.completed_depth);
            sp.abort.store(false, Ordering::Relaxed);
            st.open = true;
            sp.open.store(true, Ordering::Release);
        }
        self.work_at_split::<N>(node);
        {
            let mut st = sp.lock();
            st.open = false;
            sp.open.store(false, Ordering::Relaxed);
        }
        if self.t.stopped {
            sp.abort.store(true, Ordering::Relaxed);
        }
        while sp.workers.load(Ordering::Acquire) > 0 {
            std::hint::spin_loop();
            std::thread::yield_now();
        }
        if self.t.stopped {
            return false;
        }
        let st = sp.lock();
        at.best = at.best.max(st.best);
        let Some(k) = st.best_index else {
            return true;
        };
        let m = st.moves[k].m;
        at.best_move = m;
        at.alpha = at.alpha.max(st.alpha);
        if N::ROOT {
            for &(i, score) in &st.raisers {
                self.t.root_moves[at.root_index + i].score = score;
            }
            let rm = &mut self.t.root_moves[at.root_index + k];
            rm.seldepth = st.seldepth;
            rm.pv.clear();
            rm.pv.extend_from_slice(&st.line);
        } else {
            let line = &st.line;
            self.t.pv[ply][ply..ply + line.len()].copy_from_slice(line);
            self.t.pv_len[ply] = ply + line.len();
        }
        if st.best >= st.beta && !st.moves[k].tactical && !node.mid_turn {
            for q in st.moves[..k].iter().filter(|q| !q.tactical) {
                if at.quiet_count < at.quiets.len() {
                    at.quiets[at.quiet_count] = q.m;
                    at.quiet_count += 1;
                }
            }
            let prev = if ply >= 1 {
                self.t.stack[ply - 1].mv
            } else {
                Move::NULL
            };
            self.t.hist.reward_quiet(
                node.us,
                m,
                &at.quiets[..at.quiet_count],
                node.depth,
                ply,
                prev,
            );
        }
        true
    }

    /// Takes the split's moves one at a time and searches them until none is left, the split
    /// is void or this thread must stop.
    fn work_at_split<N: NodeKind>(&mut self, node: &NodeFacts) {
        let sp = &self.s.split;
        let ply = node.ply;
        self.in_split = true;
        loop {
            let (k, mv, alpha, beta) = {
                let mut st = sp.lock();
                if sp.aborted() {
                    break;
                }
                let k = if st.next < st.moves.len() {
                    st.next += 1;
                    st.next - 1
                } else {
                    // None left to hand out: search one that another thread is searching
                    // (the first handed out, likely the longest), sharing the table with it,
                    // rather than wait. Whoever finishes first gives the result.
                    match (0..st.moves.len()).find(|&i| !sp.posted[i].load(Ordering::Relaxed)) {
                        Some(i) => i,
                        None => break,
                    }
                };
                (k, st.moves[k], st.alpha, st.beta)
            };
            self.split_move = k;
            // Moves before it were searched (or are being searched): it counts as a late move.
            let score = self.search_move::<N>(node, mv, k + 1, alpha, beta);
            if self.t.stopped {
                if self.s.stopped() || self.t.superseded {
                    break;
                }
                // Only this split's work was void: a move reached beta, or another thread
                // gave this move's result first.
                self.t.stopped = false;
                continue;
            }
            let Some(score) = score else { continue };
            let len = self.t.pv_len[ply + 1].max(ply + 1);
            let child = &self.t.pv[ply + 1];
            self.line_buf.clear();
            self.line_buf.push(mv.m);
            self.line_buf.extend_from_slice(&child[ply + 1..len]);
            let shared = self.s;
            let mut st = sp.lock();
            if sp.posted[k].swap(true, Ordering::Relaxed) {
                continue;
            }
            st.record(
                &sp.abort,
                k,
                score,
                &self.line_buf,
                self.t.seldepth,
                |line, score, depth| shared.publish(line, score, depth),
            );
        }
        self.in_split = false;
    }

    /// Whether the work of this thread at a split point has become void: the split was
    /// aborted, or another thread gave the result of the move this one searches.
    #[inline(always)]
    pub(super) fn split_work_void(&self) -> bool {
        let sp = &self.s.split;
        sp.aborted() || sp.posted[self.split_move].load(Ordering::Relaxed)
    }

    /// A split helper's search: joins each split point the main thread opens, until the search
    /// stops.
    pub fn serve_splits(&mut self) {
        let mut idle_polls = 0u32;
        while !self.s.stopped() {
            if self.s.split.open.load(Ordering::Acquire) {
                self.join_split();
                idle_polls = 0;
            } else if idle_polls < SPLIT_SPIN_POLLS {
                // Splits follow each other closely while the main thread searches: wait for
                // the next one without sleeping (but let any other thread have the core).
                idle_polls += 1;
                std::hint::spin_loop();
                std::thread::yield_now();
            } else {
                // Long without a split (the main thread waits for `stop`, or searches shallow
                // nodes alone): do not burn the core.
                std::thread::sleep(SPLIT_IDLE_SLEEP);
            }
        }
        self.s.nodes[self.t.id]
            .0
            .store(self.t.nodes, Ordering::Relaxed);
    }

    fn join_split(&mut self) {
        let shared = self.s;
        let sp = &shared.split;
        let node = {
            let st = sp.lock();
            let Some(node) = st.node.filter(|_| st.open) else {
                return;
            };
            sp.workers.fetch_add(1, Ordering::AcqRel);
            self.t.stack[..st.frames.len()].copy_from_slice(&st.frames);
            self.t.root_depth = st.root_depth;
            self.line_buf.clear();
            self.line_buf.extend_from_slice(&st.path);
            node
        };
        // Leaves the split even if the search panics, so that the main thread does not wait
        // for this thread forever.
        let _member = Member(&sp.workers);
        let path = std::mem::take(&mut self.line_buf);
        for &m in &path {
            self.pos.play(m);
        }
        self.line_buf = path;
        let plies = self.line_buf.len();
        self.t.seldepth = node.ply;
        self.t.stopped = false;
        self.work_at_split::<Pv>(&node);
        self.t.stopped = false;
        for _ in 0..plies {
            self.pos.undo();
        }
    }
}

/// A helper's membership of a split point: it ends when the helper leaves, however it leaves.
struct Member<'a>(&'a AtomicUsize);

impl Drop for Member<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Idle polls (each a yield of the core) before a split helper starts sleeping between polls.
const SPLIT_SPIN_POLLS: u32 = 20_000;
const SPLIT_IDLE_SLEEP: std::time::Duration = std::time::Duration::from_micros(200);
