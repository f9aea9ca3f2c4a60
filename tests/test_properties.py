"""Property tests: random HTML with random ARIA, idrefs, styles and text never
breaks the engine, and every output format stays well-formed."""

from __future__ import annotations

import html
import json

import pytest

hypothesis = pytest.importorskip("hypothesis")
from cdp_checks import check_cdp  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from axsynth import Document  # noqa: E402
from axsynth.data.chrome_roles import ROLES as CHROME_ROLES  # noqa: E402
from axsynth.emit.agent import INTERACTIVE_ROLES  # noqa: E402

IDS = ["a", "b", "c", "d", "e"]
MENU_LIST_OPTION = CHROME_ROLES["MenuListOption"][0]
TAGS = [
    "div",
    "span",
    "button",
    "a",
    "input",
    "label",
    "select",
    "option",
    "ul",
    "li",
    "p",
    "h2",
    "table",
    "tr",
    "td",
    "details",
    "summary",
    "dialog",
    "textarea",
    "img",
    "section",
    "nav",
    "fieldset",
    "legend",
    "slot",
    "my-el",
    "svg",
    "iframe",
]
ROLES = [
    "button",
    "link",
    "checkbox",
    "menu",
    "menuitem",
    "listbox",
    "option",
    "tab",
    "tablist",
    "dialog",
    "none",
    "presentation",
    "heading",
    "textbox",
    "combobox",
    "grid",
    "row",
    "gridcell",
    "treeitem",
    "region",
    "bogus",
    "",
]
IDREF_ATTRS = ["aria-labelledby", "aria-describedby", "aria-owns", "aria-controls", "aria-activedescendant", "for"]
STYLES = [
    "display:none",
    "display:contents",
    "display:inline",
    "display:block",
    "visibility:hidden",
    "visibility:visible",
    "content-visibility:hidden",
]
BOOL_ARIA = ["aria-hidden", "aria-checked", "aria-pressed", "aria-expanded", "aria-disabled", "aria-selected"]

texts = st.text(alphabet=st.sampled_from("ab \n\t<&é\u00a0\u200b"), max_size=6)


@st.composite
def attributes(draw) -> dict[str, str]:
    attrs: dict[str, str] = {}
    if draw(st.booleans()):
        attrs["id"] = draw(st.sampled_from(IDS))
    if draw(st.booleans()):
        attrs["role"] = draw(st.sampled_from(ROLES))
    for name in draw(st.lists(st.sampled_from(IDREF_ATTRS), max_size=2)):
        attrs[name] = " ".join(draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=3)))
    for name in draw(st.lists(st.sampled_from(BOOL_ARIA), max_size=2)):
        attrs[name] = draw(st.sampled_from(["true", "false", "mixed", ""]))
    if draw(st.booleans()):
        attrs["aria-label"] = draw(texts)
    if draw(st.integers(0, 3)) == 0:
        attrs["style"] = ";".join(draw(st.lists(st.sampled_from(STYLES), min_size=1, max_size=2)))
    if draw(st.integers(0, 4)) == 0:
        attrs[draw(st.sampled_from(["hidden", "inert", "disabled", "tabindex", "href", "open", "checked"]))] = ""
    if draw(st.integers(0, 4)) == 0:
        attrs["type"] = draw(st.sampled_from(["text", "password", "checkbox", "radio", "range", "hidden", "submit"]))
    if draw(st.integers(0, 4)) == 0:
        attrs["class"] = draw(st.sampled_from(["x", "y"]))
    return attrs


def _element(tag: str, attrs: dict[str, str], children: list[str]) -> str:
    rendered = "".join(f' {k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
    return f"<{tag}{rendered}>{''.join(children)}</{tag}>"


nodes = st.recursive(
    texts.map(html.escape),
    lambda kids: st.builds(_element, st.sampled_from(TAGS), attributes(), st.lists(kids, max_size=4)),
    max_leaves=25,
)


@st.composite
def documents(draw) -> str:
    css = ""
    if draw(st.booleans()):
        css = (
            "<style>"
            + draw(
                st.sampled_from(
                    [
                        ".x::before{content:'pre'} .y{display:none}",
                        ".x{visibility:hidden} .y::after{content:attr(id)}",
                        "span{display:block} .x{display:contents}",
                        "button::before{content:'\\2713'}",
                    ]
                )
            )
            + "</style>"
        )
    body = "".join(draw(st.lists(nodes, min_size=1, max_size=4)))
    shadow = draw(
        st.sampled_from(["", "<my-el><template shadowrootmode=open><slot></slot><b id=a>s</b></template>t</my-el>"])
    )
    return f"<!doctype html><title>{draw(texts)}</title>{css}{body}{shadow}"


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(documents())
def test_every_format_is_well_formed(source: str) -> None:
    doc = Document.from_html(source, "https://example.org/")
    nodes = doc.get_full_ax_tree()["nodes"]
    check_cdp(nodes)
    json.loads(json.dumps(nodes))
    assert isinstance(doc.aria_snapshot(), str)
    devtools = doc.devtools_snapshot()
    assert devtools.startswith("uid=")
    agent = doc.agent_snapshot(max_bytes=None)
    json.dumps(agent.to_json())


@FAST
@given(documents())
def test_agent_keeps_every_interactive_ref(source: str) -> None:
    doc = Document.from_html(source)
    agent = doc.agent_snapshot(max_bytes=None)
    for ref in agent.refs:
        assert agent.text.count(f"[ref={ref}]") == 1, f"ref {ref} printed {agent.text.count(f'[ref={ref}]')} times"
    with_ref = {r.obj.node_id for r in agent.refs.values()}
    for node in doc.get_full_ax_tree()["nodes"]:
        if node["ignored"] or node["role"]["value"] not in INTERACTIVE_ROLES or "backendDOMNodeId" not in node:
            continue
        if node["role"]["value"] == "option" and any(p["name"] == "hidden" for p in node.get("properties", [])):
            continue
        if node["chromeRole"]["value"] == MENU_LIST_OPTION:
            continue  # a drop-down's options are listed on its select's line, by design
        assert node["backendDOMNodeId"] in with_ref, f"interactive {node['role']['value']} node has no ref"


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_load_or_fail_cleanly(data: bytes) -> None:
    from axsynth import LimitError, ParseError

    try:
        doc = Document.from_html(data)
    except (ParseError, LimitError):
        return
    check_cdp(doc.get_full_ax_tree()["nodes"])
    doc.aria_snapshot()
    doc.agent_snapshot()
    doc.devtools_snapshot()
