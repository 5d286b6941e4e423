//! The game phase: from non-pawn, non-royal material on the board (both sides, middlegame
//! values), relative to the same material in the initial array. At or above
//! [`PHASE_MG_LIMIT_PCT`] of it the game is pure middlegame ([`PHASE_MAX`]); at or below
//! [`PHASE_EG_LIMIT_PCT`] pure endgame (0); linear in between. A game whose initial array has no
//! such material is always an endgame.

use crate::game::{EvalGameInfo, Role, MAX_KINDS};
use crate::params::{PHASE_EG_LIMIT_PCT, PHASE_MAX, PHASE_MG_LIMIT_PCT};
use crate::EvalParams;

#[derive(Clone, Debug)]
pub(crate) struct PhaseTable {
    /// `[kind]` → contribution to the phase material.
    pub weight: [i32; MAX_KINDS],
    pub mg_limit: i32,
    pub eg_limit: i32,
}

pub(crate) fn build(game: &EvalGameInfo) -> PhaseTable {
    let mut weight = [0; MAX_KINDS];
    let mut initial = 0i64;
    for (w, p) in weight.iter_mut().zip(&game.pieces) {
        if p.role == Role::Piece {
            *w = p.value_cp;
            initial += 2 * i64::from(p.value_cp) * i64::from(p.initial_count);
        }
    }
    // At most 2 × 16 kinds × 255 × 10 000, fits i64; the limits are then clamped to i32.
    let limit = |pct: i32| (initial * i64::from(pct) / 100).min(i64::from(i32::MAX)) as i32;
    PhaseTable {
        weight,
        mg_limit: limit(PHASE_MG_LIMIT_PCT),
        eg_limit: limit(PHASE_EG_LIMIT_PCT),
    }
}

/// The phase at this phase material, 0 (endgame) ..= `PHASE_MAX` (middlegame).
pub(crate) fn phase(params: &EvalParams, material: i32) -> i32 {
    phase_of(&params.phase, material)
}

/// The phase material of one piece (summed while the snapshot is taken).
#[inline(always)]
pub(crate) fn piece(params: &EvalParams, kind: u8) -> i32 {
    params.phase.weight[usize::from(kind)]
}

pub(crate) fn phase_of(t: &PhaseTable, material: i32) -> i32 {
    if t.mg_limit <= t.eg_limit {
        return 0;
    }
    let span = i64::from(t.mg_limit - t.eg_limit);
    let above = i64::from(material.clamp(t.eg_limit, t.mg_limit) - t.eg_limit);
    (above * i64::from(PHASE_MAX) / span) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EvalPieceInfo;

    #[test]
    fn limits_and_clamping() {
        let game = EvalGameInfo::new(
            8,
            8,
            vec![
                EvalPieceInfo::royal(1),
                EvalPieceInfo::pawn_like(100, 8),
                EvalPieceInfo::piece(1000, true, 27, 1),
            ],
        );
        let t = build(&game);
        assert_eq!(t.mg_limit, 1840);
        assert_eq!(t.eg_limit, 480);
        assert_eq!(phase_of(&t, 2000), PHASE_MAX);
        assert_eq!(phase_of(&t, 1840), PHASE_MAX);
        assert_eq!(phase_of(&t, 480), 0);
        assert_eq!(phase_of(&t, 0), 0);
        assert!((1..PHASE_MAX).contains(&phase_of(&t, 1000)));
        let pawns_only = EvalGameInfo::new(
            8,
            8,
            vec![EvalPieceInfo::royal(1), EvalPieceInfo::pawn_like(100, 8)],
        );
        assert_eq!(phase_of(&build(&pawns_only), 5000), 0);
    }
}
