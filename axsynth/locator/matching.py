"""Playwright's matching of text, attribute values and names, and how a locator
call is shown back to its writer (``get_by_role('button', name='Pay')``)."""

from __future__ import annotations

import difflib
import re
from typing import Callable, Pattern

from ..data import aria_snapshot as roles_data
from ..playwright.dom import normalize_whitespace
from .engine import STATE_ROLES, ElementText

TextQuery = str | Pattern[str]


def text_matcher(wanted: TextQuery, exact: bool) -> tuple[Callable[[ElementText], bool], str]:
    """Playwright's createTextMatcher: (matcher, kind) with kind regex, strict or lax."""
    if isinstance(wanted, re.Pattern):
        return (lambda text: wanted.search(text.full) is not None), "regex"
    wanted_text = _collapse(_text_argument(wanted))
    if exact:
        return (
            lambda text: text.normalized == wanted_text or any(_collapse(run) == wanted_text for run in text.immediate)
        ), "strict"
    lowered = wanted_text.lower()
    return (lambda text: lowered in text.normalized.lower()), "lax"


def value_matcher(wanted: TextQuery, exact: bool) -> Callable[[str], bool]:
    """Playwright's attribute-value matching (getByPlaceholder/AltText/Title/TestId):
    no white-space normalization; substring case-insensitive unless exact."""
    if isinstance(wanted, re.Pattern):
        return lambda value: wanted.search(value) is not None
    wanted_text = _text_argument(wanted)
    if exact:
        return lambda value: value == wanted_text
    return lambda value: wanted_text.lower() in value.lower()


def name_matches(name: str, wanted: TextQuery, exact: bool) -> bool:
    if isinstance(wanted, re.Pattern):
        return wanted.search(name) is not None
    wanted_text = normalize_whitespace(wanted)
    return name == wanted_text if exact else wanted_text.lower() in name.lower()


def check_role_query(role: str, states: dict[str, object]) -> None:
    """Refuse what Playwright's role engine refuses: an unknown role, a state option
    of the wrong type or one the role does not support."""
    if role not in roles_data.VALID_ROLES:
        close = difflib.get_close_matches(str(role), sorted(roles_data.VALID_ROLES), n=2, cutoff=0.75)
        hint = f"; did you mean {' or '.join(repr(r) for r in close)}?" if close else ""
        raise ValueError(f"unknown ARIA role {role!r}{hint}")
    for state, want in states.items():
        _check_state_value(state, want)
        supported = STATE_ROLES.get(state)
        if supported is not None and role not in supported:
            raise ValueError(
                f'"{state}" is only supported for roles: ' + ", ".join(f'"{r}"' for r in sorted(supported))
            )


def _check_state_value(state: str, want: object) -> None:
    """A state option of the wrong type would silently match nothing: refuse it."""
    if state == "level":
        valid = isinstance(want, int) and not isinstance(want, bool) and want >= 1
        kind = "a positive int"
    elif state in ("checked", "pressed"):
        valid, kind = isinstance(want, bool) or want == "mixed", 'a bool or "mixed"'
    else:
        valid, kind = isinstance(want, bool), "a bool"
    if not valid:
        raise TypeError(f"{state}= takes {kind}, got {want!r}")


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip())


def _text_argument(wanted: object) -> str:
    if not isinstance(wanted, str):
        raise TypeError(f"expected a string or a compiled regex, got {type(wanted).__name__}")
    return wanted


def _describe_argument(value: object) -> str:
    if isinstance(value, re.Pattern):
        return f"re.compile({value.pattern!r})"
    return repr(value)


def describe_call(method: str, *args: object, **options: object) -> str:
    """A locator call as Python code, for messages: ``get_by_role('button', name='Pay')``."""
    shown = [_describe_argument(a) for a in args]
    shown += [f"{k}={_describe_argument(v)}" for k, v in options.items() if v is not None]
    return f"{method}({', '.join(shown)})"
