//! Search scores: centipawns from the side to move's view, with mate scores near ±`MATE`
//! (distance in plies from the root) and their conversion for the transposition table.

use super::params::MAX_PLY;

pub const INFINITE: i32 = 32_001;
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates (found within `MAX_PLY`).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const DRAW: i32 = 0;
/// "No score" marker (static eval while in check).
pub const NONE: i32 = -INFINITE - 1;

#[inline(always)]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}
#[inline(always)]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}
#[inline(always)]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND && score.abs() <= MATE
}

/// A root-relative score as stored in the table (node-relative for mates).
#[inline(always)]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline(always)]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as a protocol reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// Moves (not plies) to mate; negative when the side to move is mated.
    Mate(i32),
}

/// Reported as mates: a mate the table carries to a ply past `MAX_PLY` from the root falls
/// below `MATE_BOUND` (the search then takes it for a large evaluation, which no position
/// has), yet it is still a mate at that distance and not "cp 31869".
const REPORTED_MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score >= REPORTED_MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -REPORTED_MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances() {
        assert_eq!(Score::from_internal(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_internal(37), Score::Centipawns(37));
        // A mate 131 plies away, carried there by the table, is no evaluation.
        assert_eq!(Score::from_internal(31_869), Score::Mate(66));
        assert_eq!(Score::from_internal(-31_869), Score::Mate(-65));
        for ply in [0, 5, 40] {
            for s in [mate_in(7), mated_in(8), 123, -55] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
    }
}
