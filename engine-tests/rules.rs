//! Hand-checked special-rule positions, driven through the `chimera` binary
//! (`perft --divide` subcommand and UCI sessions).
//!
//! Every expected move set below was worked out by hand (the reasoning is in the
//! comment above each check). Where a comment says "pyffish agrees", the same set
//! was also cross-checked with Fairy-Stockfish (pyffish): directly for chess,
//! capablanca, gothic, janus, embassy and grand; for paulowich and tutti-frutti with
//! a Fairy variant definition (`castlingRookPieces = qc` / `re`); for Black's
//! crosswise castling by mirroring the board a<->h (then Black's crosswise castling
//! is ordinary paulowich castling; White gets no castling rights in those FENs).
//! King's Leap cannot be expressed in Fairy: the non-leap moves were cross-checked
//! with the paulowich definition and castling `-`, the leaps are purely by hand.
//!
//! Conventions: moves are given as one space-separated string; the expected set
//! must equal the engine's set exactly and `Nodes searched` must equal its size.

mod common;
use common::*;

/// Check the exact depth-1 move set: with no move list through both the perft
/// subcommand and UCI, with a move list through UCI (`position fen F moves …`).
fn check(variant: &str, fen: &str, moves: &str, expected: &str) {
    let mv: Vec<&str> = moves.split_whitespace().collect();
    let exp: Vec<&str> = expected.split_whitespace().collect();
    check_moves(variant, fen, &mv, &exp);
}

/// Depth-N total through the perft subcommand.
fn total(variant: &str, fen: Option<&str>, depth: u32) -> u64 {
    perft_cmd(variant, fen, depth).total
}

/// A perft total at some depth. The `*_deep_perft` tests' numbers (one per file) were
/// computed with an independent, deliberately simple Python move generator written for
/// this test suite (8x8, pieces K Q R B N C P, King's Leap and crosswise castling
/// implemented from chancellor.md). That generator reproduces
/// pyffish exactly on paulowich (castling by corner pieces) at depth 1-4 and on the
/// crosswise form wherever pyffish can express it (mirrored, Black castling only), and
/// it reproduces every hand-checked set in these files. Grand numbers are from pyffish.
fn deep(variant: &str, fen: &str, depth: u32, nodes: u64) {
    let d = perft_cmd(variant, Some(fen), depth);
    assert_eq!(d.total, nodes, "{} `{}` perft {}", variant, fen, depth);
}

#[path = "rules/classics.rs"]
mod classics;
#[path = "rules/grand.rs"]
mod grand;
#[path = "rules/kings_leap.rs"]
mod kings_leap;
#[path = "rules/paulowich.rs"]
mod paulowich;
