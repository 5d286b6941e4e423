//! Board geometry derived once per game: the colour mirror, each side's progress ("height") of
//! every square, pawn lanes and the centrality measures the square tables are built from.

use crate::game::{Orientation, MAX_SQUARES};
use crate::Color;

/// Heights run from 0 to at most 30 (`files + ranks - 2` on a diagonal 16x8 board is 22).
pub(crate) const MAX_HEIGHTS: usize = 32;

#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub files: u8,
    pub ranks: u8,
    pub squares: usize,
    pub orientation: Orientation,
    /// The square Black's piece on `sq` corresponds to in White's view (an involution).
    pub mirror: [u8; MAX_SQUARES],
    /// `[color][sq]`: how far forward `sq` is for `color` (0 on its own first rank/corner).
    pub height: [[u8; MAX_SQUARES]; 2],
    /// The largest height on the board (the same for both colours).
    pub max_height: u8,
    /// The pawn lane of each square: the file, or `file - rank + ranks - 1` for diagonal boards.
    pub lane: [u8; MAX_SQUARES],
    /// Number of lanes.
    pub lanes: u8,
}

impl Geometry {
    /// `files`/`ranks` must already be validated (1..=16, at most 128 squares).
    pub(crate) fn new(files: u8, ranks: u8, orientation: Orientation) -> Geometry {
        let squares = usize::from(files) * usize::from(ranks);
        let mut g = Geometry {
            files,
            ranks,
            squares,
            orientation,
            mirror: [0; MAX_SQUARES],
            height: [[0; MAX_SQUARES]; 2],
            max_height: 0,
            lane: [0; MAX_SQUARES],
            lanes: match orientation {
                Orientation::Diagonal => files + ranks - 1,
                _ => files,
            },
        };
        for sq in 0..squares {
            let (f, r) = (g.file(sq), g.rank(sq));
            g.mirror[sq] = match orientation {
                Orientation::Standard => {
                    ((ranks - 1 - r) as usize * files as usize + f as usize) as u8
                }
                Orientation::Crosswise | Orientation::Diagonal => (squares - 1 - sq) as u8,
            };
            g.lane[sq] = match orientation {
                Orientation::Diagonal => f + ranks - 1 - r,
                _ => f,
            };
            g.height[0][sq] = match orientation {
                Orientation::Diagonal => f + r,
                _ => r,
            };
        }
        for sq in 0..squares {
            g.height[1][sq] = g.height[0][usize::from(g.mirror[sq])];
            g.max_height = g.max_height.max(g.height[0][sq]);
        }
        g
    }

    #[inline(always)]
    pub(crate) fn file(&self, sq: usize) -> u8 {
        (sq % usize::from(self.files)) as u8
    }

    #[inline(always)]
    pub(crate) fn rank(&self, sq: usize) -> u8 {
        (sq / usize::from(self.files)) as u8
    }

    /// The square whose table entry a piece of `color` on `sq` uses (tables are White's view).
    #[inline(always)]
    pub(crate) fn relative(&self, color: Color, sq: u8) -> usize {
        match color {
            Color::White => usize::from(sq),
            Color::Black => usize::from(self.mirror[usize::from(sq)]),
        }
    }

    /// Progress of `sq` for White, 0.0 (own first rank) ..= 1.0 (far end).
    pub(crate) fn progress(&self, sq: usize) -> f64 {
        if self.max_height == 0 {
            0.0
        } else {
            f64::from(self.height[0][sq]) / f64::from(self.max_height)
        }
    }

    /// 1.0 in the middle of the board, 0.0 in the corners, linear in each axis's distance from
    /// the middle (each axis normalised by its own half-length, so any aspect ratio works).
    pub(crate) fn centrality(&self, sq: usize) -> f64 {
        let dx = axis_distance(self.file(sq), self.files);
        let dy = axis_distance(self.rank(sq), self.ranks);
        1.0 - (dx + dy) / 2.0
    }

    /// 1.0 on the central lane(s), 0.0 on the outermost lanes.
    pub(crate) fn lane_centrality(&self, sq: usize) -> f64 {
        1.0 - axis_distance(self.lane[sq], self.lanes)
    }

    /// The set of squares satisfying `pred`.
    pub(crate) fn mask(&self, mut pred: impl FnMut(usize) -> bool) -> u128 {
        (0..self.squares)
            .filter(|&s| pred(s))
            .fold(0, |m, s| m | 1u128 << s)
    }

    /// The mean of `f` over the board (to centre tables on zero).
    pub(crate) fn mean(&self, f: impl Fn(usize) -> f64) -> f64 {
        (0..self.squares).map(f).sum::<f64>() / self.squares as f64
    }
}

/// Distance of coordinate `x` from the middle of `0..n`, 0.0 (middle) ..= 1.0 (either end).
fn axis_distance(x: u8, n: u8) -> f64 {
    let half = (f64::from(n) - 1.0) / 2.0;
    if half <= 0.0 {
        0.0
    } else {
        (f64::from(x) - half).abs() / half
    }
}

/// Iterates the squares of a set, lowest first. Each 64-bit half on its own: a 128-bit
/// `set & (set - 1)` is a borrow chain per square, and boards of up to 64 squares never
/// touch the upper half.
#[inline(always)]
pub(crate) fn squares_of(set: u128) -> impl Iterator<Item = usize> {
    let (mut lo, mut hi) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if lo != 0 {
            let sq = lo.trailing_zeros() as usize;
            lo &= lo - 1;
            Some(sq)
        } else if hi != 0 {
            let sq = 64 + hi.trailing_zeros() as usize;
            hi &= hi - 1;
            Some(sq)
        } else {
            None
        }
    })
}

/// Rounds to the nearest integer, halves away from zero (symmetric under negation).
pub(crate) fn round(x: f64) -> i32 {
    x.round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_is_an_involution_and_heights_agree() {
        for (f, r) in [
            (7, 6),
            (8, 8),
            (9, 9),
            (10, 10),
            (12, 10),
            (16, 8),
            (11, 11),
            (1, 1),
        ] {
            for o in [
                Orientation::Standard,
                Orientation::Crosswise,
                Orientation::Diagonal,
            ] {
                let g = Geometry::new(f, r, o);
                for sq in 0..g.squares {
                    let m = usize::from(g.mirror[sq]);
                    assert!(m < g.squares);
                    assert_eq!(usize::from(g.mirror[m]), sq);
                    assert_eq!(g.height[1][sq], g.height[0][m]);
                    assert!(usize::from(g.max_height) < MAX_HEIGHTS);
                    assert!(g.lane[sq] < g.lanes);
                    let c = g.centrality(sq);
                    assert!((0.0..=1.0).contains(&c));
                    assert_eq!(c, g.centrality(m));
                }
            }
        }
    }

    #[test]
    fn diagonal_heights() {
        let g = Geometry::new(9, 9, Orientation::Diagonal);
        assert_eq!(g.height[0][0], 0); // a1, White's king corner
        assert_eq!(g.height[1][80], 0); // i9, Black's
        assert_eq!(g.max_height, 16);
        assert_eq!(g.lanes, 17);
    }

    #[test]
    fn squares_of_lists_bits() {
        let v: Vec<usize> = squares_of(1 | 1 << 5 | 1 << 63 | 1 << 64 | 1 << 127).collect();
        assert_eq!(v, vec![0, 5, 63, 64, 127]);
    }
}
