//! Knight Relay Chess (Mannis Charosh, 1972; `rules/relay.md` names it as a game of its own,
//! with the rules as published): a piece other than a King or a Knight that a friendly Knight
//! defends (stands a Knight's leap from it, whatever pins it) may also move as a Knight;
//! Knights neither capture nor are captured, so they give no check; a Pawn's relayed leap may
//! not end on its first or last rank; there is no en passant.
//!
//! The game's data does most of it: its Knight is `mN` (never captures, attacks nothing) and
//! its Pawn has no `e`. This module adds the relayed leaps to the ordinary legal moves, drops
//! captures of Knights, and judges king safety with relayed attacks counted, on a copy of the
//! bitboards after the move (`Board`): a move may start or end a relay anywhere on the board.
//! Relayed moves never promote.

use crate::position::Position;
use crate::rules::relay::{scan_attack_groups, Board};
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, PieceKind, Square};
use crate::variant::betza::AtomShape;
use crate::variant::{Variant, VariantSpec};

/// The relaying piece of `knight-relay = LETTER`, checked at load: it only leaps and never
/// captures (its leaps are what it relays), it is neither royal nor pawn-like, and no other
/// capture rule (relay, cancellation) would have to know about its immunity.
pub fn check(variant: &Variant, spec: &VariantSpec, letter: char) -> Result<PieceKind, String> {
    let kind = variant
        .kind_of(letter)
        .ok_or_else(|| format!("knight-relay: there is no piece '{letter}'"))?;
    let p = variant.piece(kind);
    if p.royal || p.pawn {
        return Err("knight-relay: the relaying piece may be neither royal nor pawn-like".into());
    }
    let plain_leaper = !p.atoms.is_empty()
        && p.atoms
            .iter()
            .all(|a| a.shape == AtomShape::Leap && !a.lame && !a.initial && !a.modes.capture);
    if !plain_leaper || p.confined.is_some() || p.zone_moves.is_some() {
        return Err(
            "knight-relay: the relaying piece must only leap and never capture (as `mN`)".into(),
        );
    }
    if spec.relay.is_some() || spec.cancellation {
        return Err("knight-relay: not with relay or cancellation rules".into());
    }
    Ok(kind)
}

/// The relaying kind of a Knight Relay game.
fn relayer<B: Bitboard>(pos: &Position<B>) -> PieceKind {
    pos.variant
        .knight_relay
        .expect("only Knight Relay games call this module")
}

/// The first and last ranks, where a relayed pawn-like piece may not land (the same two ranks
/// for both sides).
fn edge_ranks<B: Bitboard>(pos: &Position<B>) -> B {
    let size = pos.variant.size;
    (0..size.files).fold(B::EMPTY, |b, f| {
        b.with(size.square(f, 0))
            .with(size.square(f, size.ranks - 1))
    })
}

/// The pawn-like pieces on board `b`.
fn pawns<B: Bitboard>(pos: &Position<B>, b: &Board<B>) -> B {
    let (pawn_kinds, _) = pos.tables.role_kinds();
    pos.variant
        .kinds()
        .filter(|k| pawn_kinds >> k.index() & 1 != 0)
        .fold(B::EMPTY, |bb, k| bb | b.by_kind[k.index()])
}

/// `color`'s pieces that a friendly relaying piece defends on board `b` (Kings and the
/// relaying pieces themselves excepted): they may also move by its leaps.
fn relayed<B: Bitboard>(pos: &Position<B>, b: &Board<B>, color: Color) -> B {
    let t = &*pos.tables;
    let kn = relayer(pos);
    let ours = b.by_color[color.index()];
    let relayers = b.by_kind[kn.index()] & ours;
    let defended = relayers.or_over(B::EMPTY, |r| t.quiet_leaps(color, kn, r));
    defended & ours & !b.by_kind[kn.index()] & !b.by_kind[pos.variant.royal.index()]
}

/// `by`'s pieces attacking `sq` on board `b` by a relayed leap.
fn relay_attackers<B: Bitboard>(pos: &Position<B>, b: &Board<B>, sq: Square, by: Color) -> B {
    let t = &*pos.tables;
    let kn = relayer(pos);
    let mut candidates = relayed(pos, b, by);
    if edge_ranks::<B>(pos).has(sq) {
        candidates &= !pawns(pos, b);
    }
    // A relayed leap keeps a confined piece in its zone (as a relay game's borrowed moves
    // keep the Canonical Queen in her fortress).
    let mut confined = t.confined_kinds;
    while confined != 0 {
        let k = PieceKind(confined.trailing_zeros() as u8);
        confined &= confined - 1;
        if !t.confinement(by, k).has(sq) {
            candidates &= !b.by_kind[k.index()];
        }
    }
    let mut found = B::EMPTY;
    for s in candidates.squares() {
        if t.quiet_leaps(by, kn, s).has(sq) {
            found = found.with(s);
        }
    }
    found
}

/// Is `sq` attacked by `by` on board `b`: by the pieces' own captures (the relaying piece has
/// none) or by a relayed leap?
fn attacked<B: Bitboard>(pos: &Position<B>, b: &Board<B>, sq: Square, by: Color) -> bool {
    let t = &*pos.tables;
    let theirs = b.by_color[by.index()];
    let groups = &t.attack_groups[by.index()];
    scan_attack_groups::<B, true>(t, groups, sq, by, b.occ, theirs, |k| b.by_kind[k.index()]).any()
        || relay_attackers(pos, b, sq, by).any()
}

/// The pieces giving check to the side to move.
pub fn checkers<B: Bitboard>(pos: &Position<B>) -> B {
    let us = pos.side_to_move();
    let ksq = pos.king(us);
    pos.attackers(ksq, !us, pos.occupied()) | relay_attackers(pos, &Board::of(pos), ksq, !us)
}

/// Is `color`'s King attacked?
pub fn king_attacked<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    attacked(pos, &Board::of(pos), pos.king(color), !color)
}

/// Would the mover's King be safe after the pseudo-legal move `m`? For castling, the squares
/// the King stands on and crosses must also be safe now from relayed leaps (the ordinary
/// generator has looked at the pieces' own attacks there).
pub fn leaves_king_safe<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    let us = pos.side_to_move();
    let before = Board::of(pos);
    if matches!(m.kind(), MoveKind::CastleHigh | MoveKind::CastleLow) {
        let size = pos.variant.size;
        let (a, z) = (size.file(m.from()), size.file(m.to()));
        let rank = size.rank(m.from());
        let mut crossed = (a.min(z)..=a.max(z)).map(|f| size.square(f, rank));
        if crossed.any(|s| relay_attackers(pos, &before, s, !us).any()) {
            return false;
        }
    }
    let mut after = before;
    match after.apply(pos, m) {
        Some(ksq) => !attacked(pos, &after, ksq, !us),
        None => false,
    }
}

/// Pushes `us`'s relayed leaps on board `b` (pseudo-legal, not yet tested for the King's
/// safety): every one, or with `captures_only` the captures. Never onto a relaying piece or the
/// enemy King, never a leap the piece has itself, and a pawn's never onto the edge ranks.
fn push_relayed_leaps<B: Bitboard>(
    pos: &Position<B>,
    b: &Board<B>,
    captures_only: bool,
    out: &mut MoveList,
) {
    let t = &*pos.tables;
    let kn = relayer(pos);
    let us = pos.side_to_move();
    let them = !us;
    let enemy = b.by_color[them.index()] & !b.by_kind[kn.index()] & !B::from_square(pos.king(them));
    let targets = if captures_only { enemy } else { enemy | !b.occ };
    let edges = edge_ranks::<B>(pos);
    let pawns = pawns(pos, b);
    for from in relayed(pos, b, us).squares() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        // A piece that has the leap itself already lists it.
        let (quiet, captures, initial) = pos.targets(us, piece.kind(), from, b.occ, enemy);
        let mut to = t.quiet_leaps(us, kn, from)
            & targets
            & t.confinement(us, piece.kind())
            & !(quiet | captures | initial);
        if pawns.has(from) {
            to &= !edges;
        }
        for s in to.squares() {
            out.push(Move::new(from, s, MoveKind::Normal));
        }
    }
}

/// Every legal move: the ordinary ones that take no relaying piece, and the relayed leaps, each
/// with the King safe after it.
pub fn legal_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    let mut candidates = MoveList::new();
    pos.generate_ordinary::<true>(&mut candidates);
    let ordinary = candidates.len();
    let b = Board::of(pos);
    push_relayed_leaps(pos, &b, false, &mut candidates);
    // The ordinary moves are safe from the pieces' own attacks already. Relayed attacks on our
    // King can only change if it moves (or castles): our move cannot relay an enemy piece (it
    // cannot take a relaying piece) and at most ends a relay by taking the relayed piece. So
    // unless a relayed piece checks us now, only King moves and the relayed leaps (added
    // after `ordinary`) need the full test.
    let us = pos.side_to_move();
    let ksq = pos.king(us);
    let relayers = b.by_kind[relayer(pos).index()];
    let test_all = relay_attackers(pos, &b, ksq, !us).any();
    list.clear();
    for (i, &m) in candidates.iter().enumerate() {
        if relayers.has(m.to()) {
            continue;
        }
        if (!test_all && i < ordinary && m.from() != ksq) || leaves_king_safe(pos, m) {
            list.push(m);
        }
    }
}

/// The legal captures and promotions (for quiescence; the side to move is not in check, so
/// the ordinary ones need the full test only when the King takes), and the relayed captures.
pub fn tactical_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    let mut candidates = MoveList::new();
    crate::search::tactical::tactical_ordinary(pos, &mut candidates);
    let ordinary = candidates.len();
    let b = Board::of(pos);
    push_relayed_leaps(pos, &b, true, &mut candidates);
    let ksq = pos.king(pos.side_to_move());
    let relayers = b.by_kind[relayer(pos).index()];
    list.clear();
    for (i, &m) in candidates.iter().enumerate() {
        if relayers.has(m.to()) {
            continue;
        }
        if (i < ordinary && m.from() != ksq) || leaves_king_safe(pos, m) {
            list.push(m);
        }
    }
}
