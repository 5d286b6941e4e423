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
    /// `relations(b)`, from this thread's memo when it holds the same tables and exactly the
    /// same pieces (every bitboard compared: relations depend on nothing else, and no hash
    /// collision can hand back another position's).
    pub(super) fn relations_memo(&self, b: &Board<B>) -> Relations<B> {
        LAST.with(|last| {
            // `relations` never comes back here, so the borrow cannot be taken twice.
            let mut last = last.borrow_mut();
            let kept = last.as_mut().and_then(|e| e.downcast_mut::<Entry<B>>());
            if let Some(e) = kept
                .as_ref()
                .filter(|e| e.tables == self.id && e.board == *b)
            {
                return e.relations.clone();
            }
            let entry = Entry {
                tables: self.id,
                board: *b,
                relations: self.relations(b),
            };
            let relations = entry.relations.clone();
            match kept {
                Some(e) => *e = entry,
                None => *last = Some(Box::new(entry)),
            }
            relations
        })
    }
}
