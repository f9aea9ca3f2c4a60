"""A tree scope's author style sheets as Chromium collects them: ``<style>`` elements
(HTML and SVG) and ``<link rel=stylesheet>`` files whose media match, each with the
sheets its ``@import`` rules bring in, in document order.

Files are read by the page's loader (``axsynth.html.resources``), which decides
what may be read and notes what is not. An ``@import`` is followed as Blink's
StyleRuleImport follows it: only where it is valid (after ``@charset`` and
``@layer`` statements, before any other rule), when its ``supports()`` and media
conditions hold, never into a sheet already in its import chain (a cycle), and its
rules take the place of the ``@import`` rule (wrapped in ``@layer`` when it names one).
"""

from __future__ import annotations

import re

import tinycss2
import tinycss2.ast
from tinycss2.bytes import decode_stylesheet_bytes

from ..html.dom import HTML_NS, SVG_NS, Element
from ..html.resources import MAX_IMPORT_DEPTH, MAX_IMPORTS, Loader, NotLoaded
from . import media, supports

_MAY_IMPORT = re.compile(r"@import", re.IGNORECASE)
# Blink's AllowedRules as a sheet's top-level rules go by: @import is valid while
# nothing but @charset, @layer statements and other @imports came before it.
_IMPORTS_ALLOWED, _LAYER_STATEMENTS_ONLY, _REGULAR = range(3)


def author_sheets(elements: list[Element], loader: Loader) -> list[tuple[str, bool]]:
    """The CSS text of each sheet of a tree scope, in order, @imports in place, and
    whether it is a linked file (it arrives after the parser, unlike a <style>)."""
    sheets = []
    for el in elements:
        if el.local_name == "style" and el.namespace in (HTML_NS, SVG_NS) and _style_applies(el):
            sheets.append((with_imports(el.text_content(), loader.base_url, loader, ()), False))
        elif el.is_html and el.local_name == "link" and _link_applies(el):
            css = linked_sheet(el.attrs.get("href", ""), loader)
            if css is not None:
                sheets.append((css, True))
    return sheets


def _style_applies(el: Element) -> bool:
    """A <style> applies when its type is CSS and its media match (Blink's StyleElement::IsCSS:
    ASCII case-insensitive in HTML, exact in SVG, no parameters)."""
    kind = el.attrs.get("type")
    is_css = not kind or (kind.lower() if el.namespace == HTML_NS else kind) == "text/css"
    return is_css and media.matches_attribute(el.attrs.get("media"))


def _link_applies(el: Element) -> bool:
    """A <link> that is an enabled, non-alternate stylesheet of CSS type whose media match
    (Chromium fetches alternate and disabled sheets but applies neither)."""
    rel = el.attrs.get("rel", "").lower().split()
    kind = el.attrs.get("type")
    return (
        "stylesheet" in rel
        and "alternate" not in rel
        and "disabled" not in el.attrs
        and (not kind or kind.lower() == "text/css")
        and media.matches_attribute(el.attrs.get("media"))
    )


def linked_sheet(href: str, loader: Loader) -> str | None:
    """The text of the sheet a <link href> names, @imports in place; None (and a note) if not read."""
    if not href.strip():
        return None
    try:
        sheet = loader.stylesheet(loader.url_of(href))
    except NotLoaded as reason:
        loader.note("stylesheet", href, str(reason))
        return None
    return with_imports(decode(sheet.body, sheet.charset), sheet.url, loader, ())


def decode(data: bytes, charset: str | None = None) -> str:
    """A stylesheet's text: its BOM, else the charset it was served with (Content-Type),
    else its @charset, else UTF-8 (CSS Syntax §3.2)."""
    return decode_stylesheet_bytes(data, protocol_encoding=charset)[0]


def with_imports(css: str, url: str, loader: Loader, chain: tuple[str, ...]) -> str:
    """``css`` with each valid @import replaced by the imported sheet's rules (themselves
    with their imports): the text that cascades. ``chain`` holds the URLs of the sheets
    that import this one, outermost first."""
    if not _MAY_IMPORT.search(css):
        return css  # nearly every sheet: no parse here, the matcher parses it once
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    chain = (*chain, url.partition("#")[0])
    out = []
    state = _IMPORTS_ALLOWED
    for rule in rules:
        if rule.type == "at-rule" and rule.lower_at_keyword == "import":
            parsed = parse_import(rule) if state == _IMPORTS_ALLOWED else None
            if parsed is not None:
                out.append(_imported(*parsed, url, loader, chain))
            continue  # an invalid @import is dropped and changes nothing (Blink returns no rule)
        state = _next_state(state, rule)
        out.append(tinycss2.serialize([rule]))
    return "\n".join(out)


def _next_state(state: int, rule) -> int:
    """Blink's ComputeNewAllowedRules, for the rules axsynth sees (an invalid style rule
    is still a qualified rule here; Blink drops it before it counts: a divergence only
    for a sheet that puts a broken rule before an @import)."""
    if rule.type == "at-rule" and rule.lower_at_keyword == "charset":
        return state
    if rule.type == "at-rule" and rule.lower_at_keyword == "layer" and rule.content is None:
        return _IMPORTS_ALLOWED if state == _IMPORTS_ALLOWED else _REGULAR
    if rule.type == "error":
        return state
    return _REGULAR


def parse_import(rule) -> tuple[str, str | None, list, list] | None:
    """An @import's URL, layer (``""`` anonymous, ``None`` none), supports() arguments
    and media query tokens; None when it is invalid (CSSParserImpl::ConsumeImportRule)."""
    tokens = [t for t in rule.prelude if t.type not in ("whitespace", "comment")]
    if not tokens:
        return None
    first = tokens[0]
    if first.type in ("string", "url"):
        href = first.value
    elif first.type == "function" and first.lower_name == "url":
        args = [t for t in first.arguments if t.type not in ("whitespace", "comment")]
        if len(args) != 1 or args[0].type != "string":
            return None
        href = args[0].value
    else:
        return None
    rest = rule.prelude[rule.prelude.index(first) + 1 :]
    layer, rest = _layer(rest)
    condition, rest = _supports(rest)
    return href, layer, condition, rest


def _layer(tokens: list) -> tuple[str | None, list]:
    significant = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if significant and significant[0].type == "ident" and significant[0].lower_value == "layer":
        return "", tokens[tokens.index(significant[0]) + 1 :]
    if significant and significant[0].type == "function" and significant[0].lower_name == "layer":
        return tinycss2.serialize(significant[0].arguments).strip(), tokens[tokens.index(significant[0]) + 1 :]
    return None, tokens


def _supports(tokens: list) -> tuple[list | None, list]:
    significant = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if significant and significant[0].type == "function" and significant[0].lower_name == "supports":
        return significant[0].arguments, tokens[tokens.index(significant[0]) + 1 :]
    return None, tokens


def import_conditions_hold(condition: list | None, media_tokens: list) -> bool:
    """supports(<declaration> | <condition>) and the media query list of an @import."""
    if condition is not None:
        inner = [t for t in condition if t.type not in ("whitespace", "comment")]
        is_declaration = len(inner) >= 2 and inner[0].type == "ident" and inner[1] == ":"
        wrapped = [tinycss2.ast.ParenthesesBlock(1, 1, condition)] if is_declaration else condition
        if not supports.matches(wrapped):
            return False
    return media.matches(media_tokens)


def _imported(
    href: str, layer: str | None, condition: list | None, media_tokens: list, base: str, loader: Loader, chain
) -> str:
    """The text an @import stands for ("" when it brings nothing, with a note why)."""
    if not import_conditions_hold(condition, media_tokens):
        return ""
    try:
        url = loader.url_of(href, base)
        if url.partition("#")[0] in chain:
            raise NotLoaded("an @import cycle (the sheet imports itself, directly or through others)")
        if len(chain) > MAX_IMPORT_DEPTH:
            raise NotLoaded(f"@import nested deeper than {MAX_IMPORT_DEPTH} sheets")
        if loader.imports >= MAX_IMPORTS:
            raise NotLoaded(f"more than {MAX_IMPORTS} @import rules in the page")
        loader.imports += 1
        sheet = loader.stylesheet(url)
        css = with_imports(decode(sheet.body, sheet.charset), sheet.url, loader, chain)
    except NotLoaded as reason:
        loader.note("stylesheet", href, f"{reason} (@import in {base})")
        return ""
    if layer is None:
        return css
    return f"@layer {layer} {{\n{css}\n}}"
