"""Capture Chromium's accessibility tree and Playwright's ARIA snapshot of pages.

One home for how goldens are taken, shared by ``gen_goldens.py`` (the fixtures),
``realweb.py`` (saved real pages, goldens in a cache outside the repository) and
``difffuzz.py`` (generated documents). Every capture is taken alike:

* Debian's Chromium 156 headless, driven by Playwright, JavaScript disabled, a
  1280x720 viewport, a fresh context and tab per page (the tab has focus, so the
  RootWebArea reports ``focused: true``);
* the page is served by request interception from a fixed origin, so goldens
  carry no machine paths and axsynth can be given the same URL; every other
  request fails at once (``--host-resolver-rules`` makes DNS fail too), so two
  captures of the same page are identical;
* the CDP tree is stored normalized (``axsynth.conformance.normalize_cdp``), the
  aria snapshot (``locator("body").aria_snapshot()``) and the ai snapshot
  (``page.aria_snapshot(mode="ai")``, Playwright MCP's) as Playwright returns them
  plus a newline; ``formats`` takes only some of them (the others are None).

Needs ``apt-get install chromium`` and ``pip install -e '.[goldens]'``.
"""

from __future__ import annotations

import json
import mimetypes
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from axsynth.conformance import dump_cdp, normalize_cdp  # noqa: E402
from axsynth.screenshot.browser import LAUNCH_ARGS  # noqa: E402
from axsynth.screenshot.browser import VIEWPORT as SCREENSHOT_VIEWPORT  # noqa: E402

# The flags and viewport screenshots use too (remote resources fail at once instead of
# hanging on DNS: captures are repeatable).
CHROMIUM_ARGS = LAUNCH_ARGS
VIEWPORT = dict(SCREENSHOT_VIEWPORT)

#: Answers a request URL (query and fragment removed) with (body, content type), or
#: None for "not found here" (a 404 below the origin, an aborted request elsewhere).
Resolver = Callable[[str], "tuple[bytes, str] | None"]


FORMATS = ("cdp", "aria", "ai")


@dataclass(frozen=True)
class Capture:
    cdp: str | None  # normalized, one node per line (axsynth.conformance.dump_cdp)
    aria: str | None  # Playwright's locator("body").aria_snapshot() and a newline
    frames: tuple[str, ...] | None = ()  # each child frame's getFullAXTree(frameId), normalized, pre-order
    ai: str | None = None  # Playwright's page.aria_snapshot(mode="ai") and a newline


def chromium_path() -> str:
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        sys.exit("Chromium not found; apt-get install -y chromium")
    return path


def directory_resolver(origin: str, root: Path) -> Resolver:
    """Serve files below ``root`` at ``origin``, as a static server would (a directory's
    URL answers with its index.html); nothing outside ``root``.

    The URL's path is percent-decoded (``a%20b.css`` is the file ``a b.css``), and the
    file is resolved through ``..`` and symlinks before it is checked to be below
    ``root``: no URL reads a file elsewhere. Directories, FIFOs and devices are not
    files and are not served."""
    root = root.resolve()

    def resolve(url: str) -> tuple[bytes, str] | None:
        if not url.startswith(origin):
            return None
        rest = unquote(url[len(origin) :])
        try:
            path = (root / (rest + "index.html" if rest == "" or rest.endswith("/") else rest)).resolve()
        except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL in the path
            return None
        if not (root in path.parents and path.is_file()):
            return None
        return path.read_bytes(), mimetypes.guess_type(path.name)[0] or "application/octet-stream"

    return resolve


class Chromium:
    """A headless Chromium for many captures; restarted if it dies.

    >>> with Chromium() as chromium:
    ...     capture = chromium.capture(url, resolver)
    """

    def __init__(self, timeout_ms: int = 30_000) -> None:
        self.timeout_ms = timeout_ms
        self._playwright = None
        self._browser = None

    def __enter__(self) -> "Chromium":
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self._launch()
        return self

    def __exit__(self, *exc) -> None:
        try:
            if self._browser is not None:
                self._browser.close()
        finally:
            self._playwright.stop()

    def _launch(self) -> None:
        self._browser = self._playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True
        )

    @property
    def version(self) -> str:
        return self._browser.version

    def capture(self, url: str, resolver: Resolver, formats: tuple[str, ...] = FORMATS) -> Capture:
        """Load ``url`` (its bytes come from ``resolver``) and take the trees of ``formats``
        (the CDP one with the child frames' trees). The ai snapshot is taken first: its
        refs are numbered by the page's script from e1 on its first snapshot."""
        if not self._browser.is_connected():
            self._launch()
        context = self._browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
        try:
            page = context.new_page()
            page.route("**/*", lambda route: _serve(route, url, resolver))
            page.goto(url, wait_until="load", timeout=self.timeout_ms)
            ai = page.aria_snapshot(mode="ai", timeout=self.timeout_ms) + "\n" if "ai" in formats else None
            cdp = frames = aria = None
            if "cdp" in formats:
                session = context.new_cdp_session(page)
                cdp = dump_cdp(normalize_cdp(session.send("Accessibility.getFullAXTree")))
                frames = tuple(
                    dump_cdp(normalize_cdp(session.send("Accessibility.getFullAXTree", {"frameId": frame_id})))
                    for frame_id in _child_frame_ids(session.send("Page.getFrameTree")["frameTree"])
                )
            if "aria" in formats and page.locator("body").count():  # a frameset page has no body to snapshot
                aria = page.locator("body").aria_snapshot(timeout=self.timeout_ms) + "\n"
        finally:
            context.close()
        return Capture(cdp, aria, frames, ai)

    def ai_snapshot(
        self, url: str, resolver: Resolver, frame: int = 0, scope: str | None = None, depth: int | None = None
    ) -> str:
        """On a fresh load of ``url``: ``page.aria_snapshot(mode="ai", depth=depth)``, or with
        ``scope`` ``locator(scope).aria_snapshot(...)`` in ``page.frames[frame]``."""
        if not self._browser.is_connected():
            self._launch()
        context = self._browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
        try:
            page = context.new_page()
            page.route("**/*", lambda route: _serve(route, url, resolver))
            page.goto(url, wait_until="load", timeout=self.timeout_ms)
            options = {"mode": "ai", "depth": depth, "timeout": self.timeout_ms}
            if scope is None and frame == 0:
                return page.aria_snapshot(**options)
            return page.frames[frame].locator(scope or "body").aria_snapshot(**options)
        finally:
            context.close()

    def run_axe(self, url: str, resolver: Resolver, axe_source: str, options: dict) -> dict:
        """Load ``url`` with page scripts disabled (the DOM every capture sees), then enable
        scripts for axe-core alone (``Emulation.setScriptExecutionDisabled``): inject
        ``axe_source`` and return ``axe.run(document, options)``'s result."""
        if not self._browser.is_connected():
            self._launch()
        context = self._browser.new_context(viewport=VIEWPORT)
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
            page.route("**/*", lambda route: _serve(route, url, resolver))
            page.goto(url, wait_until="load", timeout=self.timeout_ms)
            cdp.send("Emulation.setScriptExecutionDisabled", {"value": False})
            _evaluate(cdp, axe_source)
            run = f"axe.run(document, {json.dumps(options)}).then(result => JSON.stringify(result))"
            return json.loads(_evaluate(cdp, run))
        finally:
            context.close()


def _evaluate(cdp, expression: str):
    answer = cdp.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
    if "exceptionDetails" in answer:
        raise RuntimeError(answer["exceptionDetails"].get("exception", {}).get("description", "script error"))
    return answer["result"].get("value")


def _child_frame_ids(tree: dict) -> list[str]:
    """The ids of the frames below the main frame, in pre-order (the order of their iframes)."""
    out: list[str] = []
    stack = list(reversed(tree.get("childFrames", [])))
    while stack:
        node = stack.pop()
        out.append(node["frame"]["id"])
        stack.extend(reversed(node.get("childFrames", [])))
    return out


def _serve(route, page_url: str, resolver: Resolver) -> None:
    url = route.request.url.split("#", 1)[0].split("?", 1)[0]
    if _navigates_away(route.request, page_url):
        # A <meta http-equiv=refresh> (saved pages have them, e.g. in <noscript>) would
        # replace the page by an error page, or not, depending on timing. A 204 answer
        # cancels that navigation and the page stays: the capture is of the page, always.
        route.fulfill(status=204, body=b"")
        return
    answer = resolver(url)
    if answer is not None:
        body, mime = answer
        route.fulfill(status=200, body=body, headers={"content-type": mime})
    elif _origin(url) == _origin(page_url):
        route.fulfill(status=404, body=b"", headers={"content-type": "text/plain"})
    else:
        route.abort()


def _navigates_away(request, page_url: str) -> bool:
    """Whether the request would load another document into the page's main frame."""
    try:
        main_frame = request.is_navigation_request() and request.frame.parent_frame is None
    except Exception:  # a request without a frame (service worker) navigates nothing
        return False
    url = request.url.split("#", 1)[0]
    return main_frame and unquote(url) != unquote(page_url.split("#", 1)[0])


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc
