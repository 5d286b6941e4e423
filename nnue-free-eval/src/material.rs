//! Material: each piece's value from the game data (the rule value or an explicit evaluation
//! value, in centipawns). Royal pieces count nothing; pawn-like pieces are worth
//! [`PAWN_EG_VALUE_PCT`] of their value in the endgame.

use crate::eval::Snapshot;
use crate::game::{EvalGameInfo, Role, MAX_KINDS};
use crate::params::PAWN_EG_VALUE_PCT;
use crate::{EvalParams, Score};

/// `[kind]` → material value.
#[derive(Clone, Debug)]
pub(crate) struct MaterialTable {
    pub value: [Score; MAX_KINDS],
}

pub(crate) fn build(game: &EvalGameInfo) -> MaterialTable {
    let mut value = [Score::ZERO; MAX_KINDS];
    for (v, p) in value.iter_mut().zip(&game.pieces) {
        *v = match p.role {
            Role::Royal => Score::ZERO,
            Role::PawnLike => Score::new(p.value_cp, p.value_cp * PAWN_EG_VALUE_PCT / 100),
            Role::Piece => Score::new(p.value_cp, p.value_cp),
        };
    }
    MaterialTable { value }
}

/// The material of one piece (summed per side while the snapshot is taken).
#[inline(always)]
pub(crate) fn piece(params: &EvalParams, kind: u8) -> Score {
    params.material.value[usize::from(kind)]
}

/// Material of each side, `[color]`.
pub(crate) fn evaluate(snap: &Snapshot) -> [Score; 2] {
    snap.material
}
