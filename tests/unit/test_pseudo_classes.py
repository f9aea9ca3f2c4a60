"""The form-state pseudo-classes: the predicate API the selector engine calls
(style.pseudo_classes.match / kind) and the engine's use of it. Each answer was
probed in Chromium 156 (element.matches); the goldens css-pseudo-classes-* hold the
rendered effects."""

import pytest

from axsynth.html.dom import FlatTree
from axsynth.html.parse import parse_html
from axsynth.page import select_all
from axsynth.style import pseudo_classes
from axsynth.style.cascade import Styles
from axsynth.style.selectors import SelectorError, compile_selector_list, select


@pytest.mark.parametrize(
    "html,name,expected",
    [
        ("<input id=e required>", "invalid", True),
        ("<input id=e required readonly>", "invalid", False),  # readonly bars it from validation
        ("<input id=e required readonly>", "valid", False),
        ("<input id=e type=checkbox required readonly>", "valid", False),  # every readonly input (probed)
        ("<form id=e><fieldset><input type=email value=x></fieldset></form>", "invalid", True),
        ("<input id=e type=radio name=g><input type=radio name=g required>", "invalid", True),  # the whole group
        ("<input id=e type=radio required>", "valid", True),  # no name: never missing (probed)
        ("<input id=e type=number value=5>", "in-range", False),  # no limits: neither
        ("<input id=e type=number value=5>", "out-of-range", False),
        ("<input id=e type=number>", "in-range", True),  # an empty value is in range
        ("<input id=e type=time min=22:00 max=02:00 value=23:00>", "in-range", True),  # a reversed range
        ("<input id=e type=time min=22:00 max=02:00 value=12:00>", "out-of-range", True),
        ("<select><option id=e>a<option>b</select>", "checked", True),  # selectedness, not the attribute
        ("<input type=radio name=g checked><input id=e type=radio name=g checked>", "checked", True),
        ("<input id=e type=radio name=g checked><input type=radio name=g checked>", "checked", False),
        ("<input id=e type=radio name=g checked><input type=radio name=g checked>", "default", True),
        ("<form><button id=e disabled>a</button><button>b</button></form>", "default", True),
        ("<input id=e type=radio name=g>", "indeterminate", True),
        ("<input id=e placeholder>", "placeholder-shown", True),  # even an empty placeholder
        ("<input id=e type=date placeholder=x>", "placeholder-shown", False),
        ("<div contenteditable><b id=e>x</b></div>", "read-write", True),
        ("<svg><g id=e></g></svg>", "read-only", False),  # neither, outside HTML
        ("<button id=e>b</button>", "optional", True),
        ("<details id=e open></details>", "open", True),
        ("<x-widget id=e></x-widget>", "defined", False),
        ("<button id=e is=x-button></button>", "defined", False),
        ("<select disabled><option id=e>a</select>", "disabled", True),
        ("<p id=e><!-- c --></p>", "empty", True),
        ("<svg><a id=e href=x></a></svg>", "link", True),
        ("<dialog id=e open></dialog>", "modal", False),
    ],
)
def test_match(html, name, expected):
    doc = parse_html(html)
    element = next(e for e in doc.iter_elements() if e.attrs.get("id") == "e")
    assert pseudo_classes.match(element, name) is expected
    assert (element in select([doc.document_element], compile_selector_list(f":{name}"))) is expected


@pytest.mark.parametrize(
    "html,direction",
    [
        ("<div dir=rtl><p id=e>x</p></div>", "rtl"),
        ("<p id=e dir=auto>123</p>", "ltr"),  # no strong character: ltr, not the parent's (probed)
        ("<p id=e dir=auto><span dir=rtl>x</span>abc</p>", "ltr"),  # a child with its own dir is skipped
        ("<p id=e dir=auto><bdi>שלום</bdi>abc</p>", "ltr"),
        ("<p id=e dir=auto>. שלום</p>", "rtl"),
        ("<div dir=rtl><input id=e type=tel></div>", "ltr"),
        ("<p id=e dir=' rtl '>x</p>", "ltr"),  # not trimmed
        ("<div dir=rtl><x-h><template shadowrootmode=open><i id=e>s</i></template></x-h></div>", "rtl"),
    ],
)
def test_dir(html, direction):
    doc = parse_html(html)
    roots = [doc]
    found = None
    while roots and found is None:
        root = roots.pop()
        for el in root.iter_elements():
            if el.attrs.get("id") == "e":
                found = el
            if el.shadow_root is not None:
                roots.append(el.shadow_root)
    assert pseudo_classes.match(found, "dir", direction)
    assert not pseudo_classes.match(found, "dir", "rtl" if direction == "ltr" else "ltr")


@pytest.mark.parametrize("selector", [":playing", "video:paused", ":local-link", ":target-within", ":dir()", ":dir(1)"])
def test_chromium_rejects(selector):
    with pytest.raises(SelectorError):
        compile_selector_list(selector)


def test_a_rejected_name_drops_the_whole_rule_and_never_names_keep_it():
    doc = parse_html(
        "<style>#a, video:playing { display: none } #b, dialog:modal { display: none }"
        " #c:not(:popover-open) { display: none }</style><p id=a></p><p id=b></p><p id=c></p>"
    )
    styles = Styles(doc, FlatTree())
    shown = {e.attrs["id"]: styles.of(e)["display"] for e in doc.iter_elements() if "id" in e.attrs}
    assert shown == {"a": "block", "b": "none", "c": "none"}


def test_root_is_the_document_element_only():
    doc = parse_html("<style>:root { color: red }</style><div><template shadowrootmode=open><p>x</p></template></div>")
    host = next(e for e in doc.iter_elements() if e.local_name == "div")
    paragraph = next(e for e in host.shadow_root.iter_elements())
    assert pseudo_classes.match(doc.document_element, "root")
    assert not pseudo_classes.match(paragraph, "root")


def test_scope_selectors_use_them():
    from axsynth import Document

    page = Document.from_html("<input required aria-label=a><input aria-label=b>").page
    assert [e.attrs["aria-label"] for e in select_all(page, "input:invalid")] == ["a"]
