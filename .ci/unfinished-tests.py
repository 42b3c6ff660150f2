#!/usr/bin/env python3
"""Names the tests a `swift test --verbose` log shows as started but not ended.

CI runs it when a test step runs out of time, so that a hang says which tests it was in.
Usage: unfinished-tests.py LOG
"""
import re
import sys

started = []
ended = set()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if line.startswith("◇ Test case ") or line.startswith("◇ Test run"):
        continue
    match = re.match(r"◇ (Test|Suite) (.+) started\.$", line.rstrip("\n"))
    if match:
        started.append((match.group(1), match.group(2)))
        continue
    match = re.match(r"[✔✘] (Test|Suite) (.+?)( with \d+ test cases?)? (passed|failed) after", line)
    if match:
        ended.add((match.group(1), match.group(2)))
unfinished = [f"{kind} {name}" for kind, name in started if (kind, name) not in ended]
print("started and not ended when the step ran out of time:" if unfinished else "every test that started ended")
for name in unfinished:
    print("  " + name)
