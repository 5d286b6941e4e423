//! Coordinate move notation (`e2e4`, `a9a10c`, `N@e5`), converted only against a position:
//! text never becomes a `Move` without the legal move list.

use crate::game::Game;
use crate::position::Position;
use crate::types::{Bitboard, Move, MoveKind, MoveList};
use crate::with_position;

pub fn move_to_uci<B: Bitboard>(pos: &Position<B>, m: Move) -> String {
    let v = &*pos.variant;
    let size = v.size;
    match m.kind() {
        MoveKind::Drop => format!(
            "{}@{}",
            v.pieces[m.piece().index()].letter.to_ascii_uppercase(),
            size.name(m.to())
        ),
        MoveKind::Promotion => {
            format!(
                "{}{}{}",
                size.name(m.from()),
                size.name(m.to()),
                v.pieces[m.piece().index()].letter
            )
        }
        // In a Fischer Random game the king's move alone can be ambiguous (or no move at all):
        // castling is written as the king taking its partner, as UCI_Chess960 does.
        MoveKind::CastleHigh | MoveKind::CastleLow if v.chess960 => king_takes_partner(pos, m),
        _ => format!("{}{}", size.name(m.from()), size.name(m.to())),
    }
}

/// As `move_to_uci`, castling written as the king taking its partner in every game when
/// `chess960` is set (the UCI_Chess960 option).
pub fn move_to_uci_in<B: Bitboard>(pos: &Position<B>, m: Move, chess960: bool) -> String {
    if chess960 && m.is_castling() {
        return king_takes_partner(pos, m);
    }
    move_to_uci(pos, m)
}

/// A castling move written as the king taking its partner (`e1h1`: the UCI_Chess960 form).
pub fn king_takes_partner<B: Bitboard>(pos: &Position<B>, m: Move) -> String {
    let side = (m.kind() == MoveKind::CastleLow) as usize;
    let partner = pos
        .partner_square(pos.side_to_move(), side)
        .unwrap_or(m.to());
    let size = pos.variant.size;
    format!("{}{}", size.name(m.from()), size.name(partner))
}

/// Finds the legal move written `text`. Castling is also accepted as the king taking its
/// partner (`e1h1`, the UCI_Chess960 form).
pub fn parse_uci<B: Bitboard>(pos: &Position<B>, text: &str) -> Result<Move, String> {
    let text = text.trim();
    if text.is_empty() || text.len() > 12 || !text.is_ascii() {
        return Err(format!("'{text}' is not a move"));
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let lower = text.to_ascii_lowercase();
    for &m in list.iter() {
        let written = move_to_uci(pos, m);
        if written == text || (m.kind() != MoveKind::Drop && written == lower) {
            return Ok(m);
        }
        // Castling is read in both forms, whichever the game writes. The king's move comes
        // after every other move in the list, so where it reads like another king move (a
        // Fischer Random king one step from its castled square) that move wins.
        if m.is_castling() {
            let size = pos.variant.size;
            let kings_move = format!("{}{}", size.name(m.from()), size.name(m.to()));
            if king_takes_partner(pos, m) == lower || kings_move == lower {
                return Ok(m);
            }
        }
    }
    if looks_like_move(pos, text) {
        Err(format!("illegal move '{text}'"))
    } else {
        Err(format!("'{text}' is not a move"))
    }
}

/// Is `text` a placement (`R@e5`) that the last ply made automatically? Such a placement
/// takes no ply, but the cancellation rules' own example of a turn writes one
/// (`bestmove R@e5,N@f6,…`): whoever reads a turn skips it rather than refuse the turn.
pub fn names_automatic_placement<B: Bitboard>(pos: &Position<B>, text: &str) -> bool {
    let Some((letter, square)) = text.trim().split_once('@') else {
        return false;
    };
    let v = &*pos.variant;
    let (Some(sq), Some(kind)) = (
        v.size.parse(square),
        v.kinds().find(|k| {
            v.pieces[k.index()]
                .letter
                .to_string()
                .eq_ignore_ascii_case(letter)
        }),
    ) else {
        return false;
    };
    pos.placed_automatically(sq, kind)
}

fn looks_like_move<B: Bitboard>(pos: &Position<B>, text: &str) -> bool {
    let size = pos.variant.size;
    if let Some((_, sq)) = text.split_once('@') {
        return size.parse(sq).is_some();
    }
    match size.parse_prefix(text) {
        Some((_, n)) => size.parse_prefix(&text[n..]).is_some(),
        None => false,
    }
}

impl Game {
    pub fn move_to_uci(&self, m: Move) -> String {
        with_position!(self, p => move_to_uci(p, m))
    }
    pub fn parse_uci(&self, text: &str) -> Result<Move, String> {
        with_position!(self, p => parse_uci(p, text))
    }
    /// See `names_automatic_placement`.
    pub fn names_automatic_placement(&self, text: &str) -> bool {
        with_position!(self, p => names_automatic_placement(p, text))
    }
}
