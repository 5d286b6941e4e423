//! Mobility: for each ordinary piece, the number `m` of its pseudo-legal targets (supplied by the
//! engine through [`EvalBoard::targets`](crate::EvalBoard::targets)), not counting squares
//! attacked by enemy pawn-like pieces when the engine provides
//! [`EvalBoard::pawn_attacks`](crate::EvalBoard::pawn_attacks).
//!
//! The bonus is a concave curve scaled to the piece's own reach `max_targets`, so it works for
//! any piece on any board: `span × (√(m / max) − √(MOBILITY_NEUTRAL_PCT / 100))`, with
//! `MOBILITY_SPAN_SLIDER` or `MOBILITY_SPAN_LEAPER`. It is negative for a piece using less than
//! about a third of its reach, and the first few targets are worth the most.

use crate::game::{EvalGameInfo, Role, MAX_KINDS, MAX_SQUARES};
use crate::geometry::round;
use crate::params::{MOBILITY_NEUTRAL_PCT, MOBILITY_SPAN_LEAPER, MOBILITY_SPAN_SLIDER};
use crate::{EvalParams, Score};

/// Entries per kind: one per possible target count, 0 ..= 127. A piece never counts its own
/// square (the evaluation takes the side's own squares out of its targets), so at most 127.
const COUNTS: usize = MAX_SQUARES;

#[derive(Clone, Debug)]
pub(crate) struct MobilityTables {
    /// `[kind * COUNTS + target count]`; the entries above `max` repeat the one of `max` (the
    /// count is capped at `max` by the table itself). All zero for a kind without the term, so
    /// that [`piece`] needs no test for it. One flat row per kind, 128 entries long (a shift
    /// finds it), and one entry more at the end: with it no read of a count up to 128 needs a
    /// bounds check.
    pub table: [Score; MAX_KINDS * COUNTS + 1],
    /// `[kind]` → the largest count of the curve; 0 = no mobility term for this kind.
    pub max: [u8; MAX_KINDS],
}

pub(crate) fn build(game: &EvalGameInfo) -> MobilityTables {
    let mut t = MobilityTables {
        table: [Score::ZERO; MAX_KINDS * COUNTS + 1],
        max: [0; MAX_KINDS],
    };
    let neutral = (f64::from(MOBILITY_NEUTRAL_PCT) / 100.0).sqrt();
    for (kind, p) in game.pieces.iter().enumerate() {
        if p.role != Role::Piece || p.max_targets == 0 {
            continue;
        }
        let max = p.max_targets.min((MAX_SQUARES - 1) as u8);
        t.max[kind] = max;
        let span = if p.slider_like {
            MOBILITY_SPAN_SLIDER
        } else {
            MOBILITY_SPAN_LEAPER
        };
        for m in 0..=max {
            let x = (f64::from(m) / f64::from(max)).sqrt() - neutral;
            t.table[kind * COUNTS + usize::from(m)] =
                Score::new(round(f64::from(span.mg) * x), round(f64::from(span.eg) * x));
        }
        let top = t.table[kind * COUNTS + usize::from(max)];
        t.table[kind * COUNTS + usize::from(max) + 1..(kind + 1) * COUNTS].fill(top);
    }
    t
}

/// The mobility score of one piece of `kind` with these `targets`, given the squares attacked by
/// enemy pawn-like pieces (zero for a kind without the term).
#[inline(always)]
pub(crate) fn piece(
    params: &EvalParams,
    kind: u8,
    targets: u128,
    enemy_pawn_attacks: u128,
) -> Score {
    // At most 127 (`targets` never holds the piece's own square): within the kind's row, whose
    // entries above `max` read `max`.
    let count = (targets & !enemy_pawn_attacks).count_ones();
    debug_assert!(
        count < COUNTS as u32,
        "a piece's own square among its targets"
    );
    params.mobility.table[usize::from(kind) * COUNTS + count as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EvalPieceInfo;

    #[test]
    fn curve_is_monotone_and_crosses_zero_near_a_third() {
        let game = EvalGameInfo::new(
            8,
            8,
            vec![
                EvalPieceInfo::royal(1),
                EvalPieceInfo::piece(300, false, 8, 2),
                EvalPieceInfo::piece(500, true, 14, 2),
            ],
        );
        let t = build(&game);
        assert_eq!(t.max, [0, 8, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        for kind in 1..=2 {
            let row = &t.table[kind * COUNTS..(kind + 1) * COUNTS];
            let max = usize::from(t.max[kind]);
            for m in 0..max {
                assert!(row[m].mg <= row[m + 1].mg);
                assert!(row[m].eg <= row[m + 1].eg);
            }
            assert!(row[0].mg < 0 && row[max].mg > 0);
            assert!(row[max..].iter().all(|&s| s == row[max]));
        }
        assert!(t.table[COUNTS + 2].mg < 0 && t.table[COUNTS + 3].mg >= 0);
    }
}
