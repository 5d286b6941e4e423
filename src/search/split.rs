//! Splitting a node's moves between threads: young brothers wait, at the main thread's
//! principal-variation nodes. Once the first move of such a node is searched (by the main
//! thread alone, so that the node has a bound), its other moves are shared: every thread of the
//! split takes the next one, searches it against the best bound found so far, and reports back;
//! a move that reaches beta ends the split. The helpers that serve split points (the first
//! `SPLIT_HELPERS`) do nothing else; any further helper runs Lazy SMP (`iterate.rs`).
//!
//! When no move is left to hand out, a free thread searches one that another thread is still
//! on, sharing the table with it, rather than wait: whichever finishes first gives the result,
//! and the other drops its work.
//!
//! A move that beats alpha with a null window must be searched again with the full window: a
//! principal-variation tree, often the longest work of the split (a root move that becomes the
//! best one). The split then stops and is set aside, and the main thread searches that move
//! on its own, where the move's tree may split in turn; the split takes the move's result and
//! hands out its moves still without one, against the new bound. (When that search is shallow,
//! `RESEARCH_SPLIT_MIN_DEPTH`, the thread that found the move searches it again itself.)
//!
//! Lazy SMP alone made two threads search about 1.3 times the nodes of one; a split shares the
//! work instead of repeating it. Only the main thread opens split points, one at a time; the
//! moves' order and reductions are the node's own, as `search_move` computes them for any
//! thread. Near the leaves, shallow pruning (`prune.rs`) judges the moves once, when the split
//! opens, against the bound the first move gave: only those it spares are handed out (a quiet
//! move spared only if it gives check still has that tested where only playing tells, and is
//! then done without a result). Splitting from depth 5 rather than 8, where nothing is pruned,
//! lets the helper share the principal variation's last plies, which the main thread otherwise
//! searches alone at each iteration. A stack of split points, where any thread may
//! open one inside another while a thread waits, was tried and was slower: the helper then
//! waited more than it does searching alongside.

use super::alphabeta::{MoveFacts, NodeFacts, NodeKind, Pv, Role, Worker};
use super::context::Frame;
use super::movepick::{is_tactical, MovePicker};
use super::params::{MAX_PLY, SPLIT_HELPERS, SPLIT_MIN_DEPTH};
use super::prune::PruneFacts;
use super::score::INFINITE;
use super::tt::Bound;
use crate::types::{Bitboard, Move, MAX_MOVES};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

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
    /// The main thread leaves every move of a split to the helpers (tests: the helpers' results
    /// then decide the search).
    main_leaves_moves: bool,
    /// Moves whose result a helper gave (a statistic: the helpers did share the work).
    helper_results: AtomicUsize,
    /// Moves the main thread searched again outside their split (a statistic).
    researches: AtomicUsize,
    /// Splits set aside while the main thread searches one of their moves again (see
    /// `research_move`), innermost last, and states kept for reuse.
    shelf: Mutex<Shelf>,
}

#[derive(Default)]
struct Shelf {
    stack: Vec<SplitState>,
    spare: Vec<SplitState>,
}

#[derive(Default)]
struct SplitState {
    open: bool,
    /// The moves from the root to the split node, the node's hash, and the main thread's stack
    /// frames there.
    path: Vec<Move>,
    key: u64,
    frames: Vec<Frame>,
    root_depth: i32,
    node: Option<NodeFacts>,
    moves: Vec<MoveFacts>,
    /// The next move to hand out, and how many have their result.
    next: usize,
    posted: usize,
    alpha: i32,
    beta: i32,
    best: i32,
    /// The move that raised alpha last, its line (the move first) and selective depth.
    best_index: Option<usize>,
    line: Vec<Move>,
    seldepth: usize,
    /// At the root: the moves that raised alpha, with their scores.
    raisers: Vec<(usize, i32, Bound)>,
    /// At the root: the main thread's completed depth, to publish each new best move at once.
    publish_depth: Option<i32>,
    /// At the root: root moves searched before the split (the first move's place is this + 1).
    root_index: usize,
    /// A move whose null-window search beat alpha, to be searched again by the main thread.
    research: Option<usize>,
    /// While the split is set aside: which moves had their result.
    posted_copy: Vec<bool>,
}

impl SplitPoint {
    /// The split point of a search with `threads` threads.
    pub fn new(threads: usize, main_leaves_moves: bool) -> SplitPoint {
        SplitPoint {
            helpers: threads.saturating_sub(1).min(SPLIT_HELPERS),
            main_leaves_moves,
            state: Mutex::new(SplitState::with_room()),
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

    /// Moves of split points whose result a helper gave, in this search.
    pub fn helper_results(&self) -> usize {
        self.helper_results.load(Ordering::Relaxed)
    }

    /// Sets the (closed) split aside, so that another may open while the main thread searches
    /// one of its moves again.
    fn shelve(&self) {
        let mut shelf = self.shelf.lock().unwrap_or_else(|e| e.into_inner());
        // A few states per search at most (one per split set aside at once), then reused.
        let mut kept = shelf.spare.pop().unwrap_or_else(SplitState::with_room);
        let mut st = self.lock();
        std::mem::swap(&mut *st, &mut kept);
        kept.posted_copy.clear();
        kept.posted_copy.extend(
            self.posted[..kept.moves.len()]
                .iter()
                .map(|p| p.load(Ordering::Relaxed)),
        );
        shelf.stack.push(kept);
    }

    /// Takes back the split set aside last (closed, as it was).
    fn unshelve(&self) {
        let mut shelf = self.shelf.lock().unwrap_or_else(|e| e.into_inner());
        let Some(mut kept) = shelf.stack.pop() else {
            return;
        };
        let mut st = self.lock();
        std::mem::swap(&mut *st, &mut kept);
        for (posted, &was) in self.posted.iter().zip(&st.posted_copy) {
            posted.store(was, Ordering::Relaxed);
        }
        self.abort.store(false, Ordering::Relaxed);
        shelf.spare.push(kept);
    }

    /// Moves of split points searched again by the main thread with the split set aside, in
    /// this search.
    pub fn researches(&self) -> usize {
        self.researches.load(Ordering::Relaxed)
    }

    /// Whether the work of the split a helper is in has become void.
    #[inline(always)]
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }
}

impl SplitState {
    /// Room for the longest path and move list, so that no split allocates.
    fn with_room() -> SplitState {
        SplitState {
            path: Vec::with_capacity(MAX_PLY + 4),
            frames: Vec::with_capacity(MAX_PLY + 4),
            moves: Vec::with_capacity(MAX_MOVES),
            line: Vec::with_capacity(MAX_PLY + 4),
            raisers: Vec::with_capacity(MAX_MOVES),
            posted_copy: Vec::with_capacity(MAX_MOVES),
            ..Default::default()
        }
    }

    /// Takes a thread's result for move `k`: `line` is the move and its continuation.
    fn record(
        &mut self,
        abort: &AtomicBool,
        k: usize,
        score: i32,
        line: &[Move],
        seldepth: usize,
        publish: impl FnOnce(&[Move], i32, Bound, i32),
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
            let bound = Bound::of_result(score, self.alpha, self.beta);
            self.raisers.push((k, score, bound));
            publish(line, score, bound, depth);
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
    /// The move that led to the node (the counter-move entry of that reward).
    pub prev: Move,
    /// Moves searched before the split.
    pub searched: usize,
    /// Near the leaves, what pruning reads: the moves it prunes are not handed out.
    pub prune: Option<PruneFacts>,
}

impl<B: Bitboard, R: Role> Worker<'_, B, R> {
    /// Whether the main thread may share the rest of a PV node's moves now. A split point
    /// posts at most `MAX_MOVES`: the caller searches a node with more (only ever in a giant
    /// variants-file game) alone.
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
        let shared = self.s;
        let sp = &shared.split;
        let ply = node.ply;
        {
            let mut st = sp.lock();
            st.moves.clear();
            match picker {
                Some(p) => {
                    let mut searched = at.searched;
                    while let Some((m, order)) =
                        p.next(self.t.moves.at(ply), &self.pos, &shared.see, &self.t.hist)
                    {
                        let tactical = is_tactical(&self.pos, m);
                        let good_tactical = tactical && order >= MovePicker::GOOD_TACTICAL;
                        let mut hash = None;
                        let mut prune_unless_check = false;
                        if let Some(f) = &at.prune {
                            let verdict = self.shallow_verdict::<N>(
                                m,
                                tactical,
                                good_tactical,
                                searched,
                                at.alpha,
                                f,
                                &mut hash,
                            );
                            match self.admit(&verdict, m, f.depth) {
                                Some(unless_check) => prune_unless_check = unless_check,
                                None => continue,
                            }
                        }
                        searched += 1;
                        st.moves.push(MoveFacts {
                            m,
                            hash: hash.unwrap_or_else(|| self.pos.hash_after(m)),
                            order,
                            tactical,
                            good_tactical,
                            prune_unless_check,
                        });
                    }
                }
                None => {
                    for rm in self.t.root_moves[at.root_index..].iter_mut() {
                        let tactical = is_tactical(&self.pos, rm.mv);
                        st.moves.push(MoveFacts {
                            m: rm.mv,
                            hash: self.pos.hash_after(rm.mv),
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
            st.posted = 0;
            st.key = self.pos.hash();
            st.alpha = at.alpha;
            st.beta = at.beta;
            st.best = at.best;
            st.best_index = None;
            st.line.clear();
            st.raisers.clear();
            st.publish_depth = N::ROOT.then_some(self.t.completed_depth);
            st.root_index = at.root_index;
            st.research = None;
            sp.abort.store(false, Ordering::Relaxed);
            st.open = true;
            sp.open.store(true, Ordering::Release);
        }
        loop {
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
            // (Not when another move reached beta meanwhile: the node's result is in.)
            let research = {
                let mut st = sp.lock();
                st.research.take().filter(|_| st.best < st.beta)
            };
            let Some(k) = research else {
                break;
            };
            if !self.research_move::<N>(node, k) {
                return false;
            }
            // The moves still without a result are handed out again (with the bound the new
            // best move gave), unless it reached beta.
            let mut st = sp.lock();
            if st.best >= st.beta || st.posted == st.moves.len() {
                break;
            }
            st.next = 0;
            sp.abort.store(false, Ordering::Relaxed);
            st.open = true;
            sp.open.store(true, Ordering::Release);
        }
        self.take_split_result::<N>(node, at);
        true
    }

    /// The main thread searches move `k` of the split again with the full window, the split
    /// closed and set aside, so that the move's tree can split in turn: done inside the split,
    /// by one thread, it was the longest work of many splits (a root move that becomes the
    /// best one is searched in full there). Returns false when the search stopped meanwhile.
    fn research_move<N: NodeKind>(&mut self, node: &NodeFacts, k: usize) -> bool {
        let sp = &self.s.split;
        let (mv, alpha, beta, root_index) = {
            let st = sp.lock();
            (st.moves[k], st.alpha, st.beta, st.root_index)
        };
        if N::ROOT {
            self.announce_root_move(mv.m, root_index + k + 1);
        }
        sp.researches.fetch_add(1, Ordering::Relaxed);
        sp.shelve();
        let score = self.search_move::<N>(node, mv, k + 1, alpha, beta);
        sp.unshelve();
        if self.t.stopped {
            return false;
        }
        self.post_result(node.ply, k, mv.m, score);
        true
    }

    /// The main thread takes the split's result: the best move and score, its line (at the
    /// root, the scores of the moves that raised alpha), and at a cutoff the history reward.
    fn take_split_result<N: NodeKind>(&mut self, node: &NodeFacts, at: &mut SplitNode) {
        let ply = node.ply;
        let st = self.s.split.lock();
        at.best = at.best.max(st.best);
        let Some(k) = st.best_index else {
            return;
        };
        let m = st.moves[k].m;
        at.best_move = m;
        if N::ROOT {
            for &(i, score, bound) in &st.raisers {
                let rm = &mut self.t.root_moves[at.root_index + i];
                rm.score = score;
                rm.bound = bound;
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
            self.t.hist.reward_quiet(
                node.us,
                m,
                &at.quiets[..at.quiet_count],
                node.depth,
                ply,
                at.prev,
            );
        }
    }

    /// Takes the split's moves one at a time and searches them until none is left, the split
    /// is void or this thread must stop.
    fn work_at_split<N: NodeKind>(&mut self, node: &NodeFacts) {
        let sp = &self.s.split;
        let ply = node.ply;
        if R::MAIN && sp.main_leaves_moves {
            while !sp.aborted() && !self.s.stopped() {
                let st = sp.lock();
                if st.posted == st.moves.len() {
                    break;
                }
                drop(st);
                std::thread::yield_now();
            }
            return;
        }
        self.in_split = true;
        self.split_ply = ply;
        loop {
            let (k, mv, alpha, beta, root_index) = {
                let mut st = sp.lock();
                if sp.aborted() {
                    break;
                }
                // Moves given back to the split (see `research_move`) may have their result.
                while st.next < st.moves.len() && sp.posted[st.next].load(Ordering::Relaxed) {
                    st.next += 1;
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
                (k, st.moves[k], st.alpha, st.beta, st.root_index)
            };
            // The move was hashed on the posting thread, whose prefetch filled another core.
            self.s.tt.prefetch(mv.hash);
            if N::ROOT && R::MAIN {
                self.announce_root_move(mv.m, root_index + k + 1);
            }
            self.split_move = k;
            // Moves before it were searched (or are being searched): it counts as a late move.
            let score = self.search_move::<N>(node, mv, k + 1, alpha, beta);
            if self.t.stopped {
                self.research_deferred = false;
                if self.s.stopped() || self.t.superseded {
                    break;
                }
                // Only this split's work was void: a move reached beta, or another thread
                // gave this move's result first.
                self.t.stopped = false;
                continue;
            }
            if self.research_deferred {
                // The move beat alpha: the split stops, and the main thread searches it again
                // (unless another move is already waiting for that; this one is then handed
                // out again after it).
                self.research_deferred = false;
                let mut st = sp.lock();
                if st.research.is_none() && !sp.aborted() && !sp.posted[k].load(Ordering::Relaxed) {
                    st.research = Some(k);
                    sp.abort.store(true, Ordering::Relaxed);
                }
                continue;
            }
            self.post_result(ply, k, mv.m, score);
        }
        self.in_split = false;
    }

    /// Gives the result of move `k` of the split, `m`, as this thread found it (its line in
    /// `pv`), unless another thread gave it first. A move pruned unless it gives check, which
    /// playing showed it does not, is done without a result (`None`).
    fn post_result(&mut self, ply: usize, k: usize, m: Move, score: Option<i32>) {
        let sp = &self.s.split;
        if score.is_some() {
            let len = self.t.pv_len[ply + 1].max(ply + 1);
            let child = &self.t.pv[ply + 1];
            self.line_buf.clear();
            self.line_buf.push(m);
            self.line_buf.extend_from_slice(&child[ply + 1..len]);
        }
        let shared = self.s;
        let mut st = sp.lock();
        if sp.posted[k].swap(true, Ordering::Relaxed) {
            return;
        }
        st.posted += 1;
        let Some(score) = score else { return };
        if !R::MAIN {
            sp.helper_results.fetch_add(1, Ordering::Relaxed);
        }
        st.record(
            &sp.abort,
            k,
            score,
            &self.line_buf,
            self.t.seldepth,
            |line, score, bound, depth| shared.publish(line, score, bound, depth),
        );
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
        self.share_nodes();
    }

    fn join_split(&mut self) {
        let shared = self.s;
        let sp = &shared.split;
        let (node, key) = {
            let st = sp.lock();
            let Some(node) = st.node.filter(|_| st.open) else {
                return;
            };
            sp.workers.fetch_add(1, Ordering::AcqRel);
            self.t.stack[..st.frames.len()].copy_from_slice(&st.frames);
            self.t.root_depth = st.root_depth;
            self.line_buf.clear();
            self.line_buf.extend_from_slice(&st.path);
            (node, st.key)
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
        if self.pos.hash() == key {
            self.work_at_split::<Pv>(&node);
        } else {
            log::error!("split helper: the path does not lead to the split node; left alone");
        }
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

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::search::{Listener, Outcome, Report, Score, SearchLimits, Searcher};
    use crate::types::Move;
    use crate::variant::Registry;
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    /// Every line a search reports, its answer's last.
    struct Lines(Arc<Mutex<Vec<Vec<Move>>>>);
    impl Listener for Lines {
        fn report(&mut self, r: &Report) {
            self.0.lock().unwrap().push(r.pv.clone());
        }
        fn finished(&mut self, o: &Outcome) {
            self.0.lock().unwrap().push(o.line.clone());
        }
    }

    /// Searches `game` to `depth` and checks that every reported line is legal; returns the
    /// answer's line and how many moves' results the helpers gave.
    fn search(
        searcher: &mut Searcher,
        game: &Game,
        eval: &Arc<crate::search::eval::EvalParams>,
        depth: i32,
    ) -> (Vec<Move>, usize) {
        search_within(searcher, game, eval, SearchLimits::depth(depth))
    }

    /// As `search`, under any limits.
    fn search_within(
        searcher: &mut Searcher,
        game: &Game,
        eval: &Arc<crate::search::eval::EvalParams>,
        limits: SearchLimits,
    ) -> (Vec<Move>, usize) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        searcher
            .start(
                game,
                eval,
                limits,
                Instant::now(),
                Box::new(Lines(lines.clone())),
            )
            .expect("idle");
        searcher.wait();
        let lines = lines.lock().unwrap();
        for line in lines.iter() {
            if let Some(illegal) = game.first_illegal(line) {
                panic!("{illegal} (line from {})", game.fen());
            }
        }
        let answer = lines.last().cloned().unwrap_or_default();
        let shared = searcher.latest_shared().expect("the search just run");
        (answer, shared.split.helper_results())
    }

    /// Runs `search` (which returns how many results the helper gave) until the helper gave
    /// some, at most `HELPER_TRIES` times; the helper's total. Where the threads share a split
    /// node's moves, the main thread takes them all when the helper is not scheduled while the
    /// split is open: on a machine loaded by other tests that can last a whole short search.
    /// Every try's own assertions still hold.
    fn until_the_helper_works(mut search: impl FnMut() -> usize) -> usize {
        const HELPER_TRIES: usize = 8;
        (0..HELPER_TRIES)
            .map(|_| search())
            .find(|&results| results > 0)
            .unwrap_or(0)
    }

    /// Two searchers with two threads: one where the threads share split nodes' moves, one
    /// where the helper searches all of them (so that its results decide the search).
    fn searchers() -> [Searcher; 2] {
        let mut shared = Searcher::new(16).expect("a 16 MB table");
        shared.set_threads(2).expect("idle");
        let mut to_helper = Searcher::new(16).expect("a 16 MB table");
        to_helper.set_threads(2).expect("idle");
        to_helper.leave_split_moves_to_helpers();
        [shared, to_helper]
    }

    /// The search with split nodes finds the exact forced mates, with the right first move,
    /// however the moves are shared (a result taken from a helper with the wrong move, score or
    /// line would show, as would a helper searching from the wrong position).
    #[test]
    fn split_searches_find_forced_mates() {
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        for mut searcher in searchers() {
            let helper_results = until_the_helper_works(|| {
                let mut helper_results = 0;
                for (fen, mate, first) in [
                    // Mates in 3 and 5: iterations deep enough to split are searched.
                    (
                        "2q1nk1r/4Rp2/1ppp1P2/6Pp/3p1B2/3P3P/PPP1Q3/6K1 w - - 0 1",
                        5,
                        "e7e8",
                    ),
                    ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"),
                ] {
                    let game = chess.position(fen).expect("a legal position");
                    for _ in 0..2 {
                        searcher.new_game().expect("idle");
                        let outcome = searcher.search(&game, chess.eval(), SearchLimits::depth(11));
                        assert_eq!(outcome.score, Score::Mate(mate), "{fen}");
                        let best = outcome.best.expect("a move");
                        assert_eq!(game.move_to_uci(best), first, "{fen}");
                        let shared = searcher.latest_shared().expect("the search just run");
                        helper_results += shared.split.helper_results();
                    }
                }
                helper_results
            });
            assert!(helper_results > 0, "the helper did nothing");
        }
    }

    /// Lines reported by searches with split nodes are legal, in chess middlegames and in games
    /// whose rules change the search's moves (cancellation turns of several plies, relay moves),
    /// and the helper gives results of its own in each.
    #[test]
    fn split_searches_report_legal_lines() {
        let registry = Registry::builtin();
        for mut searcher in searchers() {
            let mut researches = 0;
            for (name, fen, depth) in [
                (
                    "chess",
                    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8",
                    11,
                ),
                (
                    "chess",
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                    10,
                ),
                ("cancellation-chess", "", 9),
                ("anti-relay-chess", "", 10),
                ("capablanca", "", 10),
            ] {
                let gt = registry.find(name).expect("built in");
                let game = if fen.is_empty() {
                    gt.start()
                } else {
                    gt.position(fen).expect("a legal position")
                };
                let helper_results = until_the_helper_works(|| {
                    searcher.new_game().expect("idle");
                    let (answer, helper_results) = search(&mut searcher, &game, gt.eval(), depth);
                    assert!(!answer.is_empty(), "{name}");
                    let shared = searcher.latest_shared().expect("the search just run");
                    researches += shared.split.researches();
                    helper_results
                });
                assert!(helper_results > 0, "{name}: the helper did nothing");
            }
            // Moves that beat the best so far at a split point were searched again by the
            // main thread, its lines among those checked above.
            assert!(researches > 0, "no move was searched again");
        }
    }

    /// A node with more moves than a split point posts (700 in this variants-file game) is
    /// searched alone. The count must be the node's own: where only the table move had been
    /// handed out, the ply's buffer still held another node's moves, the split went ahead and
    /// overran its 512 posting flags, and the search thread panicked at depth 11 to 13.
    ///
    /// Depth 14 takes 1.1 to 5 M nodes here, but about one search in a hundred (two threads
    /// fill the table differently each time) meets a run of failed aspiration windows at depth
    /// 12 or 13, each searched again at length: one was stopped after 389 s and 100 M nodes,
    /// still at depth 12, and the test binary hung. The node cap ends those; a panic (within a
    /// few million nodes) still shows, as a search that ended short of both.
    #[test]
    fn nodes_with_more_moves_than_a_split_posts_are_searched_alone() {
        struct Depth(Arc<Mutex<(i32, u64)>>);
        impl Listener for Depth {
            fn report(&mut self, _: &Report) {}
            fn finished(&mut self, o: &Outcome) {
                *self.0.lock().unwrap() = (o.depth, o.nodes);
            }
        }
        const WALKERS: &str = "[giant : chess]\nboard = 16x8\n\
            start = rnbqkbnrrnbqzbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQZBNR w - - 0 1\n\
            piece = z Zeus QNCZ 20\ncastle-high = -\ncastle-low = -\npromote-to = q r b n\n\
            [walkers : giant]\npiece = w Walker mQmNmCmZmGmH 3\n";
        const DEPTH: i32 = 14;
        const NODE_CAP: u64 = 10_000_000;
        let mut registry = Registry::builtin();
        registry.load(WALKERS).expect("a valid variants file");
        let walkers = registry.find("walkers").expect("just loaded");
        let game = walkers
            .position("w1W2w3W1W3k/2w9W2W/W6wW1W3w1/W1W1W1W3W1W1W1/p4W4W5/P14W/5WW4W4/K5WW1W1w4 w - - 0 1")
            .expect("a legal position");
        let mut list = crate::types::MoveList::new();
        game.legal_moves(&mut list);
        assert!(list.len() > crate::types::MAX_MOVES, "{} moves", list.len());
        for mut searcher in searchers() {
            searcher.new_game().expect("idle");
            let ended = Arc::new(Mutex::new((0, 0)));
            let limits = SearchLimits {
                depth: Some(DEPTH),
                nodes: Some(NODE_CAP),
                ..SearchLimits::default()
            };
            searcher
                .start(
                    &game,
                    walkers.eval(),
                    limits,
                    Instant::now(),
                    Box::new(Depth(ended.clone())),
                )
                .expect("idle");
            searcher.wait();
            let (depth, nodes) = *ended.lock().unwrap();
            assert!(
                depth == DEPTH || nodes >= NODE_CAP,
                "ended at depth {depth} after {nodes} nodes"
            );
        }
    }

    /// `go nodes` with far more threads than cores: the Lazy SMP helpers leave off by
    /// themselves once the budget is spent, instead of searching on until a starved main thread
    /// gets to stop them (128 threads once searched up to ten times the bound below). Each
    /// thread publishes its count every `CLOCK_CHECK_NODES` nodes, so a helper goes at most
    /// two of those; the main thread and the split helper end within one past the budget.
    #[test]
    fn node_budget_holds_with_many_threads() {
        use crate::search::params::CLOCK_CHECK_NODES;
        const THREADS: usize = 128;
        const BUDGET: u64 = 2_000;
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let mut searcher = Searcher::new(16).expect("a 16 MB table");
        searcher.set_threads(THREADS).expect("idle");
        let bound = 2 * (BUDGET + CLOCK_CHECK_NODES) + THREADS as u64 * 2 * CLOCK_CHECK_NODES;
        for _ in 0..3 {
            searcher.new_game().expect("idle");
            let limits = SearchLimits {
                nodes: Some(BUDGET),
                ..SearchLimits::default()
            };
            let (answer, _) = search_within(&mut searcher, &chess.start(), chess.eval(), limits);
            assert!(!answer.is_empty());
            let nodes = searcher.latest_shared().expect("searched").total_nodes();
            assert!(
                nodes <= bound,
                "{nodes} nodes for a budget of {BUDGET} (bound {bound})"
            );
        }
    }

    /// MultiPV searches do not split: their helper runs Lazy SMP rather than wait for a split.
    #[test]
    fn multi_pv_helpers_search_on_their_own() {
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let mut searcher = Searcher::new(16).expect("a 16 MB table");
        searcher.set_threads(2).expect("idle");
        searcher.set_multi_pv(2).expect("idle");
        // A fixed time rather than a depth: a shallow search can end before a busy machine
        // has even started the helper thread.
        let limits = SearchLimits {
            movetime: Some(300),
            ..SearchLimits::default()
        };
        let (answer, helper_results) =
            search_within(&mut searcher, &chess.start(), chess.eval(), limits);
        assert!(!answer.is_empty());
        assert_eq!(helper_results, 0);
        let shared = searcher.latest_shared().expect("the search just run");
        let helper_nodes = shared.nodes[1].0.load(std::sync::atomic::Ordering::Relaxed);
        assert!(helper_nodes > 1000, "{helper_nodes}");
    }
}
