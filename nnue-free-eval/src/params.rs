//! Every evaluation weight, each declared once.
//!
//! Provenance: all values below are **hand-set starting values**, not yet tuned. They were chosen
//! by reading the classical handcrafted evaluations of Stockfish 11 (pre-NNUE), Inanis and
//! Fruit 2.1 and converting their orders of magnitude to centipawns (1 pawn = 100), then written
//! as board-size-independent amplitudes: the term modules turn them into tables for each board
//! through the formulas documented there. The plan is to tune them by SPRT matches
//! (`scripts/`) and later a Texel-style tuner; whatever rewrites this file must also rewrite
//! this header with how the new values were obtained.

use crate::Score;

// ---------------------------------------------------------------- limits

/// Largest material value accepted for one piece kind (100 pawns). Keeps every sum far from
/// `i32` overflow: 128 pieces × 10 000 cp = 1.28 M.
pub const MAX_VALUE_CP: i32 = 10_000;

/// `evaluate` never returns more than this in absolute value, so that the engine's mate scores
/// (which must lie above it) stay distinct and the value fits an `i16`.
pub const EVAL_LIMIT: i32 = 16_000;

// ---------------------------------------------------------------- material (material.rs)

/// Endgame value of pawn-like pieces, percent of their rule value. Hand-set: classical engines
/// value a pawn 10–25 % higher in the endgame (SF11: 128 → 213 internal units, but with a much
/// larger piece scale); we start modestly.
pub const PAWN_EG_VALUE_PCT: i32 = 115;

// ---------------------------------------------------------------- phase (phase.rs)

/// The phase scale: `PHASE_MAX` = pure middlegame, 0 = pure endgame.
pub const PHASE_MAX: i32 = 256;

/// Non-pawn material (both sides) at or above which the game counts as pure middlegame, percent
/// of the initial non-pawn material. From SF11: MidgameLimit 15258 / initial 16604 ≈ 92 %.
pub const PHASE_MG_LIMIT_PCT: i32 = 92;

/// Non-pawn material at or below which the game counts as pure endgame, percent of the initial
/// non-pawn material. From SF11: EndgameLimit 3915 / 16604 ≈ 24 %.
pub const PHASE_EG_LIMIT_PCT: i32 = 24;

// ---------------------------------------------------------------- square tables (psqt.rs)

/// Centralisation of leapers and steppers: the difference between the centre and the corner.
/// Hand-set from the knight tables of Fruit/SF11 (about 50–60 cp centre-to-rim in mg).
pub const CENTRE_LEAPER: Score = Score::new(40, 30);

/// Centralisation of sliders (mostly their reach matters, which mobility measures). Hand-set,
/// SF11's bishop/queen tables span about 20 cp.
pub const CENTRE_SLIDER: Score = Score::new(12, 12);

/// Centipawns per unit of a game's own bonus table (Paulowich's Chancellor table, 0–10): the
/// centre is then worth 30 cp more than the corner, a little less than the generic leaper
/// table. Hand-set.
pub const BONUS_TABLE_CP_PER_UNIT: i32 = 3;

/// Largest absolute unit accepted in a bonus table.
pub const BONUS_UNIT_LIMIT: i32 = 100;

/// Advancement of pawn-like pieces: bonus at the far end of the board (linear in progress).
/// Hand-set; passed pawns get their own, larger bonus in pawns.rs.
pub const PAWN_ADVANCE: Score = Score::new(20, 40);

/// Middlegame bonus for pawn-like pieces on the central lane (0 on the edge lanes). Hand-set,
/// the central-pawn bonus of SF11's pawn table (~10–20 cp).
pub const PAWN_CENTRE_MG: i32 = 15;

/// King shelter in the middlegame: penalty for a king on the far rank (linear in progress).
/// Hand-set after SF11's king table (−60 cp by the third rank is harsher; we stay gentler).
pub const KING_ADVANCE_MG: i32 = 120;

/// King shelter in the middlegame: penalty for a king on the central file (0 on the edge
/// files), so the castled king is preferred. Hand-set (SF11: g1 ≈ e1 + 30 cp). Not applied
/// with [`Orientation::Diagonal`](crate::Orientation::Diagonal), where kings live in fortresses.
pub const KING_CENTRE_FILE_MG: i32 = 40;

/// King centralisation in the endgame: centre minus corner. Hand-set (SF11 ≈ 80 cp).
pub const KING_CENTRE_EG: i32 = 60;

// ---------------------------------------------------------------- mobility (mobility.rs)

/// Mobility of leapers/steppers: value between no target and all `max_targets` targets.
/// Hand-set from SF11's knight mobility (about 100 cp mg, 100 cp eg from 0 to 8 moves).
pub const MOBILITY_SPAN_LEAPER: Score = Score::new(80, 80);

/// Mobility of sliders: value between no target and all `max_targets` targets. Hand-set from
/// SF11's rook/queen mobility (mg ~120, eg ~200 internal units → cp).
pub const MOBILITY_SPAN_SLIDER: Score = Score::new(90, 140);

/// The fraction of `max_targets` (percent) at which mobility scores zero: below, a penalty;
/// above, a bonus. SF11's tables cross zero at about a third of the maximum.
pub const MOBILITY_NEUTRAL_PCT: i32 = 33;

// ---------------------------------------------------------------- king safety (king_safety.rs)

/// Attack units a piece of value `value_cp` earns per attacked king-zone square. Hand-set:
/// knight/bishop 2, rook 3, queen/chancellor 4, amazon 5 (Fruit/SF use 2/2/3/5).
pub const fn king_attack_weight(value_cp: i32) -> i32 {
    let w = 1 + value_cp / 250;
    if w < 1 {
        1
    } else if w > 8 {
        8
    } else {
        w
    }
}

/// Attack units are capped here before squaring (keeps the term bounded on huge boards).
pub const KING_ATTACK_UNITS_MAX: i32 = 60;

/// King danger = units² / this, in cp. Hand-set so that a queen + rook + knight attack hitting
/// six zone squares (≈ 22 units) costs about 120 cp after the attacker-count scaling.
pub const KING_DANGER_DIVISOR: i32 = 3;

/// The largest king danger, cp (mg). Hand-set.
pub const KING_DANGER_MAX: i32 = 600;

/// Percentage of the danger applied by number of attacking pieces (index = attackers, capped at
/// 7): one lone attacker does little. Ed Schröder's attack table, as in many engines.
pub const KING_ATTACKERS_PCT: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];

/// Share of the king danger that also applies in the endgame, percent. Hand-set.
pub const KING_DANGER_EG_PCT: i32 = 15;

/// Middlegame bonus per own pawn-like piece in the king's shield (one and two steps ahead,
/// adjacent lanes). Hand-set after Fruit's shelter (~10–15 cp per pawn).
pub const KING_SHIELD_MG: i32 = 12;

/// At most this many shield pawns count.
pub const KING_SHIELD_MAX_PAWNS: u32 = 3;

// ---------------------------------------------------------------- pawn structure (pawns.rs)

/// Doubled pawn-like piece (one of its own kind directly ahead on the same file), per rear
/// piece. SF11: Doubled S(11, 56) internal units.
pub const DOUBLED: Score = Score::new(-10, -30);

/// Isolated pawn-like piece (no own pawn-like piece on a neighbouring lane). SF11: S(5, 15).
pub const ISOLATED: Score = Score::new(-8, -15);

/// Passed pawn-like piece: flat part of the bonus.
pub const PASSED_BASE: Score = Score::new(5, 10);

/// Passed pawn-like piece: part growing with the square of its progress (0 at its own first
/// rank, this much at the far end). SF11's PassedRank reaches ~(125, 125)–(260, 250) internal
/// units on the seventh rank.
pub const PASSED_PROGRESS: Score = Score::new(70, 150);

// ---------------------------------------------------------------- tempo

/// Bonus for the side to move. SF11: Tempo = 28 internal units ≈ 15 cp.
pub const TEMPO: Score = Score::new(15, 8);
