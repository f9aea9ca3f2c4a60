"""``axsynth batch --crawl URL``: a site's pages, found breadth-first while they are
snapshotted (``axsynth.sources.crawl`` decides which URLs are pages), written as the
same lines ``batch`` writes for those URLs."""

from __future__ import annotations

from typing import Iterator

from ..sources.crawl import WAIT, Frontier, page_key
from .sources import Page


class CrawlRun:
    """The pages of a crawl, as the worker pool takes them, and what their lines bring back."""

    def __init__(self, start: str, max_pages: int) -> None:
        self.frontier = Frontier(start, max_pages)
        self.reported: set[str] = set()
        self.repeats = 0  # pages whose final URL (after redirects) was already written

    def pages(self) -> Iterator[Page | str]:
        while True:
            url = self.frontier.next()
            if url is None:
                return
            yield WAIT if url == WAIT else Page(url, url=url, remote=True, crawl=True)

    def done(self, line: dict) -> dict | None:
        """The line to write for a finished page (its links taken off and queued), or None
        for a page reached again through a redirect."""
        links = line.pop("links", [])
        final = line.get("url")
        self.frontier.visited(final, links)
        if line.get("ok") and final:
            key = page_key(final)
            if key in self.reported:
                self.repeats += 1
                return None
            self.reported.add(key)
        return line

    def summary(self) -> str:
        repeats = f", {self.repeats} reached again through redirects" if self.repeats else ""
        return f"crawl: {self.frontier.summary()}{repeats}"
