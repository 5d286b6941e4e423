//! An engine as a child process: a writer thread feeds its stdin and a reader thread turns its
//! stdout into time-stamped lines on a channel, so that no read or write can block the caller
//! and every wait has a deadline. The process is killed when the handle is dropped.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line kept from an engine; the rest of a longer line is dropped.
const MAX_LINE: usize = 64 * 1024;
/// Lines held unread at most; an engine that writes more waits (its pipe fills), so a flood
/// cannot exhaust memory.
const MAX_PENDING: usize = 4096;

/// Why talking to an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The process could not be started.
    Start(String),
    /// The process closed its output (crashed or quit).
    Crashed,
    /// No expected reply before the deadline; the text says what was awaited.
    Timeout(String),
    /// A reply that breaks the protocol or an engine unable to play the game.
    Protocol(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            EngineError::Start(e) => write!(f, "cannot start: {e}"),
            EngineError::Crashed => write!(f, "the process exited"),
            EngineError::Timeout(what) => write!(f, "no {what} in time"),
            EngineError::Protocol(e) => write!(f, "protocol error: {e}"),
        }
    }
}

enum Event {
    Line(String, Instant),
    Eof,
}

/// How to start an engine process.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Launch {
    pub program: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
}

pub struct Process {
    child: Child,
    input: Option<Sender<String>>,
    output: Receiver<Event>,
    /// Name used in debug output.
    label: String,
    debug: bool,
    closed: bool,
}

impl Process {
    pub fn spawn(launch: &Launch, label: &str, debug: bool) -> Result<Process, EngineError> {
        let mut cmd = Command::new(&launch.program);
        cmd.args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if debug {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        if let Some(dir) = &launch.dir {
            // Spawning in a missing folder fails with the same error as a missing program.
            if !std::path::Path::new(dir).is_dir() {
                return Err(EngineError::Start(format!("dir={dir}: no such directory")));
            }
            cmd.current_dir(dir);
        }
        // An engine dies with the thread that started it (the game's), so that a runner killed
        // from outside (SIGTERM, SIGKILL) leaves no engine thinking on as an orphan.
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::process::CommandExt;
            // SAFETY: between fork and exec the closure only calls prctl, which is
            // async-signal-safe and touches no memory of the parent.
            unsafe {
                cmd.pre_exec(|| {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    Ok(())
                });
            }
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Start(format!("{}: {e}", launch.program)))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Start("no pipes to the process".into()));
        };
        let (in_tx, in_rx) = channel::<String>();
        let (out_tx, out_rx) = sync_channel::<Event>(MAX_PENDING);
        spawn_writer(stdin, in_rx);
        spawn_reader(stdout, out_tx);
        Ok(Process {
            child,
            input: Some(in_tx),
            output: out_rx,
            label: label.to_string(),
            debug,
            closed: false,
        })
    }

    /// Queues a line for the engine; never blocks. A dead engine is noticed on the next read.
    pub fn send(&mut self, line: &str) {
        if self.debug {
            eprintln!("{} < {line}", self.label);
        }
        if let Some(tx) = &self.input {
            if tx.send(format!("{line}\n")).is_err() {
                self.input = None;
            }
        }
    }

    /// The next line and when it arrived, waiting until `deadline` at most.
    pub fn recv(
        &mut self,
        deadline: Instant,
        what: &str,
    ) -> Result<(String, Instant), EngineError> {
        if self.closed {
            return Err(EngineError::Crashed);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(Event::Line(line, at)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.label);
                }
                Ok((line, at))
            }
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(EngineError::Crashed)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what.to_string())),
        }
    }

    /// Reads lines until one satisfies `want`, or the deadline passes.
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        what: &str,
        mut want: impl FnMut(&str) -> bool,
    ) -> Result<String, EngineError> {
        loop {
            let (line, _) = self.recv(deadline, what)?;
            if want(&line) {
                return Ok(line);
            }
        }
    }

    /// Drops every line already received.
    pub fn drain(&mut self) {
        while let Ok(event) = self.output.try_recv() {
            match event {
                Event::Line(line, _) if self.debug => {
                    eprintln!("{} > {line} (ignored)", self.label)
                }
                Event::Line(..) => {}
                Event::Eof => self.closed = true,
            }
        }
    }

    /// Sends `quit_line`, gives the process `grace` to exit, then kills it.
    pub fn shutdown(&mut self, quit_line: &str, grace: Duration) {
        if !self.closed {
            self.send(quit_line);
        }
        self.input = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => thread::sleep(Duration::from_millis(5)),
            }
        }
        self.kill();
    }

    fn kill(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.input = None;
        self.kill();
    }
}

fn spawn_writer(mut stdin: ChildStdin, lines: Receiver<String>) {
    thread::spawn(move || {
        for line in lines {
            if stdin
                .write_all(line.as_bytes())
                .and_then(|_| stdin.flush())
                .is_err()
            {
                break;
            }
        }
    });
}

fn spawn_reader(stdout: std::process::ChildStdout, events: SyncSender<Event>) {
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match read_line_capped(&mut reader, &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&buf);
                    let line = text.trim_end_matches(['\n', '\r']).to_string();
                    if events.send(Event::Line(line, Instant::now())).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = events.send(Event::Eof);
    });
}

/// Reads one line into `buf`, keeping at most `MAX_LINE` bytes of it. Returns the bytes consumed.
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok(total);
        }
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..used.min(room)]);
        reader.consume(used);
        total += used;
        if done {
            return Ok(total);
        }
    }
}

/// Splits a command line into words: whitespace separates, single and double quotes group,
/// a backslash escapes the next character (outside single quotes).
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => word.push(ch),
                        None => return Err(format!("unclosed ' in: {text}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch) => word.push(ch),
                            None => return Err(format!("trailing \\ in: {text}")),
                        },
                        Some(ch) => word.push(ch),
                        None => return Err(format!("unclosed \" in: {text}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(ch) => word.push(ch),
                    None => return Err(format!("trailing \\ in: {text}")),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(split_words("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            split_words("cmd='python3 x.py' n=\"A B\"").unwrap(),
            ["cmd=python3 x.py", "n=A B"]
        );
        assert_eq!(split_words(r"a\ b").unwrap(), ["a b"]);
        assert!(split_words("'open").is_err());
        assert!(split_words("").unwrap().is_empty());
    }

    #[test]
    fn long_lines_are_capped() {
        let text = format!("{}\nnext\n", "x".repeat(MAX_LINE + 100));
        let mut r = BufReader::new(text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf).unwrap(), MAX_LINE + 101);
        assert_eq!(buf.len(), MAX_LINE);
        buf.clear();
        read_line_capped(&mut r, &mut buf).unwrap();
        assert_eq!(buf, b"next\n");
    }
}
