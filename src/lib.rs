//! Chimera: a chess-variant engine. Variants are data; the move generator is table-driven and
//! generic over the bitboard width, chosen once per game.

pub mod bench;
pub mod evaluation;
pub mod game;
pub mod movegen;
pub mod perft;
pub mod play;
pub mod position;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tournament;
pub mod types;
pub mod variant;
