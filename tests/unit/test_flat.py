"""The flat JSON format in its consumer's schema: the spec's example, hoisting, semantic groups,
sequential and stable ids, fields only when not default, no secrets."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from axsynth import Document, ScopeError

PAGE = (
    "<title>Shop</title><header><nav aria-label=Main><ul><li><a href=/a>A</a></li><li><a href=/b>B</a></li></ul>"
    "</nav></header><main><div><div><h1>Checkout</h1><p>Almost done</p></div></div>"
    "<form aria-label=Payment><div class=row><label>Email <input type=email name=email value=a@b.c"
    " required></label></div>"
    "<input type=password aria-label=Password value=hunter2><input name=cardnumber aria-label=Card"
    " value=4111111111111111>"
    "<input autocomplete=cc-csc aria-label=CVC value=123><input type=checkbox checked aria-label=Keep>"
    "<input aria-label=Coupon placeholder=SAVE10><button disabled>Pay</button></form>"
    "<div role=dialog aria-label=Help><p>Ask us</p><button aria-expanded=false>More</button></div>"
    "<iframe title=Ads src=ads.html></iframe><iframe srcdoc='<p>x</p>'></iframe>"
    "<div id=host><template shadowrootmode=open><button>Inside</button></template></div></main>"
)


def flat(html: str = PAGE, **options) -> dict:
    return Document.from_html(html, "https://shop.test/checkout").flat_snapshot(**options)["page"]


def walk(node):
    yield node
    for child in node.get("children", ()):
        yield from walk(child)


def by_label(page: dict, label: str) -> dict:
    return next(n for n in walk(page["body"]) if n.get("aria-label") == label)


# The consumer's spec, "Appendix A: Example Serialized DOM": its input and its output.
SPEC_HTML = """<!DOCTYPE html>
<html>
<head>
  <title>Sample Page</title>
</head>
<body>
  <header>
    <nav>
      <a href="/">Home</a>
      <a href="/about">About</a>
    </nav>
  </header>

  <main>
    <h1>Welcome</h1>
    <p>This is a sample page.</p>

    <form>
      <label for="name">Name:</label>
      <input type="text" id="name" placeholder="Enter your name" />

      <button type="submit">Submit</button>
    </form>
  </main>

  <footer>
    <p>&copy; 2025</p>
  </footer>
</body>
</html>
"""
SPEC_BODY = [
    {"id": "node_1", "tag": "a", "role": "link", "aria-label": "Home", "text": "Home", "href": "/"},
    {"id": "node_2", "tag": "a", "role": "link", "aria-label": "About", "text": "About", "href": "/about"},
    {"id": "node_3", "tag": "h1", "text": "Welcome"},
    {"id": "node_4", "tag": "p", "text": "This is a sample page."},
    {
        "id": "node_5",
        "tag": "form",
        "children": [
            {"id": "node_6", "tag": "label", "text": "Name:"},
            {
                "id": "node_7",
                "tag": "input",
                "role": "textbox",
                "aria-label": "Name:",
                "placeholder": "Enter your name",
                "inputType": "text",
            },
            {"id": "node_8", "tag": "button", "role": "button", "aria-label": "Submit", "text": "Submit"},
        ],
    },
]


def test_the_spec_example():
    """The spec's own example, node for node; the spec also drops the footer's copyright
    line, which axsynth keeps (it does not guess what content is worth)."""
    data = Document.from_html(SPEC_HTML, "https://example.com").flat_snapshot()
    assert list(data) == ["page"] and list(data["page"]) == ["context", "body"]
    assert data["page"]["context"] == {"url": "https://example.com", "title": "Sample Page"}
    body = data["page"]["body"]
    assert body["id"] == "node_0" and body["tag"] == "body"
    assert body["children"] == SPEC_BODY + [{"id": "node_9", "tag": "p", "text": "\u00a9 2025"}]


def test_structural_containers_are_hoisted_and_semantic_groups_kept():
    page = flat()
    assert page["context"] == {"url": "https://shop.test/checkout", "title": "Shop"}
    top = page["body"]["children"]
    # header, nav, list, list items, main and wrappers are gone: the links, heading and text are at the top
    assert [(n["tag"], n.get("text")) for n in top[:4]] == [
        ("a", "A"),
        ("a", "B"),
        ("h1", "Checkout"),
        ("p", "Almost done"),
    ]
    assert [(n["tag"], n.get("role"), n.get("aria-label")) for n in top[4:6]] == [
        ("form", None, "Payment"),  # a form's role is its tag's: implied
        ("div", "dialog", "Help"),  # a role from an attribute is given
    ]
    assert [c["tag"] for c in top[4]["children"]] == ["label", "input", "input", "input", "input", "input", "button"]
    assert top[4]["children"][0]["children"][0]["inputType"] == "email"  # the field inside its label


def test_text_with_links_is_one_node_whose_children_are_the_links():
    page = flat("<p>Order <b>#1001</b>: 2 items, <a href=/o/1001>details</a>.</p><h2><a href=/t>Top</a></h2>")
    para, heading = page["body"]["children"]
    assert para["text"] == "Order #1001: 2 items, details." and para["children"][0]["href"] == "/o/1001"
    assert heading["tag"] == "h2" and heading["children"][0]["text"] == "Top"
    loose = flat("Hello <b>world</b><form><input type=checkbox> Keep</form>")["body"]["children"]
    assert loose[0] == {"id": "node_1", "tag": "#text", "text": "Hello world"}
    assert loose[1]["children"][1] == {"id": "node_4", "tag": "#text", "text": "Keep"}


def test_fields_only_when_not_default():
    page = flat()
    assert by_label(page, "A") == {
        "id": "node_1",
        "tag": "a",
        "role": "link",
        "aria-label": "A",
        "text": "A",
        "href": "/a",
    }
    email = by_label(page, "Email")
    assert email["inputType"] == "email" and email["required"] is True and "disabled" not in email
    assert by_label(page, "Keep")["checked"] is True and "checked" not in by_label(page, "Coupon")
    assert by_label(page, "Coupon")["placeholder"] == "SAVE10"
    assert by_label(page, "Pay")["disabled"] is True and by_label(page, "More")["expanded"] is False
    assert all("value" not in n for n in walk(page["body"]))
    heading = next(n for n in walk(page["body"]) if n["tag"] == "h1")
    assert heading == {
        "id": heading["id"],
        "tag": "h1",
        "text": "Checkout",
    }  # no role, name or level: the tag says them


def test_values_only_when_asked_and_never_for_passwords_or_payment_fields():
    page = flat(include_values=True)
    assert by_label(page, "Email")["value"] == "a@b.c"
    for secret in ("Password", "Card", "CVC"):
        assert "value" not in by_label(page, secret)
    text = json.dumps(page)
    assert not any(s in text for s in ("hunter2", "4111", '"123"'))


def test_ids_are_sequential_or_stable():
    ids = [n["id"] for n in walk(flat()["body"])]
    assert ids == [f"node_{i}" for i in range(len(ids))]  # document order, the body first
    doc = Document.from_html(PAGE)
    refs = set(doc.agent_snapshot(max_bytes=None).refs)
    stable = [n["id"] for n in walk(doc.flat_snapshot(stable_ids=True)["page"]["body"])]
    assert len(stable) == len(set(stable)) and {i for i in stable if REF_ID.fullmatch(i)} == refs
    edited = flat(PAGE.replace("<main>", "<main><p>News</p><section><p>More news</p></section>"), stable_ids=True)
    assert {n["id"] for n in walk(edited["body"])} >= set(stable)


def test_loaded_frames_are_listed_with_their_body(tmp_path):
    (tmp_path / "ads.html").write_text("<title>Ads</title><a href=/buy>Buy</a>")
    (tmp_path / "p.html").write_text(PAGE)
    page = Document.from_file(tmp_path / "p.html").flat_snapshot()["page"]
    frames = [n for n in walk(page["body"]) if n["tag"] == "iframe"]
    assert [f.get("aria-label") for f in frames] == ["Ads", None]
    assert [(f["hostId"], f["title"]) for f in page["iframes"]] == [(frames[0]["id"], "Ads"), (frames[1]["id"], "")]
    assert page["iframes"][0]["body"]["children"][0]["href"] == "/buy"
    assert page["iframes"][1]["body"]["children"] == [
        {"id": page["iframes"][1]["body"]["children"][0]["id"], "tag": "p", "text": "x"}
    ]
    ids = [n["id"] for n in walk(page["body"])] + [n["id"] for f in page["iframes"] for n in walk(f["body"])]
    assert ids == [f"node_{i}" for i in range(len(ids))]  # the frames numbered after the page
    assert by_label(page, "Inside")["role"] == "button"  # open shadow content is in the body


def test_max_depth_hoists_deeper_groups():
    top = flat(max_depth=0)["body"]["children"]
    assert not any(c["tag"] == "form" or c.get("role") == "dialog" for c in top)
    assert any(c.get("aria-label") == "Pay" for c in top)


def test_max_interactive_counts_what_it_leaves_out():
    def controls(page):
        return sum(bool(REF_ID.fullmatch(n["id"])) for n in walk(page["body"]))

    everything = controls(flat(stable_ids=True))
    page = flat(max_interactive=3, stable_ids=True)
    assert controls(page) == 3 and page["truncated"] == {"interactiveLeftOut": everything - 3}
    assert "truncated" not in flat()


def test_filter_keeps_matching_nodes_in_their_groups():
    top = flat(filter="form input")["body"]["children"]
    assert [n["tag"] for n in top] == ["form"]
    assert {c["tag"] for c in walk(top[0]) if c is not top[0]} == {"input", "label"}
    with pytest.raises(ScopeError) as err:
        flat(filter="[[")
    assert err.value.code == "filter_invalid"


def test_cli(tmp_path):
    page = tmp_path / "p.html"
    page.write_text(PAGE)

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "axsynth", "snapshot", str(page), "--format", *a], capture_output=True, text=True
        )

    out = run("flat", "--include-values", "--max-interactive", "2")
    assert out.returncode == 0 and json.loads(out.stdout)["page"]["truncated"]["interactiveLeftOut"] > 0
    stable = run("flat", "--stable-ids")
    assert stable.returncode == 0 and json.loads(stable.stdout)["page"]["body"]["id"] != "node_0"
    bad = run("flat", "--filter", "[[", "--quiet")
    assert bad.returncode == 1 and bad.stderr.endswith("(filter_invalid)\n") and not bad.stdout
    misused = run("aria", "--stable-ids")
    assert misused.returncode == 2 and "--stable-ids applies to --format flat only" in misused.stderr


REF_ID = re.compile(r"(f[0-9a-z]+-)*e[0-9a-z]+")  # an agent ref, in the page or in a child frame
FIXTURES = sorted((Path(__file__).parents[1] / "fixtures").rglob("*.html"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_ref_of_the_agent_outline_is_a_flat_node_once(path):
    """With stable ids, each control of the page and of its first-level frames is one
    node, under the agent format's ref (frames deeper than the first are not entered),
    unless its box has no area (FR4.2 leaves those out)."""
    doc = Document.from_file(path)
    refs = {r for r in doc.agent_snapshot(max_bytes=None).refs if r.count("-") <= 1}
    page = doc.flat_snapshot(stable_ids=True)["page"]
    nodes = [n for body in [page["body"]] + [f["body"] for f in page.get("iframes", ())] for n in walk(body)]
    ids = [n["id"] for n in nodes if REF_ID.fullmatch(n["id"])]
    assert len(ids) == len(set(ids)) and set(ids) <= refs
    for ref in refs - set(ids):
        found = doc.agent_emitter.ref(ref)
        owner = doc if "-" not in ref else None  # a frame's control: its own document's layout
        if owner is not None and found is not None:
            rect = doc.page.layout.rect(found.obj.element)
            assert rect is None or rect[2] <= 0 or rect[3] <= 0, (ref, rect)


def test_a_frame_with_a_ref_is_a_control_that_holds_its_document():
    html = '<iframe tabindex=0 style="cursor: pointer" srcdoc="<input placeholder=Inside>"></iframe>'
    page = Document.from_html(html).flat_snapshot()["page"]
    frame = page["body"]["children"][0]
    assert (frame["tag"], frame["role"]) == ("iframe", "iframe")
    assert [f["hostId"] for f in page["iframes"]] == [frame["id"]]
    assert page["iframes"][0]["body"]["children"][0]["placeholder"] == "Inside"


def test_where_nodes_are():
    """FR4.2 and FR4.3: a control with no area is left out, one below the fold is
    offscreen; bounding boxes on request (CSS px at 1280x720, scroll 0)."""
    html = (
        "<!doctype html><body style='margin:0'><button>Top</button>"
        "<button style='width:0;padding:0;border:0'>Gone</button>"
        "<div style='height:2000px'></div><a href=/x>Below</a>"
    )
    doc = Document.from_html(html)
    children = doc.flat_snapshot()["page"]["body"]["children"]
    assert [(c["text"], c.get("offscreen")) for c in children] == [("Top", None), ("Below", True)]
    boxed = doc.flat_snapshot(include_bounding_boxes=True)["page"]["body"]["children"]
    assert boxed[0]["boundingBox"] == {"x": 0, "y": 0, "width": 38, "height": 21}  # 37.5 (probed), rounded half up
    assert boxed[1]["boundingBox"]["y"] == 2021
