#!/usr/bin/env python3
"""`isready` and `stop` latency during a `go infinite`, for a thread count.

    python3 scripts/protocol_latency.py [--chimera target/release/chimera] [--threads 1 64 256]

For each thread count: 10 `isready` a tenth of a second apart while the engine searches the
start position, then `stop`; prints the worst and median `readyok` delay and the `stop` delay.
"""
import argparse
import queue
import subprocess
import threading
import time


def measure(exe, threads, rounds=10):
    p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = queue.Queue()

    def read():
        for line in p.stdout:
            lines.put((time.monotonic(), line.strip()))

    threading.Thread(target=read, daemon=True).start()

    def send(cmd):
        p.stdin.write(cmd + "\n")
        p.stdin.flush()

    def wait(pred):
        while True:
            t, line = lines.get(timeout=30)
            if pred(line):
                return t

    send("uci")
    wait(lambda l: l == "uciok")
    send(f"setoption name Threads value {threads}")
    send("isready")
    wait(lambda l: l == "readyok")
    send("position startpos")
    send("go infinite")
    time.sleep(0.5)
    delays = []
    for _ in range(rounds):
        t0 = time.monotonic()
        send("isready")
        delays.append((wait(lambda l: l == "readyok") - t0) * 1000)
        time.sleep(0.1)
    t0 = time.monotonic()
    send("stop")
    stop_ms = (wait(lambda l: l.startswith("bestmove")) - t0) * 1000
    send("quit")
    p.wait(timeout=30)
    delays.sort()
    print(f"threads {threads}: isready worst {delays[-1]:.0f} ms, median {delays[len(delays) // 2]:.0f} ms; stop {stop_ms:.0f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2, 64, 256])
    args = ap.parse_args()
    for n in args.threads:
        measure(args.chimera, n)


if __name__ == "__main__":
    main()
