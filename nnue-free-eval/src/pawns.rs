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

#[derive(Clone, Debug)]
pub(crate) struct PawnTables {
    /// `[color][sq]` → own pawns there make the pawn on `sq` doubled (the squares ahead on its file).
    pub front: [[u128; MAX_SQUARES]; 2],
    /// `[sq]` → no own pawn there makes the pawn on `sq` isolated.
    pub neighbours: [u128; MAX_SQUARES],
    /// `[color][sq]` → no enemy pawn there makes the pawn on `sq` passed.
    pub passed_span: [[u128; MAX_SQUARES]; 2],
    /// `[height]` → passed-pawn bonus.
    pub passed_bonus: [Score; MAX_HEIGHTS],
}

pub(crate) fn build(geo: &Geometry) -> PawnTables {
    let mut t = PawnTables {
        front: [[0; MAX_SQUARES]; 2],
        neighbours: [0; MAX_SQUARES],
        passed_span: [[0; MAX_SQUARES]; 2],
        passed_bonus: [Score::ZERO; MAX_HEIGHTS],
    };
    let diagonal = geo.orientation == Orientation::Diagonal;
    for p in 0..geo.squares {
        let lane_gap = |s: usize| (i32::from(geo.lane[s]) - i32::from(geo.lane[p])).abs();
        t.neighbours[p] = geo.mask(|s| {
            let gap = lane_gap(s);
            gap == 1 || (diagonal && gap == 2)
        });
        for color in Color::BOTH {
            let h = &geo.height[color.index()];
            let ahead = |s: usize| i32::from(h[s]) - i32::from(h[p]);
            if !diagonal {
                t.front[color.index()][p] = geo.mask(|s| lane_gap(s) == 0 && ahead(s) > 0);
            }
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
pub(crate) fn evaluate(params: &EvalParams, pawns: [u128; 2]) -> [Score; 2] {
    let t = &params.pawns;
    let mut out = [Score::ZERO; 2];
    for color in Color::BOTH {
        let (us, them) = (color.index(), color.opposite().index());
        let (own, enemy) = (pawns[us], pawns[them]);
        for sq in squares_of(own) {
            if own & t.front[us][sq] != 0 {
                out[us] += DOUBLED;
            }
            if own & t.neighbours[sq] == 0 {
                out[us] += ISOLATED;
            }
            if enemy & t.passed_span[us][sq] == 0 {
                out[us] += t.passed_bonus[usize::from(params.geometry.height[us][sq])];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_masks() {
        let geo = Geometry::new(8, 8, Orientation::Standard);
        let t = build(&geo);
        // e4 = 28: White's front is e5..e8, Black's is e3..e1.
        assert_eq!(
            squares_of(t.front[0][28]).collect::<Vec<_>>(),
            vec![36, 44, 52, 60]
        );
        assert_eq!(
            squares_of(t.front[1][28]).collect::<Vec<_>>(),
            vec![4, 12, 20]
        );
        // a2 = 8: passed span is a3..a8 and b3..b8.
        assert_eq!(t.passed_span[0][8].count_ones(), 12);
        assert_eq!(t.neighbours[8].count_ones(), 8);
        assert!(t.passed_bonus[6].eg > t.passed_bonus[1].eg);
    }

    #[test]
    fn diagonal_start_row_pawns_are_not_isolated() {
        // Canonical: White pawns stand on x + y = 8 (0-based 7), lanes two apart.
        let geo = Geometry::new(9, 9, Orientation::Diagonal);
        let t = build(&geo);
        let row: u128 = geo.mask(|s| geo.height[0][s] == 7);
        for sq in squares_of(row) {
            assert_ne!(row & t.neighbours[sq], 0);
            assert_eq!(t.front[0][sq], 0);
        }
    }
}
