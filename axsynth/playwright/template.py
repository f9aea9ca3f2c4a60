"""ARIA snapshot text as trees: templates (what a test expects) and snapshots
(what a page has).

Both are written in the same notation, ``- role "name" [attr=value]: ...``, and
read with the rules of Playwright's ``parseAriaSnapshot`` and ``KeyParser``.
A template may leave things out and may use ``/regex/`` for names and text; a
snapshot is what :meth:`axsynth.Document.aria_snapshot` prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Pattern, Union, cast

from ..data import aria_snapshot as roles_with
from .dom import normalize_whitespace
from .yaml import AriaTemplateError, Entry, Item, Scalar, read_sequence

__all__ = [
    "AriaTemplateError",
    "ContainerMode",
    "SnapshotNode",
    "TemplateRole",
    "TemplateText",
    "TextValue",
    "parse_snapshot",
    "parse_template",
]

ContainerMode = Literal["contain", "equal", "deep-equal"]
StateValue = Union[bool, str, int]

# The states a key can carry, and the roles that have each one (a role outside
# the set has no value at all, so "[checked=false]" does not match a button).
STATE_ROLES: dict[str, frozenset[str]] = {
    "checked": roles_with.CHECKED_ROLES,
    "disabled": roles_with.DISABLED_ROLES,
    "expanded": roles_with.EXPANDED_ROLES,
    "invalid": roles_with.INVALID_ROLES,
    "level": roles_with.LEVEL_ROLES,
    "pressed": roles_with.PRESSED_ROLES,
    "selected": roles_with.SELECTED_ROLES,
}
_STATE_DEFAULTS: dict[str, StateValue] = {"level": 0}
_ALLOWED_VALUES = {
    "checked": ("true", "false", "mixed"),
    "pressed": ("true", "false", "mixed"),
    "invalid": ("true", "false", "grammar", "spelling"),
}
_WORDS = {"true": True, "false": False}
_IDENTIFIER = re.compile("[a-zA-Z]+")
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ATTRIBUTE_VALUE = re.compile(r"[^\]\s]*")


@dataclass
class TextValue:
    """Expected text: Playwright compares it whitespace-normalized, accepts the raw
    text as is, and treats ``/.../`` as a regular expression when it compiles."""

    raw: str
    normalized: str
    regex: Pattern[str] | None

    @classmethod
    def of(cls, raw: str) -> "TextValue":
        regex = None
        if len(raw) > 1 and raw.startswith("/") and raw.endswith("/"):
            try:
                regex = js_regex(raw[1:-1])
            except re.error:
                regex = None  # like Playwright: an invalid pattern is plain text
        return cls(raw, normalize_whitespace(raw), regex)

    def matches(self, text: str) -> bool:
        if not self.normalized:
            return True
        if not text:
            return False
        if text in (self.normalized, self.raw):
            return True
        return self.regex is not None and self.regex.search(text) is not None


@dataclass
class TemplateText:
    text: TextValue
    line: int


@dataclass
class TemplateRole:
    role: str
    name: str | Pattern[str] = ""
    states: dict[str, StateValue] = field(default_factory=dict)
    props: dict[str, TextValue] = field(default_factory=dict)
    children: list["TemplateNode"] = field(default_factory=list)
    mode: ContainerMode | None = None
    line: int = 0

    def name_matches(self, name: str) -> bool:
        if not self.name:
            return True
        if not name:
            return False
        if isinstance(self.name, str):
            return name == self.name
        return self.name.search(name) is not None


TemplateNode = Union[TemplateRole, TemplateText]


@dataclass
class SnapshotNode:
    """A node of a received snapshot: role, name, states (None where the role has
    no such state), props such as ``url``, and children (nodes and text)."""

    role: str
    name: str = ""
    states: dict[str, StateValue | None] = field(default_factory=dict)
    props: dict[str, str] = field(default_factory=dict)
    children: list[Union["SnapshotNode", str]] = field(default_factory=list)
    key: str = ""


# --- templates --------------------------------------------------------------------------------


def parse_template(text: str) -> TemplateRole | TemplateText:
    """The template Playwright's ``toMatchAriaSnapshot`` would build from ``text``:
    a fragment of the top-level items, or the one item when there is only one."""
    fragment = TemplateRole("fragment", line=1)
    _template_items(fragment, read_sequence(text))
    if len(fragment.children) == 1 and fragment.mode in (None, "contain"):
        return fragment.children[0]
    return fragment


def _template_items(container: TemplateRole, items: list[Item]) -> None:
    for item in items:
        if item.scalar is not None:
            container.children.append(parse_key(item.scalar))
        for entry in item.entries:
            _template_entry(container, entry)


def _template_entry(container: TemplateRole, entry: Entry) -> None:
    key, value = entry.key, entry.value
    if key.text == "text":
        container.children.append(TemplateText(TextValue.of(_scalar_value(entry)), key.line))
    elif key.text == "/children":
        mode = _scalar_value(entry)
        if mode not in ("contain", "equal", "deep-equal"):
            raise AriaTemplateError('/children must be "contain", "equal" or "deep-equal"', key.line)
        container.mode = cast(ContainerMode, mode)
    elif key.text.startswith("/"):
        container.props[key.text[1:]] = TextValue.of(_scalar_value(entry))
    else:
        node = _entry_key(entry)
        if isinstance(value, Scalar):
            node.children = [TemplateText(TextValue.of(value.text), value.line)]
        elif isinstance(value, list):
            _template_items(node, value)
        container.children.append(node)


def _entry_key(entry: Entry) -> TemplateRole:
    """The key of a ``key: value`` entry. YAML ends a plain key at the first ": ",
    so an unquoted ``- checkbox "Done: Write report"`` splits inside its name; the
    error then shows the key quoted as ``aria_snapshot()`` prints it."""
    if not isinstance(entry.value, Scalar) or entry.key.text.count('"') % 2 == 0:
        return parse_key(entry.key)
    try:
        return _KeyParser(entry.key.text).parse(entry.key.line)
    except _KeyError as error:
        whole = f"{entry.key.text}: {entry.value.text}"
        quoted = "'" + whole.replace("'", "''") + "'"
        raise AriaTemplateError(
            f'{error.message} in the key {entry.key.text!r}: YAML ends a plain key at the first ": ". '
            f"Quote the whole key, as aria_snapshot() prints it:\n\n- {quoted}\n",
            entry.key.line,
        ) from None


def _scalar_value(entry: Entry) -> str:
    if not isinstance(entry.value, Scalar):
        raise AriaTemplateError(f"{entry.key.text}: the value must be a string", entry.key.line)
    return entry.value.text


def parse_key(key: Scalar) -> TemplateRole:
    """``role "name" [attr=value]…`` (or ``role /regex/ …``), as KeyParser reads it."""
    try:
        return _KeyParser(key.text).parse(key.line)
    except _KeyError as exc:
        caret = " " * exc.pos + "^"
        raise AriaTemplateError(f"{exc.message}:\n\n{key.text}\n{caret}\n", key.line) from None


class _KeyError(Exception):
    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos


class _KeyParser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def parse(self, line: int) -> TemplateRole:
        self._skip_space()
        role = self._identifier("role")
        self._skip_space()
        node = TemplateRole(role, self._name(), line=line)
        self._attributes(node)
        self._skip_space()
        if self.pos < len(self.text):
            raise _KeyError("Unexpected input", self.pos)
        return node

    def _skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def _identifier(self, kind: str) -> str:
        if self.pos >= len(self.text):
            raise _KeyError(f"Unexpected end of input when expecting {kind}", self.pos)
        match = _IDENTIFIER.match(self.text, self.pos)
        if not match:
            raise _KeyError(f"Expected {kind}", self.pos)
        self.pos = match.end()
        return match.group()

    def _name(self) -> str | Pattern[str]:
        opener = self.text[self.pos : self.pos + 1]
        if opener == '"':
            return normalize_whitespace(self._string())
        if opener == "/":
            start = self.pos
            pattern = self._regex()
            try:
                return js_regex(pattern)
            except re.error as exc:
                raise _KeyError(f"Invalid regular expression /{pattern}/: {exc}", start) from None
        return ""

    def _string(self) -> str:
        # JSON escapes, since snapshot names are printed with JSON.stringify.
        match = _QUOTED.match(self.text, self.pos)
        if match is None:
            raise _KeyError("Unterminated string", len(self.text))
        self.pos = match.end()
        return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", _json_escape, match.group(1))

    def _regex(self) -> str:
        out, in_class, i = [], False, self.pos + 1
        while i < len(self.text):
            char = self.text[i]
            if char == "\\" and i + 1 < len(self.text):
                out.append(self.text[i : i + 2])
                i += 2
                continue
            if char == "/" and not in_class:
                self.pos = i + 1
                return "".join(out)
            if char == "[":
                in_class = True
            elif char == "]":
                in_class = False
            out.append(char)
            i += 1
        raise _KeyError("Unterminated regex", len(self.text))

    def _attributes(self, node: TemplateRole) -> None:
        while True:
            self._skip_space()
            if self.text[self.pos : self.pos + 1] != "[":
                return
            self.pos += 1
            self._skip_space()
            name_pos = self.pos
            name = self._identifier("attribute")
            self._skip_space()
            value, value_pos = "", name_pos
            if self.text[self.pos : self.pos + 1] == "=":
                self.pos += 1
                self._skip_space()
                value_pos = self.pos
                match = _ATTRIBUTE_VALUE.match(self.text, self.pos)
                assert match is not None  # the pattern matches the empty string
                value, self.pos = match.group(), match.end()
            self._skip_space()
            if self.text[self.pos : self.pos + 1] != "]":
                raise _KeyError("Expected ]", self.pos)
            self.pos += 1
            node.states[name] = _attribute_value(name, value or "true", name_pos, value_pos)


def _attribute_value(name: str, value: str, name_pos: int, value_pos: int) -> StateValue:
    if name not in STATE_ROLES:
        raise _KeyError(f"Unsupported attribute [{name}]", name_pos)
    if name == "level":
        if not re.fullmatch(r"[0-9]+", value):
            raise _KeyError('Value of "level" attribute must be a number', value_pos)
        return int(value)
    allowed = _ALLOWED_VALUES.get(name, ("true", "false"))
    if value not in allowed:
        kinds = "a boolean" if len(allowed) == 2 else "one of " + ", ".join(allowed)
        raise _KeyError(f'Value of "{name}" attribute must be {kinds}', value_pos)
    return _WORDS.get(value, value)


def _json_escape(match: re.Match) -> str:
    code = match.group(1)
    if code.startswith("u") and len(code) == 5:
        return chr(int(code[1:], 16))
    return {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}.get(code, code)


def js_regex(pattern: str) -> Pattern[str]:
    """Compile a JavaScript pattern (no flags) with Python's ``re``: named groups
    are spelled differently, the rest of the common syntax is shared."""
    pattern = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", pattern)
    pattern = re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", pattern)
    return re.compile(pattern)


# --- received snapshots -----------------------------------------------------------------------


def parse_snapshot(text: str) -> SnapshotNode:
    """The tree of an ARIA snapshot (as :meth:`Document.aria_snapshot` prints it),
    under a ``fragment`` root."""
    root = SnapshotNode("fragment")
    _snapshot_items(root, read_sequence(text))
    return root


def _snapshot_items(parent: SnapshotNode, items: list[Item]) -> None:
    for item in items:
        if item.scalar is not None:
            parent.children.append(_snapshot_node(item.scalar))
        for entry in item.entries:
            _snapshot_entry(parent, entry)


def _snapshot_entry(parent: SnapshotNode, entry: Entry) -> None:
    key, value = entry.key, entry.value
    if key.text == "text":
        parent.children.append(_scalar_value(entry))
    elif key.text.startswith("/"):
        parent.props[key.text[1:]] = _scalar_value(entry)
    else:
        node = _snapshot_node(key)
        if isinstance(value, Scalar):
            node.children = [value.text]
        elif isinstance(value, list):
            _snapshot_items(node, value)
        parent.children.append(node)


def _snapshot_node(key: Scalar) -> SnapshotNode:
    parsed = parse_key(key)
    if not isinstance(parsed.name, str):
        raise AriaTemplateError("a received snapshot cannot contain a /regex/ name", key.line)
    states: dict[str, StateValue | None] = {
        state: parsed.states.get(state, _STATE_DEFAULTS.get(state, False))
        for state, roles in STATE_ROLES.items()
        if parsed.role in roles
    }
    return SnapshotNode(parsed.role, parsed.name, states, key=key.text)
