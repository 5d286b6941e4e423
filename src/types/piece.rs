use super::Color;

/// Index of a piece type in its variant's piece table (at most `MAX_KINDS`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PieceKind(pub u8);

pub const MAX_KINDS: usize = 16;

impl PieceKind {
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A coloured piece, packed as `kind * 2 + color` so it indexes flat tables.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind.0 * 2 + color as u8)
    }
    #[inline(always)]
    pub fn color(self) -> Color {
        Color::from_index((self.0 & 1) as usize)
    }
    #[inline(always)]
    pub fn kind(self) -> PieceKind {
        PieceKind(self.0 >> 1)
    }
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
