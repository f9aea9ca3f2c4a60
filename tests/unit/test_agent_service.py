"""The MCP tools' logic without the protocol: root confinement, limits, clear errors, previous snapshots."""

import os

import pytest

from axsynth.agents.service import Service, ToolFailure

PAGE = (
    "<title>Shop</title><main><h1>Cart</h1><section aria-label=Items><p>Two items in your cart</p>"
    "<button id=buy aria-describedby=h>Buy now</button><a href=/help>Help</a>"
    "<input type=password name=pw aria-label=Password value=hunter2></section><p id=h>Pays by card</p></main>"
)


@pytest.fixture
def root(tmp_path):
    site = tmp_path / "site"
    (site / "sub").mkdir(parents=True)
    (site / "page.html").write_text(PAGE)
    (site / "sub" / "other.html").write_text("<title>Other</title><button>Other</button>")
    (tmp_path / "secret.html").write_text("<title>Secret</title>")
    return site


def failure(call, *args, **kwargs) -> ToolFailure:
    with pytest.raises(ToolFailure) as err:
        call(*args, **kwargs)
    assert "\n" not in str(err.value)
    return err.value


def test_snapshot_of_a_file_and_of_inline_html(root):
    service = Service(root)
    result = service.snapshot(path="page.html")
    assert result["format"] == "agent" and result["title"] == "Shop" and 'button "Buy now"' in result["tree"]
    assert service.snapshot(path="sub/../sub/other.html")["title"] == "Other"
    assert service.snapshot(html="<title>Inline</title><p>x</p>")["title"] == "Inline"
    for fmt in ("aria", "devtools", "flat", "cdp"):
        assert service.snapshot(path="page.html", format=fmt, max_bytes=0)["format"] == fmt


@pytest.mark.parametrize(
    "path,code",
    [
        ("../secret.html", "outside_root"),
        ("sub/../../secret.html", "outside_root"),
        ("missing.html", "not_found"),
        ("sub", "not_a_file"),
        ("a\0b", "bad_path"),
    ],
)
def test_paths_are_confined_to_the_root(root, path, code):
    assert failure(Service(root).snapshot, path=path).code == code


def test_absolute_paths_and_symlinks_that_leave_the_root_are_refused(root):
    service = Service(root)
    assert failure(service.snapshot, path=str(root.parent / "secret.html")).code == "outside_root"
    assert service.snapshot(path=str(root / "page.html"))["title"] == "Shop"  # absolute, but inside
    os.symlink(root.parent / "secret.html", root / "link.html")
    os.symlink(root.parent, root / "up")
    assert failure(service.snapshot, path="link.html").code == "outside_root"
    assert failure(service.snapshot, path="up/secret.html").code == "outside_root"
    os.symlink(root / "page.html", root / "inside.html")
    assert service.snapshot(path="inside.html")["title"] == "Shop"  # a link that stays inside


def test_too_large_and_bad_arguments(root):
    service = Service(root, max_html_bytes=100)
    assert "over the limit of 100" in str(failure(service.snapshot, path="page.html"))
    assert failure(service.snapshot, html="x" * 101).code == "too_large"
    service = Service(root)
    assert failure(service.snapshot).code == "bad_arguments"
    assert failure(service.snapshot, path="page.html", html="<p>").code == "bad_arguments"
    assert failure(service.snapshot, html="   ").code == "parse_error"
    assert failure(service.snapshot, path="page.html", format="aria", cursor="1-abc").code == "bad_arguments"
    assert failure(service.snapshot, path="page.html", format="cdp", max_bytes=1000).code == "result_too_large"
    assert failure(service.snapshot, path="page.html", scope="[[").code == "scope_invalid"
    assert failure(service.snapshot, path="page.html", format="aria", scope="#nope").code == "scope_not_found"
    with pytest.raises(ToolFailure, match="bad_root"):
        Service(root / "page.html")


def test_the_cursor_continues_and_a_stale_one_is_refused(root):
    service = Service(root)
    first = service.snapshot(path="page.html", max_bytes=260)
    cursor = first["truncated"]["cursor"]
    rest = service.snapshot(path="page.html", max_bytes=0, cursor=cursor)
    assert "truncated" not in rest and rest["contextLines"] >= 1
    assert set(first["refs"]) | set(rest["refs"]) == set(service.snapshot(path="page.html")["refs"])
    (root / "page.html").write_text(PAGE.replace("Cart", "Basket"))
    assert failure(service.snapshot, path="page.html", cursor=cursor).code == "cursor_stale"
    assert failure(service.snapshot, path="page.html", cursor="nonsense").code == "cursor_invalid"


def test_find(root):
    service = Service(root)
    found = service.find(path="page.html", role="button")
    assert found["total"] == 1 and found["matches"][0]["ref"]
    assert found["matches"][0]["context"] == ['document "Shop"', "main", 'region "Items"']
    assert service.find(path="page.html", name="buy")["total"] == 1  # contains, any case
    assert service.find(path="page.html", name="buy", mode="exact")["total"] == 0
    assert service.find(path="page.html", text="in your cart")["matches"][0]["line"] == 'text "Two items in your cart"'
    assert service.find(path="page.html", name="^(Help|Buy now)$", mode="regex")["total"] == 2
    assert service.find(path="page.html", role="link", name="Buy")["total"] == 0
    assert failure(service.find, path="page.html", name="(", mode="regex").code == "bad_regex"
    assert failure(service.find, path="page.html").code == "bad_arguments"


def test_diff_two_versions_and_against_the_previous_snapshot(root):
    service = Service(root)
    (root / "v2.html").write_text(PAGE.replace("id=buy", "id=buy disabled"))
    result = service.diff(before_path="page.html", after_path="v2.html")
    assert (result["added"], result["removed"], result["changed"]) == (0, 0, 1)
    assert result["changes"][0]["ref"] and " disabled " in result["changes"][0]["line"]
    assert failure(service.diff, after_path="page.html").code == "no_previous_snapshot"
    service.snapshot(path="page.html")
    (root / "page.html").write_text(PAGE.replace("<h1>", "<p>Sale</p><h1>"))
    delta = service.diff(after_path="page.html")
    assert delta["text"] == '@ document "Shop" > main\n+ text "Sale"\n'
    assert service.diff(after_path="page.html")["changes"] == []  # the diff became the previous snapshot
    unrelated = service.diff(before_html="<title>A</title><nav><a href=/x>X</a></nav>", after_path="page.html")
    assert unrelated["added"] > 5 and unrelated["removed"] >= 1


def test_resolve_ref(root):
    service = Service(root)
    refs = service.snapshot(path="page.html")["refs"]
    buy = next(r for r, v in refs.items() if v["name"] == "Buy now")
    resolved = service.resolve_ref(buy, path="page.html")
    assert resolved["selector"] == "#buy" and resolved["role"] == "button"
    assert resolved["states"] == ['description="Pays by card"']
    assert resolved["outerHTML"] == '<button id="buy" aria-describedby="h">Buy now</button>'
    cut = service.resolve_ref(buy, path="page.html", max_html_chars=10)
    assert cut["outerHTML"] == "<button id" and cut["outerHTMLTruncated"] is True
    password = next(r for r, v in refs.items() if v["name"] == "Password")
    assert service.resolve_ref(password, path="page.html")["states"] == ["value=[REDACTED]"]
    assert failure(service.resolve_ref, "ezzzzz", path="page.html").code == "unknown_ref"


def test_frames_through_the_tools(root):
    (root / "framed.html").write_text(
        "<title>F</title><iframe title=W src=sub/other.html></iframe><iframe src=../secret.html></iframe>"
    )
    service = Service(root)
    snap = service.snapshot(path="framed.html")
    [ref] = snap["refs"]
    assert ref.startswith("f") and snap["refs"][ref]["frames"] == ['iframe[src="sub/other.html"]']
    assert f"iframe frame=none (outside the root {service.root})" in snap["tree"]  # the server's --root
    resolved = service.resolve_ref(ref, path="framed.html")
    assert resolved["outerHTML"] == "<button>Other</button>" and resolved["frames"] == ['iframe[src="sub/other.html"]']
    frame_id = ref.split("-")[0]
    tree = service.snapshot(path="framed.html", format="cdp", frame=frame_id)
    assert tree["nodes"][0]["name"]["value"] == "Other"
    assert failure(service.snapshot, path="framed.html", format="cdp", frame="fnope").code == "unknown_frame"
    assert failure(service.snapshot, path="framed.html", frame=frame_id).code == "bad_arguments"


def test_find_reaches_items_a_long_list_shortens(root):
    (root / "long.html").write_text("<ul>" + "".join(f"<li>item {i}</li>" for i in range(40)) + "</ul>")
    service = Service(root)
    assert "item 33" not in service.snapshot(path="long.html")["tree"]
    assert service.find(path="long.html", name="item 33")["matches"][0]["line"] == 'listitem "item 33"'
    assert "item 33" in service.snapshot(path="long.html", all_items=True)["tree"]
