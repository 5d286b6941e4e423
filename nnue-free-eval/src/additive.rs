//! The additive terms — material, square tables and the phase material — are plain sums over
//! the pieces. An engine may keep that sum up to date as pieces come and go (one table read per
//! piece moved) and hand it over through [`EvalBoard::additive`](crate::EvalBoard::additive),
//! so that [`evaluate`](crate::evaluate) need not add up every piece at every leaf.

use std::ops::{Add, AddAssign, Sub, SubAssign};

use crate::{material, phase, psqt, Color, EvalParams, Score};

/// What pieces contribute to the additive terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Additive {
    /// Material plus square tables, White's minus Black's.
    pub score: Score,
    /// The phase material, both sides together.
    pub phase_material: i32,
}

impl Additive {
    /// Nothing on the board.
    pub const ZERO: Additive = Additive {
        score: Score::ZERO,
        phase_material: 0,
    };
}

impl EvalParams {
    /// What one piece of `color` and `kind` on `square` contributes to the additive terms.
    pub fn additive(&self, color: Color, kind: u8, square: u8) -> Additive {
        let own = material::piece(self, kind) + psqt::piece(self, color, kind, square);
        Additive {
            score: match color {
                Color::White => own,
                Color::Black => -own,
            },
            phase_material: phase::piece(self, kind),
        }
    }
}

impl Add for Additive {
    type Output = Additive;
    #[inline(always)]
    fn add(self, o: Additive) -> Additive {
        Additive {
            score: self.score + o.score,
            phase_material: self.phase_material + o.phase_material,
        }
    }
}

impl Sub for Additive {
    type Output = Additive;
    #[inline(always)]
    fn sub(self, o: Additive) -> Additive {
        Additive {
            score: self.score - o.score,
            phase_material: self.phase_material - o.phase_material,
        }
    }
}

impl AddAssign for Additive {
    #[inline(always)]
    fn add_assign(&mut self, o: Additive) {
        *self = *self + o;
    }
}

impl SubAssign for Additive {
    #[inline(always)]
    fn sub_assign(&mut self, o: Additive) {
        *self = *self - o;
    }
}
