"""Command line: ``axsynth snapshot FILE --format cdp|aria|agent|devtools [--url URL]``, and the
``diff``, ``mcp``, ``batch``, ``summarize`` and ``audit`` commands (each registered by its own module)."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from .agents import diff_command, flat_format, mcp_command, snapshot_output
from .api import Document, LimitError, ParseError, SnapshotOptionError
from .batch import audit_command, summarize_command
from .batch import command as batch_command
from .batch.work import describe
from .version import __version__

AGENT_ONLY = ("interactive_only", "max_bytes", "json", "cursor", "all_items")


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except (LimitError, MemoryError) as exc:
        print(f"axsynth: {exc or 'out of memory'}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never a traceback: one line that says what to report
        print(
            f"axsynth: internal error ({type(exc).__name__}: {exc}); please report it with the input", file=sys.stderr
        )
        return 70


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="axsynth", description="Chromium's accessibility tree from HTML, without a browser."
    )
    parser.add_argument("--version", action="version", version=f"axsynth {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    snap = commands.add_parser("snapshot", help="print the accessibility tree of an HTML file")
    snap.add_argument(
        "file",
        help="HTML file, or - for standard input (its local stylesheets are read from "
        "--base-dir, by default the working directory)",
    )
    snap.add_argument(
        "--base-dir",
        metavar="DIR",
        type=Path,
        help="with -: the directory local <link rel=stylesheet> files are read from",
    )
    snap.add_argument(
        "--quiet", "-q", action="store_true", help="no note on stderr for stylesheets and frames that were not loaded"
    )
    snap.add_argument("--url", help="document URL (default: the file's file:// URI)")
    snapshot_output.add_options(snap)
    diff_command.add_parser(commands)
    mcp_command.add_parser(commands)
    batch_command.add_parser(commands)
    summarize_command.add_parser(commands)
    audit_command.add_parser(commands)
    return parser


def _main(argv: list[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command != "snapshot":
        return args.run(args)
    for options, formats in (
        (AGENT_ONLY, ("agent",)),
        (flat_format.OPTIONS, ("flat",)),
        (("max_depth",), ("agent", "flat")),
    ):
        misused = [o for o in options if getattr(args, o) not in (None, False)]
        if misused and args.format not in formats:
            parser.error(f"--{misused[0].replace('_', '-')} applies to --format {' and '.join(formats)} only")
    if args.base_dir is not None and args.file != "-":
        parser.error("--base-dir applies to - (standard input) only: a file's stylesheets are read from its directory")
    try:
        doc = _load(args.file, args.url, args.base_dir)
    except (ParseError, OSError) as exc:
        print(f"axsynth: {describe(exc, args.file)}", file=sys.stderr)
        return 1
    if not args.quiet:
        for note in doc.not_loaded:
            print(f"axsynth: note: {note}", file=sys.stderr)
    try:
        return _output(doc, args)
    except SnapshotOptionError as exc:  # --scope (one rule for every format: exactly one element), --cursor
        if args.format == "agent" and args.json:
            sys.stdout.write(json.dumps({"error": exc.code, "message": exc.message}) + "\n")
        print(f"axsynth: {exc.message} ({exc.code})", file=sys.stderr)
        return 1


def _output(doc: Document, args: argparse.Namespace) -> int:
    # Spooled (memory up to 1 MB, then a temporary file) and printed only once
    # complete: an error midway leaves no partial output on stdout.
    with tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8") as spool:
        if not snapshot_output.write_snapshot(doc, args, spool):
            return 1
        spool.seek(0)
        return _print(lambda out: shutil.copyfileobj(spool, out))


def _print(write) -> int:
    """Run ``write(sys.stdout)``, then end the output with a newline."""
    try:
        write(sys.stdout)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: not an error of ours
        sys.stderr.close()
    return 0


def _load(file: str, url: str | None, base_dir: Path | None) -> Document:
    if file == "-":
        base = base_dir if base_dir is not None else Path.cwd()
        if not base.is_dir():
            raise NotADirectoryError(f"--base-dir {base}: not a directory")
        return Document.from_html(sys.stdin.buffer.read(), url, base_dir=base)
    return Document.from_file(Path(file), url)
