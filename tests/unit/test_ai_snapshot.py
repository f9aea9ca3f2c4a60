"""The ai format (Playwright's ``page.aria_snapshot(mode="ai")``): Playwright's own tests of
the mode (tests/page/page-aria-snapshot-ai.spec.ts), the static ones, ported.

Each test's page is a fixture (tests/fixtures/playwright-ai-*.html) whose whole ai
snapshot is held byte-for-byte to Chromium's by tests/test_conformance.py; here each
test checks what the Playwright test asserts (its expected YAML is contained in the
snapshot) and what needs an API: refs resolved by ``aria-ref=``, snapshots with a
depth, of a locator, of a frame (the variants tools/gen_ai_variants.py captured).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from axsynth import Document, QueryError
from axsynth.conformance import FIXTURE_ORIGIN
from axsynth.emit.ai_refs import is_ai_ref, resolve_ref

TESTS = Path(__file__).parent.parent
FIXTURES = TESTS / "fixtures"
VARIANTS = json.loads((TESTS / "goldens" / "ai-variants.json").read_text(encoding="utf-8"))


def load(name: str) -> Document:
    return Document.from_file(FIXTURES / f"playwright-ai-{name}.html", url=f"{FIXTURE_ORIGIN}playwright-ai-{name}.html")


def contains_yaml(snapshot: str, expected: str) -> bool:
    """Playwright's toContainYaml: the expected lines appear in a row in the snapshot, at
    any one depth (each shifted by the same indentation)."""
    want = textwrap.dedent(expected).strip("\n").splitlines()
    lines = snapshot.splitlines()
    for start, line in enumerate(lines):
        shift = line[: len(line) - len(line.lstrip(" "))]
        got = lines[start : start + len(want)]
        if len(got) == len(want) and all(_same_entry(g, shift + w) for g, w in zip(got, want)):
            return True
    return False


def _same_entry(line: str, expected: str) -> bool:
    """The entry, or the same key with a value or children (``key: text``, ``key:``)."""
    return line == expected or line.startswith(expected + ":")


# (fixture, what the Playwright test expects the snapshot to contain)
CONTAINED = [
    ("generate-refs", '- generic [active] [ref=e1]:\n  - button "One" [ref=e2]\n  - button "Two" [ref=e3]'),
    (
        "iframe-depth",
        "- navigation [ref=e2]:\n  - iframe [ref=e3]:\n    - list [ref=f1e2]:\n      - listitem [ref=f1e3]:",
    ),
    (
        "nested-frames",
        """
        - generic [active] [ref=e1]:
          - iframe [ref=e2]:
            - generic [ref=f1e1]:
              - iframe [ref=f1e2]:
                - generic [ref=f3e1]: Hi, I'm frame
              - iframe [ref=f1e3]:
                - generic [ref=f4e1]: Hi, I'm frame
          - iframe [ref=e3]:
            - generic [ref=f2e1]: Hi, I'm frame
        """,
    ),
    (
        "pointer-events",
        """
        - generic [active] [ref=e1]:
          - button "no-ref"
          - button "with-ref" [ref=e2]
          - button "with-ref" [ref=e4]
          - button "with-ref" [ref=e6]
          - generic [ref=e7]:
            - generic:
              - button "no-ref"
        """,
    ),
    (
        "generic-roles",
        """
        - generic [ref=e2]:
          - generic [ref=e3]:
            - generic [ref=e4]:
              - radio "Apple" [checked]
            - text: Apple
          - generic [ref=e5]:
            - generic [ref=e6]:
              - radio "Pear"
            - text: Pear
        """,
    ),
    ("collapse-generics", '- button "Button" [ref=e5]'),
    ("cursor-pointer", '- button "Button" [ref=e2] [cursor=pointer]'),
    (
        "cursor-not-nested",
        """
        - link [ref=e2] [cursor=pointer]:
          - /url: about:blank
          - text: Link with a button
          - button "Button" [ref=e3]
        """,
    ),
    ("redundant-name", '- heading [level=3] [ref=e2]:\n  - link "Clipboard API" [ref=e3] [cursor=pointer]:'),
    ("redundant-name-wrapper", '- heading [level=3] [ref=e2]:\n  - link "Clipboard API" [ref=e4] [cursor=pointer]:'),
    ("redundant-name-leaf", '- heading [level=3] [ref=e2]:\n  - link "Clipboard API" [ref=e3] [cursor=pointer]:'),
    ("name-kept-repeating-text", '- button "Add New Item" [ref=e2]'),
    (
        "name-not-from-content",
        '- heading "Clipboard API issue" [level=3] [ref=e2]:\n  - link "Clipboard API" [ref=e3] [cursor=pointer]',
    ),
    ("nameless-images", '- generic [active] [ref=e1]:\n  - img "A cat" [ref=e3]\n  - img [ref=e4] [cursor=pointer]'),
    ("nameless-image-in-link", '- link "Open issue" [ref=e2] [cursor=pointer]:\n  - /url: /issue/1'),
    (
        "icon-only-clickables",
        """
        - generic [active] [ref=e1]:
          - generic [ref=e2] [cursor=pointer]
          - img [ref=e5] [cursor=pointer]
          - link [ref=e6] [cursor=pointer]:
            - /url: /target
        """,
    ),
    (
        "leaf-generic-in-name",
        '- link "[Feature] a dedicated clipboard API" [ref=e2] [cursor=pointer]:\n  - /url: /issues/15860',
    ),
    ("name-repeating-wrapper", '- link "P3-collecting-feedback" [ref=e2] [cursor=pointer]:\n  - /url: /labels'),
    ("unloadable-frame", "- generic [active] [ref=e1]:\n  - paragraph [ref=e2]: Test\n  - iframe [ref=e3]"),
    (
        "active-autofocus",
        '- generic [ref=e1]:\n  - button "Button 1" [ref=e2]\n  - button "Button 2" [active] [ref=e3]',
    ),
    ("active-body", '- generic [active] [ref=e1]:\n  - textbox "First input" [ref=e2]'),
    (
        "active-iframe",
        '- iframe [active] [ref=e3] [cursor=pointer]:\n  - textbox "Input in iframe" [active] [ref=f1e2]',
    ),
    (
        "frameset",
        """
        - generic [active] [ref=e1]:
          - generic [ref=e2]:
            - iframe [ref=e3]:
              - button "Button one" [ref=f1e2]
            - iframe [ref=e4]:
              - button "Button two" [ref=f2e2]
          - iframe [ref=e5]:
            - button "Button three" [ref=f3e2]
        """,
    ),
    (
        "frameset-iframe",
        """
        - iframe [ref=e2]:
          - generic [ref=f1e1]:
            - button "In frame" [ref=f1e2]
            - iframe [ref=f1e3]:
              - button "In iframe" [ref=f2e2]
        """,
    ),
    ("frameset-nested-documents", '- iframe [ref=e2]:\n  - iframe [ref=f1e3]:\n    - button "Leaf button" [ref=f2e2]'),
    (
        "inline-generics",
        """
          - list [ref=e2]:
            - listitem [ref=e3]: 3 bds
            - listitem [ref=e4]: 2 ba
            - listitem [ref=e5]: 1,200 sqft
          - list [ref=e6]:
            - listitem [ref=e7]:
              - generic [ref=e8]: "3"
        """,
    ),
    (
        "inline-leaf-generic",
        '- generic [active] [ref=e1]:\n  - generic [ref=e2]: "Status: Open."\n  - generic [ref=e5]: Nested twice.',
    ),
    ("inline-deep-generic", "- generic [active] [ref=e1]: Deeply nested."),
    ("generic-title", '- generic "Element title" [ref=e2]'),
    (
        "aria-hidden",
        """
        - generic [active] [ref=e1]:
          - heading "Visible heading" [level=2] [ref=e2]
          - generic [aria-hidden] [ref=e3]:
            - heading [level=1] [ref=e4]: Hidden heading
            - paragraph [ref=e5]: Hidden content
          - heading "After hidden" [level=2] [ref=e6]
        """,
    ),
    ("aria-hidden-top-only", "- generic [aria-hidden] [ref=e2]:\n  - heading [level=1] [ref=e3]: Heading"),
]


@pytest.mark.parametrize("name,expected", CONTAINED, ids=[c[0] for c in CONTAINED])
def test_playwright_expectation_holds(name, expected):
    snapshot = load(name).ai_snapshot()
    assert contains_yaml(snapshot, expected), snapshot


@pytest.mark.parametrize(
    "name,absent",
    [
        ("iframe-depth", "button"),
        ("nameless-images", "[ref=e2]"),
        ("nameless-image-in-link", "img"),
        ("leaf-generic-in-name", "[ref=e3]"),
        ("inline-deep-generic", "img"),
        ("data-url-link", "PHA+aGVsbG88L3A+"),
    ],
)
def test_playwright_leaves_out(name, absent):
    options = {"depth": 3} if name == "iframe-depth" else {}
    assert absent not in load(name).ai_snapshot(**options)


def test_data_url_is_cut():
    assert "/url: data:text/html;base64,…" in load("data-url-link").ai_snapshot()


def test_name_repeating_text_prints_once():
    assert load("name-repeating-wrapper").ai_snapshot().count("P3-collecting-feedback") == 1


def test_visible_children_of_hidden_elements():
    expected = '- generic [active] [ref=e1]:\n  - button "Visible" [ref=e3]\n  - button "Visible" [ref=e4]'
    assert load("visible-in-hidden").ai_snapshot() == expected


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v['fixture']}-f{v['frame']}-{v['scope']}-{v['depth']}")
def test_variant_matches_chromium(variant):
    """Depth, locator and frame snapshots, each on a fresh page, as captured from Chromium."""
    doc = Document.from_file(FIXTURES / f"{variant['fixture']}.html", url=f"{FIXTURE_ORIGIN}{variant['fixture']}.html")
    if variant["frame"]:
        doc = doc.frame(doc.frames()[variant["frame"] - 1].frame_id)
    assert doc.ai_snapshot(variant["scope"], variant["depth"]) == variant["text"]


# --- refs -----------------------------------------------------------------------------------------


def test_aria_ref_resolves_like_playwright():
    doc = load("generate-refs")
    doc.ai_snapshot()
    assert [doc.locator(f"aria-ref={ref}").text_content() for ref in ("e2", "e3", "e4")] == ["One", "Two", "Three"]
    assert doc.locator("aria-ref=e1").element.local_name == "body"
    assert doc.locator("aria-ref=e1000").count() == 0


def test_aria_ref_resolves_a_distilled_node():
    doc = load("leaf-generic-in-name")
    assert "[ref=e3]" not in doc.ai_snapshot()
    assert doc.locator("aria-ref=e3").text_content() == "[Feature] a dedicated clipboard API"


def test_aria_ref_without_a_snapshot_takes_the_whole_page_first():
    assert load("generate-refs").locator("aria-ref=e3").text_content() == "Two"


def test_aria_ref_in_a_frame():
    doc = load("nested-frames")
    doc.ai_snapshot()
    found = resolve_ref(doc.page, "f4e2")
    assert found is not None and found.element.text_content() == "Hi, I'm frame"
    assert [iframe.attrs["name"] for iframe in found.iframes] == ["2frames", "dos"]
    with pytest.raises(QueryError, match="child frame"):
        doc.locator("aria-ref=f4e2").count()
    dos = doc.frame(next(f.frame_id for f in doc.frames() if f.element.attrs.get("name") == "dos"))
    assert dos.locator("aria-ref=f4e2").text_content() == "Hi, I'm frame"


def test_frameset_frame_refs():
    doc = load("frameset")
    doc.ai_snapshot()
    found = resolve_ref(doc.page, "f2e2")
    assert found is not None and found.element.text_content() == "Button two"


def test_refs_persist_across_snapshots():
    """Playwright keeps an element's ref while its role and name stay: a scoped snapshot
    first numbers from e1, the page's next snapshot keeps those and goes on."""
    doc = load("depth")
    assert doc.ai_snapshot("#target").startswith("- list [ref=e1]:")
    assert "- list [ref=e1]:\n" in doc.ai_snapshot()
    assert "[ref=e4]" in doc.ai_snapshot()  # the body got a new number after the list's items


def test_ref_syntax():
    assert is_ai_ref("e12") and is_ai_ref("f1e3") and not is_ai_ref("ejp31o") and not is_ai_ref("f1")


def test_default_mode_is_not_distilled():
    assert load("redundant-name").aria_snapshot() == (
        '- heading "Clipboard API" [level=3]:\n  - link "Clipboard API":\n    - /url: /issues/1'
    )


def test_issue_example():
    """The page of issue 27, as Playwright 1.65 prints it (e16: a nameless image, distilled)."""
    html = (FIXTURES / "ai-issue-orders.html").read_text(encoding="utf-8")
    snapshot = Document.from_html(html).ai_snapshot()
    assert '- tab "Open" [selected] [ref=e11] [cursor=pointer]' in snapshot
    assert snapshot.endswith('      - button "Cancel order" [ref=e17]')
