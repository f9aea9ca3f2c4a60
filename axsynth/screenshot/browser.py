"""The browser behind screenshots: a headless Chromium driven by Playwright (the optional
``browser`` extra), found on the machine, launched once and reused.

Playwright's synchronous API runs in one worker thread that owns the browser; callers
submit jobs and get futures. So axsynth can build its tree in the calling thread while
Chromium launches and loads the page in its own process (the GIL is released while the
worker waits on the browser). Every wait is bounded.

Each page gets a fresh context: scripts off, a 1280x720 viewport at scale 1 (as the
goldens), and every request answered by interception (:mod:`.resources`): the page's
own bytes and what axsynth itself read, nothing else, never the network.
"""

from __future__ import annotations

import importlib.util
import os
import queue
import shutil
import socket
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Callable

from .resources import Resources

VIEWPORT = {"width": 1280, "height": 720}
#: Executables looked up on PATH, in this order, when no path is given.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Environment variable naming the Chromium executable (as ``--chromium`` does).
CHROMIUM_ENV = "AXSYNTH_CHROMIUM"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No host name resolves (requests not intercepted fail at once instead of waiting on DNS).
    "--host-resolver-rules=MAP * ~NOTFOUND",
]
INSTALL_HINT = (
    "install Chromium (Debian/Ubuntu: apt-get install chromium; or python3 -m playwright install chromium), "
    f"or name it with --chromium PATH (or {CHROMIUM_ENV})"
)
_GRACE = 15.0  # seconds a job may overrun its own timeout before the caller stops waiting


def launch_args() -> list[str]:
    """Chromium's flags: LAUNCH_ARGS, and every http(s) request (IP addresses and loopback
    included) sent to a proxy on a closed local port, which refuses it at once. Only the
    intercepted requests (resources.py) get an answer."""
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return [*LAUNCH_ARGS, f"--proxy-server=http://127.0.0.1:{port}", "--proxy-bypass-list=<-loopback>"]


class ScreenshotError(Exception):
    """A screenshot could not be taken; the message says why and what to do."""


class BrowserUnavailable(ScreenshotError):
    """No Playwright, or no Chromium for it to drive."""


class PageLoadTimeout(ScreenshotError):
    """The page did not finish loading in time."""


def unavailable_reason(executable: str | None = None) -> str | None:
    """Why no screenshot can be taken on this machine (None: a browser is available).
    Cheap when Chromium is on PATH or named; otherwise asks Playwright for its own."""
    if importlib.util.find_spec("playwright") is None:
        return "screenshots need Playwright: pip install 'axsynth[browser]'"
    try:
        if _named_or_on_path(executable) is not None:
            return None
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            own = playwright.chromium.executable_path
    except BrowserUnavailable as exc:
        return str(exc)
    except Exception as exc:  # Playwright's driver could not start
        return f"Playwright could not start ({_first_line(exc)})"
    return None if own and Path(own).is_file() else f"no Chromium found: {INSTALL_HINT}"


def _named_or_on_path(executable: str | None) -> str | None:
    named = executable or os.environ.get(CHROMIUM_ENV)
    if named:
        path = shutil.which(named) or (named if Path(named).is_file() else None)
        if path is None or not os.access(path, os.X_OK):
            raise BrowserUnavailable(f"{named}: no such executable; {INSTALL_HINT}")
        return path
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


@dataclass(frozen=True)
class Measured:
    """What ``measure.js`` found in one frame: the boxes that can be seen, and how many of the
    others were unmatched, hidden, zero-sized, off-screen or covered."""

    items: list[dict[str, Any]]  # {"i": candidate index, "x", "y", "width", "height"}, in candidate order
    counts: dict[str, int]  # unmatched, hidden, zeroSize, offscreen, covered
    frames: list[dict[str, Any]]  # per iframe asked about: {"state", "x", "y", "width", "height"} (content box)
    view: dict[str, Any]  # {"width", "height", "documentWidth", "documentHeight", "readyState"}


class Chromium:
    """One headless Chromium for any number of screenshots (close it when done, or use ``with``).

    The launch starts at once, in the background: build the document meanwhile.
    ``executable``: the Chromium to run (default: $AXSYNTH_CHROMIUM, ``chromium`` on PATH,
    then Playwright's own); :class:`BrowserUnavailable` says what to install when none is found.
    """

    def __init__(self, executable: str | None = None) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._playwright: Any = None
        self._browser: Any = None
        self._thread = threading.Thread(target=self._work, name="axsynth-chromium", daemon=True)
        self._thread.start()
        self._launched = self._submit(self._launch, executable)

    def __enter__(self) -> "Chromium":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the browser and end the worker thread (waits a few seconds at most)."""
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(_GRACE)

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait for the launch; raises BrowserUnavailable or ScreenshotError if it failed."""
        self.wait(self._launched, timeout)

    # -- the steps of a screenshot (called from any thread) ------------------------------

    def open(self, resources: Resources, timeout: float) -> "Future[Tab]":
        """Start loading the page in a fresh context; the future gives its Tab once loaded."""
        return self._submit(self._open, resources, timeout)

    def measure(self, tab: "Tab", frame: list[Any], request: dict[str, Any], timeout: float) -> Measured:
        """Run ``measure.js`` in the frame reached through the iframes at the paths ``frame``."""
        found = self.wait(self._submit(self._evaluate, tab, frame, request), timeout)
        return Measured(found["items"], found["counts"], found["frames"], found["view"])

    def verify(self, tab: "Tab", frame: list[Any], checks: list[dict[str, Any]], timeout: float) -> list[bool]:
        """Whether each selector matches exactly the element at its path (``measure.js``)."""
        return self.wait(self._submit(self._evaluate, tab, frame, {"verify": checks}), timeout)

    def capture(self, tab: "Tab", overlay: dict[str, Any], shot: dict[str, Any], timeout: float) -> bytes:
        """Draw the overlay over the page (``overlay.js``), then take the screenshot."""
        return self.wait(self._submit(self._capture, tab, overlay, shot), timeout)

    def discard(self, tab: "Tab") -> None:
        """Close the tab's context (in the background: nobody waits for it)."""
        self._submit(tab.context.close)

    # -- the worker thread ---------------------------------------------------------------

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        future: Future = Future()
        if not self._thread.is_alive():
            future.set_exception(ScreenshotError("the browser was closed"))
        else:
            self._jobs.put((fn, args, future))
        return future

    def wait(self, future: Future, timeout: float) -> Any:
        """The future's result; a job that overruns its timeout by _GRACE is given up on."""
        try:
            return future.result(timeout + _GRACE)
        except FutureTimeout:
            raise ScreenshotError(f"Chromium did not answer within {timeout + _GRACE:.0f} s") from None

    def _work(self) -> None:
        try:
            while (job := self._jobs.get()) is not None:
                fn, args, future = job
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    future.set_result(fn(*args))
                except BaseException as exc:  # handed to the caller, who raises it
                    future.set_exception(_translated(exc))
        finally:
            self._shut_down()

    def _launch(self, executable: str | None) -> None:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise BrowserUnavailable("screenshots need Playwright: pip install 'axsynth[browser]'") from None
        path = _named_or_on_path(executable)
        self._playwright = sync_playwright().start()
        if path is None:
            own = self._playwright.chromium.executable_path
            if not (own and Path(own).is_file()):
                raise BrowserUnavailable(f"no Chromium found: {INSTALL_HINT}")
            path = own
        self._browser = self._playwright.chromium.launch(executable_path=path, args=launch_args(), headless=True)

    def _shut_down(self) -> None:
        for closing in (self._browser, self._playwright):
            try:
                if closing is self._browser and closing is not None:
                    closing.close()
                elif closing is not None:
                    closing.stop()
            except Exception:  # already gone (a crashed browser): nothing left to close
                pass

    def _open(self, resources: Resources, timeout: float) -> "Tab":
        self._launched.result()  # raises the launch's own error
        context = self._browser.new_context(java_script_enabled=False, viewport=VIEWPORT, device_scale_factor=1)
        try:
            page = context.new_page()
            resources.install(context, page)
            page.goto(resources.url, wait_until="load", timeout=timeout * 1000)
        except BaseException as exc:
            context.close()
            if type(exc).__name__ == "TimeoutError":
                raise PageLoadTimeout(f"the page did not finish loading within {timeout:g} s (--timeout)") from None
            raise
        return Tab(context, page)

    def _evaluate(self, tab: "Tab", frame_path: list[Any], request: dict[str, Any]) -> Any:
        frame = tab.page.main_frame
        for path in frame_path:
            element = frame.evaluate_handle(_script("measure.js"), {"find": path}).as_element()
            frame = element.content_frame() if element is not None else None
            if frame is None:
                raise ScreenshotError("a frame axsynth loaded is not in the browser's page")
        return frame.evaluate(_script("measure.js"), request)

    def _capture(self, tab: "Tab", overlay: dict[str, Any], shot: dict[str, Any]) -> bytes:
        if overlay["svg"]:
            tab.page.evaluate(_script("overlay.js"), overlay)
        return tab.page.screenshot(**shot)


@dataclass(frozen=True)
class Tab:
    """A loaded page in its own browser context."""

    context: Any
    page: Any


_SCRIPTS: dict[str, str] = {}


def _script(name: str) -> str:
    if name not in _SCRIPTS:
        _SCRIPTS[name] = files(__package__).joinpath(name).read_text(encoding="utf-8")
    return _SCRIPTS[name]


def _translated(exc: BaseException) -> BaseException:
    """Playwright's errors as ScreenshotErrors that say what happened, in one line."""
    if isinstance(exc, ScreenshotError) or not type(exc).__module__.startswith("playwright"):
        return exc
    if type(exc).__name__ == "TimeoutError":
        return ScreenshotError(f"Chromium timed out ({_first_line(exc)})")
    return ScreenshotError(f"Chromium failed: {_first_line(exc)}")


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
