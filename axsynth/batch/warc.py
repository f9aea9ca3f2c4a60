"""The HTML pages of a web archive (WARC 1.0/1.1, plain or gzipped), read with warcio.

A ``response`` record whose HTTP ``Content-Type`` is HTML (or absent) is a page: its
target URI is the document URL, and the charset of its ``Content-Type`` decides the
encoding (as in a browser, a byte order mark still wins). Its stylesheets and frames are
read from the same archive (``axsynth.sources.archive``). A WACZ's pages are those its
``pages/pages.jsonl`` lists.  Other records are counted
as skipped.  An archive cut short keeps the pages before the cut, then gets one error line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from ..html.resources import content_type_charset
from ..sources.archive import cut_short
from .sources import Page, Skipped

HTML_TYPES = ("text/html", "application/xhtml+xml")


def archive_pages(path: str, skipped: Skipped) -> Iterator[Page]:
    try:
        from warcio.archiveiterator import ArchiveIterator
        from warcio.exceptions import ArchiveLoadFailed
    except ImportError:
        yield Page(path, error=f"{path}: reading web archives needs warcio (pip install 'axsynth[warc]')")
        return
    try:
        with open(path, "rb") as stream:
            records = ArchiveIterator(stream)
            for record in records:
                page = _page(path, records, record)
                records.read_to_end()
                if cut_short(records, record):
                    yield _cut(path, records.get_record_offset(), os.fstat(stream.fileno()).st_size)
                    return
                if page is not None:
                    yield page
                elif record.rec_type in ("response", "resource"):
                    skipped.non_html_records += 1
            end, size = records.offset, os.fstat(stream.fileno()).st_size
    except OSError as exc:
        yield Page(path, error=f"{path}: {exc.strerror or exc}")
    except (ArchiveLoadFailed, EOFError, ValueError) as exc:  # a damaged gzip member or record header
        yield Page(path, error=f"{path}: the archive is damaged after its last complete record ({_one_line(exc)})")
    else:
        if end < size:  # warcio stops quietly before a record cut inside its headers
            yield _cut(path, end, size)


def _cut(path: str, offset: int, size: int) -> Page:
    return Page(
        path,
        offset=offset,
        error=f"{path}: the archive is cut short or damaged at byte {offset:,} of "
        f"{size:,}; the records before it were read",
    )


def _page(path: str, records, record) -> Page | None:
    if record.rec_type not in ("response", "resource"):
        return None
    headers = record.http_headers
    content_type = (
        headers.get_header("Content-Type") if headers is not None else record.rec_headers.get_header("Content-Type")
    )
    media_type = (content_type or "").partition(";")[0].strip().lower()
    if media_type and media_type not in HTML_TYPES:
        return None
    if record.rec_type == "response" and headers is None:  # not an HTTP response (dns:, whois:...)
        return None
    if headers is not None and headers.get_statuscode()[:1] == "3" and headers.get_header("Location"):
        return None  # a redirect: its target is the page
    payload = record.content_stream().read()
    return Page(
        path,
        offset=records.get_record_offset(),
        record_id=record.rec_headers.get_header("WARC-Record-ID"),
        url=record.rec_headers.get_header("WARC-Target-URI"),
        payload=payload,
        charset=content_type_charset(content_type or ""),
        captured=record.rec_headers.get_header("WARC-Date"),
    )


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def wacz_pages(path: str) -> Iterator[Page]:
    """The pages a WACZ's pages/pages.jsonl lists, each known by its line number there."""
    from ..sources import SourceError
    from ..sources.archive import wacz_pages as listed

    try:
        for number, entry in listed(Path(path)):
            yield Page(path, offset=number, url=entry["url"], captured=entry.get("ts"), archived=True)
    except SourceError as exc:
        yield Page(path, error=str(exc))
