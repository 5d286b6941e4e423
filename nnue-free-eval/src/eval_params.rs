//! `EvalParams`: everything the evaluation derives from a game, compiled once when the variant
//! is loaded and then only read (share it by `Arc` between search threads).

use crate::game::{EvalError, EvalGameInfo, Orientation, Role, MAX_KINDS};
use crate::geometry::Geometry;
use crate::king_safety::{self, KingTables};
use crate::material::{self, MaterialTable};
use crate::mobility::{self, MobilityTables};
use crate::pawns::{self, PawnTables};
use crate::phase::{self, PhaseTable};
use crate::psqt::{self, PsqtTables};
use crate::{Color, Score};
use std::sync::atomic::{AtomicU64, Ordering};

/// A game's compiled evaluation data: geometry, material, square tables, mobility curves, king
/// and pawn masks, phase limits. Immutable; about 50 KB.
#[derive(Clone, Debug)]
pub struct EvalParams {
    /// Unique to each `new` (clones share it): tells caches which parameters they hold.
    id: u64,
    pub(crate) geometry: Geometry,
    pub(crate) kinds: usize,
    pub(crate) roles: [Role; MAX_KINDS],
    pub(crate) material: MaterialTable,
    pub(crate) psqt: PsqtTables,
    pub(crate) mobility: MobilityTables,
    pub(crate) king: KingTables,
    pub(crate) pawns: PawnTables,
    pub(crate) phase: PhaseTable,
}

impl EvalParams {
    /// Compiles a game description. Fails on boards beyond 16x16 / 128 squares, on no or more
    /// than 16 piece kinds, on piece values outside 0 ..= `MAX_VALUE_CP`, and on bonus tables of
    /// the wrong length or with values beyond ±`BONUS_UNIT_LIMIT`.
    pub fn new(game: &EvalGameInfo) -> Result<EvalParams, EvalError> {
        game.validate()?;
        let geometry = Geometry::new(game.files, game.ranks, game.orientation);
        let mut roles = [Role::Piece; MAX_KINDS];
        for (r, p) in roles.iter_mut().zip(&game.pieces) {
            *r = p.role;
        }
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        Ok(EvalParams {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            kinds: game.pieces.len(),
            roles,
            material: material::build(game),
            psqt: psqt::build(game, &geometry),
            mobility: mobility::build(game),
            king: king_safety::build(game, &geometry),
            pawns: pawns::build(&geometry),
            phase: phase::build(game),
            geometry,
        })
    }

    /// Identifies these parameters (and their clones) among all built in this process.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Number of files.
    pub fn files(&self) -> u8 {
        self.geometry.files
    }

    /// Number of ranks.
    pub fn ranks(&self) -> u8 {
        self.geometry.ranks
    }

    /// The orientation the game was compiled with.
    pub fn orientation(&self) -> Orientation {
        self.geometry.orientation
    }

    /// Number of piece kinds.
    pub fn kinds(&self) -> usize {
        self.kinds
    }

    /// The material value of `kind` (mg, eg), e.g. for move ordering or SEE.
    pub fn material(&self, kind: u8) -> Score {
        self.material.value[usize::from(kind)]
    }

    /// The square-table entry of a piece of `color` and `kind` on `square` (from that colour's
    /// point of view: positive is good for the piece's owner).
    pub fn psqt(&self, color: Color, kind: u8, square: u8) -> Score {
        self.psqt.table[usize::from(kind)][self.geometry.relative(color, square)]
    }

    /// The square that corresponds to `square` for the other side (Black's view of a White
    /// square and back): the rank flip, or the half turn for crosswise and diagonal boards.
    pub fn mirror(&self, square: u8) -> u8 {
        self.geometry.mirror[usize::from(square)]
    }
}
