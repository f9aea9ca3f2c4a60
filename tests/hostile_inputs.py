"""Hostile inputs shared by the hostile-input suite (tests/test_hostile*.py): selectors and
stylesheets that broke the engine once, bad paths, and hypothesis strategies that generate
their kin.  Each named case says what it exercises."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

#: The page every scope case runs on: one button, two paragraphs, an element outside the tree.
PAGE = (
    "<title>Shop</title><main><h1>Cart</h1><p>one</p><p>two</p>"
    "<div hidden id=hidden><b>gone</b></div><form aria-label=Pay><button id=buy>Buy</button></form></main>"
)

#: scope selector -> the error code every format, the CLI and the MCP tools give (None: it selects the button).
SCOPES: dict[str, str | None] = {
    "button": None,
    "#buy": None,
    ":is(" * 300 + "button" + ")" * 300: None,  # issue 26 #1: too many nested parentheses for cssselect2
    ":not(" * 1000 + "button" + ")" * 1000: None,  # an even number of negations
    "main " * 69 + "button": "scope_not_found",  # 70 descendant compounds: more than the page nests
    "main form button": None,
    "* " * 3 + "button": None,
    "#nope": "scope_not_found",
    "p": "scope_ambiguous",
    "div[[[": "scope_invalid",
    "": "scope_invalid",  # decided once: an empty selector selects nothing (as querySelector and Playwright)
    "   ": "scope_invalid",
    "main:has(": "scope_invalid",  # EOF closes it: :has() is empty, invalid in Chromium
    ":has()": "scope_invalid",
    "a:has(:has(b))": "scope_invalid",
    ":is(" * 1001 + "button" + ")" * 1001: "scope_invalid",  # deeper than axsynth compiles
    "i ~ " * 10_001 + "button": "scope_invalid",  # more compounds than axsynth compiles
    "[*|a]": "scope_not_found",  # valid in Chromium (an attribute a in any namespace); cssselect2 raised
    "p::before": "scope_not_found",  # a pseudo-element is no element (querySelectorAll finds none)
    "p,": "scope_invalid",
    "\\": "scope_not_found",
}


def bad_paths(tmp_path: Path) -> dict[str, str]:
    """name -> a path that is not a readable page (made under tmp_path)."""
    (tmp_path / "dir.html").mkdir()
    (tmp_path / "empty.html").write_bytes(b"")
    (tmp_path / "binary.html").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "broken.html").symlink_to(tmp_path / "missing-target.html")
    (tmp_path / "loop-a.html").symlink_to(tmp_path / "loop-b.html")
    (tmp_path / "loop-b.html").symlink_to(tmp_path / "loop-a.html")
    paths = {
        "missing": str(tmp_path / "missing.html"),
        "missing directory": str(tmp_path / "no" / "such.html"),
        "directory": str(tmp_path / "dir.html"),
        "empty": str(tmp_path / "empty.html"),
        "binary": str(tmp_path / "binary.html"),
        "broken link": str(tmp_path / "broken.html"),
        "link loop": str(tmp_path / "loop-a.html"),
    }
    if os.path.exists("/dev/zero"):
        paths["endless device"] = "/dev/zero"
    return paths


# --- hypothesis strategies ------------------------------------------------------------------

TAGS = ["div", "span", "p", "a", "b", "section", "ul", "li"]
CLASSES = ["x", "y"]
IDS = ["a", "b"]


@st.composite
def documents(draw, max_depth: int = 6) -> str:
    """Small trees of the tags, classes, ids and attributes the selectors below name."""

    def element(depth: int) -> str:
        tag = draw(st.sampled_from(TAGS))
        attrs = ""
        if draw(st.booleans()):
            attrs += f' class="{" ".join(draw(st.lists(st.sampled_from(CLASSES), min_size=1, max_size=2)))}"'
        if draw(st.integers(0, 3)) == 0:
            attrs += f" id={draw(st.sampled_from(IDS))}"
        if draw(st.integers(0, 3)) == 0:
            attrs += f' data-k="{draw(st.sampled_from(["v", "v-w", "w v", ""]))}"'
        children = ""
        if depth < max_depth:
            children = "".join(element(depth + 1) for _ in range(draw(st.integers(0, 3))))
        text = draw(st.sampled_from(["", "t"]))
        return f"<{tag}{attrs}>{text}{children}</{tag}>"

    return "<!doctype html><body>" + "".join(element(1) for _ in range(draw(st.integers(1, 3)))) + "</body>"


SIMPLE = st.sampled_from(
    [
        *TAGS,
        "*",
        ".x",
        ".y",
        "#a",
        "#b",
        "[data-k]",
        "[data-k=v]",
        "[data-k~=v]",
        "[data-k|=v]",
        "[data-k^=v]",
        "[data-k$=w]",
        "[data-k*=-]",
        ":first-child",
        ":last-child",
        ":only-child",
        ":empty",
        ":root",
        ":first-of-type",
        ":last-of-type",
        ":nth-child(2n+1)",
        ":nth-of-type(2)",
        ":nth-last-child(1)",
    ]
)
COMBINATORS = st.sampled_from([" ", " > ", " + ", " ~ ", ">", "~"])


def selectors(depth: int = 2, max_compounds: int = 5) -> st.SearchStrategy[str]:
    """Complex selectors over the documents above: compounds of simple selectors and of
    :is()/:where()/:not()/:has() around selectors of their own, joined by combinators."""

    @st.composite
    def compound(draw) -> str:
        parts = draw(st.lists(SIMPLE, min_size=1, max_size=3))
        text = "".join(p if i == 0 or p[0] in ".#[:" else "" for i, p in enumerate(parts)) or parts[0]
        if depth > 0 and draw(st.integers(0, 3)) == 0:
            inner = draw(st.lists(selectors(depth - 1, 3), min_size=1, max_size=2))
            function = draw(st.sampled_from(["is", "where", "not", "has"]))
            if function == "has":
                inner = [draw(st.sampled_from(["", "> ", "+ ", "~ "])) + s for s in inner]
            text += f":{function}({', '.join(inner)})"
        return text

    @st.composite
    def complex_selector(draw) -> str:
        compounds = draw(st.lists(compound(), min_size=1, max_size=max_compounds))
        out = compounds[0]
        for part in compounds[1:]:
            out += draw(COMBINATORS) + part
        return out

    return complex_selector()


#: Tokens for stylesheets that are broken in every way a tokenizer can see.
CSS_NOISE = st.sampled_from(
    ["{", "}", "(", ")", "[", "]", ":is(", ":not(", ":has(", ",", ";", "@media", "@supports (", "/*", "*/", '"', "\\"]
)


@st.composite
def stylesheets(draw) -> str:
    """Stylesheets mixing good rules, hostile selectors (long chains, deep nesting, long
    lists) and noise."""
    rules = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 4))
        if kind == 0:
            rules.append(f"{draw(selectors())} {{display: none}}")
        elif kind == 1:
            n = draw(st.integers(1, 150))
            rules.append(draw(st.sampled_from(["div ", "* ", ":is(", ":not(:not("])) * n + "b {color: red}")
        elif kind == 2:
            n = draw(st.integers(1, 1200))
            rules.append(":is(" * n + "p" + ")" * n + " {display: none}")
        elif kind == 3:
            rules.append(", ".join(f"x{i}" for i in range(draw(st.integers(1, 300)))) + " {visibility: hidden}")
        else:
            rules.append("".join(draw(st.lists(CSS_NOISE, max_size=12))))
    return "\n".join(rules)
