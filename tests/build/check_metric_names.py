#!/usr/bin/env python3
"""A metric's name is spelled once, in backend/api/metric_catalogue.{h,cpp}: product code names
series through its constants, so a renamed or misspelt series cannot hide in one page.

    check_metric_names.py SOURCE_DIR

Reads the string literals of every C++ file of the product (comments are skipped, raw strings
read whole) and fails naming file and line of each literal that starts with a catalogue prefix.
"""
import pathlib
import re
import sys

PREFIXES = ("DCGM_FI_", "supernode_nic_")
FOLDERS = ("app", "backend", "ui", "widgets", "translations")
CATALOGUE = ("backend/api/metric_catalogue.h", "backend/api/metric_catalogue.cpp")
RAW_OPEN = re.compile(r'R"([^()\\ ]{0,16})\(')


def literals(text):
    """Yields (line, contents) of each string literal outside comments."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c == "R" and RAW_OPEN.match(text, i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = RAW_OPEN.match(text, i)
            close = ")" + m.group(1) + '"'
            end = text.find(close, m.end())
            end = n if end < 0 else end
            yield line, text[m.end():end]
            line += text.count("\n", i, end)
            i = end + len(close)
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if c == '"':
                yield line, text[i + 1:j]
            i = j + 1
        else:
            i += 1


def main():
    root = pathlib.Path(sys.argv[1])
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.suffix not in (".cpp", ".h") or rel in CATALOGUE:
                continue
            for line, text in literals(path.read_text(encoding="utf-8", errors="replace")):
                if text.startswith(PREFIXES):
                    found.append(f"{rel}:{line}: \"{text[:60]}\"")
    if found:
        print("metric names spelled outside backend/api/metric_catalogue (use its constants):")
        print("\n".join(found))
        return 1
    print("every metric name comes from backend/api/metric_catalogue")
    return 0


if __name__ == "__main__":
    sys.exit(main())
