"""HTTP(S) pages and their subresources, fetched with urllib3 (README, "Dependencies").

One ``Client`` per process: keep-alive connection pools, a cache of the subresources a
batch repeats (stylesheets above all), and threads that fetch a page's stylesheets and
frames in parallel as soon as the page is parsed (``prefetch``). Every response is
bounded: a connect and a read timeout, a deadline for the whole response (a server that
trickles a byte a second is cut off, headers included), a size cap checked against
``Content-Length`` before reading and against the bytes read (after gzip, deflate or
brotli decoding: a compression bomb stops at the cap). Redirects are followed by hand,
at most 20 (Chromium's limit), only to ``http:`` and ``https:``; the final URL is the
document's URL, as in Chromium. Requests say ``User-Agent: axsynth/VERSION``.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Iterable
from urllib.parse import urlsplit

from ..html.resources import Fetched, LoadPolicy, NotLoaded
from ..html.urls import join
from ..limits import DEFAULT_MAX_HTML_BYTES
from ..version import __version__
from . import Loaded, SourceError

USER_AGENT = f"axsynth/{__version__} (accessibility tree without a browser)"
CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 20.0  # between two reads of the socket
DEADLINE = 30.0  # for one whole response, headers and body
MAX_REDIRECTS = 20
#: Bytes of subresources the cache keeps (least recently used out first).
CACHE_BYTES = 64_000_000
#: Subresources fetched at once for one process.
PARALLEL_FETCHES = 8
HTML_TYPES = ("text/html", "application/xhtml+xml")
_CHUNK = 1 << 16


class _Watchdog:
    """Enforces each response's deadline: a connection still busy past it has its socket
    shut down, so the read blocked on it returns at once (socket timeouts alone bound
    one read, not a response trickled a byte at a time)."""

    def __init__(self) -> None:
        self._busy: dict[int, tuple[socket.socket, float]] = {}  # thread id -> (socket, deadline)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.local = threading.local()

    def watch(self, sock: socket.socket | None) -> None:
        """Watch the socket of this thread's request (sent, its answer yet to read)."""
        deadline = getattr(self.local, "deadline", None)
        if deadline is None or sock is None:
            return
        with self._lock:
            self._busy[threading.get_ident()] = (sock, deadline)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="axsynth-http-deadline", daemon=True)
                self._thread.start()

    def done(self) -> None:
        with self._lock:
            self._busy.pop(threading.get_ident(), None)

    def _run(self) -> None:
        while True:
            time.sleep(0.2)
            now = time.monotonic()
            with self._lock:
                expired = [(ident, conn) for ident, (conn, deadline) in self._busy.items() if deadline <= now]
                for ident, _ in expired:
                    del self._busy[ident]
            for _, sock in expired:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


_WATCHDOG = _Watchdog()


def _pool_manager(user_agent: str):
    import urllib3
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    # The socket is watched once the request is sent (connected, whether new or kept
    # alive); the response keeps reading it even after its connection lets go of it.
    class WatchedHTTP(HTTPConnection):
        def request(self, *args, **kwargs):
            super().request(*args, **kwargs)
            _WATCHDOG.watch(self.sock)

    class WatchedHTTPS(HTTPSConnection):
        def request(self, *args, **kwargs):
            super().request(*args, **kwargs)
            _WATCHDOG.watch(self.sock)

    class HTTPPool(HTTPConnectionPool):
        ConnectionCls = WatchedHTTP

    class HTTPSPool(HTTPSConnectionPool):
        ConnectionCls = WatchedHTTPS

    headers = {"User-Agent": user_agent, **urllib3.util.make_headers(accept_encoding=True)}
    manager = urllib3.PoolManager(num_pools=32, maxsize=PARALLEL_FETCHES, headers=headers, retries=False)
    manager.pool_classes_by_scheme = {"http": HTTPPool, "https": HTTPSPool}
    return manager


class Client:
    """Fetches over HTTP(S) with bounded cost; keeps the subresources a batch repeats."""

    def __init__(
        self,
        *,
        deadline: float = DEADLINE,
        connect_timeout: float = CONNECT_TIMEOUT,
        read_timeout: float = READ_TIMEOUT,
        cache_bytes: int = CACHE_BYTES,
        user_agent: str = USER_AGENT,
    ) -> None:
        import urllib3

        self.deadline = deadline
        self.timeout = urllib3.Timeout(connect=connect_timeout, read=read_timeout)
        self.user_agent = user_agent
        self._pool = _pool_manager(user_agent)
        self.cache = Cache(cache_bytes)
        self._pending: dict[str, Future] = {}
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self.fetches = 0  # requests made (the cache's hits are not requests)

    def get(self, url: str, limit: int, *, truncate: bool = False) -> Fetched:
        """The response at ``url`` after redirects (its final URL, body, Content-Type and
        status), at most ``limit`` bytes of body (``truncate``: its first ``limit`` bytes,
        the rest left unread); NotLoaded says why none."""
        seen: list[str] = []
        for _ in range(MAX_REDIRECTS + 1):
            scheme = urlsplit(url).scheme.lower()
            if scheme not in ("http", "https"):
                raise NotLoaded(f"redirected to {url} (only http: and https: are followed)")
            response = self._request(url, limit, truncate)
            if isinstance(response, str):  # a redirect's Location
                seen.append(url.partition("#")[0])
                url = join(url, response)
                if url.partition("#")[0] in seen:
                    raise NotLoaded(f"a redirect loop ({seen[0]} comes back to {url})")
                continue
            return response
        raise NotLoaded(f"more than {MAX_REDIRECTS} redirects (from {seen[0]})")

    def _request(self, url: str, limit: int, truncate: bool = False) -> Fetched | str:
        """One request: the response, or the Location it redirects to."""
        import urllib3

        self.fetches += 1
        _WATCHDOG.local.deadline = time.monotonic() + self.deadline
        response = None
        complete = False  # a response read to its end leaves its connection for the next request
        try:
            response = self._pool.request(
                "GET", url, redirect=False, preload_content=False, decode_content=True, timeout=self.timeout
            )
            if 300 <= response.status < 400 and response.headers.get("Location"):
                return response.headers["Location"]
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > limit and not truncate:
                raise NotLoaded(f"{int(declared):,} bytes declared, over the limit of {limit:,}")
            body = _read(response, limit, truncate)
            if time.monotonic() >= _WATCHDOG.local.deadline:  # cut off: a body delimited by the close looks whole
                raise NotLoaded(f"no complete answer within {self.deadline:g} s (the deadline)")
            complete = not response.closed
            content_type = response.headers.get("Content-Type", "")
            return Fetched(url, body, content_type or "application/octet-stream", status=response.status)
        except urllib3.exceptions.HTTPError as exc:
            if time.monotonic() >= _WATCHDOG.local.deadline:
                raise NotLoaded(f"no complete answer within {self.deadline:g} s (the deadline)") from None
            raise NotLoaded(f"cannot fetch it ({_reason(exc)})") from None
        finally:
            _WATCHDOG.local.deadline = None
            _WATCHDOG.done()
            if response is not None:
                if not complete:
                    response.close()
                response.release_conn()

    def fetch(self, url: str, limit: int) -> Fetched:
        """A subresource: from the cache, or from a fetch already under way, or fetched
        now (and kept)."""
        key = url.partition("#")[0]
        hit = self.cache.get(key)
        if hit is None:
            with self._lock:
                future = self._pending.get(key)
            hit = future.result() if future is not None else self._fetch_and_keep(key, limit)
        if isinstance(hit, NotLoaded):
            raise NotLoaded(str(hit), hit.code)
        if len(hit.body) > limit:
            raise NotLoaded(f"{len(hit.body):,} bytes, over the limit of {limit:,}")
        return hit

    def prefetch(self, urls: Iterable[str], limit: int) -> None:
        """Start fetching ``urls`` (those neither kept nor under way) in parallel threads."""
        with self._lock:
            for url in urls:
                key = url.partition("#")[0]
                if urlsplit(key).scheme.lower() not in ("http", "https") or key in self._pending:
                    continue
                if self.cache.get(key) is None:
                    if self._executor is None:
                        self._executor = ThreadPoolExecutor(PARALLEL_FETCHES, thread_name_prefix="axsynth-fetch")
                    self._pending[key] = self._executor.submit(self._fetch_and_keep, key, limit)

    def _fetch_and_keep(self, key: str, limit: int) -> Fetched | NotLoaded:
        try:
            found: Fetched | NotLoaded = self.get(key, limit)
        except NotLoaded as why:
            found = why
        self.cache.put(key, found)
        with self._lock:
            self._pending.pop(key, None)
        return found


def _read(response, limit: int, truncate: bool = False) -> bytes:
    """The decoded body, chunk by chunk (read1: whatever has arrived), at most ``limit``
    (``truncate``: its first ``limit`` bytes; the connection is then dropped)."""
    chunks, size = [], 0
    while True:
        chunk = response.read1(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        chunks.append(chunk)
        if size > limit:
            response.close()  # the rest is never read: the connection is not reused
            if truncate:
                return b"".join(chunks)[:limit]
            raise NotLoaded(f"over the limit of {limit:,} bytes")


def _reason(exc: BaseException) -> str:
    inner = exc
    while getattr(inner, "reason", None) is not None and inner.reason is not inner:
        inner = inner.reason
    text = " ".join(str(inner).split())
    return text.split(": ", 1)[-1] if "Failed to establish" in text or "Max retries" in text else text


class Cache:
    """Responses by URL, at most ``capacity`` bytes of bodies, least recently used out
    first; a failure (NotLoaded) is kept too, so a batch asks a missing sheet once."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.size = 0
        self.hits = 0
        self._items: OrderedDict[str, Fetched | NotLoaded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Fetched | NotLoaded | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: str, value: Fetched | NotLoaded) -> None:
        cost = len(value.body) if isinstance(value, Fetched) else 0
        if cost > self.capacity:
            return
        with self._lock:
            old = self._items.pop(key, None)
            self.size -= len(old.body) if isinstance(old, Fetched) else 0
            self._items[key] = value
            self.size += cost
            while self.size > self.capacity or len(self._items) > 100_000:
                _, dropped = self._items.popitem(last=False)
                self.size -= len(dropped.body) if isinstance(dropped, Fetched) else 0


class HttpResolver:
    """A web page's subresources, fetched over HTTP(S) through the process's client."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def __repr__(self) -> str:
        return "<HttpResolver>"

    def fetch(self, url: str, limit: int) -> Fetched:
        if urlsplit(url).scheme.lower() not in ("http", "https"):
            raise NotLoaded(f"a {urlsplit(url).scheme}: URL in a web page (not read)")
        return self.client.fetch(url, limit)

    def prefetch(self, urls: Iterable[str], limit: int) -> None:
        self.client.prefetch(urls, limit)


_CLIENT: tuple[int, Client] | None = None


def default_client() -> Client:
    """The process's client (a forked worker makes its own: sockets are not shared)."""
    global _CLIENT
    if _CLIENT is None or _CLIENT[0] != os.getpid():
        _CLIENT = (os.getpid(), Client())
    return _CLIENT[1]


def load_url(url: str, *, client: Client | None = None, max_bytes: int | None = DEFAULT_MAX_HTML_BYTES) -> Loaded:
    """The page at an http(s) URL, at its final URL; SourceError when it cannot be had,
    is not HTML, or answers with an HTTP error."""
    client = client or default_client()
    try:
        page = client.get(url, max_bytes if max_bytes is not None else 1 << 62)
    except NotLoaded as why:
        raise SourceError(f"{url}: {why}") from None
    if page.status is not None and page.status >= 400:
        raise SourceError(f"{page.url}: HTTP {page.status}")
    if page.media_type and page.media_type not in HTML_TYPES:
        raise SourceError(f"{page.url}: not an HTML page ({page.media_type})")
    policy = LoadPolicy(resolver=HttpResolver(client))
    return Loaded(page.url, page.body, page.content_type, policy, page.url.partition("#")[0])
