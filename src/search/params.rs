//! Every tunable of the search, declared once. Margins and reductions are small named formulas
//! so that a match runner (SPRT) can tune them one at a time. Units: centipawns and plies.

/// Deepest ply the search reaches (stack and PV sizes).
pub const MAX_PLY: usize = 128;
/// Deepest iteration `go depth` may ask for.
pub const MAX_DEPTH: i32 = 120;

// ---- Aspiration windows ----
/// First iteration searched with a window around the previous score.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Half-width of the first window.
pub const ASPIRATION_DELTA: i32 = 18;
/// How the window widens after a fail: delta += delta * num / den.
pub const fn aspiration_widen(delta: i32) -> i32 {
    delta + delta / 2 + 5
}

/// The table cuts no node whose halfmove clock is within this many plies of the move rule: a
/// draw stored from a longer path to the same position (the clock there reaching the rule)
/// would hide a mate still in reach on this one (Stockfish's guard, 90 of 100 plies).
pub const MOVE_RULE_TT_MARGIN: u16 = 10;

/// Iterations go on this many plies past twice a mate's length before they stop (it is proven).
pub const MATE_CONFIRM_PLIES: i32 = 4;

// ---- Pruning ----
/// Reverse futility pruning (static null move) applies at depths up to this.
pub const RFP_MAX_DEPTH: i32 = 7;
pub const fn rfp_margin(depth: i32, improving: bool) -> i32 {
    100 * depth - if improving { 70 } else { 0 }
}

/// Null-move pruning from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Depth reduction of the null-move search.
pub const fn nmp_reduction(depth: i32, eval_margin: i32) -> i32 {
    let r = 3 + depth / 4 + min(eval_margin / 200, 3);
    if r > depth {
        depth
    } else {
        r
    }
}

/// Late-move pruning: quiet moves after this many at depth `depth` are skipped (non-PV).
pub const LMP_MAX_DEPTH: i32 = 6;
/// Up to this depth late-move pruning spares quiet checks in non-PV nodes as well (it always
/// does in PV nodes): a quiet mate one move ahead is then seen at once, not iterations later.
pub const LMP_CHECKS_MAX_DEPTH: i32 = 1;
pub const fn lmp_count(depth: i32, improving: bool) -> usize {
    let base = 3 + depth * depth;
    (if improving { base } else { base / 2 + 1 }) as usize
}

/// Futility pruning of quiet moves near the leaves.
pub const FUTILITY_MAX_DEPTH: i32 = 6;
pub const fn futility_margin(depth: i32) -> i32 {
    140 + 130 * depth
}

/// SEE pruning thresholds (captures / quiets) at low depth.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 7;
pub const fn see_capture_threshold(depth: i32) -> i32 {
    -90 * depth
}
pub const fn see_quiet_threshold(depth: i32) -> i32 {
    -40 * depth * depth
}

/// Quiescence delta pruning margin.
pub const DELTA_MARGIN: i32 = 180;
/// Plies into quiescence from which only recaptures (on the last move's square) are searched,
/// out of check: where every piece can take something (hostile relay, boards full of
/// queens) the capture tree otherwise explodes (Stockfish's rule, at the same depth).
pub const QS_RECAPTURES_FROM: usize = 5;

/// Internal iterative reduction: without a TT move, search this deep one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

// ---- Late-move reductions ----
pub const LMR_MIN_DEPTH: i32 = 3;
/// Moves searched before reductions start (the first `n` are never reduced).
pub const LMR_MIN_MOVES: usize = 2;
/// `base + ln(depth) * ln(moves) / divisor`, in hundredths of a ply.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
pub fn lmr_reduction(depth: usize, moves: usize) -> i32 {
    if depth == 0 || moves == 0 {
        return 0;
    }
    (LMR_BASE + (depth as f64).ln() * (moves as f64).ln() / LMR_DIVISOR) as i32
}
/// History score that shifts a reduction by one ply.
pub const LMR_HISTORY_DIVISOR: i32 = 6000;

// ---- Move ordering and histories ----
pub const HISTORY_MAX: i32 = 16_384;
pub const fn history_bonus(depth: i32) -> i32 {
    min(depth * depth * 16 + 32 * depth, 1_600)
}

// ---- Time management (milliseconds, fractions in per-mille) ----
/// Moves assumed left in the game when the GUI gives no `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u64 = 30;
/// At most this many moves to go are planned for (a long `movestogo` is treated as this).
pub const MAX_MOVES_TO_GO: u64 = 50;
/// Share of the increment spent on this move (when the clock is healthy, see below).
pub const INCREMENT_SHARE_PERMILLE: u64 = 800;
/// Below this many increments on the clock only the low-clock share of the increment is spent
/// (the rest rebuilds the clock)...
pub const INCREMENT_RESERVE_FROM: u64 = 20;
/// ... and from this many on the full share is; linear in between. In a long game on a short
/// increment the clock settles where a move takes one increment: near 27 increments.
pub const INCREMENT_RESERVE_FULL: u64 = 80;
/// The clock to rebuild is counted in increments only while they are short: a bank of this
/// many milliseconds is enough against any lag (a 5 s increment need not bank 100 s) ...
pub const INCREMENT_RESERVE_FROM_MAX_MS: u64 = 2_000;
/// ... and from this many milliseconds on the full share is spent whatever the increment.
pub const INCREMENT_RESERVE_FULL_MAX_MS: u64 = 8_000;
/// Share of the full increment share spent however low the clock (the soft and hard caps
/// below keep it inside the clock): a 0.5 s clock with a 0.5 s increment is not played at
/// a few milliseconds a move.
pub const INCREMENT_LOW_CLOCK_PERMILLE: u64 = 250;
/// The soft limit never exceeds this share of the time left.
pub const SOFT_MAX_PERMILLE: u64 = 250;
/// The hard limit is this multiple of the soft limit ...
pub const HARD_SOFT_RATIO: u64 = 4;
/// ... and never more than this share of the time left.
pub const HARD_MAX_PERMILLE: u64 = 600;
/// Before a time control (`movestogo`) the clock is refilled after the last move, so the last
/// moves may take more: the soft limit's cap is at least this share divided by the moves to
/// go (half the clock on the very last move) ...
pub const LAST_MOVES_SOFT_PERMILLE: u64 = 500;
/// ... and the hard limit's at least this share divided by them.
pub const LAST_MOVES_HARD_PERMILLE: u64 = 850;
/// Time always kept in reserve on the clock, besides `Move Overhead`.
pub const CLOCK_RESERVE_MS: u64 = 5;
/// A new iteration starts only while less than this share of the soft limit is spent.
pub const NEW_ITERATION_PERMILLE: u64 = 550;
/// Soft-limit scale by how many iterations the best move has stayed the same (per-mille).
pub const fn stability_scale(stable_iterations: u32) -> u64 {
    match stable_iterations {
        0 => 1_500,
        1 => 1_200,
        2 => 1_000,
        3 => 900,
        _ => 800,
    }
}

/// Nodes between clock checks of the main thread.
pub const CLOCK_CHECK_NODES: u64 = 1024;

/// Principal-variation nodes at least this deep share their moves between threads (`split.rs`;
/// below the pruning depths a split hands out only the moves that pruning spares). From 5
/// rather than 8 since session 63: two threads reach depth 10 about 11% sooner, deeper ones as
/// soon.
pub const SPLIT_MIN_DEPTH: i32 = 5;
/// A move of a split point that beats alpha with a null window is searched again with the full
/// window by the main thread, the split set aside so that the move's tree can split in turn
/// (`split.rs`), when that search is at least this deep; a shallower one stays with the thread
/// that found it. Session 64, two threads to depth 10 / 12 / 15: 255 / 705 / 2902 ms from 7,
/// 280 / 738 / 2990 ms from any depth, 270 / 730 / 3069 ms never.
pub const RESEARCH_SPLIT_MIN_DEPTH: i32 = 7;
/// Helpers that serve split points; any further helper runs Lazy SMP.
pub const SPLIT_HELPERS: usize = 3;

const fn min(a: i32, b: i32) -> i32 {
    if a < b {
        a
    } else {
        b
    }
}
