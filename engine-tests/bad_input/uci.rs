//! The UCI loop with bad input: one `info string` line each, the previous state kept.

use super::*;

/// A known good state: chess, K+R vs K with the O-O right: 15 moves
/// (K d1 d2 e2 f1 f2 + O-O = 6, rook h2-h8 and g1 f1 = 9).
const GOOD_FEN: &str = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
const GOOD_COUNT: u64 = 15;

fn good_session() -> Uci {
    let mut u = Uci::new();
    u.variant("chess");
    u.position(&format!("fen {}", GOOD_FEN));
    let d = u.perft(1);
    if d.total != GOOD_COUNT {
        u.fail(&format!(
            "baseline {} should have {} moves, engine says {}",
            GOOD_FEN, GOOD_COUNT, d.total
        ));
    }
    u
}

fn assert_state_kept(u: &mut Uci, after: &str) {
    let d = u.perft(1);
    if d.total != GOOD_COUNT {
        u.fail(&format!(
            "after bad input {} the previous position must be kept: go perft 1 should give {}, got {}",
            after, GOOD_COUNT, d.total
        ));
    }
}

#[test]
fn uci_handshake() {
    let mut u = Uci::start();
    let lines = u.handshake();
    assert!(
        lines.iter().any(|l| l.starts_with("id name")),
        "no `id name` line: {:?}",
        lines
    );
    assert!(
        lines.iter().any(|l| l.starts_with("id author")),
        "no `id author` line: {:?}",
        lines
    );
    let var = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"));
    assert!(var.is_some(), "no UCI_Variant option: {:?}", lines);
    let var = var.unwrap();
    if var.contains(" type combo") {
        let vars: Vec<&str> = var
            .split(" var ")
            .skip(1)
            .map(|s| s.split_whitespace().next().unwrap_or(""))
            .collect();
        for v in [
            "chess",
            "capablanca",
            "gothic",
            "janus",
            "embassy",
            "chancellor",
            "grand",
            "tutti-frutti",
            "paulowich",
            "paulowich-crosswise",
            "kings-leap",
        ] {
            assert!(
                vars.contains(&v),
                "UCI_Variant combo lacks `var {}`: {}",
                v,
                var
            );
        }
    }
    assert_eq!(
        u.quit(),
        Some(0),
        "`quit` should end the engine with exit code 0"
    );
}

#[test]
fn uci_is_default_mode() {
    let mut u = Uci::start_with(&[]);
    u.handshake();
    u.variant("chess");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 20);
}

/// EOF on stdin (GUI died) must end the engine, not spin or hang.
#[test]
fn uci_exits_on_eof() {
    let r = run_bin(&["uci"], Some(b"uci\nisready\n"), Duration::from_secs(10));
    assert!(
        !r.timed_out,
        "engine did not exit after EOF on stdin\n{}",
        r.describe()
    );
    assert!(
        r.stdout.contains("uciok") && r.stdout.contains("readyok"),
        "{}",
        r.describe()
    );
    assert!(
        r.code == Some(0),
        "exit code after EOF should be 0\n{}",
        r.describe()
    );
}

/// A search that only `stop` would end (`infinite`, or a bare `go` with no limit at all, which
/// would run to the last depth) is stopped at the end of input and answered, as Stockfish
/// does; one with a limit still finishes.
#[test]
fn end_of_input_stops_a_search_without_limits() {
    for go in ["go", "go infinite", "go searchmoves e2e4"] {
        let input = format!("position startpos\n{go}\n");
        let r = run_bin(&[], Some(input.as_bytes()), Duration::from_secs(20));
        let want = if go.contains("e2e4") {
            "bestmove e2e4"
        } else {
            "bestmove "
        };
        assert!(
            !r.timed_out && r.stdout.contains(want),
            "`{go}` then end of input: want `{want}…` and an exit\n{}",
            r.describe()
        );
    }
    let r = run_bin(
        &[],
        Some(b"position startpos\ngo depth 5\n"),
        Duration::from_secs(20),
    );
    assert!(
        r.stdout.contains("info depth 5 ") && r.stdout.contains("bestmove"),
        "a limited search finishes after the end of input\n{}",
        r.describe()
    );
}

/// The GUI dies while the engine thinks on a long clock: its input ends and no one reads the
/// output any more, so the engine stops at once instead of thinking on for 1,000 s as an
/// orphan. (With a reader left, a limited search still finishes: scripts pipe commands in.)
#[cfg(target_os = "linux")]
#[test]
fn engine_exits_when_the_gui_dies_mid_search() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::Instant;
    for (protocol, commands) in [
        ("uci", "uci\nposition startpos\ngo movetime 1000000\n"),
        ("xboard", "xboard\nprotover 2\nnew\nforce\nst 1000\ngo\n"),
    ] {
        let mut child = Command::new(bin())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let mut input = child.stdin.take().expect("piped");
        input.write_all(commands.as_bytes()).expect("written");
        input.flush().expect("flushed");
        std::thread::sleep(Duration::from_millis(300));
        drop(child.stdout.take());
        drop(input);
        let died = Instant::now();
        let exited = loop {
            if let Ok(Some(_)) = child.try_wait() {
                break true;
            }
            if died.elapsed() > Duration::from_secs(30) {
                break false;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        if !exited {
            let _ = child.kill();
            let _ = child.wait();
        }
        assert!(
            exited,
            "{protocol}: still searching 30 s after the GUI died"
        );
    }
}

#[test]
fn uci_bad_fens_keep_position() {
    let mut u = good_session();
    for (what, fen) in BAD_CHESS_FENS {
        let cmd = format!("position fen {}", fen);
        u.expect_error(&cmd);
        assert_state_kept(&mut u, &format!("{} ({:?})", what, cmd));
    }
    u.expect_error("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_state_kept(&mut u, "board-only FEN");
}

#[test]
fn uci_bad_fens_other_variants_keep_position() {
    for (what, variant, fen) in BAD_OTHER_FENS {
        let mut u = Uci::new();
        u.variant(variant);
        u.position("startpos");
        let before = u.perft(1).total;
        u.expect_error(&format!("position fen {}", fen));
        let after = u.perft(1).total;
        if before != after {
            u.fail(&format!(
                "{}: position changed after a rejected FEN ({} -> {})",
                what, before, after
            ));
        }
    }
}

#[test]
fn uci_malformed_position_commands() {
    let mut u = good_session();
    for cmd in [
        "position",
        "position fen",
        "position foo",
        "position startpos foo",
        "position startpos moves e2e4 moves e7e5",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 foo e1e2",
        "position 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

#[test]
fn uci_illegal_moves_keep_position() {
    let mut u = good_session();
    for cmd in [
        // illegal as the last move of a legal prefix: nothing of the list may stick
        "position startpos moves e2e4 e7e5 g1g5",
        "position startpos moves e2e5",
        "position startpos moves e7e5",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e1g1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position fen 4k3/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8q",
        "position fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1 moves e1g1",
        "position fen 2k5/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8k",
        "position fen 2k5/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8",
        "position fen 3k4/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e3q",
        // moving into check / leaving the king in check
        "position fen 4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 moves e1d1",
        "position fen 4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1 moves e2d2",
        // after checkmate nothing is legal
        "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1 moves h8g8",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

#[test]
fn uci_unparseable_moves_keep_position() {
    let mut u = good_session();
    for cmd in [
        "position startpos moves zz99",
        "position startpos moves e2",
        "position startpos moves e2e4e6",
        "position startpos moves e2e9",
        "position startpos moves i2i4",
        "position startpos moves a0a1",
        "position startpos moves e2-e4",
        "position startpos moves e2e4 e7e5 g1f3x",
        "position startpos moves 1234",
        "position startpos moves \u{e9}2e4",
        "position startpos moves e7e8X",
        "position startpos moves e2e10",
        "position startpos moves e99999999999999999999e4",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

/// Bad variant: error, and the previous variant stays (capablanca start: 28 moves,
/// also after a fresh `position startpos`).
#[test]
fn uci_unknown_variant_keeps_variant() {
    let mut u = Uci::new();
    u.variant("capablanca");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 28);
    for cmd in [
        "setoption name UCI_Variant value nosuchvariant",
        "setoption name UCI_Variant value",
        "setoption name UCI_Variant value chess960x",
        "setoption name UCI_Variant value frobnicate-chess",
    ] {
        u.expect_error(cmd);
        let d = u.perft(1);
        if d.total != 28 {
            u.fail(&format!(
                "after {:?} the capablanca position must stay (28), got {}",
                cmd, d.total
            ));
        }
        u.position("startpos");
        let d = u.perft(1);
        if d.total != 28 {
            u.fail(&format!("after {:?} the variant must stay capablanca: position startpos gives {} (28 expected)", cmd, d.total));
        }
    }
}

/// Setting a variant and then a FEN of the wrong size for it.
#[test]
fn uci_wrong_size_fen_for_variant() {
    let mut u = Uci::new();
    u.variant("grand");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 65);
    u.expect_error("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(u.perft(1).total, 65);
    u.expect_error("position startpos moves e2e4");
    assert_eq!(u.perft(1).total, 65);
    // A 10-rank move works in grand.
    u.position("startpos moves e3e5");
    assert_eq!(
        u.perft(1).total,
        65,
        "grand after e3e5: Black still has 65 moves (pyffish)"
    );
}

/// The options of one type (`spin`, `check`, …) among the `uci` reply's lines: (name, line).
fn options_of_type<'a>(lines: &'a [String], kind: &str) -> Vec<(String, &'a str)> {
    let marker = format!(" type {kind}");
    lines
        .iter()
        .filter_map(|l| {
            let rest = l.strip_prefix("option name ")?;
            let (name, _) = rest.split_once(" type ")?;
            l.contains(&marker)
                .then(|| (name.trim().to_string(), l.as_str()))
        })
        .collect()
}

#[test]
fn uci_unknown_and_bad_options() {
    let mut u = Uci::start();
    let lines = u.handshake();
    u.variant("chess");
    u.position(&format!("fen {}", GOOD_FEN));
    for cmd in [
        "setoption name NoSuchOption value 3",
        "setoption name NoSuchOption",
        "setoption",
        "setoption name",
        "setoption value 3",
        "setoption foo bar",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
    // Every spin option: out-of-range and non-numeric values are errors.
    let mut tested = 0;
    let mut refused = |u: &mut Uci, name: &str, value: &str| {
        let cmd = format!("setoption name {} value {}", name, value);
        u.expect_error(&cmd);
        assert_state_kept(u, &cmd);
        tested += 1;
    };
    for (name, l) in options_of_type(&lines, "spin") {
        let field = |key: &str| -> Option<i64> {
            let toks: Vec<&str> = l.split_whitespace().collect();
            toks.iter()
                .position(|t| *t == key)
                .and_then(|i| toks.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        if let (Some(min), Some(max)) = (field("min"), field("max")) {
            for v in [
                (max as i128 + 1).to_string(),
                (min as i128 - 1).to_string(),
                "abc".to_string(),
                "".to_string(),
            ] {
                refused(&mut u, &name, &v);
            }
        }
    }
    // Check options must take true/false only.
    for (name, _) in options_of_type(&lines, "check") {
        refused(&mut u, &name, "maybe");
    }
    // Combo options: a value outside the `var` list is an error.
    for (name, _) in options_of_type(&lines, "combo") {
        refused(&mut u, &name, "__no_such_value__");
    }
    // String options naming a file (…Path / …File): a missing file and a file that is
    // not in the expected format are errors — still exactly one line each.
    let junk = common::scratch_dir("chimera-bad-input").join("junk.txt");
    std::fs::write(&junk, "this is\nnot a\n[variant file\n= = =\n\u{0}\u{1}\n").unwrap();
    for (name, _) in options_of_type(&lines, "string") {
        let lname = name.to_lowercase();
        if !(lname.contains("path") || lname.contains("file")) {
            continue;
        }
        for v in [
            "/nonexistent/dir/chimera-variants.ini".to_string(),
            junk.display().to_string(),
        ] {
            refused(&mut u, &name, &v);
            u.position("startpos");
            let d = u.perft(1);
            if d.total != 20 {
                u.fail(&format!(
                    "after setting {name} to {v:?} the variant should still be chess (20), got {}",
                    d.total
                ));
            }
            u.position(&format!("fen {}", GOOD_FEN));
        }
    }
    let _ = std::fs::remove_file(&junk);
    eprintln!("{} bad option values refused", tested);
}

/// A variants path naming a device, a pipe or a folder is refused before anything is read:
/// `/dev/zero` would never end, `/dev/stdin` would swallow the GUI's own commands, and opening
/// a named pipe waits for a writer that never comes.
#[cfg(unix)]
#[test]
fn uci_variant_path_that_is_not_a_small_file() {
    let mut u = good_session();
    let big = common::scratch_dir("chimera-big").join("big.ini");
    let line = "# a comment line that only makes the file large\n".repeat(30_000);
    std::fs::write(&big, line).expect("a temporary file");
    let big = big.to_string_lossy().to_string();
    let fifo = common::scratch_dir("chimera-fifo").join("fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo {}", fifo.display());
    let fifo = fifo.to_string_lossy().to_string();
    for path in ["/dev/zero", "/dev/stdin", "/", big.as_str(), fifo.as_str()] {
        let cmd = format!("setoption name VariantPath value {path}");
        let reply = u.expect_error(&cmd);
        assert!(
            reply.contains("not a regular file") || reply.contains("larger than"),
            "{cmd}: {reply}"
        );
        assert_state_kept(&mut u, &cmd);
    }
    let _ = std::fs::remove_file(&big);
    let _ = std::fs::remove_file(&fifo);
}

/// `go perft` before any `position`: either the start position of the current
/// variant (chess: 20) or one `info string` error; the engine stays alive.
#[test]
fn uci_go_before_position() {
    let mut u = Uci::new();
    u.send("go perft 1");
    let (before, last) = u.read_until("`Nodes searched:` or an `info string` line", TIMEOUT, |l| {
        l.starts_with("Nodes searched:") || l.starts_with("info string")
    });
    if last.starts_with("Nodes searched:") {
        let mut all = before;
        all.push(last);
        let d = parse_divide(&all).unwrap_or_else(|e| u.fail(&e));
        assert_eq!(
            d.total, 20,
            "go perft 1 without position should use the chess start position"
        );
        u.sync();
    } else {
        let extra = u.sync();
        if !before.is_empty() || !extra.is_empty() {
            u.fail("an error for `go` before `position` must be a single `info string` line and nothing else");
        }
    }
    u.variant("chess");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 20);
}

#[test]
fn uci_bad_go_commands() {
    let mut u = good_session();
    for cmd in [
        "go perft x",
        "go perft -1",
        "go perft",
        "go perft 1.5",
        "go perft 99999999999999999999999",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

#[test]
fn uci_unknown_commands() {
    let mut u = good_session();
    for cmd in [
        "foo",
        "xyzzy 1 2 3",
        "positionfen",
        "ucinewgamex",
        "123",
        "!@#$%^&*()",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

/// Empty or blank lines are not commands: at most one `info string` line, nothing else.
#[test]
fn uci_empty_lines() {
    let mut u = good_session();
    let raws: [&[u8]; 4] = [b"", b"   ", b"\t", b" \t  "];
    for raw in raws {
        u.expect_error_raw(raw, &format!("{:?}", String::from_utf8_lossy(raw)), false);
        assert_state_kept(&mut u, "an empty line");
    }
}

/// Garbage lines that are valid UTF-8 (control characters, escape sequences, a BOM,
/// random printable junk): one `info string` line each, state kept.
#[test]
fn uci_garbage_bytes_valid_utf8() {
    let mut u = good_session();
    let fixed: Vec<Vec<u8>> = vec![
        vec![0x00, 0x01, 0x02, b'x'],
        b"\x1b[31mred\x1b[0m".to_vec(),
        "\u{feff}garbage".as_bytes().to_vec(),
        "\u{1f600} \u{4e2d}\u{6587} \u{0}".as_bytes().to_vec(),
        b"\x07\x08\x7f".to_vec(),
    ];
    for g in &fixed {
        let line = u.expect_error_raw(g, &format!("{:?}", String::from_utf8_lossy(g)), true);
        // What the user typed is echoed escaped: no raw escape sequence reaches a terminal.
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert_state_kept(&mut u, &format!("garbage {:?}", g));
    }
    for bad in [
        &b"position startpos moves e2\x1b[2Je4"[..],
        b"setoption name \x00Hash value 1",
        b"position fen 8/8/8/8/8/8/8/\x07 w - - 0 1",
    ] {
        let line = u.expect_error_raw(bad, &format!("{:?}", String::from_utf8_lossy(bad)), true);
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert_state_kept(&mut u, &format!("{:?}", String::from_utf8_lossy(bad)));
    }
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..30 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = 1 + (seed % 40) as usize;
        let mut g: Vec<u8> = Vec::with_capacity(len + 1);
        g.push(b'#'); // never blank (blank lines are covered elsewhere)
        let mut x = seed;
        for _ in 0..len {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            g.push(0x20 + ((x >> 33) % 95) as u8); // printable ASCII
        }
        u.expect_error_raw(&g, &format!("{:?}", String::from_utf8_lossy(&g)), true);
        assert_state_kept(
            &mut u,
            &format!("garbage {:?}", String::from_utf8_lossy(&g)),
        );
    }
}

/// Garbage lines that are not UTF-8 at all (random bytes): the engine must not treat
/// them as end of input; one `info string` line each, state kept.
#[test]
fn uci_garbage_bytes_invalid_utf8() {
    let mut u = good_session();
    let fixed: Vec<Vec<u8>> = vec![
        vec![0xff, 0xfe, 0xfd],
        vec![0xc3, 0x28],
        vec![0xe2, 0x82],
        b"go perft \xff".to_vec(),
    ];
    for g in &fixed {
        u.expect_error_raw(g, &format!("{:?}", g), true);
        assert_state_kept(&mut u, &format!("garbage {:?}", g));
    }
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..20 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = 1 + (seed % 40) as usize;
        let mut g: Vec<u8> = vec![b'#', 0xff];
        let mut x = seed;
        for _ in 0..len {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let b = (x >> 56) as u8;
            if b != b'\n' && b != b'\r' {
                g.push(b);
            }
        }
        u.expect_error_raw(&g, &format!("{:?}", g), true);
        assert_state_kept(&mut u, &format!("garbage {:?}", g));
    }
}

/// The same for the very first line, when the bare `chimera` reads it to choose its
/// protocol: it is still a UCI line, answered with one `info string` line.
#[test]
fn first_line_not_utf8_is_answered() {
    for first in [&b"\xffisready"[..], b"isr\xffeady", b"\xc3"] {
        let mut u = Uci::start_with(&[]);
        let mut line = first.to_vec();
        line.push(b'\n');
        u.send_raw(&line);
        let answer = u.sync();
        if answer.len() != 1 || !answer[0].starts_with("info string") {
            u.fail(&format!(
                "first line {:?}: want one `info string` line before `readyok`, got {answer:?}",
                String::from_utf8_lossy(first)
            ));
        }
    }
}

/// A very long line (100 000 characters) is one bad command.
#[test]
fn uci_very_long_line() {
    let mut u = good_session();
    let long = "x".repeat(100_000);
    u.expect_error(&long);
    assert_state_kept(&mut u, "a 100 000-character line");
    let long_moves = format!("position startpos moves {}", "e2e4 ".repeat(20_000));
    u.expect_error(&long_moves);
    assert_state_kept(&mut u, "20 000 repeated e2e4");
}

/// A line beyond 16 MB is dropped as it arrives and answered as one bad command (the engine
/// kept every byte of it: input with no line break grew its memory without end), also as the
/// bare `chimera`'s first line; a `position` that long is refused whole, not cut short.
#[test]
fn uci_line_beyond_16_mb() {
    let mut u = good_session();
    let mut moves = b"position startpos moves ".to_vec();
    while moves.len() <= 17 << 20 {
        moves.extend_from_slice(b"g1f3 g8f6 f3g1 f6g8 ");
    }
    let reply = u.expect_error_raw(&moves, "a 17 MB position command", true);
    assert!(
        reply.contains("line-of-more-than-16-MB-not-read"),
        "{reply}"
    );
    assert_state_kept(&mut u, "a 17 MB position command");
    let mut bare = Uci::start_with(&[]);
    let mut first = vec![b'x'; 17 << 20];
    first.push(b'\n');
    bare.send_raw(&first);
    let answer = bare.sync();
    assert!(
        answer.len() == 1 && answer[0].contains("line-of-more-than-16-MB-not-read"),
        "{answer:?}"
    );
}

/// Many errors in a row, then the state is still the old one.
#[test]
fn uci_error_burst() {
    let mut u = good_session();
    for i in 0..50 {
        let cmd = match i % 5 {
            0 => "position fen garbage".to_string(),
            1 => "setoption name UCI_Variant value nosuch".to_string(),
            2 => "position startpos moves e2e5".to_string(),
            3 => format!("bogus{}", i),
            _ => "go perft x".to_string(),
        };
        u.expect_error(&cmd);
    }
    assert_state_kept(&mut u, "a burst of 50 errors");
}

/// Windows line endings are tolerated (GUIs on Windows send CRLF).
#[test]
fn uci_crlf_line_endings() {
    let mut u = Uci::new();
    u.send_raw(
        b"setoption name UCI_Variant value chess\r\nposition startpos moves e2e4\r\nisready\r\n",
    );
    let (lines, _) = u.read_until("readyok", TIMEOUT, |l| l.trim() == "readyok");
    if lines.iter().any(|l| l.contains("error")) {
        u.fail("CRLF-terminated commands were rejected");
    }
    let d = u.perft(1);
    assert_eq!(d.total, 20, "after 1.e4 Black has 20 moves");
    assert!(d.has("e7e5"));
}
