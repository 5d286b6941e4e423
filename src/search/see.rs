//! Static exchange evaluation on any board with any pieces: the capture sequence on one square,
//! each side taking with its least valuable attacker, attackers recomputed from the occupancy
//! after every capture (so x-rays through sliders and screens for hoppers come out right).

use crate::position::Position;
use crate::types::{Bitboard, Move, MoveKind, PieceKind, Square, MAX_KINDS};
use crate::variant::Variant;

/// What a royal piece is worth as an attacker in an exchange: it may only take last.
const ROYAL_SEE_VALUE: i32 = 100_000;

/// A kind's index, which is below `MAX_KINDS` in every game: masked so that the compiler knows
/// it too and drops the bounds checks of the per-kind arrays (read at every exchange step).
#[inline(always)]
fn kind_index(k: PieceKind) -> usize {
    const _: () = assert!(MAX_KINDS.is_power_of_two());
    k.index() & (MAX_KINDS - 1)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Exchange values in centipawns and the kinds ranked from cheapest to dearest, per variant.
pub struct SeeValues {
    pub value: [i32; MAX_KINDS],
    /// `[kind]`: the kind's place when the kinds are ordered from cheapest to dearest (ties
    /// by kind), which decides the least valuable attacker.
    rank: [u8; MAX_KINDS],
    royal: PieceKind,
    /// The greatest common divisor of the values (0 if all are 0): every exchange's result
    /// and every step of it is a multiple of it.
    grain: i32,
    /// Cancellation captures (`rules/cancellation.md`): a capture by a non-royal piece takes
    /// both pieces off and gives back their difference in value, so it wins nothing outright.
    cancellation: bool,
}

impl SeeValues {
    pub fn new(v: &Variant) -> SeeValues {
        let mut value = [0; MAX_KINDS];
        for k in v.kinds() {
            let p = v.piece(k);
            value[k.index()] = if p.royal {
                ROYAL_SEE_VALUE
            } else {
                p.value * crate::evaluation::CP_PER_PAWN
            };
        }
        let mut order: Vec<PieceKind> = v.kinds().collect();
        order.sort_by_key(|k| value[k.index()]);
        let mut rank = [u8::MAX; MAX_KINDS];
        for (i, k) in order.iter().enumerate() {
            rank[k.index()] = i as u8;
        }
        let grain = value.iter().fold(0, |g, &x| gcd(g, x.unsigned_abs()));
        SeeValues {
            value,
            rank,
            royal: v.royal,
            grain: i32::try_from(grain).unwrap_or(0),
            cancellation: v.cancellation.is_some(),
        }
    }

    /// Does `see_ge` give every move the same answer at thresholds `a` and `b`? So when they
    /// are equal, or neither is a multiple of `grain` and no multiple lies between them: each
    /// test of the exchange compares a multiple of `grain` plus or minus the threshold with 0
    /// (or 1), which is never 0 then and has the same sign at both thresholds.
    #[inline(always)]
    pub fn same_verdict(&self, a: i32, b: i32) -> bool {
        a == b
            || self.grain > 0
                && a % self.grain != 0
                && b % self.grain != 0
                && a.div_euclid(self.grain) == b.div_euclid(self.grain)
    }

    /// Do captures cancel in this game (so that most of them win nothing outright)?
    #[inline(always)]
    pub fn captures_cancel(&self) -> bool {
        self.cancellation
    }

    #[inline(always)]
    pub fn of(&self, k: PieceKind) -> i32 {
        self.value[kind_index(k)]
    }

    /// The material the move wins at once (victim, plus the promotion gain).
    #[inline(always)]
    pub fn gain<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> i32 {
        if self.cancellation && self.cancels(pos, m) {
            return 0;
        }
        self.plain_gain(pos, m)
    }

    /// `gain` where captures do not cancel; inlined into `see_ge`, which calls it every time.
    #[inline(always)]
    fn plain_gain<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> i32 {
        let mut g = match m.kind() {
            MoveKind::EnPassant => pos
                .piece_at(pos.ep_victim_square(m))
                .map_or(0, |p| self.of(p.kind())),
            MoveKind::CastleHigh | MoveKind::CastleLow | MoveKind::Drop => 0,
            _ => pos.piece_at(m.to()).map_or(0, |p| self.of(p.kind())),
        };
        if m.kind() == MoveKind::Promotion {
            if let Some(p) = pos.piece_at(m.from()) {
                g += self.of(m.piece()) - self.of(p.kind());
            }
        }
        g
    }

    /// Is `m` a capture that cancels (taken by a non-royal piece, en passant included)?
    fn cancels<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> bool {
        m.kind() == MoveKind::EnPassant
            || m.kind() != MoveKind::Drop
                && pos.piece_at(m.to()).is_some()
                && pos
                    .piece_at(m.from())
                    .is_some_and(|p| p.kind() != self.royal)
    }

    /// Does `m` win at least `threshold` centipawns in the exchange on its target square?
    pub fn see_ge<B: Bitboard>(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        self.see_ge_with::<B, true>(pos, m, threshold)
    }

    /// `see_ge`; with `LEAPERS_FIRST` each step first looks at the leaping capturers alone
    /// (no slide), which settle it often. Without, each step's capturers are found at once:
    /// the plain exchange, which the tests hold the shortcut to.
    fn see_ge_with<B: Bitboard, const LEAPERS_FIRST: bool>(
        &self,
        pos: &Position<B>,
        m: Move,
        threshold: i32,
    ) -> bool {
        if self.cancellation {
            // Every exchange cancels out (only a King takes outright, and never into a
            // defended square): what the move itself wins is the exchange's result.
            return self.gain(pos, m) >= threshold;
        }
        match m.kind() {
            MoveKind::CastleHigh | MoveKind::CastleLow | MoveKind::KingLeap | MoveKind::Drop => {
                return 0 >= threshold
            }
            _ => {}
        }
        let (from, to) = (m.from(), m.to());
        let Some(mover) = pos.piece_at(from) else {
            return 0 >= threshold;
        };
        let mut swap = self.plain_gain(pos, m) - threshold;
        if swap < 0 {
            return false;
        }
        if mover.kind() == self.royal {
            // A legal king move: nothing may take the king where it lands (`capturers` would
            // count a cannon that takes only by jumping, which it may not do to a king).
            return true;
        }
        let mover_value = if m.kind() == MoveKind::Promotion {
            self.of(m.piece())
        } else {
            self.of(mover.kind())
        };
        swap = mover_value - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = pos.occupied().without(from).with(to);
        if m.kind() == MoveKind::EnPassant {
            occ = occ.without(pos.ep_victim_square(m));
        }
        let mut side = !mover.color();
        // `result` flips each time a side makes a capture that it need not regret.
        let mut result = true;
        loop {
            let leapers = pos.leap_attackers(to, side, occ);
            if LEAPERS_FIRST && leapers.any() {
                // The cheapest leaper (no slide to find it) often ends the exchange in `side`'s
                // favour; then the cheapest of all, no dearer, does too.
                if let Some((k, _)) = self.least_valuable(pos, leapers) {
                    if self.of(k) < ROYAL_SEE_VALUE && self.of(k) - swap < !result as i32 {
                        result = !result;
                        break;
                    }
                }
            }
            let attackers = pos.capturers_beyond_leaps(to, side, occ, leapers) & occ;
            if attackers.is_empty() {
                break;
            }
            let Some((k, sq)) = self.least_valuable(pos, attackers) else {
                break;
            };
            if k == self.royal {
                // The king may take only if the other side has nothing left to retake; then
                // the exchange ends with its capture.
                let occ_after = occ.without(sq);
                if (pos.attackers(to, !side, occ_after) & occ_after).is_empty() {
                    result = !result;
                }
                break;
            }
            result = !result;
            swap = self.of(k) - swap;
            if swap < result as i32 {
                // `side` is ahead even if it loses the capturing piece: the exchange ends here.
                break;
            }
            occ = occ.without(sq);
            side = !side;
        }
        result
    }

    /// The least valuable of `attackers`: the lowest `rank` (its kind's place from cheapest to
    /// dearest), the lowest square among equals. There are few attackers and many kinds, so
    /// it is cheaper to look at each attacker than to try the kinds in order.
    #[inline(always)]
    fn least_valuable<B: Bitboard>(
        &self,
        pos: &Position<B>,
        attackers: B,
    ) -> Option<(PieceKind, Square)> {
        let mut chosen: Option<(u8, PieceKind, Square)> = None;
        for s in attackers.squares() {
            if let Some(p) = pos.piece_at(s) {
                let r = self.rank[kind_index(p.kind())];
                if chosen.is_none_or(|(best, _, _)| r < best) {
                    chosen = Some((r, p.kind(), s));
                }
            }
        }
        chosen.map(|(_, k, sq)| (k, sq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;
    use crate::with_position;

    /// The least valuable attacker found the plain way: the kinds tried cheapest first
    /// (`order`), the lowest square of the first kind present.
    fn reference_least_valuable<B: Bitboard>(
        order: &[PieceKind],
        pos: &Position<B>,
        side: crate::types::Color,
        attackers: B,
    ) -> Option<(PieceKind, Square)> {
        order.iter().find_map(|&k| {
            let bb = attackers & pos.pieces_of(side, k);
            bb.any().then(|| (k, bb.lsb()))
        })
    }

    /// Runs `$each` with `$p` bound to each position, and `$m` to each of its legal moves, of
    /// four random playouts of 120 moves from `$gt`'s start, captures preferred (so that
    /// exchanges come up). A macro: the position's width is known only inside `with_position!`.
    macro_rules! on_capture_playouts {
        ($gt:expr, $rng:expr, |$p:ident, $m:ident| $each:block) => {
            for _ in 0..4 {
                let mut game = $gt.start();
                with_position!(&mut game, $p => {
                    let mut moves = crate::types::MoveList::new();
                    for _ in 0..120 {
                        $p.legal_moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        for &$m in moves.iter() $each
                        let caps: Vec<Move> = moves
                            .iter()
                            .copied()
                            .filter(|m| $p.piece_at(m.to()).is_some())
                            .collect();
                        let m = if !caps.is_empty() && $rng.gen_bool(0.5) {
                            caps[$rng.gen_range(0..caps.len())]
                        } else {
                            moves.as_slice()[$rng.gen_range(0..moves.len())]
                        };
                        $p.play(m);
                    }
                });
            }
        };
    }

    /// On random playouts of every built-in game, `least_valuable` picks what
    /// `reference_least_valuable` picks among each side's capturers of every legal move's
    /// target, the mover lifted as in an exchange.
    #[test]
    fn least_valuable_matches_reference_on_playouts() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(5);
        let mut checked = 0usize;
        for gt in reg.games() {
            let see = SeeValues::new(&gt.variant);
            let mut order: Vec<PieceKind> = gt.variant.kinds().collect();
            order.sort_by_key(|k| see.of(*k));
            on_capture_playouts!(gt, rng, |p, m| {
                let occ = p.occupied().without(m.from()).with(m.to());
                for side in crate::types::Color::BOTH {
                    let attackers = p.capturers(m.to(), side, occ) & occ;
                    assert_eq!(
                        see.least_valuable(p, attackers),
                        reference_least_valuable(&order, p, side, attackers),
                        "{}: {} {:?}",
                        gt.variant.name,
                        p.fen(),
                        m
                    );
                    checked += 1;
                }
            });
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// On random playouts of every built-in game, `see_ge` (leapers first) answers as the plain
    /// exchange for every legal move at thresholds around its gain.
    #[test]
    fn leapers_first_matches_the_plain_exchange() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(7);
        let mut checked = 0usize;
        for gt in reg.games() {
            let see = SeeValues::new(&gt.variant);
            on_capture_playouts!(gt, rng, |p, m| {
                for t in [-1000, -300, -100, -1, 0, 1, 100, 300, 1000] {
                    assert_eq!(
                        see.see_ge(p, m, t),
                        see.see_ge_with::<_, false>(p, m, t),
                        "{}: {} {:?} >= {t}",
                        gt.variant.name,
                        p.fen(),
                        m
                    );
                    checked += 1;
                }
            });
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Thresholds that `same_verdict` pairs (those of the quiet-move pruning at depths 1 and
    /// 2) get the same answers from `see_ge` for every legal move of random playouts.
    #[test]
    fn same_verdict_thresholds_answer_alike() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0usize;
        for gt in reg.games() {
            let see = SeeValues::new(&gt.variant);
            let pairs: Vec<(i32, i32)> = [(-40, -90), (-160, -180), (-10, -99), (50, 1)]
                .into_iter()
                .filter(|&(a, b)| see.same_verdict(a, b))
                .collect();
            assert!(!see.same_verdict(-90, -100) && !see.same_verdict(0, -1));
            on_capture_playouts!(gt, rng, |p, m| {
                for &(a, b) in &pairs {
                    assert_eq!(
                        see.see_ge(p, m, a),
                        see.see_ge(p, m, b),
                        "{}: {} {:?} at {a} and {b}",
                        gt.variant.name,
                        p.fen(),
                        m
                    );
                    checked += 1;
                }
            });
        }
        assert!(checked > 10_000, "{checked}");
    }

    fn check(variant: &str, fen: &str, mv: &str, threshold: i32, expected: bool) {
        let reg = Registry::builtin();
        let gt = reg.find(variant).unwrap();
        let see = SeeValues::new(&gt.variant);
        let g = gt.position(fen).unwrap();
        with_position!(&g, p => {
            let m = crate::protocol::notation::parse_uci(p, mv).unwrap();
            assert_eq!(see.see_ge(p, m, threshold), expected, "{fen} {mv} >= {threshold}");
        });
    }

    /// The Cannons and Crabs cannon takes by jumping (only its attacks on a king may not
    /// jump), so it retakes over a piece between. Rd2xd4 wins a knight (3) for the rook (5):
    /// the d6 cannon retakes over the d5 pawn, or straight with d5 empty.
    #[test]
    fn cannons_retake_by_jumping() {
        for fen in [
            "3c2k/3p3/3n3/7/3R3/K6 w - - 0 1",
            "3c2k/7/3n3/7/3R3/K6 w - - 0 1",
        ] {
            check("cannons-and-crabs", fen, "d2d4", 0, false);
            check("cannons-and-crabs", fen, "d2d4", -200, true);
        }
        // But not a king: Kxd3 is safe from the cannon behind the d4 pawn, and a cannon's
        // recapture on d3 loses to Kxd3 (the b5 cannon may not jump c4 to retake the king).
        check(
            "cannons-and-crabs",
            "6k/3c3/3p3/3n3/3K3/7 w - - 0 1",
            "d2d3",
            0,
            true,
        );
        check(
            "cannons-and-crabs",
            "6k/1c1c3/2Pp3/3n3/1NK4/7 w - - 0 1",
            "b2d3",
            300,
            true,
        );
        // Diagonally: the cannon on f5 jumps the e4 pawn to retake on d3.
        check(
            "cannons-and-crabs",
            "6k/5c1/4p2/3n3/7/K2R3 w - - 0 1",
            "d1d3",
            0,
            false,
        );
        check(
            "cannons-and-crabs",
            "6k/5c1/4p2/3n3/7/K2R3 w - - 0 1",
            "d1d3",
            -200,
            true,
        );
    }

    #[test]
    fn exchanges() {
        // Pawn takes a knight defended by a pawn: +300 - 100.
        check(
            "chess",
            "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1",
            "d4e5",
            200,
            true,
        );
        check(
            "chess",
            "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1",
            "d4e5",
            201,
            false,
        );
        // Rook takes a pawn defended by a pawn: -400.
        check(
            "chess",
            "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1",
            "e1e5",
            0,
            false,
        );
        check(
            "chess",
            "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1",
            "e1e5",
            -400,
            true,
        );
        // Undefended pawn: +100.
        check(
            "chess",
            "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1",
            "e1e5",
            100,
            true,
        );
        // X-ray: two rooks against rook defended once: R takes R (+500), recaptured, R retakes.
        check(
            "chess",
            "3kr3/8/8/4r3/8/8/4R3/3KR3 w - - 0 1",
            "e2e5",
            500,
            true,
        );
        // Queen takes a pawn defended by the king.
        check(
            "chess",
            "8/8/3k4/4p3/8/8/8/3KQ3 w - - 0 1",
            "e1e5",
            0,
            false,
        );
        // The king cannot retake a defended piece.
        check(
            "chess",
            "8/8/3k4/4p3/8/8/8/3KQR2 w - - 0 1",
            "e1e5",
            100,
            false,
        );
        check(
            "chess",
            "8/8/3k4/4p3/5B2/8/8/3KQ3 w - - 0 1",
            "e1e5",
            100,
            true,
        );
        // Quiet moves: 0, or less when the square is attacked.
        check(
            "chess",
            "4k3/8/8/3p4/8/8/8/2Q1K3 w - - 0 1",
            "c1c4",
            0,
            false,
        );
        check(
            "chess",
            "4k3/8/8/3p4/8/8/8/2Q1K3 w - - 0 1",
            "c1c3",
            0,
            true,
        );
    }
}
