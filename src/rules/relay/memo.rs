//! The last relations computed on this thread, remembered: the search asks for the relations of
//! the same position up to three times at a node (the check test after the move, the
//! evaluation, the move generation), and they cost more than everything else done there.

use super::board::Board;
use super::relations::Relations;
use super::tables::RelayTables;
use crate::types::Bitboard;
use std::any::Any;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// A new identity for each `RelayTables` built: a memo made with one game's tables is never
/// taken for another's (an address could be reused after the first game is dropped).
pub(super) fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

struct Entry<B> {
    tables: u64,
    board: Board<B>,
    relations: Relations<B>,
}

thread_local! {
    // Boxed as `Any`: a thread-local cannot be generic over the bitboard width. The box is made
    // when a thread first meets a width, and again only when it changes width (a new game),
    // never per node.
    static LAST: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

impl<B: Bitboard> RelayTables<B> {
    /// `f` of `relations(b)`, from this thread's memo when it holds the same tables and exactly
    /// the same pieces (every bitboard compared: relations depend on nothing else, and no hash
    /// collision can hand back another position's). `f` reads the memo's own copy: the relations
    /// are about a kilobyte, and copying them out at each of a node's three calls cost relay
    /// games about 7% of their instructions.
    pub(super) fn with_relations<T>(&self, b: &Board<B>, f: impl FnOnce(&Relations<B>) -> T) -> T {
        LAST.with(|last| {
            // Asked again from inside `f` (no caller does): computed apart, the memo untouched.
            let Ok(mut last) = last.try_borrow_mut() else {
                return f(&self.relations(b));
            };
            match last.as_mut().and_then(|e| e.downcast_mut::<Entry<B>>()) {
                Some(e) => {
                    if e.tables != self.id || e.board != *b {
                        e.tables = self.id;
                        e.board = *b;
                        self.fill_relations(b, &mut e.relations);
                    }
                    f(&e.relations)
                }
                None => {
                    // The thread's first relay position on boards of this width.
                    let entry = Entry {
                        tables: self.id,
                        board: *b,
                        relations: self.relations(b),
                    };
                    let result = f(&entry.relations);
                    *last = Some(Box::new(entry));
                    result
                }
            }
        })
    }

    /// A copy of `relations(b)`, through the memo.
    pub(super) fn relations_memo(&self, b: &Board<B>) -> Relations<B> {
        self.with_relations(b, Relations::clone)
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use crate::variant::Registry;

    /// The memo hands back what `relations` computes, whether it hits, misses after another
    /// position or another game of the same width, or is asked again from inside its own call.
    #[test]
    fn memo_agrees_with_direct_computation() {
        let reg = Registry::builtin();
        let fens = [
            (
                "anti-relay-chess",
                "r3k2r/8/8/3n4/3N4/8/8/R3K2R w KQkq - 0 1",
            ),
            ("relay-chess", "4k3/8/8/8/8/N7/8/R3K3 w - - 0 1"),
            (
                "anti-relay-chess",
                "r3k2r/8/8/3n4/3N4/8/8/R3K2R w KQkq - 0 1",
            ),
            (
                "relay-indirect-anti-relay-gothic",
                "r8r/4k5/10/3n6/3N6/10/4K5/R8R w - - 0 1",
            ),
            (
                "anti-relay-chess",
                "r3k2r/8/8/3n4/8/8/3N4/R3K2R w KQkq - 0 1",
            ),
        ];
        for _round in 0..2 {
            for (name, fen) in fens {
                let gt = reg.find(name).unwrap();
                let game = gt.position(fen).unwrap();
                crate::with_position!(&game, p => {
                    let rt = p.tables.relay.as_deref().unwrap();
                    let b = Board::of(p);
                    let direct = rt.relations(&b);
                    assert!(rt.with_relations(&b, |r| *r == direct), "{name} {fen}");
                    assert!(rt.relations_memo(&b) == direct, "{name} {fen}");
                    let nested = rt.with_relations(&b, |outer| {
                        rt.with_relations(&b, |inner| outer == inner && *inner == direct)
                    });
                    assert!(nested, "{name} {fen}");
                });
            }
        }
    }
}
