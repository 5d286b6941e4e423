//! Piece-square tables, built for any board when the game is compiled. Tables are stored in
//! White's view; Black reads the entry of the mirrored square (see `Orientation`).
//!
//! - **Pieces**: centralisation, `CENTRE_LEAPER` or `CENTRE_SLIDER` × (centrality − its board
//!   average), so the table moves value around without changing the piece's material worth.
//! - **Pawn-like pieces**: `PAWN_ADVANCE` × progress (0 on the own first rank/corner, 1 at the
//!   far end), plus `PAWN_CENTRE_MG` × lane centrality in the middlegame.
//! - **Royal pieces**: middlegame shelter, −`KING_ADVANCE_MG` × progress −
//!   `KING_CENTRE_FILE_MG` × file centrality (the latter not on diagonal boards); endgame
//!   centralisation, `KING_CENTRE_EG` × (centrality − average).
//! - **Bonus-table hook**: where the game gives a table for a kind (Paulowich's Chancellor),
//!   it replaces the generic table of that kind in mg and eg: `units × BONUS_TABLE_CP_PER_UNIT`
//!   minus the table's rounded average, so a bonus table also leaves material worth unchanged.

use crate::eval::Snapshot;
use crate::game::{EvalGameInfo, EvalPieceInfo, Orientation, Role, MAX_KINDS, MAX_SQUARES};
use crate::geometry::{round, Geometry};
use crate::params::{
    BONUS_TABLE_CP_PER_UNIT, CENTRE_LEAPER, CENTRE_SLIDER, KING_ADVANCE_MG, KING_CENTRE_EG,
    KING_CENTRE_FILE_MG, PAWN_ADVANCE, PAWN_CENTRE_MG,
};
use crate::{Color, EvalParams, Score};

#[derive(Clone, Debug)]
pub(crate) struct PsqtTables {
    /// `[kind][square in White's view]`.
    pub table: [[Score; MAX_SQUARES]; MAX_KINDS],
}

pub(crate) fn build(game: &EvalGameInfo, geo: &Geometry) -> PsqtTables {
    let mut table = [[Score::ZERO; MAX_SQUARES]; MAX_KINDS];
    for (t, piece) in table.iter_mut().zip(&game.pieces) {
        build_kind(&mut t[..geo.squares], piece, geo);
    }
    PsqtTables { table }
}

fn build_kind(t: &mut [Score], piece: &EvalPieceInfo, geo: &Geometry) {
    if let Some(units) = &piece.bonus_table {
        // Exact integer arithmetic: the shift is the average of the scaled table, rounded.
        let n = units.len() as i64;
        let total: i64 = units
            .iter()
            .map(|&u| i64::from(u * BONUS_TABLE_CP_PER_UNIT))
            .sum();
        let shift = (total.signum() * ((2 * total.abs() + n) / (2 * n))) as i32;
        for (s, &u) in t.iter_mut().zip(units) {
            let v = u * BONUS_TABLE_CP_PER_UNIT - shift;
            *s = Score::new(v, v);
        }
        return;
    }
    let mean_centre = geo.mean(|s| geo.centrality(s));
    for (sq, s) in t.iter_mut().enumerate() {
        let centre = geo.centrality(sq) - mean_centre;
        *s = match piece.role {
            Role::Piece => {
                let w = if piece.slider_like {
                    CENTRE_SLIDER
                } else {
                    CENTRE_LEAPER
                };
                Score::new(
                    round(f64::from(w.mg) * centre),
                    round(f64::from(w.eg) * centre),
                )
            }
            Role::PawnLike => {
                let progress = geo.progress(sq);
                Score::new(
                    round(
                        f64::from(PAWN_ADVANCE.mg) * progress
                            + f64::from(PAWN_CENTRE_MG) * geo.lane_centrality(sq),
                    ),
                    round(f64::from(PAWN_ADVANCE.eg) * progress),
                )
            }
            Role::Royal => {
                let file_centre = match geo.orientation {
                    Orientation::Diagonal => 0.0,
                    Orientation::Standard | Orientation::Crosswise => geo.lane_centrality(sq),
                };
                Score::new(
                    -round(
                        f64::from(KING_ADVANCE_MG) * geo.progress(sq)
                            + f64::from(KING_CENTRE_FILE_MG) * file_centre,
                    ),
                    round(f64::from(KING_CENTRE_EG) * centre),
                )
            }
        };
    }
}

/// The square-table score of one piece (summed per side while the snapshot is taken).
#[inline(always)]
pub(crate) fn piece(params: &EvalParams, color: Color, kind: u8, sq: u8) -> Score {
    params.psqt.table[usize::from(kind)][params.geometry.relative(color, sq)]
}

/// Square-table score of each side, `[color]`.
pub(crate) fn evaluate(snap: &Snapshot) -> [Score; 2] {
    snap.psqt
}
