"""``axsynth audit INPUT... [--rules ...] [--tags ...] [--format text|json|sarif]``: axe-core's
rules on one page or many, without a browser; exit status 1 when a violation is found,
so that a CI job fails on it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_VIOLATIONS = 1
EXIT_ERRORS = 2  # a page could not be read, or the options are wrong


def add_parser(commands: "argparse._SubParsersAction") -> None:
    audit = commands.add_parser(
        "audit",
        help="accessibility audit with axe-core's rules (exit status 1 on violations)",
        description="Run axe-core's rules (ids, checks, messages and impacts of axe-core "
        "4.14) on saved pages, without a browser. Exit status: 0 no violation, "
        f"{EXIT_VIOLATIONS} violations found, {EXIT_ERRORS} a page could not be read or "
        "the options are wrong.",
    )
    audit.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="HTML file, - for standard input, directory (its *.html, *.htm, *.xhtml, *.mhtml), glob, "
        "@FILE (a list of paths), an MHTML, a .warc/.warc.gz/.wacz web archive, or an http(s):// URL",
    )
    audit.add_argument("--page", metavar="URL", help="of a web archive, audit only the page at this URL")
    audit.add_argument("--rules", type=_names, metavar="ID,...", help="only these rules (axe-core's ids)")
    audit.add_argument(
        "--tags",
        type=_names,
        metavar="TAG,...",
        help="only rules with one of these tags: wcag2a, wcag2aa, wcag21a, wcag21aa, best-practice...",
    )
    audit.add_argument(
        "--format",
        choices=("text", "json", "sarif"),
        default="text",
        help="text (default); json: axe-core's result shape (an array for several pages); "
        "sarif: SARIF 2.1.0 for code scanning",
    )
    audit.add_argument("--passes", action="store_true", help="json: describe the passing nodes too")
    audit.add_argument(
        "--no-incomplete",
        action="store_true",
        help="text: leave out what needs a person's review (incomplete); sarif has violations only unless "
        "--sarif-incomplete",
    )
    audit.add_argument("--sarif-incomplete", action="store_true", help="sarif: add incomplete nodes as notes")
    audit.add_argument("--url", help="the document URL of a single input (default: its file:// URI)")
    audit.set_defaults(run=run)


def _names(value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more names, separated by commas")
    return names


def run(args: argparse.Namespace) -> int:
    from ..audit import AuditError
    from ..audit.engine import select_rules

    try:
        select_rules(args.rules, args.tags)  # a wrong rule or tag fails before any page is read
    except AuditError as exc:
        print(f"axsynth: {exc}", file=sys.stderr)
        return EXIT_ERRORS
    if args.url and (len(args.inputs) != 1 or Path(args.inputs[0]).is_dir()):
        print("axsynth: --url applies to a single file", file=sys.stderr)
        return EXIT_ERRORS
    audited, errors = [], 0
    for source, outcome in _audits(args):
        if isinstance(outcome, str):
            print(f"axsynth: {outcome}", file=sys.stderr)
            errors += 1
        else:
            audited.append((source, *outcome))
    _write(args, audited)
    if errors:
        return EXIT_ERRORS
    return EXIT_VIOLATIONS if any(result["violations"] for _, result, _ in audited) else 0


def _audits(args: argparse.Namespace):
    """(source, (result, line_of) or an error message) for every page of the inputs."""
    from ..api import Document, LimitError, ParseError
    from ..audit.report import source_lines
    from .sources import Page, Skipped, expand
    from .work import describe, load_page

    pages = [None] if args.inputs == ["-"] else expand(args.inputs, Skipped())
    if args.page is not None:
        pages = [p for p in pages if p is not None and (p.error or p.url == args.page)] or [
            Page(" ".join(args.inputs), error=f"no page {args.page} in {' '.join(args.inputs)}")
        ]
    for page in pages:
        source = "-" if page is None else page.source
        try:
            if page is None:
                raw = sys.stdin.buffer.read()
                doc = Document.from_html(raw, args.url, base_dir=Path.cwd())
            elif page.error:
                yield source, page.error
                continue
            else:
                doc = Document.from_file(page.source, args.url) if args.url else load_page(page)
                raw = doc.page.source
            result = doc.audit(args.rules, args.tags, passes=args.passes)
        except (ParseError, LimitError, OSError, ValueError) as exc:
            yield source, describe(exc, source)
            continue
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        yield source, (result, source_lines(doc.page, text))


def _write(args: argparse.Namespace, audited: list) -> None:
    from ..audit.report import render_text, sarif

    try:
        if args.format == "json":
            results = [result for _, result, _ in audited]
            one = len(results) == 1 and len(args.inputs) == 1 and not _many(args.inputs, args.page)
            payload = results[0] if one else results
            sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
        elif args.format == "sarif":
            log = sarif(
                ((_artifact(source), result, line_of) for source, result, line_of in audited), args.sarif_incomplete
            )
            sys.stdout.write(json.dumps(log, ensure_ascii=False, indent=1) + "\n")
        else:
            for source, result, _ in audited:
                sys.stdout.write(render_text(result, source, incomplete=not args.no_incomplete))
        sys.stdout.flush()
    except BrokenPipeError:  # piped into head: not an error of ours
        sys.stderr.close()


def _many(inputs: list[str], page: str | None) -> bool:
    """Whether the inputs can name several pages (then JSON is always an array; an
    archive with --page names one)."""
    one = inputs[0]
    return (
        one.startswith("@")
        or Path(one).is_dir()
        or (one.endswith((".warc", ".warc.gz", ".wacz")) and page is None)
        or any(c in one for c in "*?[")
    )


def _artifact(source: str) -> str:
    """A page's path as SARIF wants it: relative to the working directory when it is below it."""
    if source == "-":
        return "stdin.html"
    path = Path(source)
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.resolve().as_uri()
