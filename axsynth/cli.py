"""Command line: ``axsynth snapshot FILE --format cdp|aria|agent|devtools [--url URL]``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .api import Document, ParseError

FORMATS = ("cdp", "aria")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="axsynth", description="Chromium's accessibility tree from HTML, without a browser.")
    commands = parser.add_subparsers(dest="command", required=True)
    snap = commands.add_parser("snapshot", help="print the accessibility tree of an HTML file")
    snap.add_argument("file", help="HTML file, or - for standard input")
    snap.add_argument("--format", choices=FORMATS, default="cdp")
    snap.add_argument("--url", help="document URL (default: the file's file:// URI)")
    snap.add_argument("--scope", metavar="CSS",
                      help="aria format: snapshot the one element this selector matches (default: body)")
    args = parser.parse_args(argv)
    try:
        doc = _load(args.file, args.url)
    except (ParseError, OSError) as exc:
        print(f"axsynth: {_describe(exc, args.file)}", file=sys.stderr)
        return 1
    if args.scope and args.format != "aria":
        print("axsynth: --scope applies to --format aria only", file=sys.stderr)
        return 2
    try:
        text = _render(doc, args.format, args.scope)
    except ValueError as exc:  # a --scope selector that is invalid or matches nothing
        print(f"axsynth: {exc}", file=sys.stderr)
        return 1
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: not an error of ours
        sys.stderr.close()
    return 0


def _render(doc: Document, fmt: str, scope: str | None) -> str:
    if fmt == "aria":
        return doc.aria_snapshot(scope)
    return json.dumps(doc.get_full_ax_tree(), ensure_ascii=False, indent=1)


def _load(file: str, url: str | None) -> Document:
    if file == "-":
        return Document.from_html(sys.stdin.buffer.read(), url)
    return Document.from_file(Path(file), url)


def _describe(exc: Exception, file: str) -> str:
    if isinstance(exc, FileNotFoundError):
        return f"{file}: no such file"
    if isinstance(exc, IsADirectoryError):
        return f"{file}: is a directory"
    if isinstance(exc, PermissionError):
        return f"{file}: permission denied"
    return str(exc)
