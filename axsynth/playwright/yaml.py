"""The YAML subset that ARIA snapshots and templates are written in.

Playwright parses templates with a full YAML library, but snapshots only ever
use block sequences of scalars and one-line ``key: value`` maps, so a small
line-based reader is enough and keeps axsynth free of a YAML dependency:

    - heading "Title" [level=1]          a scalar item
    - link "Docs":                       a map item whose value is a sequence
      - /url: /docs
    - listitem: one                      a map item whose value is a scalar

Plain, 'single-quoted' and "double-quoted" scalars are understood, a value or
a sequence item may be a block scalar (``|``, ``>``, with ``-``/``+`` chomping), a
value also a plain or quoted string continued on more-indented lines, as YAML folds them. Anchors and flow
collections are not (they are reported as errors, with the line number).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Union

__all__ = ["AriaTemplateError", "Entry", "Item", "Scalar", "read_sequence"]


class AriaTemplateError(ValueError):
    """A template (or snapshot text) that cannot be read; ``line`` is 1-based.

    >>> from axsynth import AriaTemplateError, match_aria_snapshot
    >>> try:
    ...     match_aria_snapshot("<button>Go</button>", "- button [focused]")
    ... except AriaTemplateError as error:
    ...     print(error.line, str(error).splitlines()[0])
    1 line 1: Unsupported attribute [focused]:
    """

    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass
class Scalar:
    text: str
    line: int


@dataclass
class Entry:
    """One ``key: value`` of a map item; the value is a scalar, a sequence, or
    None for a bare ``key:``."""

    key: Scalar
    value: Union[Scalar, list["Item"], None]


@dataclass
class Item:
    """One ``- ...`` of a sequence: a scalar, or a map of one or more entries."""

    line: int
    scalar: Scalar | None = None
    entries: list[Entry] = field(default_factory=list)


@dataclass
class _Line:
    number: int
    indent: int
    text: str


_DOUBLE_QUOTE_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "\t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
    '"': '"',
    "/": "/",
    "\\": "\\",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}
_HEX_ESCAPE_LENGTHS = {"x": 2, "u": 4, "U": 8}


def read_sequence(text: str) -> list[Item]:
    """The top-level block sequence of ``text`` (which may be indented as a whole,
    as a template in a triple-quoted Python string usually is)."""
    lines = _significant_lines(_join_multiline_values(textwrap.dedent(text).splitlines()))
    if not lines:
        return []
    reader = _Reader(lines)
    items = reader.sequence(lines[0].indent)
    if reader.pos < len(lines):
        raise AriaTemplateError("unexpected indentation", lines[reader.pos].number)
    return items


def _significant_lines(numbered: list[tuple[int, str]]) -> list[_Line]:
    lines = []
    for number, raw in numbered:
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        body = raw.lstrip(" ")
        if body.startswith("\t"):
            raise AriaTemplateError("tabs are not allowed in indentation", number)
        lines.append(_Line(number, len(raw) - len(body), body.rstrip()))
    return lines


# ``[- ]key: value`` on one line, the key plain (ending at the first ": ") or quoted.
_KEY_VALUE = re.compile(
    r"""(?P<head>\s*(?:-\s+)?(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'#-][^\n]*?|-[^\s][^\n]*?):[ \t]+)"""
    r"""(?P<value>\S.*)"""
)
_BLOCK_HEADER = re.compile(r"(?P<style>[|>])(?P<indicators>[-+1-9]{0,2})\s*(?:#.*)?")
# ``- |`` (or ``- >-``...): a sequence item that is itself a block scalar.
_ITEM_BLOCK = re.compile(r"(?P<head>(?P<dash>\s*)-\s+)(?P<value>[|>][-+1-9]{0,2}\s*(?:#.*)?)")


def _join_multiline_values(raw_lines: list[str]) -> list[tuple[int, str]]:
    """(line number, line), with every value that YAML reads over several lines
    (a block scalar, a quoted or plain string continued below) rewritten as one
    double-quoted scalar on its first line, so that the reader sees one line per node."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(raw_lines):
        line, number = raw_lines[i], i + 1
        i += 1
        item = _ITEM_BLOCK.fullmatch(line)
        if item is not None:  # its content: the lines indented more than the dash
            below = _continuation(raw_lines, i, len(item.group("dash")))
            header = _BLOCK_HEADER.fullmatch(item.group("value"))
            text = _block_scalar(raw_lines[i : i + below], header.group("style"), header.group("indicators"), number)
            out.append((number, item.group("head") + _double_quoted(text)))
            i += below
            continue
        match = _KEY_VALUE.fullmatch(line)
        if match is None:
            out.append((number, line))
            continue
        key_column = re.match(r"\s*(?:-\s+)?", line).end()  # continuation lines sit to its right
        value = match.group("value")
        below = _continuation(raw_lines, i, key_column)
        header = _BLOCK_HEADER.fullmatch(value)
        if header is not None:
            text = _block_scalar(raw_lines[i : i + below], header.group("style"), header.group("indicators"), number)
        elif value[0] in "\"'" and below and _unterminated(value):
            text = _fold_quoted(value, raw_lines[i : i + below], number)
        elif value[0] not in "\"'" and below and not _is_sequence_entry(raw_lines[i].strip()):
            text = _fold_lines([value.rstrip()] + [raw.strip() for raw in raw_lines[i : i + below]])
            if "#" in text:
                text = value  # a comment ends a plain scalar: read it as YAML would, line by line
                below = 0
        else:
            out.append((number, line))
            continue
        out.append((number, match.group("head") + _double_quoted(text)))
        i += below
    return out


def _continuation(raw_lines: list[str], start: int, indent: int) -> int:
    """How many lines from ``start`` are blank or indented more than ``indent``
    (not counting trailing blank lines)."""
    count = last = 0
    for raw in raw_lines[start:]:
        if raw.strip() and len(raw) - len(raw.lstrip(" ")) <= indent:
            break
        count += 1
        if raw.strip():
            last = count
    return last


def _block_scalar(lines: list[str], style: str, indicators: str, number: int) -> str:
    """A literal (``|``) or folded (``>``) block scalar's text, with its chomping."""
    content = [raw for raw in lines if raw.strip()]
    digits = [c for c in indicators if c.isdigit()]
    if not content:
        return ""
    base = min(len(raw) - len(raw.lstrip(" ")) for raw in content)
    if digits:
        base = min(base, int(digits[0]))
    body = [raw[base:] if raw.strip() else "" for raw in lines]
    text = "\n".join(body) if style == "|" else _fold_lines(body, keep_indented=True)
    if "-" in indicators:
        return text.rstrip("\n")
    return text.rstrip("\n") + "\n" if "+" not in indicators else text + "\n"


def _fold_lines(lines: list[str], keep_indented: bool = False) -> str:
    """YAML line folding: a line break between two text lines becomes a space, each
    empty line a newline (more-indented lines of a folded block keep their breaks)."""
    out = ""
    previous: str | None = None
    for line in lines:
        if previous is None:
            out = line
        elif not line:
            out += "\n"
        elif previous and not (keep_indented and (line[0] == " " or previous[0] == " ")):
            out += " " + line
        else:
            out += ("\n" if previous else "") + line
        previous = line
    return out


def _unterminated(value: str) -> bool:
    quote = value[0]
    pattern = r'"(?:[^"\\]|\\.)*"' if quote == '"' else r"'(?:[^']|'')*'"
    return re.match(pattern, value) is None


def _fold_quoted(value: str, lines: list[str], number: int) -> str:
    """A quoted string continued over several lines: its value with line breaks folded."""
    joined = _fold_lines([value.rstrip()] + [raw.strip() for raw in lines])
    kind = "double" if value[0] == '"' else "single"
    try:
        text, end = _read_quoted(joined, number)
    except AriaTemplateError:
        raise AriaTemplateError(
            f"unterminated {kind}-quoted string (it runs to the end of its more-indented lines)", number
        ) from None
    if _strip_comment(joined[end:]).strip():
        raise AriaTemplateError(f"unexpected text after the value: {joined[end:].strip()!r}", number)
    return text


def _double_quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


class _Reader:
    def __init__(self, lines: list[_Line]) -> None:
        self.lines = lines
        self.pos = 0

    def _peek(self) -> _Line | None:
        return self.lines[self.pos] if self.pos < len(self.lines) else None

    def sequence(self, indent: int) -> list[Item]:
        items = []
        while (line := self._peek()) is not None and line.indent == indent:
            if not _is_sequence_entry(line.text):
                raise AriaTemplateError('a sequence item must start with "- "', line.number)
            self.pos += 1
            items.append(self._item(line))
        return items

    def _item(self, line: _Line) -> Item:
        body = line.text[1:].lstrip(" ")
        if not body or _is_sequence_entry(body):
            raise AriaTemplateError("nested sequences need a key (write '- role:' first)", line.number)
        key_column = line.indent + len(line.text) - len(body)
        item = Item(line.number)
        first = self._entry_or_scalar(body, line, key_column)
        if isinstance(first, Scalar):
            item.scalar = first
            return item
        item.entries.append(first)
        # Further "key: value" lines aligned with the first key belong to the same map.
        while (more := self._peek()) is not None and more.indent == key_column and not _is_sequence_entry(more.text):
            self.pos += 1
            entry = self._entry_or_scalar(more.text, more, key_column)
            if isinstance(entry, Scalar):
                raise AriaTemplateError("expected 'key: value' in a map", more.number)
            item.entries.append(entry)
        return item

    def _entry_or_scalar(self, body: str, line: _Line, key_column: int) -> Entry | Scalar:
        key_text, rest = _read_scalar(body, line.number, is_key=True)
        key = Scalar(key_text, line.number)
        if rest is None:
            return key
        if rest:
            value_text, trailing = _read_scalar(rest, line.number, is_key=False)
            if trailing:
                raise AriaTemplateError(f"unexpected text after the value: {trailing!r}", line.number)
            return Entry(key, Scalar(value_text, line.number))
        child = self._peek()
        if child is not None and child.indent > line.indent and _is_sequence_entry(child.text):
            return Entry(key, self.sequence(child.indent))
        return Entry(key, None)


def _is_sequence_entry(text: str) -> bool:
    return text == "-" or text.startswith("- ")


def _read_scalar(text: str, line: int, is_key: bool) -> tuple[str, str | None]:
    """A scalar at the start of ``text`` and what follows it: for a key, None when
    there is no ``:`` (a lone scalar) or the text after ``:``; for a value, any
    text left over (which is an error)."""
    if text[0] not in "\"'":
        if text[0] in "[]{}&*!|>%@`":
            raise AriaTemplateError(f"{text[0]!r} cannot start a plain scalar here; quote it", line)
        return _split_plain(text, is_key)
    value, end = _read_quoted(text, line)
    rest = _strip_comment(text[end:]).strip()
    if not is_key:
        return value, rest
    if not rest:
        return value, None
    if rest.startswith(":"):
        return value, rest[1:].strip()
    raise AriaTemplateError(f"unexpected text after a quoted key: {rest!r}", line)


def _split_plain(text: str, is_key: bool) -> tuple[str, str | None]:
    if not is_key:
        return _strip_comment(text).rstrip(), ""
    # In YAML a plain key ends at the first ": " (or a final ":"), unless a comment
    # starts first; what follows the ": " (a quoted value may hold " #") is the value's.
    match = re.search(r":(?:\s|$)|(?:^|\s)#", text)
    if match is None:
        return text.rstrip(), None
    if "#" in match.group():
        return text[: match.start()].rstrip(), None
    return text[: match.start()].rstrip(), text[match.end() :].strip()


def _strip_comment(text: str) -> str:
    match = re.search(r"(?:^|\s)#", text)
    return text[: match.start()] if match else text


def _read_quoted(text: str, line: int) -> tuple[str, int]:
    """The value of the quoted scalar at the start of ``text`` and where it ends."""
    if text[0] == "'":
        match = re.match(r"'((?:[^']|'')*)'", text)
        if match is None:
            raise AriaTemplateError("unterminated single-quoted string", line)
        return match.group(1).replace("''", "'"), match.end()
    out: list[str] = []
    i = 1
    while i < len(text):
        char = text[i]
        if char == '"':
            return "".join(out), i + 1
        if char == "\\":
            decoded, i = _escape(text, i + 1, line)
            out.append(decoded)
            continue
        out.append(char)
        i += 1
    raise AriaTemplateError("unterminated double-quoted string", line)


def _escape(text: str, i: int, line: int) -> tuple[str, int]:
    """The character an escape stands for (``text[i]`` follows the backslash)."""
    code = text[i] if i < len(text) else ""
    if code in _DOUBLE_QUOTE_ESCAPES:
        return _DOUBLE_QUOTE_ESCAPES[code], i + 1
    length = _HEX_ESCAPE_LENGTHS.get(code)
    digits = text[i + 1 : i + 1 + length] if length else ""
    if length and re.fullmatch(r"[0-9a-fA-F]+", digits) and len(digits) == length:
        return chr(int(digits, 16)), i + 1 + length
    raise AriaTemplateError(f"invalid escape '\\{code}' in a double-quoted string", line)
