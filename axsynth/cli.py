"""Command line: ``axsynth snapshot FILE --format cdp|aria|agent|devtools [--url URL]``."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from .agents import diff_command, flat_format, mcp_command
from .api import Document, LimitError, ParseError, SnapshotOptionError
from .batch import command as batch_command
from .batch import summarize_command
from .version import __version__

FORMATS = ("cdp", "aria", "agent", "devtools", "flat")
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
        print(f"axsynth: internal error ({type(exc).__name__}: {exc}); please report it with the input", file=sys.stderr)
        return 70


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="axsynth", description="Chromium's accessibility tree from HTML, without a browser.")
    parser.add_argument("--version", action="version", version=f"axsynth {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    snap = commands.add_parser("snapshot", help="print the accessibility tree of an HTML file")
    snap.add_argument("file", help="HTML file, or - for standard input (its local stylesheets are read from "
                                   "--base-dir, by default the working directory)")
    snap.add_argument("--base-dir", metavar="DIR", type=Path,
                      help="with -: the directory local <link rel=stylesheet> files are read from")
    snap.add_argument("--quiet", "-q", action="store_true",
                      help="no note on stderr for stylesheets and frames that were not loaded")
    snap.add_argument("--format", choices=FORMATS, default="cdp")
    snap.add_argument("--url", help="document URL (default: the file's file:// URI)")
    snap.add_argument("--scope", metavar="CSS",
                      help="only the subtree of the one element this selector matches (any format; "
                           "no match or several is an error listing them)")
    agent = snap.add_argument_group("agent format")
    agent.add_argument("--json", action="store_true", help="wrap the outline in JSON (url, title, counts, refs, tokens)")
    agent.add_argument("--interactive-only", action="store_true", help="keep only refs and their landmark context")
    agent.add_argument("--max-depth", type=_non_negative, metavar="N",
                       help="deeper nodes are left out (refs surface); flat: deeper groups are hoisted")
    agent.add_argument("--max-bytes", type=_non_negative, metavar="N", default=None,
                       help="cut the outline at N bytes, saying what was left out (default 50000; 0: no limit)")
    agent.add_argument("--cursor", help="continue a cut outline from the cursor its last line gives")
    agent.add_argument("--all-items", action="store_true", help="do not shorten long lists and tables")
    flat_format.add_options(snap)
    diff_command.add_parser(commands)
    mcp_command.add_parser(commands)
    batch_command.add_parser(commands)
    summarize_command.add_parser(commands)
    return parser


def _main(argv: list[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command != "snapshot":
        return args.run(args)
    for options, formats in ((AGENT_ONLY, ("agent",)), (flat_format.OPTIONS, ("flat",)), (("max_depth",), ("agent", "flat"))):
        misused = [o for o in options if getattr(args, o) not in (None, False)]
        if misused and args.format not in formats:
            parser.error(f"--{misused[0].replace('_', '-')} applies to --format {' and '.join(formats)} only")
    if args.base_dir is not None and args.file != "-":
        parser.error("--base-dir applies to - (standard input) only: a file's stylesheets are read from its directory")
    try:
        doc = _load(args.file, args.url, args.base_dir)
    except (ParseError, OSError) as exc:
        print(f"axsynth: {_describe(exc, args.file)}", file=sys.stderr)
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
        if not write_snapshot(doc, args, spool):
            return 1
        spool.seek(0)
        return _print(lambda out: shutil.copyfileobj(spool, out))


def write_snapshot(doc: Document, args: argparse.Namespace, out: TextIO) -> bool:
    """Write what ``snapshot`` prints for ``args.format`` (without the final newline);
    False after printing a one-line error (flat's --filter).  ``axsynth batch`` uses it
    too, so that its outputs are byte-identical to ``snapshot``'s."""
    if args.format == "cdp":
        doc.write_full_ax_tree(out, scope=args.scope)  # node by node: a large tree is never all in memory
        return True
    if args.format == "flat":
        text = flat_format.render(doc, args)
        if text is None:
            return False
    elif args.format == "agent":
        text = _agent(doc, args)
    elif args.format == "aria":
        text = doc.aria_snapshot(args.scope)
    else:
        text = doc.devtools_snapshot(scope=args.scope).rstrip("\n")
    out.write(text)
    return True


def snapshot_defaults(format: str) -> argparse.Namespace:
    """The options ``axsynth snapshot FILE --format FORMAT`` runs with when given no others."""
    return _parser().parse_args(["snapshot", "-", "--format", format])


def _print(write) -> int:
    """Run ``write(sys.stdout)``, then end the output with a newline."""
    try:
        write(sys.stdout)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: not an error of ours
        sys.stderr.close()
    return 0


def _agent(doc: Document, args: argparse.Namespace) -> str:
    max_bytes = 50_000 if args.max_bytes is None else (args.max_bytes or None)
    snap = doc.agent_snapshot(scope=args.scope, interactive_only=args.interactive_only, max_depth=args.max_depth,
                              max_bytes=max_bytes, with_cdp_size=args.json, cursor=args.cursor, all_items=args.all_items)
    if args.json:
        return json.dumps(snap.to_json(), ensure_ascii=False, indent=1)
    return snap.text.rstrip("\n")


def _non_negative(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError("must be >= 0")
    return number


def _load(file: str, url: str | None, base_dir: Path | None) -> Document:
    if file == "-":
        base = base_dir if base_dir is not None else Path.cwd()
        if not base.is_dir():
            raise NotADirectoryError(f"--base-dir {base}: not a directory")
        return Document.from_html(sys.stdin.buffer.read(), url, base_dir=base)
    return Document.from_file(Path(file), url)


def _describe(exc: Exception, file: str) -> str:
    if isinstance(exc, FileNotFoundError):
        return f"{file}: no such file"
    if isinstance(exc, IsADirectoryError):
        return f"{file}: is a directory"
    if isinstance(exc, PermissionError):
        return f"{file}: permission denied"
    return str(exc)
