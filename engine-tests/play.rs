//! `chimera play` driven through a pipe: the board with coordinates for any size, the last move
//! marked, SAN and coordinate input, the commands, promotion choices, and games against Chimera.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The scripted UCI engine of the match tests (its modes: see the file).
const FAKE_UCI: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/engine-tests/fake-engines/fake_uci.py"
);

/// Runs `chimera play ARGS` with `input` on stdin; returns (exit code, stdout).
fn play(args: &[&str], input: &str) -> (Option<i32>, String) {
    play_bytes(args, input.as_bytes())
}

/// As `play`, with input that need not be UTF-8.
fn play_bytes(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chimera");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chimera play hung; output:\n{}", reader.join().unwrap());
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (code, reader.join().unwrap())
}

#[test]
fn two_players_and_every_command() {
    let (code, out) = play(
        &["--engine", "none"],
        "e4\ne5\ng1f3\nhelp\nfen\nundo\nfen\nflip\nflip\nmoves\nxyz\nNf9\nQ\nQh5\nNc6\nBc4\nNf6\nQxf7\npgn\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("     a  b  c  d  e  f  g  h\n  8  r  n  b  q  k  b  n  r  8"),
        "{out}"
    );
    assert!(
        out.contains("  4  .  .  .  . [P] .  .  .  4"),
        "last move marked: {out}"
    );
    assert!(out.contains("Last move: 1... e5"), "{out}");
    assert!(out.contains("Move 2: Black to move"), "{out}");
    assert!(out.contains("undo          take back"), "help: {out}");
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
        "{out}"
    );
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "undo: {out}"
    );
    assert!(
        out.contains("     h  g  f  e  d  c  b  a\n  1  R  N  B  K  Q  B  N  R  1"),
        "flip: {out}"
    );
    assert!(out.contains("29 legal moves: Ba6 Bb5"), "{out}");
    assert!(out.contains("'xyz' is not a move"), "{out}");
    // A capital Q alone is an unfinished queen's move, not `q` (quit).
    assert!(out.contains("'Q' is not a move"), "{out}");
    assert!(out.contains("Game over: 1-0 {White mates}"), "{out}");
    assert!(
        out.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {White mates} 1-0"),
        "{out}"
    );
    assert!(out.contains("Bye."), "{out}");
}

#[test]
fn promotion_lists_the_choices() {
    let (code, out) = play(
        &["--engine", "none", "--fen", "7k/4P3/8/8/8/8/8/K7 w - - 0 1"],
        "e8\nX\nN\nfen\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("Promote to: Q (Queen), R (Rook), B (Bishop), N (Knight)"),
        "{out}"
    );
    assert!(out.contains("Choose one of:"), "{out}");
    assert!(out.contains("Last move: 1. e8=N"), "{out}");
    assert!(out.contains("4N2k/8/8/8/8/8/8/K7 b - - 0 1"), "{out}");
    // Capablanca lists its own pieces.
    let (_, out) = play(
        &[
            "--variant",
            "capablanca",
            "--engine",
            "none",
            "--fen",
            "9k/4P5/10/10/10/10/10/K9 w - - 0 1",
        ],
        "e7e8\n",
    );
    assert!(
        out.contains("A (Archbishop)") && out.contains("C (Chancellor)"),
        "{out}"
    );
}

/// Where promotion is optional (Grand's eighth and ninth ranks), a move written without a piece
/// does not promote, as in SAN and in the PGN `chimera match` writes; no question is asked.
#[test]
fn an_optional_promotion_written_without_a_piece_does_not_promote() {
    let fen = "4k5/10/P9/10/10/10/10/10/10/4K5 w - - 0 1";
    let args = ["--variant", "grand", "--engine", "none", "--fen", fen];
    let (code, out) = play(&args, "a9\nfen\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains("Promote to"), "{out}");
    assert!(
        out.contains("4k5/P9/10/10/10/10/10/10/10/4K5 b - - 0 1"),
        "{out}"
    );
    let (_, out) = play(&args, "a9=Q\nfen\n");
    assert!(
        out.contains("4k5/Q9/10/10/10/10/10/10/10/4K5 b - - 0 1"),
        "{out}"
    );
}

/// Cancellation placements are listed and, like the promotion piece, may be named by the
/// letter alone (or the square alone) when that names one placement.
#[test]
fn placements_are_listed_and_a_letter_or_square_answers() {
    let (code, out) = play(
        &[
            "--variant",
            "cancellation-chess",
            "--engine",
            "none",
            "--fen",
            "4k3/p7/8/8/3r4/8/P7/Q3K3 w - - 0 1",
        ],
        "Qxd4\nB\nc5\nfen\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("White places a piece: B@d4, N@d4"), "{out}");
    assert!(out.contains("Last move: 1. P@c5"), "{out}");
    assert!(out.contains("4k3/p7/8/2P5/3B4/8/P7/4K3 b - - 0 1"), "{out}");
}

/// `undo` against the engine takes back your whole turn: a cancellation capture and its
/// placements, not only the last placement (it left White mid-turn, after B@d4).
#[test]
fn undo_takes_back_a_whole_cancellation_turn() {
    let (code, out) = play(
        &[
            "--variant",
            "cancellation-chess",
            "--tc",
            "1+0.1",
            "--fen",
            "4k3/p7/8/8/3r4/8/P7/Q3K3 w - - 0 1",
        ],
        "Qxd4\nB\nc5\nundo\nfen\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out.matches("Chimera plays").count(), 1, "{out}");
    assert!(
        out.contains("\n4k3/p7/8/8/3r4/8/P7/Q3K3 w - - 0 1\n"),
        "{out}"
    );
}

/// Lines may end in LF, CR LF or a lone CR, as in the protocol loops (a lone CR joined
/// `e5` and `fen` into one bad move).
#[test]
fn a_lone_cr_ends_a_line() {
    let (code, out) = play(&["--engine", "none"], "e4\r\ne5\rfen\rquit\r");
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains("is not a move"), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "{out}"
    );
}

#[test]
fn large_boards_have_coordinates() {
    let (_, out) = play(&["--variant", "grand", "--engine", "none"], "e5\nquit\n");
    assert!(
        out.contains("     a  b  c  d  e  f  g  h  i  j\n 10  r  .  .  .  .  .  .  .  .  r  10"),
        "{out}"
    );
    assert!(
        out.contains("  5  .  .  .  . [P] .  .  .  .  .  5"),
        "{out}"
    );
}

#[test]
fn against_chimera() {
    let engine = format!("cmd={} depth=2", env!("CARGO_BIN_EXE_chimera"));
    // The engine is White and moves first; we answer, ask for a hint, offer a draw, resign.
    let (code, out) = play(
        &["--engine", &engine, "--color", "black", "--tc", "5+0.1"],
        "e6\nhint\nundo\nresign\npgn\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("You are Black against chimera"), "{out}");
    assert_eq!(
        out.matches("chimera plays").count(),
        2,
        "moves first and after e6: {out}"
    );
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Game over: 1-0 {Black resigns}"), "{out}");
    assert!(
        out.contains("[White \"chimera\"]") && out.contains("[Black \"Human\"]"),
        "{out}"
    );
    // End of input ends the session cleanly.
    let (code, out) = play(&["--engine", &engine], "d4\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Bye."), "{out}");
}

/// The Canonical games are drawn as the grid with the diamond view beside it (the variant's
/// `display = diamond`); the last move is marked in both, and `flip` turns both.
#[test]
fn canonical_shows_the_diamond_beside_the_grid() {
    let (code, out) = play(
        &["--variant", "canon", "--engine", "none"],
        "d1d2\nflip\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    let pad = |n: usize| " ".repeat(n);
    // The start: grid on the left, the diamond beside it with White's King on its bottom corner.
    assert!(
        out.contains("  1  K  N  B  R  .  P  .  1            5   R   +   +   R   e"),
        "{out}"
    );
    assert!(
        out.contains(&format!("\n{}2   K   b\n{}1   a\n", pad(45), pad(47))),
        "{out}"
    );
    // After Rd2: d1 and d2 marked in both views.
    assert!(
        out.contains("  2  N  Q  + [R] P  .  p  2          6   .   .   +  [R]  .   f"),
        "{out}"
    );
    assert!(out.contains("  1  K  N  B [.] .  P  .  1"), "{out}");
    // Flipped: White's King on the top corner, the grid turned too.
    assert!(
        out.contains(&format!("\n{}a   1\n{}b   K   2\n", pad(47), pad(45))),
        "{out}"
    );
    assert!(out.contains("  1  .  P  . [.] B  N  K  1"), "{out}");
    assert!(
        out.contains("+ = empty point of the fortress zone"),
        "{out}"
    );
}

/// Playing Black, before any move of yours there is nothing to take back: the engine's first
/// move stays (it used to be taken back, and the engine then played another one).
#[test]
fn undo_before_your_first_move_takes_nothing_back() {
    let (code, out) = play(
        &["--color", "black", "--tc", "1+0.01"],
        "undo\nresign\nundo\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out.matches("Nothing to take back.").count(), 1, "{out}");
    assert_eq!(out.matches("Resignation withdrawn.").count(), 1, "{out}");
    assert_eq!(out.matches("Chimera plays").count(), 1, "{out}");
}

/// `undo` after a resignation or an agreed draw withdraws it and takes back no move (it said
/// "Nothing to take back." and went on anyway, or took back the last move with it); the PGN
/// has the whole seven-tag roster.
#[test]
fn undo_withdraws_a_resignation_and_keeps_the_moves() {
    let (code, out) = play(
        &["--engine", "none"],
        "e4\ne5\nresign\nundo\nfen\ndraw\nundo\nNf3\npgn\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Game over: 0-1 {White resigns}"), "{out}");
    assert!(out.contains("Resignation withdrawn."), "{out}");
    assert!(out.contains("Draw agreement withdrawn."), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "{out}"
    );
    assert!(out.contains("1. e4 e5 2. Nf3 *"), "{out}");
    let tags = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let at: Vec<usize> = tags
        .iter()
        .map(|t| {
            out.find(&format!("\n[{t} \""))
                .unwrap_or_else(|| panic!("[{t}]: {out}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "tag order: {out}");
}

/// A line beyond 16 MB is one bad line, dropped as it arrives (it was kept whole: input with
/// no line break grew the memory without end).
#[test]
fn a_line_beyond_16_mb_is_a_bad_line() {
    // 16 MiB exactly is read (with its CR LF), as over UCI and XBoard; one byte more is not.
    let mut input = b"fen".to_vec();
    input.resize(16 << 20, b' ');
    input.extend_from_slice(b"\r\n");
    input.extend_from_slice(b"fen");
    input.resize(input.len() + (16 << 20) - 2, b' ');
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"\ne4\nfen\nquit\n");
    let (code, out) = play_bytes(&["--engine", "none"], &input);
    assert_eq!(code, Some(0), "{}", &out[out.len().saturating_sub(2000)..]);
    assert!(out.contains("'line-of-more-than-16-MB-not-read' is not a move"));
    assert_eq!(
        out.matches("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
            .count(),
        1,
        "the 16 MiB fen line is read"
    );
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

/// A line that is not UTF-8 is answered as a bad line and the session goes on (it used to end
/// the session as if the input had closed).
#[test]
fn a_line_that_is_not_utf8_is_a_bad_line() {
    let (code, out) = play_bytes(&["--engine", "none"], b"\xe9\ne4\nfen\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{out}"
    );
}

/// An engine that fails loses the game, and the session says that after `undo` you move for
/// both sides (it used to drop the engine in silence).
#[test]
fn an_engine_that_leaves_is_announced() {
    let engine = format!("cmd='python3 {FAKE_UCI} crash' name=Fake");
    let (code, out) = play(&["--engine", &engine], "e4\nundo\nd4\nfen\npgn\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Game over: 1-0"), "{out}");
    // The PGN names who played the game, not who moves now (it said "Human" for both).
    assert!(out.contains("[White \"Human\"]\n[Black \"Fake\"]"), "{out}");
    assert!(
        out.contains("Fake has left the game: after 'undo' you move for both sides."),
        "{out}"
    );
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"),
        "{out}"
    );
}

/// `undo` with no move of yours to take back leaves a game the rules ended over (it cleared the
/// ending first, so that a stalemate could then be resigned, or a mate turned into a
/// resignation).
#[test]
fn undo_with_nothing_to_take_back_keeps_the_game_over() {
    let (code, out) = play(
        &[
            "--engine",
            "none",
            "--fen",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ],
        "undo\nresign\npgn\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Nothing to take back."), "{out}");
    assert!(!out.contains("resigns"), "{out}");
    assert!(out.contains("{Draw by stalemate} 1/2-1/2"), "{out}");
    // Against an engine that mates before you have moved.
    let engine = format!("cmd={} depth=2", env!("CARGO_BIN_EXE_chimera"));
    let (code, out) = play(
        &[
            "--engine",
            &engine,
            "--color",
            "black",
            "--fen",
            "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
        ],
        "undo\nresign\npgn\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Nothing to take back."), "{out}");
    assert!(!out.contains("resigns"), "{out}");
    assert!(out.contains("1. Qb8# {White mates} 1-0"), "{out}");
}

/// A hint the engine does not give in time (5 s) leaves it searching: it is started again, so
/// that its late answer is not read as its next move (here `g1f3`, White's move, came when
/// Black was to move, and Black lost for an illegal move).
#[test]
fn a_hint_given_too_late_is_not_taken_for_the_engines_move() {
    let fake = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("play_slow_hint.py");
    std::fs::write(
        &fake,
        r#"import sys, time
def say(t):
    sys.stdout.write(t + "\n")
    sys.stdout.flush()
moves = []
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        say("id name slowhint")
        say("uciok")
    elif w[0] == "isready":
        say("readyok")
    elif w[0] == "position":
        moves = w[w.index("moves") + 1:] if "moves" in w else []
    elif w[0] == "go":
        # The engine plays Black: White to move is a hint, answered after 6 s.
        if len(moves) % 2 == 0:
            time.sleep(6)
            say("bestmove g1f3")
        else:
            say("bestmove " + {1: "e7e5", 3: "e5d4"}.get(len(moves), "0000"))
    elif w[0] == "quit":
        break
"#,
    )
    .expect("write the fake engine");
    let engine = format!("cmd='python3 {}' name=Slow proto=uci", fake.display());
    let (code, out) = play(
        &["--engine", &engine, "--tc", "60+0"],
        "e4\nhint\nd4\nfen\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("The engine failed to give a hint: no move in time"),
        "{out}"
    );
    assert!(!out.contains("illegal move"), "{out}");
    assert!(out.contains("Slow plays exd4"), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3"),
        "{out}"
    );
}

/// The engine's time forfeit against a bare King is a draw, as in FIDE's rules and in
/// `chimera match` (it was 1-0); against anything more it still loses.
#[test]
fn a_time_forfeit_against_a_bare_king_is_a_draw() {
    let engine = format!("cmd='python3 {FAKE_UCI} hang' name=Fake proto=uci");
    // The engine (Black) hangs after White's first move, from `fen`.
    let forfeit = |fen: &str| {
        let args = ["--engine", &engine, "--tc", "1+0", "--fen", fen];
        let (code, out) = play(&args, "Kf1\npgn\nquit\n");
        assert_eq!(code, Some(0), "{out}");
        out
    };
    let out = forfeit("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert!(
        out.contains(
            "Game over: 1/2-1/2 {Draw: Black loses on time, but the opponent cannot mate}"
        ),
        "{out}"
    );
    assert!(out.contains("[Result \"1/2-1/2\"]"), "{out}");
    // With a Pawn White could still mate: the forfeit loses.
    let out = forfeit("4k3/8/8/8/8/8/r6P/4K3 w - - 0 1");
    assert!(
        out.contains("Game over: 1-0 {Black loses on time (no move from Fake)}"),
        "{out}"
    );
}
