"""The HTML pages of a web archive (WARC 1.0/1.1, plain or gzipped), read with warcio.

A ``response`` record whose HTTP ``Content-Type`` is HTML (or absent) is a page: its
target URI is the document URL, and the charset of its ``Content-Type`` decides the
encoding (as in a browser, a byte order mark still wins).  Other records are counted
as skipped.  An archive cut short keeps the pages before the cut, then gets one error line.
"""

from __future__ import annotations

import os
from typing import Iterator

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
                if _cut_short(records, record):
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


def _cut_short(records, record) -> bool:
    """Whether a record (read to its end) lacks bytes: no Content-Length (its header
    block was cut), fewer bytes than it declares, or a gzip member without its end."""
    if record.rec_headers.get_header("Content-Length") is None or getattr(record.raw_stream, "limit", 0) > 0:
        return True
    decompressor = records.reader.decompressor
    return decompressor is not None and not getattr(decompressor, "eof", True)


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
    media_type, charset = _parse_content_type(content_type or "")
    if media_type and media_type not in HTML_TYPES:
        return None
    if record.rec_type == "response" and headers is None:  # not an HTTP response (dns:, whois:...)
        return None
    payload = record.content_stream().read()
    return Page(
        path,
        offset=records.get_record_offset(),
        record_id=record.rec_headers.get_header("WARC-Record-ID"),
        url=record.rec_headers.get_header("WARC-Target-URI"),
        payload=payload,
        charset=charset,
    )


def _parse_content_type(value: str) -> tuple[str, str | None]:
    media_type, _, params = value.partition(";")
    charset = None
    for param in params.split(";"):
        name, _, arg = param.partition("=")
        if name.strip().lower() == "charset":
            charset = arg.strip().strip("\"'") or None
    return media_type.strip().lower(), charset


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
