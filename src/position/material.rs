//! FIDE's dead positions, the part a game's data can tell: a draw where stalemate draws and
//! neither side can ever mate.

use super::Position;
use crate::types::{Bitboard, Color};
use crate::variant::betza::AtomShape;
use crate::variant::{PieceType, StalemateRule, Variant};

/// The game's colour-bound pieces, where a board holding only kings and such pieces, all on
/// squares of one colour, is dead (FIDE's K+B v K+B with same-coloured bishops, and its
/// generalisation). Only a piece of the other colour could attack the squares of the other
/// colour next to the defending king, and none is left but the attacking king, which cannot
/// cover them all without standing next to its rival. That needs kings that attack like FIDE's
/// (no confinement, no facing rule; King's Leap's leap never captures, and as an escape it only
/// helps the defender) and pieces that never change square colour. Under cancellation that
/// holds while every colour-bound piece on the board has the same rule value: their captures
/// of each other then cancel out exactly and a King's capture is ordinary, so nothing is ever
/// placed.
#[derive(Clone, Copy, Debug)]
pub struct ColourBoundRule<B> {
    /// Bit `kind` for each colour-bound kind.
    pub kinds: u32,
    /// The squares whose file and rank add up to an odd number.
    pub light: B,
}

impl<B: Bitboard> ColourBoundRule<B> {
    /// `None` where the game's rules leave the argument above open, or no kind is colour-bound.
    pub fn of(variant: &Variant) -> Option<ColourBoundRule<B>> {
        if !plain_kings_and_pieces(variant) {
            return None;
        }
        // Pawn-like pieces never count (promotion changes the piece), nor do the kings, which
        // are the argument's own.
        let kinds = variant
            .kinds()
            .filter(|&k| {
                let p = variant.piece(k);
                !p.pawn && !p.royal && p.colour_bound()
            })
            .fold(0u32, |m, k| m | 1 << k.index());
        let size = variant.size;
        let light = size
            .all_squares()
            .filter(|&sq| (size.file(sq) + size.rank(sq)) % 2 == 1)
            .fold(B::EMPTY, |b, sq| b.with(sq));
        (kinds != 0).then_some(ColourBoundRule { kinds, light })
    }
}

/// The kinds that can never take anything, where a board holding only kings and such pieces is
/// dead: no piece but a king could ever give check, and a king that steps like FIDE's cannot
/// check its rival. Knight Relay's Knights are such, with only Knights and kings left (any other
/// piece could take with a Knight's relayed leap, so the Knight is the only harmless kind
/// there), as is a variants file's move-only piece. Not where the rules hand on moves (relay)
/// or let kings check from afar (facing kings), nor where a stalemate decides the game. Under
/// cancellation only a King could capture, which is an ordinary capture: nothing is placed.
pub fn harmless_kinds(variant: &Variant) -> u32 {
    if !plain_kings_and_pieces(variant) || variant.relay.is_some() {
        return 0;
    }
    variant
        .kinds()
        .filter(|&k| {
            let p = variant.piece(k);
            let zone_atoms = p.zone_moves.iter().flat_map(|(_, atoms)| atoms);
            !p.pawn
                && !p.royal
                && variant.knight_relay.is_none_or(|relayer| relayer == k)
                && p.atoms.iter().chain(zone_atoms).all(|a| !a.modes.capture)
        })
        .fold(0u32, |m, k| m | 1 << k.index())
}

/// What both dead-material arguments need: a stalemate draws and kings attack as FIDE's do
/// (and never face each other).
fn plain_kings_and_pieces(variant: &Variant) -> bool {
    variant.stalemate == StalemateRule::Draw
        && variant.facing_kings.is_none()
        && steps_like_a_king(variant.piece(variant.royal))
}

/// The royal piece moves and captures one step in each of the eight directions, and no more.
fn steps_like_a_king(royal: &PieceType) -> bool {
    let plain = royal.confined.is_none()
        && royal.zone_moves.is_none()
        && royal.atoms.iter().all(|a| {
            a.shape == AtomShape::Leap && !a.lame && !a.initial && a.modes.quiet && a.modes.capture
        });
    let mut steps: Vec<(i8, i8)> = royal.atoms.iter().flat_map(|a| a.vectors.clone()).collect();
    steps.sort_unstable();
    steps.dedup();
    let king: Vec<(i8, i8)> = (-1..=1)
        .flat_map(|x| (-1..=1).map(move |y| (x, y)))
        .filter(|&v| v != (0, 0))
        .collect();
    plain && steps == king
}

impl<B: Bitboard> Position<B> {
    /// A dead position by the pieces left, in a game where stalemate draws: no pawn-like piece
    /// and at most one other non-royal piece, worth 3 or less (K v K, K+minor v K); or only
    /// colour-bound pieces besides the kings, all on squares of one colour (see
    /// `ColourBoundRule`); or only pieces that can never take anything (`harmless_kinds`).
    /// Pieces still to be placed (cancellation) are material too. Cheap where there are more
    /// than three pieces, as in most positions.
    pub fn dead_material(&self) -> bool {
        // Most positions searched hold a pawn, and with one on the board the material is never
        // dead (both branches below then answer false): asked first, before the count.
        let (pawn_like, _) = self.tables.role_kinds();
        if self.by_kinds(pawn_like).any() {
            return false;
        }
        if self.occupied().count() > 3 {
            return self.only_pieces_that_cannot_mate();
        }
        let v = &*self.variant;
        if v.stalemate != StalemateRule::Draw || self.placement_pending() {
            return false;
        }
        let mut extra = 0;
        for k in v.kinds().filter(|&k| k != v.royal) {
            let n = u32::from(self.count(Color::White, k)) + u32::from(self.count(Color::Black, k));
            if n == 0 {
                continue;
            }
            let piece = v.piece(k);
            if piece.pawn || piece.value > 3 {
                return self.only_pieces_that_cannot_mate();
            }
            extra += n;
        }
        extra <= 1 || self.only_pieces_that_cannot_mate()
    }

    /// Asked only with no pawn-like piece on the board (`dead_material` answers before that).
    #[cold]
    #[inline(never)]
    fn only_pieces_that_cannot_mate(&self) -> bool {
        if self.placement_pending() {
            return false;
        }
        let (_, royals) = self.tables.role_kinds();
        let harmless = self.tables.harmless_kinds;
        if harmless != 0 && (self.occupied() & !self.by_kinds(harmless | royals)).is_empty() {
            return true;
        }
        let Some(rule) = &self.tables.colour_bound else {
            return false;
        };
        if !(self.occupied() & !self.by_kinds(rule.kinds | royals)).is_empty() {
            return false;
        }
        let bound = self.by_kinds(rule.kinds);
        let one_colour = (bound & rule.light).is_empty() || (bound & !rule.light).is_empty();
        one_colour && self.captures_place_nothing(rule.kinds)
    }

    /// Under cancellation, do the pieces of `kinds` on the board all have one rule value (so
    /// that their captures of each other place nothing)? Elsewhere, true.
    fn captures_place_nothing(&self, kinds: u32) -> bool {
        let Some(rule) = &self.variant.cancellation else {
            return true;
        };
        let mut values = self
            .variant
            .kinds()
            .filter(|k| kinds >> k.index() & 1 != 0 && self.by_kinds(1 << k.index()).any())
            .map(|k| rule.value(k));
        let first = values.next();
        values.all(|v| Some(v) == first)
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::Registry;
    use crate::with_position;

    /// Each case: the game, the position, whether it is dead.
    fn check(registry: &Registry, cases: &[(&str, &str, bool)]) {
        for &(variant, fen, dead) in cases {
            let game = registry.find(variant).unwrap().position(fen).unwrap();
            let got = with_position!(&game, p => p.dead_material());
            assert_eq!(got, dead, "{variant} {fen}");
        }
    }

    #[test]
    fn same_coloured_bishops_are_dead_material() {
        // c1, b2, d2, e3, b4 and f4 are dark squares, f5 a light one.
        check(
            &Registry::builtin(),
            &[
                ("chess", "4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1", true),
                ("chess", "4k3/8/8/5b2/8/8/8/2B1K3 w - - 0 1", false),
                ("chess", "4k3/8/8/8/5B2/8/8/2B1K3 b - - 0 1", true),
                ("chess", "4k3/8/8/8/1b3b2/8/1B6/2B1K3 w - - 0 1", true),
                ("chess", "4k3/8/8/8/5b2/8/2B5/2B1K3 w - - 0 1", false),
                ("chess", "4k3/8/8/8/5b2/8/8/2BNK3 w - - 0 1", false),
                ("chess", "4k3/7p/8/8/5b2/8/8/2B1K3 w - - 0 1", false),
                // The big boards and the relay games alike: relays hand on only bishops'
                // moves here.
                ("capablanca", "5k4/10/10/6b3/10/10/10/2B2K4 w - - 0 1", true),
                (
                    "capablanca",
                    "5k4/10/10/6b3/10/10/10/2BA1K4 w - - 0 1",
                    false,
                ),
                ("relay-chess", "4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1", true),
                // King's Leap: the leap is no capture, and an escape only for the defender.
                ("kings-leap", "4k3/8/8/8/5b2/8/8/2B1K3 w K - 0 1", true),
                // Cancellation: Bishop takes Bishop places nothing, a King's capture is
                // ordinary; but a placement owed is material.
                (
                    "cancellation-chess",
                    "4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1",
                    true,
                ),
                (
                    "cancellation-chess",
                    "4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1 place=d5,3,dest,pass",
                    false,
                ),
            ],
        );
    }

    /// Under cancellation, colour-bound pieces of different values are not dead material: a
    /// Bishop (3) taking a Ferz (2) places a Pawn. Pieces that never take are, as elsewhere.
    #[test]
    fn cancellation_needs_colour_bound_pieces_of_one_value() {
        let mut r = Registry::builtin();
        r.load(
            "[ferz : chess]\npiece = f Ferz F 2\ncancellation = yes\n\
             [walkers : chess]\npiece = w Walker mQ 9\ncancellation = yes\n",
        )
        .expect("a good variants file");
        check(
            &r,
            &[
                ("ferz", "4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1", true),
                ("ferz", "4k3/8/8/8/5f2/8/8/2B1K3 w - - 0 1", false),
                ("ferz", "4k3/8/8/8/5f2/8/8/2F1K3 w - - 0 1", true),
                ("walkers", "4k3/8/8/8/8/8/8/3WK3 w - - 0 1", true),
            ],
        );
    }

    /// Pieces that never take: Knight Relay's Knights (with no other piece left to relay a
    /// capture to), a variants file's move-only piece, whatever its value.
    #[test]
    fn pieces_that_never_take_cannot_mate() {
        let mut r = Registry::builtin();
        r.load("[walkers : chess]\npiece = w Walker mQ 9\n")
            .unwrap();
        check(
            &r,
            &[
                ("knight-relay", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", true),
                ("knight-relay", "4k3/8/3n4/8/8/8/8/1N2K3 w - - 0 1", true),
                ("knight-relay", "4k3/8/8/8/8/8/8/1N2KBN1 w - - 0 1", false),
                ("knight-relay", "4k3/8/8/8/8/8/8/1N2K1NR w - - 0 1", false),
                ("chess", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false),
                ("walkers", "4k3/8/8/8/8/8/8/3WK3 w - - 0 1", true),
                ("walkers", "4k3/8/8/8/8/8/8/2WWK1N1 w - - 0 1", false),
                ("walkers", "4k3/8/8/8/8/8/8/2WWKW2 w - - 0 1", true),
            ],
        );
    }

    #[test]
    fn colour_bound_pieces_of_a_variants_file() {
        let mut r = Registry::builtin();
        let text = "[fers : chess]\npiece = f Ferz F 2\npiece = e Elephant A 2\n\
                    start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\n\
                    [wazir-king : fers]\npiece = k King W 0 royal\n\n\
                    [zone-rook : fers]\npiece = e Elephant A 2 zone-moves=far:W\n\
                    zone = far white a8 b8 c8 d8 e8 f8 g8 h8\n\
                    zone = far black a1 b1 c1 d1 e1 f1 g1 h1\n";
        r.load(text).unwrap();
        const FERZES_AND_ALFILS: &str = "4k3/8/8/8/3f4/4E3/8/2F1K1e1 w - - 0 1";
        check(
            &r,
            &[
                // c1, e3, g1 and d4 are all dark: dead.
                ("fers", FERZES_AND_ALFILS, true),
                ("fers", "4k3/8/8/8/3f4/4E3/8/2F1K1eN w - - 0 1", false),
                // A king that steps only orthogonally can be mated by them; an Alfil that may
                // step like a Wazir somewhere is not colour-bound.
                ("wazir-king", FERZES_AND_ALFILS, false),
                ("zone-rook", FERZES_AND_ALFILS, false),
            ],
        );
    }
}
