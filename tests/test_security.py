"""Security: no network, no file outside the root, no DTD or entity expansion, no
script, and password values never printed."""

from __future__ import annotations

import json
import socket

import pytest

from axsynth import Document

SECRET = "hunter2-SECRET-pw"


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError(f"network access attempted: {args!r}")

    for name in ("socket", "create_connection", "getaddrinfo", "gethostbyname"):
        monkeypatch.setattr(socket, name, refuse)


def formats(doc: Document) -> dict[str, str]:
    return {
        "cdp": json.dumps(doc.get_full_ax_tree(), ensure_ascii=False),
        "aria": doc.aria_snapshot(),
        "agent": json.dumps(doc.agent_snapshot().to_json(), ensure_ascii=False) + doc.agent_snapshot().text,
        "devtools": doc.devtools_snapshot(),
    }


def test_external_resources_are_never_fetched(no_network, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(
        "<link rel=stylesheet href=https://evil.example/a.css><link rel=stylesheet href=//evil.example/b.css>"
        "<link rel=preload href=http://evil.example/c><style>@import url(http://evil.example/d.css);"
        "p{background:url(http://evil.example/e.png)}</style><img src=http://evil.example/i.png alt=img>"
        "<iframe src=http://evil.example/f></iframe><object data=http://evil.example/o></object>"
        "<video src=http://evil.example/v poster=http://evil.example/p></video><p>text</p>"
    )
    out = formats(Document.from_file(page))
    assert "text" in out["aria"]


def test_stylesheets_only_from_under_the_root(tmp_path):
    (tmp_path / "outside.css").write_text(".x{display:none}")
    site = tmp_path / "site"
    (site / "css").mkdir(parents=True)
    (site / "css" / "ok.css").write_text(".y{display:none}")
    (site / "link.css").symlink_to(tmp_path / "outside.css")
    page = site / "page.html"
    page.write_text(
        "<link rel=stylesheet href=../outside.css><link rel=stylesheet href=css/../../outside.css>"
        f"<link rel=stylesheet href={tmp_path / 'outside.css'}><link rel=stylesheet href=link.css>"
        f"<link rel=stylesheet href=file://{tmp_path / 'outside.css'}>"
        "<link rel=stylesheet href=css/ok.css><p class=x>visible</p><p class=y>hidden</p>"
    )
    aria = Document.from_file(page, root=site).aria_snapshot()
    assert "visible" in aria and "hidden" not in aria
    # Without a root, a file: page reads the file: stylesheets it names, as Chromium does.
    assert "visible" not in Document.from_file(page).aria_snapshot()


def test_no_dtd_or_entity_expansion(tmp_path, no_network):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-FILE")
    html = (
        f'<!DOCTYPE html [<!ENTITY xxe SYSTEM "file://{secret}"><!ENTITY b "&xxe;&xxe;">]>'
        f'<!DOCTYPE x SYSTEM "http://evil.example/x.dtd"><p>&xxe; &b; &amp;</p>'
        f'<svg><!DOCTYPE s [<!ENTITY e SYSTEM "file://{secret}">]><text>&e;</text></svg>'
    )
    out = formats(Document.from_html(html))
    assert all("TOP-SECRET" not in text for text in out.values())
    assert "&xxe;" in out["aria"]  # an unknown entity stays literal text


def test_scripts_are_never_run(no_network):
    html = (
        "<script>document.write('<button>INJECTED</button>')</script>"
        "<p onclick=\"alert('x')\">t</p><img src=x onerror=\"document.body.innerHTML='<a>INJECTED</a>'\" alt=i>"
        "<a href=\"javascript:document.write('INJECTED')\">link</a>"
    )
    out = formats(Document.from_html(html))
    assert all("<button>INJECTED" not in text and 'button "INJECTED"' not in text for text in out.values())
    assert "INJECTED" not in out["aria"].replace("javascript:document.write('INJECTED')", "")


@pytest.mark.parametrize(
    "markup",
    [
        f"<input type=password value={SECRET} aria-label=pw>",
        f"<input type=PassWord value='{SECRET}' placeholder=pw>",
        f"<label>pw <input type=password value={SECRET}></label>",
        f"<div role=textbox><input type=password value={SECRET}></div>",
    ],
)
def test_password_values_never_printed(markup):
    out = formats(Document.from_html(markup))
    for fmt, text in out.items():
        assert SECRET not in text, fmt
