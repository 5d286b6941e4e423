"""The 8x8 board plumbing shared by the rules oracles tripunch.py and knight_relay.py: square
names, the piece and move codes, the per-square steps and rays of the FIDE pieces,
castling-rights masks, the FIDE perft figures their self-tests run the same machinery against,
FEN reading and writing, and perft, divide and take-back over a position class that supplies
`legal_moves`, `make` and `attacked`. No rules of any game here: each oracle's moves, attacks
and make are its own."""

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


# Per-square geometry (square s = 8*y + x, a1 = 0, h8 = 63).
ORTHO_RAYS, DIAG_RAYS = [], []
KNIGHT_STEPS, ORTHO_STEPS, DIAG_STEPS, KING_STEPS = [], [], [], []
PAWN_CAPS = {WHITE: [], BLACK: []}   # squares a pawn on s attacks diagonally
PAWN_FROM = {WHITE: [], BLACK: []}   # squares from which a pawn attacks s diagonally

for _s in range(64):
    _x, _y = _s % 8, _s // 8
    ORTHO_RAYS.append([r for r in (ray_from(_x, _y, dx, dy) for dx, dy in ORTHO_DIRS) if r])
    DIAG_RAYS.append([r for r in (ray_from(_x, _y, dx, dy) for dx, dy in DIAG_DIRS) if r])
    KNIGHT_STEPS.append([sq(_x + dx, _y + dy) for dx, dy in KNIGHT_DIRS if on(_x + dx, _y + dy)])
    ORTHO_STEPS.append([sq(_x + dx, _y + dy) for dx, dy in ORTHO_DIRS if on(_x + dx, _y + dy)])
    DIAG_STEPS.append([sq(_x + dx, _y + dy) for dx, dy in DIAG_DIRS if on(_x + dx, _y + dy)])
    KING_STEPS.append(ORTHO_STEPS[-1] + DIAG_STEPS[-1])
    for _c in (WHITE, BLACK):
        PAWN_CAPS[_c].append([sq(_x + dx, _y + _c) for dx in (-1, 1) if on(_x + dx, _y + _c)])
        PAWN_FROM[_c].append([sq(_x + dx, _y - _c) for dx in (-1, 1) if on(_x + dx, _y - _c)])

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


CASTLE_LETTERS = (("K", 1), ("Q", 2), ("k", 4), ("q", 8))


class FenMixin:
    """FEN reading and writing (pieces PNBRQK, KQkq castling) for a position class with the
    fields `b`, `side`, `castle`, `ep`, `half`, `full` and `kings`."""

    def read_fen(self, fen):
        """Sets the board from `fen`; a castling right whose king or rook is not at home is
        void. Raises ValueError on a malformed FEN."""
        parts = fen.split()
        rows = parts[0].split("/")
        if len(rows) != 8:
            raise ValueError("FEN needs 8 ranks: " + fen)
        for i, row in enumerate(rows):
            y = 7 - i
            x = 0
            for ch in row:
                if ch.isdigit():
                    x += int(ch)
                    continue
                if ch.upper() not in "PNBRQK" or x >= 8:
                    raise ValueError("bad FEN rank %r" % row)
                code = "PNBRQK".index(ch.upper()) + 1
                self.b[sq(x, y)] = code if ch.isupper() else -code
                if ch.upper() == "K":
                    self.kings[1 if ch.isupper() else -1] = sq(x, y)
                x += 1
            if x != 8:
                raise ValueError("FEN rank %r has %d files" % (row, x))
        self.side = WHITE if len(parts) < 2 or parts[1] == "w" else BLACK
        cr = parts[2] if len(parts) > 2 else "-"
        for ch, bit in CASTLE_LETTERS:
            if ch in cr:
                self.castle |= bit
        for bit, ks, rs, c in ((1, 4, 7, 1), (2, 4, 0, 1), (4, 60, 63, -1), (8, 60, 56, -1)):
            if self.b[ks] != KING * c or self.b[rs] != ROOK * c:
                self.castle &= ~bit
        ep = parts[3] if len(parts) > 3 else "-"
        self.ep = parse_sq(ep) if ep != "-" else -1
        self.half = int(parts[4]) if len(parts) > 4 else 0
        self.full = int(parts[5]) if len(parts) > 5 else 1
        if self.kings[1] < 0 or self.kings[-1] < 0:
            raise ValueError("both kings are needed: " + fen)

    def ep_capturable(self):
        """Could a pawn of the side to move take on the en-passant square?"""
        return self.ep >= 0 and any(self.b[a] == PAWN * self.side for a in PAWN_FROM[self.side][self.ep])

    def fen_text(self, ep):
        """The FEN, with `ep` (a square, or -1 for none) in the en-passant field."""
        rows = []
        for y in range(7, -1, -1):
            row, run = "", 0
            for x in range(8):
                p = self.b[sq(x, y)]
                if not p:
                    run += 1
                    continue
                if run:
                    row += str(run)
                    run = 0
                ch = PIECE_LETTERS[abs(p)]
                row += ch if p > 0 else ch.lower()
            if run:
                row += str(run)
            rows.append(row)
        cr = "".join(ch for ch, bit in CASTLE_LETTERS if self.castle & bit) or "-"
        return "%s %s %s %s %d %d" % ("/".join(rows), "w" if self.side == WHITE else "b", cr,
                                      sqname(ep) if ep >= 0 else "-", self.half, self.full)


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
