"""What ``axsynth batch`` reads: files, directories, globs, ``@list`` files and web archives,
expanded in input order into pages (each one line of output)."""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generator, Iterable, Iterator

from ..sources import is_url

HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".mhtml", ".mht")
WARC_SUFFIXES = (".warc", ".warc.gz")
WACZ_SUFFIXES = (".wacz",)


@dataclass
class Page:
    """One page to snapshot: a file, or an HTML record of a web archive (its payload
    already read, with the URL and the charset of its HTTP headers).  ``error`` is set
    when the page is known to be bad before any work (a duplicate input, a cut archive)."""

    source: str
    offset: int | None = None  # a WARC record's byte offset in its (compressed) file
    record_id: str | None = None
    url: str | None = None
    payload: bytes | None = field(default=None, repr=False)
    charset: str | None = None
    error: str | None = None
    root: str | None = None  # no stylesheet or frame outside this directory is read (--root)
    captured: str | None = None  # an archive record's WARC-Date (its subresources: the captures closest to it)
    archived: bool = False  # a page of a WACZ, read in the worker (payload None)
    remote: bool = False  # an http(s) URL, fetched in the worker
    crawl: bool = False  # found by a crawl: its line brings back the page's links ("links", taken off)

    @property
    def key(self) -> tuple[str, int | None]:
        """What identifies the page among the lines of an output file (for --resume)."""
        return self.source, self.offset

    @property
    def document_url(self) -> str | None:
        """The page's URL: its archive record's target URI (None for an error about the
        archive itself), or its file's ``file://`` URI (as ``snapshot``)."""
        if self.url is not None or self.source.endswith(WARC_SUFFIXES + WACZ_SUFFIXES):
            return self.url
        return Path(os.path.abspath(self.source)).as_uri()

    def identity(self) -> dict:
        """The fields that open the page's output line."""
        line: dict = {"source": self.source}
        if self.offset is not None:
            line["offset"] = self.offset
            line["record_id"] = self.record_id
        return line


@dataclass
class Skipped:
    """Counts of archive records that are not pages (requests, metadata, images, ...)."""

    non_html_records: int = 0


def confined(pages: Iterable[Page], root: str | None) -> Iterator[Page]:
    """The pages, each to read its stylesheets and frames under ``root`` (None: anywhere)."""
    for page in pages:
        page.root = root
        yield page


def line_key(line: dict) -> tuple[str, int | None]:
    """``Page.key`` of an output line."""
    return line["source"], line.get("offset")


def expand(inputs: Iterable[str], skipped: Skipped) -> Iterator[Page]:
    """Every page of the inputs, in order.  An input that names nothing, or a page
    named twice, is a page with an error: it still gets its line."""
    seen: set[Path | str] = set()
    for path in _paths(inputs):
        if isinstance(path, Page):
            if path.remote:
                if path.url in seen:
                    yield Page(path.source, error=f"duplicate input: {path.source} is already in this batch")
                    continue
                seen.add(path.url)
            yield path
            continue
        resolved = Path(os.path.abspath(path))
        if resolved in seen:
            yield Page(str(path), error=f"duplicate input: {path} is already in this batch")
            continue
        seen.add(resolved)
        if str(path).endswith(WARC_SUFFIXES):
            from .warc import archive_pages  # only a batch over archives needs the WARC library

            yield from archive_pages(str(path), skipped)
        elif str(path).endswith(WACZ_SUFFIXES):
            from .warc import wacz_pages

            yield from wacz_pages(str(path))
        else:
            yield Page(str(path))


def count_files(inputs: Iterable[str]) -> int | None:
    """How many pages the inputs hold, or None when an archive is among them (its
    records are counted only as they are read)."""
    total = 0
    for path in _paths(inputs):
        if not isinstance(path, Page) and str(path).endswith(WARC_SUFFIXES + WACZ_SUFFIXES):
            return None
        total += 1
    return total


def _paths(inputs: Iterable[str], lists: bool = True) -> Iterator[Path | Page]:
    for spec in inputs:
        if is_url(spec):
            yield Page(spec, url=spec.partition("#")[0], remote=True)
        elif lists and spec.startswith("@"):
            yield from _list_file(spec[1:])
        elif Path(spec).is_dir():
            found = yield from _directory(Path(spec))
            if not found:
                kinds = ".html, .htm, .xhtml, .mhtml, .mht, .warc, .warc.gz or .wacz"
                yield Page(spec, error=f"{spec}: no {kinds} file in this directory")
        elif glob.has_magic(spec) and not Path(spec).exists():
            matches = sorted(glob.glob(spec, recursive=True))
            if not matches:
                yield Page(spec, error=f"{spec}: no file matches this pattern")
            for match in matches:
                yield from _directory(Path(match)) if Path(match).is_dir() else [Path(match)]
        else:
            yield Path(spec)  # a missing or unreadable file gets its error line from the worker


def _directory(root: Path) -> Generator[Path, None, int]:
    """The HTML files and archives under a directory, recursively, in a stable (sorted)
    order; returns how many."""
    found = 0
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(HTML_SUFFIXES + WARC_SUFFIXES + WACZ_SUFFIXES):
                found += 1
                yield Path(folder) / name
    return found


def _list_file(name: str) -> Iterator[Path | Page]:
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        yield Page(f"@{name}", error=f"@{name}: cannot read the list ({getattr(exc, 'strerror', None) or exc})")
        return
    entries = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    yield from _paths(entries, lists=False)  # a list names pages, not more lists
