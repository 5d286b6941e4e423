//! The greedy placement of a remnant, one piece at a time (`rules/cancellation.md`, "Placing r"):
//! on the destination the highest value ≤ r among the types that may stand there; then, while
//! value is left, the highest value ≤ r that some vacant neighbour can take, the placer choosing
//! the square and the type among those of that value. Pure functions of the occupancy, so the
//! same code plays the plies, hashes them ahead and explores them for legality.

use super::{CancellationRule, Pending};
use crate::types::{Color, PieceKind, Square, MAX_KINDS};

/// The next piece to place: its value and every admissible (square, type) pair.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub value: u8,
    kinds: [PieceKind; MAX_KINDS],
    /// Per entry of `kinds`: the admissible squares.
    squares: [u128; MAX_KINDS],
    n: u8,
    count: u32,
}

impl Default for Step {
    fn default() -> Step {
        Step {
            value: 0,
            kinds: [PieceKind(0); MAX_KINDS],
            squares: [0; MAX_KINDS],
            n: 0,
            count: 0,
        }
    }
}

impl Step {
    /// How many (square, type) pairs the placer may choose from (1: the placement is automatic).
    #[inline]
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Every admissible (square, type) pair, types in the game's order, squares ascending.
    pub fn pairs(&self) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        (0..self.n as usize).flat_map(move |i| {
            let kind = self.kinds[i];
            squares_of(self.squares[i]).map(move |sq| (sq, kind))
        })
    }

    /// The first pair (the only one when the placement is automatic).
    #[inline]
    pub fn first(&self) -> (Square, PieceKind) {
        (
            Square::new(self.squares[0].trailing_zeros() as u8),
            self.kinds[0],
        )
    }
}

/// The squares of a 128-bit set, ascending.
pub fn squares_of(mut set: u128) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let sq = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(Square::new(sq))
    })
}

impl CancellationRule {
    /// The highest-valued placements of value ≤ `r` for `placer` on the squares `open`, into
    /// `out` (false if no type fits any of them).
    fn best(&self, placer: Color, r: u8, open: u128, out: &mut Step) -> bool {
        out.n = 0;
        out.count = 0;
        for &(kind, value) in &self.placeable {
            if value > r {
                continue;
            }
            if out.n > 0 && value < out.value {
                break;
            }
            let squares = open & self.may_stand[kind.index()][placer.index()];
            if squares == 0 {
                continue;
            }
            out.value = value;
            out.kinds[out.n as usize] = kind;
            out.squares[out.n as usize] = squares;
            out.n += 1;
            out.count += squares.count_ones();
        }
        out.n > 0
    }

    /// The next placement of the pending remnant `p` for `placer`, with occupancy `occ`, into
    /// `out`; false when nothing more can be placed (the rest of the value is lost). When no
    /// type may stand on the destination, `p` moves on to the neighbours (so equal states are
    /// written alike).
    pub fn step(&self, placer: Color, p: &mut Pending, occ: u128, out: &mut Step) -> bool {
        if p.remaining == 0 {
            return false;
        }
        if p.at_center() {
            let center = 1u128 << p.center.index();
            if occ & center == 0 && self.best(placer, p.remaining, center, out) {
                return true;
            }
            *p = p.leave_center();
        }
        let open = self.neighbours(p.center) & !occ;
        open != 0 && self.best(placer, p.remaining, open, out)
    }

    /// Makes the automatic placements from `p` on (each reported to `place`, and added to
    /// `occ`) until the placer has a choice or nothing more can be placed. Returns the state
    /// left — active, its choice in `step`, when the placer must choose; `Pending::NONE` when done.
    pub fn resolve(
        &self,
        placer: Color,
        mut p: Pending,
        occ: &mut u128,
        step: &mut Step,
        mut place: impl FnMut(Square, PieceKind),
    ) -> Pending {
        while self.step(placer, &mut p, *occ, step) {
            if step.count > 1 {
                return p;
            }
            let (sq, kind) = step.first();
            place(sq, kind);
            *occ |= 1u128 << sq.index();
            p = p.after(step.value);
        }
        Pending::NONE
    }
}

impl Pending {
    /// The state after one piece of value `v` is placed (the destination is then behind us).
    #[inline]
    pub fn after(self, v: u8) -> Pending {
        Pending {
            remaining: self.remaining.saturating_sub(v),
            ..self
        }
        .leave_center()
    }
}
