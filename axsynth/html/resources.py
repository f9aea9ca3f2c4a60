"""A page's subresources (stylesheets, their @imports, child frames) read from local
files as Chromium would fetch them, never from the network: the one home of the
loading policy, so stylesheets and frames agree on what is read and why not.

A URL is resolved against the document's base URL (``<base href>`` included), then
mapped to a file by the page's :class:`LoadPolicy`:

* a ``file:`` page (``Document.from_file``, or HTML given with ``base_dir``) reads
  every ``file:`` URL, in any folder, as Chromium does;
* a site build (``site_root`` with the page's ``url``) maps the URLs under
  ``site_url`` (default: the origin of ``url``) to files under ``site_root``, as a
  static server would, root-relative ``/css/app.css`` included;
* a page with a web URL read from a file maps the URLs under the page's own
  directory URL to files under that directory (no site root to reach further);
* a page from a *source* (an MHTML's parts, a web archive's records, HTTP:
  ``axsynth.sources``) reads what that source's resolver serves, and nothing else;
* everything else (remote URLs, other schemes) is not read, with a note.

Untrusted input is confined by an explicit ``root``: a file that resolves outside it
(through ``..`` or a symbolic link) is refused. Files are resolved before any check,
non-regular files (FIFOs, devices, directories) are refused without being opened
for a read, and sizes are capped (refused whole, never cut: a cut stylesheet would
apply a silently different half).
"""

from __future__ import annotations

import base64
import mimetypes
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, unquote_to_bytes, urlsplit

from .dom import Document
from .urls import join, resolve

#: A stylesheet (or @import) file larger than this is not read (a note says so).
MAX_STYLESHEET_BYTES = 10_000_000
#: All the stylesheets one document reads, @imports included, at most.
MAX_DOCUMENT_CSS_BYTES = 20_000_000
#: A child frame's document larger than this is not read.
MAX_FRAME_BYTES = 20_000_000
#: @import chains deeper than this are not followed (Chromium stops at cycles only;
#: a bound keeps a generated chain of distinct files finite).
MAX_IMPORT_DEPTH = 16
#: @import rules one document follows at most (a sheet importing another twice, at
#: every level, would otherwise grow exponentially).
MAX_IMPORTS = 256

_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})


class NotLoaded(Exception):
    """A resource that is not part of the page; the message says why, ``code`` names it
    (missing, outside_root, not_a_file, unreadable, or refused for any other reason)."""

    def __init__(self, reason: str, code: str = "refused") -> None:
        super().__init__(reason)
        self.code = code


@dataclass(frozen=True)
class Fetched:
    """A subresource as it was served: its final URL (after redirects), its bytes, its
    ``Content-Type`` ("" when none was given: a file) and, for a file, the file."""

    url: str
    body: bytes = field(repr=False)
    content_type: str = ""
    file: Path | None = None
    status: int | None = None  # the HTTP status (None: not from HTTP, or not recorded)

    @property
    def media_type(self) -> str:
        return self.content_type.partition(";")[0].strip().lower()

    @property
    def charset(self) -> str | None:
        """The ``charset`` parameter of the Content-Type (the protocol's encoding label)."""
        return content_type_charset(self.content_type)

    @property
    def identity(self) -> Path | str:
        """What names it among the documents of a frame chain (a frame may not load one of them again)."""
        return self.file if self.file is not None else self.url.partition("#")[0]


class Resolver(Protocol):
    """Serves the subresources of a page that has a source other than the file system:
    the parts of an MHTML, the records of a web archive, HTTP (``axsynth.sources``)."""

    def fetch(self, url: str, limit: int) -> Fetched:
        """The resource at an absolute URL, at most ``limit`` bytes; NotLoaded says why not."""
        ...


def content_type_charset(value: str) -> str | None:
    """The ``charset`` parameter of a Content-Type header value, unquoted; None when absent."""
    for param in value.split(";")[1:]:
        name, _, arg = param.partition("=")
        if name.strip().lower() == "charset":
            return arg.strip().strip("\"'") or None
    return None


@dataclass(frozen=True)
class Mount:
    """URLs starting with ``url`` are the files below ``directory``."""

    url: str  # a URL prefix ending in "/" ("file:///" for the whole file system)
    directory: Path  # resolved
    confined: bool  # a static server's root: nothing outside it is served
    kind: str  # "file", "site" or "directory": says why a URL outside it is not read


@dataclass(frozen=True)
class LoadPolicy:
    """Where the subresources of a page and of its frames may be read from.

    >>> LoadPolicy.for_page("https://shop.example/a/p.html", site_root=Path("/srv/shop")).mounts[0].url
    'https://shop.example/'
    """

    mounts: tuple[Mount, ...] = ()
    root: Path | None = None  # every file read must resolve below it
    #: The URL relative references resolve against when the document's own URL cannot
    #: serve (HTML given with a base_dir and no URL: the directory stands for its location;
    #: an opened MHTML: where its page was saved from).
    location: str | None = None
    #: Serves every subresource instead of the mounts (an MHTML, a web archive, HTTP).
    resolver: Resolver | None = field(default=None, compare=False)
    #: The page is shown as Chromium shows an opened archive (MHTML): sandboxed, every
    #: form control disabled.
    archive_view: bool = False

    @classmethod
    def for_page(
        cls,
        url: str | None,
        *,
        base_dir: Path | None = None,
        root: Path | str | None = None,
        site_root: Path | str | None = None,
        site_url: str | None = None,
    ) -> "LoadPolicy":
        """The policy of a top-level page at ``url``; ``base_dir`` is the directory the
        page was read from (or stands for it), ``None`` when it has no location."""
        confine = _directory(root, "root") if root is not None else None
        if site_root is not None:
            prefix = site_url or _origin(url)
            if prefix is None:
                raise ValueError(
                    "site_root needs the page's URL on the site (url='https://site.example/page.html') or site_url"
                )
            prefix = resolve(prefix, prefix if prefix.endswith("/") else prefix + "/") or prefix
            return cls((Mount(prefix, _directory(site_root, "site_root"), True, "site"),), confine)
        if base_dir is None:
            return cls((), confine)
        scheme = urlsplit(url or "").scheme.lower()
        if scheme in ("", "about", "file"):
            location = None if scheme == "file" else base_dir.resolve().as_uri() + "/"
            return cls((Mount("file:///", Path("/"), False, "file"),), confine, location)
        directory_url = join(url, ".") if _origin(url) else None
        if directory_url is None:
            return cls((), confine)
        return cls((Mount(directory_url, base_dir.resolve(), True, "directory"),), confine)

    def locate(self, url: str) -> Path:
        """The file an absolute URL names under this policy; NotLoaded says why none."""
        mount = next((m for m in self.mounts if _under(url, m.url)), None)
        if mount is None:
            raise NotLoaded(self._unmapped(url))
        rest = urlsplit(url).path if mount.kind == "file" else url[len(mount.url) :]
        path = unquote(rest.split("?")[0].split("#")[0])
        if "\0" in path:
            raise NotLoaded("the URL names no file (a NUL character)")
        if mount.kind == "file" and urlsplit(url).netloc not in ("", "localhost"):
            raise NotLoaded("a file: URL on another host (not read)")
        candidate = Path(path) if mount.kind == "file" else mount.directory / path.lstrip("/")
        if mount.confined and (path == "" or path.endswith("/")):
            candidate = candidate / "index.html"  # a static server's answer for a directory
        bounds = [(self.root, "the root")] if self.root is not None else []
        if mount.confined:
            bounds.insert(0, (mount.directory, "the site root" if mount.kind == "site" else "the page's directory"))
        return regular_file(candidate, *bounds)

    def read(self, url: str, limit: int) -> bytes:
        """The bytes an absolute URL names under this policy (a ``data:`` URL's body, a
        source's resource, or a file's), at most ``limit``; NotLoaded says why not. Without
        side effects: what Chromium is served when it draws the page (axsynth.screenshot)
        comes from here too."""
        return self.fetch(url, limit).body

    def fetch(self, url: str, limit: int) -> Fetched:
        """``read``, with the final URL and the Content-Type it was served with."""
        if url[:5].lower() == "data:":
            kind = url[5:].partition(",")[0].strip()
            return Fetched(url, data_url_bytes(url), kind.removesuffix(";base64") or "text/plain")
        if self.resolver is not None:
            return self.resolver.fetch(url, limit)
        file = self.locate(url)
        return Fetched(url, read_regular_file(file, limit), file=file)

    def _unmapped(self, url: str) -> str:
        scheme = urlsplit(url).scheme.lower()
        if scheme == "file":
            if not self.mounts:
                return "no directory to read it from (give base_dir, or --base-dir on the command line)"
            if self.mounts[0].kind == "file":
                return "a file: URL on another host (not read)"
            return "a file: URL in a web page (Chromium does not load it)"
        if scheme not in ("http", "https"):
            return f"a {scheme}: URL (only local files are read)"
        mount = self.mounts[0] if self.mounts else None
        if mount is not None and _origin(url) == _origin(mount.url):
            if mount.kind == "site":
                return f"outside the site URL {mount.url}"
            return "outside the page's directory (give site_root, or --site-root, to read the site's files)"
        return "remote (axsynth reads no network)"


@dataclass
class Loader:
    """One document's view of the policy: its base URL, the files of the frames that
    enclose it (a frame may not load one of them again), its notes and CSS budget."""

    policy: LoadPolicy
    base_url: str
    enclosing: frozenset[Path | str] = frozenset()
    notes: list[str] = field(default_factory=list)
    css_bytes: int = 0
    imports: int = 0

    @classmethod
    def for_document(
        cls,
        policy: LoadPolicy,
        document: Document,
        url: str,
        parent: "Loader | None" = None,
        file: Path | str | None = None,
    ) -> "Loader":
        """The loader of a document at ``url`` (read from ``file``, or named by that URL
        in its source; in a frame of the document ``parent`` loads). Relative references resolve against its base URL:
        ``<base href>`` against the parent's base URL for an ``about:srcdoc`` document, the
        policy's location for HTML given without a URL, else the document's URL."""
        if parent is not None and url == "about:srcdoc":
            fallback = parent.base_url
        elif urlsplit(url).scheme.lower() in ("", "about") or (policy.archive_view and parent is None):
            fallback = policy.location  # an opened archive's base URL is where its page was saved from
        else:
            fallback = None
        enclosing = (parent.enclosing if parent is not None else frozenset()) | ({file} if file else frozenset())
        loader = cls(policy, document_base_url(document, url, fallback), enclosing)
        prefetch = getattr(policy.resolver, "prefetch", None)
        if prefetch is not None:  # a network source: the sheets and frames arrive while the page is styled
            prefetch(loader.subresources(document), MAX_FRAME_BYTES)
        return loader

    def subresources(self, document: Document) -> list[str]:
        """The URLs of the document's linked stylesheets and frames (those worth fetching
        ahead: whether each is used is decided when it is read)."""
        urls = []
        for el in document.iter_elements():
            if el.local_name == "link" and "stylesheet" in el.attrs.get("rel", "").lower().split():
                ref = el.attrs.get("href", "")
            elif el.local_name in ("iframe", "frame") and "srcdoc" not in el.attrs:
                ref = el.attrs.get("src", "")
            else:
                continue
            url = resolve(self.base_url, ref.strip()) if ref.strip() else None
            if url is not None:
                urls.append(url)
        return urls

    def url_of(self, ref: str, base: str | None = None) -> str:
        """``ref`` as an absolute URL (against ``base``, default the document's base URL)."""
        url = resolve(base or self.base_url, ref)
        if url is None or not urlsplit(url).scheme:  # relative to a base that takes none (about:blank)
            if not self.policy.mounts:
                raise NotLoaded("no directory to read it from (give base_dir, or --base-dir on the command line)")
            raise NotLoaded("not a valid URL")
        return url

    def note(self, what: str, ref: str, reason: str) -> None:
        if reason.startswith("missing") and ref.startswith("/") and not ref.startswith("//"):
            if self.base_url.startswith("file:"):
                reason += "; on a file: page a root-relative URL names the file system's root (give --site-root)"
        self.notes.append(f"{what} {ref!r} not loaded: {reason}")

    def stylesheet(self, url: str) -> Fetched:
        """A stylesheet at an absolute URL; NotLoaded says why not (also, as in Chromium, a
        sheet answered with an HTTP error, or served as another type than text/css)."""
        sheet = self.policy.fetch(url, MAX_STYLESHEET_BYTES)
        if sheet.status is not None and sheet.status >= 400:
            raise NotLoaded(f"HTTP {sheet.status}")
        if sheet.content_type and sheet.media_type not in ("text/css", ""):
            raise NotLoaded(f"served as {sheet.media_type}, not text/css (Chromium does not apply it)")
        if self.css_bytes + len(sheet.body) > MAX_DOCUMENT_CSS_BYTES:
            raise NotLoaded(f"the page's stylesheets would pass {MAX_DOCUMENT_CSS_BYTES:,} bytes (the limit)")
        self.css_bytes += len(sheet.body)
        return sheet

    def frame(self, url: str) -> Fetched:
        """A child frame's document (``file`` None unless read from a file); NotLoaded says why not."""
        if url[:5].lower() == "data:":
            kind = url[5:].partition(",")[0].partition(";")[0].strip().lower() or "text/plain"
            if kind not in _HTML_TYPES:
                raise NotLoaded(f"not an HTML document ({kind})")
            return Fetched(url, data_url_bytes(url), kind)
        if self.policy.resolver is not None:
            if url.partition("#")[0] in self.enclosing:
                raise NotLoaded("the page itself or an enclosing frame")
            document = self.policy.resolver.fetch(url, MAX_FRAME_BYTES)
            if document.identity in self.enclosing:  # reached again through a redirect
                raise NotLoaded("the page itself or an enclosing frame")
            if document.media_type and document.media_type not in _HTML_TYPES:
                raise NotLoaded(f"not an HTML document ({document.media_type})")
            return document
        file = self.policy.locate(url)
        if file in self.enclosing:
            raise NotLoaded("the page itself or an enclosing frame")
        guessed = mimetypes.guess_type(file.name)[0]
        if guessed is not None and guessed not in _HTML_TYPES:
            raise NotLoaded(f"not an HTML file ({guessed})")
        return Fetched(url, read_regular_file(file, MAX_FRAME_BYTES), file=file)


def regular_file(candidate: Path, *bounds: tuple[Path, str]) -> Path:
    """The regular file ``candidate`` names, its symbolic links and ``..`` resolved
    before it is checked against each (directory, name) bound; never opened here (a
    FIFO or a device is refused without a read that could block)."""
    file = Path(os.path.realpath(candidate))
    for directory, name in bounds:
        if not file.is_relative_to(directory):
            raise NotLoaded(f"outside {name} {directory}", "outside_root")
    try:
        info = os.stat(file)
    except FileNotFoundError:
        raise NotLoaded(f"missing ({file})", "missing") from None
    except OSError as exc:  # a symbolic link loop, a permission problem
        raise NotLoaded(f"unreadable ({exc.strerror or exc})", "unreadable") from None
    if not stat.S_ISREG(info.st_mode):
        raise NotLoaded(f"not a regular file ({file})", "not_a_file")
    return file


def read_regular_file(file: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Opened without blocking
    and checked again once open (a FIFO swapped in is refused, never waited on); read
    no further than the limit (a file that grows is refused, not read without end)."""
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise NotLoaded(f"unreadable ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotLoaded(f"not a regular file ({file})")
        if info.st_size > limit:
            raise NotLoaded(f"{info.st_size:,} bytes, over the limit of {limit:,}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise NotLoaded(f"over the limit of {limit:,} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise NotLoaded(f"unreadable ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def data_url_bytes(url: str) -> bytes:
    """The body of a ``data:`` URL (Fetch's data: URL processor, without the MIME type)."""
    header, comma, body = url[5:].partition(",")
    if not comma:
        raise NotLoaded("a data: URL without a comma")
    if len(body) > 4 * MAX_STYLESHEET_BYTES:
        raise NotLoaded(f"a data: URL over the limit of {MAX_STYLESHEET_BYTES:,} bytes")
    data = unquote_to_bytes(body)
    if header.rstrip(" ").lower().endswith(";base64"):
        try:
            data = base64.b64decode(b"".join(data.split()), validate=False)
        except ValueError:
            raise NotLoaded("a data: URL with invalid base64") from None
    return data


def document_base_url(document: Document, url: str, fallback: str | None = None) -> str:
    """The document base URL: the first ``<base href>``, resolved against the fallback
    base URL (the document's URL unless told otherwise), else that fallback."""
    fallback = url if fallback is None else fallback
    base = next((e for e in document.iter_elements() if e.local_name == "base" and e.is_html and e.has("href")), None)
    if base is None:
        return fallback
    href = base.attrs["href"].strip()
    try:
        return join(fallback, href)
    except ValueError:
        return href  # invalid (say "http://[bad/"): relative URLs then resolve to none


def _under(url: str, prefix: str) -> bool:
    return url[: len(prefix)].lower() == prefix.lower() if prefix.startswith("file:") else url.startswith(prefix)


def _origin(url: str | None) -> str | None:
    """``scheme://host[:port]/`` of a web URL, None for other URLs."""
    parts = urlsplit(url or "")
    if parts.scheme.lower() in ("", "about", "file", "data", "blob") or not parts.netloc:
        return None
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}/"


def _directory(path: Path | str, what: str) -> Path:
    directory = Path(path).resolve()
    if not directory.is_dir():
        raise NotADirectoryError(f"{what} {path}: not a directory")
    return directory
