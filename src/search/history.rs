//! Per-thread move-ordering memory: killers, butterfly history and counter-moves.

use super::params::{history_bonus, HISTORY_MAX, MAX_PLY};
use crate::types::{Color, Move, MAX_SQUARES};

const BUTTERFLY: usize = 2 * MAX_SQUARES * MAX_SQUARES;

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
            counter: vec![Move::NULL; BUTTERFLY],
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
        self.butterfly[index(color, m)] as i32
    }

    /// `color`'s quiet-move history as one table, read at `from * MAX_SQUARES + to`: the
    /// picker takes it once per node and, with squares below `MAX_SQUARES`, reads it without
    /// a bounds check per move.
    #[inline(always)]
    pub fn quiet_table(&self, color: Color) -> &[i16; MAX_SQUARES * MAX_SQUARES] {
        let side = color.index() * MAX_SQUARES * MAX_SQUARES;
        self.butterfly[side..side + MAX_SQUARES * MAX_SQUARES]
            .try_into()
            .expect("a side's history is MAX_SQUARES x MAX_SQUARES")
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
        Self::bump(&mut self.butterfly[index(color, m)], bonus);
        for &q in tried {
            Self::bump(&mut self.butterfly[index(color, q)], -bonus);
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
