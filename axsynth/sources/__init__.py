"""Where a page comes from: a file, an MHTML, a web archive (WARC, WACZ), an HTTP(S) URL.

Each source gives the same thing (``Loaded``): the page's bytes, its document URL and
the ``LoadPolicy`` its stylesheets, ``@import``s and frames are read under
(``axsynth.html.resources``, the one home of loading). A source other than the file
system is a *resolver* in that policy: an MHTML's parts, an archive's records, HTTP. A
page reads only what its source serves: an MHTML or an archive never the file system
nor the network, a URL never a file.

>>> from axsynth.sources import load
>>> loaded = load("page.mhtml")  # doctest: +SKIP
>>> loaded.url, loaded.policy.resolver  # doctest: +SKIP
('https://shop.example/', <Mhtml page.mhtml: 4 parts>)

One module per kind: ``mhtml``, ``archive`` (WARC and WACZ), ``http`` (and its cache),
``crawl`` (a site, breadth-first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..html.encoding import decode_document
from ..html.parse import ParseError
from ..html.resources import LoadPolicy, content_type_charset
from ..limits import DEFAULT_MAX_HTML_BYTES

MHTML_SUFFIXES = (".mhtml", ".mht")
WARC_SUFFIXES = (".warc", ".warc.gz")
WACZ_SUFFIXES = (".wacz",)
ARCHIVE_SUFFIXES = WARC_SUFFIXES + WACZ_SUFFIXES


class SourceError(ParseError):
    """A page cannot be had from its source: an MHTML without its parts, an archive
    without the page, a URL that does not answer with a document, the network not
    allowed... (one line: what and why)."""


@dataclass
class Loaded:
    """A page as its source gives it: the bytes, the document URL (the final URL after
    redirects; an MHTML's ``Snapshot-Content-Location``; an archive record's target
    URI), the ``Content-Type`` it came with, and the policy its subresources are read under."""

    url: str
    body: bytes = field(repr=False)
    content_type: str
    policy: LoadPolicy
    #: What names the page among the documents of its frames (a frame may not load it again).
    identity: Path | str | None = None

    @property
    def html(self) -> str | bytes:
        """The page decoded as a browser decodes it: a byte order mark, else the
        Content-Type's charset, else the parser's sniffing (bytes are left to it)."""
        return decode_document(self.body, content_type_charset(self.content_type))


def is_url(target: str | Path) -> bool:
    """Whether a command-line input names a web page rather than a file."""
    return isinstance(target, str) and target[:8].lower().startswith(("http://", "https://"))


def kind_of(target: str | Path, head: bytes | None = None) -> str:
    """``url``, ``mhtml``, ``warc``, ``wacz`` or ``file``: by the name, and for a file not
    named ``.mhtml``/``.mht``, by its first bytes (``head``: a MIME message whose type is
    ``multipart/related`` is an MHTML, whatever its name)."""
    if is_url(target):
        return "url"
    name = str(target).lower()
    if name.endswith(MHTML_SUFFIXES):
        return "mhtml"
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(WACZ_SUFFIXES):
        return "wacz"
    if head is not None:
        from .mhtml import looks_like_mhtml

        if looks_like_mhtml(head):
            return "mhtml"
    return "file"


def load(
    target: str | Path,
    *,
    page: str | None = None,
    network: bool = False,
    archive_view: bool = False,
    max_bytes: int | None = DEFAULT_MAX_HTML_BYTES,
) -> Loaded:
    """The page ``target`` names: an ``http(s)://`` URL (fetched only with ``network``),
    an MHTML, a WARC or WACZ archive (``page``: the URL of the page in it, needed when it
    holds more than one), or an HTML file. SourceError says why not. The entry point of
    everything that reads a page by name (the commands, ``Document.from_*``, navigation)."""
    kind = kind_of(target)
    if kind == "url":
        if not network:
            raise SourceError(f"{target}: fetching from the network is not allowed here")
        from .http import load_url

        return load_url(str(target), max_bytes=max_bytes)
    path = Path(target)
    if kind in ("warc", "wacz"):
        from .archive import load_archive

        return load_archive(path, page, max_bytes=max_bytes)
    if page is not None:
        raise SourceError(f"{target}: --page applies to a web archive (.warc, .warc.gz, .wacz) only")
    data = read_file(path, max_bytes if kind != "mhtml" else mhtml_limit(max_bytes))
    if kind == "mhtml" or kind_of(path, data[:4096]) == "mhtml":
        from .mhtml import load_mhtml

        return load_mhtml(data, str(path), archive_view=archive_view, max_bytes=max_bytes)
    file = path.resolve()
    policy = LoadPolicy.for_page(file.as_uri(), base_dir=file.parent)
    return Loaded(file.as_uri(), data, "", policy, file)


def mhtml_limit(max_bytes: int | None) -> int | None:
    """An MHTML holds the page's images and fonts beside it: it may be 10 times the
    limit on a page (the page's own part still keeps that limit)."""
    return None if max_bytes is None else 10 * max_bytes


def read_file(path: Path, max_bytes: int | None) -> bytes:
    """A page file's bytes, refused past ``max_bytes`` without reading further."""
    from ..limits import read_capped

    if path.is_dir():
        raise ParseError(f"{path} is a directory")
    with open(path, "rb") as stream:
        return read_capped(stream, max_bytes, str(path))
