"""A site, breadth-first: the pages reachable from a start URL by same-site links and the
site's sitemaps, as ``robots.txt`` allows (``axsynth batch --crawl URL``).

The frontier only decides *which* URLs are pages; each page is fetched and snapshotted
like any URL given to ``batch`` (so a crawl's lines are ``batch``'s lines for the same
URLs), and hands back its links. Everything is bounded: ``max_pages`` pages, at most
``MAX_KNOWN`` URLs remembered (the rest of a site that links 10 million URLs is counted,
not kept), ``robots.txt`` read up to 512 KiB (as Google does), sitemaps up to 10 MB each
and 16 of them.
"""

from __future__ import annotations

import re
from collections import deque
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

from ..html.dom import Document
from ..html.resources import NotLoaded
from ..html.urls import resolve
from .http import Client, default_client

#: URLs a crawl remembers at most (each known once: queued or done).
MAX_KNOWN = 100_000
ROBOTS_BYTES = 512 * 1024
SITEMAP_BYTES = 10_000_000
MAX_SITEMAPS = 16
#: Links whose path ends so are never pages (they are not fetched).
NOT_PAGES = re.compile(
    r"\.(?:css|js|mjs|json|xml|txt|png|jpe?g|gif|webp|avif|svg|ico|bmp|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|"
    r"mp3|mp4|m4a|webm|ogg|wav|mov|avi|woff2?|ttf|otf|eot|exe|dmg|apk|docx?|xlsx?|pptx?|csv|wasm)$",
    re.IGNORECASE,
)
_LOC = re.compile(rb"<loc>\s*([^<\s]+)\s*</loc>", re.IGNORECASE)
#: What ``Frontier.next`` returns while pages are under way and none is queued.
WAIT = "wait"


def site_of(url: str) -> str:
    """The origin a crawl stays on: scheme, host and port."""
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def page_key(url: str) -> str:
    """A page's URL as the crawl knows it: without its fragment."""
    return url.partition("#")[0]


class Frontier:
    """The URLs still to visit, in breadth-first order, and those already known."""

    def __init__(self, start: str, max_pages: int, client: Client | None = None) -> None:
        self.site = site_of(start)
        self.max_pages = max_pages
        self.client = client or default_client()
        self.queue: deque[str] = deque()
        self.known: set[str] = set()
        self.notes: list[str] = []
        self.dropped = 0  # URLs not remembered (past MAX_KNOWN)
        self.disallowed = 0  # URLs robots.txt keeps out
        self.issued = 0
        self.in_flight = 0
        self.robots = self._robots()
        self.add(start, force=True)
        for url in self._sitemap_urls():
            self.add(url)

    def next(self) -> str | None:
        """The next URL to visit; WAIT while pages under way may bring more; None when done."""
        if self.issued >= self.max_pages:
            return None
        if not self.queue:
            return WAIT if self.in_flight else None
        self.issued += 1
        self.in_flight += 1
        return self.queue.popleft()

    def visited(self, final_url: str | None, links: list[str]) -> None:
        """A page is done: its final URL (after redirects) is known, its links are queued."""
        self.in_flight -= 1
        if final_url:
            self.known.add(page_key(final_url))
        for link in links:
            self.add(link)

    def add(self, url: str, force: bool = False) -> None:
        key = page_key(url)
        try:
            elsewhere = key in self.known or site_of(key) != self.site or NOT_PAGES.search(urlsplit(key).path)
        except ValueError:  # not a valid URL ("http://[bad/"): no page
            return
        if elsewhere:
            return
        if len(self.known) >= MAX_KNOWN:
            self.dropped += 1
            return
        if not force and not self.allowed(key):
            self.disallowed += 1
            return
        self.known.add(key)
        self.queue.append(key)

    def allowed(self, url: str) -> bool:
        return self.robots is None or self.robots.can_fetch("axsynth", url)

    def _robots(self) -> RobotFileParser | None:
        """The site's robots.txt (its first 512 KiB); None when it has none (all allowed)."""
        url = self.site + "/robots.txt"
        try:
            found = self.client.get(url, ROBOTS_BYTES + 1, truncate=True)
        except NotLoaded as why:
            self.notes.append(f"robots.txt not read: {why}; crawling as if it allowed everything")
            return None
        if found.status is not None and found.status >= 500:
            self.notes.append(f"robots.txt answered HTTP {found.status}; crawling only the start page")
            parser = RobotFileParser()
            parser.disallow_all = True
            return parser
        if found.status is not None and found.status >= 400:
            return None
        text = found.body[:ROBOTS_BYTES].decode("utf-8", "replace")
        if len(found.body) > ROBOTS_BYTES:
            self.notes.append(f"robots.txt is over {ROBOTS_BYTES:,} bytes: only its first {ROBOTS_BYTES:,} are read")
        parser = RobotFileParser(url)
        parser.parse(text.splitlines())
        return parser

    def _sitemap_urls(self) -> list[str]:
        """The page URLs the site's sitemaps list (robots.txt's Sitemap lines, else
        /sitemap.xml; a sitemap index is followed), at most MAX_KNOWN."""
        listed = (self.robots.site_maps() if self.robots is not None else None) or [self.site + "/sitemap.xml"]
        queue, read, pages = deque(listed), 0, []
        while queue and read < MAX_SITEMAPS and len(pages) < MAX_KNOWN:
            url = queue.popleft()
            read += 1
            try:
                found = self.client.get(url, SITEMAP_BYTES)
            except NotLoaded as why:
                if listed != [self.site + "/sitemap.xml"]:
                    self.notes.append(f"sitemap {url} not read: {why}")
                continue
            if found.status is not None and found.status >= 400:
                continue
            locs = [m.decode("utf-8", "replace").replace("&amp;", "&") for m in _LOC.findall(found.body)]
            if b"<sitemapindex" in found.body[:4096]:
                queue.extend(locs)
            else:
                pages.extend(locs)
        return pages[:MAX_KNOWN]

    def summary(self) -> str:
        parts = [f"{len(self.known):,} URLs known"]
        if self.issued >= self.max_pages and self.queue:
            parts.append(f"stopped at --max-pages {self.max_pages:,} with {len(self.queue):,} queued")
        if self.disallowed:
            parts.append(f"{self.disallowed:,} kept out by robots.txt")
        if self.dropped:
            parts.append(f"{self.dropped:,} not remembered (over {MAX_KNOWN:,} URLs)")
        return ", ".join(parts)


def page_links(document: Document, base_url: str) -> list[str]:
    """The URLs a page links to (``<a href>``, ``<area href>``), resolved, in document order."""
    links = []
    for el in document.iter_elements():
        if el.local_name in ("a", "area") and el.is_html and "href" in el.attrs:
            url = resolve(base_url, el.attrs["href"].strip())
            if url is not None and url[:4].lower() == "http":
                links.append(url)
    return links
