//! The small value types every other module speaks in.
mod bitboard;
mod chess_move;
mod color;
mod piece;
mod spill_list;
mod square;

pub use bitboard::{Bitboard, SquareIter};
pub use chess_move::{Move, MoveKind, MoveList, MAX_MOVES};
pub use color::Color;
pub use piece::{Piece, PieceKind, MAX_KINDS};
pub use spill_list::SpillList;
pub use square::{BoardSize, Square, SquareName, MAX_FILES, MAX_RANKS, MAX_SQUARES};
