//! The driver: one pass over the pieces for the sets and sums the terms need (no allocation),
//! then each term in turn, the ordinary pieces' mobility and king attacks in a second pass.
//! `evaluate` and `breakdown` share it, so the breakdown always explains the very number the
//! search sees.

use crate::breakdown::Term;
use crate::game::Role;
use crate::geometry::squares_of;
use crate::params::{EVAL_LIMIT, TEMPO};
use crate::{king_safety, material, mobility, pawns, phase, psqt};
use crate::{Additive, Color, EvalBoard, EvalParams, PawnCache, Score};

/// The board as the terms read it, apart from the ordinary pieces (a second pass reads them).
pub(crate) struct Snapshot {
    /// `[color]` → squares of its pawn-like pieces.
    pub pawns: [u128; 2],
    /// `[color]` → squares of its royal pieces.
    pub royals: [u128; 2],
    /// `[color]` → squares of its ordinary pieces.
    pub pieces: [u128; 2],
    /// `[color]` → squares of all its pieces.
    pub all: [u128; 2],
    /// `[color]` → material and square-table sums, summed piece by piece as the board is read
    /// (left at zero when the engine hands over the additive terms).
    pub material: [Score; 2],
    pub psqt: [Score; 2],
    /// The phase material of both sides, summed the same way.
    pub phase_material: i32,
}

impl Snapshot {
    /// Reads the board; `sum_pieces` adds up the additive terms piece by piece.
    #[inline(always)]
    fn take<B: EvalBoard>(params: &EvalParams, board: &B, sum_pieces: bool) -> Snapshot {
        if !sum_pieces {
            if let Some(sets) = board.role_sets() {
                return Snapshot {
                    pawns: sets.pawns,
                    royals: sets.royals,
                    pieces: sets.pieces,
                    all: sets.all,
                    material: [Score::ZERO; 2],
                    psqt: [Score::ZERO; 2],
                    phase_material: 0,
                };
            }
        }
        let mut snap = Snapshot {
            pawns: [0; 2],
            royals: [0; 2],
            pieces: [0; 2],
            all: [0; 2],
            material: [Score::ZERO; 2],
            psqt: [Score::ZERO; 2],
            phase_material: 0,
        };
        board.for_each_kind(|color, kind, set| {
            debug_assert!(
                usize::from(kind) < params.kinds,
                "piece kind {kind} out of range"
            );
            debug_assert!(
                params.geometry.squares == 128 || set >> params.geometry.squares == 0,
                "square out of range"
            );
            snap.all[color.index()] |= set;
            match params.roles[usize::from(kind)] {
                Role::PawnLike => snap.pawns[color.index()] |= set,
                Role::Royal => snap.royals[color.index()] |= set,
                Role::Piece => snap.pieces[color.index()] |= set,
            }
            if sum_pieces {
                for sq in squares_of(set) {
                    snap.material[color.index()] += material::piece(params, kind);
                    snap.psqt[color.index()] += psqt::piece(params, color, kind, sq as u8);
                    // At most 128 pieces of at most 10 000: no overflow.
                    snap.phase_material += phase::piece(params, kind);
                }
            }
        });
        snap
    }
}

/// Every term's score for each side, the phase and the side to move.
pub(crate) struct Terms {
    /// `[term][color]`.
    pub scores: [[Score; 2]; Term::COUNT],
    pub phase: i32,
    pub side_to_move: Color,
}

impl Terms {
    /// The sum of all terms for one side.
    pub(crate) fn total(&self, color: Color) -> Score {
        self.scores
            .iter()
            .fold(Score::ZERO, |t, s| t + s[color.index()])
    }

    /// The final evaluation from White's point of view, tapered and clamped to ±`EVAL_LIMIT`.
    pub(crate) fn white_pov(&self) -> i32 {
        (self.total(Color::White) - self.total(Color::Black))
            .taper(self.phase)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

/// Every term; the pawn structure from `cache` when one is given. With `additive` (the
/// engine's running sum) material and square tables come from it, together under `Material`
/// for White: the total is the same, only `breakdown` needs them apart (and passes `None`).
/// Inlined into each caller, which fixes `cache` and `additive` there (dropping the other
/// paths) and sums the terms without storing them first.
#[inline(always)]
pub(crate) fn terms<B: EvalBoard>(
    params: &EvalParams,
    board: &B,
    cache: Option<&mut PawnCache>,
    additive: Option<Additive>,
) -> Terms {
    let snap = Snapshot::take(params, board, additive.is_none());
    let side_to_move = board.side_to_move();
    let mut scores = [[Score::ZERO; 2]; Term::COUNT];

    let phase_material = match additive {
        Some(sum) => {
            scores[Term::Material.index()][Color::White.index()] = sum.score;
            sum.phase_material
        }
        None => {
            scores[Term::Material.index()] = material::evaluate(&snap);
            scores[Term::Psqt.index()] = psqt::evaluate(&snap);
            snap.phase_material
        }
    };

    // Mobility and king attacks share one `targets` call per piece.
    let kings = Color::BOTH.map(|c| {
        king_safety::zone_and_shield(params, c, snap.royals[c.index()], snap.pawns[c.index()])
    });
    let zones = kings.map(|(zone, _)| zone);
    let pawn_attacks = [
        board.pawn_attacks(Color::White),
        board.pawn_attacks(Color::Black),
    ];
    let mut mobility = [Score::ZERO; 2];
    let mut attacks = king_safety::KingAttacks::default();
    // Piece by piece, not kind by kind: most kinds have one or two pieces on the board, and
    // finding a piece's kind costs less than visiting a kind.
    for color in Color::BOTH {
        let (us, them) = (color.index(), color.opposite().index());
        // Summed in a local, not in `mobility[us]`: the compiler then keeps it in one
        // register instead of selecting the side's sum at every piece.
        let mut sum = Score::ZERO;
        // `piece_targets` may hold own squares; they are not targets.
        let others = !snap.all[us];
        board.for_each_piece_targets(color, snap.pieces[us], |kind, targets| {
            let targets = targets & others;
            // A kind without a mobility term has a table of zeros: adding it costs less
            // than testing for it.
            sum += mobility::piece(params, kind, targets, pawn_attacks[them]);
            // Where the enemy has no king zone nothing hits it.
            attacks.add(params, color, kind, targets, zones[them]);
        });
        mobility[us] = sum;
    }
    scores[Term::Mobility.index()] = mobility;
    scores[Term::KingSafety.index()] =
        king_safety::evaluate(kings.map(|(_, shield)| shield), &attacks);
    scores[Term::Pawns.index()] = match cache {
        Some(cache) => cache.get(params, snap.pawns),
        None => pawns::evaluate(params, snap.pawns),
    };
    scores[Term::Tempo.index()][side_to_move.index()] = TEMPO;

    Terms {
        scores,
        phase: phase::phase(params, phase_material),
        side_to_move,
    }
}
