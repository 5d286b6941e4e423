//! FEN for every board size: two-digit runs and ranks, X-FEN (`KQkq`) and Shredder (`Ha`)
//! castling letters, and King's Leap rights (`Kk`). `Setup` is unchecked-by-the-rules data;
//! `Position::from_setup` makes a position of it.

use super::{castle_bit, Position};
use crate::types::{Bitboard, Color, Piece, Square};
use crate::variant::Variant;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl FenError {
    pub fn new(msg: impl Into<String>) -> FenError {
        FenError(msg.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Clone, Debug)]
pub struct Setup {
    pub board: Vec<Option<Piece>>,
    pub side: Color,
    pub castling: u8,
    pub partners: [[Option<Square>; 2]; 2],
    pub ep: Option<Square>,
    pub halfmove: u16,
    pub fullmove: u32,
    /// Cancellation placements still owed (the seventh field, see `Pending::fen_field`).
    pub pending: Option<crate::rules::cancellation::Pending>,
}

// The clocks' ranges as play keeps them (the halfmove clock stops at `u16::MAX`), so that every
// FEN the engine writes (`d` after a long move list) reads back.
const MAX_HALFMOVE: u32 = u16::MAX as u32;
pub(crate) const MAX_FULLMOVE: u32 = 100_000_000;

impl Setup {
    /// Where each side's royal piece stands.
    pub fn king_squares(&self, variant: &Variant) -> [Square; 2] {
        Color::BOTH.map(|color| {
            let royal = Piece::new(color, variant.royal);
            Square::new(
                self.board
                    .iter()
                    .position(|p| *p == Some(royal))
                    .unwrap_or(0) as u8,
            )
        })
    }

    pub fn parse(variant: &Variant, fen: &str) -> Result<Setup, FenError> {
        let size = variant.size;
        let mut fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::new("empty FEN"));
        }
        // Cancellation games: pending placements as an extra last field `place=…`.
        let pending = match fields.last() {
            Some(last) if fields.len() > 1 && last.starts_with("place=") => {
                let Some(rule) = &variant.cancellation else {
                    return Err(FenError::new(format!(
                        "{} has no cancellation captures: '{last}'",
                        variant.name
                    )));
                };
                let p = crate::rules::cancellation::Pending::parse_fen_field(size, last)
                    .map_err(FenError::new)?;
                let most = rule.largest_remnant();
                if p.remaining > most {
                    return Err(FenError::new(format!(
                        "{last}: no capture in {} leaves more than {most} to place",
                        variant.name
                    )));
                }
                fields.pop();
                Some(p)
            }
            _ => None,
        };
        if fields.len() > 6 {
            return Err(FenError::new(format!(
                "FEN has {} fields; at most 6",
                fields.len()
            )));
        }
        // Board.
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != size.ranks as usize {
            return Err(FenError::new(format!(
                "FEN board has {} ranks; {} has {}",
                rows.len(),
                variant.name,
                size.ranks
            )));
        }
        let mut board = vec![None; size.squares()];
        for (i, row) in rows.iter().enumerate() {
            let rank = size.ranks - 1 - i as u8;
            let mut file: u32 = 0;
            let bytes = row.as_bytes();
            let mut j = 0;
            while j < bytes.len() {
                let c = bytes[j];
                if c.is_ascii_digit() {
                    let mut run: u32 = 0;
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        run = run * 10 + (bytes[j] - b'0') as u32;
                        j += 1;
                        if run > 16 {
                            break;
                        }
                    }
                    if run == 0 {
                        return Err(FenError::new(format!("rank {}: empty run of 0", rank + 1)));
                    }
                    file += run;
                } else {
                    let ch = c as char;
                    let kind = (ch.is_ascii_alphabetic())
                        .then(|| variant.kind_of(ch))
                        .flatten()
                        .ok_or_else(|| {
                            // The whole character, where its first byte is not ASCII.
                            let typed = row.get(j..).and_then(|r| r.chars().next()).unwrap_or(ch);
                            FenError::new(format!("'{typed}' is not a piece of {}", variant.name))
                        })?;
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if file < size.files as u32 {
                        board[size.square(file as u8, rank).index()] =
                            Some(Piece::new(color, kind));
                    }
                    file += 1;
                    j += 1;
                }
                if file > size.files as u32 {
                    return Err(FenError::new(format!(
                        "rank {} is longer than {} files",
                        rank + 1,
                        size.files
                    )));
                }
            }
            if file != size.files as u32 {
                return Err(FenError::new(format!(
                    "rank {} has {file} squares; expected {}",
                    rank + 1,
                    size.files
                )));
            }
        }
        // Kings and pawn-like pieces.
        for color in Color::BOTH {
            let royal = Piece::new(color, variant.royal);
            let kings = board.iter().filter(|p| **p == Some(royal)).count();
            if kings != 1 {
                let who = if color == Color::White {
                    "White"
                } else {
                    "Black"
                };
                return Err(FenError::new(format!(
                    "{who} has {kings} kings; exactly one expected"
                )));
            }
        }
        for (i, p) in board.iter().enumerate() {
            if let Some(p) = p {
                let sq = Square::new(i as u8);
                if let Some(z) = variant.piece(p.kind()).confined {
                    // A piece that may never leave its zone (the Canonical King and Queen).
                    if !variant.zones[z].squares[p.color().index()].contains(&sq) {
                        return Err(FenError::new(format!(
                            "the piece on {} may not stand outside its zone ({})",
                            size.name(sq),
                            variant.zones[z].name
                        )));
                    }
                }
                if variant.piece(p.kind()).pawn {
                    let r = variant.relative_rank(p.color(), size.rank(Square::new(i as u8)));
                    // Only pawns that promote have a first and a last rank to avoid.
                    if !variant.promotion_ranks.is_empty() && (r == size.ranks - 1 || r == 0) {
                        return Err(FenError::new(format!(
                            "a {} on {} can never stand there",
                            variant.piece(p.kind()).name.to_lowercase(),
                            size.name(Square::new(i as u8))
                        )));
                    }
                }
            }
        }
        // Side to move.
        let side = match fields.get(1) {
            Some(&"w") => Color::White,
            Some(&"b") => Color::Black,
            Some(other) => {
                return Err(FenError::new(format!(
                    "side to move must be w or b, got '{other}'"
                )))
            }
            None => return Err(FenError::new("side to move missing")),
        };
        let find_king = |color: Color| -> Square {
            let royal = Piece::new(color, variant.royal);
            Square::new(board.iter().position(|p| *p == Some(royal)).unwrap_or(0) as u8)
        };
        // Castling.
        let mut castling = 0u8;
        let mut partners = [[None; 2]; 2];
        let field = fields.get(2).copied().unwrap_or("-");
        if field != "-" {
            if !variant.has_castling() && !variant.king_leap {
                return Err(FenError::new(format!(
                    "castling field: '{field}' but {} has no castling",
                    variant.name
                )));
            }
            for ch in field.chars() {
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let ksq = find_king(color);
                let back = if color == Color::White {
                    0
                } else {
                    size.ranks - 1
                };
                if let Some(home) = variant.king_home.filter(|_| !variant.chess960) {
                    if home[color.index()] != ksq {
                        return Err(FenError::new(format!(
                            "castling field: '{ch}' but the king is not on its start square {}",
                            size.name(home[color.index()])
                        )));
                    }
                }
                if variant.king_leap {
                    if !ch.eq_ignore_ascii_case(&'K') {
                        return Err(FenError::new(format!(
                            "castling field: '{ch}'; {} marks an unmoved king with K or k",
                            variant.name
                        )));
                    }
                    if size.rank(ksq) != back {
                        return Err(FenError::new(format!(
                            "castling field: '{ch}' but the king is not on its first rank"
                        )));
                    }
                    castling |= castle_bit(color, 0);
                    continue;
                }
                if !ch.is_ascii_alphabetic() {
                    return Err(FenError::new(format!(
                        "castling field: bad character '{ch}'"
                    )));
                }
                if size.rank(ksq) != back {
                    return Err(FenError::new(format!(
                        "castling field: '{ch}' but the king is not on its first rank"
                    )));
                }
                let kfile = size.file(ksq);
                let is_partner = |file: u8, side: usize| -> bool {
                    let Some(spec) = &variant.castling[color.index()][side] else {
                        return false;
                    };
                    match board[size.square(file, back).index()] {
                        Some(p) => p.color() == color && spec.partners & (1 << p.kind().0) != 0,
                        None => false,
                    }
                };
                let up = ch.to_ascii_uppercase();
                let letter_side = match up {
                    'K' => Some(0),
                    'Q' => Some(1),
                    _ => None,
                };
                // `K`/`Q`: the partner on its start square in a game with a fixed array (a
                // piece elsewhere needs its file letter), else the outermost one (X-FEN).
                let home = letter_side.and_then(|side| variant.partner_home[color.index()][side]);
                let (side, file) = match (letter_side, home) {
                    (Some(side), Some(home)) => {
                        (side, Some(size.file(home)).filter(|&f| is_partner(f, side)))
                    }
                    (Some(0), None) => {
                        (0, (kfile + 1..size.files).rev().find(|&f| is_partner(f, 0)))
                    }
                    (Some(_), None) => (1, (0..kfile).find(|&f| is_partner(f, 1))),
                    (None, _) if up.is_ascii_uppercase() && up <= 'P' => {
                        let f = up as u8 - b'A';
                        if f >= size.files || f == kfile {
                            (0, None)
                        } else {
                            let side = if f > kfile { 0 } else { 1 };
                            (side, is_partner(f, side).then_some(f))
                        }
                    }
                    (None, _) => (0, None),
                };
                let Some(file) = file else {
                    return Err(FenError::new(match home {
                        Some(sq) => format!(
                            "castling field: no castling partner on {} for '{ch}' (a partner \
                             elsewhere is named by its file letter)",
                            size.name(sq)
                        ),
                        None => format!("castling field: no castling partner for '{ch}'"),
                    }));
                };
                let bit = castle_bit(color, side);
                if castling & bit != 0 {
                    return Err(FenError::new(format!(
                        "castling field: '{ch}' repeats a right"
                    )));
                }
                castling |= bit;
                partners[color.index()][side] = Some(size.square(file, back));
            }
        }
        // En passant.
        let ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            text => {
                let sq = size.parse(text).ok_or_else(|| {
                    FenError::new(format!("en passant square '{text}' is not a square"))
                })?;
                // The square a pawn of the side not to move just passed over.
                let mover = !side;
                let dir: i32 = if mover == Color::White { 1 } else { -1 };
                let pawn_there = size
                    .offset(sq, 0, dir)
                    .and_then(|s| board[s.index()])
                    .is_some_and(|p| p.color() == mover && variant.piece(p.kind()).pawn);
                // ... by a double step, from a square it has left empty.
                let from_double_step_rank = size.offset(sq, 0, -dir).is_some_and(|from| {
                    board[from.index()].is_none()
                        && variant
                            .double_step_ranks
                            .contains(&variant.relative_rank(mover, size.rank(from)))
                });
                if board[sq.index()].is_some() || !pawn_there || !from_double_step_rank {
                    return Err(FenError::new(format!(
                        "en passant square {text}: no pawn has just passed over it"
                    )));
                }
                Some(sq)
            }
        };
        let counter = |i: usize, default: u32, max: u32, what: &str| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => match t.parse::<u32>() {
                    Ok(v) if v <= max => Ok(v),
                    _ => Err(FenError::new(format!(
                        "{what} '{t}' must be a number from 0 to {max}"
                    ))),
                },
            }
        };
        let halfmove = counter(4, 0, MAX_HALFMOVE, "halfmove clock")? as u16;
        let fullmove = counter(5, 1, MAX_FULLMOVE, "fullmove number")?.max(1);
        Ok(Setup {
            board,
            side,
            castling,
            partners,
            ep,
            halfmove,
            fullmove,
            pending,
        })
    }
}

impl<B: Bitboard> Position<B> {
    pub fn fen(&self) -> String {
        let v = &*self.variant;
        let size = v.size;
        let mut out = String::new();
        for rank in (0..size.ranks).rev() {
            let mut run = 0;
            for file in 0..size.files {
                match self.piece_at(size.square(file, rank)) {
                    Some(p) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(v.letter(p.color(), p.kind()));
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side_to_move() == Color::White {
            " w "
        } else {
            " b "
        });
        out.push_str(&self.castling_field());
        out.push(' ');
        match self.ep_square() {
            Some(sq) => out.push_str(&size.name(sq).to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(
            " {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        let pending = self.pending_placement();
        if pending.is_active() {
            out.push(' ');
            out.push_str(&pending.fen_field(size));
        }
        out
    }

    fn castling_field(&self) -> String {
        let v = &*self.variant;
        let size = v.size;
        let rights = self.castling_rights();
        let mut out = String::new();
        for color in Color::BOTH {
            let case = |c: char| {
                if color == Color::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            };
            if v.king_leap {
                if rights & castle_bit(color, 0) != 0 {
                    out.push(case('K'));
                }
                continue;
            }
            for (side, letter) in [(0, 'K'), (1, 'Q')] {
                if rights & castle_bit(color, side) == 0 {
                    continue;
                }
                let Some(psq) = self.partner_square(color, side) else {
                    continue;
                };
                let partner_kind = self.piece_at(psq).map(|p| p.kind());
                // The letter where the partner stands on its start square (fixed arrays) or
                // is the outermost piece of its kind on that side (X-FEN, Fischer Random),
                // else the partner's file (Shredder).
                let pf = size.file(psq);
                let rank = size.rank(psq);
                let kfile = size.file(self.king(color));
                let shadowed = match v.partner_home[color.index()][side] {
                    Some(home) => home != psq,
                    None => {
                        let outer = if side == 0 { pf + 1..size.files } else { 0..pf };
                        outer.into_iter().any(|f| {
                            let p = self.piece_at(size.square(f, rank));
                            p.is_some_and(|p| p.color() == color && Some(p.kind()) == partner_kind)
                        }) || (side == 0 && pf < kfile)
                            || (side == 1 && pf > kfile)
                    }
                };
                if shadowed {
                    out.push(case((b'A' + pf) as char));
                } else {
                    out.push(case(letter));
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::Registry;

    /// The FEN a game writes back for `fen`, or the error.
    fn round_trip(registry: &Registry, variant: &str, fen: &str) -> Result<String, String> {
        let game = registry.find(variant).map_err(|e| e.to_string())?;
        game.position(fen).map(|g| g.fen()).map_err(|e| e.0)
    }

    /// A pawn-like piece on a rank it can never stand on is named as the game names it.
    #[test]
    fn a_pawn_like_piece_on_its_last_rank_is_named() {
        let r = Registry::builtin();
        let crab = "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCXR w - - 0 1";
        let err = round_trip(&r, "cannons-and-crabs", crab).unwrap_err();
        assert_eq!(err, "a crab on f1 can never stand there");
        let pawn = "P3k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let err = round_trip(&r, "chess", pawn).unwrap_err();
        assert_eq!(err, "a pawn on a8 can never stand there");
    }

    /// King's Leap games write the leap's right of each King that still has it, and only that.
    #[test]
    fn kings_leap_rights_are_written_per_king() {
        let r = Registry::builtin();
        let array = "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ";
        for rights in ["Kk", "K", "k", "-"] {
            let fen = format!("{array} w {rights} - 0 1");
            assert_eq!(round_trip(&r, "kings-leap", &fen), Ok(fen.clone()));
        }
    }

    /// A castling field in a game without castling is refused for what it is (it used to be
    /// "the king is not on its first rank", of Grand's King on its home square).
    #[test]
    fn a_castling_field_where_there_is_no_castling_says_so() {
        let r = Registry::builtin();
        let grand = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w KQkq - 0 1";
        let err = round_trip(&r, "grand", grand).unwrap_err();
        assert_eq!(err, "castling field: 'KQkq' but grand has no castling");
        let plain = grand.replace("KQkq", "-");
        assert_eq!(round_trip(&r, "grand", &plain), Ok(plain.clone()));
    }

    /// A character that is no piece is quoted whole, not by its first byte; a wrong number of
    /// Kings is reported for the side that has it.
    #[test]
    fn refusals_quote_the_character_and_name_the_side() {
        let r = Registry::builtin();
        for (fen, expected) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1",
                "'é' is not a piece of chess",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ♔BNR w KQkq - 0 1",
                "'♔' is not a piece of chess",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx w KQkq - 0 1",
                "'x' is not a piece of chess",
            ),
            (
                "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1",
                "White has 2 kings; exactly one expected",
            ),
            (
                "8/8/8/8/8/8/8/4K3 w - - 0 1",
                "Black has 0 kings; exactly one expected",
            ),
            (
                "2k1k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "Black has 2 kings; exactly one expected",
            ),
        ] {
            assert_eq!(round_trip(&r, "chess", fen), Err(expected.to_string()));
        }
    }

    /// In a game with a fixed array `K`/`Q` name the partner on its start square (the rules'
    /// corner piece), as pyffish's `validate_fen` reads them; any other partner is written
    /// and read by its file letter. Fischer Random's `K`/`Q` name the outermost partner.
    #[test]
    fn castling_letters_name_the_start_square_partner_in_fixed_arrays() {
        let r = Registry::builtin();
        let two_rooks = "4k3/8/8/8/8/8/8/1R2K1R1 w";
        assert_eq!(
            round_trip(&r, "chess", &format!("{two_rooks} GB - 0 1")).as_deref(),
            Ok("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1")
        );
        let refused = round_trip(&r, "chess", &format!("{two_rooks} KQ - 0 1")).unwrap_err();
        assert!(refused.contains("on h1 for 'K'"), "{refused}");
        assert_eq!(
            round_trip(&r, "fischerandom", &format!("{two_rooks} KQ - 0 1")).as_deref(),
            Ok("4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1")
        );
        assert_eq!(
            round_trip(&r, "fischerandom", &format!("{two_rooks} GB - 0 1")).as_deref(),
            Ok("4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1")
        );
        // A partner inside another piece of its kind on the same side is named by its file.
        assert_eq!(
            round_trip(&r, "fischerandom", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1").as_deref(),
            Ok("4k3/8/8/8/8/8/8/4K1RR w G - 0 1")
        );
        // Paulowich's corner Queen and Chancellor; the crosswise Black's h8 Chancellor is `k`.
        assert_eq!(
            round_trip(&r, "paulowich", "4k3/8/8/8/8/8/8/1C2K1Q1 w GB - 0 1").as_deref(),
            Ok("4k3/8/8/8/8/8/8/1C2K1Q1 w GB - 0 1")
        );
        assert!(round_trip(&r, "paulowich", "4k3/8/8/8/8/8/8/1C2K1Q1 w KQ - 0 1").is_err());
        let crosswise = "qnbkrbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1";
        assert_eq!(
            round_trip(&r, "paulowich-crosswise", crosswise).as_deref(),
            Ok(crosswise)
        );
    }
}
