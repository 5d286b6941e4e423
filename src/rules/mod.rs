//! Rule modifiers, one module each, called by the move generator through narrow functions.
pub mod cancellation;
pub mod kings_leap;
pub mod no_jump_check;
pub mod no_repetition;
pub mod relay;
