#!/usr/bin/env python3
"""Writes seed inputs for Fuzz/Wire into Fuzz/corpus/wire: runs of protocol messages as a
server sends them (a list in parts, plain and compressed, then changes), payload and edit
requests, each prefixed by its 2-byte length."""
import hashlib, os, random, sys, zlib

def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)

def signed(n):
    return varint(((n << 1) ^ (n >> 63)) & 0xFFFFFFFFFFFFFFFF)

def text(t):
    if t is None:
        return b"\x00"
    b = t.encode()
    return b"\x01" + varint(len(b)) + b

def version(e, s):
    return varint(e) + varint(s)

def frame(m):
    return len(m).to_bytes(2, "little") + m

def list_messages(rows, epoch, seq, per_part):
    sections = []
    for rid, title, summary in rows:
        if not sections or sections[-1][0] != title:
            sections.append((title, []))
        sections[-1][1].append((rid, summary))
    out = [b"\x01" + version(epoch, seq) + varint(len(rows)) + varint(len(sections))]
    runs, count = [], 0
    for title, items in sections:
        i = 0
        while i < len(items):
            take = min(len(items) - i, per_part - count)
            runs.append((title, items[i:i + take]))
            count += take
            i += take
            if count == per_part:
                out.append(part(runs)); runs, count = [], 0
    if runs:
        out.append(part(runs))
    out.append(b"\x03" + version(epoch, seq))
    return out

def part(runs):
    m = b"\x02" + varint(len(runs))
    for title, items in runs:
        m += text(title) + varint(len(items))
        for rid, summary in items:
            m += signed(rid) + signed(summary)
    return m

def change(epoch, frm, to, touched, rows):
    titles = []
    for _, title, _, _ in rows:
        if title not in titles:
            titles.append(title)
    m = b"\x04" + version(epoch, frm) + version(epoch, to) + varint(len(touched))
    m += b"".join(signed(t) for t in touched)
    m += varint(len(titles)) + b"".join(text(t) for t in titles) + varint(len(rows))
    gap = 0
    for rid, title, summary, g in rows:
        m += varint(titles.index(title)) + signed(rid) + signed(summary) + signed(g - gap)
        gap = g
    return m

def compressed(m):
    """Message kind 7: raw DEFLATE (method 0) of another message, with its length."""
    c = zlib.compressobj(1, zlib.DEFLATED, -15)
    return b"\x07\x00" + varint(len(m)) + c.compress(m) + c.flush()

def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "wire")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(7)
    titles = [None, "", "Inbox", "O'Brien", "ünïcödé"]
    seeds = []
    for n in (0, 1, 3, 12, 40):
        rows = sorted(((i * 7 - 20, rng.choice(titles), rng.randrange(5)) for i in range(n)), key=lambda r: titles.index(r[1]))
        msgs = list_messages(rows, 11, 4, rng.choice((1, 4, 64)))
        if n >= 3:
            moved = rows[0]
            msgs.append(change(11, 4, 5, [moved[0]], [(moved[0], moved[1], moved[2] + 1, n - 1)]))
            msgs.append(change(11, 5, 6, [rows[1][0], 999], [(999, "Inbox", 0, 0)]))
        seeds.append(b"".join(frame(m) for m in msgs))
        if n >= 12:
            # The same list with its parts compressed, as a feed sends an app that accepts it.
            seeds.append(b"".join(frame(compressed(m) if m[0] == 2 else m) for m in msgs))
    seeds.append(frame(compressed(b"\x05\x04" + text("shutting down; " * 20)[1:])))
    seeds.append(frame(b"\x05\x04" + text("shutting down")[1:]))
    seeds.append(frame(b"\x10" + varint(3) + signed(1) + signed(2) + signed(-1)))
    seeds.append(frame(b"\x11" + varint(1) + signed(1) + varint(2) + b"{}" + varint(1) + signed(2)))
    # Edit requests: a move (identifier, paths, titles, neighbours) and a delete; an answer.
    seeds.append(frame(b"\x12" + signed(5) + varint(0) + varint(3) + varint(2) + varint(0) + text("Inbox") + text(None) + b"\x00" + b"\x01" + signed(8)))
    seeds.append(frame(b"\x13" + varint(3) + signed(1) + signed(-2) + signed(1 << 40)) + frame(version(11, 6)))
    for seed in seeds:
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(out, name), "wb") as f:
            f.write(seed)
    print(f"wrote {len(seeds)} seeds to {out}")

if __name__ == "__main__":
    sys.exit(main())
