"""What the MCP server's tools do, independent of the protocol: load pages confined to a
root directory, snapshot, search, diff against the previous snapshot, resolve refs.

Every failure the caller can cause is a :class:`ToolFailure` with a machine-readable
``code`` and a one-line message; the server turns it into an MCP error result."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Literal

from ..api import Document, InputTooLarge, LimitError, ParseError, QueryError, SnapshotOptionError
from ..emit.agent import ancestor_lines
from ..emit.diff import diff_outlines
from ..html.resources import NotLoaded, regular_file
from ..html.serialize import outer_html
from ..limits import DEFAULT_MAX_HTML_BYTES
from ..sources import SourceError, is_url, kind_of, load
from .ai_lookup import ai_lines, describe_ai_ref, is_ai_ref

if TYPE_CHECKING:  # the screenshot module loads Playwright's modules only when a browser starts
    from ..screenshot import Chromium, Screenshot

Format = Literal["agent", "aria", "ai", "devtools", "flat", "cdp", "boxes"]
FindMode = Literal["contains", "exact", "regex"]
ScreenshotTarget = Literal["interactive", "all_visible", "custom"]
DEFAULT_MAX_BYTES = 50_000
_CACHED_DOCUMENTS = 8
_LINE = re.compile(r'(?P<indent> *)(?P<role>\S+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?')


class ToolFailure(ValueError):
    """A call that cannot be answered: ``code`` names the reason, the message says what to do."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Service:
    """The tools' state: the root files are read under, recent documents, previous snapshots.

    Engine work runs under one lock: calls may come from several threads at once, and
    the GIL would serialize their CPU work anyway; the lock also keeps a cached
    Document's lazily built trees from being built twice."""

    def __init__(
        self,
        root: str | Path = ".",
        max_html_bytes: int = DEFAULT_MAX_HTML_BYTES,
        chromium: str | None = None,
        allow_network: bool = False,
    ) -> None:
        self.root = Path(root).resolve(strict=True)
        #: Whether a path may be an http(s) URL: off unless the server is started with
        #: --allow-network (an agent must not reach an intranet through the server).
        self.allow_network = allow_network
        if not self.root.is_dir():
            raise ToolFailure("bad_root", f"{root} is not a directory")
        self.max_html_bytes = max_html_bytes
        self.chromium = chromium  # the screenshot tool's browser (default: found on the machine)
        self._lock = threading.Lock()
        self._documents: OrderedDict[tuple, Document] = OrderedDict()
        self._previous: dict[tuple[str, str], str] = {}  # (source, format) -> outline text
        self._browser: Chromium | None = None  # started by the first screenshot, then kept

    # -- the tools ----------------------------------------------------------------------------

    def snapshot(
        self,
        path: str | None = None,
        html: str | None = None,
        format: Format = "agent",
        scope: str | None = None,
        interactive_only: bool = False,
        max_depth: int | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        cursor: str | None = None,
        frame: str | None = None,
        all_items: bool = False,
    ) -> dict[str, Any]:
        _check_options(format, interactive_only or all_items, cursor, max_depth, max_bytes)
        if frame is not None and format != "cdp":
            raise ToolFailure(
                "bad_arguments",
                "frame applies to the cdp format (the agent and flat formats include every loaded frame)",
            )
        with self._lock:
            source, doc = self._load(path, html)
            with _engine_errors():
                if format == "agent":
                    snap = doc.agent_snapshot(
                        scope=scope,
                        interactive_only=interactive_only,
                        max_depth=max_depth,
                        max_bytes=max_bytes or None,
                        cursor=cursor,
                        all_items=all_items,
                    )
                    if cursor is None:
                        self._remember(source, "agent", doc.outline_text("agent", scope))
                    return {"format": "agent", **snap.to_json()}
                if format == "aria":
                    text = doc.aria_snapshot(scope)
                    self._remember(source, "aria", text)
                    return _bounded({"format": "aria", "url": doc.url, "text": text}, text, max_bytes)
                if format == "ai":
                    text = doc.ai_snapshot(scope, max_depth)
                    return _bounded({"format": "ai", "url": doc.url, "text": text}, text, max_bytes)
                if format == "devtools":
                    text = doc.devtools_snapshot(scope=scope)
                    return _bounded({"format": "devtools", "url": doc.url, "text": text}, text, max_bytes)
                if format == "flat":
                    data = doc.flat_snapshot(max_depth=max_depth, scope=scope)
                    return _bounded({"format": "flat", **data}, json.dumps(data, ensure_ascii=False), max_bytes)
                if format == "boxes":
                    width, height = doc.page.viewport
                    data = {"viewport": {"width": width, "height": height}, "boxes": doc.boxes(scope)}
                    return _bounded({"format": "boxes", "url": doc.url, **data}, json.dumps(data), max_bytes)
                try:
                    data = doc.get_full_ax_tree(scope=scope, frame_id=frame)
                except QueryError as exc:
                    raise ToolFailure("unknown_frame", str(exc)) from None
                return _bounded({"format": "cdp", **data}, json.dumps(data, ensure_ascii=False), max_bytes)

    def find(
        self,
        path: str | None = None,
        html: str | None = None,
        role: str | None = None,
        name: str | None = None,
        text: str | None = None,
        mode: FindMode = "contains",
        limit: int = 50,
        format: Literal["agent", "ai"] = "agent",
    ) -> dict[str, Any]:
        if role is None and name is None and text is None:
            raise ToolFailure("bad_arguments", "give a role, a name or a text to look for")
        if limit < 1:
            raise ToolFailure("bad_arguments", "limit must be at least 1")
        if format not in ("agent", "ai"):
            raise ToolFailure("bad_arguments", f"find searches the agent or ai format, not {format!r}")
        name_match = _matcher(name, mode) if name is not None else None
        text_match = _matcher(text, mode) if text is not None else None
        with self._lock:
            _, doc = self._load(path, html)
            with _engine_errors():
                if format == "ai":  # its refs are the latest ai snapshot's: the whole page's
                    lines = [(ai.line, ai.ref, ai.role, ai.name, ai.text) for ai in ai_lines(doc.ai_snapshot())]
                else:  # every list item can be found
                    lines = [(line, ref, *_parse_line(line)) for line, ref in doc.agent_emitter.outline(all_items=True)]
        matches = []
        total = 0
        for index, (line, ref, line_role, line_name, line_text) in enumerate(lines):
            if line_role is None:
                continue
            if role is not None and line_role.lower() != role.lower():
                continue
            if name_match is not None and (line_role == "text" or not name_match(line_name)):
                continue
            if text_match is not None and not (text_match(line_name) or (line_text and text_match(line_text))):
                continue
            total += 1
            if len(matches) < limit:
                context = [above.strip() for above, _ in ancestor_lines([entry[:2] for entry in lines], index)]
                match = {"line": line.strip(), "lineNumber": index + 1, "context": context}
                if ref:
                    match["ref"] = ref
                matches.append(match)
        return {"url": doc.url, "total": total, "matches": matches}

    def diff(
        self,
        before_path: str | None = None,
        before_html: str | None = None,
        after_path: str | None = None,
        after_html: str | None = None,
        format: Literal["agent", "aria"] = "agent",
    ) -> dict[str, Any]:
        if format not in ("agent", "aria"):
            raise ToolFailure("bad_arguments", f"diff format must be agent or aria, not {format!r}")
        with self._lock:
            after_source, after = self._load(after_path, after_html, "after_")
            with _engine_errors():
                new_text = after.outline_text(format)
                if before_path is None and before_html is None:
                    old_text = self._previous.get((after_source, format))
                    if old_text is None:
                        raise ToolFailure(
                            "no_previous_snapshot",
                            f"no {format} snapshot of this page was taken yet: call"
                            f" snapshot (format {format}) first, or give before_path"
                            " or before_html",
                        )
                else:
                    _, before = self._load(before_path, before_html, "before_")
                    old_text = before.outline_text(format)
            self._remember(after_source, format, new_text)
        return diff_outlines(old_text, new_text, format).to_json()

    def resolve_ref(
        self, ref: str, path: str | None = None, html: str | None = None, max_html_chars: int = 2000
    ) -> dict[str, Any]:
        if max_html_chars < 0:
            raise ToolFailure("bad_arguments", "max_html_chars must be >= 0")
        with self._lock:
            _, doc = self._load(path, html)
            with _engine_errors():
                emitter = doc.agent_emitter
                found = emitter.ref(ref.strip())
                if found is None and is_ai_ref(ref):  # a Playwright ref, from the ai format
                    described = describe_ai_ref(doc, ref, max_html_chars)
                    if described is not None:
                        return described
                if found is None:
                    raise ToolFailure(
                        "unknown_ref",
                        f"no element of this page has ref {ref!r} (refs come from the"
                        " agent snapshot of the same version of the page, or its latest ai snapshot)",
                    )
                html_text, cut = outer_html(found.obj.element, max_html_chars)
                return {
                    **found.to_json(),
                    "ref": found.ref,
                    "states": emitter.states_of(found.obj),
                    "outerHTML": html_text,
                    "outerHTMLTruncated": cut,
                }

    def screenshot_unavailable(self) -> str | None:
        """Why the screenshot tool cannot work here (no Playwright, no Chromium), or None
        (asked once: the answer may cost starting Playwright)."""
        from ..screenshot import unavailable_reason

        if not hasattr(self, "_unavailable"):
            self._unavailable = unavailable_reason(self.chromium)
        return self._unavailable

    def screenshot(
        self,
        path: str | None = None,
        html: str | None = None,
        target: ScreenshotTarget = "interactive",
        selector: str | None = None,
        max_annotations: int = 50,
        full_page: bool = False,
        format: Literal["jpeg", "png"] = "jpeg",
    ) -> Screenshot:
        """The annotated screenshot; its map is ``.to_json()`` (the spec's response text)."""
        from ..screenshot import BrowserUnavailable, Chromium, PageLoadTimeout, ScreenshotError

        if (target == "custom") != (selector is not None):
            raise ToolFailure("bad_arguments", "give a selector with target custom, and only then")
        if not 1 <= max_annotations <= 100:
            raise ToolFailure("bad_arguments", "max_annotations is between 1 and 100")
        with self._lock:
            _, doc = self._load(path, html)
            if self._browser is None:
                self._browser = Chromium(self.chromium)
            with _engine_errors():
                try:
                    return doc.screenshot(
                        target=selector if target == "custom" else target,
                        max_annotations=max_annotations,
                        full_page=full_page,
                        format=format,
                        browser=self._browser,
                    )
                except BrowserUnavailable as exc:
                    raise ToolFailure("no_browser", str(exc)) from None
                except PageLoadTimeout as exc:
                    raise ToolFailure("timeout", str(exc)) from None
                except ScreenshotError as exc:  # the browser may be broken: the next call starts another
                    self._close_browser()
                    raise ToolFailure("screenshot_failed", str(exc)) from None

    def close(self) -> None:
        """Stop the screenshot tool's browser, if it started."""
        with self._lock:
            self._close_browser()

    def _close_browser(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._browser = None

    # -- loading ------------------------------------------------------------------------------

    def _load(self, path: str | None, html: str | None, prefix: str = "") -> tuple[str, Document]:
        """The source key and the document for exactly one of ``path`` and ``html``."""
        if (path is None) == (html is None):
            raise ToolFailure("bad_arguments", f"give exactly one of {prefix}path and {prefix}html")
        if html is not None:
            data = html.encode("utf-8", "surrogatepass")
            self._check_size(len(data))
            source = "html:" + hashlib.sha1(data).hexdigest()
            key: tuple = (source,)
            make = lambda: Document.from_html(html)  # noqa: E731
        elif is_url(path):
            source, key, make = self._remote(path)
        else:
            file = self.confine(path)
            stat = file.stat()
            if kind_of(file) == "file":
                self._check_size(stat.st_size)
            source = str(file)
            key = (source, stat.st_mtime_ns, stat.st_size)
            make = lambda: Document.open(file, root=self.root, max_bytes=self.max_html_bytes)  # noqa: E731
        doc = self._documents.get(key)
        if doc is None:
            with _engine_errors():
                doc = make()
            self._documents[key] = doc
            while len(self._documents) > _CACHED_DOCUMENTS:
                self._documents.popitem(last=False)
        self._documents.move_to_end(key)
        return source, doc

    def _remote(self, url: str) -> tuple[str, tuple, Any]:
        """A URL's source key, cache key (its bytes: a page that changed is a new document)
        and maker; refused unless the server allows the network."""
        if not self.allow_network:
            raise ToolFailure(
                "network_not_allowed",
                f"{url}: this server reads no network (start it with axsynth mcp --allow-network)",
            )
        with _engine_errors():
            loaded = load(url, network=True, max_bytes=self.max_html_bytes)
        return url, (url, hashlib.sha1(loaded.body).hexdigest()), lambda: Document.from_source(loaded)

    def confine(self, path: str) -> Path:
        """The file ``path`` names, relative to the root, refused when it resolves outside
        the root (through ``..`` or a symbolic link) or is not a regular file."""
        if "\0" in path:
            raise ToolFailure("bad_path", "the path contains a NUL character")
        try:  # the rule every stylesheet and frame of the page is read under too
            return regular_file(self.root / path, (self.root, "the root"))
        except NotLoaded as exc:
            if exc.code == "outside_root":
                message = f"{path} resolves outside the root {self.root}; only files under it are read"
                raise ToolFailure("outside_root", message) from None
            if exc.code == "missing":
                raise ToolFailure("not_found", f"{path}: no such file under the root") from None
            if exc.code == "not_a_file":
                raise ToolFailure("not_a_file", f"{path} is not a regular file") from None
            raise ToolFailure("bad_path", f"{path}: {exc}") from None

    def _check_size(self, size: int) -> None:
        if size > self.max_html_bytes:
            raise ToolFailure(
                "too_large", f"the HTML is {size:,} bytes, over the limit of {self.max_html_bytes:,} (--max-html-bytes)"
            )

    def _remember(self, source: str, format: str, text: str) -> None:
        self._previous[(source, format)] = text


@contextmanager
def _engine_errors() -> Iterator[None]:
    """Turns the engine's own errors about the input into ToolFailures."""
    try:
        yield
    except SnapshotOptionError as exc:
        raise ToolFailure(exc.code, exc.message) from None
    except SourceError as exc:  # an MHTML, an archive or a URL that gives no page
        raise ToolFailure("not_loaded", str(exc)) from None
    except ParseError as exc:
        raise ToolFailure("parse_error", str(exc)) from None
    except InputTooLarge as exc:
        raise ToolFailure("too_large", f"{exc} (--max-html-bytes)") from None
    except LimitError as exc:
        raise ToolFailure("limit", str(exc)) from None


def _check_options(
    format: str, interactive_only: bool, cursor: str | None, max_depth: int | None, max_bytes: int
) -> None:
    if format not in ("agent", "aria", "ai", "devtools", "flat", "cdp", "boxes"):
        raise ToolFailure("bad_arguments", f"unknown format {format!r}")
    if format != "agent" and (interactive_only or cursor):
        raise ToolFailure("bad_arguments", "interactive_only, all_items and cursor apply to the agent format only")
    if max_depth is not None and (max_depth < 0 or format not in ("agent", "flat", "ai")):
        raise ToolFailure("bad_arguments", "max_depth is a number >= 0, for the agent, flat and ai formats")
    if max_bytes < 0:
        raise ToolFailure("bad_arguments", "max_bytes must be >= 0 (0: no limit)")


def _bounded(result: dict[str, Any], text: str, max_bytes: int) -> dict[str, Any]:
    size = len(text.encode("utf-8"))
    if max_bytes and size > max_bytes:
        raise ToolFailure(
            "result_too_large",
            f"the {result['format']} result is {size:,} bytes, over max_bytes"
            f" {max_bytes:,}: raise max_bytes (0: no limit), or use the agent"
            " format, which cuts and continues with a cursor",
        )
    return result


def _matcher(pattern: str, mode: FindMode):
    if mode == "regex":
        try:
            compiled = re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            raise ToolFailure("bad_regex", f"{pattern!r} is not a regular expression ({exc})") from None
        return lambda value: compiled.search(value) is not None
    if mode == "exact":
        return lambda value: value == pattern
    if mode == "contains":
        folded = pattern.casefold()
        return lambda value: folded in value.casefold()
    raise ToolFailure("bad_arguments", f"mode is contains, exact or regex, not {mode!r}")


def _parse_line(line: str) -> tuple[str | None, str, str]:
    """An agent outline line's role and name (its text: the name too)."""
    parsed = _LINE.match(line)
    if parsed is None:
        return None, "", ""
    name = _unquote(parsed["name"] or "")
    return parsed["role"], name, name


def _unquote(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name)
