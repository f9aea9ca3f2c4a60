"""Web archives that bring a page's resources: WARC (1.0/1.1, plain or gzipped) and WACZ
(a zip of ``archive/*.warc(.gz)`` with ``pages/pages.jsonl`` naming its pages), read
with warcio.

An archive is indexed once per process (by URL: each capture's date, record offset,
status, ``Location``, ``Content-Type``, payload digest), and a page's stylesheets,
``@import``s and frames are read from it by URL: the capture closest in time to the
page's, a ``revisit`` record resolved to the capture whose payload it repeats, a
redirect (3xx and ``Location``) followed within the archive, the record's
``Content-Type`` charset honoured. Nothing is fetched from the network, nothing read
outside the archive. A record cut short is refused whole (a cut stylesheet would apply
a silently different half).
"""

from __future__ import annotations

import functools
import json
import os
import zipfile
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Iterator

from ..html.resources import Fetched, LoadPolicy, NotLoaded
from ..html.urls import join
from ..limits import DEFAULT_MAX_HTML_BYTES
from . import WACZ_SUFFIXES, Loaded, SourceError

HTML_TYPES = ("text/html", "application/xhtml+xml")
#: Redirects followed within an archive before giving up (Chromium follows 20 on the web).
MAX_REDIRECTS = 20
#: Records indexed in one archive at most (about 300 bytes of memory each).
MAX_RECORDS = 2_000_000
#: A WACZ member that inflates more than this many times its stored size, past
#: MIN_BOMB_BYTES, is refused as a zip bomb (WACZ stores its WARCs uncompressed, and a
#: gzipped WARC does not deflate again).
MAX_INFLATION = 20
MIN_BOMB_BYTES = 100_000_000
#: pages/pages.jsonl read at most.
MAX_PAGES_LIST_BYTES = 50_000_000


@dataclass(frozen=True)
class Capture:
    """One ``response``, ``resource`` or ``revisit`` record of a URL, without its payload."""

    url: str
    date: str  # WARC-Date
    kind: str  # response, resource or revisit
    member: str | None  # the WARC inside a WACZ; None in a WARC file
    offset: int  # of the record in its (compressed) file
    status: int | None  # the HTTP status (None: a resource record)
    location: str | None  # the Location header of a redirect
    content_type: str
    digest: str | None  # WARC-Payload-Digest
    refers_to: tuple[str, str] | None  # a revisit's WARC-Refers-To-Target-URI and -Date

    @property
    def is_redirect(self) -> bool:
        return self.status is not None and 300 <= self.status < 400 and bool(self.location)


def target_uri(value: str | None) -> str:
    """A WARC-Target-URI as a lookup key: WARC 1.0's angle brackets and the fragment removed."""
    return (value or "").strip().strip("<>").partition("#")[0]


def cut_short(records, record) -> bool:
    """Whether a record (read to its end) lacks bytes: no Content-Length (its header
    block was cut), fewer bytes than it declares, or a gzip member without its end."""
    if record.rec_headers.get_header("Content-Length") is None or getattr(record.raw_stream, "limit", 0) > 0:
        return True
    decompressor = records.reader.decompressor
    return decompressor is not None and not getattr(decompressor, "eof", True)


class ArchiveIndex:
    """Every capture of a WARC or WACZ, by URL; and a WACZ's list of pages."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.captures: dict[str, list[Capture]] = {}
        self.by_digest: dict[str, Capture] = {}
        self.notes: list[str] = []
        self.pages: list[dict] | None = None  # a WACZ's pages.jsonl entries
        self.cut: set[str] = set()  # URLs whose record is cut short (an archive's last, damaged record)
        self.records = 0
        if str(path).lower().endswith(WACZ_SUFFIXES):
            self._index_wacz()
        else:
            with open(path, "rb") as stream:
                self._index(stream, None)

    def __repr__(self) -> str:
        return f"<ArchiveIndex {self.path.name}: {self.records} records>"

    def _index_wacz(self) -> None:
        try:
            with zipfile.ZipFile(self.path) as package:
                members = [m for m in package.infolist() if _is_warc_member(m.filename)]
                if not members:
                    raise SourceError(f"{self.path}: a WACZ without any archive/*.warc(.gz)")
                for member in members:
                    why = _refused_member(member)
                    if why:
                        self.notes.append(f"{member.filename} not read: {why}")
                        continue
                    with package.open(member) as stream:
                        self._index(stream, member.filename)
                self.pages = _pages_list(package, self.path)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError) as exc:
            raise SourceError(f"{self.path}: not a readable WACZ (a zip file): {exc}") from None

    def _index(self, stream: IO[bytes], member: str | None) -> None:
        from warcio.archiveiterator import ArchiveIterator
        from warcio.exceptions import ArchiveLoadFailed

        where = f"{self.path}" + (f" ({member})" if member else "")
        records = ArchiveIterator(stream)
        try:
            for record in records:
                capture = _capture(record, member, records.get_record_offset())
                try:
                    records.read_to_end()
                    damaged = cut_short(records, record)
                except (EOFError, ValueError, OSError, zlib.error):  # its gzip member ends too soon
                    damaged = True
                if damaged:
                    self.notes.append(f"{where}: cut short at byte {records.get_record_offset():,}")
                    if capture is not None:
                        self.cut.add(capture.url)
                    return
                if capture is not None:
                    self._add(capture)
                if self.records >= MAX_RECORDS:
                    self.notes.append(f"{where}: only the first {MAX_RECORDS:,} records are indexed")
                    return
        except (ArchiveLoadFailed, EOFError, ValueError, OSError) as exc:
            self.notes.append(f"{where}: damaged after its last complete record ({' '.join(str(exc).split())})")

    def _add(self, capture: Capture) -> None:
        self.records += 1
        self.captures.setdefault(capture.url, []).append(capture)
        if capture.kind != "revisit" and capture.digest and not capture.is_redirect:
            self.by_digest.setdefault(capture.digest, capture)

    def closest(self, url: str, date: str | None) -> Capture | None:
        """The capture of ``url`` closest in time to ``date`` (the first one without a date);
        a capture that is not a failed fetch (4xx, 5xx) is preferred."""
        found = self.captures.get(target_uri(url))
        if not found:
            return None
        good = [c for c in found if c.status is None or c.status < 400] or found
        if date is None:
            return good[0]
        when = _instant(date)
        return min(good, key=lambda c: abs((_instant(c.date) - when).total_seconds()))

    def original(self, revisit: Capture) -> Capture:
        """The capture whose payload a revisit record repeats: by its payload digest, else by
        WARC-Refers-To-Target-URI and -Date."""
        found = self.by_digest.get(revisit.digest) if revisit.digest else None
        if found is None and revisit.refers_to is not None:
            uri, date = revisit.refers_to
            candidate = self.closest(uri, date or None)
            found = candidate if candidate is not None and candidate.kind != "revisit" else None
        if found is None:
            raise NotLoaded("a revisit record whose original capture is not in the archive", "missing")
        return found

    def payload(self, capture: Capture, limit: int) -> bytes:
        """A capture's payload (HTTP body, dechunked and decoded as warcio gives it), at most
        ``limit`` bytes; NotLoaded when it is larger or its record is cut short."""
        from warcio.archiveiterator import ArchiveIterator

        with self._open(capture.member) as stream:
            stream.seek(capture.offset)
            records = ArchiveIterator(stream)
            record = next(iter(records))
            body = record.content_stream().read(limit + 1)
            if len(body) > limit:
                raise NotLoaded(f"over the limit of {limit:,} bytes")
            records.read_to_end()
            if cut_short(records, record):
                raise NotLoaded("its archive record is cut short (not applied: it would be a different half)")
        return body

    def _open(self, member: str | None):
        if member is None:
            return open(self.path, "rb")
        package = zipfile.ZipFile(self.path)
        return _Closing(package.open(member), package)

    def html_pages(self) -> list[Capture]:
        """The pages of the archive: what a WACZ's pages.jsonl lists (their captures), else
        every HTML response that is not a redirect or an error."""
        if self.pages is not None:
            listed = [self.closest(p["url"], p.get("ts")) for p in self.pages]
            return [c for c in listed if c is not None]
        return [
            c
            for captures in self.captures.values()
            for c in captures
            if c.kind != "revisit" and not c.is_redirect and (c.status or 200) < 400 and _is_html(c.content_type)
        ]


class _Closing:
    """A zip member's stream that closes its zip file too."""

    def __init__(self, stream: IO[bytes], package: zipfile.ZipFile) -> None:
        self.stream, self.package = stream, package

    def __enter__(self) -> IO[bytes]:
        return self.stream

    def __exit__(self, *exc) -> None:
        self.stream.close()
        self.package.close()


class ArchiveResolver:
    """A page's view of its archive: every URL is its capture closest in time to the
    page's, revisits resolved, redirects followed."""

    def __init__(self, index: ArchiveIndex, date: str | None) -> None:
        self.index, self.date = index, date

    def __repr__(self) -> str:
        return f"<ArchiveResolver {self.index.path.name} at {self.date}>"

    def fetch(self, url: str, limit: int) -> Fetched:
        capture, final = self.find(url)
        payload = self.index.original(capture) if capture.kind == "revisit" else capture
        return Fetched(final, self.index.payload(payload, limit), capture.content_type or payload.content_type)

    def find(self, url: str) -> tuple[Capture, str]:
        """The capture that answers ``url`` after redirects, and the URL it answers at."""
        seen = []
        for _ in range(MAX_REDIRECTS + 1):
            capture = self.index.closest(url, self.date)
            if capture is None and target_uri(url) in self.index.cut:
                raise NotLoaded("its archive record is cut short (not applied: it would be a different half)")
            if capture is None:
                raise NotLoaded("not in the archive (it was not captured)", "missing")
            if not capture.is_redirect:
                return capture, target_uri(url)
            seen.append(target_uri(url))
            url = join(url, capture.location or "")
            if target_uri(url) in seen:
                raise NotLoaded("a redirect loop in the archive")
        raise NotLoaded(f"more than {MAX_REDIRECTS} redirects in the archive")


@functools.lru_cache(maxsize=4)
def _index_of(path: str, mtime_ns: int, size: int) -> ArchiveIndex:
    return ArchiveIndex(Path(path))


def archive_index(path: Path) -> ArchiveIndex:
    """The index of an archive, built once per process (and again when the file changes)."""
    try:
        import warcio  # noqa: F401
    except ImportError:
        raise SourceError(f"{path}: reading web archives needs warcio (pip install 'axsynth[warc]')") from None
    try:
        info = os.stat(path)
    except OSError as exc:
        raise SourceError(f"{path}: {exc.strerror or exc}") from None
    if not os.path.isfile(path):
        raise SourceError(f"{path}: not a regular file")
    return _index_of(str(Path(path).resolve()), info.st_mtime_ns, info.st_size)


def load_archive(
    path: Path, url: str | None, *, date: str | None = None, max_bytes: int | None = DEFAULT_MAX_HTML_BYTES
) -> Loaded:
    """The page at ``url`` in an archive (the one page when it holds one), with the
    resolver of its subresources; SourceError says why not."""
    index = archive_index(path)
    if url is None:
        pages = index.html_pages()
        if len(pages) != 1:
            listed = ", ".join(sorted({c.url for c in pages})[:5]) + (", ..." if len(pages) > 5 else "")
            raise SourceError(
                f"{path}: holds {len(pages)} pages; name one with --page URL"
                + (f" (Python: url=...): {listed}" if pages else "")
            )
        url, date = pages[0].url, date or pages[0].date
    elif date is None and index.pages is not None:
        date = next((p.get("ts") for p in index.pages if target_uri(p.get("url")) == target_uri(url)), None)
    resolver = ArchiveResolver(index, date)
    try:
        capture, final = resolver.find(url)
        if date is None:
            resolver.date = capture.date
        page = resolver.fetch(final, max_bytes if max_bytes is not None else 1 << 62)
    except NotLoaded as why:
        raise SourceError(f"{path}: the page {url}: {why}") from None
    return Loaded(page.url, page.body, page.content_type, LoadPolicy(resolver=resolver), page.url)


def record_page(path: Path, url: str, date: str | None, payload: bytes, content_type: str) -> Loaded:
    """A page whose record was already read (``axsynth batch`` reads each HTML record of a
    WARC as a page), with the resolver of its subresources in the same archive."""
    resolver = ArchiveResolver(archive_index(path), date)
    return Loaded(url, payload, content_type, LoadPolicy(resolver=resolver), target_uri(url))


def wacz_pages(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, entry) of each page a WACZ's pages.jsonl lists."""
    index = archive_index(path)
    for number, entry in enumerate(index.pages or []):
        yield number, entry


def _capture(record, member: str | None, offset: int) -> Capture | None:
    kind = record.rec_type
    if kind not in ("response", "resource", "revisit"):
        return None
    headers = record.rec_headers
    http = record.http_headers
    if kind == "response" and http is None:  # not an HTTP response (dns:, whois:...)
        return None
    status = None
    if http is not None and http.get_statuscode():
        try:
            status = int(http.get_statuscode())
        except ValueError:
            status = None
    refers = headers.get_header("WARC-Refers-To-Target-URI")
    return Capture(
        url=target_uri(headers.get_header("WARC-Target-URI")),
        date=headers.get_header("WARC-Date") or "",
        kind=kind,
        member=member,
        offset=offset,
        status=status,
        location=http.get_header("Location") if http is not None else None,
        content_type=(http.get_header("Content-Type") if http is not None else headers.get_header("Content-Type"))
        or "",
        digest=headers.get_header("WARC-Payload-Digest"),
        refers_to=(target_uri(refers), headers.get_header("WARC-Refers-To-Date") or "") if refers else None,
    )


def _is_html(content_type: str) -> bool:
    media_type = content_type.partition(";")[0].strip().lower()
    return not media_type or media_type in HTML_TYPES


def _is_warc_member(name: str) -> bool:
    return name.startswith("archive/") and name.lower().endswith((".warc", ".warc.gz"))


def _refused_member(member: zipfile.ZipInfo) -> str | None:
    if member.file_size > MIN_BOMB_BYTES and member.file_size > MAX_INFLATION * max(member.compress_size, 1):
        return (
            f"it inflates {member.compress_size:,} bytes to {member.file_size:,} "
            f"(over {MAX_INFLATION}x: refused as a zip bomb)"
        )
    return None


def _pages_list(package: zipfile.ZipFile, path: Path) -> list[dict]:
    """The entries of pages/pages.jsonl (its header line, which has no url, left out)."""
    try:
        info = package.getinfo("pages/pages.jsonl")
    except KeyError:
        raise SourceError(f"{path}: a WACZ without pages/pages.jsonl") from None
    why = _refused_member(info)
    if why or info.file_size > MAX_PAGES_LIST_BYTES:
        raise SourceError(f"{path}: pages/pages.jsonl not read: {why or f'over {MAX_PAGES_LIST_BYTES:,} bytes'}")
    with package.open(info) as stream:
        text = stream.read(MAX_PAGES_LIST_BYTES + 1).decode("utf-8", "replace")
    pages = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("url"), str):
            pages.append(entry)
    return pages


def _instant(date: str) -> datetime:
    """A WARC-Date (ISO 8601) or a 14-digit timestamp as a moment; the epoch when unreadable."""
    text = (date or "").strip()
    try:
        if text.isdigit() and len(text) >= 8:
            return datetime.strptime(text[:14].ljust(14, "0"), "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    except ValueError:
        return datetime(1970, 1, 1, tzinfo=timezone.utc)
