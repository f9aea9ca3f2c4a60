"""``axsynth diff A B --format agent|aria``: what changed between two versions of a page."""

from __future__ import annotations

import argparse
import json
import sys

from ..api import Document, LimitError, ParseError, ScopeError


def add_parser(commands: "argparse._SubParsersAction") -> None:
    diff = commands.add_parser("diff", help="what changed between two versions of a page (matched by agent refs)")
    diff.add_argument(
        "before", help="the earlier version: HTML file, MHTML, web archive, http(s):// URL, or - for standard input"
    )
    diff.add_argument(
        "after", help="the later version: HTML file, MHTML, web archive, http(s):// URL, or - for standard input"
    )
    diff.add_argument("--page", metavar="URL", help="of a web archive, the page at this URL (in both archives)")
    diff.add_argument("--format", choices=("agent", "aria"), default="agent")
    diff.add_argument("--scope", metavar="CSS", help="compare only the subtree this selector matches")
    diff.add_argument("--json", action="store_true", help="the changes as JSON (op, line, path, ref)")
    diff.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.before == "-" and args.after == "-":
        print("axsynth: only one of the two pages can be read from standard input", file=sys.stderr)
        return 2
    try:
        before, after = _load(args.before, args.page), _load(args.after, args.page)
        result = before.diff(after, args.format, args.scope)
    except (ParseError, ScopeError, LimitError, ValueError, OSError) as exc:
        print(f"axsynth: {_describe(exc)}", file=sys.stderr)
        return 1
    if args.json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(result.text or "no changes\n")
    return 0


def _load(file: str, page: str | None) -> Document:
    if file == "-":
        return Document.from_html(sys.stdin.buffer.read())
    from ..sources import kind_of

    return Document.open(file, page=page if kind_of(file) in ("warc", "wacz") else None)


def _describe(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.filename:
        return f"{exc.filename}: {exc.strerror or exc}"
    return str(exc)
