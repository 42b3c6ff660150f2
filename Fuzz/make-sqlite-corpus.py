#!/usr/bin/env python3
"""Writes the sqlite-files target's seed databases (Fuzz/SQLiteFiles/seeds/) and its seed
corpus (Fuzz/corpus/sqlite-files/).

The databases are committed, not built at fuzzing time: a WAL's salts are random, so a
database built afresh would make every reproducer that touches the WAL mean something else
in the next process. So it writes the databases only when they are missing, or with
`--rewrite-databases` (then the corpus entries `Fuzz/run.sh --merge` added describe other
bytes: better delete them). It always rewrites the dictionary and the seed inputs.

Input format: SQLiteFiles/FuzzInput.swift. Six seeds (index = header byte & 7, mod 6):
0 sections (rollback journal), 1 a WHERE filter, 2 a view over a join, 3 WITHOUT ROWID with
text identifiers, 4 WAL mode with committed frames in the -wal, 5 a hot rollback journal.
"""
import os
import shutil
import sqlite3
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = os.path.join(HERE, "SQLiteFiles", "seeds")
CORPUS = os.path.join(HERE, "corpus", "sqlite-files")
PAGE = 1024     # small pages: a few KB hold interior and leaf pages of every b-tree


def connect(path, journal="DELETE"):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA page_size = {PAGE}")
    db.execute(f"PRAGMA journal_mode = {journal}")
    return db


def mail(db, rows=150, start=1):
    db.execute("CREATE TABLE IF NOT EXISTS message (id INTEGER PRIMARY KEY, day TEXT, version INTEGER NOT NULL, subject TEXT NOT NULL)")
    db.execute("CREATE INDEX IF NOT EXISTS message_by_day ON message(day, id)")
    db.execute("BEGIN")
    for id_ in range(start, start + rows):
        day = None if id_ % 37 == 0 else f"2026-11-{1 + id_ * 5 // 160:02d}"
        db.execute("INSERT INTO message VALUES (?, ?, ?, ?)", (id_, day, 1 + id_ % 3, f"Subject {id_} " + "x" * (id_ % 20)))
    db.execute("COMMIT")


def sections(path):
    db = connect(path)
    mail(db)
    db.close()


def filtered(path):
    db = connect(path)
    db.execute("CREATE TABLE task (id INTEGER PRIMARY KEY, list INTEGER NOT NULL, done INTEGER NOT NULL, title TEXT, updated REAL NOT NULL)")
    db.execute("BEGIN")
    for id_ in range(1, 151):
        db.execute("INSERT INTO task VALUES (?, ?, ?, ?, ?)", (id_, id_ % 3, int(id_ % 4 == 0), f"task {id_ * 7919 % 150:03d}", 1.5 * id_))
    db.execute("COMMIT")
    db.close()


def view(path):
    db = connect(path)
    db.execute("CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    db.execute("CREATE TABLE post (id INTEGER PRIMARY KEY, author INTEGER NOT NULL REFERENCES author, rev INTEGER NOT NULL, body TEXT)")
    db.execute("CREATE VIEW feed AS SELECT post.id AS id, author.name AS author, post.rev AS rev, post.body AS body FROM post JOIN author ON author.id = post.author")
    db.execute("BEGIN")
    for id_ in range(1, 6):
        db.execute("INSERT INTO author VALUES (?, ?)", (id_, f"author {id_}"))
    for id_ in range(1, 121):
        db.execute("INSERT INTO post VALUES (?, ?, ?, ?)", (id_, 1 + id_ % 6, id_ % 4, "body " * (id_ % 9)))
    db.execute("COMMIT")
    db.close()


def without_rowid(path):
    db = connect(path)
    db.execute("CREATE TABLE tag (name TEXT PRIMARY KEY, category TEXT, weight INTEGER NOT NULL) WITHOUT ROWID")
    db.execute("BEGIN")
    for id_ in range(1, 151):
        db.execute("INSERT INTO tag VALUES (?, ?, ?)", (f"tag-{id_ * 31 % 151:03d}", None if id_ % 29 == 0 else f"c{id_ % 4}", id_ % 5))
    db.execute("COMMIT")
    db.close()


def wal(path):
    """Rows in the main file and more in the WAL: committed, never checkpointed."""
    db = connect(path, "WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    mail(db, rows=100)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    mail(db, rows=40, start=101)
    db.execute("UPDATE message SET version = version + 10 WHERE id % 9 = 0")
    db.execute("DELETE FROM message WHERE id % 23 = 0")
    # Copied while open: the last connection to close would checkpoint and delete the WAL.
    shutil.copyfile(path, path + ".copy")
    shutil.copyfile(path + "-wal", path + "-wal.copy")
    db.close()
    os.replace(path + ".copy", path)
    os.replace(path + "-wal.copy", path + "-wal")
    if os.path.exists(path + "-shm"):
        os.remove(path + "-shm")


def hot_journal(path):
    """A writer that died mid-transaction: changed pages already in the file (a tiny cache
    spills them), their originals in a hot -journal that a reader would have to roll back."""
    sections(path)
    db = connect(path)
    db.execute("PRAGMA cache_size = 2")
    db.execute("BEGIN")
    db.execute("UPDATE message SET subject = subject || ' edited', version = version + 1")
    shutil.copyfile(path, path + ".copy")
    shutil.copyfile(path + "-journal", path + "-journal.copy")
    db.execute("ROLLBACK")
    db.close()
    os.replace(path + ".copy", path)
    os.replace(path + "-journal.copy", path + "-journal")


SEED_DATABASES = [("sections", sections), ("filter", filtered), ("view", view),
                  ("without-rowid", without_rowid), ("wal", wal), ("hot-journal", hot_journal)]

# Ops (4 bytes each: op, a, b, v); see FuzzInput.swift.
SET, XOR, WORD, TRUNCATE = 0, 1, 2, 3
HEADER, PAGE_START, PAGE_ANY, PAGE_END = 0, 1, 2, 3


def op(kind, where, a, b, v, sidecar=False, later=False, fine=0):
    return bytes([int(sidecar) | where << 1 | kind << 3 | int(later) << 5 | fine << 6, a, b, v])


def inputs():
    owned, follow = 0x08, 0x10
    for seed in range(6):
        yield f"seed-{seed}-clean", bytes([seed])
        yield f"seed-{seed}-owned", bytes([seed | owned])
        yield f"seed-{seed}-page-size", bytes([seed]) + op(SET, HEADER, 16, 0, 0x7F)
        yield f"seed-{seed}-page-count", bytes([seed]) + op(WORD, HEADER, 28, 0, 1)
        yield f"seed-{seed}-leaf-cells", bytes([seed | owned]) + op(XOR, PAGE_START, 2, 3, 0x40)
        yield f"seed-{seed}-cell-content", bytes([seed]) + op(XOR, PAGE_END, 3, 5, 0x11)
        yield f"seed-{seed}-record", bytes([seed]) + op(SET, PAGE_ANY, 4, 200, 0x0D, fine=1)
        yield f"seed-{seed}-truncated", bytes([seed]) + op(TRUNCATE, PAGE_START, 5, 0, 0)
        yield f"seed-{seed}-later", bytes([seed | follow]) + op(XOR, PAGE_ANY, 3, 100, 0xFF, later=True)
        yield f"seed-{seed}-counter", bytes([seed | follow]) + op(WORD, HEADER, 24, 0, 2, later=True)
    for seed in (4, 5):
        yield f"seed-{seed}-side-header", bytes([seed]) + op(XOR, HEADER, 12, 0, 1, sidecar=True)
        yield f"seed-{seed}-side-frame", bytes([seed]) + op(XOR, PAGE_START, 1, 30, 0x08, sidecar=True)
        yield f"seed-{seed}-side-page", bytes([seed]) + op(XOR, PAGE_ANY, 2, 250, 0x20, sidecar=True)
        yield f"seed-{seed}-side-cut", bytes([seed]) + op(TRUNCATE, PAGE_ANY, 3, 128, 0, sidecar=True)
        yield f"seed-{seed}-side-later", bytes([seed | follow]) + op(XOR, PAGE_ANY, 1, 10, 0x55, sidecar=True, later=True)


def several():
    """Inputs of several ops: libFuzzer's first length limit is the corpus's longest input."""
    yield "several-header", bytes([0]) + op(WORD, HEADER, 28, 0, 15) + op(SET, HEADER, 44, 0, 9) + op(XOR, PAGE_START, 1, 0, 0x08) + op(SET, PAGE_END, 2, 1, 0x81)
    yield "several-wal", bytes([4 | 0x10]) + op(XOR, PAGE_ANY, 5, 60, 0x04, sidecar=True) + op(WORD, PAGE_START, 2, 3, 1) + op(XOR, PAGE_END, 7, 9, 0x10, sidecar=True, later=True) + op(XOR, HEADER, 24, 0, 1, later=True)
    yield "several-cells", bytes([3 | 0x08 | 0xC0]) + b"".join(op(XOR, PAGE_ANY, page, 40 * page % 256, 1 << page % 8) for page in range(1, 9))
    yield "several-rows", bytes([0 | 0x10 | 0x40]) + b"".join(op(SET, PAGE_END, page, 7 * page, 0x01, later=page % 2 == 1) for page in range(1, 13))


def dictionary():
    """Whole ops that libFuzzer may splice in: boundary values in the header fields a reader
    trusts (page size, versions, reserved bytes, change counter, page count, freelist, schema
    cookie and format, encoding, SQLite version), the WAL header's, and b-tree page types."""
    entries = []
    for offset in (16, 18, 19, 20, 21, 24, 28, 32, 36, 40, 44, 52, 56, 64, 92, 96):
        entries += [op(SET, HEADER, offset, 0, 0xFF), op(WORD, HEADER, offset, 0, 0),
                    op(WORD, HEADER, offset, 0, 15), op(XOR, HEADER, offset, 0, 1)]
    for offset in (0, 4, 8, 12, 16, 24, 28):
        entries += [op(XOR, HEADER, offset, 0, 1, sidecar=True), op(WORD, HEADER, offset, 0, 0, sidecar=True)]
    for page_type in (0x00, 0x02, 0x05, 0x0A, 0x0D, 0xFF):
        entries.append(op(SET, PAGE_START, 1, 0, page_type))
    entries += [op(WORD, PAGE_START, 1, 3, 15), op(WORD, PAGE_START, 1, 5, 0), op(WORD, PAGE_START, 1, 1, 3)]
    lines = [f'op{index}="' + "".join(f"\\x{byte:02x}" for byte in entry) + '"' for index, entry in enumerate(entries)]
    with open(os.path.join(HERE, "sqlite.dict"), "w") as f:
        f.write("# Whole ops of the sqlite-files target (written by make-sqlite-corpus.py; format: SQLiteFiles/FuzzInput.swift)\n")
        f.write("\n".join(lines) + "\n")


def main():
    os.makedirs(SEEDS, exist_ok=True)
    os.makedirs(CORPUS, exist_ok=True)
    rewrite = "--rewrite-databases" in sys.argv
    if rewrite:
        for name in os.listdir(SEEDS):
            os.remove(os.path.join(SEEDS, name))
    work = tempfile.mkdtemp()
    try:
        for name, make in SEED_DATABASES:
            if os.path.exists(os.path.join(SEEDS, f"{name}.sqlite")):
                continue
            path = os.path.join(work, f"{name}.sqlite")
            make(path)
            for suffix in ("", "-wal", "-journal"):
                if os.path.exists(path + suffix):
                    shutil.copyfile(path + suffix, os.path.join(SEEDS, f"{name}.sqlite{suffix}"))
    finally:
        shutil.rmtree(work)
    for name in os.listdir(CORPUS):
        if name.startswith("seed-"):
            os.remove(os.path.join(CORPUS, name))
    count = 0
    dictionary()
    for name, data in list(inputs()) + list(several()):
        with open(os.path.join(CORPUS, name), "wb") as f:
            f.write(data)
        count += 1
    print(f"wrote {len(os.listdir(SEEDS))} seed files to {SEEDS}, {count} inputs to {CORPUS}")


if __name__ == "__main__":
    main()
