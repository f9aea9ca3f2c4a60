#!/usr/bin/env python3
"""A differential fuzzer: axsynth against Chromium on generated documents.

Small documents are generated from a grammar of what Chromium's accessibility code
reads (HTML elements and attributes, ARIA, the CSS properties and pseudo-elements the
tree depends on, IDREFs to visible, hidden and missing elements), captured in
Chromium exactly as the goldens are (``chromium_capture.py``), and compared with
axsynth as ``realweb.py`` compares real pages. Each mismatch gets a *signature*
(the first difference's kind and group, names left out; a crash or hang of axsynth
is one too); the first case of every new signature is *minimized* by delta
debugging over the document's nodes (dropped or unwrapped), attributes, inline
declarations, style rules and text, with Chromium as the oracle.

    python tools/difffuzz.py run --seed 0 --count 500 [--batch 20] [--jobs 1]
    python tools/difffuzz.py run --seed 0 --minutes 60
    python tools/difffuzz.py list                          # signatures found, by count
    python tools/difffuzz.py promote CASE NAME             # -> tests/fixtures/fuzz-NAME.html

Everything but ``promote`` writes under ``~/.cache/axsynth-realweb/difffuzz`` (``--cache``):

    log.jsonl                   one line per case: seed, exact cdp/aria, signature
    cases/<sig-hash>/           original.html, minimal.html, signature.txt, and both
                                trees of the minimal case from Chromium and axsynth
    work/                       the batch being compared (pages and their goldens)

The generator and the minimizer are pure (tests/unit/test_difffuzz.py); only
``run`` and ``promote`` need Chromium.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for _path in (str(TOOLS), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import realweb  # noqa: E402

DEFAULT_CACHE = realweb.DEFAULT_CACHE / "difffuzz"
ORIGIN = "http://difffuzz.test/"
FIXTURES = ROOT / "tests" / "fixtures"
EXPECTATIONS = ROOT / "tests" / "conformance_expected.txt"


# --- the document model -------------------------------------------------------


@dataclass
class El:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    style: dict[str, str] = field(default_factory=dict)  # the inline style attribute
    children: list["El | str"] = field(default_factory=list)


@dataclass
class Rule:
    selector: str
    decls: dict[str, str]


@dataclass
class Doc:
    body: list[El | str]
    sheet: list[Rule] = field(default_factory=list)


VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
#: Children the parser would move or drop elsewhere are still serialized as given:
#: what Chromium makes of odd nesting is part of what is compared.


def serialize(doc: Doc) -> str:
    """The document as a page, in the fixtures' frame."""
    sheet = "".join(f"{r.selector} {{ {_decls(r.decls)} }}\n" for r in doc.sheet if r.decls)
    style = f"<style>\n{sheet}</style>" if sheet else ""
    body = "".join(_node_html(n) for n in doc.body)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>case</title>{style}</head>\n'
        f"<body>\n{body}\n</body></html>\n"
    )


def _decls(decls: dict[str, str]) -> str:
    return "; ".join(f"{k}: {v}" for k, v in decls.items())


def _node_html(node: El | str) -> str:
    if isinstance(node, str):
        return html.escape(node, quote=False)
    attrs = dict(node.attrs)
    if node.style:
        attrs["style"] = _decls(node.style)
    opening = node.tag + "".join(f' {k}="{html.escape(v)}"' if v != "" else f" {k}" for k, v in attrs.items())
    if node.tag in VOID:
        return f"<{opening}>"
    return f"<{opening}>" + "".join(_node_html(c) for c in node.children) + f"</{node.tag}>"


def elements(nodes: list[El | str]) -> Iterator[El]:
    """Every element of a node list, in document order."""
    stack = [n for n in reversed(nodes) if isinstance(n, El)]
    while stack:
        el = stack.pop()
        yield el
        stack.extend(c for c in reversed(el.children) if isinstance(c, El))


# --- the generator ------------------------------------------------------------

_CONTAINERS = (
    "div div div span p section article nav header footer main aside blockquote address search hgroup pre figure"
).split()
_INLINE = "span span a a b i em strong small mark abbr code time del ins q cite sub sup label output".split()
_HEADINGS = "h1 h2 h3 h4 h5 h6".split()
_INPUT_TYPES = (
    "text text checkbox radio button submit reset range number email search tel url password "
    "date time color file hidden image"
).split()
_ROLES = (
    "button link heading list listitem navigation region group img presentation none tab tablist "
    "tabpanel checkbox menu menuitem textbox dialog alert status note article banner generic "
    "separator option listbox combobox switch slider progressbar table row cell gridcell grid "
    "treeitem tree figure term definition math searchbox radio radiogroup toolbar log "
    "contentinfo main complementary form paragraph bogus BUTTON"
).split()
_WORDS = "alpha beta gamma delta Save Open Menu Next Close Search Home News one two".split()
_SPACE = ("", "", " ", "  ", "\n ", "\t", "\u00a0")
_STATES = {
    "aria-checked": ("true", "false", "mixed", ""),
    "aria-pressed": ("true", "false", "mixed"),
    "aria-expanded": ("true", "false", "undefined"),
    "aria-selected": ("true", "false"),
    "aria-disabled": ("true", "false", " true"),
    "aria-level": ("2", "0", "x", "10"),
    "aria-valuenow": ("5", "x", "-1"),
    "aria-valuetext": ("half",),
    "aria-current": ("page", "true", "bogus"),
    "aria-haspopup": ("true", "menu", "dialog"),
    "aria-required": ("true",),
    "aria-readonly": ("true",),
    "aria-invalid": ("true", "spelling"),
    "aria-roledescription": ("thing", " "),
    "aria-placeholder": ("type",),
    "aria-multiline": ("true",),
    "aria-modal": ("true",),
    "aria-live": ("polite", "off"),
    "aria-busy": ("true",),
}
_CSS = {
    "display": (
        "none contents inline block inline-block flex inline-flex grid table table-row table-cell "
        "table-caption table-row-group list-item flow-root"
    ).split(),
    "visibility": "hidden visible collapse".split(),
    "position": "static relative absolute fixed".split(),
    "float": "left none".split(),
    "white-space": "pre normal nowrap pre-line pre-wrap".split(),
    "text-transform": "uppercase none capitalize lowercase".split(),
    "list-style": ["none", "decimal", "square inside", '"- "'],
    "content-visibility": "hidden visible".split(),
    "opacity": "0 1".split(),
    "overflow": "hidden auto".split(),
    "user-select": "none".split(),
}
_CONTENTS = [
    '" "',
    '"x"',
    '"→ "',
    "attr(title)",
    "counter(c)",
    '"" / "alt"',
    "url(a.png)",
    '"a" / ""',
    "none",
    '"\\A"',
    "open-quote",
    '"x" attr(id)',
    'counters(c, ".")',
    '"*" / "required"',
]
_IDREF_ATTRS = (
    "aria-labelledby",
    "aria-labelledby",
    "aria-describedby",
    "aria-owns",
    "aria-controls",
    "aria-activedescendant",
    "aria-details",
    "aria-errormessage",
)


class Generator:
    """Seeded: the same seed gives the same document, byte for byte."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.ids: list[str] = []
        self.budget = 0

    # documents and text

    def document(self) -> Doc:
        rng = self.rng
        self.budget = rng.randint(2, 14)
        body: list[El | str] = []
        while self.budget > 0:
            body.append(self.flow())
            if rng.random() < 0.3:
                body.append(self.text())
        self.add_references(body)
        sheet = [self.rule() for _ in range(rng.choice((0, 0, 1, 1, 2, 3)))]
        return Doc(body, sheet)

    def text(self) -> str:
        rng = self.rng
        words = rng.choice(_SPACE[2:]).join(rng.choice(_WORDS) for _ in range(rng.randint(1, 3)))
        return rng.choice(_SPACE) + words + rng.choice(_SPACE)

    def phrasing(self) -> list[El | str]:
        """Text, now and then with a break, a word break or a small inline element."""
        rng = self.rng
        out: list[El | str] = [self.text()]
        if rng.random() < 0.25:
            tag = rng.choice(("br", "wbr", "b", "abbr", "img", "span"))
            el = El(tag, children=[] if tag in VOID else [self.text()])
            if tag == "abbr":
                el.attrs["title"] = rng.choice(_WORDS)
            if tag == "img":
                el.attrs.update({"src": "a.png", "alt": rng.choice(_WORDS + [""])})
            self.decorate(el)
            out += [el, self.text()]
        return out

    def new_id(self, el: El) -> str:
        el.attrs["id"] = f"e{len(self.ids)}"
        self.ids.append(el.attrs["id"])
        return el.attrs["id"]

    # elements

    def flow(self, depth: int = 0) -> El:
        self.budget -= 1
        rng = self.rng
        pick = rng.random()
        if pick < 0.07:
            el = El(rng.choice(_HEADINGS), children=self.phrasing())
        elif pick < 0.22:
            el = self.control()
        elif pick < 0.29:
            el = self.list_()
        elif pick < 0.33:
            el = self.table()
        elif pick < 0.39:
            el = self.image()
        elif pick < 0.43:
            el = self.disclosure()
        elif pick < 0.48:
            el = self.combination()
        elif pick < 0.50:
            el = self.math()
        elif pick < 0.53:
            el = El(rng.choice(("hr", "br", "wbr", "iframe")))
            if el.tag == "iframe" and rng.random() < 0.5:
                el.attrs["title"] = rng.choice(_WORDS)
        elif pick < 0.65:
            el = El(rng.choice(_INLINE), children=self.phrasing())
            if el.tag == "a" and rng.random() < 0.8:
                el.attrs["href"] = rng.choice(("/x", "#top", "", "mailto:a@b", "javascript:void(0)", "#e0"))
            if el.tag == "time" and rng.random() < 0.5:
                el.attrs["datetime"] = "2020-01-01"
        else:
            el = El(rng.choice(_CONTAINERS))
            for _ in range(rng.randint(0, 3)):
                if self.budget > 0 and depth < 5 and rng.random() < 0.7:
                    el.children.append(self.flow(depth + 1))
                else:
                    el.children.append(self.text())
            if el.tag == "figure" and rng.random() < 0.7:
                el.children.insert(rng.choice((0, len(el.children))), El("figcaption", children=[self.text()]))
        self.decorate(el)
        return el

    def control(self) -> El:
        rng = self.rng
        kind = rng.choice(
            (
                "button",
                "button",
                "input",
                "input",
                "input",
                "select",
                "textarea",
                "label",
                "label",
                "fieldset",
                "progress",
                "meter",
                "output",
            )
        )
        if kind == "input":
            el = El("input", {"type": rng.choice(_INPUT_TYPES)})
            for attr, values in (
                ("value", _WORDS),
                ("placeholder", _WORDS),
                ("checked", [""]),
                ("disabled", [""]),
                ("aria-label", _WORDS),
                ("title", _WORDS),
                ("list", ["missing"]),
                ("required", [""]),
            ):
                if rng.random() < 0.15 + 0.2 * (attr == "value"):
                    el.attrs[attr] = rng.choice(values)
            return el
        if kind == "select":
            options: list[El | str] = [self.option() for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.3:
                options.insert(
                    rng.randint(0, len(options)),
                    El("optgroup", {"label": rng.choice(_WORDS)}, children=[self.option()]),
                )
            attrs = {"multiple": ""} if rng.random() < 0.2 else {}
            if rng.random() < 0.2:
                attrs["size"] = rng.choice(("1", "3"))
            return El("select", attrs, children=options)
        if kind == "label":
            inner = self.control() if rng.random() < 0.7 else El(rng.choice(_INLINE), children=[self.text()])
            children = [self.text(), inner] if rng.random() < 0.7 else [inner, self.text()]
            return El("label", children=children)
        if kind == "fieldset":
            legend = [El("legend", children=self.phrasing())] if rng.random() < 0.8 else []
            return El("fieldset", children=legend + [self.control()])
        if kind in ("progress", "meter"):
            return El(kind, {"value": rng.choice(("0.3", "5", "", "x")), "max": rng.choice(("1", "10"))})
        if kind == "output":
            return El("output", {"for": "missing"} if rng.random() < 0.3 else {}, children=[self.text()])
        el = El(kind, children=self.phrasing() if rng.random() < 0.85 else [])
        if kind == "button" and rng.random() < 0.2:
            el.attrs["type"] = rng.choice(("submit", "button", "reset"))
        return el

    def option(self) -> El:
        rng = self.rng
        el = El("option", children=[self.text()])
        for attr in ("disabled", "selected", "label"):
            if rng.random() < 0.15:
                el.attrs[attr] = rng.choice(_WORDS) if attr == "label" else ""
        return el

    def list_(self) -> El:
        rng = self.rng
        tag = rng.choice(("ul", "ul", "ol", "dl", "menu"))
        if tag == "dl":
            items = [El(rng.choice(("dt", "dd")), children=self.phrasing()) for _ in range(rng.randint(1, 3))]
        else:
            items = [El("li", children=self.phrasing()) for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.25 and self.budget > 0:
                items[-1].children.append(self.flow(3))
        return El(tag, children=items)

    def table(self) -> El:
        rng = self.rng
        rows = []
        for r in range(rng.randint(1, 3)):
            cell = "th" if r == 0 and rng.random() < 0.5 else "td"
            cells = [El(cell, children=[self.text()]) for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.15:
                cells[0].attrs[rng.choice(("colspan", "rowspan", "scope", "headers"))] = rng.choice(("2", "col", "e0"))
            rows.append(El("tr", children=cells))
        children: list[El | str] = [El("caption", children=[self.text()])] if rng.random() < 0.3 else []
        if rng.random() < 0.3:
            children += [El("thead", children=rows[:1]), El("tbody", children=rows[1:])]
        else:
            children += rows
        attrs = {"border": "1"} if rng.random() < 0.3 else {}
        if rng.random() < 0.15:
            attrs["role"] = rng.choice(("presentation", "grid", "treegrid"))
        return El("table", attrs, children=children)

    def image(self) -> El:
        rng = self.rng
        pick = rng.random()
        if pick < 0.45:
            attrs = {"src": rng.choice(("a.png", "", "data:,"))}
            if rng.random() < 0.7:
                attrs["alt"] = rng.choice(("", "logo", " ", "Home"))
            img = El("img", attrs)
            if rng.random() < 0.3:
                return El("figure", children=[img, El("figcaption", children=[self.text()])])
            return img
        inner: list[El | str] = [El("title", children=[rng.choice(_WORDS)])] if rng.random() < 0.5 else []
        if rng.random() < 0.2:
            inner.append(El("desc", children=[rng.choice(_WORDS)]))
        shape = El(rng.choice(("rect", "g", "circle", "text", "a")), children=[rng.choice(_WORDS)])
        if rng.random() < 0.3:
            shape.attrs["role"] = rng.choice(("img", "presentation", "graphics-symbol", "button"))
        inner.append(shape)
        svg = El("svg", {"width": "10", "height": "10"}, children=inner)
        if rng.random() < 0.3:
            svg.attrs["role"] = rng.choice(("img", "presentation", "none", "graphics-document"))
        return svg

    def disclosure(self) -> El:
        rng = self.rng
        if rng.random() < 0.6:
            summary = [El("summary", children=self.phrasing())] if rng.random() < 0.85 else []
            el = El("details", {"open": ""} if rng.random() < 0.4 else {}, children=summary + [self.text()])
            if rng.random() < 0.3 and self.budget > 0:
                el.children.append(self.flow(3))
            return el
        el = El("dialog", {"open": ""} if rng.random() < 0.6 else {}, children=self.phrasing())
        if rng.random() < 0.3:
            el = El("div", {"popover": rng.choice(("", "auto", "manual"))}, children=self.phrasing())
        return el

    def math(self) -> El:
        rng = self.rng
        inner = [El(t, children=[rng.choice(("x", "1", "+", "="))]) for t in rng.sample(["mi", "mo", "mn", "mtext"], 2)]
        if rng.random() < 0.3:
            inner = [El("mfrac", children=inner)]
        attrs = {"display": "block"} if rng.random() < 0.3 else {}
        if rng.random() < 0.3:
            attrs["alttext"] = rng.choice(_WORDS)
        return El("math", attrs, children=inner)

    def combination(self) -> El:
        """Patterns where rules meet: interactive content inside labels and names,
        hidden elements that still name others, and name cycles."""
        rng = self.rng
        pick = rng.random()
        if pick < 0.3:  # something interactive inside a label or a button
            inner = rng.choice(
                [
                    El("button", children=[self.text()]),
                    El("a", {"href": "/x"}, children=[self.text()]),
                    El("input", {"type": rng.choice(("text", "checkbox", "range"))}),
                    El("select", children=[self.option()]),
                    El("span", {"role": rng.choice(("button", "textbox", "checkbox", "link"))}, children=[self.text()]),
                ]
            )
            outer = rng.choice(("label", "button", "a", "summary", "legend", "h2", "td"))
            el = El(outer, children=[self.text(), inner, self.text()])
            if outer == "a":
                el.attrs["href"] = "/y"
            if outer in ("summary", "legend"):
                el = El("details" if outer == "summary" else "fieldset", children=[el, self.text()])
            if outer == "td":
                el = El("table", children=[El("tr", children=[el])])
            return el
        if pick < 0.65:  # a hidden element naming or describing a visible one
            hidden = El(rng.choice(("span", "div", "p")), children=self.phrasing())
            how = rng.choice(("hidden", "aria-hidden", "display", "visibility", "inert"))
            if how == "hidden":
                hidden.attrs["hidden"] = ""
            elif how == "aria-hidden":
                hidden.attrs["aria-hidden"] = "true"
            elif how == "inert":
                hidden.attrs["inert"] = ""
            else:
                hidden.style[how] = "none" if how == "display" else "hidden"
            ref = self.new_id(hidden)
            named = rng.choice(
                [
                    El("button"),
                    El("input", {"type": "text"}),
                    El("div", {"role": "region"}),
                    El("a", {"href": "/x"}),
                    El("img", {"src": "a.png"}),
                    El("nav"),
                    El("span", {"role": "checkbox"}),
                ]
            )
            if named.tag not in VOID and rng.random() < 0.5:
                named.children.append(self.text())
            named.attrs[rng.choice(("aria-labelledby", "aria-labelledby", "aria-describedby"))] = ref
            parts = [hidden, named]
            rng.shuffle(parts)
            return El("div", children=parts)
        # two elements naming each other (a cycle), or one naming itself
        a = El(rng.choice(("span", "button", "div")), children=[self.text()])
        b = El(rng.choice(("span", "label", "h3")), children=[self.text(), El("span", children=[self.text()])])
        ida, idb = self.new_id(a), self.new_id(b)
        a.attrs["aria-labelledby"] = rng.choice((idb, f"{ida} {idb}", f"{idb} {ida}"))
        b.attrs["aria-labelledby"] = ida if rng.random() < 0.6 else idb
        if rng.random() < 0.4:
            a.attrs["role"] = rng.choice(("button", "link", "heading", "group"))
        return El("div", children=[a, b])

    def decorate(self, el: El) -> None:
        """Attributes and inline style that change roles, names, states and boxes."""
        rng = self.rng
        if rng.random() < 0.3 and "id" not in el.attrs:
            self.new_id(el)
        if rng.random() < 0.22:
            el.attrs["role"] = rng.choice(_ROLES) + (f" {rng.choice(_ROLES)}" if rng.random() < 0.15 else "")
        if rng.random() < 0.13:
            el.attrs["aria-label"] = rng.choice(_WORDS + [" ", "", " x "])
        if rng.random() < 0.1:
            el.attrs[rng.choice(("aria-hidden", "hidden", "inert", "hidden"))] = rng.choice(
                ("true", "", "false", "until-found")
            )
        if rng.random() < 0.12:
            el.attrs["title"] = rng.choice(_WORDS + [" "])
        if rng.random() < 0.1:
            el.attrs["tabindex"] = rng.choice(("0", "-1", "x"))
        for _ in range(rng.choice((0, 0, 0, 0, 1, 2))):
            state = rng.choice(sorted(_STATES))
            el.attrs[state] = rng.choice(_STATES[state])
        if rng.random() < 0.05:
            el.attrs["contenteditable"] = rng.choice(("", "true", "plaintext-only", "false"))
        if rng.random() < 0.04:
            el.attrs["lang"] = rng.choice(("fr", "", "de-CH"))
        if rng.random() < 0.04:
            el.attrs["dir"] = rng.choice(("rtl", "auto"))
        if rng.random() < 0.03:
            el.attrs["popover"] = ""
        for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):
            prop = rng.choice(sorted(_CSS))
            el.style[prop] = rng.choice(_CSS[prop])

    def add_references(self, body: list[El | str]) -> None:
        """IDREF attributes pointing at generated ids (and now and then at none)."""
        rng = self.rng
        for el in list(elements(body)):
            if rng.random() < 0.1:
                attr = rng.choice(_IDREF_ATTRS + (("for",) if el.tag == "label" else ()))
                refs = [
                    rng.choice(self.ids) if self.ids and rng.random() < 0.85 else "missing"
                    for _ in range(rng.randint(1, 2))
                ]
                el.attrs[attr] = " ".join(refs)

    def rule(self) -> Rule:
        rng = self.rng
        target = rng.choice(
            [
                "div",
                "span",
                "p",
                "li",
                "a",
                "button",
                "label",
                "td",
                "h2",
                "section",
                "summary",
                "img",
                "input",
                "ul",
                "*",
            ]
            + [f"#{i}" for i in self.ids[:4]]
        )
        pseudo = rng.choice(
            ("", "", "::before", "::before", "::after", "::marker", ":first-child", ":empty", " > span")
        )
        decls = {rng.choice(sorted(_CSS)): "" for _ in range(rng.randint(0 if "::" in pseudo else 1, 2))}
        decls = {k: rng.choice(_CSS[k]) for k in decls}
        if pseudo in ("::before", "::after", "::marker") and rng.random() < 0.9:
            decls["content"] = rng.choice(_CONTENTS)
        if "counter" in decls.get("content", "") and rng.random() < 0.5:
            decls["counter-increment"] = "c"
        return Rule(target + pseudo, decls)


def generate(seed: int) -> Doc:
    return Generator(seed).document()


# --- minimization: delta debugging over the document's parts -------------------
#
# A part is one thing a candidate may leave out:
#   ("node", path)         the node and its subtree
#   ("wrap", path)         the element itself, its children taking its place (hoisted)
#   ("attr", path, name)   one attribute
#   ("style", path, prop)  one inline declaration
#   ("words", path)        all but the first word of a text (its surrounding space kept)
#   ("rule", i), ("decl", i, prop)   a style rule, one of its declarations
# A path indexes children from the body down.
Part = tuple


def parts(doc: Doc) -> list[Part]:
    out: list[Part] = []

    def walk(nodes: list[El | str], prefix: tuple[int, ...]) -> None:
        for i, node in enumerate(nodes):
            path = prefix + (i,)
            out.append(("node", path))
            if isinstance(node, str):
                if len(node.split()) > 1:
                    out.append(("words", path))
                continue
            out.append(("wrap", path))
            out.extend(("attr", path, name) for name in node.attrs)
            out.extend(("style", path, prop) for prop in node.style)
            walk(node.children, path)

    walk(doc.body, ())
    for i, rule in enumerate(doc.sheet):
        out.append(("rule", i))
        out.extend(("decl", i, prop) for prop in rule.decls)
    return out


def _first_word(text: str) -> str:
    match = re.match(r"(\s*)(\S+)", text)
    if not match:
        return text
    trail = re.search(r"\s*$", text).group()
    return match.group(1) + match.group(2) + trail


def without(doc: Doc, removed: set[Part]) -> Doc:
    """The document with the removed parts left out."""

    def rebuild(nodes: list[El | str], prefix: tuple[int, ...]) -> list[El | str]:
        kept: list[El | str] = []
        for i, node in enumerate(nodes):
            path = prefix + (i,)
            if ("node", path) in removed:
                continue
            if isinstance(node, str):
                kept.append(_first_word(node) if ("words", path) in removed else node)
                continue
            children = rebuild(node.children, path)
            if ("wrap", path) in removed:
                kept.extend(children)
                continue
            kept.append(
                El(
                    node.tag,
                    {k: v for k, v in node.attrs.items() if ("attr", path, k) not in removed},
                    {k: v for k, v in node.style.items() if ("style", path, k) not in removed},
                    children,
                )
            )
        return kept

    sheet = [
        Rule(rule.selector, {k: v for k, v in rule.decls.items() if ("decl", i, k) not in removed})
        for i, rule in enumerate(doc.sheet)
        if ("rule", i) not in removed
    ]
    return Doc(rebuild(doc.body, ()), sheet)


def ddmin(items: list, fails: Callable[[list], bool]) -> list:
    """Zeller's ddmin: a 1-minimal sublist of ``items`` for which ``fails`` holds
    (``fails(items)`` is assumed)."""
    n = 2
    while len(items) >= 2:
        chunk = -(-len(items) // n)
        subsets = [items[i : i + chunk] for i in range(0, len(items), chunk)]
        for subset in subsets:  # reduce to a subset
            if fails(subset):
                items, n = subset, 2
                break
        else:
            for subset in subsets:  # reduce to a complement
                leave = set(subset)
                complement = [x for x in items if x not in leave]
                if len(subsets) > 2 and fails(complement):
                    items, n = complement, max(n - 1, 2)
                    break
            else:
                if n >= len(items):
                    break
                n = min(len(items), n * 2)
    return items


class BudgetSpent(Exception):
    pass


@dataclass
class Minimized:
    doc: Doc
    calls: int  # distinct documents the oracle was asked about
    complete: bool  # False: the budget ran out, ``doc`` is the smallest failing one seen


def minimize(doc: Doc, still_fails: Callable[[str], bool], max_calls: int = 300) -> Minimized:
    """The smallest document ddmin finds (keeping a set of parts) for which
    ``still_fails(html)`` holds. Coarse parts go first (top-level nodes and rules,
    then every node), as in hierarchical delta debugging, so most of a page goes in
    a few questions; the last pass is over every part left, so the result is
    1-minimal: leaving out any one more part loses the failure. Oracle answers are
    cached by HTML; at most ``max_calls`` distinct documents are asked about, after
    which the smallest failing one seen so far is the answer."""
    cache: dict[str, bool] = {}
    kept = parts(doc)
    smallest = [kept]

    def fails(candidate_parts: list[Part]) -> bool:
        candidate = serialize(without(doc, removed_from(candidate_parts)))
        if candidate not in cache:
            if len(cache) >= max_calls:
                raise BudgetSpent
            cache[candidate] = bool(still_fails(candidate))
        if cache[candidate] and len(candidate_parts) < len(smallest[0]):
            smallest[0] = candidate_parts
        return cache[candidate]

    everything = set(kept)

    def removed_from(candidate_parts: list[Part]) -> set[Part]:
        return everything - set(candidate_parts)

    stages: list[Callable[[Part], bool]] = [
        lambda part: part[0] == "rule" or (part[0] == "node" and len(part[1]) == 1),
        lambda part: part[0] in ("node", "wrap", "rule"),
        lambda part: True,
    ]
    complete = True
    try:
        for coarse in stages:
            fixed = [part for part in kept if not coarse(part)]
            chosen = ddmin([part for part in kept if coarse(part)], lambda sub: fails(fixed + sub))
            kept = live_parts(doc, fixed + chosen)
    except BudgetSpent:
        complete = False
        kept = smallest[0]
    return Minimized(without(doc, everything - set(kept)), len(cache), complete)


def live_parts(doc: Doc, kept: list[Part]) -> list[Part]:
    """The kept parts that still change the document: not those below a left-out
    node, nor the attributes and style of a left-out (unwrapped) element."""
    left_out = set(parts(doc)) - set(kept)
    gone = {part[1] for part in left_out if part[0] == "node"}
    unwrapped = {part[1] for part in left_out if part[0] == "wrap"}
    gone_rules = {part[1] for part in left_out if part[0] == "rule"}

    def live(part: Part) -> bool:
        if part[0] in ("rule", "decl"):
            return part[0] == "rule" or part[1] not in gone_rules
        path = part[1]
        if any(path[:k] in gone for k in range(1, len(path) + 1)):
            return False
        return not (part[0] in ("attr", "style") and path in unwrapped)

    return [part for part in kept if live(part)]


# --- comparing, signatures ------------------------------------------------------

_VOLATILE = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»")


def signature(fmt: str, result: "realweb.FormatResult") -> str | None:
    """What a mismatch is, without the page's own text: the first difference's kind
    and group, quoted names left out. A crash or a hang is the same in both formats."""
    item = result.first
    if result.exact or item is None:
        return None
    group = _VOLATILE.sub("…", item.group)
    if item.kind in ("crash", "timeout"):
        return group
    return coarsen(f"{fmt}: {group}")


_PROPERTY_ON_ROLE = re.compile(r"^((?:cdp|aria): property:.*) on \S+$")


def coarsen(sig: str) -> str:
    """A property that differs is one rule whatever the node's role (``aria-invalid=
    spelling`` on a button, a span, an aside): the role is left out of the signature.
    Idempotent, so signatures logged before are read the same way."""
    return _PROPERTY_ON_ROLE.sub(r"\1", sig)


def page_signature(page: "realweb.PageResult") -> str | None:
    """The first format's signature (cdp before aria), None if both are exact."""
    return next(
        (sig for fmt in realweb.FORMATS if fmt in page.formats for sig in [signature(fmt, page.formats[fmt])] if sig),
        None,
    )


def first_difference(page: "realweb.PageResult") -> str:
    """The first differing item of a page, Chromium's side against axsynth's, for people."""
    for fmt in realweb.FORMATS:
        result = page.formats.get(fmt)
        if result is not None and not result.exact and result.first is not None:
            item = result.first
            chromium, ours = item.chromium or "(nothing)", item.axsynth or "(nothing)"
            return f"{fmt} line {item.line}: Chromium {chromium} / axsynth {ours}"
    return "none"


def sig_hash(sig: str) -> str:
    return hashlib.sha1(sig.encode("utf-8")).hexdigest()[:10]


def axsynth_outputs(page: str, url: str, timeout: int = 30) -> dict[str, str]:
    """axsynth's cdp and aria text in golden form, or its crash in their place
    (for the files of a saved case; the run itself compares in worker processes)."""
    from axsynth.api import Document

    def on_alarm(signum, frame):
        raise TimeoutError(f"axsynth took over {timeout}s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(timeout)
    try:
        doc = Document.from_html(page.encode("utf-8"), url=url)
        return {fmt: realweb.render(doc, fmt) for fmt in realweb.FORMATS}
    except Exception as exc:  # a crash is a finding: the run must go on
        return {"crash": realweb.crash_group(exc)}
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def page_url(seed: int) -> str:
    return f"{ORIGIN}{seed}.html"


class Oracle:
    """Chromium and axsynth on pages: captures them one at a time (one browser) and
    compares them in forked workers with a timeout (realweb.run_jobs), so a crash or
    hang of axsynth is a result, not the end of the run."""

    def __init__(self, chromium, work: Path, jobs: int = 1, timeout: float = 30, memory_mb: int = 4096) -> None:
        self.chromium, self.work = chromium, work
        self.jobs, self.timeout, self.memory_mb = jobs, timeout, memory_mb
        self.captures = 0
        work.mkdir(parents=True, exist_ok=True)

    def capture(self, key: str, page: str, url: str) -> realweb.Job:
        """Capture a page in Chromium, keep it and its goldens in the work directory."""
        self.captures += 1
        body = page.encode("utf-8")
        capture = self.chromium.capture(url, lambda u: (body, "text/html") if u == url else None, ("cdp", "aria"))
        path = self.work / f"{key}.html"
        path.write_bytes(body)
        goldens = {"cdp": self.work / f"{key}.cdp.json", "aria": self.work / f"{key}.aria.txt"}
        goldens["cdp"].write_text(capture.cdp, encoding="utf-8")
        goldens["aria"].write_text(capture.aria, encoding="utf-8")
        return realweb.Job(key, path, url, goldens)

    def compare(self, jobs: list[realweb.Job]) -> dict[str, realweb.PageResult]:
        return {page.rel: page for page in realweb.run_jobs(jobs, self.jobs, self.timeout, self.memory_mb)}

    def signature_of(self, page: str, url: str) -> str | None:
        """The minimizer's question: the page's signature now (None if Chromium fails)."""
        try:
            job = self.capture("candidate", page, url)
        except Exception:  # noqa: BLE001 - a candidate Chromium cannot load shows nothing
            return None
        return page_signature(self.compare([job])["candidate"])


# --- run --------------------------------------------------------------------------


@dataclass
class Totals:
    tried: int = 0
    exact_cdp: int = 0
    exact_aria: int = 0
    mismatches: int = 0
    capture_errors: int = 0
    minimized: int = 0
    signatures: Counter = field(default_factory=Counter)

    def add(self, entry: dict) -> None:
        if "capture_error" in entry:
            self.capture_errors += 1
            return
        self.tried += 1
        self.exact_cdp += bool(entry["cdp"])
        self.exact_aria += bool(entry["aria"])
        if entry.get("signature"):
            self.mismatches += 1
            self.signatures[coarsen(entry["signature"])] += 1

    def summary(self) -> str:
        pct = lambda n: f"{100 * n / max(self.tried, 1):.1f}%"  # noqa: E731
        return (
            f"{self.tried} cases tried; byte-exact cdp {self.exact_cdp} ({pct(self.exact_cdp)}), "
            f"aria {self.exact_aria} ({pct(self.exact_aria)}); {self.mismatches} mismatches, "
            f"{len(self.signatures)} distinct signatures, {self.minimized} minimized; "
            f"{self.capture_errors} capture errors"
        )


def case_index(cache: Path) -> dict[str, Path]:
    """Every signature with a saved (minimized) case, and its directory (the oldest
    when signatures saved apart were coarsened into one)."""
    index: dict[str, Path] = {}
    cases = [case for case in (cache / "cases").glob("*") if (case / "minimal.html").exists()]
    for case in sorted(cases, key=lambda case: (case / "minimal.html").stat().st_mtime):
        index.setdefault(coarsen((case / "signature.txt").read_text(encoding="utf-8").splitlines()[0]), case)
    return index


def known_signatures(cache: Path) -> set[str]:
    """Signatures that already have a saved case."""
    return set(case_index(cache))


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt  # a SIGTERM ends the run as Ctrl-C does: totals printed, log complete


def cmd_run(args: argparse.Namespace) -> int:
    from chromium_capture import Chromium

    cache: Path = args.cache
    (cache / "cases").mkdir(parents=True, exist_ok=True)
    seen = known_signatures(cache)
    if args.seed is None:  # go on after the last seed logged
        args.seed = max((entry["seed"] + 1 for entry in log_entries(cache)), default=0)
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
    end = None if deadline else args.seed + args.count
    totals = Totals()
    signal.signal(signal.SIGTERM, _interrupt)
    seed = args.seed
    with Chromium(timeout_ms=15_000) as chromium, (cache / "log.jsonl").open("a", encoding="utf-8") as log:
        oracle = Oracle(chromium, cache / "work", args.jobs, args.timeout)
        try:
            while (end is None or seed < end) and (deadline is None or time.monotonic() < deadline):
                batch = range(seed, seed + args.batch if end is None else min(seed + args.batch, end))
                seed = batch[-1] + 1
                pages, jobs = {}, []
                for s in batch:
                    pages[s] = serialize(generate(s))
                    try:
                        jobs.append(oracle.capture(str(s), pages[s], page_url(s)))
                    except Exception as exc:  # noqa: BLE001 - Chromium failed on this page: record, go on
                        entry = {"seed": s, "capture_error": f"{type(exc).__name__}: {exc}"[:200]}
                        totals.add(entry)
                        log.write(json.dumps(entry) + "\n")
                results = oracle.compare(jobs)
                for s in batch:
                    if str(s) not in results:
                        continue
                    result = results[str(s)]
                    sig = page_signature(result)
                    entry = {
                        "seed": s,
                        "cdp": result.formats["cdp"].exact,
                        "aria": result.formats["aria"].exact,
                        "signature": sig,
                    }
                    totals.add(entry)
                    log.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    log.flush()
                    if sig is not None and sig not in seen:
                        seen.add(sig)
                        print(f"seed {s}: new signature {sig}", flush=True)
                        try:
                            save_case(cache, s, pages[s], sig, first_difference(result), oracle, args.max_calls)
                            totals.minimized += 1
                        except Exception as exc:  # noqa: BLE001 - one case lost, not the run
                            print(f"seed {s}: minimizing failed: {type(exc).__name__}: {exc}", flush=True)
                print(f"seeds ..{seed - 1}: {totals.summary()}", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    print(f"seeds {args.seed}..{seed - 1}: {totals.summary()}; {oracle.captures} Chromium captures", flush=True)
    return 0


def save_case(cache: Path, seed: int, page: str, sig: str, difference: str, oracle: Oracle, max_calls: int) -> Path:
    case = cache / "cases" / sig_hash(sig)
    case.mkdir(parents=True, exist_ok=True)
    (case / "original.html").write_text(page, encoding="utf-8")
    url = page_url(seed)
    started = time.monotonic()
    small = minimize(generate(seed), lambda candidate: oracle.signature_of(candidate, url) == sig, max_calls)
    minimal = serialize(small.doc)
    job = oracle.capture("minimal", minimal, url)
    result = oracle.compare([job])["minimal"]
    (case / "minimal.html").write_text(minimal, encoding="utf-8")
    (case / "chromium.cdp.json").write_text(job.goldens["cdp"].read_text(encoding="utf-8"), encoding="utf-8")
    (case / "chromium.aria.txt").write_text(job.goldens["aria"].read_text(encoding="utf-8"), encoding="utf-8")
    ours = axsynth_outputs(minimal, url)
    for fmt, suffix in (("cdp", "cdp.json"), ("aria", "aria.txt")):
        (case / f"axsynth.{suffix}").write_text(ours.get(fmt, ours.get("crash", "") + "\n"), encoding="utf-8")
    (case / "signature.txt").write_text(
        f"{sig}\nseed {seed}\n{first_difference(result) if page_signature(result) == sig else difference}\n"
        f"minimized with {small.calls} Chromium captures in {time.monotonic() - started:.0f}s"
        f"{'' if small.complete else ' (budget spent)'}\n",
        encoding="utf-8",
    )
    return case


def log_entries(cache: Path) -> list[dict]:
    path = cache / "log.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def cmd_list(args: argparse.Namespace) -> int:
    totals = Totals()
    for entry in log_entries(args.cache):
        totals.add(entry)
    index = case_index(args.cache)
    totals.minimized = len(index)
    print(totals.summary())
    for sig, count in totals.signatures.most_common():
        case = index.get(sig)
        print(f"{count:6d}  {sig}\n        {case / 'minimal.html' if case else '(not minimized)'}")
        if case and args.verbose:
            print(f"        {(case / 'signature.txt').read_text(encoding='utf-8').splitlines()[2][:300]}")
    return 0


# --- promote -----------------------------------------------------------------------


def fixture_text(minimal: str, title: str, sig: str, seed: str, difference: str) -> str:
    """A minimized case in the fixtures' style: the rule it shows in a comment."""
    body = minimal.split("<body>\n", 1)[1].rsplit("\n</body>", 1)[0]
    head = minimal.split("<title>case</title>", 1)[1].split("</head>", 1)[0]
    note = f"Found by tools/difffuzz.py ({seed}). First difference: {sig}; {difference}"
    note = note.replace("--", "- -")  # nothing in it may end the comment
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"{head}</head>\n<body>\n<!-- {note} -->\n{body}\n</body></html>\n"
    )


def cmd_promote(args: argparse.Namespace) -> int:
    """Write a minimized case as a fixture, capture its goldens, update the expectations."""
    from gen_goldens import capture_goldens

    from axsynth.conformance import Fixture

    case = args.case if args.case.is_dir() else args.cache / "cases" / args.case
    minimal = (case / "minimal.html").read_text(encoding="utf-8")
    sig, seed, difference = ((case / "signature.txt").read_text(encoding="utf-8").splitlines() + [""] * 3)[:3]
    name = f"fuzz-{args.name}"
    fixture = Fixture(name, FIXTURES / f"{name}.html")
    fixture.path.write_text(fixture_text(minimal, args.title or args.name, sig, seed, difference), encoding="utf-8")
    capture_goldens([fixture])
    print(f"wrote {fixture.path.relative_to(ROOT)} and its goldens")
    if not args.no_expectations:
        subprocess.run(
            [sys.executable, "-m", "axsynth.conformance", "--update-expectations", str(EXPECTATIONS.relative_to(ROOT))],
            cwd=ROOT,
            check=True,
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="generate, capture, compare, minimize new signatures")
    run.add_argument("--seed", type=int, default=None, help="the first seed (default: after the last one logged)")
    run.add_argument("--count", type=int, default=100, help="cases to try")
    run.add_argument("--minutes", type=float, default=0, help="run this long instead of --count cases")
    run.add_argument("--batch", type=int, default=10, help="cases captured before they are compared together")
    run.add_argument("--jobs", type=int, default=1, help="axsynth worker processes comparing a batch")
    run.add_argument("--timeout", type=float, default=30, help="seconds axsynth gets per case")
    run.add_argument("--max-calls", type=int, default=300, help="Chromium captures per minimization")
    run.set_defaults(func=cmd_run)
    listing = sub.add_parser("list", help="signatures found, most frequent first")
    listing.add_argument("-v", "--verbose", action="store_true", help="with each case's first difference")
    listing.set_defaults(func=cmd_list)
    promote = sub.add_parser("promote", help="a minimized case -> tests/fixtures/fuzz-NAME.html + goldens")
    promote.add_argument("case", type=Path, help="the case's directory, or its name (the signature hash)")
    promote.add_argument("name", help="the fixture is tests/fixtures/fuzz-NAME.html")
    promote.add_argument("--title", default="")
    promote.add_argument(
        "--no-expectations", action="store_true", help="do not regenerate tests/conformance_expected.txt"
    )
    promote.set_defaults(func=cmd_promote)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
