//! Malformed input must never crash or hang the engine.
//!
//! * `chimera perft …` with bad input: exit code 2 and a single non-empty line on
//!   stderr (never a panic, which exits 101; never a hang).
//! * UCI loop: every bad command is answered by exactly one line starting with
//!   `info string`, the engine stays alive (`isready` → `readyok`) and keeps its
//!   previous good state (variant and position: `go perft 1` gives the old count).
//!
//! Every interaction runs under a timeout (see `common`), so a hung engine fails.

mod common;
use common::*;
use std::time::Duration;

// -----------------------------------------------------------------------------------
// Helpers
// -----------------------------------------------------------------------------------

/// The perft subcommand must fail cleanly: exit code 2, exactly one non-empty line on
/// stderr, no panic message, no `Nodes searched` on stdout.
fn expect_cli_error(what: &str, args: &[&str]) {
    let r = run_bin(args, None, TIMEOUT);
    let err_lines: Vec<&str> = r.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let ok = !r.timed_out
        && r.code == Some(2)
        && err_lines.len() == 1
        && !r.stderr.contains("panicked")
        && !r.stdout.contains("Nodes searched");
    assert!(
        ok,
        "{}: `chimera {}` must exit with code 2 and one stderr line (101 = panic)\n{}",
        what,
        args.join(" "),
        r.describe()
    );
}

fn expect_fen_error(what: &str, variant: &str, fen: &str) {
    expect_cli_error(
        what,
        &["perft", "--variant", variant, "--fen", fen, "--depth", "1"],
    );
}

/// Either clean success (exit 0 with a perft result) or a clean error (exit 2, one
/// stderr line); never a panic or a hang.
fn expect_no_crash(what: &str, args: &[&str]) -> Option<String> {
    let r = run_bin(args, None, TIMEOUT);
    let err_lines: Vec<&str> = r.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let clean_ok = r.code == Some(0) && r.stdout.contains("Nodes searched");
    let clean_err = r.code == Some(2) && err_lines.len() == 1;
    assert!(
        !r.timed_out && !r.stderr.contains("panicked") && (clean_ok || clean_err),
        "{}: `chimera {}` must either succeed or fail cleanly (exit 2, one line)\n{}",
        what,
        args.join(" "),
        r.describe()
    );
    if clean_ok {
        Some(r.stdout)
    } else {
        None
    }
}

#[path = "bad_input/fens.rs"]
mod fens;
use fens::*;

#[path = "bad_input/cli.rs"]
mod cli;
#[path = "bad_input/uci.rs"]
mod uci;
