"""Playwright's selector engines, for ``locator(selector)``.

A selector ``name=body`` goes to the engine registered as ``name`` (Playwright's
selector parser splits at the first ``=`` when what precedes it is an engine
name); anything else is CSS, Playwright's default engine. Each engine turns its
body into a step of the chain. To add one (Playwright's ``aria-ref=``...), write it
in its own module as a ``body -> Step`` factory and register it in ``ENGINES``.
"""

from __future__ import annotations

import re
from typing import Callable

from .aria_ref import aria_ref
from .steps import Step, css_step

# engine name -> step factory taking the selector's body.
ENGINES: dict[str, Callable[[str], Step]] = {
    "css": css_step,
    "aria-ref": aria_ref,
}

_ENGINE_NAME = re.compile(r"[a-zA-Z_0-9+:*-]+")


def selector_step(selector: str) -> Step:
    """The step for ``locator(selector)``."""
    name, equals, body = selector.partition("=")
    engine = ENGINES.get(name.strip()) if equals and _ENGINE_NAME.fullmatch(name.strip()) else None
    return engine(body) if engine is not None else css_step(selector)
