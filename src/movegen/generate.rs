//! Legal move generation. Pseudo-legal targets come from the tables; a move is tested for the
//! king's safety only when it could matter: when in check, for king moves, en passant and
//! castling, and for pieces standing on a line along which an enemy rider, hopper or lame
//! leaper could reach the king (or, with hoppers, moving onto such a line).

use crate::position::{castle_bit, Position};
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, PieceKind, Square};

/// How a kind's targets are worked out (`shaped_targets`), read once per kind.
const SYMMETRIC: u8 = 0;
const SIMPLE_PAWN: u8 = 1;
const LEAPER: u8 = 2;
const ASYMMETRIC: u8 = 3;
/// A loop compiled for every shape, which it reads at run time.
const ANY_SHAPE: u8 = 4;
const GROUPED: u8 = 5;
const CANNON: u8 = 6;

/// What `generate_ordinary` works out once for the moves of all its pieces.
struct PieceMoves<B> {
    occ: B,
    enemy: B,
    careful_from: B,
    careful_to: B,
    /// Every square when not in check (see `evasion_squares`).
    evasion: B,
    in_check: bool,
    cancellation: bool,
    /// In check, a cancellation game, or a move that might expose the king (`king_exposure`).
    rare: bool,
    ep: Option<Square>,
}

impl<B: Bitboard> Position<B> {
    /// Would our king be safe after `m`? `m` must be pseudo-legal here.
    pub fn leaves_king_safe(&self, m: Move) -> bool {
        if self.tables.moves_by_rule {
            return crate::rules::leaves_king_safe(self, m);
        }
        let us = self.side_to_move();
        let them = !us;
        let occ = self.occupied();
        let (from, to) = (m.from(), m.to());
        let mut ksq = self.king(us);
        let (occ_after, removed) = match m.kind() {
            MoveKind::EnPassant => {
                let victim = self.ep_victim_square(m);
                (
                    (occ.without(from).without(victim)).with(to),
                    B::from_square(victim),
                )
            }
            MoveKind::CastleHigh | MoveKind::CastleLow => {
                let side = (m.kind() == MoveKind::CastleLow) as usize;
                let Some((psq, kto, pto)) = self.castle_squares(us, side, from) else {
                    return false;
                };
                ksq = kto;
                (occ.without(from).without(psq).with(kto).with(pto), B::EMPTY)
            }
            MoveKind::Drop => (occ.with(to), B::EMPTY),
            _ => {
                if from == ksq {
                    ksq = to;
                }
                (occ.without(from).with(to), B::from_square(to))
            }
        };
        !self.is_attacked_without(ksq, them, occ_after, removed)
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self, list: &mut MoveList) {
        self.generate_legal::<false>(list)
    }

    /// The legal moves, every pseudo-legal move tested for the king's safety: the reference
    /// that the shortcuts of `legal_moves` are checked against.
    #[cfg(test)]
    pub(crate) fn legal_moves_testing_all(&self, list: &mut MoveList) {
        self.generate_legal::<true>(list)
    }

    fn generate_legal<const TEST_ALL: bool>(&self, list: &mut MoveList) {
        if self.placement_pending() {
            return crate::rules::cancellation::legality::generate_placements(self, list);
        }
        if self.tables.moves_by_rule {
            return crate::rules::legal_moves(self, list);
        }
        self.generate_ordinary::<TEST_ALL>(list)
    }

    /// The legal moves by the pieces' own moves and the game's castling and king's leap, with
    /// no rule module's changes (Knight Relay adds its relayed moves to these).
    #[inline(always)]
    pub(crate) fn generate_ordinary<const TEST_ALL: bool>(&self, list: &mut MoveList) {
        list.clear();
        let us = self.side_to_move();
        let them = !us;
        let t = &*self.tables;
        let v = &*self.variant;
        let occ = self.occupied();
        // The enemy king is never captured: where a piece could take it only by a move that
        // does not count as an attack on it (the cannon's jump), the capture does not exist.
        let enemy = self.pieces(them).without(self.king(them));
        let ksq = self.king(us);
        let checkers = if !TEST_ALL && self.known_unchecked() {
            debug_assert!(self.checkers().is_empty(), "stale known_unchecked");
            B::EMPTY
        } else {
            self.attackers(ksq, them, occ)
        };
        let (careful_from, careful_to) = if TEST_ALL || checkers.any() {
            (!B::EMPTY, B::EMPTY)
        } else {
            self.king_exposure(us)
        };
        // In check, a move that neither leaves nor reaches these squares leaves the check on.
        let evasion = if TEST_ALL || checkers.is_empty() {
            !B::EMPTY
        } else {
            self.evasion_squares(us, checkers)
        };
        let cx = PieceMoves {
            occ,
            enemy,
            careful_from,
            careful_to,
            evasion,
            in_check: checkers.any(),
            cancellation: v.cancellation.is_some(),
            rare: checkers.any() || v.cancellation.is_some() || (careful_from | careful_to).any(),
            ep: self.ep_square(),
        };
        for k in v.kinds() {
            let pieces = self.pieces_of(us, k);
            if pieces.is_empty() {
                continue;
            }
            if k == v.royal {
                for from in pieces.squares() {
                    let (quiet, caps, _) = self.targets(us, k, from, occ, enemy);
                    // No attack on `to` depends on what stands there, and a piece on `to`
                    // (one the king takes) attacks nothing there: the occupancy without the
                    // king is all the test needs. `TEST_ALL` keeps the position after the
                    // move, the piece taken removed, as the reference.
                    let occ_wo = occ.without(from);
                    for to in (quiet | caps).squares() {
                        let safe = if TEST_ALL {
                            let taken = B::from_square(to);
                            !self.is_attacked_without(to, them, occ_wo.with(to), taken)
                        } else {
                            !self.is_attacked(to, them, occ_wo)
                        };
                        if safe {
                            list.push(Move::new(from, to, MoveKind::Normal));
                        }
                    }
                }
                continue;
            }
            // The pawn-like kinds are the pawns, the royal kind aside.
            let pawn = t.role_kinds().0 >> k.index() & 1 != 0;
            let en_passant = cx.ep.is_some() && t.kind_moves(us, k).en_passant;
            let shape = self.shape(us, k);
            // Each kind's loop is compiled with only the cases it can meet.
            let kind = (k, pawn, en_passant, shape);
            match (pawn || en_passant, cx.rare) {
                (_, true) => self.moves_of_kind::<true, true, ANY_SHAPE>(&cx, kind, pieces, list),
                // The usual pawns and pieces: each with one way to its targets, and the pawns
                // tested for promotions only while one of them could make one.
                (true, false)
                    if shape == SIMPLE_PAWN
                        && !en_passant
                        && (pieces & !t.plain_captures(us, k)).is_empty() =>
                {
                    self.moves_of_kind::<false, false, SIMPLE_PAWN>(&cx, kind, pieces, list)
                }
                (true, false) if shape == SIMPLE_PAWN => {
                    self.moves_of_kind::<true, false, SIMPLE_PAWN>(&cx, kind, pieces, list)
                }
                (true, false) => {
                    self.moves_of_kind::<true, false, ANY_SHAPE>(&cx, kind, pieces, list)
                }
                (false, false) if shape == SYMMETRIC => {
                    self.moves_of_kind::<false, false, SYMMETRIC>(&cx, kind, pieces, list)
                }
                (false, false) => {
                    self.moves_of_kind::<false, false, ANY_SHAPE>(&cx, kind, pieces, list)
                }
            }
        }
        if checkers.is_empty() {
            self.generate_castling(list);
            crate::rules::kings_leap::generate(self, list);
        }
        crate::rules::no_repetition::filter(self, list);
    }

    /// The legal moves of our pieces on `pieces`, of a non-royal kind given as (kind, whether
    /// it is a pawn, whether it can take en passant now, its `shaped_targets` shape). Without
    /// `PAWN` it is no pawn and has no en-passant capture to make; without `RARE` no move
    /// needs a test of the king's safety (see `PieceMoves::rare`); `SHAPE` is its shape, or
    /// `ANY_SHAPE` to read it from `kind`.
    #[inline(always)]
    fn moves_of_kind<const PAWN: bool, const RARE: bool, const SHAPE: u8>(
        &self,
        cx: &PieceMoves<B>,
        kind: (PieceKind, bool, bool, u8),
        pieces: B,
        list: &mut MoveList,
    ) {
        for from in pieces.squares() {
            self.piece_moves::<PAWN, RARE, SHAPE>(cx, kind, from, list);
        }
    }

    /// The legal moves of our non-royal `k` on `from` (see `moves_of_kind`).
    #[inline(always)]
    fn piece_moves<const PAWN: bool, const RARE: bool, const SHAPE: u8>(
        &self,
        cx: &PieceMoves<B>,
        (k, pawn, en_passant, shape): (PieceKind, bool, bool, u8),
        from: Square,
        list: &mut MoveList,
    ) {
        let t = &*self.tables;
        let us = self.side_to_move();
        let shape = if SHAPE == ANY_SHAPE { shape } else { SHAPE };
        let (mut quiet, mut caps, mut doubles) =
            self.shaped_targets(shape, us, k, from, cx.occ, cx.enemy);
        if RARE && cx.cancellation {
            // Cancellation captures: never a promotion, and legal by their own rule.
            crate::rules::cancellation::legality::push_captures(
                self,
                from,
                caps,
                cx.in_check,
                list,
            );
            caps = B::EMPTY;
        }
        if RARE && !cx.evasion.has(from) {
            quiet &= cx.evasion;
            caps &= cx.evasion;
            doubles &= cx.evasion;
        }
        let check_all = RARE && cx.careful_from.has(from);
        let careful_to = cx.careful_to;
        // By value: the closure's captures then stay in registers.
        let emit = move |m: Move, list: &mut MoveList| {
            if !RARE || (!check_all && !careful_to.has(m.to())) || self.leaves_king_safe(m) {
                list.push(m);
            }
        };
        let targets = quiet | caps;
        if PAWN && pawn && (targets & t.promotion_zone[us.index()]).any() {
            for to in targets.squares() {
                if t.promotion_zone[us.index()].has(to) {
                    // A copy: `emit` itself need not be kept in memory for its address.
                    self.emit_promotions(us, from, to, MoveKind::Normal, &mut { emit }, list);
                } else {
                    emit(Move::new(from, to, MoveKind::Normal), list);
                }
            }
        } else if !RARE || (!check_all && (targets & careful_to).is_empty()) {
            // None of these moves can expose the king (the usual case).
            list.push_targets(from, targets);
        } else {
            for to in targets.squares() {
                emit(Move::new(from, to, MoveKind::Normal), list);
            }
        }
        for to in doubles.squares() {
            if PAWN && pawn && t.promotion_zone[us.index()].has(to) {
                self.emit_promotions(us, from, to, MoveKind::DoubleStep, &mut { emit }, list);
            } else {
                emit(Move::new(from, to, MoveKind::DoubleStep), list);
            }
        }
        if !PAWN || !en_passant {
            return;
        }
        if let Some(ep) = cx.ep {
            if t.capture_leaps(us, k, from).has(ep) {
                let m = Move::new(from, ep, MoveKind::EnPassant);
                if (cx.cancellation
                    && crate::rules::cancellation::legality::capture_is_legal(self, m))
                    || (!cx.cancellation && self.leaves_king_safe(m))
                {
                    list.push(m);
                }
            }
        }
    }

    /// Pseudo-legal targets of a piece: (quiet moves, captures, pawn initial steps).
    /// Pieces that move and capture alike are done here, in the caller's code; the others
    /// (pawns, hoppers, lame leapers) in a function of their own.
    #[inline(always)]
    pub fn targets(&self, us: Color, k: PieceKind, from: Square, occ: B, enemy: B) -> (B, B, B) {
        self.shaped_targets(self.shape(us, k), us, k, from, occ, enemy)
    }

    /// How `us`'s `k` reaches its targets (`shaped_targets`).
    #[inline(always)]
    fn shape(&self, us: Color, k: PieceKind) -> u8 {
        let t = &*self.tables;
        if t.is_symmetric(us, k) {
            SYMMETRIC
        } else if t.is_cannon(us, k) {
            CANNON
        } else if !t.is_leaper(us, k) {
            ASYMMETRIC
        } else if t.is_simple_double(us, k) {
            SIMPLE_PAWN
        } else if t.is_grouped(us, k) {
            GROUPED
        } else {
            LEAPER
        }
    }

    /// `targets` for a kind whose `shape` its caller has read once for all its pieces.
    #[inline(always)]
    fn shaped_targets(
        &self,
        shape: u8,
        us: Color,
        k: PieceKind,
        from: Square,
        occ: B,
        enemy: B,
    ) -> (B, B, B) {
        let t = &*self.tables;
        match shape {
            SYMMETRIC => {
                let reach = t.reach(us, k, from, occ);
                (reach & !occ, reach & enemy, B::EMPTY)
            }
            SIMPLE_PAWN => {
                let (quiet, doubles) = t.pawn_parts(us, k, from);
                let quiet = quiet & !occ;
                let caps = t.capture_leaps(us, k, from) & enemy;
                // The double step's one condition is its single step's square, which is all
                // of the quiet leaps here (`Tables::is_simple_double`).
                let doubles = if quiet.any() {
                    doubles & !occ
                } else {
                    B::EMPTY
                };
                (quiet, caps, doubles)
            }
            CANNON => {
                let (quiet, caps) = t.cannon_targets(us, k, from, occ);
                (quiet, caps & enemy, B::EMPTY)
            }
            GROUPED => {
                let reach = t.lame_reach(us, k, from, occ);
                (reach & !occ, reach & enemy, B::EMPTY)
            }
            LEAPER => {
                let quiet = t.quiet_leaps(us, k, from) & !occ;
                let caps = t.capture_leaps(us, k, from) & enemy;
                self.with_lame_leaps(us, k, from, occ, enemy, (quiet, caps))
            }
            _ => self.asymmetric_targets(us, k, from, occ, enemy),
        }
    }

    /// `targets` with the piece's lame leaps (initial moves among them) added to its
    /// (quiet moves, captures).
    #[inline(always)]
    fn with_lame_leaps(
        &self,
        us: Color,
        k: PieceKind,
        from: Square,
        occ: B,
        enemy: B,
        (mut quiet, mut caps): (B, B),
    ) -> (B, B, B) {
        let empty = !occ;
        let mut doubles = B::EMPTY;
        // Initial moves are listed only from the squares they may be made from (`Tables::new`).
        for l in self.tables.lame_leaps(us, k, from) {
            if (l.block & occ).any() {
                continue;
            }
            if l.quiet && empty.has(l.target) {
                if l.initial {
                    doubles = doubles.with(l.target);
                } else {
                    quiet = quiet.with(l.target);
                }
            }
            if l.capture && enemy.has(l.target) {
                caps = caps.with(l.target);
            }
        }
        (quiet, caps, doubles & !quiet)
    }

    #[inline(never)]
    fn asymmetric_targets(
        &self,
        us: Color,
        k: PieceKind,
        from: Square,
        occ: B,
        enemy: B,
    ) -> (B, B, B) {
        let t = &*self.tables;
        let empty = !occ;
        let km = t.kind_moves(us, k);
        let (mut quiet, mut caps) = if km.lines_only {
            (B::EMPTY, B::EMPTY)
        } else {
            (
                t.quiet_leaps(us, k, from) & empty,
                t.capture_leaps(us, k, from) & enemy,
            )
        };
        let mut ride_reach = B::EMPTY;
        if let Some((q, c)) = km.combined {
            ride_reach = t.slide(from, t.ride_lines(us, k, from), occ);
            if q {
                quiet |= ride_reach & empty;
            }
            if c {
                caps |= ride_reach & enemy;
            }
        }
        if let Some((q, c)) = km.hops {
            let lines = t.hop_lines(us, k, from);
            let near = if km.hops_on_ride_lines {
                ride_reach
            } else {
                t.slide(from, lines, occ)
            };
            let hops = t.hops_beyond(from, lines, occ, near);
            if q {
                quiet |= hops & empty;
            }
            if c {
                caps |= hops & enemy;
            }
        }
        if km.lines_only {
            return (quiet, caps, B::EMPTY);
        }
        for r in &km.other_rides {
            if r.hop {
                let (q, c) = t.hop(r.ray, from, occ);
                if r.quiet {
                    quiet |= q;
                }
                if r.capture {
                    caps |= c & enemy;
                }
            } else {
                let reach = t.ride(r.ray, from, occ);
                if r.quiet {
                    quiet |= reach & empty;
                }
                if r.capture {
                    caps |= reach & enemy;
                }
            }
        }
        if km.bent {
            for b in t.bent_rays(us, k, from) {
                if occ.has(b.mid) {
                    continue;
                }
                let reach = t.slide(b.mid, b.lines, occ);
                if b.quiet {
                    quiet |= reach & empty;
                }
                if b.capture {
                    caps |= reach & enemy;
                }
            }
        }
        self.with_lame_leaps(us, k, from, occ, enemy, (quiet, caps))
    }

    /// The promotions of a pawn move from `from` to `to` in the promotion zone (limited by the
    /// initial counts where the game says so), then the unpromoted move, of kind `plain`,
    /// unless promotion is compulsory on `to`. A double step into the zone promotes as any
    /// pawn move does (a variant file's `double-step-ranks` can reach it); promoted, it leaves
    /// no pawn behind to take en passant, so only the unpromoted one is a `DoubleStep`.
    /// Shared by the relay generator.
    pub(crate) fn emit_promotions(
        &self,
        us: Color,
        from: Square,
        to: Square,
        plain: MoveKind,
        emit: &mut impl FnMut(Move, &mut MoveList),
        list: &mut MoveList,
    ) {
        let v = &*self.variant;
        for &p in &v.promote_to {
            if !v.promotion_limited_by_initial
                || self.count(us, p) < v.initial_counts[us.index()][p.index()]
            {
                emit(Move::promotion(from, to, p), list);
            }
        }
        if !self.tables.compulsory_zone[us.index()].has(to) {
            emit(Move::new(from, to, plain), list);
        }
    }

    fn generate_castling(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        let rights = self.castling_rights();
        if rights & (castle_bit(us, 0) | castle_bit(us, 1)) == 0 || self.variant.king_leap {
            return;
        }
        let them = !us;
        let kfrom = self.king(us);
        let occ = self.occupied();
        for side in 0..2 {
            if rights & castle_bit(us, side) == 0 {
                continue;
            }
            let Some(path) = self.castle_path_of(us, side) else {
                continue;
            };
            debug_assert_eq!(path.king_from, kfrom, "a castling right outlived its king");
            if path.king_from != kfrom || (occ & path.must_be_empty).any() {
                continue;
            }
            // The squares the king crosses, judged in the position before the move.
            if path
                .crossed
                .squares()
                .any(|s| self.is_attacked(s, them, occ))
            {
                continue;
            }
            let kind = if side == 0 {
                MoveKind::CastleHigh
            } else {
                MoveKind::CastleLow
            };
            let m = Move::new(kfrom, path.king_to, kind);
            if self.leaves_king_safe(m) {
                list.push(m);
            }
        }
    }

    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.contains(m)
    }
}

#[cfg(test)]
mod tests {
    use crate::types::{Bitboard, Move, MoveList};
    use crate::variant::Registry;
    use crate::with_position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;

    /// The moves of the piece on d4, in coordinates, sorted.
    fn moves_from_d4(ini: &str, game: &str, fen: &str) -> Vec<String> {
        let mut reg = Registry::builtin();
        reg.load(ini).expect("the test's variants file");
        let game = reg
            .find(game)
            .expect("its game")
            .position(fen)
            .expect("FEN");
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        let mut moves: Vec<String> = list
            .iter()
            .map(|&m| game.move_to_uci(m))
            .filter(|m| m.starts_with("d4"))
            .collect();
        moves.sort();
        moves
    }

    /// On an orthogonal atom two direction letters add up (XBetza; Fairy-Stockfish agrees):
    /// `flR` rides forward or left, `frW` steps forward or right, `blD` leaps back or left.
    /// They used to be read as a quadrant, which holds no orthogonal move: no moves at all.
    #[test]
    fn two_direction_letters_on_an_orthogonal_atom_add_up() {
        let ini = "[orthq : chess]\nstart = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\ncastle-high = -\ncastle-low = -\n\
                   piece = x FLRook flR 5\npiece = y FRWazir frW 1\npiece = z BLDabbaba blD 1\n";
        let fen = |p: char| format!("4k3/8/8/8/3{p}4/8/8/4K3 w - - 0 1");
        assert_eq!(
            moves_from_d4(ini, "orthq", &fen('X')),
            ["d4a4", "d4b4", "d4c4", "d4d5", "d4d6", "d4d7", "d4d8"]
        );
        assert_eq!(moves_from_d4(ini, "orthq", &fen('Y')), ["d4d5", "d4e4"]);
        assert_eq!(moves_from_d4(ini, "orthq", &fen('Z')), ["d4b4", "d4d2"]);
    }

    /// A double step into the promotion zone promotes as any pawn move does (Fairy-Stockfish
    /// agrees): compulsorily on the last rank, optionally before it. It used to land on the
    /// last rank unpromoted. Only the unpromoted double step gives en passant (a promoted
    /// pawn is no pawn to take so); in relay games the same.
    #[test]
    fn a_double_step_into_the_promotion_zone_promotes() {
        let ini = "[dsz : chess]\ndouble-step-ranks = 2 5 6\npromotion-ranks = 7 8\n\
                   [dsz-relay : dsz]\nrelay = relay\n";
        let mut reg = Registry::builtin();
        reg.load(ini).expect("the test's variants file");
        for name in ["dsz", "dsz-relay"] {
            let gt = reg.find(name).expect("its game");
            let moves = |fen: &str, from: &str| {
                let game = gt.position(fen).expect("FEN");
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                let mut moves: Vec<String> = list
                    .iter()
                    .map(|&m| game.move_to_uci(m))
                    .filter(|m| m.starts_with(from))
                    .collect();
                moves.sort();
                moves
            };
            let to = |squares: &[&str]| -> Vec<String> {
                let mut v: Vec<String> = squares
                    .iter()
                    .flat_map(|sq| {
                        let plain = (!sq.ends_with('8')).then(|| format!("a6{sq}"));
                        "bnqr"
                            .chars()
                            .map(move |p| format!("a6{sq}{p}"))
                            .chain(plain)
                    })
                    .collect();
                v.sort();
                v
            };
            assert_eq!(
                moves("4k3/8/P7/8/8/8/8/4K3 w - - 0 1", "a6"),
                to(&["a7", "a8"]),
                "{name}"
            );
            // From the fifth rank: the seventh, optional; the unpromoted step gives en passant.
            let fen = "4k3/1p6/8/P7/8/8/8/4K3 w - - 0 1";
            let mut game = gt.position(fen).expect("FEN");
            let mut list = MoveList::new();
            game.legal_moves(&mut list);
            let find = |game: &crate::game::Game, list: &MoveList, uci: &str| {
                list.iter().copied().find(|&m| game.move_to_uci(m) == uci)
            };
            for (uci, en_passant) in [("a5a7", true), ("a5a7q", false), ("a5a7n", false)] {
                let m = find(&game, &list, uci).unwrap_or_else(|| panic!("{name}: {uci}"));
                game.play(m);
                let mut replies = MoveList::new();
                game.legal_moves(&mut replies);
                assert_eq!(
                    find(&game, &replies, "b7a6").is_some(),
                    en_passant,
                    "{name}: {uci}"
                );
                game.undo();
            }
        }
    }

    /// `nZ` is the Janggi elephant: blocked on its orthogonal first step and on the diagonal
    /// square after it (Fairy-Stockfish agrees); it used to jump the second one (d4b1 over
    /// c2). `nC` keeps only its first step (the rest of its way is no line).
    #[test]
    fn a_lame_zebra_is_blocked_on_both_squares_it_passes() {
        let ini = "[lamez : chess]\nstart = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\ncastle-high = -\ncastle-low = -\n\
                   piece = x JanggiElephant nZ 3\npiece = y LameCamel nC 3\n";
        assert_eq!(
            moves_from_d4(ini, "lamez", "4k3/8/8/8/3X4/8/2P5/K7 w - - 0 1"),
            ["d4a2", "d4a6", "d4b7", "d4f1", "d4f7", "d4g2", "d4g6"]
        );
        // Blocked at d3 (the first step): neither b1 nor f1, nor a2 / g2 through c3 / e3.
        assert_eq!(
            moves_from_d4(ini, "lamez", "4k3/8/8/8/3X4/3P4/8/K7 w - - 0 1"),
            ["d4a2", "d4a6", "d4b7", "d4f7", "d4g2", "d4g6"]
        );
        assert_eq!(
            moves_from_d4(ini, "lamez", "4k3/8/8/8/1P1Y4/8/8/K7 w - - 0 1"),
            ["d4a3", "d4a5", "d4c1", "d4c7", "d4e1", "d4e7", "d4g3", "d4g5"]
        );
    }

    /// Hops worked out together along their lines (`KindMoves::hops`) land where hopping ray
    /// by ray lands, on playouts of games with hoppers of every sort: the cannon (whose hops
    /// share its ride's lines), hops both quiet and capturing, limited hops, hops of two
    /// modes (one set combined, the other ray by ray) and oblique hops.
    #[test]
    fn combined_hops_match_hopping_ray_by_ray() {
        let ini =
            "[hoppers : chess]\nstart = xyzwkvyx/pppppppp/8/8/8/8/PPPPPPPP/XYZWKVYX w - - 0 1\n\
                   castle-high = -\ncastle-low = -\npromote-to = x y z w v\n\
                   piece = x Cannon mRcpR 5\npiece = y Hopper pQ 5\npiece = z ShortHop pR3 4\n\
                   piece = w TwoModes mpBcpR 5\npiece = v KnightHop mBpN 4\n";
        let mut reg = Registry::builtin();
        reg.load(ini).expect("the test's variants file");
        let mut rng = StdRng::seed_from_u64(5);
        let mut seen = 0;
        for name in ["hoppers", "canonical"] {
            let gt = reg.find(name).expect("its game");
            for _ in 0..10 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let tables = p.tables.clone();
                    let t = &*tables;
                    let mut list = MoveList::new();
                    for _ in 0..120 {
                        let occ = p.occupied();
                        for k in p.variant.kinds() {
                            for us in crate::types::Color::BOTH {
                                let km = t.kind_moves(us, k);
                                if km.hops.is_none() {
                                    continue;
                                }
                                let enemy = p.pieces(!us).without(p.king(!us));
                                for from in p.pieces_of(us, k).squares() {
                                    let mut quiet = t.quiet_leaps(us, k, from) & !occ;
                                    let mut caps = t.capture_leaps(us, k, from) & enemy;
                                    for r in &km.rides {
                                        let (q, c) = if r.hop {
                                            t.hop(r.ray, from, occ)
                                        } else {
                                            let reach = t.ride(r.ray, from, occ);
                                            (reach & !occ, reach & occ)
                                        };
                                        if r.quiet {
                                            quiet |= q;
                                        }
                                        if r.capture {
                                            caps |= c & enemy;
                                        }
                                    }
                                    let (q, c, _) = p.targets(us, k, from, occ, enemy);
                                    assert_eq!((q, c), (quiet, caps), "{name}: {}", p.fen());
                                    seen += 1;
                                }
                            }
                        }
                        p.legal_moves(&mut list);
                        if list.is_empty() {
                            break;
                        }
                        p.play(list.as_slice()[rng.gen_range(0..list.len())]);
                    }
                });
            }
        }
        assert!(seen > 10_000, "{seen}");
    }

    /// On random playouts of every built-in game, testing only the moves that `king_exposure`
    /// marks gives exactly the moves that pass the full king-safety test.
    #[test]
    fn shortcuts_match_testing_every_move() {
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(11);
        let (mut checked, mut in_check) = (0, 0);
        for gt in reg.games() {
            for _ in 0..8 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let mut fast = MoveList::new();
                    let mut all = MoveList::new();
                    for _ in 0..200 {
                        p.legal_moves(&mut fast);
                        p.legal_moves_testing_all(&mut all);
                        let a: Vec<u32> = fast.iter().map(|m| m.raw()).collect();
                        let b: Vec<u32> = all.iter().map(|m| m.raw()).collect();
                        assert_eq!(a, b, "{}: {}", gt.variant.name, p.fen());
                        checked += 1;
                        in_check += p.in_check() as usize;
                        if fast.is_empty() {
                            break;
                        }
                        // Prefer captures: they open lines.
                        let caps: BTreeSet<u32> = fast
                            .iter()
                            .filter(|m| p.piece_at(m.to()).is_some())
                            .map(|m| m.raw())
                            .collect();
                        // And checks, for the evasion shortcuts.
                        let checks: Vec<Move> = fast
                            .iter()
                            .copied()
                            .filter(|&m| {
                                p.play(m);
                                let check = p.in_check();
                                p.undo();
                                check
                            })
                            .collect();
                        let m: Move = if !checks.is_empty() && rng.gen_bool(0.3) {
                            checks[rng.gen_range(0..checks.len())]
                        } else if !caps.is_empty() && rng.gen_bool(0.5) {
                            let i = rng.gen_range(0..caps.len());
                            let raw = *caps.iter().nth(i).unwrap();
                            *fast.iter().find(|m| m.raw() == raw).unwrap()
                        } else {
                            fast.as_slice()[rng.gen_range(0..fast.len())]
                        };
                        p.play(m);
                    }
                });
            }
        }
        assert!(checked > 5_000 && in_check > 1_000, "{checked} {in_check}");
    }
}
