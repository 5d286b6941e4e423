"""Drives Chimera over UCI for the rules oracles (tripunch.py, knight_relay.py, relay_fairy.py,
cancellation_history.py, engine_games.py, canonical.py):
divide counts by `go perft` (boards up to 16 files and 16 ranks), and a move-by-move comparison
with an oracle's own divide that narrows every difference down to the leaf position and the
moves only one side has. Standard library only; it knows nothing of any game's rules."""

import queue
import re
import subprocess
import threading

# A board move, or a drop / placement ply (`N@e5`, cancellation games).
MOVE_LINE = re.compile(r"^([A-Za-z]@[a-p]\d{1,2}|[a-p]\d{1,2}[a-p]\d{1,2}[a-z]?)\s*:\s*(\d+)\s*$")


class ChimeraUci:
    """One `chimera uci` process set to `variant`."""

    def __init__(self, exe, variant, timeout=900):
        self.timeout = timeout
        self.p = subprocess.Popen([exe, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send("setoption name UCI_Variant value " + variant)
        errs = [l for l in self.sync() if "error" in l.lower()]
        if errs:
            raise RuntimeError("chimera refused variant %s: %s" % (variant, errs))

    def _reader(self):
        for line in self.p.stdout:
            self.q.put(line)
        self.q.put(None)

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        while True:
            try:
                l = self.q.get(timeout=self.timeout)
            except queue.Empty:
                raise RuntimeError("chimera timed out; lines so far: %r" % lines[-10:])
            if l is None:
                raise RuntimeError("chimera closed stdout; lines so far: %r" % lines[-10:])
            l = l.strip()
            if stop(l):
                return lines, l
            lines.append(l)

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")[0]

    def position(self, fen, moves):
        """Sets the position (`fen` may be "startpos"); the error lines, empty if accepted."""
        self.send("position " + ("startpos" if fen == "startpos" else "fen " + fen)
                  + ((" moves " + " ".join(moves)) if moves else ""))
        return [l for l in self.sync() if "error" in l.lower() or "illegal" in l.lower()]

    def divide(self, fen, moves, depth):
        """({move: count}, total), or (None, error lines) where the position is refused."""
        errs = self.position(fen, moves)
        if errs:
            return None, errs
        self.send("go perft %d" % depth)
        lines, last = self.until(lambda l: l.startswith("Nodes searched"))
        self.sync()
        res = {}
        for l in lines:
            mm = MOVE_LINE.match(l)
            if mm:
                res[mm.group(1)] = int(mm.group(2))
        total = int(last.split(":")[1])
        return res, total

    def bestmove(self, fen, moves, depth):
        """The `bestmove` of `go depth D`, or None where the position is refused."""
        if self.position(fen, moves):
            return None
        self.send("go depth %d" % depth)
        _, last = self.until(lambda l: l.startswith("bestmove"))
        self.sync()
        return last.split()[1]

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


class Compare:
    """Compares the oracle's divide with Chimera's. `setup(fen, moves)` gives the oracle's
    position (with `divide(depth)`: {uci move: count}); `fen_of(pos)` writes it for reports."""

    def __init__(self, exe, variant, setup, fen_of):
        self.u = ChimeraUci(exe, variant)
        self.setup = setup
        self.fen_of = fen_of
        self.failures = []
        self.runs = 0
        self.nodes = 0
        self.positions = 0

    def explain(self, fen, moves, depth, ours, theirs, out):
        """Narrow a divide mismatch down to the leaf position(s) and the moves one side lacks."""
        only_o = sorted(set(ours) - set(theirs))
        only_c = sorted(set(theirs) - set(ours))
        if only_o or only_c:
            pos = self.setup(fen, moves)
            out.append("  at %s  (fen %s moves %s): oracle-only %s, chimera-only %s"
                       % (self.fen_of(pos), fen, " ".join(moves) or "-", only_o, only_c))
        if depth > 1:
            for m in sorted(set(ours) & set(theirs)):
                if ours[m] != theirs[m] and len(out) < 12:
                    pos = self.setup(fen, moves + [m])
                    o = pos.divide(depth - 1)
                    t, _ = self.u.divide(fen, moves + [m], depth - 1)
                    self.explain(fen, moves + [m], depth - 1, o, t or {}, out)

    def check(self, label, fen, moves, depth):
        pos = self.setup(fen, moves)
        ours = pos.divide(depth)
        theirs, total = self.u.divide(fen, moves, depth)
        self.runs += 1
        self.nodes += sum(ours.values())
        if theirs is None:
            self.failures.append("%s: chimera refused fen %s moves %s: %s" % (label, fen, " ".join(moves), total))
            print("FAIL", self.failures[-1], flush=True)
            return
        if ours != theirs or sum(ours.values()) != total:
            out = []
            self.explain(fen, moves, depth, ours, theirs, out)
            msg = "%s: fen %s moves %s depth %d: oracle %d chimera %d (position %s)\n%s" % (
                label, fen, " ".join(moves) or "-", depth, sum(ours.values()), total,
                self.fen_of(pos), "\n".join(out))
            self.failures.append(msg)
            print("FAIL", msg, flush=True)

    def close(self):
        self.u.close()


def file_divide(exe, ini, name, fen, depth):
    """`chimera perft --variants INI --variant NAME --fen FEN --depth D --divide` for a game of a
    variants file: ({move: count}, total), or (None, Chimera's message) where it refused."""
    r = subprocess.run([exe, "perft", "--variants", ini, "--variant", name, "--fen", fen,
                        "--depth", str(depth), "--divide"], capture_output=True, text=True,
                       timeout=600)
    if r.returncode != 0:
        return None, (r.stderr.strip() or r.stdout.strip())
    counts, total = {}, None
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
        elif ":" in line and not line.startswith(("Time", "Nodes")):
            move, n = line.split(":")
            counts[move.strip()] = int(n)
    return counts, total


def drill_down(game, divide, fen, depth, path=()):
    """Compares `divide(fen, depth)` (Chimera's, as file_divide returns it) with an oracle
    game's own `game.divide` (the game also gives parse_fen, legal, mstr, make and fen),
    following the first differing move down to the position whose move sets differ.
    Returns (None or a report, Chimera's total at the top)."""
    theirs, total = divide(fen, depth)
    if theirs is None:
        return "CHIMERA ERROR at fen %s depth %d path %s: %s" % (
            fen, depth, " ".join(path), total), 0
    p = game.parse_fen(fen)
    ours = game.divide(p, depth)
    if theirs == ours:
        return None, total
    only_c = sorted(set(theirs) - set(ours))
    only_o = sorted(set(ours) - set(theirs))
    if only_c or only_o or depth == 1:
        return ("MISMATCH fen %s (path from sampled position: %s)\n  moves only in chimera: %s\n"
                "  moves only in oracle: %s\n  depth %d counts differ: %s" % (
                    fen, " ".join(path) or "-", only_c, only_o, depth,
                    {k: (theirs.get(k), ours.get(k)) for k in sorted(set(theirs) | set(ours))
                     if theirs.get(k) != ours.get(k)})), total
    for mv in sorted(theirs):
        if theirs[mv] != ours[mv]:
            m = next(m for m in game.legal(p) if game.mstr(m) == mv)
            child = game.fen(game.make(p, m))
            return drill_down(game, divide, child, depth - 1, path + (mv,))[0], total
    return "MISMATCH (unexplained) fen %s" % fen, total


def fen_row(cells):
    """One FEN rank from its cells, first file first (piece letters, None for empty)."""
    s, e = "", 0
    for c in cells:
        if c is None:
            e += 1
        else:
            s += (str(e) if e else "") + c
            e = 0
    return s + (str(e) if e else "")


def placement_cells(placement, files=None):
    """The pieces of a FEN's placement field (ranks of any width, counts of several digits):
    (file, rank, letter) with rank 0 the last row given. With `files`, a row of another width
    raises ValueError."""
    rows = placement.split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        f, j = 0, 0
        while j < len(row):
            k = j
            while k < len(row) and row[k].isdigit():
                k += 1
            if k > j:
                f += int(row[j:k])
                j = k
                continue
            yield f, rank, row[j]
            f += 1
            j += 1
        if files is not None and f != files:
            raise ValueError("row %r is %d files wide, not %d" % (row, f, files))


class GridGame:
    """The board arithmetic and perft of the oracles' own games (filerules.py, bigboard.py,
    relay_files.py): squares numbered rank by rank over `F` files and `R` ranks; a subclass
    gives `legal(p)`, `make(p, m)` (a new position) and `mstr(m)` (the move as UCI text)."""

    def sq(self, f, r):
        return r * self.F + f

    def name(self, s):
        return chr(97 + s % self.F) + str(s // self.F + 1)

    def on(self, f, r):
        return 0 <= f < self.F and 0 <= r < self.R

    def perft(self, p, d):
        if d == 0:
            return 1
        ms = self.legal(p)
        if d == 1:
            return len(ms)
        return sum(self.perft(self.make(p, m), d - 1) for m in ms)

    def divide(self, p, d):
        """Leaves after each move's text (two moves written alike add up)."""
        out = {}
        for m in self.legal(p):
            k = self.mstr(m)
            out[k] = out.get(k, 0) + self.perft(self.make(p, m), d - 1)
        return out
