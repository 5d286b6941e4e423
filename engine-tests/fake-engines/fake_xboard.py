#!/usr/bin/env python3
"""A scripted XBoard (CECP v2) engine for the match tests. White shuffles its g-knight
(g1f3, f3g1, ...) and Black its g-knight (g8f6, f6g8, ...), so two of them draw by threefold
repetition after eight plies. It checks the order of the protocol and logs every command it
receives to the file given as the first argument (if any).
Usage: fake_xboard.py [--no-setboard] [--dies-on-uci] [LOGFILE]
(--no-setboard: announce setboard=0, as Debian's Fairy-Max does; --dies-on-uci: exit at once
on `uci`, as that Fairy-Max crashes on it)
"""
import sys

FLAGS = ("--no-setboard", "--dies-on-uci")
SETBOARD = "--no-setboard" not in sys.argv
DIES_ON_UCI = "--dies-on-uci" in sys.argv
args = [a for a in sys.argv[1:] if a not in FLAGS]
log = open(args[0], "a") if args else None
SHUFFLE = {0: ["g1f3", "f3g1"], 1: ["g8f6", "f6g8"]}
moves = 0          # plies in the game so far
own = {0: 0, 1: 0}  # knight moves made by each colour
force = False
features_done = False


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    line = line.strip()
    if log:
        log.write(line + "\n")
        log.flush()
    if not line:
        continue
    words = line.split()
    cmd = words[0]
    if cmd == "uci" and DIES_ON_UCI:
        sys.exit(139)
    if cmd == "xboard":
        continue
    if cmd == "protover":
        say('feature myname="FakeX" ping=1 setboard=%d usermove=1 sigint=0 done=0' % SETBOARD)
        say('feature variants="normal,capablanca" san=0 colors=0 done=1')
        features_done = True
    elif cmd in ("accepted", "rejected", "post", "easy", "hard", "level", "st", "sd", "time", "otim", "variant", "result", "random", "computer", "option"):
        continue
    elif cmd == "new":
        moves = 0
        own = {0: 0, 1: 0}
        force = False
    elif cmd == "setboard":
        moves = 0 if words[2] == "w" else 1
    elif cmd == "force":
        force = True
    elif cmd == "ping":
        say("pong " + words[1])
    elif cmd == "quit":
        break
    elif cmd == "usermove":
        if not features_done:
            say("Error (protocol): usermove before features")
        side = moves % 2
        if len(words) > 1 and words[1] in SHUFFLE[side]:
            own[side] += 1
        moves += 1
    elif cmd == "go":
        force = False
        side = moves % 2
        mv = SHUFFLE[side][own[side] % 2]
        own[side] += 1
        moves += 1
        say("1 0 0 1 " + mv)
        say("move " + mv)
    else:
        say("Error (unknown command): " + cmd)
