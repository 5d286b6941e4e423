#!/usr/bin/env python3
"""A laggy XBoard GUI, for testing time management: two copies of ENGINE play chess at BASE
seconds sudden death, and every move is charged LAG milliseconds more than the engine took (as
a slow GUI does). Prints the lowest clock reached and whether a side lost on time.

    scripts/laggy_xboard.py ENGINE BASE_SECONDS LAG_MS MAX_PLIES
    scripts/laggy_xboard.py target/release/chimera 10 100 200
"""
import subprocess, sys, time, threading, queue
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip()); sys.exit(0)
try:
    if len(sys.argv) != 5: raise ValueError
    eng, base, lag, maxplies = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]) / 1000, int(sys.argv[4])
except ValueError:
    sys.stderr.write("usage: %s ENGINE BASE_SECONDS LAG_MS MAX_PLIES   (-h for more)\n" % sys.argv[0]); sys.exit(2)
def start():
    p = subprocess.Popen([eng, "xboard"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    q = queue.Queue()
    threading.Thread(target=lambda: [q.put(l.strip()) for l in p.stdout], daemon=True).start()
    def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
    send("xboard"); send("protover 2"); send("new"); send("force"); send(f"level 0 0:{int(base)} 0"); send("post")
    return p, q, send
E = [start(), start()]
clock = [base, base]
moves = []
low = base
for ply in range(maxplies):
    side = ply % 2
    p, q, send = E[side]
    while not q.empty(): q.get()
    send(f"time {int(clock[side]*100)}"); send(f"otim {int(clock[1-side]*100)}")
    if moves: send(f"usermove {moves[-1]}")
    t0 = time.time(); send("go")
    mv = None
    while mv is None:
        l = q.get()
        if l.startswith("move "): mv = l.split()[1]
        elif l.startswith(("1-0", "0-1", "1/2")): print("game over:", l, "ply", ply); mv = "end"
    if mv == "end": break
    send("force")
    clock[side] -= time.time() - t0 + lag
    low = min(low, clock[side])
    if clock[side] < 0:
        print(f"side {side} lost on time at ply {ply}"); break
    moves.append(mv)
print(f"plies {len(moves)} lowest clock {low:.2f}s final {clock[0]:.2f} {clock[1]:.2f}")
for p, q, send in E: send("quit")
