"""``axsynth summarize OUT.jsonl``: totals and rates over the ``--stats`` and ``--audit`` of a batch."""

from __future__ import annotations

import argparse
import json
import sys

#: The summary is printed, but some lines of the file were not batch lines (stderr says how many).
EXIT_UNREADABLE_LINES = 3


def add_parser(commands: "argparse._SubParsersAction") -> None:
    summarize = commands.add_parser(
        "summarize",
        help="totals and rates over the --stats and --audit lines of `axsynth batch`",
        description=f"Exit status: 0 every line read, {EXIT_UNREADABLE_LINES} some lines were unreadable and "
        "skipped (counted on stderr), 1 the file cannot be read.",
    )
    summarize.add_argument(
        "file", help="the JSON Lines output of `axsynth batch --stats`/`--audit` (.jsonl or .jsonl.gz)"
    )
    shape = summarize.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="the figures as JSON")
    shape.add_argument("--html", action="store_true", help="one self-contained HTML page with bar charts")
    summarize.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .output import OutputError
    from .reading import Unreadable, summary_lines
    from .summary import render_html, render_text, summarize

    unreadable = Unreadable()
    try:
        summary = summarize(summary_lines(args.file, unreadable))
    except OutputError as exc:
        print(f"axsynth: {exc}", file=sys.stderr)
        return 1
    summary["unreadable_lines"] = unreadable.count
    if args.json:
        sys.stdout.write(json.dumps(summary, indent=1) + "\n")
    else:
        sys.stdout.write(render_html(summary, args.file) if args.html else render_text(summary))
    if unreadable.count:
        print(f"axsynth summarize: {args.file}: {unreadable}", file=sys.stderr)
        return EXIT_UNREADABLE_LINES
    return 0
