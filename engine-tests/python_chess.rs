//! Chimera driven by python-chess's `chess.engine`, as users script it
//! (scripts/python_chess_client.py): self-play by time, nodes and clock in chess and Chess960,
//! MultiPV root moves against python-chess's legal moves, analysis stopped mid-search, and no
//! warning from python-chess's protocol parser; and FIDE's dead positions against python-chess's.

mod common;

#[test]
fn python_chess_drives_chimera_without_a_complaint() {
    if !common::python_module_or_skip("chess.engine") {
        return;
    }
    let stdout = common::run_python_script("python_chess_client.py", &["--games", "1"]);
    assert!(stdout.contains("no complaint"), "no summary:\n{stdout}");
}

/// FIDE's dead positions by material, Chimera's rule (`Position::dead_material`, which the
/// referee and the search share) against python-chess's `is_insufficient_material`, on random
/// boards of kings with bishops (same- and mixed-coloured), knights and now and then a rook,
/// queen or pawn.
#[test]
fn dead_positions_agree_with_python_chess() {
    use chimera::protocol::xboard::coords;
    use chimera::variant::Registry;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use std::io::Write;
    use std::process::{Command, Stdio};

    if !common::python_module_or_skip("chess") {
        return;
    }
    let registry = Registry::builtin();
    let chess = registry.find("chess").unwrap();
    let mut rng = StdRng::seed_from_u64(0xDEAD_B15B);
    let mut fens = Vec::new();
    let mut verdicts = Vec::new();
    while fens.len() < 4000 {
        let mut board = [None; 64];
        let squares: Vec<usize> = rand::seq::index::sample(&mut rng, 64, 8).into_vec();
        board[squares[0]] = Some('K');
        board[squares[1]] = Some('k');
        let extra = *[0, 1, 1, 2, 2, 3, 3, 4, 5, 6].choose(&mut rng).unwrap();
        for &sq in &squares[2..2 + extra] {
            let kind = *b"bbbbbbnnrqp".choose(&mut rng).unwrap() as char;
            if kind == 'p' && !(8..56).contains(&sq) {
                continue;
            }
            board[sq] = Some(if rng.gen() {
                kind.to_ascii_uppercase()
            } else {
                kind
            });
        }
        let rows = coords::board_field(chess.variant.size, &board);
        let side = if rng.gen() { 'w' } else { 'b' };
        let fen = format!("{rows} {side} - - 0 1");
        // Boards with the side not to move in check, or kings side by side, are not games.
        let Ok(game) = chess.position(&fen) else {
            continue;
        };
        verdicts.push(chimera::with_position!(&game, p => p.dead_material()));
        fens.push(fen);
    }
    let script = "import sys, chess\n\
                  for line in sys.stdin:\n    \
                  print(int(chess.Board(line.strip()).is_insufficient_material()))\n";
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = fens.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python3 answers");
    writer.join().unwrap().unwrap();
    let oracle: Vec<bool> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l == "1")
        .collect();
    assert_eq!(
        oracle.len(),
        fens.len(),
        "python-chess answered every position"
    );
    let mismatches: Vec<String> = fens
        .iter()
        .zip(verdicts.iter().zip(&oracle))
        .filter(|(_, (a, b))| a != b)
        .map(|(fen, (a, b))| format!("{fen}: chimera {a}, python-chess {b}"))
        .collect();
    let dead = oracle.iter().filter(|&&d| d).count();
    println!("{} positions, {dead} dead by python-chess", fens.len());
    assert!(
        dead > 500 && dead < 3500,
        "both kinds of verdict are tested"
    );
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}
