"""``axsynth screenshot FILE --out page.png``: an annotated screenshot (numbered boxes over
the elements to act on) and its map (JSON: label, selector, role, name, ref… per box), for
vision agents. Needs the ``browser`` extra and a Chromium (``axsynth.screenshot``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path


def add_parser(commands: "argparse._SubParsersAction") -> None:
    shot = commands.add_parser(
        "screenshot",
        help="an annotated screenshot: numbered boxes over the page's interactive elements, and their map",
        description="Draw the page in Chromium (scripts off, 1280x720, only the page and the files axsynth reads), "
        "label the elements to act on, and write the picture and its map (label -> selector, role, name, ref). "
        "Needs pip install 'axsynth[browser]' and a Chromium.",
    )
    shot.add_argument("file", metavar="PAGE", help="HTML file, MHTML, web archive (see --page) or http(s):// URL")
    shot.add_argument("--page", metavar="URL", help="of a web archive (.warc, .warc.gz, .wacz), the page at this URL")
    shot.add_argument("--out", metavar="IMAGE", help="the annotated picture (.png or .jpg); required with a browser")
    shot.add_argument(
        "--no-browser",
        action="store_true",
        help="only the map, its boxes from axsynth's layout: no picture, no Chromium needed",
    )
    shot.add_argument("--annotations", metavar="JSON", help="write the map here (default: standard output)")
    shot.add_argument(
        "--target",
        default="interactive",
        metavar="interactive|all_visible|CSS",
        help="what to label: interactive elements (default), every visible element with a role or text, "
        "or the elements a CSS selector matches",
    )
    shot.add_argument("--max", type=int, default=50, metavar="N", help="label at most N elements (default 50)")
    shot.add_argument("--full-page", action="store_true", help="the whole page, not only the first 1280x720")
    shot.add_argument("--format", choices=("png", "jpeg"), help="image format (default: from --out's suffix, else png)")
    shot.add_argument("--quality", type=int, metavar="Q", help="JPEG quality, 0-100 (default 80)")
    shot.add_argument("--chromium", metavar="PATH", help="the Chromium to run (default: chromium on PATH)")
    shot.add_argument("--root", metavar="DIR", type=Path, help="refuse a FILE that resolves outside this directory")
    shot.add_argument("--url", help="document URL (default: the file's file:// URI)")
    shot.add_argument("--timeout", type=float, default=30.0, metavar="S", help="give up after S seconds (default 30)")
    shot.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except Exception as exc:  # the engine's and the browser's own errors, in one line
        from ..api import LimitError, ParseError, SnapshotOptionError
        from ..screenshot import ScreenshotError

        if isinstance(exc, SnapshotOptionError):
            _fail(f"{exc.message} ({exc.code})")
        elif isinstance(exc, (ScreenshotError, ParseError, LimitError, OSError, ValueError)):
            _fail(str(exc))
        else:
            raise
        return 1


def _run(args: argparse.Namespace) -> int:
    from ..api import Document
    from ..screenshot import Chromium
    from ..screenshot.annotated import MAX_ANNOTATIONS

    if not 1 <= args.max <= MAX_ANNOTATIONS:
        return _fail(f"--max must be between 1 and {MAX_ANNOTATIONS}, not {args.max}")
    from ..sources import is_url

    if args.no_browser:
        return _map_only(args)
    if args.out is None:
        return _fail("--out IMAGE is required (or --no-browser: the map alone, from axsynth's layout)")
    file = Path(args.file)
    out = Path(args.out)
    fmt = args.format or ("jpeg" if out.suffix.lower() in (".jpg", ".jpeg") else "png")
    if not is_url(args.file):
        problem = _check_paths(file, out, Path(args.annotations) if args.annotations else None, args.root)
        if problem:
            return _fail(problem)
    with Chromium(args.chromium) as browser:  # launches while the page is read
        try:
            doc = Document.open(args.file, page=args.page, url=args.url)
        except OSError as exc:
            return _fail(f"{args.file}: {(exc.strerror or str(exc)).lower()}")
        shot = doc.screenshot(
            target=args.target,
            max_annotations=args.max,
            full_page=args.full_page,
            format=fmt,
            quality=args.quality,
            timeout=args.timeout,
            browser=browser,
        )
    _write(out, shot.image)
    text = json.dumps(shot.to_json(), ensure_ascii=False, indent=1) + "\n"
    if args.annotations:
        _write(Path(args.annotations), text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0


def _map_only(args: argparse.Namespace) -> int:
    """--no-browser: the map from axsynth's layout, written as a browser's map is."""
    from ..api import Document

    if args.out is not None:
        return _fail("--out applies with a browser: --no-browser makes no picture (--annotations FILE for the map)")
    for option in ("format", "quality", "chromium"):
        if getattr(args, option) is not None:
            return _fail(f"--{option} applies with a browser, not with --no-browser")
    doc = Document.open(args.file, page=args.page, url=args.url)
    shot = doc.annotation_map(target=args.target, max_annotations=args.max, full_page=args.full_page)
    text = json.dumps(shot.to_json(), ensure_ascii=False, indent=1) + "\n"
    if args.annotations:
        _write(Path(args.annotations), text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0


def _check_paths(file: Path, out: Path, annotations: Path | None, root: Path | None) -> str | None:
    """Why these paths cannot be used, if so: the page outside --root, an output that is the page."""
    resolved = file.resolve()
    if root is not None:
        if not root.is_dir():
            return f"--root {root}: not a directory"
        if not resolved.is_relative_to(root.resolve()):
            return f"{file} resolves outside the root {root} (--root); only files under it are read"
    outputs = [out] + ([annotations] if annotations is not None else [])
    if any(path.resolve() == resolved for path in outputs):
        return f"{file} is both the page and an output: it would be overwritten"
    if annotations is not None and annotations.resolve() == out.resolve():
        return "--out and --annotations name the same file"
    return None


def _write(path: Path, data: bytes) -> None:
    """Write whole or not at all: a temporary file next to ``path`` (through a symbolic
    link, next to its target), renamed over it with the mode a new file would get."""
    path = path.resolve()
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~mask)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _fail(message: str) -> int:
    print(f"axsynth: {message}", file=sys.stderr)
    return 1
