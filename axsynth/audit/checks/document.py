"""Checks on the document as a whole: its title and language, <meta> viewport and
refresh, and the language of its parts."""

from __future__ import annotations

import re
from functools import cache

from ..catalog import standards
from ..context import sanitize
from ..text import accessible_text
from . import evaluate
from .aria import has_child_text, is_visual_content


def document_title(ctx) -> str:
    """document.title: the first HTML <title>'s text, white space stripped and collapsed."""
    title = next((el for el in ctx.document.iter_elements() if el.is_html and el.local_name == "title"), None)
    text = title.text_content() if title is not None else ""
    return " ".join(re.split("[\t\n\f\r ]+", text)).strip()


@evaluate("doc-has-title-evaluate")
def doc_has_title(ctx, node, options, result):
    return bool(sanitize(document_title(ctx)))


def _has_value(value: str | None) -> bool:
    return (value or "").strip() != ""


@evaluate("has-lang-evaluate")
def has_lang(ctx, node, options, result):
    attributes = options["attributes"]
    if (
        "xml:lang" in attributes
        and "lang" in attributes
        and _has_value(node.attr("xml:lang"))
        and not _has_value(node.attr("lang"))
    ):
        result.data = {"messageKey": "noXHTML"}
        return False
    if not any(_has_value(node.attr(name)) for name in attributes):
        result.data = {"messageKey": "noLang"}
        return False
    return True


@cache
def _valid_langs() -> frozenset[str]:
    return frozenset(standards()["validLangs"].split())


def base_lang(value: str | None) -> str:
    return value.strip().split("-")[0].lower() if value else ""


@evaluate("valid-lang-evaluate")
def valid_lang(ctx, node, options, result):
    invalid = []
    for name in options["attributes"]:
        value = node.attr(name)
        if value is None:
            continue
        base = base_lang(value)
        allowed = [base_lang(v) for v in options["value"]] if options.get("value") else None
        wrong = base not in allowed if allowed is not None else base not in _valid_langs()
        if (base != "" and wrong) or (value != "" and not sanitize(value)):
            invalid.append(f'{name}="{value}"')
    if not invalid:
        return False
    if node.name != "html" and not has_lang_text(ctx, node):
        return False
    result.data = invalid
    return True


def has_lang_text(ctx, node) -> bool:
    """axe's hasLangText: text that the element's own lang applies to."""
    if has_child_text(node):
        return True
    if node.el is not None and is_visual_content(node):
        return bool(accessible_text(ctx, node))
    return any(
        not child.attr("lang") and has_lang_text(ctx, child) and not ctx.is_hidden_for_everyone(child)
        for child in node.children
    )


@evaluate("meta-refresh-evaluate")
def meta_refresh(ctx, node, options, result):
    content = (node.attr("content") or "").strip()
    delay_text = re.split(r"[;,\s]", content)[0]
    if not re.fullmatch(r"[0-9.]+", delay_text):
        return True
    delay = _parse_float(delay_text)
    result.data = {"redirectDelay": delay}
    if isinstance(options.get("minDelay"), (int, float)) and delay <= options["minDelay"]:
        return True
    if isinstance(options.get("maxDelay"), (int, float)) and delay > options["maxDelay"]:
        return True
    return False


_USER_SCALABLE_ALLOWED = ("yes", "device-width", "device-height")
_MAXIMUM_SCALE_ALLOWED = ("device-width", "device-height")


@evaluate("meta-viewport-scale-evaluate")
def meta_viewport_scale(ctx, node, options, result):
    minimum = options.get("scaleMinimum", 2)
    lower_bound = options.get("lowerBound", False)
    content = node.attr("content") or ""
    for item in re.split(r"[;,]", content.lower()):
        key, value = ([part.strip() for part in item.split("=")] + [""])[:2]
        if not key or not value:
            continue
        number = _parse_float(value)
        if key == "user-scalable" and not lower_bound:
            if (number != number and value not in _USER_SCALABLE_ALLOWED) or -1 < number < 1:
                result.data = f"user-scalable={value}"
                return False
        if key == "maximum-scale":
            if number < 0:
                continue
            bad_string = number != number and value not in _MAXIMUM_SCALE_ALLOWED
            if lower_bound and (bad_string or number < lower_bound):
                continue
            if bad_string or number < minimum:
                result.data = f"maximum-scale={value}"
                return False
    return True


def _parse_float(text: str) -> float:
    """JavaScript's parseFloat: the longest leading decimal number, NaN if none."""
    match = re.match(r"\s*([-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|Infinity))", text)
    return float(match.group(1)) if match else float("nan")
