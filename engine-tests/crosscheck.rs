//! A CI-sized sample of the independent cross-check: Chimera's perft divide against
//! Fairy-Stockfish (pyffish) on start positions and random-playout positions of every game
//! pyffish can express (scripts/crosscheck_pyffish.py --quick).

mod common;

#[test]
fn pyffish_crosscheck_sample() {
    if !common::python_module_or_skip("pyffish") {
        return;
    }
    let stdout = common::run_python_script("crosscheck_pyffish.py", &["--quick", "--jobs", "2"]);
    assert!(
        stdout.contains("positions"),
        "the cross-check printed no summary"
    );
}

/// Positions Chimera reaches in its own games (searched moves mixed with seeded random ones),
/// every ply's move set and the position after each move compared with the game's oracle:
/// pyffish, or the repository's own oracles for the games pyffish cannot play
/// (scripts/oracles/engine_games.py; one short game per game with an oracle).
#[test]
fn engine_played_positions_match_the_oracles() {
    if !common::python_module_or_skip("pyffish") {
        return;
    }
    let stdout = common::run_python_script(
        "oracles/engine_games.py",
        &[
            "--games",
            "1",
            "--max-plies",
            "60",
            "--seed",
            "7",
            "--jobs",
            "2",
        ],
    );
    common::assert_clean_summary(&stdout, "total:", " 0 failed games");
}

/// Pieces of user-defined games (variant files, Betza notation) against Fairy-Stockfish's
/// Betza: seeded random pieces from the subset both read alike, the same game written for
/// each, move sets and perft compared (scripts/betza_crosscheck.py --quick: seven games on
/// 8x8, 10x8 and 10x10).
#[test]
fn betza_pieces_match_fairy_stockfish() {
    if !common::python_module_or_skip("pyffish") {
        return;
    }
    let dir = common::scratch_dir("betza");
    let keep = dir.to_string_lossy();
    let stdout = common::run_python_script("betza_crosscheck.py", &["--quick", "--keep", &keep]);
    common::assert_clean_summary(&stdout, "TOTAL", " 0 mismatches,");
}

/// The same on boards of other shapes, up to the largest Fairy-Stockfish takes: 12x10 (120
/// squares, past a 64-bit set, with two-digit ranks) and 7x5 (odd both ways).
#[test]
fn betza_pieces_match_fairy_stockfish_on_odd_boards() {
    if !common::python_module_or_skip("pyffish") {
        return;
    }
    for board in ["12x10", "7x5"] {
        let dir = common::scratch_dir(&format!("betza-{board}"));
        let keep = dir.to_string_lossy();
        let args = [
            "--board",
            board,
            "--games",
            "3",
            "--positions",
            "6",
            "--seed",
            "2",
        ];
        let stdout = common::run_python_script(
            "betza_crosscheck.py",
            &[&args[..], &["--keep", &keep]].concat(),
        );
        common::assert_clean_summary(&stdout, "TOTAL", " 0 mismatches,");
    }
}

/// Fischer Random castling in user-defined games (`chess960 = yes`) against Fairy-Stockfish's
/// chess960 mode: random arrays with the King between its partners, custom castling files and
/// partner pieces, on 8x8 to 12x8 and 10x10, with positions built around castling (King or
/// partner already on its destination, the two swapping, check, attacked or blocked paths);
/// also `castle-short` (the SAN of a low castling, against a mirrored Fairy-Stockfish game) and
/// a section's form under `UCI_Chess960` (scripts/chess960_files_crosscheck.py --quick).
#[test]
fn chess960_variant_files_match_fairy_stockfish() {
    if !common::python_module_or_skip("pyffish") {
        return;
    }
    let dir = common::scratch_dir("chess960-files");
    let keep = dir.to_string_lossy();
    let stdout = common::run_python_script(
        "chess960_files_crosscheck.py",
        &["--quick", "--keep", &keep],
    );
    common::assert_clean_summary(&stdout, "TOTAL", " 0 mismatches,");
    for line in ["castle-short: ", "UCI_Chess960 "] {
        let found = stdout.lines().find(|l| l.starts_with(line));
        assert!(
            found.is_some_and(|l| l.ends_with(", 0 differ") && !l.contains(": 0 ")),
            "{line}: {found:?}"
        );
    }
}

/// The rule keys of user-defined games (variant files) against Fairy-Stockfish's: promotion
/// to custom pieces on chosen ranks and its limit to pieces lost, double-step ranks with en
/// passant, castling files and partners, pieces confined to zones, facing Kings, the move rule
/// and the stalemate result, on seeded random games of 8x8 to 12x8
/// (scripts/variant_rules_crosscheck.py --quick: twelve games). It found double steps into the
/// promotion zone that did not promote, and promotion to confined pieces (now refused).
#[test]
fn variant_file_rules_match_fairy_stockfish() {
    if !common::python_module_or_skip("pyffish") {
        return;
    }
    let dir = common::scratch_dir("variant-rules");
    let keep = dir.to_string_lossy();
    let stdout =
        common::run_python_script("variant_rules_crosscheck.py", &["--quick", "--keep", &keep]);
    common::assert_clean_summary(&stdout, "TOTAL", " 0 mismatches,");
    // Each rule was met, not only drawn: "N castlings, N promotions, …; limit cut N moves …".
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("TOTAL"))
        .unwrap_or("");
    let number = |word: Option<&str>| word.and_then(|n| n.parse::<u32>().ok());
    for what in [
        " castlings,",
        " promotions,",
        " double steps,",
        " en passant;",
        " castlings refused",
        " stalemate results",
        " move-rule probes",
    ] {
        let count = number(
            summary
                .split(what)
                .next()
                .and_then(|b| b.rsplit([' ', '(']).next()),
        );
        assert!(count.is_some_and(|n| n > 0), "no{what} met: {summary}");
    }
    for rule in ["limit cut ", "confine cut ", "facing cut "] {
        let count = number(summary.split(rule).nth(1).and_then(|a| a.split(' ').next()));
        assert!(count.is_some_and(|n| n > 0), "{rule}nothing: {summary}");
    }
}
