//! Perft: counts leaf nodes of the legal move tree (bulk-counted at the last ply).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::game::Game;
use crate::position::Position;
use crate::protocol::notation::move_to_uci_in;
use crate::types::{Bitboard, Move, MoveList};

/// Counts the leaves `depth` plies below `pos`; None once `stop` is seen. The flag is read only
/// where a subtree is big enough to make reading it free.
pub fn perft<B: Bitboard>(pos: &mut Position<B>, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if depth == 1 {
        return Some(list.len() as u64);
    }
    if depth >= 3 && stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.play(m);
        let below = perft(pos, depth - 1, stop);
        pos.undo();
        nodes += below?;
    }
    Some(nodes)
}

/// Per root move counts, the root moves shared out among `threads` threads (rayon); None once
/// `stop` is seen.
fn divide<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    use rayon::prelude::*;
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let count = |m: Move| {
        let mut p = pos.clone();
        p.play(m);
        Some((m, perft(&mut p, depth - 1, stop)?))
    };
    let moves: Vec<Move> = list.iter().copied().collect();
    if threads <= 1 || depth <= 1 {
        return moves.iter().map(|&m| count(m)).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(|&m| count(m)).collect()),
        // No threads to be had: count on this one.
        Err(_) => moves.iter().map(|&m| count(m)).collect(),
    }
}

/// What a perft run is asked to do.
#[derive(Clone, Copy, Debug)]
pub struct PerftRequest {
    pub depth: u32,
    /// List each root move's count.
    pub divide: bool,
    pub threads: usize,
    /// Write castling as the king taking its partner (UCI_Chess960).
    pub chess960: bool,
}

/// A perft run on a game of either width, reported in the Stockfish convention.
pub struct PerftReport {
    /// Each root move's count, when asked for (empty where there is no legal move).
    pub divide: Option<Vec<(String, u64)>>,
    pub nodes: u64,
    pub seconds: f64,
}

impl PerftReport {
    pub fn run(game: &Game, depth: u32, with_divide: bool) -> PerftReport {
        Self::run_threads(game, depth, with_divide, 1)
    }

    /// As `run`, with the root moves shared out among `threads` threads.
    pub fn run_threads(game: &Game, depth: u32, with_divide: bool, threads: usize) -> PerftReport {
        let request = PerftRequest {
            depth,
            divide: with_divide,
            threads,
            chess960: false,
        };
        let never = AtomicBool::new(false);
        Self::run_until(game, request, &never).expect("a run nobody stops finishes")
    }

    /// Runs `request`; None when `stop` cut the count short.
    pub fn run_until(game: &Game, request: PerftRequest, stop: &AtomicBool) -> Option<PerftReport> {
        let start = std::time::Instant::now();
        let mut game = game.clone();
        let PerftRequest {
            depth,
            divide: with_divide,
            threads,
            chess960,
        } = request;
        let (divide, nodes) = crate::with_position!(&mut game, p => {
            if with_divide || threads > 1 {
                let d = divide(p, depth, threads, stop)?;
                let total = d.iter().map(|x| x.1).sum();
                let lines = with_divide.then(|| {
                    d.into_iter().map(|(m, n)| (move_to_uci_in(p, m, chess960), n)).collect()
                });
                (lines, total)
            } else {
                (None, perft(p, depth, stop)?)
            }
        });
        Some(PerftReport {
            divide,
            nodes,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    pub fn nps(&self) -> u64 {
        if self.seconds > 0.0 {
            (self.nodes as f64 / self.seconds) as u64
        } else {
            0
        }
    }

    /// Divide lines and a blank line (when asked for), `Nodes searched: N`.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(divide) = &self.divide {
            out.extend(divide.iter().map(|(m, n)| format!("{m}: {n}")));
            out.push(String::new());
        }
        out.push(format!("Nodes searched: {}", self.nodes));
        out
    }
}

/// A perft run on a thread of its own, so that the protocol stays answered while it counts.
#[derive(Default)]
pub struct BackgroundPerft {
    stop: Arc<AtomicBool>,
    /// Set before the report is handed over: whoever has read the report may start again at
    /// once, though the thread may not have ended yet.
    reported: Arc<AtomicBool>,
    /// The run was cut short by the flag (which the input thread may set ahead of the command
    /// loop): it counts as running until the loop's own `stop` collects it.
    cut: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BackgroundPerft {
    /// The flag that stops the run; the input thread may set it before the command thread
    /// gets to `stop`.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Starts counting; `done` gets the report, or None when the run was stopped. A run still
    /// going is waited for first.
    pub fn start(
        &mut self,
        game: &Game,
        request: PerftRequest,
        done: impl FnOnce(Option<PerftReport>) + Send + 'static,
    ) -> Result<(), String> {
        self.wait();
        self.stop.store(false, Ordering::Relaxed);
        self.reported.store(false, Ordering::Relaxed);
        self.cut.store(false, Ordering::Relaxed);
        let game = game.clone();
        let stop = self.stop.clone();
        let reported = self.reported.clone();
        let cut = self.cut.clone();
        let thread = std::thread::Builder::new()
            .name("perft".into())
            .spawn(move || {
                let report = PerftReport::run_until(&game, request, &stop);
                cut.store(report.is_none(), Ordering::Relaxed);
                reported.store(true, Ordering::Release);
                done(report)
            })
            .map_err(|e| format!("cannot start the perft thread: {e}"))?;
        self.thread = Some(thread);
        Ok(())
    }

    /// Counting, its report not yet handed over; or cut short and not yet collected by `stop`.
    pub fn is_running(&self) -> bool {
        self.thread.is_some()
            && (!self.reported.load(Ordering::Acquire) || self.cut.load(Ordering::Relaxed))
    }

    /// Waits for the run to end by itself.
    pub fn wait(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops the run and waits for its thread.
    pub fn stop(&mut self) {
        if self.thread.is_some() {
            self.stop.store(true, Ordering::Relaxed);
            self.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(fen: &str) -> Game {
        let registry = crate::variant::Registry::builtin();
        registry.find("chess").unwrap().position(fen).unwrap()
    }

    fn one_thread(depth: u32, divide: bool) -> PerftRequest {
        PerftRequest {
            depth,
            divide,
            threads: 1,
            chess960: false,
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_stopped_run_reports_nothing() {
        let game = chess(START);
        let request = one_thread(4, true);
        let stop = AtomicBool::new(true);
        assert!(PerftReport::run_until(&game, request, &stop).is_none());
        // A count too small to look at the flag is complete, and reported.
        let report = PerftReport::run_until(&game, one_thread(2, true), &stop).unwrap();
        assert_eq!(report.nodes, 400);
        stop.store(false, Ordering::Relaxed);
        let report = PerftReport::run_until(&game, request, &stop).unwrap();
        assert_eq!(report.nodes, 197_281);
        assert_eq!(report.divide.map(|d| d.len()), Some(20));
        // No legal move: still the blank line before the total, as Stockfish writes it.
        let mated = chess("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        let report = PerftReport::run_until(&mated, one_thread(1, true), &stop).unwrap();
        assert_eq!(report.lines(), ["", "Nodes searched: 0"]);
    }

    #[test]
    fn a_background_run_stops_at_once() {
        let game = chess(START);
        let request = one_thread(9, false);
        let (tx, rx) = std::sync::mpsc::channel();
        let mut run = BackgroundPerft::default();
        run.start(&game, request, move |r| tx.send(r.is_some()).unwrap())
            .unwrap();
        assert!(run.is_running());
        run.stop();
        assert!(!run.is_running());
        assert_eq!(rx.recv(), Ok(false));
    }
}
