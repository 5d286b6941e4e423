//! Jeff Zeitlin's cancellation captures (`rules/cancellation.md`), for any game.
//!
//! A capture by a non-royal piece removes both pieces; the difference of their rule values,
//! r = |a − d|, comes back as pieces of the stronger side's colour, placed by that side: on the
//! destination the highest value ≤ r that may stand there, then on vacant neighbours of the
//! destination, highest value first, until r is spent or no square takes a piece. A royal piece
//! capturing is an ordinary capture (infinite value); royal pieces are never captured.
//!
//! Where the placer has a choice (two types of one value, or several squares) each piece is a
//! placement ply, a drop `B@d4`; where exactly one (square, type) pair is admissible the piece
//! is placed automatically inside the ply before it. The placements still owed are part of the
//! position ([`Pending`]): hashed, carried by play/undo, written in FEN as a seventh field
//! (see [`Pending::fen_field`]).
//!
//! This module holds the rule itself: the compiled data ([`CancellationRule`]), the placement
//! steps ([`placement`]), legality of captures and placements ([`legality`]) and the extended
//! pieces ([`extended`]). `position::placement` applies the plies to the board; the move
//! generator calls [`legality::push_captures`], [`legality::capture_is_legal`] and
//! [`legality::generate_placements`].

pub mod extended;
pub mod legality;
pub mod placement;

pub use placement::Step;

use crate::types::{Color, PieceKind, Square};
use crate::variant::Variant;

/// The rule compiled for one game: which types may be placed, their values, and where each may
/// stand. Square sets are 128-bit whatever the board's width (placement looks at ≤ 9 squares).
#[derive(Clone, Debug)]
pub struct CancellationRule {
    /// Every type that may be placed (not royal, value ≥ 1), highest value first.
    pub placeable: Vec<(PieceKind, u8)>,
    /// Rule value of each kind (royal kinds: 0, never used: a royal capture is ordinary).
    pub values: Vec<u8>,
    /// [kind][colour]: the squares where a placed piece of that kind and colour may stand.
    may_stand: Vec<[u128; 2]>,
    /// [square]: its (up to 8) neighbours.
    neighbours: Vec<u128>,
    /// The most a capture can leave to place: the gap between two non-royal values.
    largest_remnant: u8,
}

/// Largest rule value the cancellation arithmetic accepts (values are small pawn units).
pub const MAX_VALUE: i32 = 255;

impl CancellationRule {
    pub fn new(variant: &Variant) -> Result<CancellationRule, String> {
        let size = variant.size;
        let mut values = Vec::new();
        for p in &variant.pieces {
            if !p.royal && !(0..=MAX_VALUE).contains(&p.value) {
                return Err(format!(
                    "cancellation: piece {} has value {}; rule values must be 0..={MAX_VALUE}",
                    p.letter, p.value
                ));
            }
            values.push(if p.royal { 0 } else { p.value as u8 });
        }
        let mut placeable: Vec<(PieceKind, u8)> = variant
            .kinds()
            .filter(|&k| !variant.piece(k).royal && values[k.index()] > 0)
            .map(|k| (k, values[k.index()]))
            .collect();
        // Highest value first; equal values keep the table's order (the order of the choices).
        placeable.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        let all: u128 = size.all_squares().fold(0, |b, s| b | 1u128 << s.index());
        let may_stand = variant
            .kinds()
            .map(|k| {
                let piece = variant.piece(k);
                Color::BOTH.map(|color| {
                    let mut set = match piece.confined {
                        Some(z) => variant.zones[z].squares[color.index()]
                            .iter()
                            .fold(0, |b, s| b | 1u128 << s.index()),
                        None => all,
                    };
                    // Pawn-like pieces never stand on their first or last rank — in games where
                    // they promote; pawns that never promote (Canonical) have no such ranks.
                    if piece.pawn && !variant.promotion_ranks.is_empty() {
                        for sq in size.all_squares() {
                            let r = variant.relative_rank(color, size.rank(sq));
                            if r == 0 || r == size.ranks - 1 {
                                set &= !(1u128 << sq.index());
                            }
                        }
                    }
                    set
                })
            })
            .collect();
        let neighbours = size
            .all_squares()
            .map(|sq| {
                let mut set = 0u128;
                for (dx, dy) in [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    if let Some(n) = size.offset(sq, dx, dy) {
                        set |= 1u128 << n.index();
                    }
                }
                set
            })
            .collect();
        let non_royal = || variant.pieces.iter().filter(|p| !p.royal).map(|p| p.value);
        let largest_remnant =
            (non_royal().max().unwrap_or(0) - non_royal().min().unwrap_or(0)) as u8;
        Ok(CancellationRule {
            placeable,
            values,
            may_stand,
            neighbours,
            largest_remnant,
        })
    }

    /// The most any capture can leave to place (8 in chess: a Pawn takes a Queen).
    pub fn largest_remnant(&self) -> u8 {
        self.largest_remnant
    }

    #[inline(always)]
    pub fn value(&self, kind: PieceKind) -> u8 {
        self.values[kind.index()]
    }

    #[inline(always)]
    pub fn neighbours(&self, sq: Square) -> u128 {
        self.neighbours[sq.index()]
    }
}

/// What a capture of a `d`-valued piece by an `a`-valued non-royal piece leaves: nothing
/// (equal values), or a remnant worth r for the capturer (`a > d`) or for the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    BothVanish,
    /// The capturer places r.
    Capturer(u8),
    /// The captured piece's owner places r.
    Defender(u8),
}

#[inline]
pub fn outcome(a: u8, d: u8) -> Outcome {
    match a.cmp(&d) {
        std::cmp::Ordering::Equal => Outcome::BothVanish,
        std::cmp::Ordering::Greater => Outcome::Capturer(a - d),
        std::cmp::Ordering::Less => Outcome::Defender(d - a),
    }
}

/// Placements still owed: part of the position. `remaining == 0` means none.
///
/// Besides the position's part (centre, value, the two step/turn bits) a ply's copy carries
/// two bookkeeping bits for its undo, which are neither hashed nor compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// The capture's destination: pieces go on it, then on its vacant neighbours.
    pub center: Square,
    /// Value still to place.
    pub remaining: u8,
    flags: u8,
}

/// The destination square itself is still to be filled (else: its neighbours).
const AT_CENTER: u8 = 1;
/// The placer is the capturer: when the placements are done the turn passes to the opponent.
/// Without it the placer is the captured piece's owner, who then makes its normal move.
const PASS_AFTER: u8 = 2;
const POSITION_BITS: u8 = AT_CENTER | PASS_AFTER;
/// Bookkeeping of the ply that produced this state: it did not pass the turn.
pub(crate) const KEPT_SIDE: u8 = 4;
/// Bookkeeping: the ply has an entry on the position's placement log (a cancellation ply).
pub(crate) const LOGGED: u8 = 8;

impl Pending {
    pub const NONE: Pending = Pending {
        center: Square::new(0),
        remaining: 0,
        flags: 0,
    };

    /// A remnant worth `remaining` to place around `center`, starting on `center` itself.
    pub fn new(center: Square, remaining: u8, placer_captured: bool) -> Pending {
        let flags = AT_CENTER | if placer_captured { PASS_AFTER } else { 0 };
        Pending {
            center,
            remaining,
            flags,
        }
    }
    #[inline(always)]
    pub fn is_active(self) -> bool {
        self.remaining != 0
    }
    /// Is the destination square itself the next to fill?
    #[inline(always)]
    pub fn at_center(self) -> bool {
        self.flags & AT_CENTER != 0
    }
    /// Does the turn pass to the other player when these placements are done?
    #[inline(always)]
    pub fn passes_turn(self) -> bool {
        self.flags & PASS_AFTER != 0
    }
    /// The same state with the destination filled (or found unusable).
    pub(crate) fn leave_center(mut self) -> Pending {
        self.flags &= !AT_CENTER;
        self
    }
    /// Only what belongs to the position (no per-ply bookkeeping).
    #[inline(always)]
    pub fn position_part(self) -> Pending {
        if self.remaining == 0 {
            Pending::NONE
        } else {
            Pending {
                flags: self.flags & POSITION_BITS,
                ..self
            }
        }
    }
    #[inline(always)]
    pub(crate) fn has(self, bit: u8) -> bool {
        self.flags & bit != 0
    }
    #[inline(always)]
    pub(crate) fn with(mut self, bit: u8) -> Pending {
        self.flags |= bit;
        self
    }

    /// The Zobrist key of a pending state (0 when none). Derived by mixing, not from a table,
    /// so it costs nothing in games without the rule.
    #[inline]
    pub fn key(self) -> u64 {
        let p = self.position_part();
        if p.remaining == 0 {
            return 0;
        }
        let mut z = 0xC4A6_CE11_A710_0000u64
            ^ (p.center.raw() as u64) << 16
            ^ (p.remaining as u64) << 24
            ^ (p.flags as u64) << 40;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) | 1
    }

    /// The FEN extension, a seventh field present only while placements are pending:
    /// `place=SQUARE,VALUE,STEP,AFTER` — the capture's destination, the value still to place,
    /// `dest` (the destination itself is still to fill) or `near` (its vacant neighbours), and
    /// `pass` (the placer captured: the turn passes to the opponent when the placements are
    /// done) or `stay` (the placer owned the captured piece and then makes its normal move).
    /// The placer is the side to move. Example: `… w - - 0 1 place=d4,4,dest,pass`.
    pub fn fen_field(self, size: crate::types::BoardSize) -> String {
        format!(
            "place={},{},{},{}",
            size.name(self.center),
            self.remaining,
            if self.at_center() { "dest" } else { "near" },
            if self.passes_turn() { "pass" } else { "stay" }
        )
    }

    /// Reads the field written by [`Pending::fen_field`].
    pub fn parse_fen_field(size: crate::types::BoardSize, field: &str) -> Result<Pending, String> {
        let body = field
            .strip_prefix("place=")
            .ok_or_else(|| format!("'{field}' is not a placement field"))?;
        let parts: Vec<&str> = body.split(',').collect();
        let [sq, value, step, after] = parts.as_slice() else {
            return Err(format!(
                "placement field '{field}': expected place=SQUARE,VALUE,dest|near,pass|stay"
            ));
        };
        let center = size
            .parse(sq)
            .ok_or_else(|| format!("placement field: '{sq}' is not a square"))?;
        let remaining = match value.parse::<u8>() {
            Ok(v) if v > 0 => v,
            _ => {
                return Err(format!(
                    "placement field: value '{value}' must be a number from 1 up"
                ))
            }
        };
        let at_center = match *step {
            "dest" => true,
            "near" => false,
            _ => {
                return Err(format!(
                    "placement field: step '{step}' must be dest or near"
                ))
            }
        };
        let pass = match *after {
            "pass" => true,
            "stay" => false,
            _ => return Err(format!("placement field: '{after}' must be pass or stay")),
        };
        let p = Pending::new(center, remaining, pass);
        Ok(if at_center { p } else { p.leave_center() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::BoardSize;

    #[test]
    fn capture_arithmetic() {
        assert_eq!(outcome(3, 3), Outcome::BothVanish);
        assert_eq!(outcome(9, 5), Outcome::Capturer(4));
        assert_eq!(outcome(1, 9), Outcome::Defender(8));
    }

    #[test]
    fn fen_field_round_trip_and_keys() {
        let size = BoardSize::new(10, 10).unwrap();
        let a = Pending::new(size.parse("j10").unwrap(), 12, true);
        let b = Pending::new(size.parse("j10").unwrap(), 12, false).leave_center();
        for p in [a, b] {
            let text = p.fen_field(size);
            assert_eq!(Pending::parse_fen_field(size, &text), Ok(p), "{text}");
        }
        assert_eq!(a.fen_field(size), "place=j10,12,dest,pass");
        assert_eq!(b.fen_field(size), "place=j10,12,near,stay");
        // Nothing left to place is no pending state (a FEN without the field says that).
        assert!(Pending::parse_fen_field(size, "place=j10,0,dest,pass").is_err());
        assert_ne!(a.key(), b.key());
        assert_ne!(a.key(), 0);
        assert_eq!(Pending::NONE.key(), 0);
        // Bookkeeping bits are not part of the position.
        assert_eq!(a.with(LOGGED | KEPT_SIDE).key(), a.key());
        assert_eq!(a.with(LOGGED).position_part(), a);
    }

    /// Pending states differ in the hash: a collision would let the table and the repetition
    /// rules take a position with placements to make for one without, or with others.
    #[test]
    fn every_pending_state_has_its_own_key() {
        let size = BoardSize::new(16, 8).unwrap();
        let mut seen = std::collections::HashSet::new();
        for sq in size.all_squares() {
            for remaining in 1..=u8::MAX {
                for pass in [false, true] {
                    let p = Pending::new(sq, remaining, pass);
                    for state in [p, p.leave_center()] {
                        let key = state.key();
                        assert_ne!(key, 0, "{state:?}");
                        assert!(seen.insert(key), "{state:?}: a key seen before");
                    }
                }
            }
        }
    }
}
