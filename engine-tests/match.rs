//! `chimera match` from outside: two Chimera processes finish games with a valid PGN (replayed
//! here by Chimera's rules); engines that play an illegal move, crash, never answer, write
//! garbage or cannot start lose those games and the match goes on; the XBoard client speaks the
//! protocol (a scripted engine logs what it receives); Fairy-Max plays when it is installed.

mod common;

use chimera::tournament::pgn::{self, PgnGame};
use chimera::tournament::referee::{rule_ending, Outcome};
use chimera::variant::Registry;
use common::{bin, run_bin, RunResult};
use std::path::PathBuf;
use std::time::Duration;

fn fake(name: &str) -> String {
    format!(
        "{}/engine-tests/fake-engines/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn temp(name: &str) -> PathBuf {
    common::scratch_dir("chimera-match").join(name)
}

/// `match` between engines `a` and `b`, `games` games of `variant`; more flags go after.
fn match_args<'a>(a: &'a str, b: &'a str, variant: &'a str, games: &'a str) -> Vec<&'a str> {
    vec![
        "match",
        "--engine",
        a,
        "--engine",
        b,
        "--variant",
        variant,
        "--games",
        games,
    ]
}

/// Runs `chimera ARGS`, killing it after `limit` (a failure).
fn chimera(args: &[&str], limit: Duration) -> RunResult {
    let run = run_bin(args, None, limit);
    assert!(
        !run.timed_out,
        "chimera {args:?} took more than {limit:?}; output so far:\n{}",
        run.stdout
    );
    run
}

/// Reads a PGN file and checks every game by Chimera's rules: tags, move legality, the result
/// and, for games that ended by the rules, that the final position really ends that way.
fn check_pgn(path: &PathBuf, expected_games: usize) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).expect("PGN written");
    let games = pgn::parse(&text).expect("PGN parses");
    assert_eq!(games.len(), expected_games, "{text}");
    let registry = Registry::builtin();
    for (i, g) in games.iter().enumerate() {
        let result = g.tag("Result").expect("Result tag");
        assert_eq!(
            result,
            g.result,
            "game {}: Result tag and result token differ",
            i + 1
        );
        assert!(
            Outcome::from_pgn(result).is_some(),
            "game {}: bad result {result}",
            i + 1
        );
        assert!(
            g.tag("Variant").is_some() && g.tag("FEN").is_some(),
            "game {}: Variant and FEN tags",
            i + 1
        );
        assert_eq!(
            g.tag("PlyCount").and_then(|n| n.parse().ok()),
            Some(g.moves.len()),
            "game {}",
            i + 1
        );
        let mut end = g
            .replay(&registry)
            .unwrap_or_else(|e| panic!("game {} does not replay: {e}\n{text}", i + 1));
        let reason = g
            .moves
            .last()
            .and_then(|m| m.comment.clone())
            .or(g.final_comment.clone())
            .unwrap_or_default();
        if g.tag("Termination") == Some("normal")
            && !reason.contains("resigns")
            && !reason.contains("agreement")
        {
            let by_rules = rule_ending(&mut end)
                .unwrap_or_else(|| panic!("game {}: '{reason}' but the game goes on", i + 1));
            assert!(
                reason.ends_with(&by_rules.reason),
                "game {}: '{reason}' vs rules '{}'",
                i + 1,
                by_rules.reason
            );
            assert_eq!(by_rules.outcome.pgn(), result, "game {}", i + 1);
        }
    }
    games
}

#[test]
fn two_chimeras_finish_valid_games() {
    for (variant, tc, depths) in [
        ("chess", "1+0.02", ["", ""]),
        ("capablanca", "10+0.1", ["depth=3", "depth=2"]),
    ] {
        let path = temp(&format!("selfplay-{variant}.pgn"));
        let a = format!("cmd={} name=A {}", bin(), depths[0]);
        let b = format!("cmd={} name=B {}", bin(), depths[1]);
        let mut args = match_args(&a, &b, variant, "2");
        args.extend([
            "--tc",
            tc,
            "--random-plies",
            "4",
            "--seed",
            "11",
            "--pgn",
            path.to_str().unwrap(),
        ]);
        let run = chimera(&args, Duration::from_secs(60));
        assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
        assert!(run.stdout.contains("Finished match"), "{}", run.stdout);
        assert!(run.stdout.contains("Elo difference"), "{}", run.stdout);
        let games = check_pgn(&path, 2);
        for g in &games {
            let t = g.tag("Termination").unwrap();
            assert!(
                ["normal", "adjudication", "time forfeit"].contains(&t),
                "{variant}: {t}"
            );
            assert_eq!(g.tag("Variant"), Some(variant));
            // The random plies are the same for both colours of an opening pair.
            assert_eq!(
                g.moves[..4]
                    .iter()
                    .filter(|m| m.comment.as_deref() == Some("book"))
                    .count(),
                4
            );
        }
        assert_eq!(games[0].moves[..4], games[1].moves[..4]);
        assert_eq!(
            (games[0].tag("White"), games[1].tag("White")),
            (Some("A"), Some("B"))
        );
    }
}

/// XBoard counts Grand's ranks from 0: the runner must speak that numbering to an XBoard
/// engine and read its moves back in it (Chimera in XBoard mode uses it too).
#[test]
fn xboard_engines_play_ten_rank_boards() {
    let path = temp("grand-xboard.pgn");
    let a = format!("cmd={} name=U depth=2", bin());
    let b = format!("cmd={} name=X proto=xboard depth=2", bin());
    let run = chimera(
        &[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--variant",
            "grand",
            "--games",
            "2",
            "--tc",
            "10+0.1",
            "--random-plies",
            "6",
            "--seed",
            "5",
            "--pgn",
            path.to_str().unwrap(),
        ],
        Duration::from_secs(120),
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    for g in check_pgn(&path, 2) {
        let t = g.tag("Termination").unwrap();
        assert!(
            ["normal", "adjudication"].contains(&t),
            "{t}\n{}",
            run.stdout
        );
        assert!(g.moves.len() > 10, "{}", run.stdout);
    }
    assert!(!run.stdout.contains("llegal"), "{}", run.stdout);
}

/// `nodes=N` for an XBoard engine is CECP's node limit: `st 1` and `nps N` after each `new`,
/// so that each search counts at most N nodes as its second. An engine without `nps` ends the
/// match before its first game, instead of playing on a clock nobody asked for.
#[test]
fn xboard_engines_take_a_node_limit() {
    let a = format!("cmd={} name=U depth=1", bin());
    let b = format!("cmd={} name=X proto=xboard nodes=400", bin());
    let mut args = match_args(&a, &b, "chess", "2");
    args.extend(["--tc", "60+1", "--draw-after", "30", "--debug"]);
    let run = chimera(&args, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let sent: Vec<&str> = run
        .stderr
        .lines()
        .filter_map(|l| l.strip_prefix("X < "))
        .collect();
    assert!(
        sent.contains(&"st 1") && sent.contains(&"nps 400"),
        "{sent:?}"
    );
    assert!(!sent.iter().any(|l| l.starts_with("level")), "{sent:?}");
    // Thinking output: PLY SCORE TIME NODES PV.
    let nodes: Vec<u64> = run
        .stderr
        .lines()
        .filter_map(|l| l.strip_prefix("X > "))
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 4 && w[0].parse::<u32>().is_ok())
        .filter_map(|w| w[3].parse().ok())
        .collect();
    assert!(nodes.len() > 10, "{}", run.stderr);
    assert!(nodes.iter().all(|&n| n <= 450), "{nodes:?}");
    let no_nps = format!(
        "cmd='python3 {}' name=F proto=xboard nodes=400",
        fake("fake_xboard.py")
    );
    assert_match_refused(
        &a,
        &no_nps,
        "chess",
        "F: protocol error: the engine has no node limit",
    );
}

/// Processes whose command line contains `token`.
fn processes_with(token: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(token) && !cmd.contains("cargo") {
                found.push(cmd);
            }
        }
    }
    found
}

/// A runner killed from outside takes its engines with it: a hung engine (which the runner
/// would have forfeited and killed on time) does not outlive it.
#[cfg(target_os = "linux")]
#[test]
fn engines_die_with_the_runner() {
    let token = format!("orphan{}", std::process::id());
    let hung = format!(
        "cmd='python3 {} hang {token}' name=Hung",
        fake("fake_uci.py")
    );
    let other = format!("cmd={} depth=1", bin());
    let mark = temp(&format!("{token}.hanging"));
    let _ = std::fs::remove_file(&mark);
    let mut runner = std::process::Command::new(bin())
        .args([
            "match", "--engine", &hung, "--engine", &other, "--games", "1", "--tc", "1000+0",
        ])
        .env("FAKE_HANG_MARK", &mark)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the runner starts");
    // The hung engine has been asked for its first move and waits (it no longer reads its
    // input, so the runner's end does not end it).
    let started = std::time::Instant::now();
    while !mark.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the engine never hung"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    runner.kill().expect("killed");
    runner.wait().expect("reaped");
    let killed = std::time::Instant::now();
    while !processes_with(&token).is_empty() {
        assert!(
            killed.elapsed() < Duration::from_secs(10),
            "left running: {:?}",
            processes_with(&token)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_file(&mark);
}

#[test]
fn misbehaving_engines_lose_and_the_match_goes_on() {
    let token = format!("tok{}", std::process::id());
    let path = temp("misbehaving.pgn");
    let mut args: Vec<String> = vec![
        "match".into(),
        "--engine".into(),
        format!("cmd={} name=Chimera depth=2", bin()),
    ];
    for mode in ["illegal", "crash", "hang", "garbage"] {
        let name = format!("{}{}", mode[..1].to_uppercase(), &mode[1..]);
        args.push("--engine".into());
        args.push(format!(
            "cmd='python3 {} {mode} {token}' name={name}",
            fake("fake_uci.py")
        ));
    }
    for a in [
        "--games",
        "2",
        "--tc",
        "0.5+0.01",
        "--concurrency",
        "2",
        "--pgn",
        path.to_str().unwrap(),
    ] {
        args.push(a.into());
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = chimera(&refs, Duration::from_secs(60));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    // 5 engines: 10 pairs of 2 games, every one finished.
    assert_eq!(
        run.stdout.matches("Finished game").count(),
        20,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("1. Chimera                     8.0 / 8"),
        "{}",
        run.stdout
    );
    let games = check_pgn(&path, 20);
    let reasons: Vec<String> = games
        .iter()
        .filter(|g| g.tag("White") == Some("Chimera") || g.tag("Black") == Some("Chimera"))
        .map(|g| {
            let chimera_white = g.tag("White") == Some("Chimera");
            assert_eq!(g.result, if chimera_white { "1-0" } else { "0-1" }, "{g:?}");
            g.moves
                .last()
                .and_then(|m| m.comment.clone())
                .or(g.final_comment.clone())
                .unwrap()
        })
        .collect();
    for (needle, termination) in [
        ("makes an illegal move: e2e5", "illegal move"),
        ("disconnects", "abandoned"),
        ("loses on time", "time forfeit"),
    ] {
        assert!(
            reasons.iter().any(|r| r.contains(needle)),
            "no '{needle}' in {reasons:?}"
        );
        assert!(games
            .iter()
            .any(|g| g.tag("Termination") == Some(termination)));
    }
    // Every engine process is gone, the one that never answers included.
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        processes_with(&token).is_empty(),
        "left running: {:?}",
        processes_with(&token)
    );
}

/// Two games at 5 s a move between the scripted XBoard engine started with `script_flags`,
/// described by the engine-spec words `spec` (`name=…`, `proto=…`), and a plain one.
fn fake_xboard_match(script_flags: &str, spec: &str, more: &[&str]) -> RunResult {
    let x = format!(
        "cmd='python3 {} {script_flags}' {spec}",
        fake("fake_xboard.py")
    );
    let y = format!(
        "cmd='python3 {}' name=X2 proto=xboard",
        fake("fake_xboard.py")
    );
    let mut args = vec!["match", "--engine", &x, "--engine", &y, "--games", "2"];
    args.extend(["--tc", "5"]);
    args.extend_from_slice(more);
    chimera(&args, Duration::from_secs(60))
}

/// An XBoard engine without `setboard` cannot start a game from a FEN: the match stops before
/// the first game with the reason (it used to play on and score every such game as the
/// engine's loss). From the start position it plays.
#[test]
fn an_xboard_engine_without_setboard_is_refused_positions() {
    let openings = temp("no-setboard-openings.txt");
    std::fs::write(&openings, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n").unwrap();
    let from_start = fake_xboard_match("--no-setboard", "name=NoSetboard proto=xboard", &[]);
    assert_eq!(
        from_start.code,
        Some(0),
        "{}\n{}",
        from_start.stdout,
        from_start.stderr
    );
    let more = ["--openings", openings.to_str().unwrap()];
    let run = fake_xboard_match("--no-setboard", "name=NoSetboard proto=xboard", &more);
    assert_eq!(run.code, Some(2), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("NoSetboard: the engine cannot set up a position"),
        "{}",
        run.stderr
    );
    assert!(!run.stdout.contains("Finished game"), "{}", run.stdout);
}

#[test]
fn xboard_client_speaks_the_protocol() {
    let log = temp("xboard.log");
    let _ = std::fs::remove_file(&log);
    let openings = temp("xboard-openings.txt");
    // One opening from the start (moves only) and one from a FEN (needs setboard).
    std::fs::write(
        &openings,
        "startpos moves e2e4 e7e5\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n",
    )
    .unwrap();
    let path = temp("xboard.pgn");
    let x1 = format!(
        "cmd='python3 {} {}' name=X1 proto=xboard",
        fake("fake_xboard.py"),
        log.display()
    );
    let x2 = format!("cmd='python3 {}' name=X2", fake("fake_xboard.py"));
    let run = chimera(
        &[
            "match",
            "--engine",
            &x1,
            "--engine",
            &x2,
            "--games",
            "4",
            "--tc",
            "5",
            "--openings",
            openings.to_str().unwrap(),
            "--pgn",
            path.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = check_pgn(&path, 4);
    for g in &games {
        assert_eq!(g.result, "1/2-1/2");
        assert!(g
            .moves
            .last()
            .unwrap()
            .comment
            .as_deref()
            .unwrap()
            .ends_with("Draw by 3-fold repetition"));
    }
    let log = std::fs::read_to_string(&log).unwrap();
    let mut pos = 0;
    for expected in [
        "protover 2",
        "accepted usermove",
        "new",
        "force",
        "level 0 0:05 0",
        "post",
        "usermove e2e4",
        "usermove e7e5",
        "ping 1",
        "time 500",
        "otim 500",
        "go",
        "force",
        "result 1/2-1/2 {Draw by 3-fold repetition}",
        "quit",
        "setboard rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ] {
        match log[pos..].find(expected) {
            Some(i) => pos += i + expected.len(),
            None => panic!("'{expected}' missing (in order) from the XBoard log:\n{log}"),
        }
    }
    assert!(!log.contains("variant "), "no variant command for chess");
}

/// Two games of `variant` between Chimera (`chimera_spec`) and Fairy-Max, when Fairy-Max is
/// installed; every game must end with one of `endings`. Returns the runner's output.
fn against_fairymax(chimera_spec: &str, variant: &str, endings: &[&str]) -> Option<String> {
    let fairymax = "/usr/games/fairymax";
    if !std::path::Path::new(fairymax).exists() {
        eprintln!("fairymax not installed: skipped");
        return None;
    }
    let path = temp(&format!("fairymax-{variant}.pgn"));
    let run = chimera(
        &[
            "match",
            "--engine",
            chimera_spec,
            "--engine",
            &format!("cmd={fairymax} proto=xboard"),
            "--variant",
            variant,
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--pgn",
            path.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    for g in check_pgn(&path, 2) {
        let t = g.tag("Termination").unwrap();
        assert!(endings.contains(&t), "{t}: {g:?}");
    }
    Some(run.stdout)
}

#[test]
fn fairymax_plays_if_installed() {
    let spec = format!("cmd={} depth=4", bin());
    against_fairymax(
        &spec,
        "capablanca",
        &["normal", "adjudication", "time forfeit"],
    );
}

/// Issue 5's scripted session: Chimera speaking XBoard (not UCI) against Fairy-Max, both
/// driven by the match runner's XBoard client; every game must end by the rules.
#[test]
fn chimera_in_xboard_mode_plays_fairymax_if_installed() {
    let spec = format!("cmd={} proto=xboard name=Chimera-xboard", bin());
    if let Some(out) = against_fairymax(&spec, "chess", &["normal", "adjudication"]) {
        assert!(!out.contains("illegal move"), "{out}");
    }
}

/// One game of `fake_engine` (White) against Chimera at depth 1, in which the fake's illegal
/// `mv` must end the game: that it was asked for a move in its own protocol, and read.
fn fake_loses_by_illegal_move(fake_engine: &str, mv: &str) {
    let chimera_engine = format!("cmd={} depth=1", bin());
    let run = chimera(
        &[
            "match",
            "--engine",
            fake_engine,
            "--engine",
            &chimera_engine,
            "--games",
            "1",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains(&format!("White makes an illegal move: {mv}")),
        "{}",
        run.stdout
    );
}

/// Only the word `bestmove` is a best move: a line `bestmovex a1a1` is not (it cost the engine
/// the game, for "an illegal move: x"). The fake answers e2e4 to everything, so its first move
/// is played and its second is illegal.
#[test]
fn bestmove_is_a_whole_word() {
    let fake_engine = format!("cmd='python3 {} wordy' name=Wordy", fake("fake_uci.py"));
    fake_loses_by_illegal_move(&fake_engine, "e2e4");
}

/// An engine that answers `uci` only after 6 s (loading a network, say) is still found to be a
/// UCI engine: it was taken for an XBoard one after 5 s of silence and lost every game on time,
/// never asked for a move in its protocol. It plays here as UCI, and loses by its illegal move.
#[test]
fn a_slow_uci_engine_is_detected_as_uci() {
    let mark = temp("slowstart.mark");
    let _ = std::fs::remove_file(&mark);
    let fake_engine = format!(
        "cmd='python3 {} slowstart {}' name=Slow",
        fake("fake_uci.py"),
        mark.display()
    );
    fake_loses_by_illegal_move(&fake_engine, "e2e5");
    let _ = std::fs::remove_file(&mark);
}

/// An engine that exits on `uci` (Debian's Fairy-Max crashes on it) is an XBoard engine: it was
/// taken for a UCI one, and the match stopped with "the process exited".
#[test]
fn an_engine_that_dies_on_uci_is_played_as_xboard() {
    let run = fake_xboard_match("--dies-on-uci", "name=Dies", &[]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout
            .matches("1/2-1/2 {Draw by 3-fold repetition}")
            .count(),
        2,
        "{}",
        run.stdout
    );
}

/// "Until the SPRT decides" is a huge `--games`: the games are built one by one as they are
/// played, so the match starts at once (all 100 M were built first, gigabytes, before any
/// game began).
#[test]
fn huge_game_counts_start_at_once() {
    let engine = format!("cmd={} depth=1", bin());
    let run = chimera(
        &[
            "match",
            "--engine",
            &engine,
            "--engine",
            &engine,
            "--games",
            "100000000",
            "--random-plies",
            "4",
            "--draw-after",
            "1",
            "--sprt",
            "elo0=0",
            "elo1=1000",
            "alpha=0.4",
            "beta=0.4",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("Match: 100000000 games"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("H0 accepted"), "{}", run.stdout);
}

/// A match of Chimera at `depth` against Chimera at depth 1 under an SPRT for elo1=300,
/// stopped by it: adjudicated, from random openings.
fn sprt_match(depth: u32, games: &str, concurrency: &str, sprt_extra: &[&str]) -> RunResult {
    let strong = format!("cmd={} name=Strong depth={depth}", bin());
    let weak = format!("cmd={} name=Weak depth=1", bin());
    let mut args = match_args(&strong, &weak, "chess", games);
    args.extend([
        "--tc",
        "10+0.1",
        "--concurrency",
        concurrency,
        "--random-plies",
        "6",
        "--draw-after",
        "100",
        "--resign-score",
        "600",
        "--resign-moves",
        "3",
        "--sprt",
        "elo0=0",
        "elo1=300",
    ]);
    args.extend(sprt_extra);
    chimera(&args, Duration::from_secs(90))
}

/// With one game at a time, no game starts once the SPRT has decided: the decision comes
/// with the last game played (the worker used to start the next game before its result was
/// counted, so one more game was played every time).
#[test]
fn sprt_with_one_game_at_a_time_plays_no_game_after_deciding() {
    let run = sprt_match(3, "100", "1", &[]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let summary = run
        .stdout
        .lines()
        .find(|l| l.starts_with("SPRT:"))
        .expect("an SPRT summary");
    assert!(summary.contains("accepted"), "{}", run.stdout);
    assert!(!summary.contains("after all"), "{}", run.stdout);
    let finished = run.stdout.matches("Finished game").count();
    assert!(finished < 100, "{}", run.stdout);
}

#[test]
fn sprt_stops_when_decided() {
    let run = sprt_match(4, "200", "2", &["alpha=0.1", "beta=0.1"]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let finished = run.stdout.matches("Finished game").count();
    assert!(
        finished < 60,
        "no early stop after {finished} games:\n{}",
        run.stdout
    );
    assert!(run.stdout.contains("H1 accepted"), "{}", run.stdout);
    // The summary agrees with the last progress line: games that were running when the test
    // decided are reported with the LLR after them.
    let llr_after = |line: &str, key: &str| -> String {
        let rest = &line[line.rfind(key).expect("an LLR") + key.len()..];
        rest.split([' ', ')']).next().unwrap_or("").to_string()
    };
    let last = run
        .stdout
        .lines()
        .rfind(|l| l.starts_with("Score of") && l.contains("LLR"))
        .expect("progress lines with an LLR");
    let summary = run
        .stdout
        .lines()
        .find(|l| l.starts_with("SPRT:"))
        .expect("an SPRT summary");
    assert_eq!(
        llr_after(summary, "LLR "),
        llr_after(last, "LLR "),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let e = format!("cmd={}", bin());
    // The arguments after `match`: two good engines first where `two` is set.
    for (two, rest, needle) in [
        (true, &["--tc", "fast"][..], "--tc"),
        (true, &["--variant", "nope"], "unknown variant"),
        (false, &["--engine", &e], "two engines"),
        (
            false,
            &["--engine", "cmd=x colour=red", "--engine", &e],
            "unknown key",
        ),
        (true, &["--sprt", "elo0=5", "elo1=1"], "elo1"),
        (true, &["--sprt", "elo0=nan"], "finite"),
        (true, &["--openings", "/nonexistent"], "/nonexistent"),
        // A device was read without end.
        (true, &["--openings", "/dev/zero"], "not a regular file"),
        (true, &["--tc", "1:99"], "under 60"),
        (true, &["--resign-score=-100"], "--resign-score"),
        (true, &["--concurrency", "0"], "--concurrency"),
        (true, &["--draw-after", "0"], "--draw-after"),
        // Huge clocks and margins wrapped round in the referee's arithmetic: every move lost
        // on time.
        (true, &["--margin", "9223372036854775807"], "--margin"),
        (true, &["--tc", "200000000000000:00"], "out of range"),
    ] {
        let mut args = vec!["match"];
        if two {
            args.extend(["--engine", &e, "--engine", &e]);
        }
        args.extend(rest);
        let run = chimera(&args, Duration::from_secs(20));
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
        let lines = run.stderr.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(lines, 1, "{args:?}: {}", run.stderr);
    }
}

/// An engine that cannot start (a missing program, a `dir=` that is not a folder: spawning
/// there failed with the message of a missing program) ends the match before its first game,
/// with one error line naming the engine and the reason, as cutechess-cli does.
#[test]
fn an_engine_that_cannot_start_ends_the_match_at_once() {
    let good = format!("cmd={} name=Good depth=1", bin());
    for (lost, reason) in [
        (
            format!("cmd={} name=Lost depth=1 dir=/nonexistent/folder", bin()),
            "Lost: cannot start: dir=/nonexistent/folder: no such directory",
        ),
        (
            "cmd=/nonexistent/engine name=Missing".to_string(),
            "Missing: cannot start: /nonexistent/engine",
        ),
    ] {
        assert_match_refused(&good, &lost, "chess", reason);
    }
}

/// The match is refused before any game: exit status 2 and one error line with `reason`.
fn assert_match_refused(a: &str, b: &str, variant: &str, reason: &str) {
    let run = chimera(&match_args(a, b, variant, "2"), Duration::from_secs(60));
    assert_eq!(run.code, Some(2), "{}\n{}", run.stdout, run.stderr);
    assert!(!run.stdout.contains("Finished game"), "{}", run.stdout);
    let errors: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert!(
        errors.len() == 1 && errors[0].starts_with("error: ") && errors[0].contains(reason),
        "{}",
        run.stderr
    );
}

#[test]
fn adjudication_ends_games() {
    let path = temp("adjudication.pgn");
    let strong = format!("cmd={} name=Strong depth=5", bin());
    let weak = format!("cmd={} name=Weak depth=1", bin());
    let run = chimera(
        &[
            "match",
            "--engine",
            &strong,
            "--engine",
            &weak,
            "--games",
            "2",
            "--tc",
            "10+0.1",
            "--draw-after",
            "12",
            "--resign-score",
            "150",
            "--resign-moves",
            "2",
            "--random-plies",
            "2",
            "--pgn",
            path.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    for g in check_pgn(&path, 2) {
        let reason = g.moves.last().and_then(|m| m.comment.clone()).unwrap();
        assert!(
            g.moves.len() <= 24,
            "draw after 12 moves: {} plies",
            g.moves.len()
        );
        if g.tag("Termination") == Some("adjudication") {
            let resigned = reason.contains("wins by adjudication")
                && reason.contains("at or below -150 cp for 2 moves");
            assert!(
                resigned || reason.ends_with("Draw by adjudication after 12 moves"),
                "{reason}"
            );
        }
    }
}

/// One game of the fake UCI engine in `mode` (White) against Chimera at depth 1, with `more`
/// flags; the runner must end normally. Returns its output and the game's record, replayed.
fn fake_uci_game(mode: &str, more: &[&str]) -> (String, PgnGame) {
    let path = temp(&format!("{mode}.pgn"));
    let fake_engine = format!("cmd='python3 {} {mode}' name={mode}", fake("fake_uci.py"));
    let chimera_engine = format!("cmd={} depth=1", bin());
    let mut args = vec![
        "match",
        "--engine",
        &fake_engine,
        "--engine",
        &chimera_engine,
    ];
    args.extend_from_slice(&["--games", "1", "--tc", "5", "--pgn", path.to_str().unwrap()]);
    args.extend_from_slice(more);
    let run = chimera(&args, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let game = check_pgn(&path, 1).remove(0);
    (run.stdout, game)
}

#[test]
fn a_turn_of_too_many_plies_is_illegal() {
    let (out, game) = fake_uci_game("twoply", &[]);
    assert!(
        out.contains("0-1 {White makes an illegal move: e2e4,e7e5 (more plies than its turn)}"),
        "{out}"
    );
    // No ply of a refused turn is kept in the record (its legal first ply used to be).
    assert_eq!(game.moves.len(), 0);
}

/// Resignation needs M consecutive moves at or below the score: a move without a score breaks
/// the run. Both fakes shuffle their knights (a threefold repetition at ply 8) and score -1000
/// on every other move of their own only; the run of two used to count across the gap, and
/// White resigned at ply 5.
#[test]
fn resignation_needs_consecutive_scores() {
    let fake_engine = |name: &str| {
        format!(
            "cmd='python3 {} shufflescore' name={name}",
            fake("fake_uci.py")
        )
    };
    let (a, b) = (fake_engine("A"), fake_engine("B"));
    let path = temp("shufflescore.pgn");
    let mut args = match_args(&a, &b, "chess", "1");
    args.extend(["--tc", "5", "--resign-score", "500", "--resign-moves", "2"]);
    args.extend(["--pgn", path.to_str().unwrap()]);
    let run = chimera(&args, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("1/2-1/2"), "{}", run.stdout);
    let game = check_pgn(&path, 1).remove(0);
    assert_eq!(game.moves.len(), 8);
}

/// An engine may write out the pieces a turn placed automatically (the cancellation rules'
/// own example does): they take no ply, and the turn is accepted; the engine's next turn is
/// judged as usual.
#[test]
fn named_automatic_placements_are_skipped_in_a_turn() {
    let openings = temp("autoecho.fen");
    std::fs::write(&openings, "4k3/8/8/8/8/RP6/nP6/NB2K3 w - - 0 1\n").unwrap();
    let openings = openings.to_str().unwrap();
    let more = ["--variant", "cancellation-chess", "--openings", openings];
    let (out, game) = fake_uci_game("autoecho", &more);
    assert!(
        out.contains("0-1 {White makes an illegal move: e2e5}"),
        "the first turn is accepted, the second is not: {out}"
    );
    assert_eq!(
        game.moves.len(),
        2,
        "a3a2 (no placement ply), Black's reply"
    );
}

/// A name the engine's `UCI_Variant` combo does not list (a relay name of the family, a game of
/// the runner's variants file) is asked for anyway, and played when the engine confirms it by
/// announcing the board; an engine that takes it in silence does not play it.
#[test]
fn names_beyond_the_uci_variant_list_are_confirmed_by_the_engine() {
    let a = format!("cmd={} name=A depth=1", bin());
    // Started elsewhere: the variants file reaches it as an absolute path.
    let b = format!("cmd={} name=B depth=1 dir=/", bin());
    let ini = temp("beyond.ini");
    std::fs::write(&ini, "[my-capablanca : capablanca]\n").unwrap();
    let relay_pgn = temp("beyond-relay.pgn");
    let file_pgn = temp("beyond-file.pgn");
    for (variant, pgn, extra) in [
        ("bilateral-relay-chess", &relay_pgn, None),
        ("my-capablanca", &file_pgn, Some(ini.to_str().unwrap())),
    ] {
        let mut args = match_args(&a, &b, variant, "2");
        args.extend([
            "--tc",
            "10+0.1",
            "--draw-after",
            "30",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        if let Some(file) = extra {
            args.extend(["--variants", file]);
        }
        let run = chimera(&args, Duration::from_secs(60));
        assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
        assert!(!run.stdout.contains("does not play"), "{}", run.stdout);
        let text = std::fs::read_to_string(pgn).unwrap();
        let games = pgn::parse(&text).unwrap();
        assert_eq!(games.len(), 2, "{text}");
        for g in &games {
            assert_eq!(g.tag("Variant"), Some(variant));
            assert!(g.moves.len() >= 10, "{variant}: {text}");
        }
    }
    check_pgn(&relay_pgn, 2);

    let fake_engine = format!("cmd='python3 {} shortlist' name=Short", fake("fake_uci.py"));
    assert_match_refused(
        &a,
        &fake_engine,
        "bilateral-relay-chess",
        "Short: protocol error: the engine does not play bilateral-relay-chess",
    );
}

/// Engines on different clocks: the PGN gives each side's time control in a tag of its own
/// (`WhiteTimeControl`, `BlackTimeControl`, as cutechess-cli writes them), since no one
/// `TimeControl` value can say it.
#[test]
fn different_clocks_get_a_tag_per_side() {
    let a = format!("cmd={} name=A depth=1 tc=3+0", bin());
    let b = format!("cmd={} name=B depth=1", bin());
    let path = temp("clocks.pgn");
    let mut args = match_args(&a, &b, "chess", "2");
    args.extend([
        "--tc",
        "1+0",
        "--draw-after",
        "10",
        "--pgn",
        path.to_str().unwrap(),
    ]);
    let run = chimera(&args, Duration::from_secs(60));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = check_pgn(&path, 2);
    for g in &games {
        let a_white = g.tag("White") == Some("A");
        let (a_tag, b_tag) = if a_white {
            ("WhiteTimeControl", "BlackTimeControl")
        } else {
            ("BlackTimeControl", "WhiteTimeControl")
        };
        assert_eq!(g.tag(a_tag), Some("3"), "{g:?}");
        assert_eq!(g.tag(b_tag), Some("1"), "{g:?}");
        assert_eq!(g.tag("TimeControl"), None, "{g:?}");
    }
}
