#!/usr/bin/env python3
"""Starts the whole head files of a fixture: writes <fixture>.head/<path> for every file of the diff
that the diff does not show whole, with the new side of its hunks at their own line numbers and the
lines the diff does not show left empty, then lists those gaps. Fill each gap by hand with code that
makes the file what a real checkout would hold (the enclosing class and def whose names the hunk
sections give, the imports the code uses); keep the shown lines on their numbers.

Usage: python3 tests/rules/make_fixture_head.py tests/rules/D1b/fires_else_missing.diff
Refuses to overwrite a file that exists. Lines past the last hunk are not written: the file is taken
to end there unless you add more.
"""
import os
import re
import sys

HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@ ?(.*)$")


def files_of(lines):
    """[(new path, status, [(new_start, section, [new-side lines], new count)])] in diff order."""
    files, current = [], None
    for line in lines:
        if line.startswith("diff --git "):
            current = {"path": None, "status": "modified", "hunks": []}
            files.append(current)
        elif current is None:
            continue
        elif line.startswith("new file mode"):
            current["status"] = "added"
        elif line.startswith("deleted file mode"):
            current["status"] = "deleted"
        elif line.startswith("+++ ") and not current["hunks"]:
            current["path"] = line[4:].strip()[2:] if line[4:].startswith("b/") else line[4:].strip()
        elif HUNK.match(line):
            match = HUNK.match(line)
            count = 1 if match.group(2) is None else int(match.group(2))
            current["hunks"].append((int(match.group(1)), match.group(3), [], count))
        elif current["hunks"] and line[:1] in (" ", "+", ""):
            body, count = current["hunks"][-1][2], current["hunks"][-1][3]
            if len(body) < count:  # past the header's count: the diff's own last line break, not a line
                body.append(line[1:])
    return files


def main(paths):
    for diff_path in paths:
        with open(diff_path, encoding="utf-8") as handle:
            files = files_of(handle.read().split("\n"))
        head_dir = os.path.splitext(diff_path)[0] + ".head"
        for file in files:
            if file["status"] != "modified" or not file["hunks"] or file["path"] in (None, "/dev/null"):
                continue
            shown, gaps, next_line = {}, [], 1
            for start, section, body, _ in file["hunks"]:
                if start > next_line:
                    gaps.append((next_line, start - 1, section))
                for offset, text in enumerate(body):
                    shown[start + offset] = text
                next_line = start + len(body)
            if not gaps:
                continue
            out_path = os.path.join(head_dir, file["path"])
            if os.path.exists(out_path):
                print(f"{out_path}: exists, left alone")
                continue
            os.makedirs(os.path.dirname(out_path), exist_ok=True)
            last = max(shown)
            with open(out_path, "w", encoding="utf-8") as out:
                out.write("".join(shown.get(n, "") + "\n" for n in range(1, last + 1)))
            print(out_path)
            for first, end, section in gaps:
                print(f"  lines {first}-{end} unseen" + (f" (next hunk's section: {section})" if section else ""))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
