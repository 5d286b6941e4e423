//! `chimera bench`: a fixed-depth search of fixed positions from several games, one thread,
//! a fresh table and fresh histories for each position. The total node count is the search's
//! signature: any change to the search that is not meant to change its behaviour keeps it.

use crate::search::{SearchLimits, Searcher};
use crate::variant::Registry;
use std::time::Instant;

pub const DEFAULT_DEPTH: i32 = 11;
pub const HASH_MB: u32 = 16;

/// (game, FEN) pairs: openings, middlegames and endgames on 8x8, 9x9, 10x8 and 10x10 boards.
pub const POSITIONS: &[(&str, &str)] = &[
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8",
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    (
        "capablanca",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "capablanca",
        "r1abqkb1nr/ppp1pppppp/2n2c4/3p6/3P6/2N2C4/PPP1PPPPPP/R1ABQKB1NR w KQkq - 4 4",
    ),
    (
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "grand",
        "r8r/1nbqkc1bn1/ppp1pppppp/5a4/3p6/3P6/5A4/PPP1PPPPPP/1NBQKC1BN1/R8R w - - 2 3",
    ),
    (
        "chancellor",
        "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
    ),
    (
        "janus",
        "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
    ),
    (
        "paulowich",
        "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
    ),
    (
        "paulowich-crosswise",
        "qnbkrbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
    ),
    (
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1",
    ),
    (
        "tutti-frutti",
        "enbzkqar/pppppppp/8/8/8/8/PPPPPPPP/ENBZKQAR w KQkq - 0 1",
    ),
    (
        "cannons-and-crabs",
        "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1",
    ),
    (
        "canonical",
        "1p3rbnk/P1p4qn/1P1p4b/2P1p3r/3P1p3/R3P1p2/B4P1p1/NQ4P1p/KNBR3P1 w - - 0 1",
    ),
];

/// The positions `bench --variant NAME` searches: those of the list whose game has the same
/// board and start position as NAME (so `cancellation-chess` and `anti-relay-chess` search the
/// chess positions, to compare with `bench --variant chess`), else NAME's start position.
pub fn positions_for(registry: &Registry, name: &str) -> Result<Vec<(String, String)>, String> {
    let gt = registry.find(name).map_err(|e| e.to_string())?;
    let v = &gt.variant;
    let mut out: Vec<(String, String)> = POSITIONS
        .iter()
        .filter(|(game, _)| {
            registry
                .find(game)
                .is_ok_and(|g| g.variant.size == v.size && g.variant.start_fen == v.start_fen)
        })
        .map(|(_, fen)| (v.name.clone(), fen.to_string()))
        .collect();
    if out.is_empty() {
        out.push((v.name.clone(), v.start_fen.clone()));
    }
    Ok(out)
}

pub struct BenchLine {
    pub game: String,
    pub fen: String,
    pub nodes: u64,
    pub best: String,
    pub seconds: f64,
}

pub struct BenchReport {
    pub lines: Vec<BenchLine>,
    pub nodes: u64,
    pub seconds: f64,
}

impl BenchReport {
    pub fn nps(&self) -> u64 {
        if self.seconds > 0.0 {
            (self.nodes as f64 / self.seconds) as u64
        } else {
            0
        }
    }
}

/// What `chimera bench` runs.
pub struct BenchSetup<'a> {
    pub depth: i32,
    /// Only this game's positions (see `positions_for`).
    pub variant: Option<&'a str>,
    pub threads: usize,
    pub hash_mb: usize,
}

impl Default for BenchSetup<'_> {
    fn default() -> Self {
        BenchSetup {
            depth: DEFAULT_DEPTH,
            variant: None,
            threads: 1,
            hash_mb: HASH_MB as usize,
        }
    }
}

/// Searches every bench position (or those of one game, see `positions_for`) to the depth.
/// Only the searches are timed: loading a game and clearing the table are not search speed.
pub fn run(registry: &Registry, setup: &BenchSetup) -> Result<BenchReport, String> {
    let depth = setup.depth;
    let positions = match setup.variant {
        Some(name) => positions_for(registry, name)?,
        None => POSITIONS
            .iter()
            .map(|(g, f)| (g.to_string(), f.to_string()))
            .collect(),
    };
    let mut searcher = Searcher::new(setup.hash_mb)?;
    searcher.set_threads(setup.threads)?;
    let mut lines = Vec::new();
    let mut nodes = 0;
    let mut searching = std::time::Duration::ZERO;
    for (name, fen) in &positions {
        let gt = registry.find(name).map_err(|e| e.to_string())?;
        let game = gt
            .position(fen)
            .map_err(|e| format!("bench position {name} {fen}: {e}"))?;
        searcher.new_game()?;
        let start = Instant::now();
        let outcome = searcher.search(&game, gt.eval(), SearchLimits::depth(depth));
        let seconds = start.elapsed();
        searching += seconds;
        nodes += outcome.nodes;
        let best = outcome
            .best
            .map_or("(none)".to_string(), |m| game.move_to_uci(m));
        lines.push(BenchLine {
            game: name.to_string(),
            fen: fen.to_string(),
            nodes: outcome.nodes,
            best,
            seconds: seconds.as_secs_f64(),
        });
    }
    Ok(BenchReport {
        lines,
        nodes,
        seconds: searching.as_secs_f64(),
    })
}
