"""An annotated screenshot of a Document: Chromium draws the page and measures the boxes,
axsynth says what each box is.

The steps overlap: the browser launches and loads the page (its own process, in the
background) while axsynth builds its tree and picks the targets; then one script per
frame resolves axsynth's selectors in the page, keeps the boxes that can be seen (in
label order: top to bottom, then left to right), the labels are placed and drawn over
the page, and one screenshot is taken.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .browser import VIEWPORT, Chromium, Measured, Tab
from .labels import Rect, overlay_svg, place_badges, reading_order
from .resources import Annotatable, Resources
from .targets import AiRef, Candidate, Target, describe, element_path, find_candidates, hidden_interactive

TARGETS = ("interactive", "all_visible")  # or a CSS selector
FORMATS = ("png", "jpeg")
MAX_ANNOTATIONS = 1000
DEFAULT_MAX = 50
DEFAULT_TIMEOUT = 30.0
JPEG_QUALITY = 80  # the spec's
#: The reasons an element found is not labelled, as the map names them, by measure.js's names;
#: and beyond_max, those that can be seen but come after the last label.
LEFT_OUT = {"unmatched": "unmatched", "hidden": "hidden", "zeroSize": "zero_size", "offscreen": "offscreen"}
LEFT_OUT |= {"covered": "covered", "beyondMax": "beyond_max"}


@dataclass(frozen=True)
class Annotation:
    """One label: its number, the element (``target``) and its box in image pixels."""

    label: int
    target: Target
    bounds: Rect
    badge: Rect  # where the number is drawn

    def to_json(self) -> dict[str, Any]:
        """The spec's fields (label, selector, tag, role, name, text, bounds, interactionHint),
        then the agent format's ``ref`` (None for an element without one), then ``aiRef``
        when the ai format's refs were given."""
        b = self.bounds
        out: dict[str, Any] = {"label": self.label, **self.target.to_json()}
        out["bounds"] = {"x": int(b.x), "y": int(b.y), "width": int(b.width), "height": int(b.height)}
        out["interactionHint"] = self.target.hint
        out["ref"] = self.target.ref
        if self.target.ai_ref is not None:
            out["aiRef"] = self.target.ai_ref
        return out


@dataclass
class Screenshot:
    """The annotated image and its map (``to_json()``: the spec's response text)."""

    image: bytes
    format: str  # png or jpeg
    width: int
    height: int
    url: str
    title: str
    annotations: list[Annotation]
    left_out: dict[str, int] = field(default_factory=dict)  # per reason (LEFT_OUT), those not labelled
    ready_state: str = "complete"
    full_page: bool = False

    @property
    def mime_type(self) -> str:
        return f"image/{self.format}"

    @property
    def total_found(self) -> int:
        """Elements that can be seen: the labelled ones and those past the maximum."""
        return len(self.annotations) + self.left_out.get("beyond_max", 0)

    def to_json(self) -> dict[str, Any]:
        """The map; ``image`` only when there is a picture (not for a map made without a browser)."""
        out: dict[str, Any] = {
            "page": {"url": self.url, "title": self.title, "viewport": dict(VIEWPORT), "readyState": self.ready_state}
        }
        if self.image:
            out["image"] = {
                "format": self.format,
                "width": self.width,
                "height": self.height,
                "fullPage": self.full_page,
            }
        out["annotations"] = [a.to_json() for a in self.annotations]
        out["total_found"] = self.total_found
        out["left_out"] = dict(self.left_out)
        return out

    def save(self, path: str | Path) -> None:
        Path(path).write_bytes(self.image)


@dataclass
class _Frame:
    """The targets of one document, and its loaded child frames (with their iframe's selector and path)."""

    path: tuple[Any, ...]  # the paths of the iframes that lead to it (measure.js finds them)
    targets: list[Candidate]
    children: list[tuple[dict[str, Any], "_Frame"]]
    hidden: int = 0  # interactive elements axsynth's tree has no ref for (not rendered, inert, aria-hidden)

    def count(self) -> int:
        return len(self.targets) + sum(child.count() for _, child in self.children)


def annotate(
    document: Annotatable,
    *,
    target: str = "interactive",
    max_annotations: int = DEFAULT_MAX,
    full_page: bool = False,
    format: str = "png",
    quality: int | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    browser: Chromium | None = None,
    chromium: str | None = None,
    ai_ref: AiRef | None = None,
) -> Screenshot:
    """The annotated screenshot of ``document`` (see ``Document.screenshot``). ``ai_ref``
    gives an element's ref in the ``ai`` format: with it, each annotation has ``aiRef``."""
    _check(target, max_annotations, format, quality, timeout)
    own = browser is None
    chrome = Chromium(chromium) if browser is None else browser
    try:
        loading = chrome.open(Resources.of(document), timeout)
        try:
            plan = _plan(document, target, (), (), "")  # axsynth's tree, while the page loads
        except BaseException:
            loading.add_done_callback(lambda done: _discard(chrome, done))
            raise
        tab: Tab = chrome.wait(loading, timeout)
        try:
            found, left_out, view = _measure(chrome, tab, plan, max_annotations, full_page, timeout)
            width, height = (view["documentWidth"], view["documentHeight"]) if full_page else _viewport()
            boxes = [box for _, box in found]
            badges = place_badges(boxes, width, height)
            overlay = {"svg": overlay_svg(boxes, badges, width, height), "width": width, "height": height}
            shot: dict[str, Any] = {"type": format, "full_page": full_page, "timeout": timeout * 1000}
            if format == "jpeg":
                shot["quality"] = JPEG_QUALITY if quality is None else quality
            image = chrome.capture(tab, {**overlay, "fullPage": full_page}, shot, timeout)
        finally:
            chrome.discard(tab)
    finally:
        if own:
            chrome.close()
    annotations = [
        Annotation(label, describe(candidate, ai_ref), box, badge)
        for label, ((candidate, box), badge) in enumerate(zip(found, badges), 1)
    ]
    return Screenshot(
        image,
        format,
        int(width),
        int(height),
        document.page.url,
        document.title,
        annotations,
        left_out,
        view["readyState"],
        full_page,
    )


def _check(target: str, max_annotations: int, format: str, quality: int | None, timeout: float) -> None:
    if not isinstance(target, str) or not target.strip():
        raise ValueError(f"target is interactive, all_visible or a CSS selector, not {target!r}")
    if not 1 <= max_annotations <= MAX_ANNOTATIONS:
        raise ValueError(f"max_annotations must be between 1 and {MAX_ANNOTATIONS}, not {max_annotations}")
    if format not in FORMATS:
        raise ValueError(f"format is png or jpeg, not {format!r}")
    if quality is not None and (format != "jpeg" or not 0 <= quality <= 100):
        raise ValueError("quality (0-100) applies to the jpeg format only")
    if not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")


def _plan(document: Annotatable, target: str, frames: tuple[str, ...], path: tuple[Any, ...], prefix: str) -> _Frame:
    """The candidates of the document and, unless a CSS selector chose them, of its loaded
    frames; ``frames``: the selectors of the iframes that lead to it, ``path`` their paths,
    ``prefix`` the frame ids its agent refs start with."""
    emitter = document.agent_emitter
    hidden = hidden_interactive(emitter) if target == "interactive" else 0
    frame = _Frame(path, find_candidates(emitter, target, frames, prefix), [], hidden)
    if target in TARGETS:
        for child in document.frames():
            if "-" not in child.frame_id and child.document is not None:  # a direct child, loaded
                iframe = {"selector": emitter.selectors.selector(child.element), "path": element_path(child.element)}
                inner = (*frames, iframe["selector"])
                sub = _plan(child.document, target, inner, (*path, iframe["path"]), f"{prefix}{child.frame_id}-")
                frame.children.append((iframe, sub))
                frame.hidden += sub.hidden
    return frame


def _measure(
    chrome: Chromium, tab: Tab, plan: _Frame, max_annotations: int, full_page: bool, timeout: float
) -> tuple[list[tuple[Candidate, Rect]], dict[str, int], dict[str, Any]]:
    """The boxes to label, in label order (at most ``max_annotations``), the counts of
    those left out, and the top frame's view (measure.js)."""
    found: list[tuple[_Frame, Candidate, Rect]] = []  # in tree order, frame by frame
    left_out = dict.fromkeys(LEFT_OUT.values(), 0)
    left_out["hidden"] = plan.hidden
    view = _measure_frame(chrome, tab, plan, full_page, timeout, None, None, found, left_out)
    order = reading_order([box for _, _, box in found])
    labelled: list[tuple[Candidate, Rect]] = []
    checked = 0
    while len(labelled) < max_annotations and checked < len(order):
        batch = [found[i] for i in order[checked : checked + max_annotations - len(labelled)]]
        checked += len(batch)
        ok = _verify(chrome, tab, batch, timeout)
        labelled += [(t, box) for (_, t, box), good in zip(batch, ok) if good]
        left_out["unmatched"] += ok.count(False)
    left_out["beyond_max"] = len(order) - checked
    return labelled, left_out, view


def _verify(chrome: Chromium, tab: Tab, batch: list[tuple[_Frame, Candidate, Rect]], timeout: float) -> list[bool]:
    """Whether each target's selector matches exactly its element in the browser, frame by frame."""
    ok: dict[int, bool] = {}
    frames = {id(frame): frame for frame, _, _ in batch}
    for key, frame in frames.items():
        mine = [(i, t) for i, (f, t, _) in enumerate(batch) if id(f) == key]
        checks = [{"selector": t.selector, "path": t.path} for _, t in mine]
        ok |= dict(zip((i for i, _ in mine), chrome.verify(tab, list(frame.path), checks, timeout)))
    return [ok[i] for i in range(len(batch))]


def _measure_frame(
    chrome: Chromium,
    tab: Tab,
    frame: _Frame,
    full_page: bool,
    timeout: float,
    origin: dict[str, float] | None,
    clip: dict[str, float] | None,
    found: list[tuple[_Frame, Candidate, Rect]],
    left_out: dict[str, int],
) -> dict[str, Any]:
    request = {
        "targets": [{"path": t.path, "tag": t.tag} for t in frame.targets],
        "fullPage": full_page,
        "frames": [iframe for iframe, _ in frame.children],
        "origin": origin,
        "clip": clip,
    }
    measured: Measured = chrome.measure(tab, list(frame.path), request, timeout)
    for item in measured.items:
        found.append((frame, frame.targets[item["i"]], Rect(item["x"], item["y"], item["width"], item["height"])))
    for reason, count in measured.counts.items():
        left_out[LEFT_OUT[reason]] += count
    if clip is None:
        view = measured.view
        far = (view["documentWidth"], view["documentHeight"]) if full_page else (view["width"], view["height"])
        clip = {"left": 0, "top": 0, "right": far[0], "bottom": far[1]}
    for (_, child), box in zip(frame.children, measured.frames):
        if box["state"] != "visible":  # the whole frame cannot be seen: nor can anything in it
            left_out[LEFT_OUT.get(box["state"], "hidden")] += child.count()
            continue
        inner = {
            "left": max(clip["left"], box["x"]),
            "top": max(clip["top"], box["y"]),
            "right": min(clip["right"], box["x"] + box["width"]),
            "bottom": min(clip["bottom"], box["y"] + box["height"]),
        }
        origin_here = {"x": box["x"], "y": box["y"]}
        _measure_frame(chrome, tab, child, full_page, timeout, origin_here, inner, found, left_out)
    return measured.view


def _viewport() -> tuple[int, int]:
    return VIEWPORT["width"], VIEWPORT["height"]


def _discard(chrome: Chromium, loading: Future) -> None:
    if loading.exception() is None:
        chrome.discard(loading.result())
