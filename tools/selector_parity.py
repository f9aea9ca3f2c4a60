#!/usr/bin/env python3
"""axsynth's selector engine against cssselect2 (the reference it replaced), page by page.

    python tools/selector_parity.py [PAGE_OR_DIR ...] [--json out.json]

For every page (default: tests/fixtures/*.html) and every tree scope of it, the UA sheet
and the scope's author sheets are matched against every element twice: by the cascade's
rule sets (``style/rule_scan`` + ``style/selectors``) and as the cascade did before them
(tinycss2 parses the whole sheet, cssselect2 compiles every selector, with the
pseudo-classes and pseudo-elements of tools/cssselect2_reference.py, its Matcher matches
ElementWrappers). Each element's matches, in cascade order, must be the same rules with
the same specificity, pseudo-element and declarations. Where cssselect2 itself fails (an
internal error: ``:lang()`` with no language at the root, ``[*|a]``, a selector its
generated code cannot hold) the element is counted apart, not compared.
Exit status 1 when any element differs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cssselect2
import tinycss2
from cssselect2.compiler import split_whitespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import cssselect2_reference  # noqa: E402

from axsynth.html.dom import HTML_NS, Element, FlatTree  # noqa: E402
from axsynth.html.parse import parse_html  # noqa: E402
from axsynth.html.resources import Loader, LoadPolicy  # noqa: E402
from axsynth.style import cascade, rule_scan  # noqa: E402
from axsynth.style.layout_declarations import LayoutDeclarations  # noqa: E402
from axsynth.style.properties import declarations  # noqa: E402
from axsynth.style.selectors import match_scope  # noqa: E402


def reference_matcher(sheets: list[tuple[str, int]]) -> cssselect2.Matcher:
    """The cascade's matcher before the selector engine (main's _build_matcher, with the
    pseudo-classes and pseudo-elements it had taught cssselect2)."""
    matcher = cssselect2.Matcher()
    for css, origin in sheets:
        parsed = tinycss2.parse_stylesheet(rule_scan.preprocess(css), skip_comments=True, skip_whitespace=True)
        for prelude, content in rule_scan.exact_style_rules(parsed):
            contents = tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True)
            decls = declarations(contents)
            # A rule matters to the cascade when it declares what the tree reads, or what
            # layout reads (its payload carries those unparsed), or targets ::first-letter.
            matters = bool(decls) or LayoutDeclarations.of(contents) is not None
            styles_first_letter = any(item.type == "declaration" for item in contents)
            if not matters and not styles_first_letter:
                continue
            try:
                selectors = cssselect2_reference.compile_selector_list(prelude)
            except cssselect2.SelectorError:
                continue
            except Exception:  # noqa: BLE001 - cssselect2's own failures (SyntaxError, NotImplementedError...)
                matcher.failed = getattr(matcher, "failed", 0) + 1
                continue
            for selector in selectors:
                if matters or selector.pseudo_element == cascade.FIRST_LETTER:
                    matcher.add_selector(selector, (origin, decls))
    return matcher


def _wrappers(top: Element):
    """The cascade's wrappers, pre-filled as it pre-filled them."""
    for wrapper in cssselect2.ElementWrapper.from_html_root(top).iter_subtree():
        el = wrapper.etree_element
        wrapper.__dict__["id"] = el.attrs.get("id")
        value = el.attrs.get("class")
        wrapper.__dict__["classes"] = set(split_whitespace(value)) if value else frozenset()
        if el.namespace == HTML_NS:
            wrapper.__dict__["local_name"] = el.local_name
            wrapper.__dict__["namespace_url"] = ""
        yield wrapper


def _shape(matches: list) -> list:
    return [(spec, pseudo, payload[0], repr(payload[1])) for spec, _order, pseudo, payload in matches]


_UA_REFERENCE: list = []


class _SheetsOnly(cascade.Styles):
    """The cascade's tree scopes and their sheets, without computing a style."""

    def _compute(self) -> None:
        pass


def compare_page(html: bytes, url: str, base_dir: Path | None = None) -> dict:
    """Counts for one page: elements compared, identical, different (with examples), reference failures."""
    document = parse_html(html, url)
    loader = Loader.for_document(LoadPolicy.for_page(url, base_dir=base_dir), document, url)
    styles = _SheetsOnly(document, FlatTree(), loader)
    if not _UA_REFERENCE:
        _UA_REFERENCE.append(reference_matcher([(cascade.files("axsynth.style").joinpath("ua.css").read_text(), 0)]))
    ua_reference = _UA_REFERENCE[0]
    counts = {"elements": 0, "same": 0, "different": 0, "reference_failed": 0, "examples": []}
    for scope, elements in styles._scopes():
        sheets = styles._author_sheets(elements)
        reference = reference_matcher(sheets)
        counts["reference_failed"] += getattr(reference, "failed", 0)
        tops = [top for top in scope.children if isinstance(top, Element)]
        ours: dict = {}
        match_scope(tops, (cascade._ua_rules(), cascade._build_rule_set(sheets)), ours)
        for top in tops:
            for wrapper in _wrappers(top):
                el = wrapper.etree_element
                counts["elements"] += 1
                try:
                    expected = _shape(ua_reference.match(wrapper) + reference.match(wrapper))
                except Exception:  # noqa: BLE001 - cssselect2 failing on this element
                    counts["reference_failed"] += 1
                    continue
                if _shape(ours[el]) == expected:
                    counts["same"] += 1
                else:
                    counts["different"] += 1
                    if len(counts["examples"]) < 5:
                        counts["examples"].append({"element": repr(el), "expected": expected, "got": _shape(ours[el])})
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", type=Path, help="pages or directories (default: tests/fixtures)")
    parser.add_argument("--json", type=Path, help="write the per-page counts here")
    args = parser.parse_args()
    paths: list[Path] = []
    for item in args.pages or [ROOT / "tests" / "fixtures"]:
        paths += sorted(p for p in item.rglob("*.htm*") if p.is_file()) if item.is_dir() else [item]
    totals = {"pages": 0, "elements": 0, "same": 0, "different": 0, "reference_failed": 0, "pages_differing": 0}
    report = {}
    start = time.perf_counter()
    for path in paths:
        counts = compare_page(path.read_bytes(), path.resolve().as_uri(), path.parent)
        report[str(path)] = counts
        totals["pages"] += 1
        for key in ("elements", "same", "different", "reference_failed"):
            totals[key] += counts[key]
        if counts["different"]:
            totals["pages_differing"] += 1
            print(f"DIFFERS {path}: {counts['different']} elements, e.g. {counts['examples'][0]}", flush=True)
    print(
        f"{totals['pages']} pages, {totals['elements']:,} elements: {totals['same']:,} identical, "
        f"{totals['different']:,} different ({totals['pages_differing']} pages), "
        f"{totals['reference_failed']:,} where cssselect2 fails; {time.perf_counter() - start:.0f} s"
    )
    if args.json:
        args.json.write_text(json.dumps({"totals": totals, "pages": report}, indent=1) + "\n")
    return 1 if totals["different"] else 0


if __name__ == "__main__":
    sys.exit(main())
