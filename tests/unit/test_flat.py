"""The flat JSON format: hoisting, semantic groups, stable ids, fields only when not default, no secrets."""

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
    return Document.from_html(html, "https://shop.test/checkout").flat_snapshot(**options)


def walk(nodes):
    for node in nodes:
        yield node
        yield from walk(node.get("children", ()))


def by_name(data: dict, name: str) -> dict:
    return next(n for n in walk(data["body"]) if n.get("name") == name)


def test_page_context_and_semantic_groups_with_hoisted_children():
    data = flat()
    assert data["url"] == "https://shop.test/checkout" and data["title"] == "Shop"
    assert [n["role"] for n in data["body"]] == ["banner", "main"]
    nav = data["body"][0]["children"][0]
    # the list and its items are structural: the links are hoisted into the navigation
    assert nav["role"] == "navigation" and [c["name"] for c in nav["children"]] == ["A", "B"]
    main = data["body"][1]["children"]
    assert main[0] == {"id": main[0]["id"], "tag": "h1", "role": "heading", "name": "Checkout", "level": 1}
    assert main[1] == {"text": "Almost done"}
    assert [n["role"] for n in main[2:]] == ["form", "dialog", "iframe", "iframe", "button"]


def test_fields_only_when_not_default():
    data = flat()
    assert by_name(data, "A") == {
        "id": by_name(data, "A")["id"],
        "tag": "a",
        "role": "link",
        "name": "A",
        "href": "https://shop.test/a",
    }
    email = by_name(data, "Email")
    assert email["inputType"] == "email" and email["required"] is True and "disabled" not in email
    assert by_name(data, "Keep")["checked"] is True and "checked" not in by_name(data, "Coupon")
    assert by_name(data, "Coupon")["placeholder"] == "SAVE10"
    assert by_name(data, "Pay")["disabled"] is True and by_name(data, "More")["expanded"] is False
    assert all("value" not in n for n in walk(data["body"]))


def test_values_only_when_asked_and_never_for_passwords_or_payment_fields():
    data = flat(include_values=True)
    assert by_name(data, "Email")["value"] == "a@b.c"
    for secret in ("Password", "Card", "CVC"):
        assert "value" not in by_name(data, secret)
    text = json.dumps(data)
    assert not any(s in text for s in ("hunter2", "4111", '"123"'))


def test_ids_are_agent_refs_or_stable_hashes():
    doc = Document.from_html(PAGE)
    refs = set(doc.agent_snapshot(max_bytes=None).refs)
    data = doc.flat_snapshot()
    ids = [n["id"] for n in walk(data["body"]) if "id" in n]
    assert len(ids) == len(set(ids))
    assert {i for i in ids if REF_ID.fullmatch(i)} == refs
    edited = flat(PAGE.replace("<main>", "<main><p>News</p><section><p>More news</p></section>"))
    assert {n["id"] for n in walk(edited["body"]) if "id" in n} >= set(ids)


def test_iframes_and_shadow_hosts_are_listed():
    data = flat()
    # a page from a string with a web URL reads no file: its src frames are not loaded; srcdoc ones are
    assert [(f.get("name"), f.get("src"), f.get("srcdoc"), f["loaded"]) for f in data["iframes"]] == [
        ("Ads", "ads.html", None, False),
        (None, None, True, True),
    ]
    assert data["iframes"][0]["reason"] == "remote (axsynth reads no network)"
    frame = next(n for n in walk(data["body"]) if n.get("tag") == "iframe" and "children" in n)
    assert frame["children"] == [{"text": "x"}]
    assert [(h["tag"], h["mode"]) for h in data["shadowDoms"]] == [("div", "open")]
    assert by_name(data, "Inside")["role"] == "button"  # shadow content is in the body


def test_max_depth_hoists_deeper_groups():
    data = flat(max_depth=1)
    main = data["body"][1]
    assert not any(c.get("role") in ("form", "dialog") for c in main["children"])
    assert any(c.get("name") == "Pay" for c in main["children"])


def test_max_interactive_counts_what_it_leaves_out():
    everything = flat()["stats"]["interactive"]
    data = flat(max_interactive=3)
    assert data["stats"]["interactive"] == 3 == sum(n["id"].startswith("e") for n in walk(data["body"]) if "id" in n)
    assert data["stats"]["interactiveLeftOut"] == everything - 3


def test_filter_keeps_matching_nodes_in_their_groups():
    data = flat(filter="form input")
    assert [n["role"] for n in data["body"]] == ["main"]
    form = data["body"][0]["children"][0]
    assert form["role"] == "form" and {c["tag"] for c in form["children"]} == {"input"}
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
    assert out.returncode == 0 and json.loads(out.stdout)["stats"]["interactive"] == 2
    bad = run("flat", "--filter", "[[", "--quiet")
    assert bad.returncode == 1 and bad.stderr.startswith("axsynth: filter_invalid:") and not bad.stdout
    misused = run("aria", "--include-values")
    assert misused.returncode == 2 and "--include-values applies to --format flat only" in misused.stderr


REF_ID = re.compile(r"(f[0-9a-z]+-)*e[0-9a-z]+")  # an agent ref, in the page or in a child frame
FIXTURES = sorted((Path(__file__).parents[1] / "fixtures").rglob("*.html"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_ref_of_the_agent_outline_is_a_flat_node_once(path):
    doc = Document.from_file(path)
    refs = set(doc.agent_snapshot(max_bytes=None).refs)
    ids = [n["id"] for n in walk(doc.flat_snapshot()["body"]) if REF_ID.fullmatch(n.get("id", ""))]
    assert len(ids) == len(set(ids)) and set(ids) == refs
