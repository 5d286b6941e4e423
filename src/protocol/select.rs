//! Chooses the protocol from the GUI's first command, as other engines do: `xboard` (or a
//! `protover` sent without it) starts the XBoard front end, anything else the UCI one. The
//! first line is then handed on, in front of the rest of the input, to the chosen front end.

use super::uci::UciEngine;
use super::xboard::XboardEngine;
use crate::variant::Registry;
use std::io::{BufRead, Cursor, Read};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// The protocol a first line asks for.
pub fn choose(first_line: &str) -> Protocol {
    match first_line.split_whitespace().next() {
        Some("xboard") | Some("protover") => Protocol::Xboard,
        _ => Protocol::Uci,
    }
}

/// Reads up to the first non-empty line of `input`; returns it (with the blank lines before
/// it) and the rest of the input, unread. The bytes are kept as they came: a first line that
/// is not UTF-8 is still the front end's to read (and to refuse), not lost here.
pub fn split_first_line<R: BufRead>(mut input: R) -> (Vec<u8>, R) {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        // No more than the line reader keeps: input with no line break (`/dev/zero`) would
        // otherwise be read here without end.
        let room = (super::MAX_LINE_BYTES + 1).saturating_sub(head.len()) as u64;
        match (&mut input).take(room).read_until(b'\n', &mut head) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if head.last() != Some(&b'\n') || !head[before..].trim_ascii().is_empty() {
                    break;
                }
            }
        }
    }
    (head, input)
}

/// Runs the protocol the first line of `input` chooses, writing to `out`.
pub fn run<R, W>(registry: Registry, input: R, out: W)
where
    R: BufRead + Send + 'static,
    W: std::io::Write + Send + 'static,
{
    let (head, rest) = split_first_line(input);
    let protocol = choose(String::from_utf8_lossy(&head).trim());
    let input = Cursor::new(head).chain(rest);
    match protocol {
        Protocol::Xboard => XboardEngine::new(registry, out).run(input),
        Protocol::Uci => UciEngine::new(registry, out).run(input),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_line_chooses() {
        assert_eq!(choose("xboard"), Protocol::Xboard);
        assert_eq!(choose("protover 2"), Protocol::Xboard);
        assert_eq!(choose("uci"), Protocol::Uci);
        assert_eq!(choose("isready"), Protocol::Uci);
        let (head, mut rest) =
            split_first_line(Cursor::new(b"\n  \nxboard\nprotover 2\n".to_vec()));
        assert_eq!(head.trim_ascii(), b"xboard");
        let mut tail = String::new();
        rest.read_to_string(&mut tail).unwrap();
        assert_eq!(tail, "protover 2\n");
    }
}
