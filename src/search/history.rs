//! Per-thread move-ordering memory: killers, butterfly history and counter-moves.

use super::params::{history_bonus, HISTORY_MAX, MAX_PLY};
use crate::types::{Color, Move, MAX_SQUARES};

/// A side's butterfly history, read at `quiet_index`: a row of 256 per target square, whose
/// upper half no move reaches (squares are below `MAX_SQUARES`, 128).
const SIDE_BUTTERFLY: usize = 256 * MAX_SQUARES;
const BUTTERFLY: usize = 2 * SIDE_BUTTERFLY;
const _: () = assert!(MAX_SQUARES <= 128);

/// A move's place in a side's butterfly history: its from- and to-square bytes as they stand
/// in the move (`Move::raw`), so that the picker, which scores most moves by it, needs no
/// shift to form the index.
#[inline(always)]
pub fn quiet_index(m: Move) -> usize {
    (m.raw() & 0x7F7F) as usize
}

#[inline(always)]
fn butterfly_index(color: Color, m: Move) -> usize {
    color.index() * SIDE_BUTTERFLY + quiet_index(m)
}

/// The counter-move table's index.
#[inline(always)]
fn index(color: Color, m: Move) -> usize {
    (color.index() * MAX_SQUARES + m.from().index()) * MAX_SQUARES + m.to().index()
}

pub struct Histories {
    butterfly: Vec<i16>,
    counter: Vec<Move>,
    killers: [[Move; 2]; MAX_PLY + 2],
}

impl Default for Histories {
    fn default() -> Self {
        Self::new()
    }
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            butterfly: vec![0; BUTTERFLY],
            counter: vec![Move::NULL; 2 * MAX_SQUARES * MAX_SQUARES],
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
        }
    }

    pub fn clear(&mut self) {
        self.butterfly.fill(0);
        self.counter.fill(Move::NULL);
        self.clear_killers();
    }

    pub fn clear_killers(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
    }

    #[inline(always)]
    pub fn quiet(&self, color: Color, m: Move) -> i32 {
        self.butterfly[butterfly_index(color, m)] as i32
    }

    /// `color`'s quiet-move history as one table, read at `quiet_index`: the picker takes it
    /// once per node and, with indices below its length, reads it without a bounds check per
    /// move.
    #[inline(always)]
    pub fn quiet_table(&self, color: Color) -> &[i16; SIDE_BUTTERFLY] {
        let side = color.index() * SIDE_BUTTERFLY;
        self.butterfly[side..side + SIDE_BUTTERFLY]
            .try_into()
            .expect("a side's history is SIDE_BUTTERFLY long")
    }

    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// The move that last refuted `prev` (played by the other side).
    #[inline(always)]
    pub fn counter(&self, color: Color, prev: Move) -> Move {
        if prev == Move::NULL {
            Move::NULL
        } else {
            self.counter[index(!color, prev)]
        }
    }

    /// The highest square any counter-move names (tests: what a change of game leaves).
    #[cfg(test)]
    pub fn highest_counter_square(&self) -> Option<usize> {
        let named = self.counter.iter().filter(|&&m| m != Move::NULL);
        named.map(|m| m.from().index().max(m.to().index())).max()
    }

    #[inline(always)]
    fn bump(entry: &mut i16, bonus: i32) {
        let v = *entry as i32;
        *entry = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
    }

    /// A quiet move caused a beta cutoff after `tried` other quiets failed.
    pub fn reward_quiet(
        &mut self,
        color: Color,
        m: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
        prev: Move,
    ) {
        let bonus = history_bonus(depth);
        Self::bump(&mut self.butterfly[butterfly_index(color, m)], bonus);
        for &q in tried {
            Self::bump(&mut self.butterfly[butterfly_index(color, q)], -bonus);
        }
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        if prev != Move::NULL {
            self.counter[index(!color, prev)] = m;
        }
    }
}
