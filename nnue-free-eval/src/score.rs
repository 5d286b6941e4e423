//! `Score`: a middlegame / endgame pair of centipawn values, blended by the game phase.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::params::PHASE_MAX;

/// A pair of centipawn values: one for the middlegame, one for the endgame. Every term produces
/// a `Score`; the final evaluation blends the two by the game phase (see [`Score::taper`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// Middlegame value, centipawns.
    pub mg: i32,
    /// Endgame value, centipawns.
    pub eg: i32,
}

impl Score {
    /// The zero score.
    pub const ZERO: Score = Score { mg: 0, eg: 0 };

    /// A score from its middlegame and endgame values.
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }

    /// Blends mg and eg: `phase` runs from 0 (pure endgame) to [`PHASE_MAX`] (pure middlegame);
    /// values outside are clamped. Rounds toward zero, so `(-s).taper(p) == -s.taper(p)`.
    pub fn taper(self, phase: i32) -> i32 {
        let p = i64::from(phase.clamp(0, PHASE_MAX));
        // `mg * p + eg * (PHASE_MAX - p)` with one multiplication by a variable (exact in i64).
        let (mg, eg) = (i64::from(self.mg), i64::from(self.eg));
        let blended = (eg * i64::from(PHASE_MAX) + (mg - eg) * p) / i64::from(PHASE_MAX);
        // Both inputs are i32, so the weighted mean lies between them and fits in i32.
        blended as i32
    }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, o: Score) -> Score {
        Score::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        Score::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, k: i32) -> Score {
        Score::new(self.mg * k, self.eg * k)
    }
}

impl AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}

impl SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        *self = *self - o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_endpoints_and_negation() {
        let s = Score::new(100, -40);
        assert_eq!(s.taper(PHASE_MAX), 100);
        assert_eq!(s.taper(0), -40);
        assert_eq!(s.taper(PHASE_MAX + 50), 100);
        for p in 0..=PHASE_MAX {
            assert_eq!((-s).taper(p), -s.taper(p));
        }
        let big = Score::new(i32::MAX, i32::MIN + 1);
        let _ = big.taper(PHASE_MAX / 2);
    }
}
