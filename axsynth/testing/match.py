"""``match_aria_snapshot``: Playwright's ``toMatchAriaSnapshot`` without a browser.

Matching follows Playwright's ``matchesNodeDeep``: the template may match at any
node of the received tree.  A node matches when its role, the states the
template names, its name (exact or ``/regex/``) and ``/url`` agree, and its
children contain the template's children in order (``/children: contain``,
the default), or are exactly them (``equal``; ``deep-equal`` all the way down).

On a mismatch the result explains itself: the template lines that found no
counterpart, and a diff between the template and the received snapshot aligned
to it (parts that matched are shown as the template wrote them, so the diff
only marks what differs).
"""

from __future__ import annotations

import difflib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Union

from ..emit.aria import yaml_key, yaml_value
from ..playwright.template import (
    AriaTemplateError,
    SnapshotNode,
    TemplateNode,
    TemplateRole,
    TemplateText,
    TextValue,
    parse_snapshot,
    parse_template,
)

if TYPE_CHECKING:
    from ..api import Document

__all__ = ["AriaMatch", "AriaSource", "as_document", "match_aria_snapshot", "received_snapshot"]

AriaSource = Union["Document", str, bytes, os.PathLike]
Received = Union[SnapshotNode, str]

_MAX_PROBLEMS = 5
_STATE_ORDER = ("checked", "disabled", "expanded", "invalid", "level", "pressed", "selected")


@dataclass
class AriaMatch:
    """The outcome of :func:`match_aria_snapshot`; true when the template matched.

    ``received`` is the whole ARIA snapshot; on a mismatch ``problems`` lists the
    template lines that found no counterpart and ``diff`` compares the template
    (``-``) with the received snapshot aligned to it (``+``).

    >>> result = match_aria_snapshot("<button>Go</button>", '- button "Stop"')
    >>> bool(result), result.problems
    (False, ['line 1: - button "Stop" — received button "Go"'])
    """

    matched: bool
    template: str
    received: str
    problems: list[str] = field(default_factory=list)
    diff: str = ""

    def __bool__(self) -> bool:
        return self.matched

    @property
    def message(self) -> str:
        if self.matched:
            return "the ARIA snapshot matches the template"
        lines = ["the ARIA snapshot does not match the template"]
        lines += [f"  {problem}" for problem in self.problems[:_MAX_PROBLEMS]]
        if len(self.problems) > _MAX_PROBLEMS:
            lines.append(f"  … and {len(self.problems) - _MAX_PROBLEMS} more")
        return "\n".join(lines) + "\n\n" + self.diff

    def __repr__(self) -> str:
        # One line: pytest escapes newlines in the repr of a bare "assert result".
        if self.matched:
            return "<AriaMatch matched>"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return f"<AriaMatch failed: {self.problems[0]}{more}>"

    def __str__(self) -> str:
        return self.message


def match_aria_snapshot(tree_or_html: AriaSource, template: str, *, scope: str | None = None) -> AriaMatch:
    """Match ``template`` (toMatchAriaSnapshot's YAML) against an ARIA snapshot.

    ``tree_or_html`` is a :class:`~axsynth.Document`, an HTML string or bytes, a
    ``pathlib.Path`` to an HTML file, or an ARIA snapshot already computed (text whose first
    line starts with ``-``; blank text is the empty snapshot).  ``scope`` is a
    CSS selector for the element to snapshot, as ``page.locator(scope)``.
    Raises :class:`~axsynth.AriaTemplateError` for a template it cannot read, and
    for an empty one (it would match any page).

    >>> from axsynth import match_aria_snapshot
    >>> bool(match_aria_snapshot("<h1>Hi</h1><button>Go</button>", '- button "Go"'))
    True
    """
    if not isinstance(template, str):
        raise TypeError(f"the template must be a str, got {type(template).__name__}")
    expected = parse_template(template)
    if _lists_nothing(expected):
        raise AriaTemplateError(
            "the template is empty, so it would match any page: write the nodes you "
            "expect, or leave it empty and run pytest --axsynth-update to fill it in",
            1,
        )
    received = received_snapshot(tree_or_html, scope)
    tree = parse_snapshot(received)
    expected_text = "\n".join(_render(_show_template_top(expected)))
    if _find_match(tree, expected) is not None:
        return AriaMatch(True, expected_text, received)
    aligned = _Aligner()
    shown = aligned.best_alignment(tree, expected)
    diff = _diff(expected_text.splitlines(), _render(shown))
    return AriaMatch(False, expected_text, received, aligned.problems, diff)


def template_is_empty(template: str) -> bool:
    """Whether a template lists nothing (blank, or comments only)."""
    if not isinstance(template, str):
        raise TypeError(f"the template must be a str, got {type(template).__name__}")
    return _lists_nothing(parse_template(template))


def _lists_nothing(expected: TemplateNode) -> bool:
    return isinstance(expected, TemplateRole) and expected.role == "fragment" and not expected.children


def received_snapshot(tree_or_html: AriaSource, scope: str | None = None) -> str:
    """The ARIA snapshot text of a Document, HTML, an HTML file or a snapshot."""
    if isinstance(tree_or_html, str) and _looks_like_snapshot(tree_or_html):
        if scope is not None:
            raise ValueError("scope needs a Document or HTML, not a snapshot")
        return tree_or_html
    return as_document(tree_or_html).aria_snapshot(scope)


def as_document(source: AriaSource) -> "Document":
    """A Document as is; HTML text or bytes parsed; a path read as an HTML file."""
    from ..api import Document

    if isinstance(source, Document):
        return source
    if isinstance(source, os.PathLike):
        return Document.from_file(Path(source))
    if isinstance(source, str) and _looks_like_file_name(source):
        raise ValueError(
            f"{source!r} looks like a file name, not HTML: pass pathlib.Path({source!r}) "
            "to read the file (a str is read as HTML)"
        )
    return Document.from_html(source)


def _looks_like_file_name(text: str) -> bool:
    """A short one-line string without markup that names an existing file or ends
    like an HTML file name: parsed as HTML it would silently be a page of one word."""
    if "<" in text or "\n" in text or len(text) > 1024:
        return False
    name = text.strip()
    if name.lower().endswith((".html", ".htm", ".xhtml")):
        return True
    try:
        return Path(name).is_file()
    except (OSError, ValueError):
        return False


def _looks_like_snapshot(text: str) -> bool:
    first = text.lstrip()
    return not first or first == "-" or first.startswith(("- ", "-\n"))


# --- Playwright's matching rules ---------------------------------------------------------------


def _find_match(root: SnapshotNode, template: TemplateNode) -> Received | None:
    """The first node, in document order, that the template matches (matchesNodeDeep)."""
    for node in _walk(root):
        if _matches(node, template, deep_equal=False):
            return node
    return None


def _walk(node: Received) -> Iterator[Received]:
    yield node
    if isinstance(node, SnapshotNode):
        for child in node.children:
            yield from _walk(child)


def _matches(node: Received, template: TemplateNode, deep_equal: bool) -> bool:
    if isinstance(template, TemplateText):
        return isinstance(node, str) and template.text.matches(node)
    if isinstance(node, str) or not _fields_match(node, template):
        return False
    mode = _children_mode(template, deep_equal)
    if mode == "contain":
        return _contains(node.children, template.children)
    return _equal(node.children, template.children, mode == "deep-equal")


def _fields_match(node: SnapshotNode, template: TemplateRole) -> bool:
    """Everything but the children: role, named states, name and url."""
    if template.role not in ("fragment", node.role):
        return False
    if any(node.states.get(state) != want for state, want in template.states.items()):
        return False
    url = template.props.get("url")
    return template.name_matches(node.name) and (url is None or url.matches(node.props.get("url", "")))


def _children_mode(template: TemplateRole, deep_equal: bool) -> str:
    if template.mode == "contain" or (template.mode is None and not deep_equal):
        return "contain"
    return "deep-equal" if deep_equal or template.mode == "deep-equal" else "equal"


def _contains(children: list[Received], templates: list[TemplateNode]) -> bool:
    """Each template child matches a later child than the previous one did."""
    remaining = iter(children)
    return all(any(_matches(child, template, False) for child in remaining) for template in templates)


def _equal(children: list[Received], templates: list[TemplateNode], deep_equal: bool) -> bool:
    return len(children) == len(templates) and all(
        _matches(child, template, deep_equal) for child, template in zip(children, templates)
    )


# --- explaining a mismatch -------------------------------------------------------------------------


@dataclass
class _Shown:
    """One entry of a snapshot as printed: a node (key, props, children) or a text."""

    key: str | None
    text: str = ""
    props: list[str] = field(default_factory=list)
    children: list["_Shown"] = field(default_factory=list)


class _Aligner:
    """Lines the received tree up with the template to show where they differ."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []  # (template line, what is wrong there)

    @property
    def problems(self) -> list[str]:
        return [text for _, text in sorted(self.found, key=lambda problem: problem[0])]

    def best_alignment(self, root: SnapshotNode, template: TemplateNode) -> list[_Shown]:
        candidates = _candidates(root, template)
        if not candidates:
            what = f"role {template.role!r}" if isinstance(template, TemplateRole) else "text"
            self.found.append((template.line, f"line {template.line}: no node with {what} in the snapshot"))
            return [_show_received(child) for child in root.children]
        scored: list[tuple[float, int, list[_Shown], list[tuple[int, str]]]] = []
        for node in candidates:
            trial = _Aligner()
            shown, score = trial.align_top(node, template)
            scored.append((score, -len(scored), shown, trial.found))
        _, _, shown, self.found = max(scored, key=lambda entry: entry[:2])
        return shown

    def align_top(self, node: SnapshotNode, template: TemplateNode) -> tuple[list[_Shown], float]:
        """A fragment template is shown as its children; a single node as itself."""
        if isinstance(template, TemplateRole) and template.role == "fragment":
            children, score = self.align_children(node.children, template, deep_equal=False)
            return _mode_line(template) + children, score
        if isinstance(template, TemplateText):
            fragment = TemplateRole("fragment", children=[template])
            return self.align_children(node.children, fragment, deep_equal=False)
        shown, score = self.align(node, template, deep_equal=False)
        return [shown], score

    def align(self, node: Received, template: TemplateNode, deep_equal: bool) -> tuple[_Shown, float]:
        if isinstance(template, TemplateText) or isinstance(node, str):
            return self._align_leaf(node, template)
        if not _fields_match(node, template):
            self.found.append(_problem(template, f"received {_show_received(node, with_children=False).key}"))
            # A near miss (same name, say) still beats an unrelated node of the role.
            shown, score = _show_received(node, with_children=False), _likeness(node, template) / 5
        else:
            shown, score = _show_template(template, with_children=False), 1
        shown.props = _mode_line_text(template) + self._align_props(node, template)
        shown.children, child_score = self.align_children(node.children, template, deep_equal)
        return shown, score + child_score

    def _align_leaf(self, node: Received, template: TemplateNode) -> tuple[_Shown, float]:
        if _matches(node, template, deep_equal=False):
            return _show_template(template), 1
        self.found.append(_problem(template, f"received {_describe(node)}"))
        return _show_received(node), 0

    def _align_props(self, node: SnapshotNode, template: TemplateRole) -> list[str]:
        shown = []
        for prop, value in node.props.items():
            wanted = template.props.get(prop)
            if wanted is None:
                continue
            shown.append(_prop_line(prop, wanted) if wanted.matches(value) else f"/{prop}: {yaml_value(value)}")
        return shown

    def align_children(
        self, children: list[Received], template: TemplateRole, deep_equal: bool
    ) -> tuple[list[_Shown], float]:
        mode = _children_mode(template, deep_equal)
        if mode == "contain":
            return self._align_contained(children, template.children)
        return self._align_equal(children, template, mode == "deep-equal")

    def _align_equal(
        self, children: list[Received], parent: TemplateRole, deep_equal: bool
    ) -> tuple[list[_Shown], float]:
        templates = parent.children
        shown: list[_Shown] = []
        score: float = 0
        for child, template in zip(children, templates):
            aligned, gained = self.align(child, template, deep_equal)
            shown.append(aligned)
            score += gained
        shown += [_show_received(child) for child in children[len(templates) :]]
        for template in templates[len(children) :]:
            self.found.append(_problem(template, "missing: there are fewer children"))
        if len(children) > len(templates):
            extra = len(children) - len(templates)
            self.found.append(
                (parent.line, f"line {parent.line}: {extra} more children than the {len(templates)} the template lists")
            )
        return shown, score

    def _align_contained(self, children: list[Received], templates: list[TemplateNode]) -> tuple[list[_Shown], float]:
        pairs = _greedy_pairs(children, templates)
        unmatched = [t for t in range(len(templates)) if t not in pairs.values()]
        lost_windows = []
        for t in unmatched:
            window = _window(pairs, t, len(children))
            closest = _closest(children, templates[t], [c for c in window if c not in pairs])
            if closest is None:
                self.found.append(_problem(templates[t], "not found"))
                lost_windows.append(window)
            else:
                pairs[closest] = t
        shown: list[_Shown] = []
        score: float = 0
        for index, child in enumerate(children):
            if index in pairs:
                aligned, gained = self.align(child, templates[pairs[index]], deep_equal=False)
                shown.append(aligned)
                score += gained
            elif any(index in window for window in lost_windows):
                # Show what is there instead of the missing template lines.
                shown.append(_show_received(child))
        return shown, score


def _candidates(root: SnapshotNode, template: TemplateNode) -> list[SnapshotNode]:
    nodes = [node for node in _walk(root) if isinstance(node, SnapshotNode)]
    if isinstance(template, TemplateRole) and template.role != "fragment":
        return [node for node in nodes if node.role == template.role]
    return nodes


def _greedy_pairs(children: list[Received], templates: list[TemplateNode]) -> dict[int, int]:
    """child index -> template index, as containsList pairs them (in order,
    skipping a template that finds no match)."""
    pairs, start = {}, 0
    for t, template in enumerate(templates):
        for index in range(start, len(children)):
            if _matches(children[index], template, False):
                pairs[index] = t
                start = index + 1
                break
    return pairs


def _window(pairs: dict[int, int], t: int, count: int) -> range:
    """The children between the ones paired with the templates before and after ``t``."""
    before = [c for c, paired in pairs.items() if paired < t]
    after = [c for c, paired in pairs.items() if paired > t]
    return range(max(before) + 1 if before else 0, min(after) if after else count)


def _closest(children: list[Received], template: TemplateNode, indexes: list[int]) -> int | None:
    """The child most like the template (same kind, then same role, name, states)."""
    best, best_score = None, 0
    for index in indexes:
        score = _likeness(children[index], template)
        if score > best_score:
            best, best_score = index, score
    return best


def _likeness(node: Received, template: TemplateNode) -> int:
    if isinstance(template, TemplateText):
        return 1 if isinstance(node, str) else 0
    if isinstance(node, str) or template.role not in ("fragment", node.role):
        return 0
    same_states = all(node.states.get(state) == want for state, want in template.states.items())
    return 1 + 2 * template.name_matches(node.name) + same_states


def _problem(template: TemplateNode, detail: str) -> tuple[int, str]:
    shown = _show_template(template, with_children=False)
    written = f"text: {shown.text}" if shown.key is None else shown.key
    return template.line, f"line {template.line}: - {written} — {detail}"


def _describe(node: Received) -> str:
    return f"text {yaml_value(node)}" if isinstance(node, str) else node.key


# --- printing -----------------------------------------------------------------------------------


def _show_template_top(template: TemplateNode) -> list[_Shown]:
    if isinstance(template, TemplateRole) and template.role == "fragment":
        return _mode_line(template) + [_show_template(child) for child in template.children]
    return [_show_template(template)]


def _show_template(template: TemplateNode, with_children: bool = True) -> _Shown:
    if isinstance(template, TemplateText):
        return _Shown(None, _text_value(template.text))
    props = _mode_line_text(template) + [_prop_line(prop, value) for prop, value in template.props.items()]
    children = [_show_template(child) for child in template.children] if with_children else []
    return _Shown(yaml_key(_template_key(template)), props=props, children=children)


def _template_key(template: TemplateRole) -> str:
    key = template.role
    if isinstance(template.name, re.Pattern):
        key += f" /{template.name.pattern}/"
    elif template.name:
        key += " " + json.dumps(template.name, ensure_ascii=False)
    for state in _STATE_ORDER:
        if state in template.states:
            key += " " + _attribute(state, template.states[state])
    return key


def _attribute(state: str, value: object) -> str:
    if value is True:
        return f"[{state}]"
    return f"[{state}={str(value).lower() if isinstance(value, bool) else value}]"


def _text_value(value: TextValue) -> str:
    return value.raw if value.regex is not None else yaml_value(value.normalized)


def _prop_line(prop: str, value: TextValue) -> str:
    return f"/{prop}: {_text_value(value)}"


def _mode_line_text(template: TemplateRole) -> list[str]:
    return [f"/children: {template.mode}"] if template.mode else []


def _mode_line(template: TemplateRole) -> list[_Shown]:
    return [_Shown(line) for line in _mode_line_text(template)]


def _show_received(node: Received, with_children: bool = True) -> _Shown:
    if isinstance(node, str):
        return _Shown(None, yaml_value(node))
    props = [f"/{prop}: {yaml_value(value)}" for prop, value in node.props.items()]
    children = [_show_received(child) for child in node.children] if with_children else []
    return _Shown(yaml_key(node.key), props=props, children=children)


def _render(entries: list[_Shown], depth: int = 0) -> list[str]:
    lines = []
    for entry in entries:
        lines += _render_one(entry, "  " * depth, depth)
    return lines


def _render_one(entry: _Shown, indent: str, depth: int) -> list[str]:
    if entry.key is None:
        return [f"{indent}- text: {entry.text}"]
    only_text = len(entry.children) == 1 and entry.children[0].key is None
    if not entry.props and not entry.children:
        return [f"{indent}- {entry.key}"]
    if not entry.props and only_text:
        return [f"{indent}- {entry.key}: {entry.children[0].text}"]
    props = [f"{indent}  - {prop}" for prop in entry.props]
    return [f"{indent}- {entry.key}:", *props, *_render(entry.children, depth + 1)]


def _diff(expected: list[str], received: list[str]) -> str:
    lines = difflib.unified_diff(expected, received, "expected (template)", "received", n=3, lineterm="")
    return "\n".join(lines)
