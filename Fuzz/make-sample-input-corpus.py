#!/usr/bin/env python3
"""Writes the seed corpus of the sample-input target to Fuzz/corpus/sample-input/.

Format (SampleInput/Target.swift): 0x01 + terminal bytes (browse's keys), 0x02 + a row's
text (browse's drawing), else `sample diff`'s two files, OLD NUL NEW (without NUL: NEW
against the empty list). The diff seeds include Examples/old.json and new.json. Rewrites
the seed-* files only; entries `Fuzz/run.sh --merge` added are kept."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(os.path.dirname(here), "Examples")


def compact(path):
    with open(path) as f:
        return json.dumps(json.load(f), separators=(",", ":"), ensure_ascii=False).encode()


def items(*specs):
    out = []
    for spec in specs:
        item = {"id": spec[0]}
        if len(spec) > 1 and spec[1] is not ...:
            item["section"] = spec[1]
        if len(spec) > 2:
            item["summary"] = spec[2]
        out.append(item)
    return json.dumps({"items": out}, separators=(",", ":"), ensure_ascii=False).encode()


def diff(old, new):
    return old + b"\0" + new


OLD, NEW = compact(os.path.join(examples, "old.json")), compact(os.path.join(examples, "new.json"))
SEEDS = {
    "examples": diff(OLD, NEW),
    "examples-reversed": diff(NEW, OLD),
    "examples-new-only": NEW,
    "empty-items": diff(b'{"items":[]}', b'{"items":[]}'),
    "nulls": diff(items(("a", None, None), ("b",)), items(("b", None, "1"), ("a", "S"))),
    "exact-ids": diff(items(("\u00e9",), ("e\u0301",)), items(("e\u0301",), ("\u00e9", ..., "x"))),
    "escapes": diff(items(("a\"b\\c", "t\n\t"), ("\u2028", "\u0000")), items(("\u2028",), ("a\"b\\c", "t\n\t", "\u001b[31m"))),
    "titles-canonical": diff(items(("a", "\u00e9"), ("b", "e\u0301")), items(("b", "\u00e9"), ("a", None))),
    "empty-title-vs-null": diff(items(("a", ""), ("b", None)), items(("a", None), ("b", ""))),
    "interleaved-sections": diff(items(("a", "A"), ("b", "B"), ("c", "A")), items(("c", "B"), ("b", "A"), ("a", "B"))),
    "moves": diff(items(*[(str(i), "S" + str(i % 3)) for i in range(12)]), items(*[(str(11 - i), "S" + str(i % 2)) for i in range(12)])),
    "duplicate-id": diff(items(("a",), ("a",)), items(("a",))),
    "not-an-object": diff(b"[1,2]", b'{"items":{}}'),
    "bad-item": diff(b'{"items":[1]}', b'{"items":[{"id":1}]}'),
    "missing-id": diff(b'{"items":[{"section":"S"}]}', b'{"items":[{"id":"a","summary":2}]}'),
    "invalid-json": diff(b'{"items":[', b'{"items":[{"id":"\\ud800"}]}'),
    "numbers-and-literals": b'{"items":[{"id":"a","section":true,"summary":1e400}],"x":[null,false,-0.0]}',
    "unicode-escapes": items(("\\u00e9",)) + b"\0" + b'{"items":[{"id":"\\u00e9\\ud83d\\ude00"},{"id":"\\/"}]}',
    "nested": b'{"items":[],"deep":' + b"[" * 64 + b"]" * 64 + b"}",
    "bom": b"\xef\xbb\xbf" + NEW,
    "keys-arrows": b"\x01\x1b[A\x1b[B\x1bOH\x1b[F\x1b[5~\x1b[6~\x1b[1~\x1b[4~jk[]/g w q",
    "keys-controls": b"\x01\x03\x1b\r\n\x7f\x08\x1b[",
    "keys-utf8": b"\x01\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xc3\xe2\x82\xff",
    "text-controls": b"\x02title \x1b[31mred\x1b[0m\n\t\x7f\xc2\x85\xe2\x80\xae",
    "text-wide": "\x02日本語 😀 e\u0301 \u0301 \u200d\ufe0f 한국어".encode(),
}

out = os.path.join(here, "corpus", "sample-input")
os.makedirs(out, exist_ok=True)
for name in os.listdir(out):
    if name.startswith("seed-"):
        os.remove(os.path.join(out, name))
for name, data in SEEDS.items():
    with open(os.path.join(out, "seed-" + name), "wb") as f:
        f.write(data)
print(f"wrote {len(SEEDS)} seeds to {out}")
