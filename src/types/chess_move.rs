//! A move packed in 32 bits. It is only meaningful against the position it was generated in;
//! text forms are converted by `protocol::notation`.

use super::{Bitboard, PieceKind, SpillList, Square};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    /// Pawn double step: sets the en-passant square.
    DoubleStep = 1,
    EnPassant = 2,
    Promotion = 3,
    /// Castling with the partner on the higher file (king's move is the move).
    CastleHigh = 4,
    /// Castling with the partner on the lower file.
    CastleLow = 5,
    /// A special first-move leap of the king (King's Leap Chess).
    KingLeap = 6,
    /// A piece put on an empty square.
    Drop = 7,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(u32);

impl Move {
    pub const NULL: Move = Move(0);

    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.raw() as u32 | (to.raw() as u32) << 8 | (kind as u32) << 16)
    }
    #[inline(always)]
    pub fn promotion(from: Square, to: Square, piece: PieceKind) -> Move {
        Move(
            from.raw() as u32
                | (to.raw() as u32) << 8
                | (MoveKind::Promotion as u32) << 16
                | (piece.0 as u32) << 24,
        )
    }
    #[inline(always)]
    pub fn drop(piece: PieceKind, to: Square) -> Move {
        Move((to.raw() as u32) << 8 | (MoveKind::Drop as u32) << 16 | (piece.0 as u32) << 24)
    }
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new(self.0 as u8)
    }
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new((self.0 >> 8) as u8)
    }
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match (self.0 >> 16) as u8 & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Promotion,
            4 => MoveKind::CastleHigh,
            5 => MoveKind::CastleLow,
            6 => MoveKind::KingLeap,
            _ => MoveKind::Drop,
        }
    }
    /// Is the move `Normal` or a `DoubleStep` (kinds 0 and 1: the kind's upper two bits
    /// clear)? One test, where the kind's match takes a shift, a mask and a compare.
    #[inline(always)]
    pub fn is_plain_kind(self) -> bool {
        const _: () = assert!(MoveKind::Normal as u32 == 0 && MoveKind::DoubleStep as u32 == 1);
        self.0 & 6 << 16 == 0
    }
    /// The promoted-to or dropped piece kind.
    #[inline(always)]
    pub fn piece(self) -> PieceKind {
        PieceKind((self.0 >> 24) as u8)
    }
    pub fn is_castling(self) -> bool {
        matches!(self.kind(), MoveKind::CastleHigh | MoveKind::CastleLow)
    }
    pub fn raw(self) -> u32 {
        self.0
    }
    pub fn from_raw(raw: u32) -> Move {
        Move(raw)
    }
}

/// Moves a position's list holds without allocating: more than any built-in game's position
/// has. A position with more (a variants file's giant riders, a FEN crowded with queens) is
/// still played exactly: its list spills to the heap, the one case where a node allocates.
pub const MAX_MOVES: usize = 512;

#[derive(Default)]
pub struct MoveList {
    moves: SpillList<Move, MAX_MOVES>,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList::default()
    }
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        self.moves.push(m);
    }
    /// Pushes a `Normal` move from `from` to each of `targets`, low to high.
    #[inline(always)]
    pub fn push_targets<B: Bitboard>(&mut self, from: Square, targets: B) {
        self.extend(
            targets
                .squares()
                .map(|to| Move::new(from, to, MoveKind::Normal)),
        );
    }
    /// Pushes each of `moves` in order, the length kept in a register meanwhile.
    #[inline(always)]
    pub fn extend(&mut self, moves: impl Iterator<Item = Move>) {
        self.moves.extend(moves);
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    #[inline(always)]
    pub fn clear(&mut self) {
        self.moves.clear();
    }
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.as_slice()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
    pub fn swap_remove(&mut self, i: usize) -> Move {
        self.moves.swap_remove(i)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
