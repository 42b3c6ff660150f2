#!/usr/bin/env python3
"""Writes seed inputs for Fuzz/Server into Fuzz/corpus/server: what clients send a list
server on one connection, well formed and not: watches (plain and upgraded, resumed,
compressed), payload and edit requests with their bodies, wrong tokens and schemes, unknown
lists, malformed versions, oversized bodies, pipelined requests, and WebSocket frames after
an upgrade. The token and paths are the harness's (Fuzz/Server/FuzzServer.swift)."""
import hashlib, importlib, os, sys

# The list protocol's encodings, as the wire target's seeds write them.
_wire = importlib.import_module("make-wire-corpus")
varint, signed, text = _wire.varint, _wire.signed, _wire.text

TOKEN = "fuzz-token-5d1"
UPGRADE = ("Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")

def get(path, auth=f"Bearer {TOKEN}", upgrade=True, extra=""):
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if auth is not None:
        head += f"Authorization: {auth}\r\n"
    return (head + (UPGRADE if upgrade else "") + extra + "\r\n").encode()

def post(path, body, auth=f"Bearer {TOKEN}", extra="", length=None):
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if auth is not None:
        head += f"Authorization: {auth}\r\n"
    head += "Content-Type: application/octet-stream\r\n"
    head += f"Content-Length: {len(body) if length is None else length}\r\n" + extra + "\r\n"
    return head.encode() + body

def masked_frame(opcode, payload, key=b"\x01\x02\x03\x04"):
    """A client's WebSocket frame (masked, FIN set)."""
    out = bytes([0x80 | opcode])
    if len(payload) < 126:
        out += bytes([0x80 | len(payload)])
    else:
        out += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return out + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))

def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "server")
    os.makedirs(out, exist_ok=True)
    payloads = b"\x10" + varint(3) + signed(1) + signed(2) + signed(99)
    move = (b"\x12" + signed(5) + varint(0) + varint(3) + varint(2) + varint(0)
            + text("secret-inbox") + text("secret-archive") + b"\x00" + b"\x01" + signed(8))
    delete = b"\x13" + varint(2) + signed(1) + signed(2)
    seeds = [
        b"",
        get("/lists/mail/watch"),
        get("/lists/mail/watch", upgrade=False),
        get("/lists/mail/watch?after=1f2e-42&compression=deflate"),
        get("/lists/mail/watch?after=not-a-version"),
        get("/lists/notes/watch?compression=deflate", upgrade=False),
        get("/lists/nope/watch"),
        get("/lists/mail/watch", auth=None),
        get("/lists/mail/watch", auth=f"Bearer {TOKEN[:-1]}"),
        get("/lists/mail/watch", auth=f"Basic {TOKEN}", upgrade=False),
        get("/lists/mail/watch", auth=f"bearer  {TOKEN}x"),
        get("/lists/mail/watch") + masked_frame(0x9, b"ping") + masked_frame(0x8, b"\x03\xe8bye"),
        get("/lists/mail/watch") + masked_frame(0x2, bytes(200)) + b"\x81\x05hello",
        post("/lists/mail/items", payloads),
        post("/lists/notes/items", payloads, auth=None),
        post("/lists/mail/items", b"\x10" + varint(1 << 40)),
        post("/lists/mail/edits", move),
        post("/lists/mail/edits", delete),
        post("/lists/notes/edits", move),
        post("/lists/mail/edits", bytes(2_000)),
        post("/lists/mail/items", payloads, length=50_000),
        post("/lists/mail/items", b"3\r\n\x10\x01\x02\r\n0\r\n\r\n", extra="Transfer-Encoding: chunked\r\n", length=None).replace(b"Content-Length: 12\r\n", b""),
        get("/lists/mail/watch", upgrade=False) + post("/lists/mail/items", payloads) + get("/lists/nope/watch", upgrade=False),
        b"GET /lists/mail/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + TOKEN.encode(),
        b"HEAD /lists/mail/watch HTTP/1.1\r\nHost: x\r\n\r\n" + get("/lists/mail/watch", upgrade=False),
        b"DELETE /lists/mail/items HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.0\r\n\r\n",
        b"\x16\x03\x01\x00\x05hello",
    ]
    for seed in seeds:
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(out, name), "wb") as f:
            f.write(seed)
    print(f"wrote {len(seeds)} seeds to {out}")

if __name__ == "__main__":
    sys.exit(main())
