//! Chimera: a chess-variant engine. Variants are data; the move generator is table-driven and
//! generic over the bitboard width, chosen once per game.

pub mod evaluation;
pub mod game;
pub mod movegen;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod rules;
pub mod types;
pub mod variant;
