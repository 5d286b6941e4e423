//! Table-driven legal move generation for every Betza piece, with castling, en passant,
//! promotions and the rule modules' hooks.
mod generate;
pub mod tables;

pub use tables::Tables;
