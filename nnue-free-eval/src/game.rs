//! The description of a game that the engine hands over when a variant is loaded
//! (`EvalGameInfo`, `EvalPieceInfo`), and the errors found while compiling it.

use std::fmt;

use crate::params::{BONUS_UNIT_LIMIT, MAX_VALUE_CP};

/// Largest number of files or ranks.
pub const MAX_SIDE: u8 = 16;
/// Largest number of squares (`files * ranks`).
pub const MAX_SQUARES: usize = 128;
/// Largest number of piece kinds in one game.
pub const MAX_KINDS: usize = 16;

/// What a piece kind is, for the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A royal piece (the king): no material value, king-placement tables, its surroundings are
    /// the king zone that enemy attacks are counted on.
    Royal,
    /// A piece that only moves forward (pawn, crab, Canonical pawn): advancement tables and the
    /// pawn-structure terms, no mobility.
    PawnLike,
    /// Any other piece: centralisation tables, mobility, counts toward the game phase and attacks
    /// the enemy king zone.
    Piece,
}

/// How the board is oriented for the two sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Forward is up the ranks; Black's view is the board flipped top to bottom (file kept).
    /// Chess, Capablanca, Grand, Paulowich, Cannons and Crabs…
    #[default]
    Standard,
    /// Forward is up the ranks; Black's view is the board turned half a turn (file reversed), for
    /// arrays that are point-symmetric rather than mirror-symmetric (`paulowich-crosswise`).
    Crosswise,
    /// Forward is toward the far corner: a square's progress is `file + rank` and a pawn's lane
    /// is the screen-vertical line `file - rank`; Black's view is the half turn. The Canonical
    /// family (the grid turned 45 degrees, pawns stepping (+1,0) or (0,+1)).
    Diagonal,
}

/// One piece kind, as the evaluation sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalPieceInfo {
    /// Material value in centipawns (the rule value in pawns × 100, or an explicit evaluation
    /// value). 0 ..= [`MAX_VALUE_CP`]. Ignored for royal pieces.
    pub value_cp: i32,
    /// Royal, pawn-like or an ordinary piece.
    pub role: Role,
    /// True for riders/sliders (rook, bishop, queen, chancellor…) and false for leapers and
    /// steppers (knight, cannon of Cannons and Crabs…). Sliders get a flatter square table and a
    /// mobility curve that is worth more in the endgame; compound pieces (RN, BN) count as sliders.
    pub slider_like: bool,
    /// The largest number of targets the piece has on this board (on an empty board, from its
    /// best square; the engine can compute it from its move tables): 8 for a knight, 14 for a
    /// rook and 27 for a queen on 8x8. It scales the mobility curve; 0 switches mobility off for
    /// this kind.
    pub max_targets: u8,
    /// How many of this kind each side has in the initial array (for the game phase).
    pub initial_count: u8,
    /// An optional positional table from the game's data, in the game's own units (Paulowich's
    /// Chancellor table: 0–10), `files * ranks` values from White's a1 upward (square-index
    /// order). Each value must lie within ±[`BONUS_UNIT_LIMIT`]. Where given it **replaces** the
    /// generic square table of this kind (in mg and eg): scaled by
    /// [`BONUS_TABLE_CP_PER_UNIT`](crate::params::BONUS_TABLE_CP_PER_UNIT) and shifted so that its
    /// average over the board is zero. Black uses it through the board's mirror.
    pub bonus_table: Option<Vec<i32>>,
}

impl EvalPieceInfo {
    /// An ordinary piece.
    pub fn piece(value_cp: i32, slider_like: bool, max_targets: u8, initial_count: u8) -> Self {
        EvalPieceInfo {
            value_cp,
            role: Role::Piece,
            slider_like,
            max_targets,
            initial_count,
            bonus_table: None,
        }
    }

    /// A pawn-like piece.
    pub fn pawn_like(value_cp: i32, initial_count: u8) -> Self {
        EvalPieceInfo {
            value_cp,
            role: Role::PawnLike,
            slider_like: false,
            max_targets: 0,
            initial_count,
            bonus_table: None,
        }
    }

    /// A royal piece.
    pub fn royal(initial_count: u8) -> Self {
        EvalPieceInfo {
            value_cp: 0,
            role: Role::Royal,
            slider_like: false,
            max_targets: 0,
            initial_count,
            bonus_table: None,
        }
    }

    /// The same piece with a positional bonus table (see [`EvalPieceInfo::bonus_table`]).
    pub fn with_bonus_table(mut self, table: Vec<i32>) -> Self {
        self.bonus_table = Some(table);
        self
    }
}

/// A game, as the evaluation sees it. Built by the engine when a variant is loaded and compiled
/// once by [`EvalParams::new`](crate::EvalParams::new).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalGameInfo {
    /// Number of files, 1 ..= 16.
    pub files: u8,
    /// Number of ranks, 1 ..= 16; `files * ranks` at most 128.
    pub ranks: u8,
    /// Which way is forward and how Black's view is obtained from White's.
    pub orientation: Orientation,
    /// The piece kinds; index = the kind the engine reports in
    /// [`EvalBoard::for_each_piece`](crate::EvalBoard::for_each_piece). At most 16.
    pub pieces: Vec<EvalPieceInfo>,
}

impl EvalGameInfo {
    /// A game with the [`Orientation::Standard`] orientation.
    pub fn new(files: u8, ranks: u8, pieces: Vec<EvalPieceInfo>) -> Self {
        EvalGameInfo {
            files,
            ranks,
            orientation: Orientation::Standard,
            pieces,
        }
    }

    /// The same game with another orientation.
    pub fn with_orientation(mut self, orientation: Orientation) -> Self {
        self.orientation = orientation;
        self
    }

    /// Checks everything `EvalParams::new` relies on.
    pub(crate) fn validate(&self) -> Result<(), EvalError> {
        let (files, ranks) = (self.files, self.ranks);
        let squares = usize::from(files) * usize::from(ranks);
        if files == 0 || ranks == 0 || files > MAX_SIDE || ranks > MAX_SIDE || squares > MAX_SQUARES
        {
            return Err(EvalError::BoardSize { files, ranks });
        }
        if self.pieces.is_empty() || self.pieces.len() > MAX_KINDS {
            return Err(EvalError::PieceKinds {
                count: self.pieces.len(),
            });
        }
        for (kind, p) in self.pieces.iter().enumerate() {
            if p.role != Role::Royal && !(0..=MAX_VALUE_CP).contains(&p.value_cp) {
                return Err(EvalError::PieceValue {
                    kind,
                    value_cp: p.value_cp,
                });
            }
            if let Some(table) = &p.bonus_table {
                if table.len() != squares {
                    return Err(EvalError::BonusTableLength {
                        kind,
                        expected: squares,
                        found: table.len(),
                    });
                }
                if let Some(square) = table.iter().position(|v| v.abs() > BONUS_UNIT_LIMIT) {
                    return Err(EvalError::BonusTableValue {
                        kind,
                        square,
                        value: table[square],
                    });
                }
            }
        }
        Ok(())
    }
}

/// Why a game description cannot be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// Files or ranks outside 1 ..= 16, or more than 128 squares.
    BoardSize {
        /// Files given.
        files: u8,
        /// Ranks given.
        ranks: u8,
    },
    /// No piece kinds, or more than 16.
    PieceKinds {
        /// Kinds given.
        count: usize,
    },
    /// A non-royal piece value outside 0 ..= `MAX_VALUE_CP`.
    PieceValue {
        /// The piece kind.
        kind: usize,
        /// The value given.
        value_cp: i32,
    },
    /// A bonus table whose length is not `files * ranks`.
    BonusTableLength {
        /// The piece kind.
        kind: usize,
        /// `files * ranks`.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// A bonus table value outside ±`BONUS_UNIT_LIMIT`.
    BonusTableValue {
        /// The piece kind.
        kind: usize,
        /// The square index of the value.
        square: usize,
        /// The value given.
        value: i32,
    },
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::BoardSize { files, ranks } => write!(
                f,
                "board {files}x{ranks} is not supported (1 to {MAX_SIDE} files and ranks, at most {MAX_SQUARES} squares)"
            ),
            EvalError::PieceKinds { count } => {
                write!(f, "{count} piece kinds given, the evaluation supports 1 to {MAX_KINDS}")
            }
            EvalError::PieceValue { kind, value_cp } => {
                write!(f, "piece kind {kind}: value {value_cp} cp is outside 0..={MAX_VALUE_CP}")
            }
            EvalError::BonusTableLength { kind, expected, found } => {
                write!(f, "piece kind {kind}: bonus table has {found} values, the board has {expected} squares")
            }
            EvalError::BonusTableValue { kind, square, value } => write!(
                f,
                "piece kind {kind}: bonus table value {value} on square {square} is outside ±{BONUS_UNIT_LIMIT}"
            ),
        }
    }
}

impl std::error::Error for EvalError {}
