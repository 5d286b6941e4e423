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
