//! Shared helpers for the black-box engine tests: run the `chimera` binary
//! (perft subcommand or a UCI session over stdin/stdout) with timeouts, so that
//! a hung engine fails a test instead of hanging the test run.
//!
//! Only std is used. Include with `mod common;`.
#![allow(dead_code)]

pub mod fuzzing;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Path of the engine binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_chimera")
}

/// A directory of this test process's own for scratch files, created if missing. It lies under
/// the directory Cargo gives integration tests (`target/tmp`), so that test runs leave nothing
/// in the system's temporary directory and `cargo clean` removes what they wrote.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory under target/tmp");
    dir
}

/// Default time limit for one engine interaction (a whole perft run, or one reply).
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// Result of running the binary once to completion.
#[derive(Debug)]
pub struct RunResult {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

impl RunResult {
    pub fn describe(&self) -> String {
        format!(
            "exit code {:?}{}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code,
            if self.timed_out {
                " (TIMED OUT, killed)"
            } else {
                ""
            },
            truncate(&self.stdout, 4000),
            truncate(&self.stderr, 4000)
        )
    }
}

pub fn truncate(s: &str, n: usize) -> String {
    if s.len() <= n {
        s.to_string()
    } else {
        let mut cut = n;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}…[{} bytes more]", &s[..cut], s.len() - cut)
    }
}

/// Run the binary with `args`, optional stdin bytes, and a wall-clock limit.
pub fn run_bin(args: &[&str], stdin: Option<&[u8]>, timeout: Duration) -> RunResult {
    let mut cmd = Command::new(bin());
    cmd.args(args)
        .env_remove("RUST_LOG")
        .env_remove("RUST_BACKTRACE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot spawn {}: {}", bin(), e));
    if let Some(bytes) = stdin {
        let mut sin = child.stdin.take().unwrap();
        let data = bytes.to_vec();
        thread::spawn(move || {
            let _ = sin.write_all(&data);
            // dropping closes the pipe (EOF)
        });
    }
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let ho = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = so.read_to_end(&mut v);
        v
    });
    let he = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = se.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) => {
                if start.elapsed() > timeout {
                    timed_out = true;
                    let _ = child.kill();
                    break child.wait().ok();
                }
                thread::sleep(Duration::from_millis(5));
            }
            Err(_) => break None,
        }
    };
    let stdout = String::from_utf8_lossy(&ho.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&he.join().unwrap_or_default()).into_owned();
    RunResult {
        code: status.and_then(|s| s.code()),
        stdout,
        stderr,
        timed_out,
    }
}

/// A perft divide result: root move -> node count, and the reported total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divide {
    pub moves: BTreeMap<String, u64>,
    pub total: u64,
}

impl Divide {
    pub fn move_set(&self) -> BTreeSet<String> {
        self.moves.keys().cloned().collect()
    }
    pub fn has(&self, m: &str) -> bool {
        self.moves.contains_key(m)
    }
}

/// True for a line that looks like `MOVE: COUNT` of a divide listing.
fn divide_line(line: &str) -> Option<(String, u64)> {
    let (m, c) = line.split_once(':')?;
    let m = m.trim();
    if m.is_empty() || m.contains(' ') || m.starts_with("Nodes") || m.starts_with("Time") {
        return None;
    }
    let c: u64 = c.trim().parse().ok()?;
    Some((m.to_string(), c))
}

/// Parse the output of a perft divide (subcommand stdout or UCI lines).
pub fn parse_divide(lines: &[String]) -> Result<Divide, String> {
    let mut moves = BTreeMap::new();
    let mut total = None;
    for line in lines {
        let l = line.trim();
        if let Some(rest) = l.strip_prefix("Nodes searched:") {
            total = Some(
                rest.trim()
                    .parse::<u64>()
                    .map_err(|e| format!("bad total line {:?}: {}", l, e))?,
            );
            break;
        }
        if let Some((m, c)) = divide_line(l) {
            if moves.insert(m.clone(), c).is_some() {
                return Err(format!("move {} listed twice", m));
            }
        }
    }
    let total = total.ok_or_else(|| "no `Nodes searched:` line".to_string())?;
    Ok(Divide { moves, total })
}

/// `chimera perft --variant V [--fen F] --depth D --divide`, asserting success.
pub fn perft_cmd(variant: &str, fen: Option<&str>, depth: u32) -> Divide {
    let d = depth.to_string();
    let mut args = vec!["perft", "--variant", variant];
    if let Some(f) = fen {
        args.push("--fen");
        args.push(f);
    }
    args.extend_from_slice(&["--depth", &d, "--divide"]);
    let r = run_bin(&args, None, TIMEOUT);
    assert!(
        r.code == Some(0) && !r.timed_out,
        "perft command failed: chimera {:?}\n{}",
        args,
        r.describe()
    );
    let lines: Vec<String> = r.stdout.lines().map(|s| s.to_string()).collect();
    let div = parse_divide(&lines)
        .unwrap_or_else(|e| panic!("chimera {:?}: {}\n{}", args, e, r.describe()));
    if depth >= 1 {
        let sum: u64 = div.moves.values().sum();
        assert_eq!(
            sum,
            div.total,
            "chimera {:?}: divide lines do not add up to the total\n{}",
            args,
            r.describe()
        );
    }
    div
}

/// Compare a move set with the expected one, with a readable diff.
pub fn assert_moves(what: &str, got: &Divide, expected: &[&str]) {
    let exp: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        exp.len(),
        expected.len(),
        "{}: expected list has duplicates (test bug)",
        what
    );
    let have = got.move_set();
    let missing: Vec<_> = exp.difference(&have).collect();
    let extra: Vec<_> = have.difference(&exp).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{}: move set differs.\n  missing (expected legal, not generated): {:?}\n  extra (generated, expected illegal): {:?}\n  engine: {} moves {:?}\n  expected: {} moves",
        what,
        missing,
        extra,
        have.len(),
        have,
        exp.len()
    );
    assert_eq!(
        got.total,
        expected.len() as u64,
        "{}: total differs from number of moves",
        what
    );
}

pub fn assert_has(what: &str, got: &Divide, present: &[&str], absent: &[&str]) {
    for m in present {
        assert!(
            got.has(m),
            "{}: move {} should be legal but is missing; engine moves: {:?}",
            what,
            m,
            got.move_set()
        );
    }
    for m in absent {
        assert!(
            !got.has(m),
            "{}: move {} should be illegal but was generated; engine moves: {:?}",
            what,
            m,
            got.move_set()
        );
    }
}

/// A running `chimera uci` session.
pub struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    pub transcript: Vec<String>,
    eof: bool,
}

impl Uci {
    /// Start `chimera uci`.
    pub fn start() -> Uci {
        Uci::start_with(&["uci"])
    }

    /// Start the binary with the given arguments (e.g. none: defaults to UCI).
    pub fn start_with(args: &[&str]) -> Uci {
        let mut child = Command::new(bin())
            .args(args)
            .env_remove("RUST_LOG")
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot spawn {}: {}", bin(), e));
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(s).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        // drain stderr so the engine never blocks on a full pipe
        thread::spawn(move || {
            let mut r = BufReader::new(stderr);
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
        });
        Uci {
            child,
            stdin,
            rx,
            transcript: Vec::new(),
            eof: false,
        }
    }

    /// The engine's process id.
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Start and do the `uci`/`isready` handshake; returns the `uci` reply lines.
    pub fn new() -> Uci {
        let mut u = Uci::start();
        u.handshake();
        u
    }

    pub fn dump(&self) -> String {
        let t = &self.transcript;
        let from = t.len().saturating_sub(80);
        t[from..].join("\n")
    }

    pub fn fail(&mut self, msg: &str) -> ! {
        let alive = matches!(self.child.try_wait(), Ok(None));
        let status = if alive {
            "engine still running".to_string()
        } else {
            format!("engine exited: {:?}", self.child.try_wait())
        };
        panic!(
            "{}\n({})\n--- UCI transcript (> sent, < received) ---\n{}",
            msg,
            status,
            self.dump()
        );
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {}", line));
        let ok = match self.stdin.as_mut() {
            Some(s) => s
                .write_all(line.as_bytes())
                .and_then(|_| s.write_all(b"\n"))
                .and_then(|_| s.flush())
                .is_ok(),
            None => false,
        };
        if !ok {
            self.fail(&format!(
                "cannot write {:?} to the engine (pipe closed: engine died?)",
                line
            ));
        }
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.transcript
            .push(format!("> (raw) {:?}", String::from_utf8_lossy(bytes)));
        let ok = match self.stdin.as_mut() {
            Some(s) => s.write_all(bytes).and_then(|_| s.flush()).is_ok(),
            None => false,
        };
        if !ok {
            self.fail("cannot write raw bytes to the engine (pipe closed: engine died?)");
        }
    }

    /// Next stdout line, or None on timeout / EOF.
    pub fn read_line(&mut self, timeout: Duration) -> Option<String> {
        if self.eof {
            return None;
        }
        match self.rx.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("< {}", l));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                None
            }
        }
    }

    /// Read lines until one satisfies `stop`; returns the lines before it and the stop line.
    pub fn read_until(
        &mut self,
        what: &str,
        timeout: Duration,
        stop: impl Fn(&str) -> bool,
    ) -> (Vec<String>, String) {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let now = Instant::now();
            if now >= deadline {
                self.fail(&format!(
                    "timed out after {:?} waiting for {}",
                    timeout, what
                ));
            }
            match self.read_line(deadline - now) {
                Some(l) => {
                    if stop(&l) {
                        return (lines, l);
                    }
                    lines.push(l);
                }
                None => {
                    if self.eof {
                        self.fail(&format!("engine closed stdout while waiting for {}", what));
                    }
                }
            }
        }
    }

    /// `uci` → ... `uciok`, then `isready` → `readyok`. Returns the lines before `uciok`.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("uci");
        let (lines, _) = self.read_until("uciok", TIMEOUT, |l| l.trim() == "uciok");
        self.sync();
        lines
    }

    /// `isready` and wait for `readyok`; returns every line printed before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.read_until("readyok", TIMEOUT, |l| l.trim() == "readyok")
            .0
    }

    /// Send a command that must succeed silently (no `info string error` line).
    pub fn ok(&mut self, cmd: &str) {
        self.sync();
        self.send(cmd);
        let lines = self.sync();
        if let Some(l) = lines.iter().find(|l| l.contains("error")) {
            let l = l.clone();
            self.fail(&format!(
                "command {:?} should be accepted but the engine answered {:?}",
                cmd, l
            ));
        }
    }

    pub fn variant(&mut self, v: &str) {
        self.ok(&format!("setoption name UCI_Variant value {}", v));
    }

    pub fn position(&mut self, pos: &str) {
        self.ok(&format!("position {}", pos));
    }

    /// Send a bad command: the engine must print exactly one line starting with
    /// `info string` and nothing else, and must still answer `isready`.
    pub fn expect_error(&mut self, cmd: &str) -> String {
        self.expect_error_raw(cmd.as_bytes(), &format!("{:?}", cmd), true)
    }

    /// Like `expect_error`, but `bytes` are sent as they are (a newline is appended).
    /// With `exactly_one == false`, zero lines are accepted too (for input that is not a command at all).
    pub fn expect_error_raw(&mut self, bytes: &[u8], what: &str, exactly_one: bool) -> String {
        self.sync();
        let mut b = bytes.to_vec();
        b.push(b'\n');
        self.send_raw(&b);
        let lines = self.sync();
        let info: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        if exactly_one {
            if lines.len() != 1 || info.len() != 1 {
                self.fail(&format!(
                    "bad input {} must produce exactly one `info string …` line, got {} line(s): {:?}",
                    what,
                    lines.len(),
                    lines
                ));
            }
        } else if lines.len() > 1 || lines.len() != info.len() {
            self.fail(&format!(
                "input {} must produce at most one line, an `info string …` line, got {:?}",
                what, lines
            ));
        }
        lines.into_iter().next().unwrap_or_default()
    }

    /// `go perft D`: returns the divide listing (waits for `Nodes searched:`).
    pub fn perft(&mut self, depth: u32) -> Divide {
        self.sync();
        self.send(&format!("go perft {}", depth));
        let (mut lines, last) = self.read_until("`Nodes searched:`", TIMEOUT, |l| {
            l.trim_start().starts_with("Nodes searched:")
        });
        if let Some(l) = lines.iter().find(|l| l.starts_with("info string")) {
            let l = l.clone();
            self.fail(&format!(
                "go perft {} answered with an error line {:?}",
                depth, l
            ));
        }
        lines.push(last);
        // trailing Time / Nodes per second lines, if any, are swallowed here
        self.sync();
        match parse_divide(&lines) {
            Ok(d) => {
                if depth >= 1 {
                    let sum: u64 = d.moves.values().sum();
                    if sum != d.total {
                        self.fail(&format!(
                            "divide lines add up to {} but total is {}",
                            sum, d.total
                        ));
                    }
                }
                d
            }
            Err(e) => self.fail(&format!("cannot parse perft output: {}", e)),
        }
    }

    /// Is the engine process still running?
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Send `quit` and wait for the process to end; returns its exit code.
    pub fn quit(mut self) -> Option<i32> {
        self.send("quit");
        self.stdin.take();
        let start = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(st)) => return st.code(),
                Ok(None) if start.elapsed() < Duration::from_secs(10) => {
                    thread::sleep(Duration::from_millis(5))
                }
                _ => {
                    let _ = self.child.kill();
                    panic!(
                        "engine did not exit within 10 s after `quit`\n{}",
                        self.dump()
                    );
                }
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        if let Some(mut s) = self.stdin.take() {
            let _ = s.write_all(b"quit\n");
        }
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(500) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Check a position both ways: `chimera perft --divide` (when `moves` is empty)
/// and a UCI session (`position fen F moves …`, `go perft 1`). The move set must be `expected`.
pub fn check_moves(variant: &str, fen: &str, moves: &[&str], expected: &[&str]) {
    let what = format!("{} `{}` moves {:?}", variant, fen, moves);
    if moves.is_empty() {
        let d = perft_cmd(variant, Some(fen), 1);
        assert_moves(&format!("[perft subcommand] {}", what), &d, expected);
    }
    let d = uci_perft(variant, fen, moves, 1);
    assert_moves(&format!("[uci] {}", what), &d, expected);
}

/// Perft through a fresh UCI session.
pub fn uci_perft(variant: &str, fen: &str, moves: &[&str], depth: u32) -> Divide {
    let mut u = Uci::new();
    u.variant(variant);
    let pos = if fen == "startpos" {
        "startpos".to_string()
    } else {
        format!("fen {}", fen)
    };
    if moves.is_empty() {
        u.position(&pos);
    } else {
        u.position(&format!("{} moves {}", pos, moves.join(" ")));
    }
    u.perft(depth)
}

/// Whether `python3` can import `module` (an independent oracle or client). Without it the
/// test is skipped, unless `CHIMERA_REQUIRE_PYFFISH` is set (as `scripts/test.sh` does, after
/// installing pyffish and python-chess), when it fails.
pub fn python_module_or_skip(module: &str) -> bool {
    let have = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .status()
        .is_ok_and(|s| s.success());
    if !have {
        if std::env::var("CHIMERA_REQUIRE_PYFFISH").is_ok() {
            panic!("python3 cannot import {module} (scripts/test.sh installs it)");
        }
        eprintln!(
            "SKIPPED: python3 cannot import {module}; run scripts/test.sh for the full suite"
        );
    }
    have
}

/// Runs `scripts/NAME` with python3 against the engine binary (`--chimera BIN` then `args`)
/// from the repository root; its stdout, after asserting that it succeeded.
pub fn run_python_script(name: &str, args: &[&str]) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/scripts/{name}"))
        .args(["--chimera", bin()])
        .args(args)
        .current_dir(root)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "scripts/{name} failed:\n{stdout}");
    stdout
}

/// Asserts that a script's summary line (the first line starting with `prefix`) is there and
/// contains `clean` (e.g. `" 0 mismatches"`).
#[allow(dead_code)]
pub fn assert_clean_summary(out: &str, prefix: &str, clean: &str) {
    let summary = out.lines().find(|l| l.starts_with(prefix));
    assert!(
        summary.is_some_and(|l| l.contains(clean)),
        "no clean summary: {summary:?}\n{out}"
    );
}

/// The resident memory of process `pid` in MB, from Linux's account of it (`u64::MAX` where
/// it cannot be read).
#[cfg(target_os = "linux")]
#[allow(dead_code)]
pub fn resident_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
    kb.unwrap_or(u64::MAX) / 1024
}
