//! King safety (the placement of the king itself is in psqt.rs):
//!
//! - **Attacks on the king zone.** The zone of a side is every square within one king step of
//!   any of its royal pieces (the royal squares included). Each enemy ordinary piece whose
//!   targets touch the zone is an attacker and earns `king_attack_weight(value)` units per zone
//!   square it hits. Danger = min(units², capped via `KING_ATTACK_UNITS_MAX`) / `KING_DANGER_DIVISOR`,
//!   at most `KING_DANGER_MAX`, × `KING_ATTACKERS_PCT[attackers]` (a lone attacker costs nothing);
//!   charged to the defender, in full in the middlegame and `KING_DANGER_EG_PCT` in the endgame.
//! - **Pawn shield.** `KING_SHIELD_MG` per own pawn-like piece one or two steps ahead of a royal
//!   piece on its own or a neighbouring lane (on diagonal boards: the forward cone), at most
//!   `KING_SHIELD_MAX_PAWNS`, middlegame only.

use crate::game::{EvalGameInfo, Orientation, MAX_KINDS, MAX_SQUARES};
use crate::geometry::{squares_of, Geometry};
use crate::params::{
    king_attack_weight, KING_ATTACKERS_PCT, KING_ATTACK_UNITS_MAX, KING_DANGER_DIVISOR,
    KING_DANGER_EG_PCT, KING_DANGER_MAX, KING_SHIELD_MAX_PAWNS, KING_SHIELD_MG,
};
use crate::{Color, EvalParams, Score};

#[derive(Clone, Debug)]
pub(crate) struct KingTables {
    /// `[sq]` → the king zone of a royal piece on `sq`.
    pub zone: [u128; MAX_SQUARES],
    /// `[color][sq]` → the shield squares of a royal piece of `color` on `sq`.
    pub shield: [[u128; MAX_SQUARES]; 2],
    /// `[kind]` → attack units per zone square hit.
    pub attack_weight: [i32; MAX_KINDS],
}

pub(crate) fn build(game: &EvalGameInfo, geo: &Geometry) -> KingTables {
    let mut t = KingTables {
        zone: [0; MAX_SQUARES],
        shield: [[0; MAX_SQUARES]; 2],
        attack_weight: [0; MAX_KINDS],
    };
    for (w, p) in t.attack_weight.iter_mut().zip(&game.pieces) {
        *w = king_attack_weight(p.value_cp);
    }
    for k in 0..geo.squares {
        let (kf, kr) = (i32::from(geo.file(k)), i32::from(geo.rank(k)));
        t.zone[k] = geo.mask(|s| {
            (i32::from(geo.file(s)) - kf).abs() <= 1 && (i32::from(geo.rank(s)) - kr).abs() <= 1
        });
        for color in Color::BOTH {
            let h = &geo.height[color.index()];
            t.shield[color.index()][k] = geo.mask(|s| {
                let ahead = i32::from(h[s]) - i32::from(h[k]);
                let apart = (i32::from(geo.lane[s]) - i32::from(geo.lane[k])).abs();
                let width = match geo.orientation {
                    Orientation::Diagonal => ahead,
                    Orientation::Standard | Orientation::Crosswise => 1,
                };
                (1..=2).contains(&ahead) && apart <= width
            });
        }
    }
    t
}

/// Attacks on the king zones, accumulated piece by piece; `[attacking color]`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KingAttacks {
    units: [i32; 2],
    attackers: [i32; 2],
}

impl KingAttacks {
    /// Records the attack of one piece of `color` and `kind` with these `targets` on the enemy
    /// king zone `enemy_zone`.
    #[inline(always)]
    pub(crate) fn add(
        &mut self,
        params: &EvalParams,
        color: Color,
        kind: u8,
        targets: u128,
        enemy_zone: u128,
    ) {
        let hits = (targets & enemy_zone).count_ones() as i32;
        if hits > 0 {
            let c = color.index();
            self.attackers[c] += 1;
            // Capped at every step, so no sum can overflow whatever the board holds.
            self.units[c] = (self.units[c] + hits * params.king.attack_weight[usize::from(kind)])
                .min(KING_ATTACK_UNITS_MAX);
        }
    }
}

/// The king zone of a side (the union of the zones of its royal pieces) and its pawn shield
/// (own pawn-like pieces in each royal's shield, at most `KING_SHIELD_MAX_PAWNS` per royal),
/// read in one visit of the royal pieces: visiting them costs more than either term's work.
#[inline(always)]
pub(crate) fn zone_and_shield(
    params: &EvalParams,
    color: Color,
    royals: u128,
    pawns: u128,
) -> (u128, u32) {
    let shields = &params.king.shield[color.index()];
    squares_of(royals).fold((0, 0), |(zone, shield), sq| {
        (
            zone | params.king.zone[sq],
            // At most 128 royals × 3, no overflow.
            shield
                + (shields[sq] & pawns)
                    .count_ones()
                    .min(KING_SHIELD_MAX_PAWNS),
        )
    })
}

/// King safety of each side, `[color]` (the danger is charged to the side being attacked),
/// from the attacks on its zone and its `shield` pawns (`zone_and_shield`).
// Out of line: inlined into the evaluation's driver it costs more instructions (measured), the
// driver's registers being busy around it.
#[inline(never)]
pub(crate) fn evaluate(shield: [u32; 2], attacks: &KingAttacks) -> [Score; 2] {
    let mut out = [Score::ZERO; 2];
    for color in Color::BOTH {
        let (us, them) = (color.index(), color.opposite().index());
        let units = attacks.units[them];
        let attackers = attacks.attackers[them].clamp(0, 7) as usize;
        let pct = KING_ATTACKERS_PCT[attackers];
        // Too few attackers cost nothing: skip the arithmetic (most positions).
        if pct != 0 {
            let danger = (units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX) * pct / 100;
            out[us] -= Score::new(danger, danger * KING_DANGER_EG_PCT / 100);
        }
        out[us] += Score::new(shield[us] as i32 * KING_SHIELD_MG, 0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EvalPieceInfo;

    #[test]
    fn zone_and_shield_shapes() {
        let game = EvalGameInfo::new(8, 8, vec![EvalPieceInfo::royal(1)]);
        let geo = Geometry::new(8, 8, Orientation::Standard);
        let t = build(&game, &geo);
        // g1 = 6: zone f1 g1 h1 f2 g2 h2.
        assert_eq!(t.zone[6].count_ones(), 6);
        // White shield of g1: f2 g2 h2 f3 g3 h3; Black's shield of g8 (62) is f7 g7 h7 f6 g6 h6.
        let s: Vec<usize> = squares_of(t.shield[0][6]).collect();
        assert_eq!(s, vec![13, 14, 15, 21, 22, 23]);
        let s: Vec<usize> = squares_of(t.shield[1][62]).collect();
        assert_eq!(s, vec![45, 46, 47, 53, 54, 55]);
        // Diagonal: the cone from a1 is a2 b1 (one step) and a3 b2 c1 (two steps).
        let geo = Geometry::new(9, 9, Orientation::Diagonal);
        let t = build(&game, &geo);
        let s: Vec<usize> = squares_of(t.shield[0][0]).collect();
        assert_eq!(s, vec![1, 2, 9, 10, 18]);
    }
}
