#!/usr/bin/env python3
"""Sums up each ThreadSanitizer report in a test log: what was accessed, by which thread,
the first frames of each stack, and where the memory is.

CI shows the end of its log, and a report's end is the threads' creation stacks, not the
two accesses. CI runs this after a sanitized step fails, so that the end of the log says
what raced. Usage: tsan-digest.py LOG
"""
import re
import sys

FRAMES = 6       # frames shown of each stack
REPORTS = 4      # reports shown
WIDTH = 240      # characters shown of a line

reports = []
current = None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    if "WARNING: ThreadSanitizer" in line:
        current = [line]
        frames = 0
        continue
    if current is None:
        continue
    if line.startswith("SUMMARY: ThreadSanitizer"):
        current.append(line)
        reports.append(current)
        current = None
    elif line.startswith("  Thread T"):
        frames = FRAMES  # a thread's creation: not shown
    elif re.match(r"  \S", line):
        # "  Write of size 8 at ... by thread T93:", "  Previous read ...", "  Location is ..."
        current.append(line)
        frames = 0
    elif re.match(r"    #\d+ ", line) and frames < FRAMES:
        current.append(line)
        frames += 1

print(f"== {len(reports)} thread sanitizer report(s); the first {min(len(reports), REPORTS)} in short:")
for report in reports[:REPORTS]:
    for line in report:
        print(line[:WIDTH])
    print()
