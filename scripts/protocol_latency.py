#!/usr/bin/env python3
"""How fast Chimera answers the commands that must be answered at once, during a search, for a
thread count (more threads than cores is the hard case: the search threads then compete with
the protocol's own threads for the cores).

    python3 scripts/protocol_latency.py [--chimera target/release/chimera] [--threads 1 64 256]

For each thread count, with the start position being searched:
  * UCI: 10 `isready` a tenth of a second apart during `go infinite`, then `stop`;
  * XBoard: 8 rounds of `go` (a long clock) then `?` half a second later;
  * both: `quit` during a search, until the process has exited (5 rounds).
Prints the worst and median delay of each.
"""
import argparse
import os
import queue
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Engine:
    def __init__(self, exe):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put((time.monotonic(), line.strip()))

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def wait(self, pred):
        """The time the first line matching `pred` arrived."""
        while True:
            t, line = self.lines.get(timeout=30)
            if pred(line):
                return t

    def delay(self, cmd, pred):
        t0 = time.monotonic()
        self.send(cmd)
        return (self.wait(pred) - t0) * 1000

    def quit(self):
        # A plain wait blocks in waitpid and returns the moment the process is gone; with a
        # timeout Popen polls with doubling sleeps, which rounds the delay up to 16, 32 or 64 ms.
        # The timer stands in for the timeout.
        watchdog = threading.Timer(30, self.p.kill)
        watchdog.start()
        t0 = time.monotonic()
        self.send("quit")
        self.p.wait()
        t1 = time.monotonic()
        watchdog.cancel()
        return (t1 - t0) * 1000


def uci(exe, threads):
    e = Engine(exe)
    e.send("uci")
    e.wait(lambda l: l == "uciok")
    e.send(f"setoption name Threads value {threads}")
    e.delay("isready", lambda l: l == "readyok")
    e.send("position startpos")
    e.send("go infinite")
    time.sleep(0.5)
    ready = []
    for _ in range(10):
        ready.append(e.delay("isready", lambda l: l == "readyok"))
        time.sleep(0.1)
    stop = e.delay("stop", lambda l: l.startswith("bestmove"))
    e.quit()
    return ready, stop


def xboard(exe, threads):
    e = Engine(exe)
    e.send("xboard")
    e.send("protover 2")
    e.wait(lambda l: l == "feature done=1")
    e.send(f"cores {threads}")
    e.send("level 0 60 0")
    move_now = []
    for i in range(8):
        for cmd in ["new", "force", "time 600000", "otim 600000", "go"]:
            e.send(cmd)
        time.sleep(0.5)
        move_now.append(e.delay("?", lambda l: l.startswith("move ")))
        e.delay(f"ping {i}", lambda l, i=i: l == f"pong {i}")
    e.quit()
    return move_now


def quit_during_search(exe, threads, protocol):
    delays = []
    for _ in range(5):
        e = Engine(exe)
        if protocol == "uci":
            cmds = [f"setoption name Threads value {threads}", "position startpos", "go infinite"]
        else:
            cmds = ["xboard", "protover 2", f"cores {threads}", "new", "analyze"]
        for cmd in cmds:
            e.send(cmd)
        time.sleep(0.5)
        delays.append(e.quit())
    return delays


def summary(delays):
    delays = sorted(delays)
    return f"worst {delays[-1]:.0f} ms, median {delays[len(delays) // 2]:.0f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chimera", default=os.path.join(HERE, "..", "target", "release", "chimera"))
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2, 64, 256])
    args = ap.parse_args()
    if not os.access(args.chimera, os.X_OK):
        sys.exit(f"no chimera binary at {args.chimera} (cargo build --release)")
    for n in args.threads:
        ready, stop = uci(args.chimera, n)
        print(f"threads {n}: UCI isready {summary(ready)}; stop {stop:.0f} ms")
        print(f"threads {n}: XBoard ? {summary(xboard(args.chimera, n))}")
        quits = [summary(quit_during_search(args.chimera, n, p)) for p in ("uci", "xboard")]
        print(f"threads {n}: quit during a search: UCI {quits[0]}; XBoard {quits[1]}")


if __name__ == "__main__":
    main()
