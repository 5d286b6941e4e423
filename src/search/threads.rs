//! The search threads, on std threads, sharing the transposition table: the main thread keeps
//! the clock, reports, and its result is the answer; helpers are silent. The first
//! `SPLIT_HELPERS` helpers share the main thread's PV nodes with it (`split.rs`); any further
//! helper runs Lazy SMP, every other one an iteration ahead of the main thread, which takes
//! over any iteration such a helper completes first (`Worker::iterate`). A search runs on a
//! thread of its own so that the protocol loop keeps reading input (`stop`, `isready`)
//! meanwhile.

use super::alphabeta::{no_move_score, root_moves, Helper, MainThread, Worker};
use super::context::{
    ChoiceLine, NodeCounter, RootMove, SharedContext, ThreadContext, CHOICE_LINE_LEN,
};
use super::eval::EvalParams;
use super::limits::{SearchLimits, SearchOptions, MAX_THREADS};
use super::see::SeeValues;
use super::split::SplitPoint;
use super::time::TimeManager;
use super::tt::{Bound, TranspositionTable};
use super::{Listener, Outcome};
use crate::game::Game;
use crate::position::Position;
use crate::types::{Bitboard, Move, MoveList};
use crate::variant::Variant;
use crate::with_position;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Search threads recurse up to `MAX_PLY` deep with a move list per ply.
const SEARCH_STACK_BYTES: usize = 16 << 20;

struct Running {
    shared: Arc<SharedContext>,
    handle: JoinHandle<Vec<ThreadContext>>,
}

/// Reaches the latest search from another thread (the protocol's input thread), so that
/// `stop` and `ponderhit` act the moment they are read. It can only reach searches started
/// before: a search is started by a command that was read earlier.
#[derive(Clone)]
pub struct SearchHandle(Arc<Mutex<Option<Arc<SharedContext>>>>);

impl SearchHandle {
    fn latest(&self) -> Option<Arc<SharedContext>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn set(&self, search: Option<Arc<SharedContext>>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = search;
    }

    /// As `Searcher::stop_and_answer`, for the input thread, ahead of the command loop: the
    /// search counts as running until the loop reads the same `stop`
    /// (`Searcher::stop_and_answer`), so that commands read before it are judged in order.
    pub fn stop_and_answer(&self) {
        if let Some(s) = self.latest() {
            s.request_stop();
            // Marked before the answer, which is what the command loop looks at first. (A
            // search that answers by itself meanwhile then waits for this `stop` too.)
            if !s.answered.load(Ordering::Acquire) {
                s.stopped_early.store(true, Ordering::Release);
            }
            s.answer();
        }
    }

    /// As `Searcher::request_stop`, for the input thread at `quit`: the search threads give
    /// the cores back before the command loop has even woken up to end the session.
    pub fn request_stop(&self) {
        if let Some(s) = self.latest() {
            s.request_stop();
        }
    }

    /// As `Searcher::ponderhit`.
    pub fn ponderhit(&self) {
        if let Some(s) = self.latest() {
            s.time.ponderhit();
        }
    }
}

/// The engine's search: the hash table, the threads' state, the options; at most one search
/// runs at a time.
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    threads: Vec<ThreadContext>,
    options: SearchOptions,
    running: Option<Running>,
    latest: SearchHandle,
    /// The game of the last search: the table is emptied when the game changes, since
    /// positions of different games may share a hash.
    last_variant: Option<Arc<Variant>>,
    /// Nothing was searched since the table was made or emptied, so a change of game need not
    /// empty it again (`bench` and `ucinewgame` empty it before the search, outside its time).
    table_empty: bool,
    /// The main thread leaves split nodes' moves to the helpers (tests only).
    split_moves_to_helpers: bool,
    /// The last search was stopped by a `stop` the input thread acted on, and the command
    /// loop has not read that `stop` yet: until it does, the search counts as running.
    stop_unread: bool,
    /// The latest search ends by itself (it has limits): see `limited_search_pending`.
    last_limited: bool,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Result<Searcher, String> {
        allocator_arena_per_thread();
        Ok(Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mb)?),
            threads: vec![ThreadContext::new(0)],
            options: SearchOptions::default(),
            running: None,
            latest: SearchHandle(Arc::new(Mutex::new(None))),
            last_variant: None,
            table_empty: true,
            split_moves_to_helpers: false,
            stop_unread: false,
            last_limited: false,
        })
    }

    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// True while a search is running (and not yet collected), or while the `stop` that
    /// ended it early has not been read in order.
    pub fn is_searching(&mut self) -> bool {
        match &self.running {
            // Finished, or about to: joining takes no time.
            Some(r) if r.handle.is_finished() || r.shared.answered.load(Ordering::Acquire) => {
                self.wait();
                self.stop_unread
            }
            Some(_) => true,
            None => self.stop_unread,
        }
    }

    fn idle(&mut self, what: &str) -> Result<(), String> {
        if self.is_searching() {
            Err(format!("{what}: a search is running; send 'stop' first"))
        } else {
            Ok(())
        }
    }

    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.idle("Hash")?;
        let old_mb = self.tt.size_mb();
        // Free the old table first, so that both never need to fit at once: the last
        // search's shared state holds it too.
        self.latest.set(None);
        self.tt = Arc::new(TranspositionTable::new(1)?);
        self.table_empty = true;
        match TranspositionTable::new(mb) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                Ok(())
            }
            Err(e) => {
                // The size the engine had (its entries are gone): a failed change keeps the
                // setting, as any other refused option does.
                if let Ok(tt) = TranspositionTable::new(old_mb) {
                    self.tt = Arc::new(tt);
                }
                Err(e)
            }
        }
    }

    /// The table's size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    pub fn set_threads(&mut self, n: usize) -> Result<(), String> {
        self.idle("Threads")?;
        let n = n.clamp(1, MAX_THREADS);
        if n < self.threads.len() {
            self.threads.truncate(n);
            release_free_memory();
        }
        while self.threads.len() < n {
            self.threads.push(ThreadContext::new(self.threads.len()));
        }
        self.options.threads = n;
        Ok(())
    }

    pub fn set_multi_pv(&mut self, n: usize) -> Result<(), String> {
        self.idle("MultiPV")?;
        self.options.multi_pv = n.max(1);
        Ok(())
    }

    pub fn set_move_overhead(&mut self, ms: u64) -> Result<(), String> {
        self.idle("Move Overhead")?;
        self.options.move_overhead = ms;
        Ok(())
    }

    /// Forgets everything learnt (`ucinewgame`): the table and every thread's histories.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.idle("ucinewgame")?;
        self.tt.clear();
        self.table_empty = true;
        for t in &mut self.threads {
            t.hist.clear();
        }
        Ok(())
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Starts searching `game` on a thread of its own; `listener` hears the reports and the
    /// result. `started` is when the command arrived (the clock runs from then).
    pub fn start(
        &mut self,
        game: &Game,
        eval: &Arc<EvalParams>,
        limits: SearchLimits,
        started: Instant,
        listener: Box<dyn Listener>,
    ) -> Result<(), String> {
        self.idle("go")?;
        let mut threads = std::mem::take(&mut self.threads);
        if threads.is_empty() {
            // The last search took them along (abandoned, panicked or never started).
            threads = (0..self.options.threads).map(ThreadContext::new).collect();
        }
        let n = threads.len();
        let variant = game.variant().clone();
        if !self
            .last_variant
            .as_ref()
            .is_some_and(|v| Arc::ptr_eq(v, &variant))
        {
            if !self.table_empty {
                self.tt.clear();
            }
            // Another game's counter-moves and histories name squares and pieces that may not
            // exist in this one (a 16x8 game's squares past a 64-square board's last).
            for t in &mut threads {
                t.hist.clear();
            }
            self.last_variant = Some(variant.clone());
        }
        self.table_empty = false;
        self.tt.new_search();
        self.last_limited = !limits.waits_for_stop() && !limits.ponder;
        let mut time_limits = limits.clone();
        if limits.infinite {
            time_limits.time = [None, None];
            time_limits.movetime = None;
        }
        let shared = Arc::new(SharedContext {
            tt: self.tt.clone(),
            stop: AtomicBool::new(false),
            answered: AtomicBool::new(false),
            stopped_early: AtomicBool::new(false),
            choice: Mutex::new(ChoiceLine::EMPTY),
            choice_score: AtomicI32::new(0),
            choice_depth: AtomicI32::new(0),
            listener: Mutex::new(listener),
            time: TimeManager::new(&time_limits, &self.options, game.side_to_move(), started),
            limits,
            options: self.options.clone(),
            eval: eval.clone(),
            see: SeeValues::new(&variant),
            nodes: (0..n).map(|_| NodeCounter::default()).collect(),
            helper: Default::default(),
            main_depth: AtomicI32::new(0),
            // MultiPV searches do not split (their helpers all run Lazy SMP).
            split: SplitPoint::new(
                if self.options.multi_pv <= 1 { n } else { 1 },
                self.split_moves_to_helpers,
            ),
            searched_us: AtomicU64::new(super::context::SEARCHING),
        });
        // An answer is ready from the start (a `stop` or `quit` may come before the search
        // thread has run at all, or a loaded machine may not run it before the clock runs
        // out): the first root move, the table's where it has one; with none the game's result.
        with_position!(game, p => {
            let roots = root_moves(p, &shared.limits.search_moves, &self.tt);
            match unsearched_answer(p, &roots, &self.tt, &shared.see) {
                Some(m) => shared.publish(&[m], 0, Bound::Exact, 0),
                None => shared.publish(
                    &[],
                    no_move_score(p.variant.stalemate, p.in_check(), 0),
                    Bound::Exact,
                    0,
                ),
            }
        });
        let game = game.clone_recent();
        let for_thread = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run(&for_thread, game, threads)
                }));
                // A panic anywhere else in the search thread (see `run_typed`) is answered too.
                searched.unwrap_or_else(|panic| {
                    for_thread.request_stop();
                    for_thread.answer();
                    std::panic::resume_unwind(panic)
                })
            });
        match spawned {
            Ok(handle) => {
                self.latest.set(Some(shared.clone()));
                self.running = Some(Running { shared, handle });
                Ok(())
            }
            // The thread contexts went with the closure: the next start builds them afresh.
            Err(e) => Err(format!("cannot start the search thread: {e}")),
        }
    }

    /// Asks the running search to stop. It answers through the listener by itself, except a
    /// `ponder` or `infinite` search, which still waits for `stop_and_answer` or `ponderhit`.
    pub fn request_stop(&self) {
        if let Some(r) = &self.running {
            r.shared.request_stop();
        }
    }

    /// The opponent played the move pondered on: the clock starts. Read in order by the
    /// command loop, it also makes the search one that ends by itself (where its limits do),
    /// so that the commands after it wait for it as for any such search.
    pub fn ponderhit(&mut self) {
        if let Some(r) = &self.running {
            r.shared.time.ponderhit();
            self.last_limited = !r.shared.limits.waits_for_stop();
        }
    }

    /// Whether a search with limits (one that ends by itself) is running, or was stopped by a
    /// `stop` the command loop has not read in order yet: a command that needs the searcher
    /// idle can wait for it (the `stop` it may wait for is already on its way).
    pub fn limited_search_pending(&self) -> bool {
        // As the search started, or since the command loop read its `ponderhit`: one the
        // input thread has acted on ahead of the command loop does not change how the
        // commands before it are judged.
        self.last_limited
            && match &self.running {
                Some(r) => {
                    !r.shared.answered.load(Ordering::Acquire)
                        || r.shared.stopped_early.load(Ordering::Acquire)
                }
                None => self.stop_unread,
            }
    }

    /// Whether the running search waits for `stop` (infinite, unlimited or pondering).
    pub fn waits_for_stop(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.shared.limits.waits_for_stop() || r.shared.time.pondering())
    }

    /// A handle on the latest search for another thread.
    pub fn handle(&self) -> SearchHandle {
        self.latest.clone()
    }

    /// Stops the running search, if any, and has its answer given now: by this thread, from
    /// the best move found so far, unless the search gave it already. (With more threads than
    /// cores the search threads may take a while to be scheduled and notice.) Does not wait
    /// for them: the next call that needs the searcher idle collects them.
    pub fn stop_and_answer(&mut self) {
        if let Some(r) = &self.running {
            r.shared.request_stop();
            r.shared.answer();
            // This is the `stop` the input thread acted on, if it did: now read in order.
            r.shared.stopped_early.store(false, Ordering::Release);
        }
        self.stop_unread = false;
    }

    /// Stops the running search, if any (its answer goes out at once), and waits for it.
    pub fn stop(&mut self) {
        self.stop_and_answer();
        self.wait();
    }

    /// Stops the running search, if any, and has its answer given, without waiting for its
    /// threads: for the end of a session (`quit`), whose process exit then ends them. Joining
    /// takes a scheduler's round over every search thread when they outnumber the cores (tens
    /// of milliseconds with 256 threads on 2 cores), and nothing they hold needs them to finish.
    pub fn abandon(&mut self) {
        if let Some(r) = self.running.take() {
            r.shared.request_stop();
            // An answer already on its way is not waited for either: nothing follows it.
            if !r.shared.answered.load(Ordering::Acquire) {
                r.shared.answer();
            }
            // Dropping the handle detaches the thread; its thread contexts go with it.
        }
        self.stop_unread = false;
    }

    /// Waits for the running search to end by itself.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            self.stop_unread |= r.shared.stopped_early.load(Ordering::Acquire);
            match r.handle.join() {
                Ok(threads) => self.threads = threads,
                // Its thread contexts are lost: the next start builds them afresh.
                Err(_) => log::error!("the search thread panicked"),
            }
        }
    }

    /// Searches to the end on this thread's behalf and returns the result (bench, tests).
    pub fn search(&mut self, game: &Game, eval: &Arc<EvalParams>, limits: SearchLimits) -> Outcome {
        struct Collect(std::sync::mpsc::Sender<Outcome>);
        impl Listener for Collect {
            fn report(&mut self, _: &super::Report) {}
            fn finished(&mut self, o: &Outcome) {
                let _ = self.0.send(o.clone());
            }
        }
        let (tx, rx) = std::sync::mpsc::channel();
        if let Err(e) = self.start(game, eval, limits, Instant::now(), Box::new(Collect(tx))) {
            panic!("search: {e}");
        }
        self.wait();
        rx.recv().expect("a finished search reports its outcome")
    }
}

#[cfg(test)]
impl Searcher {
    /// The shared state of the latest search, for tests that look inside it.
    pub(super) fn latest_shared(&self) -> Option<Arc<SharedContext>> {
        self.latest.latest()
    }

    /// From now on the main thread leaves the moves of its split nodes to the helpers.
    pub(super) fn leave_split_moves_to_helpers(&mut self) {
        self.split_moves_to_helpers = true;
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The body of the search thread: dispatch on the board width once, then search.
fn run(shared: &SharedContext, game: Game, mut threads: Vec<ThreadContext>) -> Vec<ThreadContext> {
    with_position!(game, pos => run_typed(shared, pos, &mut threads));
    threads
}

/// With more search threads than cores, every helper thread lowers its own scheduling
/// priority: the protocol's threads (input, output, clock) then get a core the moment they wake
/// up, so `stop`, `isready` and the clock are served at once however many threads search.
/// With no more threads than cores nothing changes (the engine keeps its share of the machine).
fn yield_to_protocol_threads(threads: usize) {
    if threads <= cores() {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread; a failure leaves the priority as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, SEARCH_NICE_WHEN_OVERSUBSCRIBED);
    }
}

/// Lets glibc give every thread a malloc arena of its own. By default it has 8 per core and
/// threads beyond that share them; then a protocol thread freeing a message could wait on an
/// arena lock held by a helper at its lowered priority, which may not run again for seconds
/// when hundreds of helpers share two cores (XBoard's `?` was seen answered 18 s late). An
/// arena costs address space, not memory: its pages are used only as the thread allocates.
/// glibc fixes the limit once a process has nine arenas, so this is done before any search.
fn allocator_arena_per_thread() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static DONE: std::sync::Once = std::sync::Once::new();
        DONE.call_once(|| {
            // The helpers, the main search thread, the clock, the spawner and the protocol's.
            let arenas = (MAX_THREADS + 16) as libc::c_int;
            // SAFETY: mallopt only sets a limit for arenas made from now on.
            if unsafe { libc::mallopt(libc::M_ARENA_MAX, arenas) } == 0 {
                log::warn!("malloc arenas not raised to {arenas}");
            }
        });
    }
}

/// Gives the pages the allocator keeps free back to the system: the search threads' move
/// buffers live in their own arenas, which glibc keeps at their largest after the threads are
/// gone (256 threads left about 85 MB behind when set back to one).
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system; no live allocation moves.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The cores this process may use, asked once: on Linux the standard library reads the
/// control-group files at every call, which cost a millisecond per helper thread started.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The nice value of search threads when they outnumber the cores.
#[cfg(target_os = "linux")]
const SEARCH_NICE_WHEN_OVERSUBSCRIBED: libc::c_int = 10;

/// How often the clock watchdog looks at the clock.
const WATCHDOG_PERIOD: Duration = Duration::from_millis(1);
/// The watchdog's limit before any iteration is complete, per mille of the hard limit.
const WATCHDOG_GRACE_PERMILLE: u64 = 1_250;

fn run_typed<B: Bitboard>(
    shared: &SharedContext,
    mut pos: Position<B>,
    threads: &mut [ThreadContext],
) {
    let roots = root_moves(&pos, &shared.limits.search_moves, &shared.tt);
    for t in threads.iter_mut() {
        t.reset(roots.clone());
    }
    let n_threads = threads.len();
    let Some((main, helpers)) = threads.split_first_mut() else {
        unreachable!("a search has at least its main thread")
    };
    std::thread::scope(|scope| {
        if shared.time.has_deadline() {
            // The main thread checks the clock too, but only when the scheduler lets it run:
            // with more threads than cores a sleeping watchdog wakes up sooner.
            let watchdog = std::thread::Builder::new()
                .name("clock".into())
                .spawn_scoped(scope, || {
                    while !shared.answered.load(Ordering::Acquire) {
                        // Before the first iteration is done the choice is only the first legal
                        // move: give the main thread a little longer to finish it.
                        let searched = shared.choice_depth.load(Ordering::Acquire) >= 1
                            || shared.helper.depth() >= 1;
                        if shared.time.out_of_time_by(if searched {
                            1000
                        } else {
                            WATCHDOG_GRACE_PERMILLE
                        }) {
                            shared.request_stop();
                            shared.answer();
                            break;
                        }
                        std::thread::sleep(WATCHDOG_PERIOD);
                    }
                });
            if let Err(e) = watchdog {
                log::warn!("clock watchdog not started: {e}");
            }
        }
        if n_threads > cores() {
            // The helpers are started by a thread of their own, at their lower priority, so
            // that the main thread starts searching at once instead of after starting them
            // all (up to 255, each taking the processor from it as it starts).
            let pos = pos.clone();
            let spawner = std::thread::Builder::new()
                .name("spawner".into())
                .spawn_scoped(scope, move || {
                    yield_to_protocol_threads(n_threads);
                    spawn_helpers(scope, shared, &pos, helpers, n_threads);
                });
            if let Err(e) = spawner {
                log::warn!("helper threads not started: {e}");
            }
        } else {
            spawn_helpers(scope, shared, &pos, helpers, n_threads);
        }
        // The main thread keeps its priority: it reports, publishes the answer and watches
        // the clock, so it must not wait behind the helpers for its share of a core.
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Worker::<B, MainThread>::new(main, shared, pos.clone()).iterate();
            shared.request_stop();
            finish(shared, main, &mut pos);
        }));
        if let Err(panic) = searched {
            // A bug, never bad input. Still, the GUI gets the best move found so far (or the
            // first legal one) instead of waiting forever, and the helpers and the clock
            // watchdog stop, so that the scope can end.
            shared.request_stop();
            shared.answer();
            std::panic::resume_unwind(panic);
        }
        // Answer at once; the helpers are unwinding and are joined when the scope ends.
        shared.answer();
        log::debug!(
            "split helpers gave {} moves' results; {} moves searched again outside their split",
            shared.split.helper_results(),
            shared.split.researches()
        );
    });
}

/// Starts the helper threads of a search, each with its own copy of the position.
fn spawn_helpers<'scope, B: Bitboard>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    shared: &'scope SharedContext,
    pos: &Position<B>,
    helpers: &'scope mut [ThreadContext],
    n_threads: usize,
) {
    for t in helpers.iter_mut() {
        let pos = pos.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("helper {}", t.id))
            .stack_size(SEARCH_STACK_BYTES)
            .spawn_scoped(scope, move || {
                yield_to_protocol_threads(n_threads);
                let splits = t.id <= shared.split.helpers;
                let mut worker = Worker::<B, Helper>::new(t, shared, pos);
                if splits {
                    worker.serve_splits()
                } else {
                    worker.iterate()
                }
            });
        if let Err(e) = spawned {
            log::warn!("helper thread not started: {e}");
        }
    }
}

/// The main thread's final choice. Its line is completed from the table where the PV stops
/// short: to the end of the turn when the turn has more plies (a capture's placements), then
/// with a reply to ponder on.
fn finish<B: Bitboard>(shared: &SharedContext, main: &ThreadContext, pos: &mut Position<B>) {
    let Some(first) = main.root_moves.first() else {
        return;
    };
    // With several lines an iteration cut short may have reordered the root moves: the answer
    // stays the last completed iteration's line 1, the one published.
    let several_lines = shared.options.multi_pv > 1;
    let best = match shared.chosen_move() {
        Some(chosen) if several_lines => main
            .root_moves
            .iter()
            .find(|r| r.mv == chosen)
            .unwrap_or(first),
        _ => first,
    };
    let mut line = [Move::NULL; CHOICE_LINE_LEN];
    let mut len = 0;
    let us = pos.side_to_move();
    // Plies of our turn in the line (the first ply before which the other side is to move).
    let mut turn_len = None;
    for &m in best.pv.iter().take(CHOICE_LINE_LEN) {
        if !pos.is_legal(m) {
            break;
        }
        if turn_len.is_none() && pos.side_to_move() != us {
            turn_len = Some(len);
        }
        pos.play(m);
        line[len] = m;
        len += 1;
    }
    if len > 0 && turn_len.is_none() {
        // The PV ends inside our turn: complete it from the table (or the strongest move).
        while len < CHOICE_LINE_LEN && pos.side_to_move() == us {
            let Some(m) = move_from_table(shared, pos).or_else(|| strongest_move(pos)) else {
                break;
            };
            pos.play(m);
            line[len] = m;
            len += 1;
        }
        turn_len = Some(len);
    }
    if len > 0 && turn_len == Some(len) && len < CHOICE_LINE_LEN {
        // No reply in the line: the table's, if it has one.
        if let Some(m) = move_from_table(shared, pos) {
            pos.play(m);
            line[len] = m;
            len += 1;
        }
    }
    for _ in 0..len {
        pos.undo();
    }
    let cut_short = main.root_depth > main.completed_depth;
    let (score, bound) = if cut_short && several_lines {
        (best.previous_score, Bound::Exact)
    } else {
        best.reported_score()
    };
    shared.publish(
        &line[..len],
        score.max(-super::score::MATE),
        bound,
        main.completed_depth,
    );
}

/// The table's move here, if it is legal.
fn move_from_table<B: Bitboard>(shared: &SharedContext, pos: &Position<B>) -> Option<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    shared
        .tt
        .probe(pos.hash())
        .map(|h| h.mv)
        .filter(|&m| list.contains(m))
}

/// The answer to a `stop` that comes before the search has scored any move: the table's move
/// where it has one, else the first of the winning or even captures by the victim's value,
/// then the first move whose piece cannot be won where it lands (by exchange on that square
/// only: what the move uncovers or stops defending is not looked at).
fn unsearched_answer<B: Bitboard>(
    pos: &Position<B>,
    roots: &[RootMove],
    tt: &TranspositionTable,
    see: &SeeValues,
) -> Option<Move> {
    let first = roots.first()?.mv;
    if tt.probe(pos.hash()).is_some_and(|h| h.mv == first) {
        return Some(first);
    }
    let merit = |m: Move| {
        if see.see_ge(pos, m, 0) {
            1 + see.gain(pos, m)
        } else {
            0
        }
    };
    roots
        .iter()
        .enumerate()
        .max_by_key(|&(i, r)| (merit(r.mv), std::cmp::Reverse(i)))
        .map(|(_, r)| r.mv)
}

/// A legal move when nothing better is known: the most valuable placement first (a turn of a
/// cancellation game must be finished to be an answer at all).
pub fn strongest_move<B: Bitboard>(pos: &Position<B>) -> Option<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let value = |m: Move| {
        if m.kind() == crate::types::MoveKind::Drop {
            pos.variant.piece(m.piece()).value
        } else {
            0
        }
    };
    list.iter().copied().max_by_key(|&m| value(m))
}

#[cfg(test)]
mod tests {
    use super::Searcher;
    use crate::search::{Listener, Outcome, Report, SearchLimits};
    use crate::variant::Registry;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    /// Says when the search has answered, then holds the search thread there until released.
    struct Holding {
        entered: mpsc::Sender<()>,
        release: mpsc::Receiver<()>,
    }
    impl Listener for Holding {
        fn report(&mut self, _: &Report) {}
        fn finished(&mut self, _: &Outcome) {
            let _ = self.entered.send(());
            let _ = self.release.recv();
        }
    }

    /// `abandon` (the session's end) does not wait for the search thread, here held inside
    /// its answer, and the searcher still searches afterwards (with fresh thread contexts).
    #[test]
    fn abandoning_does_not_wait_for_the_search() {
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        searcher.set_threads(2).expect("idle");
        let (entered, has_entered) = mpsc::channel();
        let (release, released) = mpsc::channel();
        let holding = Holding {
            entered,
            release: released,
        };
        let limits = SearchLimits::depth(2);
        searcher
            .start(
                &chess.start(),
                chess.eval(),
                limits,
                Instant::now(),
                Box::new(holding),
            )
            .expect("idle");
        has_entered.recv().expect("the search answers");
        let (done, is_done) = mpsc::channel();
        let abandoning = std::thread::spawn(move || {
            searcher.abandon();
            let _ = done.send(());
            searcher
        });
        // Generous: abandoning takes no time; waiting for the held thread lasts until released.
        let waited = is_done.recv_timeout(Duration::from_secs(20)).is_err();
        drop(release);
        assert!(!waited, "abandon waited for the search thread");
        let mut searcher = abandoning.join().expect("abandoned");
        let outcome = searcher.search(&chess.start(), chess.eval(), SearchLimits::depth(3));
        assert!(outcome.best.is_some());
    }

    /// A mate that ends on the move rule's last ply is found (mate in 2 at halfmove 96): near
    /// the rule every other line scores a draw, and shallow pruning cut the mating check from
    /// the null-window searches, so that the win was scored a draw until depth 13.
    #[test]
    fn a_mate_just_inside_the_move_rule_is_found() {
        use crate::search::Score;
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let game = chess
            .position("7k/8/5K2/8/8/8/8/1R6 w - - 96 80")
            .expect("a legal position");
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        let outcome = searcher.search(&game, chess.eval(), SearchLimits::depth(8));
        assert_eq!(outcome.score, Score::Mate(2));
        assert_eq!(game.move_to_uci(outcome.best.expect("a move")), "f6g6");
    }

    /// Where leaving the other side without a move wins (Canon), a quiet move that does so is
    /// never pruned, and quiescence sees that a bare King has no move: the mate in 2 that the
    /// no-repetition rule gives (d6e4 e6e5 e4d6: Black's only move would recreate the start)
    /// was reported as mate 4 from depth 8, and the stalemate a3a2 was missed at depth 1.
    #[test]
    fn a_win_by_stalemate_is_found_at_shallow_depth() {
        use crate::search::Score;
        let registry = Registry::builtin();
        let canon = registry.find("canon").expect("canon is built in");
        let game = canon
            .position("7/3Nk2/7/7/K6/6P/7 w - - 0 1")
            .expect("a legal position");
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        let outcome = searcher.search(&game, canon.eval(), SearchLimits::depth(6));
        assert_eq!(outcome.score, Score::Mate(2));
        assert_eq!(game.move_to_uci(outcome.best.expect("a move")), "d6e4");

        let mut game = canon
            .position("6k/7/R6/7/7/K6/5R1 w - - 0 1")
            .expect("a legal position");
        for m in ["a2a3", "g7g6"] {
            let m = game.parse_uci(m).expect("a legal move");
            game.play(m);
        }
        searcher.new_game().expect("idle");
        let outcome = searcher.search(&game, canon.eval(), SearchLimits::depth(1));
        assert_eq!(outcome.score, Score::Mate(1));
        assert_eq!(game.move_to_uci(outcome.best.expect("a move")), "a3a2");
    }

    /// A quiet mate one move ahead (a quiet check at the last ply of a null-window search)
    /// is not lost to late-move pruning: each of these is mate in 2 at depth 4 (before the
    /// frontier's checks were spared, the first took depth 9 and the third depth 10).
    #[test]
    fn a_quiet_mate_at_the_frontier_is_found_at_shallow_depth() {
        use crate::search::Score;
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        for fen in [
            "7k/8/5K2/8/8/8/8/1R6 w - - 0 80",
            "4k3/8/P2p3b/8/8/5K2/7q/2r5 b - - 7 67",
            "2r4k/5p1p/7p/8/1p1r4/6P1/8/7K b - - 0 36",
            "8/8/7p/5p1P/2k2Pp1/6K1/3q4/8 b - - 3 61",
        ] {
            let game = chess.position(fen).expect("a legal FEN");
            searcher.new_game().expect("idle");
            let outcome = searcher.search(&game, chess.eval(), SearchLimits::depth(4));
            assert_eq!(outcome.score, Score::Mate(2), "{fen}");
        }
    }

    /// The root's result goes into the table, so that the next search of the position (a
    /// restarted analysis, a missed ponder) searches its move first; a later MultiPV line's
    /// and a `searchmoves` search's do not, since their best is not the position's.
    #[test]
    fn the_roots_best_move_is_kept_in_the_table() {
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let game = chess
            .position("r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8")
            .expect("a legal FEN");
        let key = crate::with_position!(&game, p => p.hash());
        // The root's entry is the one of the search's depth (the position may recur deeper in
        // the tree, after two null moves, with an entry of its own).
        let table_move = |s: &Searcher| s.tt.probe(key).filter(|h| h.depth >= 6).map(|h| h.mv);
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        let best = searcher
            .search(&game, chess.eval(), SearchLimits::depth(6))
            .best;
        assert!(best.is_some());
        assert_eq!(table_move(&searcher), best);

        searcher.new_game().expect("idle");
        let some = crate::with_position!(&game, p => {
            let mut list = crate::types::MoveList::new();
            p.legal_moves(&mut list);
            list.as_slice()[..3].to_vec()
        });
        let limits = SearchLimits {
            depth: Some(6),
            search_moves: some,
            ..SearchLimits::default()
        };
        searcher.search(&game, chess.eval(), limits);
        assert_eq!(table_move(&searcher), None);

        searcher.new_game().expect("idle");
        searcher.set_multi_pv(3).expect("idle");
        let o = searcher.search(&game, chess.eval(), SearchLimits::depth(6));
        assert_eq!(table_move(&searcher), o.best);
    }

    /// A change of game forgets the histories: Grand's counter-moves name squares past the
    /// last of chess's 64, which a 64-square board cannot hold (a fuzzed variants file found
    /// it: the picker's bit for such a square overflowed).
    #[test]
    fn a_change_of_game_forgets_the_histories() {
        let registry = Registry::builtin();
        let grand = registry.find("grand").expect("grand is built in");
        let chess = registry.find("chess").expect("chess is built in");
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        let highest = |s: &Searcher| {
            let squares = s.threads.iter().map(|t| t.hist.highest_counter_square());
            squares.flatten().max()
        };
        let o = searcher.search(&grand.start(), grand.eval(), SearchLimits::depth(7));
        assert!(o.best.is_some());
        assert!(highest(&searcher) >= Some(64), "{:?}", highest(&searcher));
        let o = searcher.search(&chess.start(), chess.eval(), SearchLimits::depth(7));
        assert!(o.best.is_some());
        let after = highest(&searcher);
        assert!(after.is_some_and(|h| h < 64), "{after:?}");
    }

    /// Stopped before any move is scored, the search answers the queen's capture rather than
    /// the first legal move; and among quiet moves, not one that gives its piece away.
    #[test]
    fn an_unsearched_answer_takes_what_hangs_and_gives_nothing_away() {
        use super::{root_moves, unsearched_answer, TranspositionTable};
        use crate::search::see::SeeValues;
        let registry = Registry::builtin();
        let chess = registry.find("chess").expect("chess is built in");
        let tt = TranspositionTable::new(1).expect("a 1 MB table");
        for (fen, expected) in [
            ("4k3/8/8/3q4/8/8/8/1N1RK3 w - - 0 1", "d1d5"),
            ("4k3/8/8/8/8/8/PP2n3/KR6 w - - 0 1", "b1d1"),
        ] {
            let game = chess.position(fen).expect("a legal FEN");
            crate::with_position!(&game, p => {
                let roots = root_moves(p, &[], &tt);
                let see = SeeValues::new(&p.variant);
                let answer = unsearched_answer(p, &roots, &tt, &see).expect("a move");
                assert_eq!(game.move_to_uci(answer), expected, "{fen}");
                // Else the test would not tell the first legal move from the choice.
                assert_ne!(game.move_to_uci(roots[0].mv), expected, "{fen}");
            });
        }
    }

    /// A `Hash` the machine cannot give is refused and the table keeps its size.
    #[test]
    fn refused_hash_keeps_the_table_size() {
        let mut searcher = Searcher::new(4).expect("a 4 MB table");
        assert_eq!(searcher.tt.size_mb(), 4);
        let err = searcher.set_hash(1 << 30).expect_err("a petabyte table");
        assert!(err.contains("cannot allocate"), "{err}");
        assert_eq!(searcher.tt.size_mb(), 4);
        searcher.set_hash(2).expect("2 MB");
        assert_eq!(searcher.tt.size_mb(), 2);
    }
}
