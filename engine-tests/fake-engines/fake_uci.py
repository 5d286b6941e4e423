#!/usr/bin/env python3
"""A misbehaving UCI engine for the match tests. It completes the handshake, then, asked for a
move, does what MODE says:
  illegal  answers a move that is never legal at the start (e2e5)
  crash    exits without answering
  hang     never answers (the referee must forfeit it on time and kill it); creates the file
           named by $FAKE_HANG_MARK, if set, when it starts to hang
  garbage  writes invalid UTF-8, a 200 kB line and nonsense, then an unparsable move
  nomove   answers 'bestmove (none)'
  twoply   answers two plies as one turn (e2e4,e7e5), which no game allows
  autoecho  in cancellation-chess from 4k3/8/8/8/8/RP6/nP6/NB2K3 w - - 0 1, first answers the
           turn a3a2 with the two Pawns it places automatically written out (a3a2,P@a2,P@a3),
           then moves as `illegal`
  wordy    writes a `bestmovex a1a1` line (not a bestmove: the word goes on), then `bestmove
           e2e4`, whatever the position
  shortlist  lists only chess and capablanca in its UCI_Variant combo and takes any other
           value in silence, without announcing a board; moves as `illegal`
  shufflescore  shuffles its g-knight (g1f3 f3g1 … as White, g8f6 f6g8 … as Black) from the
           start position, scoring -1000 on every other move of its own and nothing between
  slowstart  the first time it runs (while the file named by its second argument does not
           exist; it creates it), says nothing for 6 s after `uci`, as an engine loading a
           network, then answers it; plays as `illegal`
Usage: fake_uci.py MODE
"""
import os
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
turns = 0  # moves asked for so far
plies = 0  # plies of the last `position` command
out = sys.stdout


def say(text):
    out.write(text + "\n")
    out.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "uci":
        if mode == "slowstart" and not os.path.exists(sys.argv[2]):
            open(sys.argv[2], "w").close()
            time.sleep(6)
        say("id name fake-" + mode)
        say("option name Hash type spin default 16 min 1 max 1024")
        if mode == "shortlist":
            say("option name UCI_Variant type combo default chess var chess var capablanca")
        if mode == "autoecho":
            say("option name UCI_Variant type combo default chess var chess var cancellation-chess")
        say("uciok")
    elif cmd == "position":
        plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
    elif cmd == "isready":
        say("readyok")
    elif cmd == "quit":
        break
    elif cmd == "go":
        if mode in ("illegal", "shortlist", "slowstart"):
            say("info depth 1 score cp 12 pv e2e5")
            say("bestmove e2e5")
        elif mode == "crash":
            sys.exit(3)
        elif mode == "hang":
            # Tell a waiting test that the hang has begun (it kills the runner then).
            mark = os.environ.get("FAKE_HANG_MARK")
            if mark:
                open(mark, "w").close()
            while True:
                time.sleep(60)
        elif mode == "garbage":
            sys.stdout.buffer.write(b"\xff\xfe info \x00\xc3\x28 score cp abc\n")
            sys.stdout.buffer.write(b"x" * 200000 + b"\n")
            sys.stdout.buffer.write(b"info depth 99999999999999999999 score mate -\n")
            sys.stdout.buffer.write(b"bestmove \xe2\x82\xac\xe2\x82\xac\n")
            sys.stdout.flush()
        elif mode == "nomove":
            say("bestmove (none)")
        elif mode == "shufflescore":
            own = plies // 2
            mv = [["g1f3", "f3g1"], ["g8f6", "f6g8"]][plies % 2][own % 2]
            if own % 2 == 0:
                say("info depth 1 score cp -1000 pv " + mv)
            say("bestmove " + mv)
        elif mode == "twoply":
            say("bestmove e2e4,e7e5")
        elif mode == "autoecho":
            say("bestmove a3a2,P@a2,P@a3" if turns == 0 else "bestmove e2e5")
            turns += 1
        elif mode == "wordy":
            say("bestmovex a1a1")
            say("bestmove e2e4")
