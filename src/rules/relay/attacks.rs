//! Attacks with effective moves: from the relations of a position, and judged locally on the
//! board after a move.

use super::bits;
use super::board::Board;
use super::relations::Relations;
use super::tables::RelayTables;
use crate::movegen::tables::{AttackGroup, Tables};
use crate::position::Position;
use crate::types::{Bitboard, Color, Move, PieceKind, Square};
use crate::variant::relay_name::AntiKind;

impl<B: Bitboard> RelayTables<B> {
    /// Attackers of `color` on `sq` (as against a King) with the relations `rel` of board `b`.
    pub fn attackers<const ANY: bool>(
        &self,
        real: &Tables<B>,
        b: &Board<B>,
        rel: &Relations<B>,
        sq: Square,
        color: Color,
    ) -> B {
        let theirs = b.by_color[color.index()];
        let fixed = self.fixed_attackers::<ANY>(real, b, sq, color);
        if ANY && fixed.any() {
            return fixed;
        }
        fixed
            | scan::<B, ANY>(
                &self.slots,
                &self.slots.attack_groups[color.index()],
                sq,
                color,
                b.occ,
                theirs,
                |s| {
                    if self.zone(color, s.index()).has(sq) {
                        rel.use_slot[s.index()]
                    } else {
                        B::EMPTY
                    }
                },
            )
    }

    /// Attackers of `color` on `sq` by the moves no relay changes (the fixed attack groups).
    #[inline(always)]
    fn fixed_attackers<const ANY: bool>(
        &self,
        real: &Tables<B>,
        b: &Board<B>,
        sq: Square,
        color: Color,
    ) -> B {
        scan::<B, ANY>(
            real,
            &self.fixed_groups[color.index()],
            sq,
            color,
            b.occ,
            b.by_color[color.index()],
            |k| b.by_kind[k.index()],
        )
    }

    /// The pieces of `them` giving check to our king on `ksq` (as `attackers`), and when there
    /// are none the latent region: the squares whose change could give an enemy piece on an
    /// open line to the king the type it lacks now. Both read the same reverse reaches.
    pub fn king_threats(
        &self,
        real: &Tables<B>,
        b: &Board<B>,
        rel: &Relations<B>,
        ksq: Square,
        them: Color,
    ) -> (B, B) {
        let mut checkers = self.fixed_attackers::<false>(real, b, ksq, them);
        let mut region = B::EMPTY;
        let theirs = b.by_color[them.index()] & rel.part;
        if theirs.is_empty() {
            return (checkers, region);
        }
        for (gi, (g, info)) in self.slots.attack_groups[them.index()]
            .iter()
            .zip(&self.groups[them.index()])
            .enumerate()
        {
            let cands = self.lines(them, gi, ksq) & theirs;
            if cands.is_empty() {
                continue;
            }
            let reach = self.group_reach(g, ksq, them, b.occ) & cands;
            if reach.is_empty() {
                continue;
            }
            let mut users = B::EMPTY;
            for s in bits(info.slots) {
                if self.zone(them, s).has(ksq) {
                    users |= rel.use_slot[s];
                }
            }
            checkers |= reach & users;
            if checkers.any() {
                continue;
            }
            for p in (reach & self.potential(b, rel.part, info)).squares() {
                for s in bits(info.slots) {
                    region |= self.region[self.slot_type[s] as usize * self.n + p.index()];
                }
            }
        }
        (checkers, if checkers.any() { B::EMPTY } else { region })
    }

    /// The squares from which a departure of ours could open an attack of `them` on `ksq`:
    /// along each reverse ride, the first piece when it is ours and the next one is an enemy
    /// that could ever ride there (a second piece of ours, or none, keeps the line shut
    /// whatever moves); hoppers' lines and lame leaps' paths whole. A move leaving any other
    /// square can endanger the king only through the relations (`king_threats`' latent region).
    pub fn departures(&self, real: &Tables<B>, b: &Board<B>, ksq: Square, them: Color) -> B {
        let theirs = b.by_color[them.index()];
        let ours = b.by_color[(!them).index()];
        let occ = b.occ;
        let mut out = self.screens(them, ksq) | self.lame_paths(them, ksq);
        let mut scan = |t: &Tables<B>, rays: &[u16], users: B| {
            if users.is_empty() {
                return;
            }
            for &r in rays {
                if (t.ray(r, ksq) & users).is_empty() {
                    continue;
                }
                let first = t.ride(r, ksq, occ) & occ;
                if (first & ours).is_empty() {
                    continue;
                }
                let next = t.ride(r, ksq, occ & !first) & occ & !first;
                if (next & users).any() {
                    out |= first;
                }
            }
        };
        for g in &self.fixed_groups[them.index()] {
            if let AttackGroup::Rays {
                rays,
                hop: false,
                kinds,
            } = g
            {
                let users = kinds
                    .iter()
                    .fold(B::EMPTY, |acc, k| acc | b.by_kind[k.index()]);
                scan(real, rays, users & theirs);
            }
        }
        let part = b.kinds_bb(self.participating);
        for (gi, (g, info)) in self.slots.attack_groups[them.index()]
            .iter()
            .zip(&self.groups[them.index()])
            .enumerate()
        {
            if let AttackGroup::Rays {
                rays, hop: false, ..
            } = g
            {
                let cands = self.lines(them, gi, ksq) & theirs;
                if cands.any() {
                    scan(&self.slots, rays, self.potential(b, part, info) & cands);
                }
            }
        }
        out
    }

    /// Is the piece of colour `c` and kind `k` on `p` seen by type `t` by one of `who`?
    pub(super) fn seen_by(&self, b: &Board<B>, p: Square, t: usize, who: B) -> bool {
        for s in bits(self.type_slots[t]) {
            let users = b.kinds_bb(self.slot_kinds[s]) & who;
            if users.is_empty() {
                continue;
            }
            for c in Color::BOTH {
                let u = users & b.by_color[c.index()];
                if u.any() && (self.rev_reach(c, self.see_slot[s], p, b.occ) & u).any() {
                    return true;
                }
            }
        }
        false
    }

    /// Does the piece (colour `c`, kind `k`) on `p` move by type `t` on board `b`? Judged from
    /// the relations that involve it, without computing the others.
    pub(super) fn has_type(
        &self,
        b: &Board<B>,
        part: B,
        p: Square,
        c: Color,
        k: PieceKind,
        t: usize,
    ) -> bool {
        if self.kind_types[k.index()] & (1 << t) != 0 {
            match self.rule.anti {
                None => true,
                Some((side, AntiKind::Direct)) => {
                    !self.seen_by(b, p, t, Self::matching(side, c, b) & part)
                }
                Some((side, kind)) => {
                    let nat = b.kinds_bb(self.type_kinds[t]);
                    let cond = match kind {
                        AntiKind::Normal => nat,
                        AntiKind::Converse => !nat,
                        _ => !B::EMPTY,
                    };
                    let slot = self.kind_slot[k.index()][t];
                    (self.captures(c, slot, p, b.occ) & part & Self::matching(side, c, b) & cond)
                        .is_empty()
                }
            }
        } else {
            match self.rule.relay {
                Some(side) => self.seen_by(
                    b,
                    p,
                    t,
                    Self::matching(side, c, b) & part & b.kinds_bb(self.type_kinds[t]),
                ),
                None => false,
            }
        }
    }

    /// Is `sq` attacked by `color` on board `b` (relations judged locally)?
    pub fn attacked_on(&self, real: &Tables<B>, b: &Board<B>, sq: Square, color: Color) -> bool {
        let theirs = b.by_color[color.index()];
        let fixed = &self.fixed_groups[color.index()];
        if scan::<B, true>(real, fixed, sq, color, b.occ, theirs, |k| {
            b.by_kind[k.index()]
        })
        .any()
        {
            return true;
        }
        let part = b.kinds_bb(self.participating);
        let theirs = theirs & part;
        if theirs.is_empty() {
            return false;
        }
        for (gi, (g, info)) in self.slots.attack_groups[color.index()]
            .iter()
            .zip(&self.groups[color.index()])
            .enumerate()
        {
            let cands = self.lines(color, gi, sq) & theirs;
            if cands.is_empty() {
                continue;
            }
            let cands = cands & self.potential(b, part, info);
            if cands.is_empty() {
                continue;
            }
            let reach = self.group_reach(g, sq, color, b.occ) & cands;
            for p in reach.squares() {
                let k = b.kind_at(p, self.participating);
                for s in bits(info.slots) {
                    if !self.zone(color, s).has(sq) {
                        continue;
                    }
                    let t = self.slot_type[s] as usize;
                    let natural = self.slot_kinds[s] & (1 << k.0) != 0;
                    let gainable = self.slot_gainers[s] & (1 << k.0) != 0;
                    if (natural || gainable) && self.has_type(b, part, p, color, k, t) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Is the mover's king safe after `m` (pseudo-legal in `pos`, whose board is `b`)?
    pub fn safe_after(&self, pos: &Position<B>, b: &Board<B>, m: Move) -> bool {
        let mut after = *b;
        let Some(ksq) = after.apply(pos, m) else {
            return false;
        };
        !self.attacked_on(&pos.tables, &after, ksq, !pos.side_to_move())
    }
}

/// Attackers by attack group (`kind_bb` gives the pieces of a group's kind); with `ANY` it
/// returns at the first attacker found.
#[inline(always)]
pub(crate) fn scan<B: Bitboard, const ANY: bool>(
    t: &Tables<B>,
    groups: &[AttackGroup],
    sq: Square,
    color: Color,
    occ: B,
    theirs: B,
    kind_bb: impl Fn(PieceKind) -> B,
) -> B {
    let mut result = B::EMPTY;
    for g in groups {
        match g {
            AttackGroup::Leaps { table_of, kinds } => {
                let mut cands = B::EMPTY;
                for &k in kinds {
                    cands |= kind_bb(k);
                }
                result |= t.rev_capture_leaps(color, *table_of, sq) & cands & theirs;
            }
            AttackGroup::Rays { rays, hop, kinds } => {
                let mut cands = B::EMPTY;
                for &k in kinds {
                    cands |= kind_bb(k);
                }
                cands &= theirs;
                if cands.is_empty() {
                    continue;
                }
                for &r in rays {
                    result |= t.ray_attacks(r, *hop, sq, occ) & cands;
                }
            }
            AttackGroup::Lame { kind } => {
                let cands = kind_bb(*kind) & theirs;
                if cands.is_empty() {
                    continue;
                }
                for l in t.rev_lame_leaps(color, *kind, sq) {
                    if cands.has(l.target) && (l.block & occ).is_empty() {
                        result = result.with(l.target);
                    }
                }
            }
        }
        if ANY && result.any() {
            return result;
        }
    }
    result
}
