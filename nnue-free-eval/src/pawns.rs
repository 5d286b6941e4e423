//! Pawn structure, for all pawn-like pieces together (pawns, crabs, Canonical pawns), each
//! judged along its own forward direction:
//!
//! - **Doubled**: another own pawn-like piece straight ahead on the same file (`DOUBLED`, for the
//!   rear one). Not used on diagonal boards, where pawns have two forward steps and no file.
//! - **Isolated**: no own pawn-like piece anywhere on a neighbouring lane (`ISOLATED`). Lanes are
//!   files, or on diagonal boards the screen-vertical lines `file − rank`, where neighbours at
//!   the same height are two lanes apart, so lanes at distance 1 and 2 both count.
//! - **Passed**: no enemy pawn-like piece ahead of it on its own or a neighbouring lane (on
//!   diagonal boards: in its forward cone, `|Δlane| ≤ Δheight`), so nothing can block or capture
//!   it on the way. Bonus `PASSED_BASE + PASSED_PROGRESS × progress²`.

use crate::game::{Orientation, MAX_SQUARES};
use crate::geometry::{round, squares_of, Geometry, MAX_HEIGHTS};
use crate::params::{DOUBLED, ISOLATED, PASSED_BASE, PASSED_PROGRESS};
use crate::{Color, EvalParams, Score};

/// Lanes never number more than 31 (`files + ranks - 1` on a diagonal board of at most 128
/// squares is at most 23): one bit each in a `u32`.
const MAX_LANES: usize = 32;

#[derive(Clone, Debug)]
pub(crate) struct PawnTables {
    /// `[sq]` → the bit of the square's lane.
    pub lane_bit: [u32; MAX_SQUARES],
    /// `[lane]` → the squares of the lane.
    pub lane_squares: [u128; MAX_LANES],
    /// Whether pawns are ever doubled (not on diagonal boards).
    pub doubled: bool,
    /// The largest lane distance at which a pawn is a neighbour (1, or 2 on diagonal boards).
    pub neighbour_gap: u32,
    /// `[color][sq]` → no enemy pawn there makes the pawn on `sq` passed.
    pub passed_span: [[u128; MAX_SQUARES]; 2],
    /// `[height]` → passed-pawn bonus.
    pub passed_bonus: [Score; MAX_HEIGHTS],
}

pub(crate) fn build(geo: &Geometry) -> PawnTables {
    let diagonal = geo.orientation == Orientation::Diagonal;
    let mut t = PawnTables {
        lane_bit: [0; MAX_SQUARES],
        lane_squares: [0; MAX_LANES],
        doubled: !diagonal,
        neighbour_gap: if diagonal { 2 } else { 1 },
        passed_span: [[0; MAX_SQUARES]; 2],
        passed_bonus: [Score::ZERO; MAX_HEIGHTS],
    };
    debug_assert!(usize::from(geo.lanes) <= MAX_LANES);
    for p in 0..geo.squares {
        let lane = usize::from(geo.lane[p]);
        t.lane_bit[p] = 1 << lane;
        t.lane_squares[lane] |= 1 << p;
        let lane_gap = |s: usize| (i32::from(geo.lane[s]) - i32::from(geo.lane[p])).abs();
        for color in Color::BOTH {
            let h = &geo.height[color.index()];
            let ahead = |s: usize| i32::from(h[s]) - i32::from(h[p]);
            t.passed_span[color.index()][p] = geo.mask(|s| {
                let width = if diagonal { ahead(s) } else { 1 };
                ahead(s) > 0 && lane_gap(s) <= width
            });
        }
    }
    for h in 0..=usize::from(geo.max_height) {
        let progress = if geo.max_height == 0 {
            0.0
        } else {
            h as f64 / f64::from(geo.max_height)
        };
        let x = progress * progress;
        t.passed_bonus[h] = PASSED_BASE
            + Score::new(
                round(f64::from(PASSED_PROGRESS.mg) * x),
                round(f64::from(PASSED_PROGRESS.eg) * x),
            );
    }
    t
}

/// Pawn structure of each side, `[color]`, from the squares of each side's pawn-like pieces.
/// Doubled and isolated pawns are counted lane by lane, from the set of lanes the side's pawns
/// stand on (gathered with the passed pawns in one pass over the pawns), rather than by a
/// test of each pawn: a lane with `n` pawns holds `n - 1` doubled ones (all but the
/// frontmost), and a lane without a neighbouring one holds only isolated pawns.
pub(crate) fn evaluate(params: &EvalParams, pawns: [u128; 2]) -> [Score; 2] {
    let t = &params.pawns;
    let mut out = [Score::ZERO; 2];
    for color in Color::BOTH {
        let (us, them) = (color.index(), color.opposite().index());
        let (own, enemy) = (pawns[us], pawns[them]);
        let mut lanes = 0;
        let mut passed = Score::ZERO;
        for sq in squares_of(own) {
            lanes |= t.lane_bit[sq];
            if enemy & t.passed_span[us][sq] == 0 {
                passed += t.passed_bonus[usize::from(params.geometry.height[us][sq])];
            }
        }
        // At most 128 pawns: no overflow.
        let doubled = if t.doubled {
            own.count_ones() - lanes.count_ones()
        } else {
            0
        };
        // The lanes next to a pawn's lane (and two away on diagonal boards).
        let gap = t.neighbour_gap;
        let near = lanes << 1 | lanes >> 1 | lanes << gap | lanes >> gap;
        let mut isolated = 0;
        for lane in squares_of(u128::from(lanes & !near)) {
            isolated += (own & t.lane_squares[lane]).count_ones();
        }
        out[us] = DOUBLED * doubled as i32 + ISOLATED * isolated as i32 + passed;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::mock::Rng;
    use crate::{EvalGameInfo, EvalPieceInfo};

    #[test]
    fn standard_masks() {
        let geo = Geometry::new(8, 8, Orientation::Standard);
        let t = build(&geo);
        // e4 = 28 is on the e-file, lane 4: e1..e8.
        assert_eq!(t.lane_bit[28], 1 << 4);
        assert_eq!(
            squares_of(t.lane_squares[4]).collect::<Vec<_>>(),
            vec![4, 12, 20, 28, 36, 44, 52, 60]
        );
        // a2 = 8: passed span is a3..a8 and b3..b8.
        assert_eq!(t.passed_span[0][8].count_ones(), 12);
        assert!(t.doubled && t.neighbour_gap == 1);
        assert!(t.passed_bonus[6].eg > t.passed_bonus[1].eg);
    }

    #[test]
    fn diagonal_start_row_pawns_are_not_isolated() {
        // Canonical: White pawns stand on x + y = 8 (0-based 7), lanes two apart.
        let geo = Geometry::new(9, 9, Orientation::Diagonal);
        let t = build(&geo);
        let row: u128 = geo.mask(|s| geo.height[0][s] == 7);
        let lanes = squares_of(row).fold(0, |l, sq| l | t.lane_bit[sq]);
        assert_eq!(lanes.count_ones(), row.count_ones());
        let gap = t.neighbour_gap;
        for sq in squares_of(row) {
            let bit = t.lane_bit[sq];
            assert_ne!(lanes & (bit << gap | bit >> gap), 0);
        }
        assert!(!t.doubled);
    }

    /// The terms as defined pawn by pawn (the module's documentation), from the geometry.
    fn pawn_by_pawn(params: &EvalParams, pawns: [u128; 2]) -> [Score; 2] {
        let geo = &params.geometry;
        let diagonal = geo.orientation == Orientation::Diagonal;
        let mut out = [Score::ZERO; 2];
        for color in Color::BOTH {
            let (us, them) = (color.index(), color.opposite().index());
            let h = &geo.height[us];
            for p in squares_of(pawns[us]) {
                let gap = |s: usize| (i32::from(geo.lane[s]) - i32::from(geo.lane[p])).abs();
                let ahead = |s: usize| i32::from(h[s]) - i32::from(h[p]);
                let mut own = squares_of(pawns[us]);
                if !diagonal && own.any(|s| gap(s) == 0 && ahead(s) > 0) {
                    out[us] += DOUBLED;
                }
                let mut own = squares_of(pawns[us]);
                if !own.any(|s| gap(s) == 1 || (diagonal && gap(s) == 2)) {
                    out[us] += ISOLATED;
                }
                let width = |s: usize| if diagonal { ahead(s) } else { 1 };
                let mut enemy = squares_of(pawns[them]);
                if !enemy.any(|s| ahead(s) > 0 && gap(s) <= width(s)) {
                    out[us] += params.pawns.passed_bonus[usize::from(h[p])];
                }
            }
        }
        out
    }

    /// Counting by lanes gives the pawn-by-pawn terms, on random pawn sets of boards of
    /// every orientation and width.
    #[test]
    fn lane_counts_match_the_pawn_by_pawn_terms() {
        let mut rng = Rng::new(7);
        for (files, ranks, orientation) in [
            (8, 8, Orientation::Standard),
            (10, 8, Orientation::Standard),
            (10, 10, Orientation::Standard),
            (16, 8, Orientation::Crosswise),
            (8, 8, Orientation::Crosswise),
            (9, 9, Orientation::Diagonal),
            (16, 8, Orientation::Diagonal),
            (11, 11, Orientation::Diagonal),
            (7, 6, Orientation::Diagonal),
            (1, 1, Orientation::Standard),
        ] {
            let game = EvalGameInfo::new(files, ranks, vec![EvalPieceInfo::royal(1)])
                .with_orientation(orientation);
            let params = EvalParams::new(&game).unwrap();
            let squares = usize::from(files) * usize::from(ranks);
            for _ in 0..500 {
                let mut pawns = [0u128; 2];
                for set in &mut pawns {
                    // From none to crowded.
                    for _ in 0..rng.below(squares / 2 + 2) {
                        *set |= 1 << rng.below(squares);
                    }
                }
                pawns[1] &= !pawns[0];
                assert_eq!(
                    evaluate(&params, pawns),
                    pawn_by_pawn(&params, pawns),
                    "{files}x{ranks} {orientation:?}: {pawns:x?}"
                );
            }
        }
    }
}
