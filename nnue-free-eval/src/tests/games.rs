//! Mock versions of the rules' games (movement simplified where it does not matter here).

use super::mock::*;
use crate::Orientation;

/// Paulowich's Chancellor table as printed in chancellor.md (top row first; it is symmetric).
pub const PAULOWICH_CHANCELLOR: [[i32; 8]; 8] = [
    [0, 2, 4, 6, 6, 4, 2, 0],
    [2, 4, 6, 8, 8, 6, 4, 2],
    [4, 6, 8, 10, 10, 8, 6, 4],
    [6, 8, 10, 10, 10, 10, 8, 6],
    [6, 8, 10, 10, 10, 10, 8, 6],
    [4, 6, 8, 10, 10, 8, 6, 4],
    [2, 4, 6, 8, 8, 6, 4, 2],
    [0, 2, 4, 6, 6, 4, 2, 0],
];

/// The table in square-index order (rank 0 first), as the engine's variant data stores it.
pub fn paulowich_table() -> Vec<i32> {
    PAULOWICH_CHANCELLOR
        .iter()
        .rev()
        .flatten()
        .copied()
        .collect()
}

fn chess_kinds() -> Vec<Kind> {
    vec![
        royal('k'),
        pawn('p', 100),
        piece('n', 300, knight()),
        piece('b', 300, bishop()),
        piece('r', 500, rook()),
        piece('q', 900, queen()),
    ]
}

pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

pub fn chess() -> MockGame {
    MockGame::new(8, 8, Orientation::Standard, chess_kinds(), CHESS_START)
}

/// Capablanca-like kinds (chess + archbishop 'a' + chancellor 'c') on any board.
pub fn capablanca_like(files: u8, ranks: u8, orientation: Orientation, start: &str) -> MockGame {
    let mut kinds = chess_kinds();
    kinds.push(piece('a', 800, compound(bishop(), knight())));
    kinds.push(piece('c', 900, compound(rook(), knight())));
    MockGame::new(files, ranks, orientation, kinds, start)
}

pub fn capablanca() -> MockGame {
    capablanca_like(
        10,
        8,
        Orientation::Standard,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
    )
}

fn paulowich_kinds(with_table: bool) -> Vec<Kind> {
    let mut kinds = chess_kinds();
    let mut c = piece('c', 900, compound(rook(), knight()));
    if with_table {
        c.bonus = Some(paulowich_table());
    }
    kinds.push(c);
    kinds
}

pub const PAULOWICH_START: &str = "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ";

pub fn paulowich(with_table: bool) -> MockGame {
    MockGame::new(
        8,
        8,
        Orientation::Standard,
        paulowich_kinds(with_table),
        PAULOWICH_START,
    )
}

pub fn paulowich_crosswise() -> MockGame {
    MockGame::new(
        8,
        8,
        Orientation::Crosswise,
        paulowich_kinds(true),
        "qnbkrbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ",
    )
}

pub fn cannons_and_crabs(ranks: u8) -> MockGame {
    let kinds = vec![
        royal('k'),
        piece('r', 500, rook()),
        piece('n', 300, knight()),
        piece('c', 500, cannon()),
        pawn('x', 200),
        pawn('p', 100),
        piece('m', 900, compound(rook(), knight())),
        piece('a', 800, compound(bishop(), knight())),
    ];
    let start = if ranks == 6 {
        "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR"
    } else {
        "rnckcnr/xpxpxpx/7/7/7/XPXPXPX/RNCKCNR"
    };
    MockGame::new(7, ranks, Orientation::Standard, kinds, start)
}

pub const CANONICAL_START: &str = "1p3rbnk/P1p4qn/1P1p4b/2P1p3r/3P1p3/R3P1p2/B4P1p1/NQ4P1p/KNBR3P1";

pub fn canonical() -> MockGame {
    let kinds = vec![
        royal('k'),
        piece('q', 200, king()),
        piece('r', 800, rook()),
        piece('b', 400, rook()),
        piece('n', 400, knight()),
        pawn('p', 100),
    ];
    MockGame::new(9, 9, Orientation::Diagonal, kinds, CANONICAL_START)
}
