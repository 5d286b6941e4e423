//! Perft: counts leaf nodes of the legal move tree (bulk-counted at the last ply).

use crate::position::Position;
use crate::types::{Bitboard, Move, MoveList};

pub fn perft<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.play(m);
        nodes += perft(pos, depth - 1);
        pos.undo();
    }
    nodes
}

/// Per root move counts.
pub fn divide<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            pos.play(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo();
            (m, n)
        })
        .collect()
}

/// Per root move counts, the root moves shared out among `threads` threads (rayon).
pub fn divide_parallel<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    threads: usize,
) -> Vec<(Move, u64)> {
    use rayon::prelude::*;
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let count = |m: Move| {
        let mut p = pos.clone();
        p.play(m);
        let n = if depth <= 1 {
            1
        } else {
            perft(&mut p, depth - 1)
        };
        (m, n)
    };
    let moves: Vec<Move> = list.iter().copied().collect();
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(|&m| count(m)).collect()),
        // No threads to be had: count on this one.
        Err(_) => moves.iter().map(|&m| count(m)).collect(),
    }
}

/// A perft run on a game of either width, reported in the Stockfish convention.
pub struct PerftReport {
    pub divide: Vec<(String, u64)>,
    pub nodes: u64,
    pub seconds: f64,
}

impl PerftReport {
    pub fn run(game: &crate::game::Game, depth: u32, with_divide: bool) -> PerftReport {
        Self::run_threads(game, depth, with_divide, 1)
    }

    /// As `run`, with the root moves shared out among `threads` threads.
    pub fn run_threads(
        game: &crate::game::Game,
        depth: u32,
        with_divide: bool,
        threads: usize,
    ) -> PerftReport {
        let start = std::time::Instant::now();
        let mut game = game.clone();
        let (divide, nodes) = crate::with_position!(&mut game, p => {
            if threads > 1 && depth > 1 {
                let d = divide_parallel(p, depth, threads);
                let total = d.iter().map(|x| x.1).sum();
                let lines = if with_divide {
                    d.into_iter().map(|(m, n)| (crate::protocol::notation::move_to_uci(p, m), n)).collect()
                } else {
                    Vec::new()
                };
                (lines, total)
            } else if with_divide {
                let d = divide(p, depth);
                let total = d.iter().map(|x| x.1).sum();
                let lines = d.into_iter().map(|(m, n)| (crate::protocol::notation::move_to_uci(p, m), n)).collect();
                (lines, total)
            } else {
                (Vec::new(), perft(p, depth))
            }
        });
        PerftReport {
            divide,
            nodes,
            seconds: start.elapsed().as_secs_f64(),
        }
    }

    pub fn nps(&self) -> u64 {
        if self.seconds > 0.0 {
            (self.nodes as f64 / self.seconds) as u64
        } else {
            0
        }
    }

    /// Divide lines, a blank line, `Nodes searched: N`.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .divide
            .iter()
            .map(|(m, n)| format!("{m}: {n}"))
            .collect();
        if !out.is_empty() {
            out.push(String::new());
        }
        out.push(format!("Nodes searched: {}", self.nodes));
        out
    }
}
