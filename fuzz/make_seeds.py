#!/usr/bin/env python3
"""Writes fuzz/seeds/<target>/ : the starting inputs of the cargo-fuzz targets (src/lib.rs).

The game selector byte of `fen`, `move_text` and `search` indexes the names `chimera variants`
lists, in that order; the positions are every game's start position and the positions of the
perft data files (engine-tests/perft/*.perft). Run from the repository root after a build:
    fuzz/make_seeds.py target/release/chimera
"""
import hashlib
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "fuzz" / "seeds"


def write(target, data):
    d = SEEDS / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (d / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def main():
    chimera = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/chimera")
    names = [l.split()[0] for l in
             subprocess.run([chimera, "variants"], capture_output=True, text=True).stdout.splitlines()]
    ask = "uci\n" + "".join(f"setoption name UCI_Variant value {n}\n" for n in names) + "quit\n"
    out = subprocess.run([chimera], input=ask, capture_output=True, text=True).stdout
    starts = [l.split(" startpos ", 1)[1] for l in out.splitlines()
              if l.startswith("info string variant ")]
    assert len(starts) == len(names), "every listed game announces its start position"
    index = {n: i for i, n in enumerate(names)}
    positions = list(enumerate(starts))
    for path in sorted((ROOT / "engine-tests" / "perft").glob("*.perft")):
        variant = None
        for line in path.read_text().splitlines():
            if line.startswith("variant "):
                variant = line.split()[1]
            elif line.startswith("fen ") and variant in index:
                positions.append((index[variant], line[4:].split("#")[0].strip()))
    for i, fen in positions:
        write("fen", bytes([i]) + fen.encode())
    for i, fen in enumerate(starts):
        write("search", bytes([i, 2]) + fen.encode())
    texts = ["e2e4", "Nf3", "O-O", "e7e8q", "N@e5", "a10a9", "exd5", "c1c8", "j1j10"]
    for i in range(len(names)):
        write("move_text", bytes([i, i % 16]) + texts[i % len(texts)].encode())
    for line in ["uci", "isready", "setoption name UCI_Variant value grand",
                 "position startpos moves e3e5 e8e6", "go depth 3 searchmoves a3a4",
                 "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2",
                 "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5", "debug on", "d", "eval",
                 "setoption name MultiPV value 3", "go mate 3", "joho debug on"]:
        write("uci_line", line)
    write("uci_session", "uci\nsetoption name UCI_Variant value canonical\nisready\n"
          "position startpos\ngo depth 2\nd\neval\nucinewgame\n"
          "setoption name UCI_Variant value cancellation-chess\n"
          "position startpos moves e2e4 d7d5 e4d5\ngo\nstop\n")
    write("uci_session", "uci\nsetoption name UCI_Variant value relay-indirect-anti-relay-gothic\n"
          "position startpos moves e2e4\ngo infinite\nstop\nposition fen garbage\ngo ponder\n"
          "ponderhit\n")
    write("xboard_session", "new\nvariant capablanca\nforce\ne2e4\ne7e5\nundo\nremove\npost\n"
          "go\nanalyze\n.\nexit\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
          "edit\nc\n#\n.\nping 3\n")
    write("xboard_session", "new\nvariant grand\nforce\ne3e5\nusermove e8e6\nhint\nbk\n"
          "level 40 5 0\ntime 500\notim 500\ngo\nexclude all\ninclude all\nresult 1-0 {x}\n")
    examples = ROOT / "engine-tests" / "variants"
    for path in sorted(examples.glob("*")):
        if path.is_file():
            write("variants_file", path.read_bytes())
    write("variants_file", "[mini : chess]\nboard = 6x6\npiece = x Fuzz yafsFnNcpR 4\n"
          "promote-to = x r\npromotion-ranks = 6\ncastle-high = -\ncastle-low = -\n"
          "start = rnxkbr/pppppp/6/6/PPPPPP/RNXKBR w - - 0 1\n")


if __name__ == "__main__":
    main()
