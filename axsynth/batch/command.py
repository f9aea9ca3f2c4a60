"""``axsynth batch INPUT... --out FILE``: many pages to JSON Lines, on all cores."""

from __future__ import annotations

import argparse
import os
import sys
import time

from . import FORMATS

EXIT_PAGE_ERRORS = 3  # the batch completed, and some pages have error lines


def add_parser(commands: "argparse._SubParsersAction") -> None:
    batch = commands.add_parser(
        "batch",
        help="snapshot many pages (files, folders, globs, @lists, WARC archives) to JSON Lines",
        description="One JSON line per page, in input order. Exit status: 0 all pages ok, "
        f"{EXIT_PAGE_ERRORS} some pages have error lines, 1 the batch could not run or finish.",
    )
    batch.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help="HTML file, directory (its *.html, *.htm, *.xhtml, recursively), glob, "
        "@FILE (a list of paths, one a line), a .warc/.warc.gz/.wacz web archive, or an http(s):// URL",
    )
    batch.add_argument(
        "--crawl",
        metavar="URL",
        help="the pages of a site: from URL, same-site links and sitemap.xml, breadth-first, as robots.txt allows",
    )
    batch.add_argument(
        "--max-pages",
        type=_positive,
        default=1000,
        metavar="N",
        help="with --crawl: stop after N pages (default 1000)",
    )
    batch.add_argument(
        "--out",
        "-o",
        required=True,
        metavar="FILE",
        help="the JSON Lines output (gzipped when it ends in .gz), or - for standard output",
    )
    batch.add_argument(
        "--format",
        action="append",
        choices=FORMATS,
        dest="formats",
        help="an output to include for each page, as `snapshot --format` prints it; may be repeated "
        "(default: cdp, or none with --stats or --audit)",
    )
    batch.add_argument(
        "--stats",
        action="store_true",
        help="add per-page figures (unnamed controls and images, headings, landmarks, language); "
        "`axsynth summarize` aggregates them",
    )
    batch.add_argument(
        "--audit",
        action="store_true",
        help="add each page's audit with axe-core's rules (violation and incomplete nodes per rule, "
        "rules passed); `axsynth summarize` reports them WebAIM-Million style",
    )
    batch.add_argument("--jobs", "-j", type=_positive, metavar="N", help="worker processes (default: one per core)")
    batch.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds a page may take before it is an error line (default 60; 0: no limit)",
    )
    batch.add_argument(
        "--max-memory",
        type=_positive,
        default=4096,
        metavar="MB",
        help="address space a worker may use, in MB, before its page is an error line (default 4096)",
    )
    batch.add_argument(
        "--root",
        metavar="DIR",
        help="read no stylesheet or frame outside this directory (for untrusted pages; by default "
        "a file page reads every local file its URLs name, as Chromium does)",
    )
    batch.add_argument("--resume", action="store_true", help="keep the pages already in --out and do only the others")
    batch.add_argument(
        "--dask",
        metavar="local|ADDRESS",
        help="run on a Dask cluster: local (a LocalCluster of --jobs workers) or a scheduler "
        "address such as tcp://10.0.0.1:8786 (needs axsynth[dask])",
    )
    batch.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..sources import is_url
    from . import BatchError
    from . import run as run_pages
    from .output import JsonlWriter
    from .overwrite import refuse_output_among_inputs, skip_output
    from .sources import Skipped, confined, count_files, expand

    problem = None
    if args.crawl is not None and (args.inputs or args.resume or args.dask):
        problem = "--crawl takes no other input, and neither --resume nor --dask"
    elif args.crawl is not None and not is_url(args.crawl):
        problem = f"--crawl {args.crawl}: not an http(s):// URL"
    elif args.crawl is None and not args.inputs:
        problem = "give one or more inputs, or --crawl URL"
    if problem:
        print(f"axsynth: {problem}", file=sys.stderr)
        return 1
    if args.root is not None and not os.path.isdir(args.root):
        print(f"axsynth: --root {args.root}: not a directory", file=sys.stderr)
        return 1
    root = os.path.abspath(args.root) if args.root is not None else None
    formats = tuple(dict.fromkeys(args.formats or ([] if args.stats or args.audit else ["cdp"])))
    formats += ("audit",) if args.audit else ()
    try:
        refuse_output_among_inputs(args.out, args.inputs)
        writer = JsonlWriter(args.out, args.resume)  # before any work: a bad --out fails at once
    except BatchError as exc:
        print(f"axsynth: {exc}", file=sys.stderr)
        return 1
    done = writer.done
    skipped = Skipped()
    progress = Progress(count_files(args.inputs) if sys.stderr.isatty() else None, sum(done.values()))
    outcome = "done"
    crawl = None
    try:
        if args.crawl is not None:
            from .crawl import CrawlRun

            crawl = CrawlRun(args.crawl, args.max_pages)
            for note in crawl.frontier.notes:
                print(f"axsynth: note: {note}", file=sys.stderr)
            pages = crawl.pages()
        else:
            pages = _not_done(confined(skip_output(expand(args.inputs, skipped), args.out), root), done)
        for _, line in run_pages(
            pages, formats, args.stats, args.jobs, args.timeout or None, args.max_memory, args.dask
        ):
            if crawl is not None and (line := crawl.done(line)) is None:
                continue
            writer.write(line)
            progress.add(line)
    except BatchError as exc:
        outcome = f"stopped: {exc}"
    except KeyboardInterrupt:
        outcome = "interrupted (rerun with --resume to go on)"
    try:
        writer.close()  # also after a stop: a gzipped output gets its end, the lines written stay readable
    except BatchError as exc:
        outcome = outcome if outcome != "done" else f"stopped: {exc}"
    progress.finish()
    if crawl is not None:
        print(f"axsynth batch: {crawl.summary()}", file=sys.stderr)
    print(f"axsynth batch: {progress.summary(skipped)}; {outcome}", file=sys.stderr)
    if outcome != "done":
        return 130 if outcome.startswith("interrupted") else 1
    return EXIT_PAGE_ERRORS if progress.errors or writer.errors_before else 0


def _not_done(pages, done):
    """The pages that --resume has not found in the output (a page given twice needs two lines)."""
    for page in pages:
        if done[page.key] > 0:
            done[page.key] -= 1
            continue
        yield page


class Progress:
    """Pages done, rate, errors, ETA on one refreshed stderr line (only when stderr is a
    terminal: ``total`` is None otherwise, and nothing is drawn)."""

    def __init__(self, total: int | None, resumed: int) -> None:
        self.total = total - resumed if total is not None else None
        self.draw = sys.stderr.isatty()
        self.resumed = resumed
        self.pages = self.errors = 0
        self.started = time.monotonic()
        self._drawn = 0.0

    def add(self, line: dict) -> None:
        self.pages += 1
        self.errors += not line.get("ok")
        now = time.monotonic()
        if self.draw and now - self._drawn >= 0.2:
            self._drawn = now
            rate = self.pages / max(now - self.started, 1e-9)
            eta = f"  ETA {(self.total - self.pages) / rate:.0f} s" if self.total else ""
            of = f"/{self.total}" if self.total else ""
            sys.stderr.write(f"\r{self.pages}{of} pages  {rate:.1f} pages/s  {self.errors} errors{eta}\033[K")
            sys.stderr.flush()

    def finish(self) -> None:
        if self.draw:
            sys.stderr.write("\r\033[K")

    def summary(self, skipped) -> str:
        elapsed = time.monotonic() - self.started
        parts = [f"{self.pages} pages", f"{self.pages - self.errors} ok", f"{self.errors} errors"]
        if skipped.non_html_records:
            parts.append(f"{skipped.non_html_records} non-HTML records skipped")
        if self.resumed:
            parts.append(f"{self.resumed} already in the output")
        return ", ".join(parts) + f", {elapsed:.1f} s, {self.pages / max(elapsed, 1e-9):.1f} pages/s"


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be >= 1")
    return number
