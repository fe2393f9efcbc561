#!/usr/bin/env python3
"""Rewrites the line counts in the @@ headers of hand-written fixture diffs to match their bodies.

Usage: python3 tests/rules/recount_hunks.py tests/rules/HK4/*.diff
Keeps the start numbers and the section text; only the counts change. A hunk ends at the next
"@@", "diff --git" or "--- " file header, or at the end of the file.
"""
import re
import sys

HEADER = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$")


def recount(lines):
    out, i = [], 0
    while i < len(lines):
        match = HEADER.match(lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        body, j = [], i + 1
        while j < len(lines) and not (lines[j].startswith("@@") or lines[j].startswith("diff --git")
                                      or (lines[j].startswith("--- ") and j + 1 < len(lines)
                                          and lines[j + 1].startswith("+++ "))):
            body.append(lines[j])
            j += 1
        while body and body[-1] == "":  # trailing blank lines of the file are not hunk lines
            body.pop()
        old = sum(1 for line in body if line[:1] in (" ", "-") or line == "")
        new = sum(1 for line in body if line[:1] in (" ", "+") or line == "")
        out.append(f"@@ -{match.group(1)},{old} +{match.group(2)},{new} @@{match.group(3)}")
        out.extend(body)
        i = j
    return out


for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    lines = recount(text.split("\n"))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines).rstrip("\n") + "\n")
