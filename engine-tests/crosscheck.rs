//! A CI-sized sample of the independent cross-check: Chimera's perft divide against
//! Fairy-Stockfish (pyffish) on start positions and random-playout positions of every game
//! pyffish can express (scripts/crosscheck_pyffish.py --quick).

use std::process::Command;

#[test]
fn pyffish_crosscheck_sample() {
    let have_pyffish = Command::new("python3")
        .args(["-c", "import pyffish"])
        .status()
        .is_ok_and(|s| s.success());
    if !have_pyffish {
        if std::env::var("CHIMERA_REQUIRE_PYFFISH").is_ok() {
            panic!("pyffish is not installed (scripts/test.sh installs it)");
        }
        eprintln!("SKIPPED: pyffish not installed; run scripts/test.sh for the full suite");
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/scripts/crosscheck_pyffish.py"))
        .args([
            "--chimera",
            env!("CARGO_BIN_EXE_chimera"),
            "--quick",
            "--jobs",
            "2",
        ])
        .current_dir(root)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "cross-check against pyffish failed:\n{stdout}"
    );
    assert!(
        stdout.contains("positions"),
        "the cross-check printed no summary"
    );
}
