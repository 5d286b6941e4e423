//! Front ends: each protocol line becomes a typed command or a typed error.
pub mod diagram;
pub mod notation;
pub mod san;
pub mod select;
pub mod uci;
pub mod xboard;

/// The longest input line read (a move list of some 2.8 million plies): the bytes beyond it
/// are dropped, and the line is handed on as `OVERLONG_LINE`, an unknown command. Input with
/// no line break (`chimera uci < /dev/zero`) once grew the engine's memory without end.
pub const MAX_LINE_BYTES: usize = 16 << 20;
/// What an input line longer than `MAX_LINE_BYTES` becomes: a line no command starts with, so
/// that it is answered as an error and changes nothing.
pub const OVERLONG_LINE: &str = "line-of-more-than-16-MB-not-read";

/// Splits input into lines as both protocol loops and `chimera play` read it: LF, CR LF or a
/// lone CR ends a line, and at most `MAX_LINE_BYTES` of a line are kept.
#[derive(Default)]
pub struct LineSplitter {
    /// The last line ended in CR: an LF first thing now belongs to that line break.
    after_cr: bool,
}

impl LineSplitter {
    /// Reads the next line into `line`: `None` at the end of input, else whether the line was
    /// longer than `MAX_LINE_BYTES` (its rest is read and dropped, and `line` holds
    /// `OVERLONG_LINE`). A line ended by a lone CR is returned at once: a GUI that ends its
    /// lines so waits for the answer before it sends more.
    pub fn read(
        &mut self,
        input: &mut dyn std::io::BufRead,
        line: &mut Vec<u8>,
    ) -> std::io::Result<Option<bool>> {
        line.clear();
        let mut overlong = false;
        let mut read_any = false;
        loop {
            let chunk = match input.fill_buf() {
                Ok([]) => break,
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                input.consume(1);
                continue;
            }
            read_any = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let text = &chunk[..end.unwrap_or(chunk.len())];
            if overlong {
                // The rest of a line already dropped.
            } else if line.len() + text.len() <= MAX_LINE_BYTES {
                line.extend_from_slice(text);
            } else {
                overlong = true;
                *line = OVERLONG_LINE.as_bytes().to_vec();
            }
            let used = match end {
                Some(i) => {
                    self.after_cr = chunk[i] == b'\r';
                    i + 1
                }
                None => chunk.len(),
            };
            input.consume(used);
            if end.is_some() {
                return Ok(Some(overlong));
            }
        }
        // A last line without its line break, or the end.
        Ok(read_any.then_some(overlong))
    }
}

/// Reads lines on a thread of its own (named "input"), so that the protocol loop can answer
/// while it waits: `on_line` gets each line (invalid UTF-8 becomes U+FFFD, and then an unknown
/// command; a line beyond `MAX_LINE_BYTES` becomes `OVERLONG_LINE`) and returns false to stop
/// reading; `on_end` runs at the end of input.
pub fn spawn_line_reader<R: std::io::BufRead + Send + 'static>(
    input: R,
    mut on_line: impl FnMut(String) -> bool + Send + 'static,
    on_end: impl FnOnce() + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let mut input = input;
            let mut lines = LineSplitter::default();
            let mut line = Vec::new();
            while let Ok(Some(_)) = lines.read(&mut input, &mut line) {
                if !on_line(String::from_utf8_lossy(&line).into_owned()) {
                    return;
                }
            }
            on_end();
        })
}

/// Physical memory in MiB: the most a table may take (UCI's `Hash` maximum, XBoard's `memory`);
/// a generous guess where it cannot be read. (A size beyond the memory available at the time
/// is refused when it is set.)
pub fn machine_memory_mb() -> usize {
    const FALLBACK_MB: usize = 32_768;
    crate::search::tt::memory_info_mb("MemTotal:").map_or(FALLBACK_MB, |mb| mb.max(1))
}

/// How long the end of input waits to learn whether the GUI has died (`output_reader_gone`).
pub const READER_GONE_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

/// Whether nobody reads standard output any more: the GUI has died, and its end of the pipe is
/// closed. Waits up to `wait` for that, since a dying GUI's two pipes close one after the other;
/// a terminal, a file or a live reader lets the whole wait pass.
#[cfg(target_os = "linux")]
pub fn output_reader_gone(wait: std::time::Duration) -> bool {
    let mut out = libc::pollfd {
        fd: libc::STDOUT_FILENO,
        events: 0,
        revents: 0,
    };
    let ms = i32::try_from(wait.as_millis()).unwrap_or(i32::MAX);
    // SAFETY: one valid `pollfd`, and the count says one.
    let ready = unsafe { libc::poll(&mut out, 1, ms) };
    ready > 0 && out.revents & (libc::POLLERR | libc::POLLHUP) != 0
}

/// Elsewhere the engine cannot tell, and behaves as if someone still reads.
#[cfg(not(target_os = "linux"))]
pub fn output_reader_gone(_wait: std::time::Duration) -> bool {
    false
}

/// An error message cut to a length a GUI's log can show: a message quotes what was typed, and
/// a megabyte-long line would otherwise come back whole.
pub fn clipped(message: &str) -> std::borrow::Cow<'_, str> {
    const MAX_CHARS: usize = 400;
    match message.char_indices().nth(MAX_CHARS) {
        Some((end, _)) => format!("{}…", &message[..end]).into(),
        None => message.into(),
    }
}

/// `text` with its control characters but tab and line break escaped (`\u{1b}`, `\0`), and the
/// characters that break or reorder a line (U+2028, U+202E, ...): what a user typed comes back in
/// error lines, and must not reach the GUI's terminal raw.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let raw = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(raw) {
        return text.into();
    }
    text.chars()
        .map(|c| match raw(c) {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    /// An error quoting a huge line is cut (on a character boundary); a normal one is whole.
    #[test]
    fn error_messages_are_clipped() {
        let long = format!("unknown variant '{}'", "é".repeat(1_000_000));
        let clipped = super::clipped(&long);
        assert_eq!(clipped.chars().count(), 401);
        assert!(clipped.ends_with('…'));
        assert_eq!(super::clipped("bad FEN"), "bad FEN");
    }

    /// LF, CRLF, a lone CR and any mix of them end a line; blank lines still reach the loop.
    #[test]
    fn any_mix_of_cr_and_lf_ends_a_line() {
        let (tx, rx) = std::sync::mpsc::channel();
        let input =
            std::io::Cursor::new(b"uci\risready\r\r\nposition startpos\r\n\ngo\nquit".to_vec());
        let reader =
            super::spawn_line_reader(input, move |l| tx.send(l.trim().to_string()).is_ok(), || {})
                .expect("the input thread starts");
        assert!(reader.join().is_ok(), "the input thread ends");
        let seen: Vec<String> = rx.iter().collect();
        assert_eq!(
            seen,
            ["uci", "isready", "", "position startpos", "", "go", "quit"]
        );
    }

    /// A line ended by a lone CR is handed over at once, not when a later LF arrives.
    #[test]
    fn a_lone_cr_line_is_read_before_more_input() {
        use std::io::Write;
        let (reader, mut writer) = std::io::pipe().expect("a pipe");
        let (tx, rx) = std::sync::mpsc::channel();
        let input = std::io::BufReader::new(reader);
        let handle = super::spawn_line_reader(input, move |l| tx.send(l).is_ok(), || {})
            .expect("the input thread starts");
        writer.write_all(b"isready\r").expect("written");
        writer.flush().expect("flushed");
        let got = rx.recv_timeout(std::time::Duration::from_secs(5));
        assert_eq!(got.as_deref(), Ok("isready"));
        drop(writer);
        assert!(handle.join().is_ok());
    }
}
