//! Crate-level tests over a mock board: symmetry, material sign, the bonus-table hook, tables for
//! every board shape, the breakdown, and bounds on extreme boards.

mod games;
pub(crate) mod mock;

use games::*;
use mock::*;

use crate::params::{BONUS_TABLE_CP_PER_UNIT, MAX_VALUE_CP, TEMPO};
use crate::{
    breakdown, evaluate, evaluate_cached, Additive, Color, EvalBoard, EvalError, EvalGameInfo,
    EvalParams, EvalPieceInfo, Orientation, PawnCache, Role, Score, Term, EVAL_LIMIT, PHASE_MAX,
};

const ORIENTATIONS: [Orientation; 3] = [
    Orientation::Standard,
    Orientation::Crosswise,
    Orientation::Diagonal,
];
const SIZES: [(u8, u8); 11] = [
    (7, 6),
    (7, 7),
    (8, 8),
    (9, 9),
    (10, 8),
    (10, 10),
    (12, 10),
    (11, 11),
    (16, 8),
    (8, 16),
    (1, 1),
];

fn all_games() -> Vec<MockGame> {
    let mut games = vec![
        chess(),
        capablanca(),
        paulowich(true),
        paulowich(false),
        paulowich_crosswise(),
        cannons_and_crabs(6),
        cannons_and_crabs(7),
        canonical(),
    ];
    for (f, r) in [(9, 9), (10, 10), (12, 10), (16, 8)] {
        for o in ORIENTATIONS {
            games.push(capablanca_like(f, r, o, ""));
        }
    }
    games
}

#[test]
fn tables_build_for_every_board_shape() {
    for (f, r) in SIZES {
        for o in ORIENTATIONS {
            let game = capablanca_like(f, r, o, "");
            let params = game.params();
            assert_eq!(
                (params.files(), params.ranks(), params.orientation()),
                (f, r, o)
            );
            for kind in 0..params.kinds() as u8 {
                for sq in 0..f * r {
                    let w = params.psqt(Color::White, kind, sq);
                    assert_eq!(
                        w,
                        params.psqt(Color::Black, kind, params.mirror(sq)),
                        "{f}x{r} {o:?}"
                    );
                    assert!(
                        w.mg.abs() <= 200 && w.eg.abs() <= 200,
                        "{f}x{r} {o:?} kind {kind} sq {sq}: {w:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn square_tables_have_the_intended_shape() {
    let params = chess().params();
    let (king, pawn, knight) = (0, 1, 2);
    let sq = |name: &str| {
        let b = name.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    };
    let w = |kind, s: &str| params.psqt(Color::White, kind, sq(s));
    assert!(w(knight, "e4").mg > w(knight, "a1").mg);
    assert!(w(knight, "e4").mg > 0 && w(knight, "a1").mg < 0);
    assert!(w(pawn, "e6").eg > w(pawn, "e3").eg);
    assert!(w(king, "g1").mg > w(king, "e1").mg && w(king, "e1").mg > w(king, "e3").mg);
    assert!(w(king, "e4").eg > w(king, "a1").eg);
    // Black reads the mirrored square: a Black knight on e5 is a White knight on e4.
    assert_eq!(params.psqt(Color::Black, knight, sq("e5")), w(knight, "e4"));
}

#[test]
fn bad_games_are_rejected() {
    let k = || vec![EvalPieceInfo::royal(1)];
    assert_eq!(
        EvalParams::new(&EvalGameInfo::new(16, 16, k())).unwrap_err(),
        EvalError::BoardSize {
            files: 16,
            ranks: 16
        }
    );
    assert!(matches!(
        EvalParams::new(&EvalGameInfo::new(17, 1, k())),
        Err(EvalError::BoardSize { .. })
    ));
    assert!(matches!(
        EvalParams::new(&EvalGameInfo::new(8, 0, k())),
        Err(EvalError::BoardSize { .. })
    ));
    assert!(EvalParams::new(&EvalGameInfo::new(16, 8, k())).is_ok());
    assert!(matches!(
        EvalParams::new(&EvalGameInfo::new(8, 8, vec![])),
        Err(EvalError::PieceKinds { count: 0 })
    ));
    let seventeen = vec![EvalPieceInfo::pawn_like(100, 1); 17];
    assert!(matches!(
        EvalParams::new(&EvalGameInfo::new(8, 8, seventeen)),
        Err(EvalError::PieceKinds { count: 17 })
    ));
    let negative = vec![EvalPieceInfo::piece(-1, false, 8, 1)];
    assert!(matches!(
        EvalParams::new(&EvalGameInfo::new(8, 8, negative)),
        Err(EvalError::PieceValue { .. })
    ));
    let huge = vec![EvalPieceInfo::piece(MAX_VALUE_CP + 1, false, 8, 1)];
    assert!(matches!(
        EvalParams::new(&EvalGameInfo::new(8, 8, huge)),
        Err(EvalError::PieceValue { .. })
    ));
    let short = vec![EvalPieceInfo::piece(900, true, 27, 1).with_bonus_table(vec![1; 63])];
    let err = EvalParams::new(&EvalGameInfo::new(8, 8, short)).unwrap_err();
    assert_eq!(
        err,
        EvalError::BonusTableLength {
            kind: 0,
            expected: 64,
            found: 63
        }
    );
    assert!(err.to_string().contains("64"));
    let mut wild = vec![0; 64];
    wild[9] = 101;
    let wild = vec![EvalPieceInfo::piece(900, true, 27, 1).with_bonus_table(wild)];
    assert_eq!(
        EvalParams::new(&EvalGameInfo::new(8, 8, wild)).unwrap_err(),
        EvalError::BonusTableValue {
            kind: 0,
            square: 9,
            value: 101
        }
    );
}

/// The colour-swapped mirror image with the other side to move is the same position for the
/// side to move: `evaluate` is equal, White's view is negated, and so is every term's net.
#[test]
fn mirrored_positions_evaluate_to_the_negation() {
    let mut rng = Rng::new(7);
    for game in all_games() {
        let params = game.params();
        for i in 0..150 {
            let board = random_board(&game, &mut rng, 30);
            let mirror = board.mirrored(&params);
            let (a, b) = (breakdown(&params, &board), breakdown(&params, &mirror));
            assert_eq!(
                evaluate(&params, &board),
                evaluate(&params, &mirror),
                "position {i}: {:?}",
                board.pieces
            );
            assert_eq!(a.white_pov, -b.white_pov);
            assert_eq!(a.phase, b.phase);
            for term in Term::ALL {
                let (x, y) = (a.term(term), b.term(term));
                assert_eq!((x.white, x.black), (y.black, y.white), "{term:?}");
                assert_eq!(x.net.tapered, -y.net.tapered, "{term:?}");
            }
            // Without the tempo (the side to move kept), White's view is exactly negated too.
            let c = breakdown(&params, &mirror.to_move(board.stm));
            let tempo = if board.stm == Color::White {
                TEMPO
            } else {
                -TEMPO
            };
            let (x, y) = (a.total, c.total);
            assert_eq!(
                (x.mg - tempo.mg, x.eg - tempo.eg),
                (tempo.mg - y.mg, tempo.eg - y.eg),
                "position {i}"
            );
        }
    }
}

#[test]
fn symmetric_start_positions_score_only_the_tempo() {
    let starts: Vec<(MockGame, &str)> = vec![
        (chess(), CHESS_START),
        (
            capablanca(),
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
        ),
        (paulowich(true), PAULOWICH_START),
        (
            paulowich_crosswise(),
            "qnbkrbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ",
        ),
        (cannons_and_crabs(6), "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR"),
        (
            cannons_and_crabs(7),
            "rnckcnr/xpxpxpx/7/7/7/XPXPXPX/RNCKCNR",
        ),
        (canonical(), CANONICAL_START),
    ];
    for (game, fen) in &starts {
        let params = game.params();
        for stm in ["w", "b"] {
            let board = game.board(&format!("{fen} {stm}"));
            let b = breakdown(&params, &board);
            assert_eq!(b.phase, PHASE_MAX, "{fen}");
            assert_eq!(evaluate(&params, &board), TEMPO.mg, "{fen} {stm}\n{b}");
        }
    }
}

#[test]
fn material_has_the_right_sign() {
    let game = chess();
    let params = game.params();
    // White without the a1 rook.
    let down = game.board(&format!("{CHESS_START} w")).without(0);
    assert!(evaluate(&params, &down) < -300);
    assert!(evaluate(&params, &down.to_move(Color::Black)) > 300);
    let b = breakdown(&params, &down);
    assert_eq!(
        b.term(Term::Material).net,
        crate::Tapered {
            mg: -500,
            eg: -500,
            tapered: -500
        }
    );
    // Black without a pawn: White is better; the pawn is worth more in the endgame.
    let up = game.board(&format!("{CHESS_START} w")).without(48);
    assert!(evaluate(&params, &up) > 50);
    let pawn = params.material(1);
    assert!(pawn.eg > pawn.mg);
    assert_eq!(params.material(0), Score::ZERO);
}

#[test]
fn chancellor_table_applies_only_where_given() {
    let with = paulowich(true).params();
    let without = paulowich(false).params();
    let chancellor = 6u8;
    let table = paulowich_table();
    // The scaled table's average, 376 × 3 / 64 = 17.6, rounds to 18.
    let shift = 18;
    for sq in 0..64u8 {
        let v = table[usize::from(sq)] * BONUS_TABLE_CP_PER_UNIT - shift;
        assert_eq!(with.psqt(Color::White, chancellor, sq), Score::new(v, v));
        assert_eq!(
            with.psqt(Color::Black, chancellor, with.mirror(sq)),
            Score::new(v, v)
        );
        for kind in 0..chancellor {
            assert_eq!(
                with.psqt(Color::White, kind, sq),
                without.psqt(Color::White, kind, sq)
            );
        }
    }
    assert_eq!(with.psqt(Color::White, chancellor, 0), Score::new(-18, -18)); // a1
    assert_eq!(with.psqt(Color::White, chancellor, 27), Score::new(12, 12)); // d4
                                                                             // Without the table the chancellor has the generic slider table.
    assert_ne!(
        without.psqt(Color::White, chancellor, 0),
        with.psqt(Color::White, chancellor, 0)
    );
    let cap = capablanca().params();
    assert!(cap.psqt(Color::White, 7, 0).mg > -18);

    // In a position: moving the White chancellor from a1 to d4 gains exactly 30 cp of squares.
    let game = paulowich(true);
    let params = game.params();
    let a1 = game.board("4k3/8/8/8/8/8/8/C3K3 w");
    let d4 = game.board("4k3/8/8/8/3C4/8/8/4K3 w");
    let (x, y) = (breakdown(&params, &a1), breakdown(&params, &d4));
    assert_eq!(
        y.term(Term::Psqt).white.mg - x.term(Term::Psqt).white.mg,
        30
    );
}

#[test]
fn the_pawn_cache_gives_the_plain_value() {
    let mut rng = Rng::new(13);
    let mut cache = PawnCache::new();
    // Each board twice (a miss, then a hit), and the cache carried across games.
    for game in all_games() {
        let params = game.params();
        for _ in 0..40 {
            let board = random_board(&game, &mut rng, 40);
            for _ in 0..2 {
                assert_eq!(
                    evaluate_cached(&params, &board, &mut cache),
                    evaluate(&params, &board)
                );
            }
        }
    }
}

/// A board that hands over the additive sum and its pieces kind by kind, as an engine does.
struct Summed<'g> {
    board: MockBoard<'g>,
    additive: Additive,
}

impl EvalBoard for Summed<'_> {
    fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }
    fn for_each_piece<F: FnMut(Color, u8, u8)>(&self, f: F) {
        self.board.for_each_piece(f)
    }
    fn for_each_kind<F: FnMut(Color, u8, u128)>(&self, mut f: F) {
        for color in Color::BOTH {
            for kind in 0..16 {
                let set = self
                    .board
                    .pieces
                    .iter()
                    .filter(|p| p.0 == color && p.1 == kind)
                    .fold(0u128, |s, p| s | 1u128 << p.2);
                if set != 0 {
                    f(color, kind, set);
                }
            }
        }
    }
    fn targets(&self, square: u8) -> u128 {
        self.board.targets(square)
    }
    fn pawn_attacks(&self, color: Color) -> u128 {
        self.board.pawn_attacks(color)
    }
    fn additive(&self) -> Option<Additive> {
        Some(self.additive)
    }
}

#[test]
fn a_kept_additive_sum_gives_the_same_value() {
    let mut rng = Rng::new(17);
    for game in all_games() {
        let params = game.params();
        for _ in 0..40 {
            let board = random_board(&game, &mut rng, 40);
            let additive = board
                .pieces
                .iter()
                .fold(Additive::ZERO, |a, &(c, k, s)| a + params.additive(c, k, s));
            let plain = evaluate(&params, &board);
            let summed = Summed { board, additive };
            assert_eq!(evaluate(&params, &summed), plain);
            // A wrong sum shows: the evaluation does read it.
            let off = Summed {
                additive: additive
                    + Additive {
                        score: Score::new(300, 300),
                        phase_material: 0,
                    },
                ..summed
            };
            assert_ne!(evaluate(&params, &off), plain);
        }
    }
}

#[test]
fn breakdown_matches_evaluate_and_prints_every_term() {
    let mut rng = Rng::new(11);
    for game in all_games() {
        let params = game.params();
        for _ in 0..40 {
            let board = random_board(&game, &mut rng, 40);
            let b = breakdown(&params, &board);
            assert_eq!(b.side_to_move_pov(), evaluate(&params, &board));
            let sum: i32 = b.terms.iter().map(|t| t.net.tapered).sum();
            assert!((sum - b.total.tapered).abs() <= Term::COUNT as i32);
        }
    }
    let game = chess();
    let params = game.params();
    let text = breakdown(&params, &game.board(&format!("{CHESS_START} w"))).to_string();
    for term in Term::ALL {
        assert!(text.contains(term.name()), "{text}");
    }
    assert!(text.contains("+0.15"), "{text}");
}

#[test]
fn king_attacks_and_shield_count() {
    let game = chess();
    let params = game.params();
    let quiet = game.board("6k1/5ppp/8/8/8/8/5PPP/6K1 w");
    let attacked = game.board("6k1/5ppp/8/8/7q/8/3n1PPP/6K1 w");
    let naked = game.board("6k1/5ppp/8/8/8/8/8/6K1 w");
    let ks = |b| breakdown(&params, b).term(Term::KingSafety).white.mg;
    assert_eq!(ks(&quiet), 3 * crate::params::KING_SHIELD_MG);
    assert!(ks(&attacked) < ks(&quiet));
    assert!(ks(&naked) < ks(&quiet));
}

#[test]
fn pawn_structure_terms() {
    let game = chess();
    let params = game.params();
    let pawns = |fen: &str| breakdown(&params, &game.board(fen)).term(Term::Pawns).white;
    let passed = pawns("4k3/8/4P3/8/8/8/8/4K3 w");
    let blocked = pawns("4k3/3p4/4P3/8/8/8/8/4K3 w");
    assert!(passed.eg > 0 && blocked.eg < 0, "{passed:?} {blocked:?}");
    // Doubled and isolated: e2 and e3 are both isolated, e2 is doubled, e3 passed.
    let doubled = pawns("4k3/8/8/8/8/4P3/4P3/4K3 w");
    let isolated_passed = pawns("4k3/8/8/8/8/8/4P3/4K3 w");
    assert!(doubled.eg < 2 * isolated_passed.eg);
    // Canonical: a White pawn across the crossing with no Black pawn in its cone is passed.
    let game = canonical();
    let params = game.params();
    let b = game.board("8k/9/9/9/5P3/9/9/9/K8 w");
    assert!(breakdown(&params, &b).term(Term::Pawns).white.eg > 0);
}

#[test]
fn phase_follows_non_pawn_material() {
    let game = chess();
    let params = game.params();
    let phase = |fen: &str| breakdown(&params, &game.board(fen)).phase;
    assert_eq!(phase(&format!("{CHESS_START} w")), PHASE_MAX);
    assert_eq!(phase("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w"), 0);
    let middle = phase("r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w");
    assert!(0 < middle && middle < PHASE_MAX, "{middle}");
}

/// Extreme boards: 128 squares full of the most valuable pieces, every piece attacking every
/// square, bonus tables at the limit. Overflow checks are on in tests, so any overflow panics.
#[test]
fn no_term_overflows() {
    for orientation in ORIENTATIONS {
        for (files, ranks) in [(16, 8), (8, 16), (12, 10), (11, 11)] {
            let squares = usize::from(files) * usize::from(ranks);
            let mut kinds = vec![
                EvalPieceInfo::royal(1),
                EvalPieceInfo::pawn_like(MAX_VALUE_CP, 255),
            ];
            for k in 2..16 {
                let mut p = EvalPieceInfo::piece(MAX_VALUE_CP, k % 2 == 0, 255, 255);
                if k == 3 {
                    p = p.with_bonus_table(
                        (0..squares)
                            .map(|s| if s % 2 == 0 { 100 } else { -100 })
                            .collect(),
                    );
                }
                kinds.push(p);
            }
            let info = EvalGameInfo {
                files,
                ranks,
                orientation,
                pieces: kinds,
            };
            let game = MockGame {
                info,
                letters: Vec::new(),
                moves: vec![Vec::new(); 16],
            };
            let params = game.params();
            let boards = [
                // Everything White except one Black royal: the clamp must hold.
                (0..squares)
                    .map(|s| {
                        if s == 0 {
                            (Color::Black, 0, 0)
                        } else {
                            (Color::White, (s % 15 + 1) as u8, s as u8)
                        }
                    })
                    .collect::<Vec<_>>(),
                // Mixed colours, many royals.
                (0..squares)
                    .map(|s| (Color::BOTH[s % 2], (s % 16) as u8, s as u8))
                    .collect(),
                // Only pawn-like pieces.
                (0..squares)
                    .map(|s| (Color::BOTH[s / 7 % 2], 1, s as u8))
                    .collect(),
            ];
            for (i, pieces) in boards.into_iter().enumerate() {
                for stm in Color::BOTH {
                    let board = MockBoard {
                        game: &game,
                        stm,
                        pieces: pieces.clone(),
                        flood: true,
                    };
                    let v = evaluate(&params, &board);
                    assert!(v.abs() <= EVAL_LIMIT);
                    let b = breakdown(&params, &board);
                    assert_eq!(b.side_to_move_pov(), v);
                    if i == 0 {
                        assert_eq!(b.white_pov, EVAL_LIMIT);
                    }
                }
            }
        }
    }
    // Extra pieces beyond 128 calls are ignored, not a panic.
    let game = chess();
    let params = game.params();
    let mut board = game.board("4k3/8/8/8/8/8/8/4K3 w");
    board.pieces = (0..200)
        .map(|i| (Color::BOTH[i % 2], 1, (i % 64) as u8))
        .collect();
    board.flood = true;
    let _ = evaluate(&params, &board);
}

#[test]
fn roles_are_reported_as_given() {
    let game = cannons_and_crabs(6);
    assert_eq!(game.info.pieces[4].role, Role::PawnLike);
    assert_eq!(game.info.pieces[3].max_targets, 16);
    let canonical = canonical();
    assert_eq!(canonical.info.pieces[5].initial_count, 8);
}
