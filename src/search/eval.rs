//! The search's one door to the evaluation: `evaluate_cached` (centipawns, side to move's
//! view) with the data built once per game (`GameType::eval`, from the `nnue-free-eval` crate).
//! Swapping the evaluation means changing this file only.

use crate::position::Position;
use crate::types::Bitboard;
pub use nnue_free_eval::{EvalParams, PawnCache};

/// The static evaluation (`Position::evaluate`), with the thread's pawn-structure cache: the
/// same value, sooner.
#[inline(always)]
pub fn evaluate_cached<B: Bitboard>(
    params: &EvalParams,
    pos: &Position<B>,
    cache: &mut PawnCache,
) -> i32 {
    pos.evaluate_cached(params, cache)
}
