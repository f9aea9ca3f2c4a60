#!/usr/bin/env python3
"""A differential fuzzer: axsynth against Chromium on generated documents.

Small documents are generated from a grammar of what Chromium's accessibility code
reads (HTML elements and attributes, ARIA, the CSS properties and pseudo-elements the
tree depends on), captured in Chromium exactly as the goldens are
(``chromium_capture.py``), and compared with axsynth as ``realweb.py`` compares real
pages. Each mismatch gets a *signature* (the first difference's kind and group, with
names left out); the first case of every new signature is *minimized* by delta
debugging over the document's nodes, attributes, declarations and rules, with
Chromium as the oracle, to a few lines that show the same difference.

    python tools/difffuzz.py run --seed 0 --count 500       # or --minutes 60
    python tools/difffuzz.py list                          # signatures found, by count
    python tools/difffuzz.py promote CASE NAME             # -> tests/fixtures/fuzz-NAME.html

Everything but ``promote`` writes under ``~/.cache/axsynth-realweb/difffuzz`` (``--cache``):

    log.jsonl                   one line per case: seed, exact cdp/aria, signature
    cases/<sig-hash>/           original.html, minimal.html, signature.txt, and both
                                trees of the minimal case from Chromium and axsynth

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
import traceback
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


def serialize(doc: Doc) -> str:
    """The document as a page, in the fixtures' frame."""
    sheet = "".join(f"{r.selector} {{ {_decls(r.decls)} }}\n" for r in doc.sheet if r.decls)
    style = f"<style>\n{sheet}</style>" if sheet else ""
    body = "".join(_node_html(n) for n in doc.body)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>case</title>{style}</head>\n'
            f"<body>\n{body}\n</body></html>\n")


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


# --- the generator ------------------------------------------------------------

# Elements by the content they take: (tag, kind) where kind says what goes inside.
_CONTAINERS = "div span p section article nav header footer main aside figure blockquote address search hgroup".split()
_INLINE = "span a b i em strong small mark abbr code time del ins q cite sub sup label output".split()
_HEADINGS = "h1 h2 h3 h4 h5 h6".split()
_INPUT_TYPES = ("text checkbox radio button submit reset range number email search tel url password "
                "date time color file hidden image").split()
_ROLES = ("button link heading list listitem navigation region group img presentation none tab tablist "
          "tabpanel checkbox menu menuitem textbox dialog alert status note article banner generic "
          "separator option listbox combobox switch slider progressbar table row cell gridcell grid "
          "treeitem tree figure term definition math bogus").split()
_WORDS = "alpha beta gamma delta Save Open Menu Next Close Search Home News one two".split()
_CSS = {
    "display": "none contents inline block inline-block flex grid table table-row table-cell list-item flow-root".split(),
    "visibility": "hidden visible collapse".split(),
    "position": "static relative absolute fixed".split(),
    "float": "left none".split(),
    "white-space": "pre normal nowrap pre-line".split(),
    "text-transform": "uppercase none capitalize".split(),
    "list-style-type": "none decimal square".split(),
    "content-visibility": "hidden visible".split(),
    "opacity": "0 1".split(),
}
_CONTENTS = ['" "', '"x"', '"→ "', 'attr(title)', 'counter(c)', '"" / "alt"', 'url(a.png)', '"a" / ""', 'none']


class Generator:
    """Seeded: the same seed gives the same document, byte for byte."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.ids: list[str] = []
        self.budget = 0

    def document(self) -> Doc:
        rng = self.rng
        self.budget = rng.randint(3, 25)
        body: list[El | str] = []
        while self.budget > 0:
            body.append(self.flow())
            if rng.random() < 0.4:
                body.append(self.text())
        self.add_references(body)
        sheet = [self.rule() for _ in range(rng.choice((0, 0, 1, 2, 3)))]
        return Doc(body, sheet)

    def text(self) -> str:
        rng = self.rng
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 3)))
        return rng.choice(("", " ", "  ", "\n ")) + words + rng.choice(("", " ", "\n"))

    def flow(self, depth: int = 0) -> El:
        self.budget -= 1
        rng = self.rng
        pick = rng.random()
        if pick < 0.10:
            el = El(rng.choice(_HEADINGS), children=[self.text()])
        elif pick < 0.25:
            el = self.control()
        elif pick < 0.33:
            el = self.list_()
        elif pick < 0.38:
            el = self.table()
        elif pick < 0.43:
            el = self.image()
        elif pick < 0.48:
            el = El("details", children=[El("summary", children=[self.text()]), self.text()])
        elif pick < 0.60:
            el = El(rng.choice(_INLINE), children=[self.text()])
            if el.tag == "a" and rng.random() < 0.8:
                el.attrs["href"] = rng.choice(("/x", "#top", "", "mailto:a@b", "javascript:void(0)"))
        else:
            el = El(rng.choice(_CONTAINERS))
            for _ in range(rng.randint(0, 3)):
                if self.budget > 0 and depth < 5 and rng.random() < 0.7:
                    el.children.append(self.flow(depth + 1))
                else:
                    el.children.append(self.text())
        self.decorate(el)
        return el

    def control(self) -> El:
        rng = self.rng
        kind = rng.choice(("button", "input", "input", "select", "textarea", "label", "fieldset", "progress", "meter"))
        if kind == "input":
            el = El("input", {"type": rng.choice(_INPUT_TYPES)})
            if rng.random() < 0.5:
                el.attrs["value"] = rng.choice(_WORDS)
            if rng.random() < 0.3:
                el.attrs["placeholder"] = rng.choice(_WORDS)
            return el
        if kind == "select":
            options = [El("option", children=[rng.choice(_WORDS)]) for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.3:
                options[0].attrs["disabled"] = ""
            return El("select", children=options)
        if kind == "label":
            return El("label", children=[self.text(), self.control() if rng.random() < 0.6 else self.text()])
        if kind == "fieldset":
            return El("fieldset", children=[El("legend", children=[self.text()]), self.control()])
        if kind in ("progress", "meter"):
            return El(kind, {"value": rng.choice(("0.3", "5", "")), "max": rng.choice(("1", "10"))})
        return El(kind, children=[self.text()])

    def list_(self) -> El:
        rng = self.rng
        tag = rng.choice(("ul", "ol", "dl", "menu"))
        if tag == "dl":
            items = [El(rng.choice(("dt", "dd")), children=[self.text()]) for _ in range(rng.randint(1, 3))]
        else:
            items = [El("li", children=[self.text()]) for _ in range(rng.randint(1, 3))]
        return El(tag, children=items)

    def table(self) -> El:
        rng = self.rng
        rows = []
        for r in range(rng.randint(1, 3)):
            cell = "th" if r == 0 and rng.random() < 0.5 else "td"
            rows.append(El("tr", children=[El(cell, children=[self.text()]) for _ in range(rng.randint(1, 3))]))
        children: list[El | str] = [El("caption", children=[self.text()])] if rng.random() < 0.3 else []
        return El("table", {"border": "1"} if rng.random() < 0.3 else {}, children=children + rows)

    def image(self) -> El:
        rng = self.rng
        if rng.random() < 0.5:
            attrs = {"src": "a.png"}
            if rng.random() < 0.7:
                attrs["alt"] = rng.choice(("", "logo", " "))
            return El("img", attrs)
        inner: list[El | str] = [El("title", children=[rng.choice(_WORDS)])] if rng.random() < 0.5 else []
        inner.append(El(rng.choice(("rect", "g", "circle", "text")), children=[rng.choice(_WORDS)]))
        return El("svg", {"width": "10", "height": "10"}, children=inner)

    def decorate(self, el: El) -> None:
        """Attributes and inline style that change roles, names, states and boxes."""
        rng = self.rng
        if rng.random() < 0.3:
            el.attrs["id"] = f"e{len(self.ids)}"
            self.ids.append(el.attrs["id"])
        if rng.random() < 0.25:
            el.attrs["role"] = rng.choice(_ROLES) + (f" {rng.choice(_ROLES)}" if rng.random() < 0.1 else "")
        if rng.random() < 0.15:
            el.attrs["aria-label"] = rng.choice(_WORDS + [" ", ""])
        if rng.random() < 0.1:
            el.attrs[rng.choice(("aria-hidden", "hidden", "inert"))] = rng.choice(("true", "", "false"))
        if rng.random() < 0.12:
            el.attrs["title"] = rng.choice(_WORDS)
        if rng.random() < 0.1:
            el.attrs["tabindex"] = rng.choice(("0", "-1"))
        if rng.random() < 0.1:
            state = rng.choice(("aria-checked", "aria-pressed", "aria-expanded", "aria-selected", "aria-disabled",
                                "aria-level", "aria-valuenow", "aria-current", "aria-haspopup"))
            el.attrs[state] = rng.choice(("true", "false", "mixed", "2", "page"))
        if rng.random() < 0.05:
            el.attrs["contenteditable"] = rng.choice(("", "true", "plaintext-only"))
        for _ in range(rng.choice((0, 0, 0, 1, 2))):
            prop = rng.choice(sorted(_CSS))
            el.style[prop] = rng.choice(_CSS[prop])

    def add_references(self, body: list[El | str]) -> None:
        """IDREF attributes pointing at generated ids (and now and then at none)."""
        rng = self.rng
        for el in list(_elements(body)):
            if rng.random() < 0.12:
                attr = rng.choice(("aria-labelledby", "aria-describedby", "aria-owns", "aria-controls", "for"))
                refs = [rng.choice(self.ids) if self.ids and rng.random() < 0.85 else "missing"
                        for _ in range(rng.randint(1, 2))]
                el.attrs[attr] = " ".join(refs)

    def rule(self) -> Rule:
        rng = self.rng
        target = rng.choice(["div", "span", "p", "li", "a", "button", "label", "td", "h2", "section"]
                            + [f"#{i}" for i in self.ids[:4]])
        pseudo = rng.choice(("", "", "::before", "::after", "::marker", ":first-child"))
        decls = {rng.choice(sorted(_CSS)): "" for _ in range(rng.randint(1, 2))}
        decls = {k: rng.choice(_CSS[k]) for k in decls}
        if pseudo in ("::before", "::after"):
            decls["content"] = rng.choice(_CONTENTS)
        return Rule(target + pseudo, decls)


def generate(seed: int) -> Doc:
    return Generator(seed).document()


def _elements(nodes: list[El | str]) -> Iterator[El]:
    stack = [n for n in reversed(nodes) if isinstance(n, El)]
    while stack:
        el = stack.pop()
        yield el
        stack.extend(c for c in reversed(el.children) if isinstance(c, El))


# --- minimization: delta debugging over the document's parts -------------------

# A part is one removable thing: ("node", path), ("attr", path, name),
# ("style", path, prop), ("rule", i) or ("decl", i, prop). A path indexes children.
Part = tuple


def parts(doc: Doc) -> list[Part]:
    out: list[Part] = []

    def walk(nodes: list[El | str], prefix: tuple[int, ...]) -> None:
        for i, node in enumerate(nodes):
            path = prefix + (i,)
            out.append(("node", path))
            if isinstance(node, El):
                out.extend(("attr", path, name) for name in node.attrs)
                out.extend(("style", path, prop) for prop in node.style)
                walk(node.children, path)

    walk(doc.body, ())
    for i, rule in enumerate(doc.sheet):
        out.append(("rule", i))
        out.extend(("decl", i, prop) for prop in rule.decls)
    return out


def without(doc: Doc, removed: set[Part]) -> Doc:
    """The document with the removed parts left out (a node takes its subtree along)."""

    def rebuild(nodes: list[El | str], prefix: tuple[int, ...]) -> list[El | str]:
        kept: list[El | str] = []
        for i, node in enumerate(nodes):
            path = prefix + (i,)
            if ("node", path) in removed:
                continue
            if isinstance(node, str):
                kept.append(node)
                continue
            kept.append(El(node.tag,
                           {k: v for k, v in node.attrs.items() if ("attr", path, k) not in removed},
                           {k: v for k, v in node.style.items() if ("style", path, k) not in removed},
                           rebuild(node.children, path)))
        return kept

    sheet = [Rule(rule.selector, {k: v for k, v in rule.decls.items() if ("decl", i, k) not in removed})
             for i, rule in enumerate(doc.sheet) if ("rule", i) not in removed]
    return Doc(rebuild(doc.body, ()), sheet)


def ddmin(items: list, fails: Callable[[list], bool]) -> list:
    """Zeller's ddmin: a 1-minimal sublist of ``items`` for which ``fails`` holds
    (``fails(items)`` is assumed)."""
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        for subset in subsets:  # reduce to a subset
            if fails(subset):
                items, n = subset, 2
                break
        else:
            for subset in subsets:  # reduce to a complement
                complement = [x for x in items if x not in subset]
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


def minimize(doc: Doc, still_fails: Callable[[str], bool], max_calls: int = 300) -> Doc:
    """The smallest document ddmin finds (keeping a set of parts) for which
    ``still_fails(html)`` holds. Oracle answers are cached by HTML; at most
    ``max_calls`` distinct documents are asked about, after which the smallest
    failing one seen so far is the answer."""
    cache: dict[str, bool] = {}
    all_parts = parts(doc)
    smallest = [all_parts]

    def fails(kept: list[Part]) -> bool:
        candidate = serialize(without(doc, set(all_parts) - set(kept)))
        if candidate not in cache:
            if len(cache) >= max_calls:
                raise BudgetSpent
            cache[candidate] = still_fails(candidate)
        if cache[candidate] and len(kept) < len(smallest[0]):
            smallest[0] = kept
        return cache[candidate]

    try:
        ddmin(all_parts, fails)
    except BudgetSpent:
        pass
    return without(doc, set(all_parts) - set(smallest[0]))


# --- comparing, signatures ------------------------------------------------------


def signature(fmt: str, result: "realweb.FormatResult") -> str:
    """What a mismatch is, without the page's own text: the first difference's kind
    and group with quoted names left out."""
    item = result.first
    if item is None:
        return f"{fmt}: exact"
    group = re.sub(r"'[^']*'|\"[^\"]*\"", "…", item.group)
    return f"{fmt}: {group}"


def axsynth_outputs(page: str, url: str, timeout: int = 30) -> dict[str, str]:
    """axsynth's cdp and aria text, or a crash signature in their place."""
    from axsynth.api import Document

    def on_alarm(signum, frame):
        raise TimeoutError(f"axsynth took over {timeout}s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(timeout)
    try:
        doc = Document.from_html(page.encode("utf-8"), url=url)
        return {fmt: realweb.render(doc, fmt) for fmt in realweb.FORMATS}
    except Exception as exc:  # a crash is a finding: its signature is where it happened
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        return {"crash": f"crash: {type(exc).__name__} at {Path(frame.filename).name}:{frame.name}"}
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def compare(page: str, capture) -> tuple[dict[str, bool], str | None, dict[str, str]]:
    """(exact per format, signature of the first mismatch or None, axsynth's outputs)."""
    ours = axsynth_outputs(page, ORIGIN + "case.html")
    if "crash" in ours:
        return {fmt: False for fmt in realweb.FORMATS}, ours["crash"], ours
    exact, sig = {}, None
    for fmt in realweb.FORMATS:
        golden = capture.cdp if fmt == "cdp" else capture.aria
        result = realweb.compare_texts(fmt, golden, ours[fmt])
        exact[fmt] = result.exact
        if not result.exact and sig is None:
            sig = signature(fmt, result)
    return exact, sig, ours


# --- run --------------------------------------------------------------------------


class Oracle:
    """Chromium, serving one document at a time at a fixed URL."""

    def __init__(self, chromium) -> None:
        self.chromium = chromium
        self.calls = 0

    def capture(self, page: str):
        self.calls += 1
        body = page.encode("utf-8")
        url = ORIGIN + "case.html"
        return self.chromium.capture(url, lambda u: (body, "text/html") if u == url else None)

    def signature_of(self, page: str) -> str | None:
        return compare(page, self.capture(page))[1]


def sig_hash(sig: str) -> str:
    return hashlib.sha1(sig.encode("utf-8")).hexdigest()[:10]


def cmd_run(args: argparse.Namespace) -> int:
    from chromium_capture import Chromium

    cache: Path = args.cache
    (cache / "cases").mkdir(parents=True, exist_ok=True)
    seen = {json.loads(line).get("signature") for line in _log_lines(cache)}
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
    tried = exact_cdp = exact_aria = mismatches = minimized = 0
    signatures: Counter[str] = Counter()
    with Chromium(timeout_ms=15_000) as chromium, (cache / "log.jsonl").open("a", encoding="utf-8") as log:
        oracle = Oracle(chromium)
        seed = args.seed
        while (deadline is None and seed < args.seed + args.count) or (deadline is not None and time.monotonic() < deadline):
            page = serialize(generate(seed))
            try:
                exact, sig, ours = compare(page, oracle.capture(page))
            except Exception as exc:  # Chromium failed on this page: record, go on
                log.write(json.dumps({"seed": seed, "capture_error": str(exc)[:200]}) + "\n")
                seed += 1
                continue
            tried += 1
            exact_cdp += exact["cdp"]
            exact_aria += exact["aria"]
            log.write(json.dumps({"seed": seed, "cdp": exact["cdp"], "aria": exact["aria"], "signature": sig}) + "\n")
            log.flush()
            if sig is not None:
                mismatches += 1
                signatures[sig] += 1
                if sig not in seen:
                    seen.add(sig)
                    _save_case(cache, seed, page, sig, oracle, args.max_calls)
                    minimized += 1
                    print(f"seed {seed}: new {sig}", flush=True)
            seed += 1
    print(f"{tried} cases tried (seeds {args.seed}..{seed - 1}); byte-exact cdp {exact_cdp} "
          f"({100 * exact_cdp / max(tried, 1):.1f}%), aria {exact_aria} ({100 * exact_aria / max(tried, 1):.1f}%); "
          f"{mismatches} mismatches, {len(signatures)} signatures, {minimized} new minimized; "
          f"{oracle.calls} Chromium captures")
    return 0


def _save_case(cache: Path, seed: int, page: str, sig: str, oracle: Oracle, max_calls: int) -> None:
    case = cache / "cases" / sig_hash(sig)
    case.mkdir(parents=True, exist_ok=True)
    (case / "original.html").write_text(page, encoding="utf-8")
    (case / "signature.txt").write_text(f"{sig}\nseed {seed}\n", encoding="utf-8")
    small = serialize(minimize(generate(seed), lambda candidate: oracle.signature_of(candidate) == sig, max_calls))
    (case / "minimal.html").write_text(small, encoding="utf-8")
    capture = oracle.capture(small)
    ours = axsynth_outputs(small, ORIGIN + "case.html")
    (case / "chromium.cdp.json").write_text(capture.cdp, encoding="utf-8")
    (case / "chromium.aria.txt").write_text(capture.aria, encoding="utf-8")
    for fmt, text in ours.items():
        (case / f"axsynth.{fmt}.txt").write_text(text, encoding="utf-8")


def _log_lines(cache: Path) -> list[str]:
    path = cache / "log.jsonl"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def cmd_list(args: argparse.Namespace) -> int:
    counts: Counter[str] = Counter()
    tried = 0
    for line in _log_lines(args.cache):
        entry = json.loads(line)
        tried += "cdp" in entry
        if entry.get("signature"):
            counts[entry["signature"]] += 1
    print(f"{tried} cases logged, {sum(counts.values())} mismatches, {len(counts)} signatures")
    for sig, count in counts.most_common():
        case = args.cache / "cases" / sig_hash(sig)
        print(f"{count:6d}  {sig}\n        {case if case.exists() else '(not minimized)'}")
    return 0


def cmd_promote(args: argparse.Namespace) -> int:
    """Write a minimized case as a fixture and capture its goldens."""
    case = args.cache / "cases" / args.case
    minimal = (case / "minimal.html").read_text(encoding="utf-8")
    sig, seed = (case / "signature.txt").read_text(encoding="utf-8").splitlines()[:2]
    body = minimal.split("<body>\n", 1)[1].rsplit("\n</body>", 1)[0]
    head = minimal.split("<title>case</title>", 1)[1].split("</head>", 1)[0]
    name = f"fuzz-{args.name}"
    fixture = FIXTURES / f"{name}.html"
    fixture.write_text(
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(args.title or args.name)}</title>'
        f"{head}</head>\n<body>\n<!-- Found by tools/difffuzz.py ({seed}); first difference: {html.escape(sig)} -->\n"
        f"{body}\n</body></html>\n", encoding="utf-8")
    subprocess.run([sys.executable, str(TOOLS / "gen_goldens.py"), name], check=True)
    print(f"wrote {fixture.relative_to(ROOT)} and its goldens; if axsynth does not match it yet, run\n"
          "  python -m axsynth.conformance --update-expectations tests/conformance_expected.txt")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="generate, capture, compare, minimize new signatures")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--count", type=int, default=100)
    run.add_argument("--minutes", type=float, default=0, help="run this long instead of --count cases")
    run.add_argument("--max-calls", type=int, default=200, help="Chromium captures per minimization")
    run.set_defaults(func=cmd_run)
    sub.add_parser("list", help="signatures found, most frequent first").set_defaults(func=cmd_list)
    promote = sub.add_parser("promote", help="a minimized case -> tests/fixtures/fuzz-NAME.html + goldens")
    promote.add_argument("case", help="the case directory's name (its signature hash)")
    promote.add_argument("name")
    promote.add_argument("--title", default="")
    promote.set_defaults(func=cmd_promote)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
