//! Chimera driven by python-chess's `chess.engine`, as users script it
//! (scripts/python_chess_client.py): self-play by time, nodes and clock in chess and Chess960,
//! MultiPV root moves against python-chess's legal moves, analysis stopped mid-search, and no
//! warning from python-chess's protocol parser.

use std::process::Command;

#[test]
fn python_chess_drives_chimera_without_a_complaint() {
    let have_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .status()
        .is_ok_and(|s| s.success());
    if !have_chess {
        if std::env::var("CHIMERA_REQUIRE_PYFFISH").is_ok() {
            panic!("python-chess is not installed (scripts/test.sh installs it)");
        }
        eprintln!("SKIPPED: python-chess not installed; run scripts/test.sh for the full suite");
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/scripts/python_chess_client.py"))
        .args(["--chimera", env!("CARGO_BIN_EXE_chimera"), "--games", "1"])
        .current_dir(root)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "python-chess client failed:\n{stdout}"
    );
    assert!(stdout.contains("no complaint"), "no summary:\n{stdout}");
}
