//! Relay and anti-relay (Mike Nelson; `rules/relay.md`).
//!
//! **Move types.** Each piece's Betza atoms are grouped by their set of step vectors: one group is
//! one move type (a Queen has the Rook move and the Bishop move, a Chancellor the Rook move and the
//! Knight move; the Canonical Bishop `mRcpR` and Knight `nNoN` are one type each, the Cannon `KAD`
//! four). Two pieces share a type when their groups are equal (the cannon's no-jump-check rule
//! travels with its two-step types). Kings and pawn-like pieces take no part.
//!
//! **Compiled once per game** (`RelayTables`, held by the game's `Tables`): a second `Tables` whose
//! "kinds" are *slots* — one per type (the type as gained, never confined) and one per confined
//! natural use of a type — so every type has its own leap tables, rays and reverse (attack) groups;
//! the natural slot of each (kind, type); per type the squares whose occupancy can change a seeing
//! relation by that type (`region`).
//!
//! **Once per position** (`Relations`): the seeing relations from natural moves only (per type,
//! the squares each colour's pieces see), then the effects as bitboards per type: the pieces that
//! lost the type, the pieces that gained it, and per slot the pieces that move by it now.
//! Generation uses a piece's own tables when its set is unchanged and the slots when it is not.
//!
//! **Legality.** Whether our king is attacked after a move depends on the relations of the
//! position after it. They are judged locally on a copy of the bitboards (`Board`, no history):
//! only the enemy pieces that stand on a line to the king are examined, each with a few queries
//! (is it seen by a piece that takes or gives the type; does it see a piece that takes it).
//! A move is examined only when it could matter: in check, king moves, en passant, castling, a
//! piece that alone shuts a ride onto the king from an enemy piece that could ever use it,
//! leaving or landing on a hopper's line or leaving a lame leap's path, or touching the region of an enemy piece that stands on an open line to the king
//! without the type now (a *latent* checker: the move could give the type back, or give it).

mod attacks;
mod board;
mod generate;
mod memo;
mod relations;
mod tables;
mod types;

pub(crate) use attacks::scan as scan_attack_groups;
pub use board::Board;
pub use generate::{
    checkers, king_attacked, leaves_king_safe, legal_moves, tactical_moves, RelayView,
};
pub use relations::Relations;
pub use tables::RelayTables;
pub use types::check_pieces;

use crate::variant::PieceType;

/// Distinct move types in one game.
pub const MAX_TYPES: usize = 16;
/// Slots: types as gained, confined natural uses, and plain twins of no-jump-check types.
pub const MAX_SLOTS: usize = 32;

type Mask = u32;

#[inline(always)]
fn bits(mut m: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Does a piece of this kind take part (neither a King nor a pawn-like piece)?
fn participates(p: &PieceType) -> bool {
    !p.royal && !p.pawn
}
