//! Bitboards of 64 or 128 bits behind one trait. The width is chosen once per game
//! (from files x ranks); everything below is generic over it.

use super::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

pub trait Bitboard:
    Copy
    + Eq
    + Debug
    + Hash
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of squares this width can hold.
    const CAPACITY: usize;
    const EMPTY: Self;
    fn from_square(sq: Square) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// Lowest square; undefined on an empty board.
    fn lsb(self) -> Square;
    /// Highest square; undefined on an empty board.
    fn msb(self) -> Square;
    fn has(self, sq: Square) -> bool {
        !(self & Self::from_square(sq)).is_empty()
    }
    fn any(self) -> bool {
        !self.is_empty()
    }
    fn with(self, sq: Square) -> Self {
        self | Self::from_square(sq)
    }
    fn without(self, sq: Square) -> Self {
        self & !Self::from_square(sq)
    }
    /// Removes and returns the lowest square.
    fn pop_lsb(&mut self) -> Square;
    #[inline(always)]
    fn squares(self) -> SquareIter {
        let all = self.to_u128();
        SquareIter {
            lo: all as u64,
            hi: (all >> 64) as u64,
        }
    }
    /// True when more than one square is set.
    fn more_than_one(self) -> bool;
    /// The OR of `f(square)` over the squares, low to high.
    #[inline(always)]
    fn or_over<T: BitOr<Output = T>>(self, init: T, mut f: impl FnMut(Square) -> T) -> T {
        let mut acc = init;
        let mut rest = self;
        while rest.any() {
            acc = acc | f(rest.pop_lsb());
        }
        acc
    }
    /// The same squares in a 128-bit board.
    fn to_u128(self) -> u128;
}

macro_rules! impl_bitboard {
    ($t:ty, $bits:expr, halves) => {
        impl_bitboard!(@ $t, $bits,
            // A square's bit built in its own half: a 128-bit shift by a variable amount
            // costs a double shift and two conditional moves.
            #[inline(always)]
            fn from_square(sq: Square) -> Self {
                let s = sq.index();
                let bit = 1u64 << (s & 63);
                let (lo, hi) = if s < 64 { (bit, 0) } else { (0, bit) };
                (hi as u128) << 64 | lo as u128
            }
            #[inline(always)]
            fn has(self, sq: Square) -> bool {
                let s = sq.index();
                let half = if s < 64 { self as u64 } else { (self >> 64) as u64 };
                half >> (s & 63) & 1 != 0
            }
            // Each 64-bit half on its own: no 128-bit borrow chain per square.
            #[inline(always)]
            fn or_over<T: BitOr<Output = T>>(self, init: T, mut f: impl FnMut(Square) -> T) -> T {
                let mut acc = init;
                let mut lo = self as u64;
                while lo != 0 {
                    acc = acc | f(Square::new(lo.trailing_zeros() as u8));
                    lo &= lo - 1;
                }
                let mut hi = (self >> 64) as u64;
                while hi != 0 {
                    acc = acc | f(Square::new(64 + hi.trailing_zeros() as u8));
                    hi &= hi - 1;
                }
                acc
            }
        );
    };
    ($t:ty, $bits:expr, plain) => {
        impl_bitboard!(@ $t, $bits,
            #[inline(always)]
            fn from_square(sq: Square) -> Self {
                1 << sq.index()
            }
        );
    };
    (@ $t:ty, $bits:expr, $($extra:item)*) => {
        impl Bitboard for $t {
            const CAPACITY: usize = $bits;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> Square {
                Square::new(self.trailing_zeros() as u8)
            }
            #[inline(always)]
            fn msb(self) -> Square {
                Square::new(($bits - 1 - self.leading_zeros()) as u8)
            }
            #[inline(always)]
            fn pop_lsb(&mut self) -> Square {
                let sq = self.lsb();
                *self &= *self - 1;
                sq
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn more_than_one(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            $($extra)*
        }
    };
}

impl_bitboard!(u64, 64, plain);
impl_bitboard!(u128, 128, halves);

/// Iterates the squares of a bitboard from low to high, each 64-bit half on its own: on a
/// 128-bit board that saves a borrow chain per square, and on a 64-bit one the upper half is
/// a constant zero that the compiler drops.
pub struct SquareIter {
    lo: u64,
    hi: u64,
}

impl Iterator for SquareIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let sq = self.lo.trailing_zeros() as u8;
            self.lo &= self.lo - 1;
            Some(Square::new(sq))
        } else if self.hi != 0 {
            let sq = 64 + self.hi.trailing_zeros() as u8;
            self.hi &= self.hi - 1;
            Some(Square::new(sq))
        } else {
            None
        }
    }

    /// Two loops, one for each half, where `next` tests the low half for every square.
    #[inline(always)]
    fn fold<A, F: FnMut(A, Square) -> A>(self, init: A, mut f: F) -> A {
        let mut acc = init;
        let mut lo = self.lo;
        while lo != 0 {
            acc = f(acc, Square::new(lo.trailing_zeros() as u8));
            lo &= lo - 1;
        }
        let mut hi = self.hi;
        while hi != 0 {
            acc = f(acc, Square::new(64 + hi.trailing_zeros() as u8));
            hi &= hi - 1;
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `or_over` visits every square once, low to high, in both halves of a 128-bit board (its
    /// own loop) and on a 64-bit one (the default), as `squares` does.
    #[test]
    fn or_over_visits_every_square() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let wide = (u128::from(x) << 64 | u128::from(x.rotate_left(29))) & !(1 << 127);
            let narrow = x.rotate_left(7);
            assert_eq!(wide.or_over(0u128, |s| 1 << s.index()), wide);
            assert_eq!(narrow.or_over(0u64, |s| 1 << s.index()), narrow);
            let mut seen = Vec::new();
            wide.or_over(false, |s| {
                seen.push(s);
                false
            });
            assert_eq!(seen, wide.squares().collect::<Vec<_>>());
            // `fold` (its own loops) visits what `next` does.
            let folded = wide.squares().fold(Vec::new(), |mut v, s| {
                v.push(s);
                v
            });
            assert_eq!(folded, seen);
        }
    }

    /// The 128-bit board's own `from_square` and `has` agree with plain shifts on every square.
    #[test]
    fn square_bits_in_both_halves() {
        let pattern: u128 = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210;
        for i in 0..128u8 {
            let sq = Square::new(i);
            assert_eq!(<u128 as Bitboard>::from_square(sq), 1u128 << i);
            assert_eq!(pattern.has(sq), pattern >> i & 1 == 1);
            assert_eq!(pattern.with(sq), pattern | 1u128 << i);
            assert_eq!(pattern.without(sq), pattern & !(1u128 << i));
            if i < 64 {
                assert_eq!(<u64 as Bitboard>::from_square(sq), 1u64 << i);
            }
        }
    }
}
