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
