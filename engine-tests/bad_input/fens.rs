//! Malformed FENs, shared by the perft-subcommand and UCI tests.

/// Malformed FENs for 8x8 `chess`: (what, fen).
pub const BAD_CHESS_FENS: &[(&str, &str)] = &[
    (
        "7 ranks",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "9 ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "empty rank between slashes",
        "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "trailing slash",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
    ),
    (
        "rank too long (digit 9)",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too long (9 pieces)",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too long (pieces + digit)",
        "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too short (7 squares)",
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too short (pieces)",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too long (two-digit run 10)",
        "rnbqkbnr/pppppppp/10/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "unknown piece letter x",
        "rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chancellor letter in chess",
        "rnbqkbnr/pppppppp/8/8/3C4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "archbishop letter in chess",
        "rnbqkbnr/pppppppp/8/8/3a4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "amazon letter in chess",
        "rnbqkbnr/pppppppp/8/8/3Z4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "non-ASCII piece",
        "rnbqkbnr/pppppppp/8/8/3\u{e9}4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "punctuation in board",
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "two white kings",
        "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "two black kings",
        "rnbqkbnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "no white king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    ),
    (
        "no black king",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    ),
    ("no kings at all", "8/8/8/8/8/8/8/8 w - - 0 1"),
    (
        "bad castling letter Z",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1",
    ),
    (
        "castling files beyond the board",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w xyz - 0 1",
    ),
    // Impossible rights are refused, not dropped (README, Decisions), as pyffish's
    // `validate_fen` refuses them.
    (
        "castling right without its rook",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
    ),
    (
        "castling letter K with the rook off its corner (Shredder G names it)",
        "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1",
    ),
    (
        "castling right with the king off its square",
        "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
    ),
    (
        "castling field digits",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 12 - 0 1",
    ),
    (
        "bad side to move x",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ),
    (
        "bad side to move wb",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1",
    ),
    (
        "side to move missing",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
    ),
    (
        "en passant rank off board",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    ),
    (
        "en passant file off board",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq j6 0 1",
    ),
    (
        "en passant garbage",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq xx 0 1",
    ),
    (
        "en passant reversed",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 6e 0 1",
    ),
    // A pawn in front of the square, but not one that has just double-stepped over it: its
    // start square is occupied, or it came from a rank with no double step.
    (
        "en passant past an occupied start square",
        "rnbqkbnr/pppppppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ),
    (
        "en passant square on the third rank for the side to move",
        "4k3/8/8/8/8/8/4p3/4K3 w - e3 0 1",
    ),
    (
        "halfmove clock -1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    ),
    (
        "fullmove number -1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
    ),
    (
        "counters are letters",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a b",
    ),
    (
        "halfmove clock fractional",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1",
    ),
    (
        "halfmove clock overflow",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999999 1",
    ),
    (
        "halfmove clock 65536, one past what a game keeps",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1",
    ),
    (
        "fullmove number 100000001, one past the largest",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 100000001",
    ),
    (
        "en passant square behind a Knight",
        "4k3/8/8/8/4N3/8/8/4K3 b - e3 0 1",
    ),
    (
        "en passant square behind a pawn of the side to move",
        "4k3/8/8/8/4p3/8/8/4K3 b - e3 0 1",
    ),
    (
        "en passant square occupied",
        "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1",
    ),
    (
        "extra trailing field",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
    ),
    ("empty string", ""),
    ("only spaces", "   "),
    (
        // 2^32 + 8: a run read into 32 bits with wrapping arithmetic would be 8 empty squares.
        "run of 4294967304 squares",
        "rnbqkbnr/pppppppp/8/4294967304/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "capablanca FEN (10 files) for chess",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "grand FEN (10x10) for chess",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "chancellor FEN (9x9) for chess",
        "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
    ),
];

/// FENs for the wrong board size or the wrong piece set, per variant: (what, variant, fen).
pub const BAD_OTHER_FENS: &[(&str, &str, &str)] = &[
    (
        "chess FEN (8 files) for capablanca",
        "capablanca",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess FEN (8x8) for grand",
        "grand",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (
        "capablanca FEN (8 ranks) for grand",
        "grand",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1",
    ),
    (
        "chess FEN (8x8) for chancellor 9x9",
        "chancellor",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "capablanca FEN for janus",
        "janus",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "grand rank too long",
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/11/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "grand 11 ranks",
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "grand en passant rank 11",
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - e11 0 1",
    ),
    (
        "grand en passant behind a pawn from rank 9, where no pawn double-steps",
        "grand",
        "4k5/10/10/3pP5/10/10/10/10/10/4K5 w - d8 0 1",
    ),
    (
        "cannons-and-crabs en passant, where nothing double-steps",
        "cannons-and-crabs",
        "3k3/7/3pP2/7/7/3K3 w - d5 0 1",
    ),
    (
        "janus letter j in paulowich",
        "paulowich",
        "cnbrkbnq/pppppppp/8/8/3J4/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
    ),
    (
        "archbishop letter in paulowich",
        "paulowich",
        "cnbrkbnq/pppppppp/8/8/3a4/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
    ),
    (
        "empress letter in kings-leap",
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/3E4/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1",
    ),
    (
        "two white kings in kings-leap",
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/3K4/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1",
    ),
    (
        "kings-leap castling field garbage",
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Xx - 0 1",
    ),
    (
        "amazon letter in capablanca",
        "capablanca",
        "rnabqkbcnr/pppppppppp/10/10/4Z5/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "a cancellation game's placement field alone",
        "cancellation-chess",
        "place=d4,4,dest,pass",
    ),
    (
        "a placement field in a game without cancellation",
        "chess",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,dest,pass",
    ),
    (
        "Fischer Random K with the only Rook on the Queen's side, next to the King",
        "fischerandom",
        "4k3/8/8/8/8/8/8/3RK3 w K - 0 1",
    ),
    (
        "tutti-frutti 9 files",
        "tutti-frutti",
        "enbzkqar1/pppppppp/8/8/8/8/PPPPPPPP/ENBZKQAR w KQkq - 0 1",
    ),
];
