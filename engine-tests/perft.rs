//! Runs every perft data file in engine-tests/perft/ (`id` / `variant` / `fen` / `perft D N`
//! blocks). Lines whose expected node count exceeds the limit are skipped so the default run
//! stays quick; `CHIMERA_PERFT_LIMIT=1000000000 cargo test --release --test perft` runs them all.

use chimera::perft::PerftReport;
use chimera::variant::Registry;
use std::path::Path;

struct Case {
    id: String,
    file: String,
    variant: String,
    fen: Option<String>,
    depths: Vec<(u32, u64)>,
}

fn read_cases(dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("engine-tests/perft exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for path in files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
    {
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let mut current: Option<Case> = None;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap().trim();
            if line.is_empty() {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim();
            match key {
                "id" => {
                    if let Some(c) = current.take() {
                        cases.push(c);
                    }
                    current = Some(Case {
                        id: value.into(),
                        file: file.clone(),
                        variant: "chess".into(),
                        fen: None,
                        depths: Vec::new(),
                    });
                }
                "variant" => current.as_mut().expect("variant after id").variant = value.into(),
                "fen" | "epd" => current.as_mut().expect("fen after id").fen = Some(value.into()),
                "perft" => {
                    let mut w = value.split_whitespace();
                    let d = w.next().and_then(|d| d.parse().ok());
                    let nodes = w.next().and_then(|d| d.parse().ok());
                    match (d, nodes) {
                        (Some(d), Some(nodes)) => current
                            .as_mut()
                            .expect("perft after id")
                            .depths
                            .push((d, nodes)),
                        _ => panic!("{file}:{}: bad perft line", n + 1),
                    }
                }
                other => panic!("{file}:{}: unknown key '{other}'", n + 1),
            }
        }
        if let Some(c) = current.take() {
            cases.push(c);
        }
    }
    cases
}

#[test]
fn perft_suites() {
    let limit: u64 = std::env::var("CHIMERA_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000_000);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/perft");
    let cases = read_cases(&dir);
    assert!(!cases.is_empty(), "no perft data found");
    let registry = Registry::builtin();
    let (mut run, mut skipped, mut failures) = (0, 0, Vec::new());
    for case in &cases {
        let gt = registry
            .find(&case.variant)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let game = match &case.fen {
            Some(f) => gt
                .position(f)
                .unwrap_or_else(|e| panic!("{} ({}): bad FEN: {e}", case.id, case.file)),
            None => gt.start(),
        };
        for &(depth, expected) in &case.depths {
            if expected > limit {
                skipped += 1;
                continue;
            }
            run += 1;
            let got = PerftReport::run(&game, depth, false).nodes;
            if got != expected {
                failures.push(format!(
                    "{} [{}] {} depth {depth}: expected {expected}, got {got}",
                    case.file,
                    case.id,
                    game.fen()
                ));
            }
        }
    }
    println!("perft: {run} counts checked, {skipped} above the node limit {limit}");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    assert!(run > 0);
}
