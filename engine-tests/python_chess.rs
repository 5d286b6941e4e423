//! Chimera driven by python-chess's `chess.engine`, as users script it
//! (scripts/python_chess_client.py): self-play by time, nodes and clock in chess and Chess960,
//! MultiPV root moves against python-chess's legal moves, analysis stopped mid-search, and no
//! warning from python-chess's protocol parser.

mod common;

#[test]
fn python_chess_drives_chimera_without_a_complaint() {
    if !common::python_module_or_skip("chess.engine") {
        return;
    }
    let stdout = common::run_python_script("python_chess_client.py", &["--games", "1"]);
    assert!(stdout.contains("no complaint"), "no summary:\n{stdout}");
}
