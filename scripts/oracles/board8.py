"""The 8x8 board plumbing shared by the rules oracles tripunch.py and knight_relay.py: square
names, the piece and move codes, castling-rights masks, the FIDE perft figures their
self-tests run the same machinery against, and perft, divide and take-back over a position
class that supplies `legal_moves`, `make`, `attacked`, `fen` and the board fields. No rules of
any game here: each oracle's moves, attacks and make are its own."""

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FILES = "abcdefgh"
PIECE_LETTERS = ".PNBRQK"
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
WHITE, BLACK = 1, -1
NORMAL, DOUBLE, EP, CASTLE = 0, 1, 2, 3
ORTHO_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT_DIRS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def on(x, y):
    return 0 <= x < 8 and 0 <= y < 8


def sq(x, y):
    return 8 * y + x


def ray_from(x, y, dx, dy):
    out = []
    x += dx
    y += dy
    while on(x, y):
        out.append(sq(x, y))
        x += dx
        y += dy
    return out


def sqname(s):
    return FILES[s % 8] + str(s // 8 + 1)


def parse_sq(txt):
    if len(txt) != 2 or txt[0] not in FILES or txt[1] not in "12345678":
        raise ValueError("bad square " + txt)
    return sq(FILES.index(txt[0]), int(txt[1]) - 1)


def mname(m):
    s, t, promo, _ = m
    return sqname(s) + sqname(t) + ("" if not promo else PIECE_LETTERS[promo].lower())


def S(txt):
    return set(txt.split())


# castling-rights masks: bit 1 = White king side (K), 2 = White queen side (Q), 4 = k, 8 = q
CR_MASK = [15] * 64
CR_MASK[sq(4, 0)] = 15 & ~3
CR_MASK[sq(7, 0)] = 15 & ~1
CR_MASK[sq(0, 0)] = 15 & ~2
CR_MASK[sq(4, 7)] = 15 & ~12
CR_MASK[sq(7, 7)] = 15 & ~4
CR_MASK[sq(0, 7)] = 15 & ~8

FIDE_PERFT = [
    ("start", START_FEN, [20, 400, 8902, 197281]),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039, 97862]),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238]),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
]


class PerftMixin:
    """Perft, divide and take-back for an oracle's position class."""

    def unmake(self):
        m, cap, capsq, self.castle, self.ep, self.half, self.full = self.stack.pop()
        s, t, promo, flag = m
        b = self.b
        c = -self.side
        self.side = c
        p = PAWN * c if promo else b[t]
        b[t] = 0
        b[capsq] = cap
        b[s] = p
        if flag == CASTLE:
            if t > s:
                b[s + 3], b[s + 1] = b[s + 1], 0
            else:
                b[s - 4], b[s - 1] = b[s - 1], 0
        if p == KING * c:
            self.kings[c] = s

    def perft(self, depth):
        if depth <= 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        n = 0
        for m in moves:
            self.make(m)
            n += self.perft(depth - 1)
            self.unmake()
        return n

    def divide(self, depth):
        res = {}
        for m in self.legal_moves():
            self.make(m)
            res[mname(m)] = self.perft(depth - 1)
            self.unmake()
        return res

    def find_move(self, txt):
        for m in self.legal_moves():
            if mname(m) == txt:
                return m
        raise ValueError("illegal move %s in %s" % (txt, self.fen()))

    def in_check(self):
        return self.attacked(self.kings[self.side], -self.side)

    def legal(self):
        """Is this a legal position (the side not to move is not in check)?"""
        return not self.attacked(self.kings[-self.side], self.side)
