"""Command line: ``axsynth snapshot FILE --format cdp|aria|ai|agent|devtools|flat [--url URL]``, and the
``diff``, ``mcp``, ``batch``, ``summarize``, ``audit`` and ``screenshot`` commands (each registered by its
own module)."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from .agents import diff_command, flat_format, mcp_command, screenshot_command, snapshot_output
from .api import Document, InputTooLarge, LimitError, ParseError, SnapshotOptionError
from .batch import audit_command, summarize_command
from .batch import command as batch_command
from .batch.work import describe
from .limits import DEFAULT_MAX_HTML_BYTES, read_capped
from .page import check_viewport
from .version import __version__

AGENT_ONLY = ("interactive_only", "max_bytes", "json", "cursor", "all_items")


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except LimitError as exc:
        print(f"axsynth: {exc}", file=sys.stderr)
        return 1
    except MemoryError:  # its message is empty: say what happened
        print("axsynth: out of memory (the page needs more than this process may use)", file=sys.stderr)
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
    snap = commands.add_parser("snapshot", help="print the accessibility tree of a page (file, MHTML, archive, URL)")
    snap.add_argument(
        "file",
        metavar="PAGE",
        help="HTML file, MHTML (.mhtml, .mht), web archive (.warc, .warc.gz, .wacz; see --page), "
        "http(s):// URL, or - for standard input (its local stylesheets are read from "
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
    snap.add_argument(
        "--max-input-bytes",
        type=_non_negative,
        default=DEFAULT_MAX_HTML_BYTES,
        metavar="N",
        help=f"refuse a page larger than N bytes (default {DEFAULT_MAX_HTML_BYTES:,}; 0: no limit)",
    )
    add_loading_options(snap)
    add_source_options(snap)
    snapshot_output.add_options(snap)
    diff_command.add_parser(commands)
    mcp_command.add_parser(commands)
    batch_command.add_parser(commands)
    summarize_command.add_parser(commands)
    audit_command.add_parser(commands)
    screenshot_command.add_parser(commands)
    return parser


def add_loading_options(parser: argparse.ArgumentParser) -> None:
    """--root, --site-root and --site-url: where a page's stylesheets and frames may be read from."""
    parser.add_argument(
        "--root",
        metavar="DIR",
        type=Path,
        help="read no stylesheet or frame outside this directory (for untrusted pages; "
        "by default a file page reads every local file its URLs name, as Chromium does)",
    )
    parser.add_argument(
        "--site-root",
        metavar="DIR",
        type=Path,
        help="with --url: the site's files, as a static server maps them (the URLs under "
        "--site-url, root-relative ones included, are read from this directory)",
    )
    parser.add_argument(
        "--site-url",
        metavar="URL",
        help="with --site-root: the URL the directory is served at (default: --url's origin)",
    )
    parser.add_argument(
        "--viewport",
        metavar="WxH",
        type=parse_viewport,
        help="the viewport the page is laid out at, in CSS px (default 1280x720: Playwright's "
        "headless Chromium's); media queries and viewport units see it too",
    )


def parse_viewport(value: str) -> tuple[int, int]:
    """--viewport WxH."""
    width, separator, height = value.lower().partition("x")
    try:
        return check_viewport((int(width), int(height))) if separator else check_viewport(None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r}: give WIDTHxHEIGHT in CSS px, each 1 to 100000") from None


def add_source_options(parser: argparse.ArgumentParser) -> None:
    """--page and --archive-view: which page of a web archive, and how an MHTML is shown."""
    parser.add_argument(
        "--page",
        metavar="URL",
        help="the page of a web archive (.warc, .warc.gz, .wacz) to read, by its URL (needed when it "
        "holds more than one)",
    )
    parser.add_argument(
        "--archive-view",
        action="store_true",
        help="an MHTML as Chromium shows the opened archive (sandboxed: every form control disabled), "
        "not as the page that was saved",
    )


def _main(argv: list[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command != "snapshot":
        return args.run(args)
    for options, formats in (
        (AGENT_ONLY, ("agent",)),
        (flat_format.OPTIONS, ("flat",)),
        (("max_depth",), ("agent", "flat")),
        (("depth",), ("ai",)),
    ):
        misused = [o for o in options if getattr(args, o) not in (None, False)]
        if misused and args.format not in formats:
            parser.error(f"--{misused[0].replace('_', '-')} applies to --format {' and '.join(formats)} only")
    if args.base_dir is not None and args.file != "-":
        parser.error("--base-dir applies to - (standard input) only: a file's stylesheets are read from its directory")
    if args.site_root is not None and args.url is None and args.site_url is None:
        parser.error("--site-root needs --url, the page's address on the site (or --site-url)")
    if args.site_url is not None and args.site_root is None:
        parser.error("--site-url applies with --site-root only")
    try:
        doc = _load(args)
    except InputTooLarge as exc:
        print(f"axsynth: {exc} (--max-input-bytes N raises it; 0: no limit)", file=sys.stderr)
        return 1
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
        snapshot_output.write_snapshot(doc, args, spool)
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


def _load(args: argparse.Namespace) -> Document:
    places = {"root": args.root, "site_root": args.site_root, "site_url": args.site_url, "viewport": args.viewport}
    for option in ("root", "site_root"):  # viewport is checked by its parser
        if places[option] is not None and not places[option].is_dir():
            raise NotADirectoryError(f"--{option.replace('_', '-')} {places[option]}: not a directory")
    if args.file == "-":
        base = args.base_dir if args.base_dir is not None else Path.cwd()
        if not base.is_dir():
            raise NotADirectoryError(f"--base-dir {base}: not a directory")
        from .sources import mhtml_limit
        from .sources.mhtml import load_mhtml, looks_like_mhtml

        data = read_capped(sys.stdin.buffer, mhtml_limit(args.max_input_bytes or None), "standard input")
        if looks_like_mhtml(data[:4096]):  # an MHTML piped in: read as one, from its own parts
            loaded = load_mhtml(data, "-", archive_view=args.archive_view, max_bytes=args.max_input_bytes or None)
            return Document.from_source(loaded, viewport=args.viewport)
        if args.max_input_bytes and len(data) > args.max_input_bytes:
            raise InputTooLarge("standard input", args.max_input_bytes)
        return Document.from_html(data, args.url, base_dir=base, **places)
    return Document.open(
        args.file,
        page=args.page,
        url=args.url,
        archive_view=args.archive_view,
        max_bytes=args.max_input_bytes,
        **places,
    )


def _non_negative(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError("must be >= 0")
    return number
