//! `Color` and the `EvalBoard` trait: everything the evaluation asks of a position.

use crate::Additive;

/// A side. The engine converts its own colour type into this one in its [`EvalBoard`] impl.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that starts on rank 0.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline(always)]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The squares of each side's pieces by role, `[color]` (see [`EvalBoard::role_sets`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoleSets {
    /// Squares of the pieces whose role is [`Role::PawnLike`](crate::Role::PawnLike).
    pub pawns: [u128; 2],
    /// Squares of the pieces whose role is [`Role::Royal`](crate::Role::Royal).
    pub royals: [u128; 2],
    /// Squares of the pieces whose role is [`Role::Piece`](crate::Role::Piece).
    pub pieces: [u128; 2],
    /// Squares of all the side's pieces (the union of the three sets above).
    pub all: [u128; 2],
}

/// What the evaluation needs from a position. The engine implements it over its own position
/// type; every call is statically dispatched (the evaluation is generic over `B: EvalBoard`).
///
/// Conventions (the same as the engine's and the rules'): square index = `rank * files + file`,
/// rank 0 = White's first rank, at most 128 squares; a *kind* is the index of the piece in
/// [`EvalGameInfo::pieces`](crate::EvalGameInfo::pieces) (0-based, below 16). Square sets are
/// `u128` with bit `s` standing for square `s`.
pub trait EvalBoard {
    /// The side to move; [`evaluate`](crate::evaluate) scores from its point of view.
    fn side_to_move(&self) -> Color;

    /// Calls `f(color, kind, square)` once for every piece on the board, in any order.
    /// At most 128 calls (extra pieces are ignored).
    fn for_each_piece<F: FnMut(Color, u8, u8)>(&self, f: F);

    /// The pseudo-legal destination squares of the piece standing on `square`: empty squares it
    /// may move to and enemy-occupied squares it may capture on, as the engine's move generator
    /// sees them (own-occupied squares excluded; legality/pins ignored). Used for mobility and
    /// for attacks on the enemy king zone. Called at most once per piece per evaluation, and
    /// only for pieces whose role is [`Role::Piece`](crate::Role::Piece).
    fn targets(&self, square: u8) -> u128;

    /// Optional: the same set as [`targets`](EvalBoard::targets) for a piece the caller knows
    /// to be of `color` and `kind` (as [`for_each_piece`](EvalBoard::for_each_piece) reported
    /// it), so that the engine need not look the piece up again, except that it may also hold
    /// squares of `color`'s own pieces: the evaluation, which calls this one, removes them
    /// itself, once per side rather than once per piece.
    #[inline(always)]
    fn piece_targets(&self, color: Color, kind: u8, square: u8) -> u128 {
        let _ = (color, kind);
        self.targets(square)
    }

    /// Optional: calls `f(kind, targets)` for each of `color`'s pieces on the squares `pieces`
    /// (all of role [`Role::Piece`](crate::Role::Piece)), `targets` being
    /// [`piece_targets`](EvalBoard::piece_targets) of the piece. The engine may then read what
    /// the pieces of a side share (its tables, the occupancy) once for all of them. The
    /// default looks each piece up with [`kind_at`](EvalBoard::kind_at).
    #[inline(always)]
    fn for_each_piece_targets<F: FnMut(u8, u128)>(&self, color: Color, pieces: u128, mut f: F) {
        for sq in crate::geometry::squares_of(pieces) {
            let kind = self.kind_at(sq as u8);
            f(kind, self.piece_targets(color, kind, sq as u8));
        }
    }

    /// Optional, faster than [`for_each_piece`](EvalBoard::for_each_piece): calls
    /// `f(color, kind, squares)` with square sets that together hold every piece on the board,
    /// each set of one colour and kind (a kind may come in several sets; the sets are
    /// disjoint). The default calls `f` once per piece.
    #[inline(always)]
    fn for_each_kind<F: FnMut(Color, u8, u128)>(&self, mut f: F) {
        self.for_each_piece(|color, kind, sq| f(color, kind, 1u128 << sq));
    }

    /// Optional, faster than looking through every set of
    /// [`for_each_kind`](EvalBoard::for_each_kind) as the default does: the kind of the piece
    /// on `square`, which holds one.
    #[inline(always)]
    fn kind_at(&self, square: u8) -> u8 {
        let mut found = 0;
        self.for_each_kind(|_, kind, set| {
            if set >> square & 1 != 0 {
                found = kind;
            }
        });
        found
    }

    /// Optional: the sum of [`EvalParams::additive`](crate::EvalParams::additive) over every
    /// piece on the board, when the engine keeps it up to date move by move;
    /// [`evaluate`](crate::evaluate) then skips adding up the pieces itself. The default says
    /// the engine keeps no such sum.
    #[inline(always)]
    fn additive(&self) -> Option<Additive> {
        None
    }

    /// Optional, together with [`additive`](EvalBoard::additive): the squares of each side's
    /// pieces of each role, by the roles of the game info. With both, the evaluation
    /// reads no piece set before its pass over the ordinary pieces. The default says the
    /// engine does not keep them.
    #[inline(always)]
    fn role_sets(&self) -> Option<RoleSets> {
        None
    }

    /// Optional: the squares attacked (capture targets, occupied or not) by `color`'s pawn-like
    /// pieces. When provided, mobility does not count squares attacked by enemy pawns. The
    /// default says "none", which simply counts every target.
    #[inline(always)]
    fn pawn_attacks(&self, color: Color) -> u128 {
        let _ = color;
        0
    }
}
