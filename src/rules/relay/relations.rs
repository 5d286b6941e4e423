//! The seeing relations of a position and their effects, computed once per position.

use super::board::Board;
use super::tables::RelayTables;
use super::{bits, MAX_SLOTS, MAX_TYPES};
use crate::types::{Bitboard, Color, PieceKind, Square};
use crate::variant::relay_name::{AntiKind, Side};

/// The effects of one position: per type, the pieces that lost it and those that gained it;
/// per slot, the pieces that move by it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relations<B> {
    /// Participating pieces (not Kings, not pawn-like).
    pub part: B,
    pub nat: [B; MAX_TYPES],
    pub lost: [B; MAX_TYPES],
    pub gain: [B; MAX_TYPES],
    pub use_slot: [B; MAX_SLOTS],
    /// Pieces whose effective set differs from their natural one.
    pub modified: B,
}

impl<B: Bitboard> Relations<B> {
    fn empty() -> Relations<B> {
        Relations {
            part: B::EMPTY,
            nat: [B::EMPTY; MAX_TYPES],
            lost: [B::EMPTY; MAX_TYPES],
            gain: [B::EMPTY; MAX_TYPES],
            use_slot: [B::EMPTY; MAX_SLOTS],
            modified: B::EMPTY,
        }
    }
}

impl<B: Bitboard> RelayTables<B> {
    /// The seeing relations of a board and their effects.
    pub fn relations(&self, b: &Board<B>) -> Relations<B> {
        let mut r = Relations::empty();
        self.fill_relations(b, &mut r);
        r
    }

    /// `relations(b)`, written over `r` (the thread's memo keeps one in place: returned by
    /// value, the kilobyte was copied twice more).
    #[inline(always)]
    pub(super) fn fill_relations(&self, b: &Board<B>, r: &mut Relations<B>) {
        *r = Relations::empty();
        r.part = b.kinds_bb(self.participating);
        let nt = self.ntypes;
        for t in 0..nt {
            r.nat[t] = b.kinds_bb(self.type_kinds[t]);
        }
        let rule = self.rule;
        let direct = match rule.anti {
            Some((side, AntiKind::Direct)) => Some(side),
            _ => None,
        };
        let indirect = match rule.anti {
            Some((side, kind)) if kind != AntiKind::Direct => Some((side, kind)),
            _ => None,
        };
        let mut seen = [[B::EMPTY; MAX_TYPES]; 2];
        for c in Color::BOTH {
            let ours = b.by_color[c.index()];
            if (ours & r.part).is_empty() {
                continue;
            }
            let relay_targets = rule
                .relay
                .map_or(B::EMPTY, |s| Self::matching(s, c, b) & r.part);
            let direct_targets = direct.map_or(B::EMPTY, |s| Self::matching(s, c, b) & r.part);
            let indirect_targets =
                indirect.map_or(B::EMPTY, |(s, _)| Self::matching(s, c, b) & r.part);
            for &k in &self.part_kinds {
                let pieces = b.by_kind[k.index()] & ours;
                if pieces.is_empty() {
                    continue;
                }
                for t in bits(self.kind_types[k.index()]) {
                    let need_seen =
                        (relay_targets & !r.nat[t]).any() || (direct_targets & r.nat[t]).any();
                    let ind_mask = match indirect {
                        Some((_, AntiKind::Normal)) => indirect_targets & r.nat[t],
                        Some((_, AntiKind::Converse)) => indirect_targets & !r.nat[t],
                        Some(_) => indirect_targets,
                        None => B::EMPTY,
                    };
                    if !need_seen && ind_mask.is_empty() {
                        continue;
                    }
                    let slot = self.kind_slot[k.index()][t];
                    for sq in pieces.squares() {
                        let reach = self.captures(c, slot, sq, b.occ) & r.part;
                        seen[c.index()][t] |= reach;
                        if (reach & ind_mask).any() {
                            r.lost[t] = r.lost[t].with(sq);
                        }
                    }
                }
            }
        }
        let seen_by = |side: Side, cb: Color, t: usize| -> B {
            match side {
                Side::Friendly => seen[cb.index()][t],
                Side::Hostile => seen[(!cb).index()][t],
                Side::Bilateral => seen[0][t] | seen[1][t],
            }
        };
        for t in 0..nt {
            for cb in Color::BOTH {
                let theirs = b.by_color[cb.index()] & r.part;
                if let Some(side) = rule.relay {
                    r.gain[t] |= seen_by(side, cb, t) & theirs & !r.nat[t];
                }
                if let Some(side) = direct {
                    r.lost[t] |= seen_by(side, cb, t) & theirs & r.nat[t];
                }
            }
            r.modified |= r.lost[t] | r.gain[t];
        }
        for s in 0..self.nslots {
            let t = self.slot_type[s] as usize;
            r.use_slot[s] = (b.kinds_bb(self.slot_kinds[s]) & !r.lost[t])
                | (b.kinds_bb(self.slot_gainers[s]) & r.gain[t]);
        }
    }

    /// The effective types of the piece on `sq` (bit per type).
    pub fn effective_types(&self, rel: &Relations<B>, sq: Square) -> u32 {
        let mut m = 0;
        for t in 0..self.ntypes {
            if ((rel.nat[t] & !rel.lost[t]) | rel.gain[t]).has(sq) {
                m |= 1 << t;
            }
        }
        m
    }

    /// Quiet moves and captures of the piece of colour `c` on `from` by its effective types.
    pub fn effective_targets(
        &self,
        rel: &Relations<B>,
        c: Color,
        from: Square,
        occ: B,
        enemy: B,
    ) -> (B, B) {
        let t = &self.slots;
        let empty = !occ;
        let (mut quiet, mut caps) = (B::EMPTY, B::EMPTY);
        for s in 0..self.nslots {
            if !rel.use_slot[s].has(from) {
                continue;
            }
            let k = PieceKind(s as u8);
            let zone = self.zone(c, s);
            if !zone.has(from) {
                continue;
            }
            if t.is_symmetric(c, k) {
                // Leaps and combined rides only, moving and capturing alike: one slide.
                let reach = t.reach(c, k, from, occ) & zone;
                quiet |= reach & empty;
                caps |= reach & enemy;
                continue;
            }
            let (q0, c0) = (quiet, caps);
            quiet |= t.quiet_leaps(c, k, from) & empty;
            caps |= t.capture_leaps(c, k, from) & enemy;
            for r in &t.kind_moves(c, k).rides {
                if r.hop {
                    let (q, x) = t.hop(r.ray, from, occ);
                    if r.quiet {
                        quiet |= q;
                    }
                    if r.capture {
                        caps |= x & enemy;
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
            for l in t.lame_leaps(c, k, from) {
                if l.initial || (l.block & occ).any() {
                    continue;
                }
                if l.quiet && empty.has(l.target) {
                    quiet = quiet.with(l.target);
                }
                if l.capture && enemy.has(l.target) {
                    caps = caps.with(l.target);
                }
            }
            quiet = q0 | (quiet & zone);
            caps = c0 | (caps & zone);
        }
        (quiet, caps)
    }
}
