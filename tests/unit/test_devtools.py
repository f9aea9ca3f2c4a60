"""The devtools format: Puppeteer's interesting-only filter and chrome-devtools-mcp 1.11's line format
(tests/goldens/*.devtools.txt, captured from the tool itself, hold every fixture to it)."""

import re

from axsynth import Document
from axsynth.emit.devtools import devtools_snapshot, snapshot_tree


def snap(html: str) -> list[str]:
    return Document.from_html(html, "https://t.test/").devtools_snapshot().splitlines()


def test_root_line_and_uids_in_preorder():
    out = snap("<title>T</title><main><h1>Hi</h1><p>text</p></main>")
    assert out[0] == 'uid=1_0 RootWebArea "T" url="https://t.test/"'
    assert out[1:] == ["  uid=1_1 main", '    uid=1_2 heading "Hi" level="1"', '    uid=1_3 "text"']


def test_generic_containers_and_unnamed_paragraphs_are_not_interesting():
    out = snap("<div><div><p><span>a</span></p></div></div>")
    assert out[1:] == ['  uid=1_1 "a"']  # a text node is its quoted text, no role word


def test_named_heading_is_a_leaf():
    out = snap("<h2>Hello <em>there</em></h2>")
    assert len(out) == 2 and out[1].endswith('heading "Hello there" level="2"')


def test_controls_and_their_non_focusable_children():
    out = snap("<div role=button tabindex=0><span>Go</span></div><button>OK</button>")
    assert out[1] == '  uid=1_1 button "Go"'
    assert out[2] == '  uid=1_2 button "OK"'
    assert len(out) == 3  # StaticText inside a control is not interesting


def test_text_children_that_spell_the_name_are_not_printed_but_keep_their_uids():
    out = snap("<a href=/x>Home</a><a href=/y>Ho <b>me</b></a><a href=/z aria-label=Other>Home</a>")
    assert out[1:] == [
        '  uid=1_1 link "Home" url="https://t.test/x"',
        '  uid=1_3 link "Ho me" url="https://t.test/y"',  # white space aside, the text is the name
        '  uid=1_6 link "Other" url="https://t.test/z"',
        '    uid=1_7 "Home"',
    ]


def test_generated_text_shares_one_uid_per_document():
    """The tool maps loaderId_backendNodeId to uids: text with no DOM node (CSS content)
    maps to one key, so every such node takes the first one's uid and no new number."""
    out = snap("<style>li::before{content:'* '}</style><ul><li>a</li><li>b</li></ul><p>c</p>")
    assert out[1:] == ['  uid=1_1 "* "', '  uid=1_2 "a"', '  uid=1_1 "* "', '  uid=1_3 "b"', '  uid=1_4 "c"']


def test_boolean_and_tristate_printing():
    out = snap(
        "<input type=checkbox checked aria-label=a><input type=checkbox aria-label=b>"
        "<button disabled>c</button><button aria-expanded=false>d</button>"
        "<div role=checkbox aria-checked=mixed tabindex=0>e</div>"
    )
    lines = {re.search(r'"(\w)"', line).group(1): line for line in out[1:] if '"' in line}
    assert lines["a"].endswith('checkbox "a" checked')
    assert lines["b"].endswith('checkbox "b"')  # checked=false prints nothing
    assert lines["c"].endswith('button "c" disableable disabled')
    assert lines["d"].endswith('button "d" expandable')
    assert lines["e"].endswith('checkbox "e" checked="mixed"')


def test_values_ranges_and_options():
    out = snap(
        "<input type=range aria-label=r min=0 max=10 value=4><select aria-label=s><option>x<option selected>y</select>"
        "<input aria-label=t value=hi required>"
    )
    text = "\n".join(out)
    assert (
        'slider "r" orientation="horizontal" value="4" valuemax="10" valuemin="0" valuetext="4"' in text
    )  # Chromium's valuetext is the input value
    assert 'combobox "s" expandable haspopup="menu" value="y"' in text
    assert '    uid=1_3 option "x"\n    uid=1_4 option "y" selected' in text  # no selectable, no value="x"
    assert 'textbox "t" required value="hi"' in text


def test_landmarks_and_live_regions_are_interesting_even_unnamed():
    out = snap("<header><div role=status>Saved</div></header>")
    assert out[1].endswith("banner")
    assert out[2].endswith('status atomic live="polite" relevant="additions text"')
    assert out[3] == '      uid=1_3 "Saved"'


def test_description_attribute():
    out = snap("<button aria-describedby=d>Go</button><p id=d hidden>Explains</p>")
    assert out[1].endswith('button "Go" description="Explains"')


def test_snapshot_tree_shape_and_ignored_nodes_are_skipped():
    doc = Document.from_html("<div aria-hidden=true><button>x</button></div><button>y</button>")
    root = snapshot_tree(doc.get_full_ax_tree()["nodes"])
    assert root["role"] == "RootWebArea"
    assert [c["name"] for c in root["children"]] == ["y"]


def test_custom_snapshot_id():
    nodes = Document.from_html("<button>b</button>").get_full_ax_tree()["nodes"]
    assert devtools_snapshot(nodes, 7).splitlines()[1] == '  uid=7_1 button "b"'
