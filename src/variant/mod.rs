//! A game as data: `VariantSpec` (text-level, from the loader) compiled into an immutable
//! `Variant` that every position of that game shares.

pub mod betza;
mod registry;
pub mod relay_name;
pub mod spec;

pub use registry::{Registry, VariantError};
pub use relay_name::RelayRule;
pub use spec::{
    BoardView, CastleSpec, EvalOrientation, PieceSpec, RepetitionRule, SpecError, StalemateRule,
    VariantSpec,
};

use crate::types::{BoardSize, Color, MoveKind, PieceKind, Square, MAX_KINDS};
use betza::Atom;

/// The largest rule value of a piece, in pawns: the evaluation counts values up to 100 pawns,
/// and cancellation's arithmetic on them must not overflow.
pub const MAX_PIECE_VALUE: i32 = 100;

#[derive(Clone, Debug)]
pub struct PieceType {
    pub letter: char,
    pub name: String,
    pub betza: String,
    /// Rule value in pawns: the single source for exchange arithmetic and material.
    pub value: i32,
    pub royal: bool,
    /// Pawn-like: promotes, resets the move-rule counter, double-steps where the game allows.
    pub pawn: bool,
    /// Its leaps may not jump an occupied square to attack a royal piece.
    pub no_jump_check: bool,
    pub atoms: Vec<Atom>,
    /// Index into `Variant::zones` of the zone the piece may never leave.
    pub confined: Option<usize>,
    /// Extra moves while standing in a zone: (zone index, atoms).
    pub zone_moves: Option<(usize, Vec<Atom>)>,
}

impl PieceType {
    /// Every move keeps the piece on squares of one colour (a Bishop, a Ferz, an Alfil): it has
    /// moves, and each of them (zone moves too) goes by an even sum of file and rank steps.
    /// A bent path is not counted as such: its second leg turns onto the other colour.
    pub fn colour_bound(&self) -> bool {
        let zone_atoms = self.zone_moves.iter().flat_map(|(_, atoms)| atoms);
        !self.atoms.is_empty()
            && self.atoms.iter().chain(zone_atoms).all(|a| {
                a.shape != betza::AtomShape::Bent
                    && a.vectors.iter().all(|&(x, y)| (x + y) % 2 == 0)
            })
    }
}

/// Castling toward one side for one colour, with squares resolved to files.
#[derive(Clone, Debug)]
pub struct Castling {
    pub king_to: u8,
    pub partner_to: u8,
    /// Bit per piece kind that may be the partner.
    pub partners: u16,
}

#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub aliases: Vec<String>,
    pub size: BoardSize,
    pub start_fen: String,
    pub pieces: Vec<PieceType>,
    pub royal: PieceKind,
    pub promote_to: Vec<PieceKind>,
    /// Relative ranks, 0-based, on which a pawn-like piece may promote.
    pub promotion_ranks: Vec<u8>,
    pub promotion_limited_by_initial: bool,
    /// Pieces of each kind in the start position, per colour (for promotion limits).
    pub initial_counts: [[u8; MAX_KINDS]; 2],
    /// Relative ranks, 0-based, from which `i` (initial) moves of pawn-like pieces are allowed.
    pub double_step_ranks: Vec<u8>,
    /// `[color][side]`, side 0 = partner on the higher file.
    pub castling: [[Option<Castling>; 2]; 2],
    /// `[color]`: the castling that SAN writes `O-O` (the other is `O-O-O`). The one toward
    /// the higher file, except where a game says otherwise (`castle-short = low`): the
    /// crosswise Paulowich Black's `O-O` goes toward the a-file queen.
    pub short_castle: [MoveKind; 2],
    pub king_leap: bool,
    /// Castling rights may belong to a king anywhere on its first rank, with partners anywhere
    /// on either side of it (Fischer Random rules); see `VariantSpec::chess960`.
    pub chess960: bool,
    /// The game this one was defined from (`[name : parent]`), e.g. `chess` for `fischerandom`.
    pub parent: Option<String>,
    /// Each king's square in the start position: castling and leap rights need the king there.
    /// `None` only while the start position itself is being read.
    pub king_home: Option<[crate::types::Square; 2]>,
    /// `[color][side]`: each castling partner's square in the start position, where the
    /// castling letters `K`/`Q` point (the rules' "corner" pieces). `None` in Fischer Random
    /// games, whose `K`/`Q` name the outermost partner (X-FEN), and while the start position
    /// is being read.
    pub partner_home: [[Option<crate::types::Square>; 2]; 2],
    pub stalemate: StalemateRule,
    pub repetition: RepetitionRule,
    pub move_rule: u16,
    pub bonus_tables: Vec<(PieceKind, Vec<i32>)>,
    pub eval_orientation: EvalOrientation,
    pub rotate_black: bool,
    /// Named square sets per colour.
    pub zones: Vec<Zone>,
    pub facing_kings: Option<(i8, i8)>,
    /// Relay / anti-relay rules (`rules/relay.md`), applied by `rules::relay`.
    pub relay: Option<RelayRule>,
    /// The cancellation capture rule (`rules/cancellation.md`), applied by `rules::cancellation`.
    pub cancellation: Option<crate::rules::cancellation::CancellationRule>,
    /// Knight Relay Chess's relaying piece (`rules::knight_relay`).
    pub knight_relay: Option<PieceKind>,
    /// How the terminal displays draw the board (`protocol::diagram`).
    pub display: BoardView,
}

#[derive(Clone, Debug)]
pub struct Zone {
    pub name: String,
    pub squares: [Vec<crate::types::Square>; 2],
}

impl Variant {
    pub fn kind_of(&self, letter: char) -> Option<PieceKind> {
        let l = letter.to_ascii_lowercase();
        self.pieces
            .iter()
            .position(|p| p.letter == l)
            .map(|i| PieceKind(i as u8))
    }
    pub fn piece(&self, kind: PieceKind) -> &PieceType {
        &self.pieces[kind.index()]
    }
    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> {
        (0..self.pieces.len() as u8).map(PieceKind)
    }
    pub fn letter(&self, color: Color, kind: PieceKind) -> char {
        let l = self.pieces[kind.index()].letter;
        match color {
            Color::White => l.to_ascii_uppercase(),
            Color::Black => l,
        }
    }
    /// A rank counted from `color`'s own side (0 = its first rank).
    pub fn relative_rank(&self, color: Color, rank: u8) -> u8 {
        match color {
            Color::White => rank,
            Color::Black => self.size.ranks - 1 - rank,
        }
    }
    /// Whether relay rules can be laid over this game (what `relay-…` names accept as a base):
    /// not a relay or Knight Relay game already, and pieces that relay rules can express.
    pub fn takes_relay_rules(&self) -> bool {
        self.relay.is_none()
            && self.knight_relay.is_none()
            && crate::rules::relay::check_pieces(&self.pieces).is_ok()
    }

    pub fn has_castling(&self) -> bool {
        self.castling.iter().flatten().any(Option::is_some)
    }

    /// SAN's name of a castling move (`CastleHigh` or `CastleLow`) of `color`.
    pub fn castle_san(&self, color: Color, kind: MoveKind) -> &'static str {
        if kind == self.short_castle[color.index()] {
            "O-O"
        } else {
            "O-O-O"
        }
    }

    /// The castling of `color` that `O-O` (`short`) or `O-O-O` names.
    pub fn castle_named(&self, color: Color, short: bool) -> MoveKind {
        let s = self.short_castle[color.index()];
        match (short, s) {
            (true, _) => s,
            (false, MoveKind::CastleHigh) => MoveKind::CastleLow,
            (false, _) => MoveKind::CastleHigh,
        }
    }

    /// Turns checked text-level data into a game. The start position is checked by the registry.
    pub fn compile(spec: &VariantSpec) -> Result<Variant, String> {
        let size = BoardSize::new(spec.files, spec.ranks)?;
        if spec.pieces.is_empty() {
            return Err("no pieces defined".into());
        }
        if spec.pieces.len() > MAX_KINDS {
            return Err(format!(
                "{} piece types; at most {MAX_KINDS}",
                spec.pieces.len()
            ));
        }
        let mut zones = Vec::new();
        for (name, sides) in &spec.zones {
            let mut squares: [Vec<crate::types::Square>; 2] = Default::default();
            for (c, list) in sides.iter().enumerate() {
                for text in list {
                    let sq = size
                        .parse(text)
                        .ok_or_else(|| format!("zone {name}: '{text}' is not a square"))?;
                    squares[c].push(sq);
                }
            }
            zones.push(Zone {
                name: name.clone(),
                squares,
            });
        }
        let zone_index = |name: &str| -> Result<usize, String> {
            zones
                .iter()
                .position(|z| z.name == name)
                .ok_or_else(|| format!("unknown zone '{name}'"))
        };
        let mut pieces = Vec::new();
        for p in &spec.pieces {
            if !(0..=MAX_PIECE_VALUE).contains(&p.value) {
                return Err(format!(
                    "piece {}: value {} is outside 0..={MAX_PIECE_VALUE} pawns",
                    p.letter, p.value
                ));
            }
            let atoms =
                betza::parse(&p.betza).map_err(|e| format!("piece {}: {}", p.letter, e.0))?;
            if atoms.iter().any(|a| a.initial) && !p.pawn {
                return Err(format!(
                    "piece {}: initial moves ('i') are supported on pawn-like pieces only",
                    p.letter
                ));
            }
            if atoms
                .iter()
                .any(|a| a.initial && !matches!(a.shape, betza::AtomShape::Leap))
            {
                return Err(format!(
                    "piece {}: initial moves ('i') must be leaps (the double step is 'ifmnD')",
                    p.letter
                ));
            }
            // The victim of an en-passant capture is found beside the capturer, on the
            // target's file: so the capture must go one rank forward and sideways.
            if atoms.iter().any(|a| {
                a.en_passant
                    && (!matches!(a.shape, betza::AtomShape::Leap)
                        || a.vectors.iter().any(|&(dx, dy)| dy != 1 || dx == 0))
            }) {
                return Err(format!(
                    "piece {}: en passant ('e') is supported on leaps one rank forward and \
                     sideways only (the pawn's 'fceF')",
                    p.letter
                ));
            }
            let confined = p
                .confined
                .as_deref()
                .map(zone_index)
                .transpose()
                .map_err(|e| format!("piece {}: {e}", p.letter))?;
            if confined.is_some()
                && atoms
                    .iter()
                    .any(|a| !matches!(a.shape, betza::AtomShape::Leap))
            {
                return Err(format!(
                    "piece {}: only leaping pieces can be confined to a zone",
                    p.letter
                ));
            }
            // The rule is read on the attack tables' leaps; a ride of long straight leaps
            // (`DD`) jumps pieces too, and would check across them.
            if p.no_jump_check
                && atoms.iter().any(|a| {
                    !matches!(a.shape, betza::AtomShape::Leap | betza::AtomShape::Bent)
                        && a.vectors
                            .iter()
                            .any(|&(dx, dy)| crate::rules::no_jump_check::jumps_a_line(dx, dy))
                })
            {
                return Err(format!(
                    "piece {}: no-jump-check is supported on single leaps only, not on a rider \
                     or hopper of straight leaps longer than one step ('DD', 'AA')",
                    p.letter
                ));
            }
            let zone_moves = match &p.zone_moves {
                Some((zone, text)) => {
                    let extra =
                        betza::parse(text).map_err(|e| format!("piece {}: {}", p.letter, e.0))?;
                    if extra
                        .iter()
                        .any(|a| !matches!(a.shape, betza::AtomShape::Leap) || a.lame || a.initial)
                    {
                        return Err(format!(
                            "piece {}: zone moves must be plain leaps",
                            p.letter
                        ));
                    }
                    let zone = zone_index(zone).map_err(|e| format!("piece {}: {e}", p.letter))?;
                    Some((zone, extra))
                }
                None => None,
            };
            pieces.push(PieceType {
                confined,
                zone_moves,
                letter: p.letter,
                name: p.name.clone(),
                betza: p.betza.clone(),
                value: p.value,
                royal: p.royal,
                pawn: p.pawn,
                no_jump_check: p.no_jump_check,
                atoms,
            });
        }
        check_double_steps(&pieces)?;
        let royals: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].royal).collect();
        let royal = match royals.as_slice() {
            [r] => PieceKind(*r as u8),
            _ => return Err("exactly one piece type must be royal".into()),
        };
        if spec.relay.is_some() {
            crate::rules::relay::check_pieces(&pieces)?;
        }
        let kind = |l: char| -> Result<PieceKind, String> {
            pieces
                .iter()
                .position(|p| p.letter == l)
                .map(|i| PieceKind(i as u8))
                .ok_or_else(|| format!("unknown piece letter '{l}'"))
        };
        let promote_to = spec
            .promote_to
            .iter()
            .map(|&l| kind(l))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("promote-to: {e}"))?;
        if promote_to.iter().any(|&k| pieces[k.index()].royal) {
            return Err("promotion to a royal piece is not supported".into());
        }
        // Promotion is compulsory on the last rank, where no pawn-like piece may stand.
        if let Some(&k) = promote_to.iter().find(|&&k| pieces[k.index()].pawn) {
            return Err(format!(
                "promote-to: '{}' is pawn-like, and no pawn-like piece may stand on the last rank",
                pieces[k.index()].letter
            ));
        }
        // A piece confined to a zone would stand outside it, promoted on a square not of the
        // zone (its FEN refused, the piece unable to move), or be a choice on some squares only.
        if let Some(&k) = promote_to
            .iter()
            .find(|&&k| pieces[k.index()].confined.is_some())
        {
            return Err(format!(
                "promote-to: '{}' is confined to a zone, and a promoted piece may stand anywhere \
                 on the promotion ranks",
                pieces[k.index()].letter
            ));
        }
        // A pawn that reached a promotion rank with nothing to become would stand where no
        // pawn may stand (its FEN would be refused).
        if promote_to.is_empty()
            && !spec.promotion_ranks.is_empty()
            && pieces.iter().any(|p| p.pawn)
        {
            return Err(
                "promote-to is empty but pawns promote: list the pieces they may become, or \
                 leave promotion-ranks empty"
                    .into(),
            );
        }
        let rank_list = |list: &[u8], what: &str| -> Result<Vec<u8>, String> {
            list.iter()
                .map(|&r| {
                    if r == 0 || r > spec.ranks {
                        Err(format!("{what}: rank {r} is off the board"))
                    } else {
                        Ok(r - 1)
                    }
                })
                .collect()
        };
        let mut castling: [[Option<Castling>; 2]; 2] = Default::default();
        for (c, sides) in spec.castling.iter().enumerate() {
            for (s, side) in sides.iter().enumerate() {
                if let Some(cs) = side {
                    if cs.king_to >= spec.files || cs.partner_to >= spec.files {
                        return Err("castling destination off the board".into());
                    }
                    let mut partners = 0u16;
                    for &l in &cs.partners {
                        let key = ["castle-partner-high", "castle-partner-low"][s];
                        partners |= 1 << kind(l).map_err(|e| format!("{key}: {e}"))?.0;
                    }
                    // Castling happens on the first rank; a piece confined to a zone would
                    // castle out of it where its destination lies outside.
                    let back = if c == 0 { 0 } else { spec.ranks - 1 };
                    let movers = std::iter::once((royal, cs.king_to)).chain(
                        cs.partners
                            .iter()
                            .filter_map(|&l| Some((kind(l).ok()?, cs.partner_to))),
                    );
                    for (k, file) in movers {
                        let Some(z) = pieces[k.index()].confined else {
                            continue;
                        };
                        let to = size.square(file, back);
                        if !zones[z].squares[c].contains(&to) {
                            let key = ["castle-high", "castle-low"][s];
                            let who = if c == 0 { "" } else { "black-" };
                            return Err(format!(
                                "{who}{key}: castling would take the confined piece '{}' to {}, \
                                 outside its zone ({}); set {who}{key} = - or widen the zone",
                                pieces[k.index()].letter,
                                size.name(to),
                                zones[z].name
                            ));
                        }
                    }
                    castling[c][s] = Some(Castling {
                        king_to: cs.king_to,
                        partner_to: cs.partner_to,
                        partners,
                    });
                }
            }
        }
        if spec.king_leap && castling.iter().flatten().any(Option::is_some) {
            return Err(
                "king-leap replaces castling: remove the castle-high/-low lines (black-castle-high/-low too)"
                    .into(),
            );
        }
        if spec.chess960 && !castling.iter().flatten().any(Option::is_some) {
            return Err("chess960 needs castling (castle-high/castle-low)".into());
        }
        let mut bonus_tables = Vec::new();
        for (l, values) in &spec.bonus_tables {
            if values.len() != size.squares() {
                return Err(format!(
                    "bonus-table {l}: {} values for {} squares",
                    values.len(),
                    size.squares()
                ));
            }
            // The evaluation's bound: a table it would refuse must not load (it is built
            // from the game later, where a refusal could only panic).
            let limit = nnue_free_eval::params::BONUS_UNIT_LIMIT;
            if let Some((i, v)) = values.iter().enumerate().find(|(_, v)| v.abs() > limit) {
                return Err(format!(
                    "bonus-table {l}: value {v} on {} is outside -{limit}..{limit}",
                    size.name(Square::new(i as u8))
                ));
            }
            bonus_tables.push((kind(*l)?, values.clone()));
        }
        // A pawn never stands on its last rank (its FEN would be refused), so where pawns
        // promote at all they promote there, whatever the list says; a game that names what
        // they become (`promote-to`) and no rank promotes there.
        let mut promotion_ranks = rank_list(&spec.promotion_ranks, "promotion-ranks")?;
        let promotes = !promotion_ranks.is_empty() || !promote_to.is_empty();
        if promotes && !promotion_ranks.contains(&(spec.ranks - 1)) {
            promotion_ranks.push(spec.ranks - 1);
        }
        let mut variant = Variant {
            name: spec.name.clone(),
            aliases: spec.aliases.clone(),
            size,
            start_fen: spec.start.clone(),
            pieces,
            royal,
            promote_to,
            promotion_ranks,
            promotion_limited_by_initial: spec.promotion_limited_by_initial,
            initial_counts: [[0; MAX_KINDS]; 2],
            double_step_ranks: rank_list(&spec.double_step_ranks, "double-step-ranks")?,
            castling,
            short_castle: spec
                .short_castle_side
                .map(|s| [MoveKind::CastleHigh, MoveKind::CastleLow][s]),
            king_leap: spec.king_leap,
            chess960: spec.chess960,
            parent: spec.parent.clone(),
            king_home: None,
            partner_home: [[None; 2]; 2],
            stalemate: spec.stalemate,
            repetition: spec.repetition,
            move_rule: spec.move_rule,
            bonus_tables,
            eval_orientation: spec.eval_orientation,
            rotate_black: spec.rotate_black,
            zones,
            facing_kings: spec.facing_kings,
            relay: spec.relay,
            cancellation: None,
            knight_relay: None,
            display: spec.display,
        };
        if let Some(letter) = spec.knight_relay {
            variant.knight_relay = Some(crate::rules::knight_relay::check(&variant, spec, letter)?);
        }
        if spec.cancellation {
            variant.cancellation =
                Some(crate::rules::cancellation::CancellationRule::new(&variant)?);
        }
        Ok(variant)
    }
}

/// En passant as Chimera plays it is the double step's: the square passed over is the one
/// straight behind the pawn. So where any piece captures en passant, every initial move goes
/// two squares straight forward (a diagonal double step, the Berolina pawn's, or a triple
/// step would pass other squares).
fn check_double_steps(pieces: &[PieceType]) -> Result<(), String> {
    if !pieces.iter().flat_map(|p| &p.atoms).any(|a| a.en_passant) {
        return Ok(());
    }
    for p in pieces {
        if p.atoms
            .iter()
            .any(|a| a.initial && a.vectors.iter().any(|&v| v != (0, 2)))
        {
            return Err(format!(
                "piece {}: with en passant ('e') in the game, initial moves must go two squares \
                 straight forward ('ifmnD')",
                p.letter
            ));
        }
    }
    Ok(())
}
