#!/usr/bin/env python3
"""Another process's one-row commit to `sample watch`'s line, measured from outside.

    Benchmarks/scripts/watch-latency.py [--rows 1000000] [--commits 30] [--after]

Creates a mail database with `sample generate` (cached in $TMPDIR by row count), starts
`sample watch --json --no-after --change-log` on it (release build, `swift build -c
release --product sample` first), waits for its first list, then commits one-row updates
from this process (Python's sqlite3: another process, another connection), each timed from
the moment COMMIT returns to the moment watch's line for it is read. Prints the median,
p90 and max in milliseconds, and the 1-minute load average before and after.
"""
import argparse, json, os, sqlite3, statistics, subprocess, sys, tempfile, time

def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])

parser = argparse.ArgumentParser()
parser.add_argument("--rows", type=int, default=1_000_000)
parser.add_argument("--commits", type=int, default=30)
parser.add_argument("--after", action="store_true", help="print the after lists too (no --no-after)")
parser.add_argument("--sample", default=".build/release/sample")
args = parser.parse_args()

db = os.path.join(tempfile.gettempdir(), f"watch-latency-{args.rows}.sqlite")
if not os.path.exists(db):
    subprocess.run([args.sample, "generate", "--db", db, "--rows", str(args.rows)], check=True, stdout=subprocess.DEVNULL)
before = load()
command = [args.sample, "watch", "--db", db, "--table", "message", "--id", "id", "--section", "day",
           "--summary", "version", "--order", "date DESC, id DESC", "--change-log", "--json"]
if not args.after:
    command.append("--no-after")
watch = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
first = watch.stdout.readline()
if not first.startswith(b'{"snapshot"'):
    sys.exit(f"watch did not list the table: {first[:200]!r}")
writer = sqlite3.connect(db, isolation_level=None, timeout=10)
ids = [row[0] for row in writer.execute("SELECT id FROM message ORDER BY id LIMIT 1000")]
samples = []
for round in range(args.commits):
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE message SET version = version + 1 WHERE id = ?", (ids[round * 7 % len(ids)],))
    writer.execute("COMMIT")
    start = time.monotonic()
    line = watch.stdout.readline()
    samples.append((time.monotonic() - start) * 1000)
    event = json.loads(line)
    if "batches" not in event:
        sys.exit(f"unexpected line: {line[:200]!r}")
    time.sleep(0.05)       # commits apart, as a user's are: each measured from an idle watch
watch.stdin.close()
watch.wait(timeout=30)
after = load()
samples.sort()
print(f"rows {args.rows}, commits {len(samples)}, {'with' if args.after else 'without'} after lists: "
      f"median {statistics.median(samples):.2f} ms, p90 {samples[int(len(samples) * 0.9) - 1]:.2f} ms, max {samples[-1]:.2f} ms; "
      f"1-minute load {before:.2f} before, {after:.2f} after")
