#!/usr/bin/env python3
"""Writes the seed corpus of the patches target to Fuzz/corpus/patches/.

Each seed is a starting list and patch steps in the format documented in
Patches/PatchProgram.swift (place and row operands are proportions of the list: 0-255).
Run again after changing the format (it rewrites the seed-*
files only; entries that `Fuzz/run.sh --merge` added are kept)."""
import os

EXACT = 1
END = [0xFF]
BEFORE, AFTER, TITLED, AT_BOUNDARY = 0, 1, 2, 3        # title modes
NIL, EMPTY = 7, 6                                      # titles 7 (nil) and 6 ("")


def row(k, n):                          # the operand byte naming row k of n rows
    return min(255, int((k + 0.5) * 256 / n))


def place(k, n):                        # the operand byte naming place k of a list of n rows
    return min(255, int((k + 0.5) * 256 / (n + 1)))


def insert(place, mode=BEFORE, title=0):
    return [0x00 | (title << 2) | mode, place]


def delete(start, count=1):
    return [0x20 | (count - 1), start]


def move(a, b, mode=BEFORE, title=0):
    return [0x40 | (title << 2) | mode, a, b]


def summary(row, value):
    return [0x60 | value, row]


def touch(start, count=1):
    return [0x80 | (count - 1), start]


def touch_absent(value):
    return [0x90, value]


def rename_section(title, to):
    return [0xA0 | title, to]


def move_section(title, place):
    return [0xA8 | title, place]


def delete_section(title):
    return [0xB0 | title, 0]


def new_section(title, rows, boundary):
    return [0xB8 | title, ((boundary & 15) << 4) | (rows - 1)]


def run(place, blocks):                 # blocks fresh rows
    return [0xC0 | (blocks - 1), place]


def reinsert(number):
    return [0xE0, number]


def malformed(kind):
    return [0xE1, kind]


def reverse_section(title):
    return [0xE2, title]


def rotate_section(title, by):
    return [0xE3, (by << 3) | title]


def sections(*specs):                   # (title, rows) pairs: a starting list
    ops = []
    for title, rows in specs:
        ops += new_section(title, rows, 15)      # at the last boundary: the end
    return ops


def program(header, start, *steps):
    out = [header] + start + END
    for step in steps:
        out += step + END
    return bytes(out)


ABC = sections((0, 4), (1, 4), (2, 4))          # 12 rows: S0 0-3, S1 4-7, S2 8-11
R, P = (lambda k: row(k, 12)), (lambda k: place(k, 12))
MOVE_TO = lambda k: row(k, 12)          # a move's place among the 11 other rows: k of 12
BIG = sections((0, 16)) + run(16, 32) + sections((1, 16)) + run(255, 32) + sections((NIL, 8))
SEEDS = {
    "empty": program(0, [], []),
    "from-empty": program(0, [], insert(0, TITLED, 0) + insert(255)),
    "to-empty": program(0, ABC, delete_section(0) + delete_section(1) + delete_section(2)),
    "insert-each-place": program(0, ABC, insert(P(0)), insert(P(4), AFTER), insert(P(8)), insert(255)),
    "delete-rows": program(0, ABC, delete(R(0)), delete(R(3), 3), delete(R(5), 8)),
    "move-within": program(0, ABC, move(R(0), MOVE_TO(3)), move(R(5), MOVE_TO(4)) + move(R(6), MOVE_TO(7))),
    "move-across": program(0, ABC, move(R(0), MOVE_TO(6), AFTER), move(R(11), MOVE_TO(0), AFTER)),
    "move-to-new-section": program(0, ABC, move(R(2), MOVE_TO(11), AT_BOUNDARY, 4)),
    "move-into-emptied": program(0, ABC, delete_section(1) + move(R(0), MOVE_TO(7), AT_BOUNDARY, 1)),
    "summaries": program(0, ABC, summary(R(0), 3) + summary(R(1), 0) + summary(R(11), 1)),
    "touch-unchanged": program(0, ABC, touch(R(2), 4) + touch_absent(9)),
    "rename-section": program(0, ABC, rename_section(1, 5)),
    "rename-to-nil-and-empty": program(0, ABC, rename_section(0, NIL), rename_section(2, EMPTY)),
    "merge-sections": program(0, ABC, rename_section(1, 0)),
    "section-moves": program(0, ABC, move_section(0, 255), move_section(2, 0)),
    "section-emptied-removed": program(0, ABC, delete_section(1), insert(P(4), TITLED, 1)),
    "new-sections": program(0, ABC, new_section(4, 3, 0), new_section(NIL, 2, 8)),
    "interleave-refused": program(0, ABC, insert(P(1), TITLED, 2), insert(P(1))),
    "malformed": program(0, ABC, malformed(0) + malformed(1) + malformed(2) + malformed(3)),
    "reinsert-deleted": program(0, ABC, delete(R(0), 2), reinsert(0) + reinsert(1)),
    "delete-reinsert-same-step": program(0, ABC, delete(R(0)) + reinsert(0)),
    "reverse": program(0, ABC, reverse_section(0) + reverse_section(2)),
    "rotate": program(0, ABC, rotate_section(1, 1), rotate_section(1, 3)),
    # 1 2 3 4 -> 4 1 2 3 with the three touched: moving 4 alone is minimal.
    "untouched-move-minimal": program(0, sections((0, 4)), move(row(0, 4), row(3, 4)) * 3),
    # The same with a new row just before the untouched 4 that moves: x 4 1 2 3.
    "untouched-move-after-insert": program(0, sections((0, 4)), move(row(0, 4), row(3, 4)) * 3 + insert(0)),
    "exact-empty-section": program(EXACT | (5 << 1) | (1 << 4), ABC, insert(P(0)), []),
    "exact-empty-nil": program(EXACT | (NIL << 1), ABC, touch(R(0))),
    "big-chunks": program(0, BIG, run(128, 32), delete(10, 8) + delete(200, 8), move(0, 250) + move(250, 1)),
    "big-section-move": program(0, BIG, move_section(0, 255), move_section(NIL, 0)),
    "big-many-steps": program(0, BIG, *[insert(i * 37 % 256) + delete(i * 11 % 200) + move(i * 16, 255 - i * 16) for i in range(16)]),
    "big-hot-spot": program(0, BIG, *[run(64, 4) for _ in range(6)]),
    "big-drop": program(0, BIG, delete_section(0) + delete_section(1), run(0, 32)),
}

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "corpus", "patches")
os.makedirs(out, exist_ok=True)
for name in os.listdir(out):
    if name.startswith("seed-"):
        os.remove(os.path.join(out, name))
for name, data in SEEDS.items():
    with open(os.path.join(out, "seed-" + name), "wb") as f:
        f.write(data)
print(f"wrote {len(SEEDS)} seeds to {out}")
