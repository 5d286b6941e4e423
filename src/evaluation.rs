//! The engine's side of the evaluation: the game description handed to `nnue-free-eval` once
//! per game type, and the `EvalBoard` view of a position it reads at every leaf.

use crate::position::Position;
use crate::rules::relay::{RelayTables, RelayView};
use crate::types::{Bitboard, Color, Piece, PieceKind, Square, MAX_KINDS};
use crate::variant::betza::AtomShape;
use crate::variant::{EvalOrientation, Variant};
use nnue_free_eval::{
    Additive, EvalBoard, EvalGameInfo, EvalParams, EvalPieceInfo, Orientation, PawnCache, RoleSets,
};

/// Centipawns per pawn of rule value.
pub const CP_PER_PAWN: i32 = 100;

fn eval_color(c: Color) -> nnue_free_eval::Color {
    match c {
        Color::White => nnue_free_eval::Color::White,
        Color::Black => nnue_free_eval::Color::Black,
    }
}

/// Builds the evaluation data of a game. `max_targets[k]` is the most squares kind `k` reaches
/// from any square of the empty board (from the move tables).
pub fn eval_params(variant: &Variant, max_targets: &[u8]) -> EvalParams {
    let pieces = variant
        .kinds()
        .map(|k| {
            let p = variant.piece(k);
            let count = variant.initial_counts[0][k.index()];
            let info = if p.royal {
                EvalPieceInfo::royal(count)
            } else if p.pawn {
                EvalPieceInfo::pawn_like((p.value * CP_PER_PAWN).clamp(0, 10_000), count)
            } else {
                let slider = p.atoms.iter().any(|a| !matches!(a.shape, AtomShape::Leap));
                EvalPieceInfo::piece(
                    (p.value * CP_PER_PAWN).clamp(0, 10_000),
                    slider,
                    max_targets[k.index()],
                    count,
                )
            };
            match variant.bonus_tables.iter().find(|(bk, _)| *bk == k) {
                Some((_, table)) => info.with_bonus_table(table.clone()),
                None => info,
            }
        })
        .collect();
    let orientation = match variant.eval_orientation {
        EvalOrientation::Standard => Orientation::Standard,
        EvalOrientation::Crosswise => Orientation::Crosswise,
        EvalOrientation::Diagonal => Orientation::Diagonal,
    };
    let info = EvalGameInfo::new(variant.size.files, variant.size.ranks, pieces)
        .with_orientation(orientation);
    EvalParams::new(&info).unwrap_or_else(|e| panic!("evaluation data of {}: {e}", variant.name))
}

/// What `piece` on `sq` adds to the evaluation's additive terms (see `Tables::attach_eval`).
pub fn piece_additive(params: &EvalParams, piece: Piece, sq: Square) -> Additive {
    params.additive(eval_color(piece.color()), piece.kind().0, sq.raw())
}

impl<B: Bitboard> EvalBoard for Position<B> {
    fn side_to_move(&self) -> nnue_free_eval::Color {
        eval_color(Position::side_to_move(self))
    }

    fn for_each_piece<F: FnMut(nnue_free_eval::Color, u8, u8)>(&self, mut f: F) {
        // Kind by kind from the piece sets: no board lookups.
        for color in Color::BOTH {
            for kind in self.variant.kinds() {
                for sq in self.pieces_of(color, kind).squares() {
                    f(eval_color(color), kind.0, sq.raw());
                }
            }
        }
    }

    #[inline(always)]
    fn for_each_kind<F: FnMut(nnue_free_eval::Color, u8, u128)>(&self, mut f: F) {
        for color in Color::BOTH {
            for kind in self.variant.kinds() {
                let set = self.pieces_of(color, kind);
                if set.any() {
                    f(eval_color(color), kind.0, set.to_u128());
                }
            }
        }
    }

    #[inline(always)]
    fn kind_at(&self, square: u8) -> u8 {
        // Kinds are below `MAX_KINDS`: the mask spares the evaluation's tables bounds checks.
        // An empty square breaks the caller's contract: a branch that never runs costs less
        // than selecting a stand-in kind at every piece.
        match self.piece_at(Square::new(square)) {
            Some(p) => (p.kind().index() & (MAX_KINDS - 1)) as u8,
            None => unreachable!("no piece on {square}"),
        }
    }

    #[inline(always)]
    fn additive(&self) -> Option<Additive> {
        self.eval_additive()
    }

    #[inline(always)]
    fn role_sets(&self) -> Option<RoleSets> {
        let (pawn_like, royal) = self.tables.role_kinds();
        // Each role's kinds gathered once, then split by colour; the ordinary pieces are the
        // rest.
        let (pawns, royals) = (self.by_kinds(pawn_like), self.by_kinds(royal));
        let sets = |all: B| Color::BOTH.map(|c: Color| (all & self.pieces(c)).to_u128());
        Some(RoleSets {
            pawns: sets(pawns),
            royals: sets(royals),
            pieces: sets(!(pawns | royals)),
            all: Color::BOTH.map(|c| self.pieces(c).to_u128()),
        })
    }

    #[inline(always)]
    fn for_each_piece_targets<F: FnMut(u8, u128)>(
        &self,
        color: nnue_free_eval::Color,
        pieces: u128,
        mut f: F,
    ) {
        let us = match color {
            nnue_free_eval::Color::White => Color::White,
            nnue_free_eval::Color::Black => Color::Black,
        };
        // What every piece of the side reads, read once: which kinds move and capture alike,
        // the occupancy.
        let t = &*self.tables;
        let symmetric = t.symmetric_kinds(us);
        let occ = self.occupied();
        for sq in Bitboard::squares(pieces) {
            // The caller's pieces stand on their squares: a branch that never runs costs
            // less than a stand-in kind (and it names no square, which would cost a store).
            let kind = match self.piece_at(sq) {
                Some(p) => p.kind(),
                None => unreachable!(),
            };
            let k = kind.index() & (MAX_KINDS - 1);
            let targets = if symmetric >> k & 1 != 0 {
                t.reach(us, kind, sq, occ).to_u128()
            } else {
                self.eval_reach_asymmetric(us, kind, sq)
            };
            f(k as u8, targets);
        }
    }

    fn targets(&self, square: u8) -> u128 {
        let sq = crate::types::Square::new(square);
        match self.piece_at(sq) {
            Some(p) => self.eval_targets(p.color(), p.kind(), sq),
            None => 0,
        }
    }

    #[inline(always)]
    fn piece_targets(&self, color: nnue_free_eval::Color, kind: u8, square: u8) -> u128 {
        let us = match color {
            nnue_free_eval::Color::White => Color::White,
            nnue_free_eval::Color::Black => Color::Black,
        };
        let kind = PieceKind(kind);
        let sq = crate::types::Square::new(square);
        debug_assert_eq!(
            self.piece_at(sq).map(|p| (p.color(), p.kind())),
            Some((us, kind))
        );
        self.eval_reach(us, kind, sq)
    }
}

impl<B: Bitboard> Position<B> {
    /// The squares a `us` `kind` on `sq` moves or captures to, as `EvalBoard::targets` reports.
    #[inline(always)]
    fn eval_targets(&self, us: Color, kind: PieceKind, sq: crate::types::Square) -> u128 {
        self.eval_reach(us, kind, sq) & !self.pieces(us).to_u128()
    }

    /// `eval_targets` with, for some kinds, the squares of `us`'s own pieces in its reach as
    /// well (`EvalBoard::piece_targets` may hold them; the evaluation removes them per side).
    #[inline(always)]
    fn eval_reach(&self, us: Color, kind: PieceKind, sq: crate::types::Square) -> u128 {
        let t = &*self.tables;
        if t.is_symmetric(us, kind) {
            // Moves to empty squares and captures of any piece: the targets and own squares.
            return t.reach(us, kind, sq, self.occupied()).to_u128();
        }
        self.eval_reach_asymmetric(us, kind, sq)
    }

    /// `eval_reach` for a kind whose moves and captures differ (few pieces), out of line: the
    /// evaluation's piece loop then keeps its registers for the common case.
    /// The two commonest such kinds, lame leapers (the Xiangqi Horse and Elephant) and pieces
    /// made only of combined rides and hops (the Cannon), are done here rather than by the
    /// move generator's `targets`: the evaluation needs their targets as one set, own squares
    /// allowed, which spares telling quiet moves from captures (and, for the cannon, the
    /// generator's tests for moves it does not have).
    #[inline(never)]
    fn eval_reach_asymmetric(&self, us: Color, kind: PieceKind, sq: crate::types::Square) -> u128 {
        let t = &*self.tables;
        let occ = self.occupied();
        let empty = !occ;
        // What a move that is quiet (`q`) or a capture (`c`) reaches of the squares `set`;
        // a capture may keep own squares (not `self.pieces(!us)`): the evaluation removes them.
        let modes = |(q, c): (bool, bool), set: B| match (q, c) {
            (true, true) => set,
            (true, false) => set & empty,
            (false, true) => set & occ,
            (false, false) => B::EMPTY,
        };
        if t.is_grouped(us, kind) {
            return t.lame_reach(us, kind, sq, occ).to_u128();
        }
        if t.is_cannon(us, kind) {
            let (quiet, caps) = t.cannon_targets(us, kind, sq, occ);
            return (quiet | caps).to_u128();
        }
        if t.is_leaper(us, kind) {
            let mut reach =
                t.quiet_leaps(us, kind, sq) & empty | t.capture_leaps(us, kind, sq) & occ;
            // An initial leap adds its target as a quiet one does (`with_lame_leaps`).
            for l in t.lame_leaps(us, kind, sq) {
                if (l.block & occ).is_empty()
                    && modes((l.quiet, l.capture), B::from_square(l.target)).any()
                {
                    reach = reach.with(l.target);
                }
            }
            return reach.to_u128();
        }
        let km = t.kind_moves(us, kind);
        if km.lines_only {
            let mut reach = B::EMPTY;
            let mut ride = B::EMPTY;
            if let Some(m) = km.combined {
                ride = t.slide(sq, t.ride_lines(us, kind, sq), occ);
                reach |= modes(m, ride);
            }
            if let Some(m) = km.hops {
                let lines = t.hop_lines(us, kind, sq);
                let near = if km.hops_on_ride_lines {
                    ride
                } else {
                    t.slide(sq, lines, occ)
                };
                reach |= modes(m, t.hops_beyond(sq, lines, occ, near));
            }
            return reach.to_u128();
        }
        let (quiet, caps, doubles) = self.targets(us, kind, sq, occ, self.pieces(!us));
        (quiet | caps | doubles).to_u128()
    }
}

/// Relay games (`rules/relay.md`): mobility and king attacks by the pieces' effective moves,
/// from the board's relations computed once per evaluation.
impl<B: Bitboard> EvalBoard for RelayView<'_, B> {
    fn side_to_move(&self) -> nnue_free_eval::Color {
        EvalBoard::side_to_move(self.pos)
    }

    fn for_each_piece<F: FnMut(nnue_free_eval::Color, u8, u8)>(&self, f: F) {
        self.pos.for_each_piece(f)
    }

    fn for_each_kind<F: FnMut(nnue_free_eval::Color, u8, u128)>(&self, f: F) {
        self.pos.for_each_kind(f)
    }

    fn kind_at(&self, square: u8) -> u8 {
        self.pos.kind_at(square)
    }

    fn additive(&self) -> Option<Additive> {
        self.pos.eval_additive()
    }

    fn role_sets(&self) -> Option<RoleSets> {
        self.pos.role_sets()
    }

    fn targets(&self, square: u8) -> u128 {
        let sq = crate::types::Square::new(square);
        if self.relations.modified.has(sq) {
            let (quiet, caps) = RelayView::targets(self, sq);
            (quiet | caps).to_u128()
        } else {
            EvalBoard::targets(self.pos, square)
        }
    }

    fn piece_targets(&self, color: nnue_free_eval::Color, kind: u8, square: u8) -> u128 {
        if self
            .relations
            .modified
            .has(crate::types::Square::new(square))
        {
            EvalBoard::targets(self, square)
        } else {
            self.pos.piece_targets(color, kind, square)
        }
    }

    fn pawn_attacks(&self, color: nnue_free_eval::Color) -> u128 {
        self.pos.pawn_attacks(color)
    }
}

impl<B: Bitboard> Position<B> {
    /// Static evaluation in centipawns from the side to move's point of view.
    pub fn evaluate(&self, params: &EvalParams) -> i32 {
        match self.tables.relay.as_deref() {
            Some(rt) => RelayView::with(self, rt, |view| nnue_free_eval::evaluate(params, view)),
            None => nnue_free_eval::evaluate(params, self),
        }
    }

    /// As `evaluate`, with the pawn-structure term taken from the thread's `cache` where it can.
    pub fn evaluate_cached(&self, params: &EvalParams, cache: &mut PawnCache) -> i32 {
        match self.tables.relay.as_deref() {
            Some(rt) => relay_evaluate_cached(params, self, rt, cache),
            None => nnue_free_eval::evaluate_cached(params, self, cache),
        }
    }

    /// The evaluation's terms (UCI `eval`).
    pub fn eval_breakdown(&self, params: &EvalParams) -> String {
        match RelayView::new(self) {
            Some(view) => format!("{}", nnue_free_eval::breakdown(params, &view)),
            None => format!("{}", nnue_free_eval::breakdown(params, self)),
        }
    }
}

/// `evaluate_cached` in a relay game, out of line: the evaluation of the ordinary games is then
/// compiled on its own, with the registers to itself.
#[inline(never)]
fn relay_evaluate_cached<B: Bitboard>(
    params: &EvalParams,
    pos: &Position<B>,
    tables: &RelayTables<B>,
    cache: &mut PawnCache,
) -> i32 {
    RelayView::with(pos, tables, |view| {
        nnue_free_eval::evaluate_cached(params, view, cache)
    })
}

#[cfg(test)]
mod tests {
    use super::RelayView;
    use crate::position::Position;
    use crate::types::{Bitboard, Color, MoveList};
    use crate::variant::Registry;
    use crate::with_position;
    use nnue_free_eval::EvalBoard;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Plays a random legal move; false when there is none.
    fn random_step<B: Bitboard>(
        p: &mut Position<B>,
        list: &mut MoveList,
        rng: &mut StdRng,
    ) -> bool {
        p.legal_moves(list);
        if list.is_empty() {
            return false;
        }
        p.play(list.as_slice()[rng.gen_range(0..list.len())]);
        true
    }

    /// The position seen without its role sets: the evaluation finds the pawn-like and royal
    /// pieces by reading every piece set, as for a board that keeps no such sets.
    struct WithoutRoleSets<'a, B: Bitboard>(&'a Position<B>);

    impl<B: Bitboard> EvalBoard for WithoutRoleSets<'_, B> {
        fn side_to_move(&self) -> nnue_free_eval::Color {
            EvalBoard::side_to_move(self.0)
        }
        fn for_each_piece<F: FnMut(nnue_free_eval::Color, u8, u8)>(&self, f: F) {
            self.0.for_each_piece(f)
        }
        fn for_each_kind<F: FnMut(nnue_free_eval::Color, u8, u128)>(&self, f: F) {
            self.0.for_each_kind(f)
        }
        fn additive(&self) -> Option<nnue_free_eval::Additive> {
            self.0.additive()
        }
        fn targets(&self, square: u8) -> u128 {
            EvalBoard::targets(self.0, square)
        }
        fn pawn_attacks(&self, color: nnue_free_eval::Color) -> u128 {
            self.0.pawn_attacks(color)
        }
    }

    /// The role sets the position hands over give the very evaluation that reading every
    /// piece set gives, along random playouts of every game.
    #[test]
    fn role_sets_give_the_same_evaluation() {
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(5);
        let mut checked = 0;
        for gt in reg.games() {
            let mut game = gt.start();
            with_position!(&mut game, p => {
                assert!(p.role_sets().is_some() && p.additive().is_some());
                let mut list = MoveList::new();
                for _ in 0..120 {
                    assert_eq!(
                        nnue_free_eval::evaluate(gt.eval(), p),
                        nnue_free_eval::evaluate(gt.eval(), &WithoutRoleSets(p)),
                        "{}: {}", gt.variant.name, p.fen()
                    );
                    checked += 1;
                    if !random_step(p, &mut list, &mut rng) {
                        break;
                    }
                }
            });
        }
        assert!(checked > 1_000, "{checked}");
    }

    /// `piece_targets` (with its shortcut for pieces whose moves and captures coincide) gives
    /// the same squares as `targets` once the own pieces' squares are taken out, for every
    /// piece along random playouts of every game.
    #[test]
    fn piece_targets_match_targets() {
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(3);
        let mut checked = 0;
        for gt in reg.games() {
            let mut game = gt.start();
            with_position!(&mut game, p => {
                let mut list = MoveList::new();
                for _ in 0..120 {
                    for color in Color::BOTH {
                        for sq in p.pieces(color).squares() {
                            let piece = p.piece_at(sq).unwrap();
                            let c = match color {
                                Color::White => nnue_free_eval::Color::White,
                                Color::Black => nnue_free_eval::Color::Black,
                            };
                            assert_eq!(
                                p.piece_targets(c, piece.kind().0, sq.raw())
                                    & !p.pieces(color).to_u128(),
                                EvalBoard::targets(p, sq.raw()),
                                "{}: {} {:?}", gt.variant.name, p.fen(), sq
                            );
                            checked += 1;
                        }
                    }
                    if !random_step(p, &mut list, &mut rng) {
                        break;
                    }
                }
            });
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The pawn-structure cache changes nothing: along random playouts of every game, with one
    /// cache carried from game to game (so it must notice the change of parameters), the cached
    /// evaluation equals the plain one.
    #[test]
    fn cached_evaluation_matches_the_plain_one() {
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(5);
        let mut cache = nnue_free_eval::PawnCache::new();
        let mut checked = 0;
        for _ in 0..4 {
            for gt in reg.games() {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let mut list = MoveList::new();
                    for _ in 0..100 {
                        assert_eq!(
                            p.evaluate_cached(gt.eval(), &mut cache),
                            p.evaluate(gt.eval()),
                            "{}: {}", gt.variant.name, p.fen()
                        );
                        checked += 1;
                        if !random_step(p, &mut list, &mut rng) {
                            break;
                        }
                    }
                });
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// The additive sum each position keeps move by move equals the sum from scratch, through
    /// moves, take-backs, null moves, promotions, drops and cancellation placements; and the
    /// evaluation that reads it equals the breakdown, which adds up every piece itself.
    #[test]
    fn kept_additive_sum_matches_the_pieces() {
        let reg = Registry::builtin();
        let extra = [
            "cancellation-chess",
            "cancellation-grand",
            "cancellation-cannons-and-crabs",
            "relay-chess",
            "anti-relay-grand",
            "cancellation-anti-relay-chess",
        ];
        let games = reg.games_and(&extra);
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0;
        for gt in &games {
            for _ in 0..4 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let mut list = MoveList::new();
                    for ply in 0..160 {
                        let kept = p.eval_additive().expect("a compiled game has the data");
                        assert_eq!(kept, p.compute_additive(), "{}: {}", gt.variant.name, p.fen());
                        let breakdown = match RelayView::new(p) {
                            Some(view) => nnue_free_eval::breakdown(gt.eval(), &view),
                            None => nnue_free_eval::breakdown(gt.eval(), p),
                        };
                        assert_eq!(
                            p.evaluate(gt.eval()),
                            breakdown.side_to_move_pov(),
                            "{}: {}", gt.variant.name, p.fen()
                        );
                        checked += 1;
                        if ply % 11 == 5 && !p.in_check() && !p.placement_pending() {
                            p.play_null();
                            assert_eq!(p.eval_additive(), Some(kept));
                            p.undo_null();
                        }
                        if ply % 7 == 3 && p.plies_played() > 0 {
                            p.undo();
                        } else if !random_step(p, &mut list, &mut rng) {
                            break;
                        }
                    }
                });
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Relay games evaluate mobility by effective moves: in relay chess the Rook on a1 sees the
    /// Knight on a3 and relays it the Rook move, so the Knight reaches h3, and the evaluation
    /// differs from the one by natural moves alone.
    #[test]
    fn relay_mobility_uses_effective_moves() {
        let reg = Registry::builtin();
        let gt = reg.find("relay-chess").unwrap();
        let game = gt.position("4k3/8/8/8/8/N7/8/R3K3 w - - 0 1").unwrap();
        with_position!(&game, p => {
            let view = crate::rules::relay::RelayView::new(p).expect("a relay game");
            let a3 = crate::types::Square::new(16);
            let h3 = 1u128 << 23;
            assert_eq!(EvalBoard::targets(p, a3.raw()) & h3, 0, "a Knight's own moves");
            assert_ne!(EvalBoard::targets(&view, a3.raw()) & h3, 0, "the relayed Rook move");
            let natural = nnue_free_eval::evaluate(gt.eval(), p);
            assert_ne!(p.evaluate(gt.eval()), natural);
        });
    }
}
