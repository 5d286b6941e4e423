//! Front ends: each protocol line becomes a typed command or a typed error.
pub mod diagram;
pub mod notation;
pub mod san;
pub mod select;
pub mod uci;
pub mod xboard;
