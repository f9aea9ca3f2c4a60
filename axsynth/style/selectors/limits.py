"""How complex a selector axsynth compiles, and room on the Python stack for the ones it does.

Chromium 156, probed (issue 26): it matches chains of 5,000 compounds and 5,000 nested
``:is()``/``:not()``, its renderer crashes near 10,000 levels, and it adds no complex
selector of a style rule that starts at or after the rule's 8,192nd simple selector
(``RuleData::kSelectorIndexBits``; ``querySelector`` has no such limit), nor a sheet's
selectors after its 2^18th (``kPositionBits``).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Iterable, Iterator

#: Functional pseudo-classes (and brackets) nested deeper than this are not compiled:
#: parsing and matching recurse once per level. Nothing real comes near 100.
MAX_NESTING = 1000
#: Compounds in one selector list.
MAX_COMPOUNDS = 10_000
#: RuleData::kSelectorIndexBits.
MAX_RULE_SELECTOR_INDEX = 1 << 13
#: RuleData::kPositionBits.
MAX_SHEET_SELECTORS = 1 << 18
#: Python frames a nesting level costs (parsing, compiling or matching), with margin.
FRAMES_PER_LEVEL = 12
#: Below this depth the interpreter's default stack is always enough.
SHALLOW = 40


def nesting_depth(tokens: Iterable[Any]) -> int:
    """How deeply blocks and functions nest in a token list (iteratively: it may be
    nested deeper than Python recurses)."""
    deepest = 0
    stack = [(iter(tokens), 0)]
    while stack:
        items, depth = stack.pop()
        deepest = max(deepest, depth)
        for token in items:
            inner = token.arguments if token.type == "function" else getattr(token, "content", None)
            if isinstance(inner, list) and inner:
                stack.append((items, depth))
                stack.append((iter(inner), depth + 1))
                break
    return deepest


@contextmanager
def recursion_headroom(frames: int) -> Iterator[None]:
    """Room for ``frames`` more Python frames than are in use now (restored after)."""
    old = sys.getrecursionlimit()
    frame, in_use = sys._getframe(), 0
    while frame is not None:
        frame, in_use = frame.f_back, in_use + 1
    needed = in_use + frames + 200
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        if needed > old:
            sys.setrecursionlimit(old)
