#!/usr/bin/env python3
"""Writes the seed corpus of the diff-and-batches target to Fuzz/corpus/diff/.

Each seed is a small program in the format documented in DiffAndBatches/Decoder.swift.
Run again after changing the format (it rewrites the seed-* files only; entries that
`Fuzz/run.sh --merge` added are kept)."""
import os

OLD_EXACT, NEW_EXACT, COPY = 1, 2, 4
END = [0xFF]


def add(id_, summary=0):            # small alphabet id 0..15, summary 0..1
    return [0x00 | (summary << 4) | id_]


def big(id_, summary=0):            # id 100 + id_
    return [0x20 | summary, id_ >> 8, id_ & 0xFF]


def sec(title):                     # 0..6 titled, 7 untitled (nil)
    return [0x40 | title]


def run(blocks, base):              # blocks*2 consecutive ids from 100_000 + base*1000
    return [0x60 | (blocks - 1), base]


def move(a, b, take_section=False):
    return [0x80 | int(take_section), a, b]


def delete(a, count=1):
    return [0xA0 | (count - 1), a]


def bump(a, by=1):                  # summary += by
    return [0xC0 | (by - 1), a]


def retitle_item(a, title):
    return [0xC0 | 16 | title, a]


def rotate(b):
    return [0xE0, b]


def reverse(lo, hi):
    return [0xE1, (hi << 4) | lo]


def rename_section(src, dst):
    return [0xE2, (dst << 3) | src]


def section_to_end(title):
    return [0xE3, title]


def drop_section(title):
    return [0xE4, title]


def declare(title):
    return [0xE5, title]


def items(*ids):
    return sum((add(i) for i in ids), [])


S = {}
S["empty-to-empty"] = [0] + END
S["empty-to-one"] = [0] + END + add(1)
S["one-to-empty"] = [0] + add(1) + END
S["empty-exact-sections"] = [OLD_EXACT | NEW_EXACT] + sec(0) + sec(1) + END + sec(1)
S["swap-two"] = [0] + items(1, 2) + END + items(2, 1)
S["reverse-five"] = [0] + items(1, 2, 3, 4, 5) + END + items(5, 4, 3, 2, 1)
S["update-in-place"] = [COPY] + items(1, 2, 3) + END + bump(1)
S["update-and-move"] = [COPY] + items(1, 2, 3, 4) + END + bump(0) + move(0, 3)
S["shifted-update"] = [COPY] + items(1, 2, 3) + END + bump(2) + delete(0)
S["duplicates-old"] = [0] + items(1, 1, 2, 2, 3) + END + items(3, 2, 1)
S["duplicates-both"] = [0] + items(1, 2, 1) + END + items(2, 1, 2, 3)
S["duplicates-exact"] = [OLD_EXACT | NEW_EXACT] + items(1, 2, 1) + END + items(2, 2, 1)
S["two-sections-swap"] = [0] + sec(0) + items(1, 2) + sec(1) + items(3, 4) + END + sec(1) + items(3, 4) + sec(0) + items(1, 2)
S["section-moves-and-changes"] = [COPY] + sec(0) + items(1, 2) + sec(1) + items(3, 4) + sec(2) + items(5) + END + section_to_end(0) + move(3, 2) + bump(0)
S["item-leaves-deleted-section"] = [COPY] + sec(0) + items(1, 2) + sec(1) + items(3) + END + retitle_item(0, 1) + drop_section(0)
S["item-enters-inserted-section"] = [COPY] + sec(0) + items(1, 2, 3) + END + retitle_item(2, 4)
S["deleted-to-inserted"] = [COPY] + sec(0) + items(1) + sec(1) + items(2, 3) + END + retitle_item(1, 5) + drop_section(1)
S["colliding-titles"] = [0] + sec(0) + items(1) + sec(1) + items(2) + sec(0) + items(3) + END + sec(1) + items(3) + sec(0) + items(2, 1)
S["nil-titles"] = [0] + items(1, 2) + sec(0) + items(3) + END + sec(0) + items(3) + sec(7) + items(2, 1)
S["nil-title-exact"] = [OLD_EXACT | NEW_EXACT | COPY] + sec(7) + items(1, 2) + sec(0) + END + retitle_item(0, 0) + declare(3)
S["empty-sections-exact"] = [OLD_EXACT | NEW_EXACT] + sec(0) + sec(1) + items(1) + sec(2) + END + sec(2) + items(1) + sec(1) + sec(0)
S["empty-section-gains-items"] = [OLD_EXACT | NEW_EXACT | COPY] + sec(0) + items(1, 2) + sec(1) + END + move(0, 1, True) + retitle_item(1, 1)
S["mixed-exact-and-entries"] = [OLD_EXACT | COPY] + sec(0) + sec(1) + items(4, 5) + sec(2) + items(6) + END + rename_section(1, 3)
S["rename-section"] = [COPY] + sec(0) + items(1, 2) + sec(1) + items(3) + END + rename_section(0, 2)
S["merge-sections"] = [COPY] + sec(0) + items(1, 2) + sec(1) + items(3, 4) + END + rename_section(1, 0)
S["large-ids"] = [COPY] + big(1) + big(300) + big(65000) + END + move(2, 0) + bump(1)
S["huge-move-runs"] = [0] + run(4, 1) + run(4, 2) + END + run(4, 2) + run(4, 1)
S["huge-rotate"] = [COPY] + run(8, 3) + END + rotate(57)
S["one-of-many-moves"] = [COPY] + run(16, 4) + END + move(3, 200)
S["runs-across-sections"] = [COPY] + sec(0) + run(2, 5) + sec(1) + run(2, 6) + END + section_to_end(0) + move(5, 40, True) + delete(10, 4)
S["reverse-range"] = [COPY] + items(0, 1, 2, 3, 4, 5, 6, 7, 8, 9) + END + reverse(2, 8)
S["everything-at-once"] = [COPY] + sec(0) + items(1, 2) + sec(1) + items(3, 4) + sec(2) + items(5, 6) + END + move(5, 0) + bump(0) + retitle_item(2, 3) + bump(3) + section_to_end(0) + drop_section(1) + add(9)
S["delete-all-insert-all"] = [0] + sec(0) + items(1, 2, 3) + END + sec(1) + items(4, 5, 6)
S["same-ids-new-titles"] = [0] + sec(0) + items(1, 2, 3) + END + sec(1) + items(1, 2, 3)
S["summaries-only"] = [0] + add(1, 0) + add(2, 0) + add(3, 1) + END + add(1, 1) + add(2, 0) + add(3, 0)

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "diff")
os.makedirs(out, exist_ok=True)
for name in os.listdir(out):
    if name.startswith("seed-"):
        os.remove(os.path.join(out, name))
for name, data in S.items():
    with open(os.path.join(out, "seed-" + name), "wb") as f:
        f.write(bytes(data))
print(f"wrote {len(S)} seeds to {out}")
