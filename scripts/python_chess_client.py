#!/usr/bin/env python3
"""Drives Chimera the way a python-chess script does (chess.engine), and fails on anything
python-chess complains about: an illegal bestmove or pv move, an unparseable info line, a
warning from its protocol parser, a timeout.

  scripts/python_chess_client.py --chimera target/release/chimera [--games N]

Checked: the handshake and options; `configure`; self-play games by time, by nodes and with a
clock (standard chess and Chess960, where python-chess sets UCI_Chess960 itself); MultiPV at
depth 1 listing exactly the legal moves of the position (castling both ways in Chess960);
`analysis` stopped mid-search; `ping`; `ucinewgame` between games.
"""

import argparse
import logging
import random
import sys

import chess
import chess.engine


class Complaints(logging.Handler):
    """Collects every warning python-chess's engine module logs (bad lines, unexpected output)."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(self.format(record))


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def play_game(engine, board, limit_for, max_plies):
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < max_plies:
        result = engine.play(board, limit_for(board), game=board.root())
        if result.move is None:
            fail(f"no move in {board.fen()}")
        if result.move not in board.legal_moves:
            fail(f"illegal move {result.move} in {board.fen()}")
        board.push(result.move)
        plies += 1
    return plies


def root_moves_match(engine, board):
    """MultiPV at depth 1 over every legal move: the same set as python-chess's."""
    legal = set(board.legal_moves)
    infos = engine.analyse(board, chess.engine.Limit(depth=1), multipv=len(legal))
    seen = {info["pv"][0] for info in infos if info.get("pv")}
    if seen != legal:
        fail(
            f"root moves differ in {board.fen()}: missing "
            f"{sorted(m.uci() for m in legal - seen)}, extra {sorted(m.uci() for m in seen - legal)}"
        )
    for info in infos:
        if "score" not in info or "depth" not in info:
            fail(f"info without score or depth: {info}")


def random_position(rng, board, plies):
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chimera", required=True)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    complaints = Complaints()
    logging.getLogger("chess.engine").addHandler(complaints)

    engine = chess.engine.SimpleEngine.popen_uci(args.chimera, timeout=20)
    try:
        if not engine.id.get("name", "").startswith("Chimera"):
            fail(f"id name: {engine.id}")
        for name in ["Hash", "Threads", "MultiPV", "UCI_Chess960", "UCI_Variant", "Move Overhead"]:
            if name not in engine.options:
                fail(f"option {name} not announced: {sorted(engine.options)}")
        engine.configure({"Hash": 32, "Threads": 2})
        engine.ping()

        games = 0
        plies = 0
        limits = [
            lambda b: chess.engine.Limit(time=0.02),
            lambda b: chess.engine.Limit(nodes=3000),
            lambda b: chess.engine.Limit(
                white_clock=3, black_clock=3, white_inc=0.02, black_inc=0.02
            ),
        ]
        for g in range(args.games):
            for limit in limits:
                plies += play_game(engine, chess.Board(), limit, 60)
                start = chess.Board.from_chess960_pos(rng.randrange(960))
                start.chess960 = True
                plies += play_game(engine, start, limit, 40)
                games += 2

        positions = 0
        for _ in range(20 * args.games):
            board = random_position(rng, chess.Board(), rng.randrange(0, 30))
            if not board.is_game_over():
                root_moves_match(engine, board)
                positions += 1
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            board.chess960 = True
            board = random_position(rng, board, rng.randrange(0, 30))
            if not board.is_game_over():
                root_moves_match(engine, board)
                positions += 1
        # Castling both ways in Chess960: the king next to one rook, and (black) already on
        # its castled square.
        for fen in [
            "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1",
            "1r4kr/8/8/8/8/8/8/1RK4R b hb - 0 1",
        ]:
            root_moves_match(engine, chess.Board(fen, chess960=True))
            positions += 1

        # Infinite analysis, stopped after a few reports.
        with engine.analysis(chess.Board()) as analysis:
            for n, info in enumerate(analysis):
                if n >= 5:
                    break
            analysis.stop()
            best = analysis.wait()
            if best.move not in chess.Board().legal_moves:
                fail(f"analysis bestmove {best.move}")
    except chess.engine.EngineError as e:
        fail(f"python-chess: {e}")
    except chess.engine.EngineTerminatedError as e:
        fail(f"engine died: {e}")
    except TimeoutError:
        fail("timeout")
    finally:
        engine.quit()

    if complaints.records:
        fail("python-chess logged:\n" + "\n".join(complaints.records[:20]))
    print(f"python-chess client: {games} games ({plies} plies), {positions} positions' root moves, no complaint")


if __name__ == "__main__":
    main()
