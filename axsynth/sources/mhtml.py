"""MHTML (RFC 2557, ``multipart/related``): Chrome's "Webpage, Single File" and what
``Page.captureSnapshot`` returns. Read with the standard library's MIME parser.

The root part is the document (the part the ``start`` parameter names, else the first);
its URL is the message's ``Snapshot-Content-Location`` (else the part's
``Content-Location``). Stylesheets, ``@import``s and frames are the parts whose
``Content-Location`` is their URL, or whose ``Content-ID`` a ``cid:`` URL names; each
part is decoded from quoted-printable or base64 when it is read, and served with its
own ``Content-Type`` (so its charset is honoured). Nothing outside the message is ever
read: a URL no part holds is a note ("not in the MHTML").
"""

from __future__ import annotations

import email.parser
import email.policy
import re
from email.message import Message
from pathlib import Path

from ..html.resources import Fetched, LoadPolicy, NotLoaded
from ..limits import DEFAULT_MAX_HTML_BYTES
from . import Loaded, SourceError

#: A MIME header block that announces multipart/related (the first bytes of an MHTML).
_MHTML_HEAD = re.compile(rb"^content-type:[ \t]*multipart/related", re.IGNORECASE | re.MULTILINE)


def looks_like_mhtml(head: bytes) -> bool:
    """Whether the first bytes of a file are a MIME message of type ``multipart/related``
    (its header block, before the first empty line, says so)."""
    headers = re.split(rb"\r?\n\r?\n", head, maxsplit=1)[0]
    return bool(_MHTML_HEAD.search(headers)) and not headers.lstrip()[:1] == b"<"


class Mhtml:
    """The parts of one MHTML message, by ``Content-Location`` and by ``Content-ID``: the
    resolver of its page's (and its frames') subresources."""

    def __init__(self, message: Message, name: str, archive_view: bool = False) -> None:
        self.name = name
        self.archive_view = archive_view
        self.parts = [part for part in message.get_payload() if isinstance(part, Message)]
        self._by_location: dict[str, Message] = {}
        self._by_id: dict[str, Message] = {}
        for part in self.parts:
            location = (part.get("Content-Location") or "").strip()
            if location:
                self._by_location.setdefault(location.partition("#")[0], part)
            content_id = (part.get("Content-ID") or "").strip().strip("<>")
            if content_id:
                self._by_id.setdefault(content_id, part)
        self.root = self._root(message)
        #: Where Chrome says the page was (the document URL), else the root part's location.
        self.location = (message.get("Snapshot-Content-Location") or "").strip() or location_of(self.root, "")

    def __repr__(self) -> str:
        return f"<Mhtml {self.name}: {len(self.parts)} parts>"

    def _root(self, message: Message) -> Message:
        start = (message.get_param("start") or "").strip().strip("<>")
        if start and start in self._by_id:
            return self._by_id[start]
        if not self.parts:
            raise SourceError(f"{self.name}: an MHTML without any part")
        return self.parts[0]

    def part(self, url: str) -> Message:
        """The part a URL names (``cid:`` a Content-ID, else a Content-Location); NotLoaded
        when the message holds none."""
        url = url.partition("#")[0]
        found = self._by_location.get(url)  # Chrome names a serialized <style> "cid:css-…" by location
        if found is None and url[:4].lower() == "cid:":
            found = self._by_id.get(url[4:].strip("<>"))
        if found is None:
            raise NotLoaded("not in the MHTML (the page was saved without it)", "missing")
        return found

    def fetch(self, url: str, limit: int) -> Fetched:
        part = self.part(url)
        location = location_of(part, url)
        serialized_style = part.get_content_type() == "text/css" and location[:4].lower() == "cid:"
        if serialized_style and not self.archive_view:
            # A serialized <style>: as the page that was saved, its URLs resolve against the
            # page's (Chromium, opening the archive, resolves them against "cid:…": to nothing).
            location = self.location or location
        return Fetched(location, body_of(part, limit), part.get("Content-Type", ""))


def location_of(part: Message, url: str) -> str:
    """A part's URL: its Content-Location, else the URL it was asked by (``cid:…``)."""
    return (part.get("Content-Location") or "").strip() or url.partition("#")[0]


def body_of(part: Message, limit: int) -> bytes:
    """A part's bytes, decoded from its Content-Transfer-Encoding; NotLoaded over ``limit``."""
    if part.is_multipart():
        raise NotLoaded("a multipart part, not a document or a stylesheet")
    raw = part.get_payload()
    if isinstance(raw, str) and len(raw) > 2 * limit + 1024:  # encoded text is at most ~1.4x the bytes
        raise NotLoaded(f"a part over the limit of {limit:,} bytes")
    body = part.get_payload(decode=True) or b""
    if len(body) > limit:
        raise NotLoaded(f"{len(body):,} bytes, over the limit of {limit:,}")
    return body


def parse(data: bytes, name: str, archive_view: bool = False) -> Mhtml:
    """The parts of an MHTML; SourceError when it is not one (no boundary, not multipart)."""
    message = email.parser.BytesParser(policy=email.policy.compat32).parsebytes(data)
    if message.get_content_type() != "multipart/related":
        raise SourceError(f"{name}: not an MHTML (its type is {message.get_content_type()}, not multipart/related)")
    if not message.is_multipart() or message.get_boundary() is None:
        raise SourceError(f"{name}: a damaged MHTML (its multipart/related type names no boundary, or no part)")
    return Mhtml(message, name, archive_view)


def load_mhtml(
    data: bytes, name: str, *, archive_view: bool = False, max_bytes: int | None = DEFAULT_MAX_HTML_BYTES
) -> Loaded:
    """The page an MHTML holds, read as the page that was saved (``archive_view``: as
    Chromium shows the opened archive, every form control disabled)."""
    archive = parse(data, name, archive_view)
    root = archive.root
    own = Path(name).resolve().as_uri() if name != "-" else "about:blank"
    saved = archive.location or own
    # Opened in Chromium, the document is at the archive's own URL; its base URL is where
    # the page was saved from (DocumentLoader overrides it with the main resource's URL).
    url = own if archive_view else saved
    try:
        body = body_of(root, max_bytes if max_bytes is not None else len(data))
    except NotLoaded as why:
        raise SourceError(f"{name}: its page: {why}") from None
    policy = LoadPolicy(resolver=archive, archive_view=archive_view, location=saved)
    return Loaded(url, body, root.get("Content-Type", "text/html"), policy, location_of(root, saved))
