//! Building a game's tables from its variant data, once, when the game is first played: the
//! pieces' atoms read into leap tables, rays and per-square lists, then what is derived from
//! them (attack groups, exposure masks, combined lines, attack spans).

use super::{
    AttackGroup, AttackScan, BentRay, KindMoves, LameGroup, LameLeap, RideAtom, Tables, Zobrist,
    GROUP_SLOTS,
};
use crate::types::{Bitboard, BoardSize, Color, PieceKind, Square, MAX_KINDS};
use crate::variant::betza::{Atom, AtomShape};
use crate::variant::{PieceType, Variant};
use nnue_free_eval::{Additive, EvalParams};

/// (reverse rays, hop, kinds) while the attack groups are being collected.
type RayGroup = (Vec<u16>, bool, Vec<PieceKind>);

/// Per-(colour, kind, square) lists gathered while the atoms are read, flattened after.
struct Lists<B> {
    lame: Vec<Vec<LameLeap<B>>>,
    rev_lame: Vec<Vec<LameLeap<B>>>,
    bent: Vec<Vec<BentRay<B>>>,
    /// Per colour: reverse capture rays (rays, hop) with their kinds, the future ray groups.
    ray_groups: [Vec<RayGroup>; 2],
}

/// One atom of one `color` `kind` being read (`Tables::add_piece`).
struct AtomReading<'a, B> {
    piece: &'a PieceType,
    pk: usize,
    atom: &'a Atom,
    /// Where the atom applies (everywhere, or a zone move's zone).
    applies: B,
    /// The piece's allowed area.
    confine: B,
    /// The atom's vectors, turned for the colour.
    vectors: &'a [(i8, i8)],
}

/// Per-slot lists as one array and a (start, end) index per slot.
fn flatten<T>(lists: Vec<Vec<T>>) -> (Vec<T>, Vec<(u32, u32)>) {
    let mut out = Vec::new();
    let mut index = Vec::with_capacity(lists.len());
    for list in lists {
        let a = out.len() as u32;
        out.extend(list);
        index.push((a, out.len() as u32));
    }
    (out, index)
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<B: Bitboard> Tables<B> {
    fn ray_id(&mut self, dx: i8, dy: i8, max: u8) -> u16 {
        if let Some(i) = self.ray_vectors.iter().position(|&v| v == (dx, dy, max)) {
            return i as u16;
        }
        let full = if max == 0 {
            None
        } else {
            Some(self.ray_id(dx, dy, 0))
        };
        let id = self.ray_vectors.len() as u16;
        self.ray_vectors.push((dx, dy, max));
        self.ray_full.push(full.unwrap_or(id));
        let delta = dy as i32 * self.size.files as i32 + dx as i32;
        self.ray_positive.push(delta > 0);
        for sq in self.size.all_squares() {
            let mut bb = B::EMPTY;
            let mut cur = sq;
            let mut steps = 0;
            while let Some(next) = self.size.offset(cur, dx as i32, dy as i32) {
                bb = bb.with(next);
                cur = next;
                steps += 1;
                if max != 0 && steps >= max {
                    break;
                }
            }
            self.rays.push(bb);
        }
        id
    }

    pub fn new(variant: &Variant) -> Tables<B> {
        let mut t = Tables::empty(variant);
        t.build_zones(variant);
        let slots = 2 * t.kinds * t.n;
        let mut lists = Lists {
            lame: vec![Vec::new(); slots],
            rev_lame: vec![Vec::new(); slots],
            bent: vec![Vec::new(); slots],
            ray_groups: [Vec::new(), Vec::new()],
        };
        for color in Color::BOTH {
            for k in variant.kinds() {
                t.add_piece(variant, color, k, &mut lists);
            }
        }
        (t.lame, t.lame_index) = flatten(lists.lame);
        (t.rev_lame, t.rev_lame_index) = flatten(lists.rev_lame);
        (t.bent, t.bent_index) = flatten(lists.bent);
        for color in Color::BOTH {
            let rays = std::mem::take(&mut lists.ray_groups[color.index()]);
            t.build_attack_groups(variant, color, rays);
        }
        t.build_exposure();
        t.build_line_tables();
        t.build_attack_span();
        t.find_plain_captures(variant);
        if let Some(rule) = variant.relay {
            t.relay = Some(Box::new(crate::rules::relay::RelayTables::new(
                variant, rule, &t,
            )));
        }
        t
    }

    /// The tables with the keys drawn and every per-square table empty.
    fn empty(variant: &Variant) -> Tables<B> {
        let size = variant.size;
        let n = size.squares();
        assert!(n <= B::CAPACITY, "board does not fit the bitboard width");
        let kinds = variant.pieces.len();
        let mut seed = 0x5EED_C41B_E7A0_0001u64 ^ (n as u64) << 32 ^ kinds as u64;
        let zobrist = Zobrist {
            piece_square: (0..kinds * 2 * 128).map(|_| splitmix(&mut seed)).collect(),
            side: splitmix(&mut seed),
            castling: std::array::from_fn(|_| splitmix(&mut seed)),
            en_passant: std::array::from_fn(|_| splitmix(&mut seed)),
            partner_file: std::array::from_fn(|_| splitmix(&mut seed)),
        };
        Tables {
            size,
            n,
            kinds,
            rays: Vec::new(),
            ray_positive: Vec::new(),
            ray_full: Vec::new(),
            ray_vectors: Vec::new(),
            quiet_leaps: vec![B::EMPTY; 2 * kinds * n],
            capture_leaps: vec![B::EMPTY; 2 * kinds * n],
            rev_capture_leaps: vec![B::EMPTY; 2 * kinds * n],
            lame: Vec::new(),
            lame_index: Vec::new(),
            lame_groups: Vec::new(),
            rev_lame: Vec::new(),
            rev_lame_index: Vec::new(),
            bent: Vec::new(),
            bent_index: Vec::new(),
            kind_moves: vec![KindMoves::default(); 2 * kinds],
            attack_groups: [Vec::new(), Vec::new()],
            kind_groups: vec![Vec::new(); 2 * kinds],
            attack_span: vec![B::EMPTY; 2 * kinds * n],
            king_lines: empty_king_lines(),
            has_hoppers: false,
            promotion_zone: [B::EMPTY; 2],
            compulsory_zone: [B::EMPTY; 2],
            double_step_zone: [B::EMPTY; 2],
            plain_captures: vec![B::EMPTY; 2 * kinds],
            confinement: vec![!B::EMPTY; 2 * kinds],
            confined_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).confined.is_some())
                .fold(0, |m, k| m | 1 << k.index()),
            symmetric_kinds: [0; 2],
            leaper_kinds: [0; 2],
            simple_double_kinds: [0; 2],
            grouped_kinds: [0; 2],
            cannon_kinds: [0; 2],
            no_jump_check_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).no_jump_check)
                .fold(0, |m, k| m | 1 << k.index()),
            pawn_like_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).pawn && !variant.piece(k).royal)
                .fold(0, |m, k| m | 1 << k.index()),
            royal_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).royal)
                .fold(0, |m, k| m | 1 << k.index()),
            colour_bound: crate::position::ColourBoundRule::of(variant),
            harmless_kinds: crate::position::harmless_kinds(variant),
            zobrist,
            shadow: empty_shadows(),
            reach_parts: empty_rows(),
            leap_parts: empty_rows(),
            hop_lines: Vec::new(),
            group_lines: [Vec::new(), Vec::new()],
            group_combined: [Vec::new(), Vec::new()],
            group_hops_combined: [Vec::new(), Vec::new()],
            attack_scan: [AttackScan::default(), AttackScan::default()],
            group_slots: [0; 2 * crate::types::MAX_KINDS],
            scan_rows: Vec::new(),
            relay: None,
            moves_by_rule: variant.relay.is_some() || variant.knight_relay.is_some(),
            eval_additive: vec![Additive::ZERO; kinds * 2 * 128],
            eval_attached: false,
        }
    }

    /// The promotion, compulsory-promotion and double-step squares of each colour.
    fn build_zones(&mut self, variant: &Variant) {
        let size = self.size;
        for color in Color::BOTH {
            let c = color.index();
            for sq in size.all_squares() {
                let rel = variant.relative_rank(color, size.rank(sq));
                if variant.promotion_ranks.contains(&rel) && !variant.promote_to.is_empty() {
                    self.promotion_zone[c] = self.promotion_zone[c].with(sq);
                    if rel == size.ranks - 1 {
                        self.compulsory_zone[c] = self.compulsory_zone[c].with(sq);
                    }
                }
                if variant.double_step_ranks.contains(&rel) {
                    self.double_step_zone[c] = self.double_step_zone[c].with(sq);
                }
            }
        }
    }

    /// Reads one `color` `kind`'s atoms into the leap tables, the lists and its rides, and
    /// files its reverse capture rays under their attack group.
    fn add_piece(&mut self, variant: &Variant, color: Color, k: PieceKind, lists: &mut Lists<B>) {
        let (flip_x, flip_y): (i8, i8) = match (color, variant.rotate_black) {
            (Color::White, _) => (1, 1),
            (Color::Black, false) => (1, -1),
            (Color::Black, true) => (-1, -1),
        };
        let zone_mask = |z: usize| -> B {
            variant.zones[z].squares[color.index()]
                .iter()
                .fold(B::EMPTY, |b, &s| b.with(s))
        };
        let pk = self.pk(color, k);
        let piece = variant.piece(k);
        let mut capture_rays: Vec<(u16, bool)> = Vec::new();
        let confine = piece.confined.map(zone_mask).unwrap_or(!B::EMPTY);
        self.confinement[pk] = confine;
        // The piece's own atoms apply everywhere; zone moves only on their zone.
        let mut atom_sets: Vec<(&[Atom], B)> = vec![(&piece.atoms, !B::EMPTY)];
        if let Some((z, extra)) = &piece.zone_moves {
            atom_sets.push((extra, zone_mask(*z)));
        }
        for (atoms, applies) in atom_sets {
            for atom in atoms {
                let vectors: Vec<(i8, i8)> = atom
                    .vectors
                    .iter()
                    .map(|&(x, y)| (x * flip_x, y * flip_y))
                    .collect();
                let reads = AtomReading {
                    piece,
                    pk,
                    atom,
                    applies,
                    confine,
                    vectors: &vectors,
                };
                match atom.shape {
                    AtomShape::Leap if !atom.lame && !atom.initial => {
                        self.add_plain_leaps(&reads, lists)
                    }
                    AtomShape::Leap => self.add_lame_leaps(&reads, color, lists),
                    AtomShape::Bent => self.add_bent_rides(&reads, lists),
                    AtomShape::Ride { max } | AtomShape::Hop { max } => {
                        self.add_rides(&reads, max, &mut capture_rays)
                    }
                }
                self.kind_moves[pk].en_passant |= atom.en_passant;
            }
        }
        for hop in [false, true] {
            let mut rays: Vec<u16> = capture_rays
                .iter()
                .filter(|r| r.1 == hop)
                .map(|r| r.0)
                .collect();
            rays.sort_unstable();
            rays.dedup();
            if rays.is_empty() {
                continue;
            }
            let groups = &mut lists.ray_groups[color.index()];
            match groups.iter_mut().find(|g| g.0 == rays && g.1 == hop) {
                Some(g) => g.2.push(k),
                None => groups.push((rays, hop, vec![k])),
            }
        }
    }

    /// Plain leaps: the leap tables, and the reverse ones (as lame leaps where the game's
    /// no-jump rule blocks an attack).
    fn add_plain_leaps(&mut self, a: &AtomReading<B>, lists: &mut Lists<B>) {
        let (n, size) = (self.n, self.size);
        for (sq, to, dx, dy) in confined_leaps(size, a.applies, a.confine, a.vectors) {
            let i = a.pk * n + sq.index();
            if a.atom.modes.quiet {
                self.quiet_leaps[i] = self.quiet_leaps[i].with(to);
            }
            if !a.atom.modes.capture {
                continue;
            }
            self.capture_leaps[i] = self.capture_leaps[i].with(to);
            let r = a.pk * n + to.index();
            match crate::rules::no_jump_check::attack_block::<B>(a.piece, size, sq, dx, dy) {
                Some(block) => lists.rev_lame[r].push(LameLeap {
                    target: sq,
                    block,
                    quiet: false,
                    capture: true,
                    initial: false,
                }),
                None => self.rev_capture_leaps[r] = self.rev_capture_leaps[r].with(sq),
            }
        }
    }

    /// Lame and initial leaps, listed per square with the squares that block them.
    fn add_lame_leaps(&mut self, a: &AtomReading<B>, color: Color, lists: &mut Lists<B>) {
        let n = self.n;
        for (sq, to, dx, dy) in confined_leaps(self.size, a.applies, a.confine, a.vectors) {
            // An initial move (pawns only) exists only from the double-step ranks: elsewhere
            // no list need hold it.
            if a.atom.initial && !self.double_step_zone[color.index()].has(sq) {
                continue;
            }
            let block = if a.atom.lame {
                lame_path::<B>(self.size, sq, dx, dy, a.atom.diagonal_first)
            } else {
                B::EMPTY
            };
            let leap = LameLeap {
                target: to,
                block,
                quiet: a.atom.modes.quiet,
                capture: a.atom.modes.capture,
                initial: a.atom.initial,
            };
            lists.lame[a.pk * n + sq.index()].push(leap);
            if a.atom.modes.capture && !a.atom.initial {
                lists.rev_lame[a.pk * n + to.index()].push(LameLeap { target: sq, ..leap });
            }
        }
    }

    /// Bent rides are generated as slides from the first step; as attacks, each square a bent
    /// path reaches is a lame leap blocked by the path, so that the attack tests, check
    /// evasions and pin masks need nothing of their own for it.
    fn add_bent_rides(&mut self, a: &AtomReading<B>, lists: &mut Lists<B>) {
        let n = self.n;
        self.kind_moves[a.pk].bent = true;
        for path in bent_paths::<B>(self.size, a.applies, a.vectors) {
            lists.bent[a.pk * n + path.from.index()].push(BentRay {
                mid: path.mid,
                lines: path.lines,
                quiet: a.atom.modes.quiet,
                capture: a.atom.modes.capture,
            });
            if !a.atom.modes.capture {
                continue;
            }
            for (to, block) in path.leaps {
                lists.rev_lame[a.pk * n + to.index()].push(LameLeap {
                    target: path.from,
                    block,
                    quiet: false,
                    capture: true,
                    initial: false,
                });
            }
        }
    }

    /// Rides and hops: one ray per direction, and the reverse rays of the capturing ones.
    fn add_rides(&mut self, a: &AtomReading<B>, max: u8, capture_rays: &mut Vec<(u16, bool)>) {
        let hop = matches!(a.atom.shape, AtomShape::Hop { .. });
        self.has_hoppers |= hop;
        for &(dx, dy) in a.vectors {
            let ray = self.ray_id(dx, dy, max);
            self.kind_moves[a.pk].rides.push(RideAtom {
                ray,
                quiet: a.atom.modes.quiet,
                capture: a.atom.modes.capture,
                hop,
            });
            if a.atom.modes.capture {
                capture_rays.push((self.ray_id(-dx, -dy, max), hop));
            }
        }
    }

    /// A colour's attack groups: leapers with identical reverse tables together (cheap tests
    /// first, so that an early exit skips the rays), then the ray groups, facing kings, and
    /// each lame leaper on its own.
    fn build_attack_groups(&mut self, variant: &Variant, color: Color, ray_groups: Vec<RayGroup>) {
        let n = self.n;
        let mut groups: Vec<AttackGroup> = Vec::new();
        for k in variant.kinds() {
            let pk = self.pk(color, k);
            let table = &self.rev_capture_leaps[pk * n..(pk + 1) * n];
            if !table.iter().any(|b| b.any()) {
                continue;
            }
            let same = groups.iter_mut().find(|g| match g {
                AttackGroup::Leaps { table_of, .. } => {
                    let o = self.pk(color, *table_of);
                    self.rev_capture_leaps[o * n..(o + 1) * n] == *table
                }
                _ => false,
            });
            match same {
                Some(AttackGroup::Leaps { kinds, .. }) => kinds.push(k),
                _ => groups.push(AttackGroup::Leaps {
                    table_of: k,
                    kinds: vec![k],
                }),
            }
        }
        for (rays, hop, kinds) in ray_groups {
            groups.push(AttackGroup::Rays { rays, hop, kinds });
        }
        if let Some((dx, dy)) = variant.facing_kings {
            let rays = vec![self.ray_id(dx, dy, 0), self.ray_id(-dx, -dy, 0)];
            groups.push(AttackGroup::Rays {
                rays,
                hop: false,
                kinds: vec![variant.royal],
            });
        }
        for k in variant.kinds() {
            let pk = self.pk(color, k);
            if (0..n)
                .any(|s| self.rev_lame_index[pk * n + s].0 != self.rev_lame_index[pk * n + s].1)
            {
                groups.push(AttackGroup::Lame { kind: k });
            }
        }
        for (gi, g) in groups.iter().enumerate() {
            let members = match g {
                AttackGroup::Rays { kinds, .. } | AttackGroup::Leaps { kinds, .. } => kinds,
                AttackGroup::Lame { kind } => std::slice::from_ref(kind),
            };
            for &k in members {
                let pk = self.pk(color, k);
                self.kind_groups[pk].push(gi);
            }
        }
        self.attack_groups[color.index()] = groups;
    }

    /// Exposure: the lines along which each colour's riders, hoppers and lame leapers reach a
    /// square.
    fn build_exposure(&mut self) {
        for color in Color::BOTH {
            let ci = color.index();
            for sq in self.size.all_squares() {
                let mut lines = B::EMPTY;
                let mut screens = B::EMPTY;
                let mut paths = B::EMPTY;
                for g in &self.attack_groups[ci] {
                    match g {
                        AttackGroup::Rays { rays, hop, .. } => {
                            for &r in rays {
                                let full = self.ray(self.ray_full[r as usize], sq);
                                lines |= full;
                                if *hop {
                                    screens |= full;
                                }
                            }
                        }
                        AttackGroup::Lame { kind } => {
                            for l in self.rev_lame_leaps(color, *kind, sq) {
                                paths |= l.block;
                            }
                        }
                        AttackGroup::Leaps { .. } => {}
                    }
                }
                self.king_lines[ci][sq.index()] = (lines | paths, paths, screens);
            }
        }
    }

    /// Is the ray's step primitive (no square of its line skipped)? Then rays of distinct
    /// directions share no square, and the shadow of a blocker cuts only its own ray.
    fn ray_direction(&self, ray: u16) -> Option<(i8, i8)> {
        let (dx, dy, _) = self.ray_vectors[ray as usize];
        let (mut a, mut b) = (dx.unsigned_abs(), dy.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        (a == 1).then_some((dx, dy))
    }

    /// Shadows, and the combined rays of pieces and attack groups (see `slide`).
    fn build_line_tables(&mut self) {
        let size = self.size;
        let n = self.n;
        for from in size.all_squares() {
            for b in size.all_squares() {
                let dx = size.file(b) as i32 - size.file(from) as i32;
                let dy = size.rank(b) as i32 - size.rank(from) as i32;
                let (mut g, mut h) = (dx.unsigned_abs(), dy.unsigned_abs());
                while h != 0 {
                    (g, h) = (h, g % h);
                }
                if g == 0 {
                    continue;
                }
                let (ux, uy) = (dx / g as i32, dy / g as i32);
                let mut bb = B::EMPTY;
                let mut cur = b;
                while let Some(next) = size.offset(cur, ux, uy) {
                    bb = bb.with(next);
                    cur = next;
                }
                self.shadow[from.index()][b.index()] = bb;
            }
        }
        self.hop_lines = vec![[B::EMPTY; 128]; self.kind_moves.len()];
        for pk in 0..self.kind_moves.len() {
            let row = &mut self.reach_parts[pk / self.kinds][pk % self.kinds];
            for (sq, parts) in row.iter_mut().enumerate().take(n) {
                parts.0 = self.quiet_leaps[pk * n + sq];
            }
            let row = &mut self.leap_parts[pk / self.kinds][pk % self.kinds];
            for (sq, parts) in row.iter_mut().enumerate().take(n) {
                *parts = (
                    self.capture_leaps[pk * n + sq],
                    self.lame_index[pk * n + sq],
                    (0, 0),
                );
            }
        }
        for pk in 0..self.kind_moves.len() {
            let rides = std::mem::take(&mut self.kind_moves[pk].rides);
            let mut dirs: Vec<(i8, i8)> = Vec::new();
            let mut modes = None;
            let mut hop_dirs: Vec<(i8, i8)> = Vec::new();
            let mut hop_modes = None;
            let mut other = Vec::new();
            for r in &rides {
                let (dirs, modes) = if r.hop {
                    (&mut hop_dirs, &mut hop_modes)
                } else {
                    (&mut dirs, &mut modes)
                };
                let fits = self.ray_direction(r.ray).filter(|d| {
                    !dirs.contains(d) && modes.is_none_or(|m| m == (r.quiet, r.capture))
                });
                if let Some(dir) = fits {
                    dirs.push(dir);
                    *modes = Some((r.quiet, r.capture));
                    for sq in 0..n {
                        let line = self.rays[r.ray as usize * n + sq];
                        if r.hop {
                            self.hop_lines[pk][sq] |= line;
                        } else {
                            self.reach_parts[pk / self.kinds][pk % self.kinds][sq].1 |= line;
                        }
                    }
                } else {
                    other.push(*r);
                }
            }
            let symmetric = other.is_empty()
                && hop_modes.is_none()
                && modes.is_none_or(|m| m == (true, true))
                && (0..n).all(|sq| {
                    let i = pk * n + sq;
                    self.quiet_leaps[i] == self.capture_leaps[i]
                        && self.lame_index[i].0 == self.lame_index[i].1
                        && self.bent_index[i].0 == self.bent_index[i].1
                });
            let leaper = rides.is_empty() && !self.kind_moves[pk].bent;
            let simple_double = leaper
                && (0..n).all(|sq| {
                    let i = pk * n + sq;
                    let (a, b) = self.lame_index[i];
                    let quiet = self.quiet_leaps[i];
                    self.lame[a as usize..b as usize].iter().all(|l| {
                        b - a == 1
                            && l.quiet
                            && !l.capture
                            && l.initial
                            && l.block == quiet
                            && quiet.count() == 1
                            && !quiet.has(l.target)
                    })
                });
            let lines_only = other.is_empty()
                && !self.kind_moves[pk].bent
                && (0..n).all(|sq| {
                    let i = pk * n + sq;
                    self.quiet_leaps[i].is_empty()
                        && self.capture_leaps[i].is_empty()
                        && self.lame_index[i].0 == self.lame_index[i].1
                });
            let km = &mut self.kind_moves[pk];
            km.rides = rides;
            km.combined = modes;
            km.hops = hop_modes;
            km.hops_on_ride_lines = hop_modes.is_some()
                && (0..n).all(|sq| {
                    self.hop_lines[pk][sq]
                        == self.reach_parts[pk / self.kinds][pk % self.kinds][sq].1
                });
            km.other_rides = other;
            km.lines_only = lines_only;
            if km.lines_only
                && km.combined == Some((true, false))
                && km.hops == Some((false, true))
                && km.hops_on_ride_lines
            {
                self.cannon_kinds[pk / self.kinds] |= 1 << (pk % self.kinds);
            }
            if symmetric {
                self.symmetric_kinds[pk / self.kinds] |= 1 << (pk % self.kinds);
            }
            if leaper {
                self.leaper_kinds[pk / self.kinds] |= 1 << (pk % self.kinds);
            }
            let grouped = leaper
                && !symmetric
                && !simple_double
                && (0..n).all(|sq| {
                    let i = pk * n + sq;
                    let (a, b) = self.lame_index[i];
                    self.quiet_leaps[i] == self.capture_leaps[i]
                        && self.lame[a as usize..b as usize]
                            .iter()
                            .all(|l| l.quiet && l.capture && !l.initial)
                });
            if grouped {
                self.grouped_kinds[pk / self.kinds] |= 1 << (pk % self.kinds);
                for sq in 0..n {
                    let i = pk * n + sq;
                    let (a, b) = self.lame_index[i];
                    let start = self.lame_groups.len();
                    if self.quiet_leaps[i].any() {
                        self.lame_groups.push(LameGroup {
                            block: B::EMPTY,
                            targets: self.quiet_leaps[i],
                        });
                    }
                    for l in &self.lame[a as usize..b as usize] {
                        match self.lame_groups[start..]
                            .iter_mut()
                            .find(|g| g.block == l.block)
                        {
                            Some(g) => g.targets = g.targets.with(l.target),
                            None => self.lame_groups.push(LameGroup {
                                block: l.block,
                                targets: B::from_square(l.target),
                            }),
                        }
                    }
                    self.leap_parts[pk / self.kinds][pk % self.kinds][sq].2 =
                        (start as u32, self.lame_groups.len() as u32);
                }
            }
            if simple_double && !symmetric {
                self.simple_double_kinds[pk / self.kinds] |= 1 << (pk % self.kinds);
                // A leaper has no ride lines: their place holds the double steps.
                let row = &mut self.reach_parts[pk / self.kinds][pk % self.kinds];
                for (sq, parts) in row.iter_mut().enumerate().take(n) {
                    let (a, b) = self.lame_index[pk * n + sq];
                    parts.1 = self.lame[a as usize..b as usize]
                        .iter()
                        .fold(B::EMPTY, |d, l| d.with(l.target));
                }
            }
        }
        for ci in 0..2 {
            let groups = std::mem::take(&mut self.attack_groups[ci]);
            let mut lines = vec![B::EMPTY; groups.len() * n];
            let mut combined = vec![false; groups.len()];
            let mut hops_combined = vec![false; groups.len()];
            for (gi, g) in groups.iter().enumerate() {
                let AttackGroup::Rays { rays, hop, .. } = g else {
                    continue;
                };
                let dirs: Vec<Option<(i8, i8)>> =
                    rays.iter().map(|&r| self.ray_direction(r)).collect();
                let distinct = dirs
                    .iter()
                    .enumerate()
                    .all(|(i, d)| d.is_some() && !dirs[..i].contains(d));
                if !distinct {
                    continue;
                }
                if *hop {
                    hops_combined[gi] = true;
                } else {
                    combined[gi] = true;
                }
                for &r in rays {
                    for sq in 0..n {
                        lines[gi * n + sq] |= self.rays[r as usize * n + sq];
                    }
                }
            }
            let mut scan = AttackScan::default();
            let mut rows = vec![[B::EMPTY; GROUP_SLOTS]; n];
            let is_leaps = |g: &AttackGroup| matches!(g, AttackGroup::Leaps { .. });
            // The leap groups' slots first, then the line groups'.
            let slotted = (0..groups.len())
                .filter(|&gi| is_leaps(&groups[gi]))
                .chain((0..groups.len()).filter(|&gi| combined[gi]));
            for gi in slotted {
                let (AttackGroup::Leaps { kinds, .. } | AttackGroup::Rays { kinds, .. }) =
                    &groups[gi]
                else {
                    unreachable!("only leap and line groups take slots");
                };
                if scan.slots == GROUP_SLOTS {
                    scan.other.push(gi);
                    continue;
                }
                for (sq, row) in rows.iter_mut().enumerate() {
                    row[scan.slots] = match &groups[gi] {
                        AttackGroup::Leaps { table_of, .. } => {
                            self.rev_capture_leaps[(ci * self.kinds + table_of.index()) * n + sq]
                        }
                        _ => lines[gi * n + sq],
                    };
                }
                for k in kinds {
                    self.group_slots[k.index() * 2 + ci] |= 1 << (ci * GROUP_SLOTS + scan.slots);
                }
                scan.slots += 1;
                if is_leaps(&groups[gi]) {
                    scan.leaps = scan.slots;
                }
            }
            scan.other
                .extend((0..groups.len()).filter(|&gi| !is_leaps(&groups[gi]) && !combined[gi]));
            self.scan_rows.extend(rows);
            self.attack_groups[ci] = groups;
            self.group_lines[ci] = lines;
            self.group_combined[ci] = combined;
            self.group_hops_combined[ci] = hops_combined;
            self.attack_scan[ci] = scan;
        }
    }

    fn build_attack_span(&mut self) {
        let n = self.n;
        for color in Color::BOTH {
            for pk in color.index() * self.kinds..(color.index() + 1) * self.kinds {
                for sq in self.size.all_squares() {
                    let mut span = B::EMPTY;
                    for &gi in &self.kind_groups[pk] {
                        span |= match &self.attack_groups[color.index()][gi] {
                            AttackGroup::Leaps { table_of, .. } => {
                                self.rev_capture_leaps(color, *table_of, sq)
                            }
                            AttackGroup::Rays { rays, .. } => {
                                rays.iter().fold(B::EMPTY, |s, &r| s | self.ray(r, sq))
                            }
                            AttackGroup::Lame { kind } => self
                                .rev_lame_leaps(color, *kind, sq)
                                .iter()
                                .fold(B::EMPTY, |s, l| s.with(l.target)),
                        };
                    }
                    self.attack_span[pk * n + sq.index()] = span;
                }
            }
        }
    }

    fn find_plain_captures(&mut self, variant: &Variant) {
        for color in Color::BOTH {
            for k in variant.kinds() {
                let pk = self.pk(color, k);
                let km = &self.kind_moves[pk];
                if self.is_symmetric(color, k) || !km.rides.is_empty() || km.bent {
                    continue;
                }
                let pawn = variant.piece(k).pawn;
                for sq in self.size.all_squares() {
                    let lame = self.lame_leaps(color, k, sq);
                    let reach = lame
                        .iter()
                        .fold(self.empty_board_reach(color, k, sq), |r, l| {
                            r.with(l.target)
                        });
                    let promotes = pawn && (reach & self.promotion_zone[color.index()]).any();
                    if !promotes && !lame.iter().any(|l| l.capture) {
                        self.plain_captures[pk] = self.plain_captures[pk].with(sq);
                    }
                }
            }
        }
    }

    /// Fills the additive table from the game's evaluation data (once, when the game is
    /// compiled; positions then keep the sum as they play).
    pub fn attach_eval(&mut self, params: &EvalParams) {
        for kind in 0..self.kinds {
            let kind = PieceKind(kind as u8);
            for color in Color::BOTH {
                let piece = crate::types::Piece::new(color, kind);
                for sq in self.size.all_squares() {
                    self.eval_additive[piece.index() * 128 + sq.index()] =
                        crate::evaluation::piece_additive(params, piece, sq);
                }
            }
        }
        self.eval_attached = true;
    }
}

/// The squares a lame leap passes: every square on the line for straight leaps; for oblique
/// leaps the orthogonal first step (the Mao's path: `nN` is the Xiang Qi horse), or with
/// `diagonal_first` the diagonal one (the Moa), and where the rest of the way from there is a
/// straight line, the squares on it too (`nZ` is the Janggi elephant, blocked on both squares
/// it passes, as in Fairy-Stockfish; `nC`, whose rest is no line, only at its first step).
pub(crate) fn lame_path<B: Bitboard>(
    size: BoardSize,
    from: Square,
    dx: i8,
    dy: i8,
    diagonal_first: bool,
) -> B {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ax == 0 || ay == 0 || ax == ay {
        return squares_between(size, from, (0, 0), (dx, dy));
    }
    let first = if diagonal_first {
        (dx.signum(), dy.signum())
    } else if ay > ax {
        (0, dy.signum())
    } else {
        (dx.signum(), 0)
    };
    let first_square = size.offset(from, first.0 as i32, first.1 as i32);
    let rest = squares_between::<B>(size, from, first, (dx, dy));
    first_square.map_or(rest, |s| rest.with(s))
}

/// The squares strictly between the offsets `a` and `b` from `from`, where they lie on one
/// straight line (none otherwise).
fn squares_between<B: Bitboard>(size: BoardSize, from: Square, a: (i8, i8), b: (i8, i8)) -> B {
    let (rx, ry) = (b.0 - a.0, b.1 - a.1);
    let mut block = B::EMPTY;
    if rx == 0 || ry == 0 || rx.abs() == ry.abs() {
        let (ux, uy) = (rx.signum(), ry.signum());
        for i in 1..rx.abs().max(ry.abs()) {
            let (x, y) = (a.0 + ux * i, a.1 + uy * i);
            if let Some(s) = size.offset(from, x as i32, y as i32) {
                block = block.with(s);
            }
        }
    }
    block
}

/// A bent rider's moves from one square through one first step.
struct BentPath<B> {
    from: Square,
    mid: Square,
    /// The two outward rays from `mid`.
    lines: B,
    /// Every square reached (`mid` included) with the squares passed to get there (`mid`
    /// first), as a lame leap's target and block.
    leaps: Vec<(Square, B)>,
}

/// The moves of a bent rider (`AtomShape::Bent`) whose first steps are `vectors`, from every
/// square where the atom `applies`: the first step, then a ride at 45 degrees outward on either
/// side (a diagonal step turns orthogonal, an orthogonal one diagonal).
fn bent_paths<B: Bitboard>(size: BoardSize, applies: B, vectors: &[(i8, i8)]) -> Vec<BentPath<B>> {
    let mut out = Vec::new();
    for from in size.all_squares().filter(|&s| applies.has(s)) {
        for &(vx, vy) in vectors {
            let Some(mid) = size.offset(from, i32::from(vx), i32::from(vy)) else {
                continue;
            };
            let turns: [(i8, i8); 2] = if vx != 0 && vy != 0 {
                [(vx, 0), (0, vy)]
            } else if vy == 0 {
                [(vx, 1), (vx, -1)]
            } else {
                [(1, vy), (-1, vy)]
            };
            let mut lines = B::EMPTY;
            let mut leaps = Vec::new();
            for (wx, wy) in turns {
                let mut path = B::EMPTY.with(mid);
                let mut at = mid;
                while let Some(to) = size.offset(at, i32::from(wx), i32::from(wy)) {
                    leaps.push((to, path));
                    lines = lines.with(to);
                    path = path.with(to);
                    at = to;
                }
            }
            out.push(BentPath {
                from,
                mid,
                lines,
                leaps,
            });
        }
    }
    out
}

/// Every leap `(from, to, dx, dy)` by one of `vectors` from a square where the atom `applies`,
/// staying inside `confine` (the piece's allowed area) at both ends.
fn confined_leaps<'a, B: Bitboard>(
    size: BoardSize,
    applies: B,
    confine: B,
    vectors: &'a [(i8, i8)],
) -> impl Iterator<Item = (Square, Square, i8, i8)> + 'a {
    size.all_squares()
        .filter(move |&s| applies.has(s) && confine.has(s))
        .flat_map(move |sq| {
            vectors.iter().filter_map(move |&(dx, dy)| {
                let to = size.offset(sq, i32::from(dx), i32::from(dy))?;
                confine.has(to).then_some((sq, to, dx, dy))
            })
        })
}

/// `Tables::shadow` before it is filled: zeroed memory straight from the allocator (a 128 x 128
/// array would not fit on a thread's stack).
fn empty_shadows<B: Bitboard>() -> Box<[[B; 128]; 128]> {
    vec![[B::EMPTY; 128]; 128]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("128 rows were made"))
}

/// `Tables::reach_parts` or `leap_parts` all empty (default), built on the heap (128 KB each
/// for 128-bit boards).
fn empty_rows<T: Copy + Default>() -> Box<[[[T; 128]; MAX_KINDS]; 2]> {
    let rows = vec![[[T::default(); 128]; MAX_KINDS]; 2].into_boxed_slice();
    match rows.try_into() {
        Ok(parts) => parts,
        Err(_) => unreachable!("two colours' rows"),
    }
}

/// `Tables::king_lines` all empty, built on the heap (a colour's row a time on the stack).
fn empty_king_lines<B: Bitboard>() -> Box<super::KingLines<B>> {
    let rows = vec![[(B::EMPTY, B::EMPTY, B::EMPTY); 128]; 2].into_boxed_slice();
    match rows.try_into() {
        Ok(lines) => lines,
        Err(_) => unreachable!("two colours' rows"),
    }
}
