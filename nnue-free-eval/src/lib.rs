//! # nnue-free-eval — Chimera's handcrafted evaluation
//!
//! A stand-alone crate: it knows nothing of the engine. The engine
//!
//! 1. describes each game once, when the variant is loaded, as an [`EvalGameInfo`] (board size,
//!    [`Orientation`], one [`EvalPieceInfo`] per piece kind) and compiles it with
//!    [`EvalParams::new`] — all tables (piece-square tables for any board up to 16x16 / 128
//!    squares, mobility curves, king and pawn masks, phase limits) are built there;
//! 2. implements [`EvalBoard`] over its position (side to move, the pieces, each piece's
//!    pseudo-legal targets as a `u128` square set); optionally it hands over the pieces kind by
//!    kind as square sets and keeps the additive terms ([`Additive`]: material, square tables,
//!    phase material) summed move by move from [`EvalParams::additive`], which spares the
//!    evaluation adding up every piece at every leaf;
//! 3. calls [`evaluate`] at every leaf (centipawns, side to move's view; no allocation, no
//!    `dyn`), or [`evaluate_cached`] with a [`PawnCache`] per search thread (the same value;
//!    the pawn structure is judged once per structure), and [`breakdown`] for its `eval`
//!    command.
//!
//! Terms, one module each: `material`, `psqt` (with the games' own bonus tables such as
//! Paulowich's Chancellor table), `mobility`, `king_safety`, `pawns`, blended by `phase`; all
//! weights live in [`params`].
//!
//! ```
//! use nnue_free_eval::{evaluate, Color, EvalBoard, EvalGameInfo, EvalParams, EvalPieceInfo};
//!
//! // A 3x3 board with two kings and a White knight-like piece (kind 1).
//! struct Tiny {
//!     pieces: Vec<(Color, u8, u8)>,
//! }
//! impl EvalBoard for Tiny {
//!     fn side_to_move(&self) -> Color {
//!         Color::White
//!     }
//!     fn for_each_piece<F: FnMut(Color, u8, u8)>(&self, mut f: F) {
//!         for &(c, k, s) in &self.pieces {
//!             f(c, k, s);
//!         }
//!     }
//!     fn targets(&self, _square: u8) -> u128 {
//!         0b11 // squares 0 and 1
//!     }
//! }
//!
//! let game = EvalGameInfo::new(3, 3, vec![EvalPieceInfo::royal(1), EvalPieceInfo::piece(300, false, 2, 1)]);
//! let params = EvalParams::new(&game).unwrap();
//! let board = Tiny { pieces: vec![(Color::White, 0, 1), (Color::Black, 0, 7), (Color::White, 1, 4)] };
//! assert!(evaluate(&params, &board) > 250);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod additive;
mod board;
mod breakdown;
mod eval;
mod eval_params;
mod game;
mod geometry;
mod king_safety;
mod material;
mod mobility;
pub mod params;
mod pawn_cache;
mod pawns;
mod phase;
mod psqt;
mod score;

#[cfg(test)]
mod tests;

pub use additive::Additive;
pub use board::{Color, EvalBoard, RoleSets};
pub use breakdown::{Breakdown, Tapered, Term, TermBreakdown};
pub use eval_params::EvalParams;
pub use game::{
    EvalError, EvalGameInfo, EvalPieceInfo, Orientation, Role, MAX_KINDS, MAX_SIDE, MAX_SQUARES,
};
pub use params::{EVAL_LIMIT, PHASE_MAX};
pub use pawn_cache::PawnCache;
pub use score::Score;

/// The static evaluation of `board`, in centipawns from the side to move's point of view,
/// within ±[`EVAL_LIMIT`]. Allocation-free; calls `board.targets` at most once per ordinary
/// piece.
#[inline]
#[must_use]
pub fn evaluate<B: EvalBoard>(params: &EvalParams, board: &B) -> i32 {
    side_to_move_pov(&eval::terms(params, board, None, board.additive()))
}

/// The same value as [`evaluate`], faster: the pawn-structure term comes from `cache` when the
/// same structure was judged before (one cache per thread).
#[inline]
#[must_use]
pub fn evaluate_cached<B: EvalBoard>(params: &EvalParams, board: &B, cache: &mut PawnCache) -> i32 {
    // The engine keeps the additive sum: the path that sums the pieces itself is out of line,
    // so that the hot one is compiled knowing the sum is there (fewer registers kept alive).
    match board.additive() {
        Some(sum) => side_to_move_pov(&eval::terms(params, board, Some(cache), Some(sum))),
        None => evaluate_cached_summing(params, board, cache),
    }
}

/// `evaluate_cached` for a board that keeps no additive sum.
#[cold]
#[inline(never)]
fn evaluate_cached_summing<B: EvalBoard>(
    params: &EvalParams,
    board: &B,
    cache: &mut PawnCache,
) -> i32 {
    side_to_move_pov(&eval::terms(params, board, Some(cache), None))
}

fn side_to_move_pov(terms: &eval::Terms) -> i32 {
    match terms.side_to_move {
        Color::White => terms.white_pov(),
        Color::Black => -terms.white_pov(),
    }
}

/// The same evaluation explained term by term, for each side (mg, eg and tapered values); its
/// `Display` is the table the `eval` command prints.
/// `breakdown(p, b).side_to_move_pov() == evaluate(p, b)` always.
#[must_use]
pub fn breakdown<B: EvalBoard>(params: &EvalParams, board: &B) -> Breakdown {
    Breakdown::from_terms(&eval::terms(params, board, None, None))
}
