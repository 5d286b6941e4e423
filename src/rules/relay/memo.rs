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
    // once per thread and width, never per node.
    static LAST: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

impl<B: Bitboard> RelayTables<B> {
    /// `relations(b)`, from this thread's memo when it holds the same tables and exactly the
    /// same pieces (every bitboard compared: relations depend on nothing else, and no hash
    /// collision can hand back another position's).
    pub(super) fn relations_memo(&self, b: &Board<B>) -> Relations<B> {
        LAST.with(|last| {
            // `relations` never comes back here, so the borrow cannot be taken twice.
            let mut last = last.borrow_mut();
            if let Some(e) = last.as_mut().and_then(|e| e.downcast_mut::<Entry<B>>()) {
                if e.tables == self.id && e.board == *b {
                    return e.relations.clone();
                }
                let r = self.relations(b);
                e.tables = self.id;
                e.board = *b;
                e.relations = r.clone();
                return r;
            }
            let r = self.relations(b);
            *last = Some(Box::new(Entry {
                tables: self.id,
                board: *b,
                relations: r.clone(),
            }));
            r
        })
    }
}
