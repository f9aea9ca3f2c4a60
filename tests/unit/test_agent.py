"""The agent format: rules on minimal HTML, and the ref-preservation property over every fixture."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from axsynth import Document
from axsynth.data.chrome_roles import ROLES
from axsynth.emit.agent import INTERACTIVE_ROLES, AgentEmitter, CursorError, ScopeError

FIXTURES = Path(__file__).parents[1] / "fixtures"
ALL_FIXTURES = sorted(FIXTURES.rglob("*.html"))
REF = re.compile(r"\[ref=(e[0-9a-z]+)\]")


def agent(html: str, **options) -> str:
    return Document.from_html(html, "https://t.test/page").agent_snapshot(max_bytes=None, **options).text


def lines(html: str, **options) -> list[str]:
    return agent(html, **options).splitlines()


# --- shape -----------------------------------------------------------------------------


def test_wrappers_collapse_and_context_roles_stay():
    out = lines(
        "<title>T</title><div><div role=group><nav aria-label=Site><ul><li><a href=/x>X</a></li></ul></nav></div></div>"
    )
    assert out[0] == 'document "T"'
    assert out[1] == '  navigation "Site"'
    assert out[2] == "    list"
    assert out[3] == "      listitem"
    assert re.fullmatch(r'        link "X" \[ref=e[0-9a-z]+\] url=/x', out[4])
    assert len(out) == 5  # the link's own text is not repeated


def test_named_group_stays_unnamed_group_collapses():
    out = agent(
        "<fieldset><legend>Ship</legend><input aria-label=Zip></fieldset><div role=group><button>B</button></div>"
    )
    assert '  group "Ship"\n    textbox "Zip"' in out
    assert '\n  button "B"' in out


def test_text_merges_inline_and_splits_blocks():
    out = lines("<p>Some <b>bold</b> text.<br>Next</p><div><span>a</span><span>b</span></div>")
    assert out[1:] == ['  text "Some bold text."', '  text "Next"', '  text "ab"']


def test_unnamed_node_with_only_text_shows_it_as_name():
    assert '  heading "Hi" level=2' in agent("<h2>Hi</h2>")
    assert '    listitem "one"' in agent("<ul><li>one</li></ul>")


def test_label_text_next_to_its_control_is_dropped():
    out = lines("<label for=n>Name</label> <input id=n>")
    assert len(out) == 2 and out[1].startswith('  textbox "Name" [ref=')


def test_long_text_is_cut_at_100_characters():
    out = lines("<p>" + "x" * 150 + "</p>")
    assert out[1] == '  text "' + "x" * 100 + '…"'


def test_empty_document():
    assert agent("<html><body><div></div></body></html>") == 'document "(empty)"\n'


# --- states ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "html,state",
    [
        ("<input type=checkbox checked aria-label=c>", "checked"),
        ("<input type=checkbox aria-label=c><script></script>", None),
        ("<div role=checkbox aria-checked=mixed aria-label=c tabindex=0></div>", "checked=mixed"),
        ("<button disabled>b</button>", "disabled"),
        ("<button aria-expanded=true>b</button>", "expanded"),
        ("<button aria-expanded=false>b</button>", "expanded=false"),
        ("<button aria-pressed=true>b</button>", "pressed"),
        ("<input required aria-label=r>", "required"),
        ("<h3>h</h3>", "level=3"),
        ("<input aria-label=v value=hello>", 'value="hello"'),
        ("<a href='https://other.test/x?q=1'>o</a>", "url=https://other.test/x?q=1"),
        ("<a href='#top'>o</a>", "url=#top"),
        ("<select aria-label=s><option>a<option selected>b</select>", 'value="b" options=["a", "b"]'),
    ],
)
def test_states_inline(html, state):
    out = agent(html)
    if state is None:
        assert "checked" not in out
    else:
        assert f" {state}" in out.split("\n")[1], out


def test_listbox_options_get_refs_drop_down_options_are_listed():
    out = agent(
        "<div role=listbox aria-label=s><div role=option>a</div><div role=option aria-selected=true>b</div></div>"
    )
    assert re.search(r'option "b" \[ref=e[0-9a-z]+\] selected', out)
    out = agent("<select aria-label=s>" + "".join(f"<option>o{i}" for i in range(12)) + "</select>")
    assert len(out.splitlines()) == 2 and 'options=["o0", "o1",' in out and '"o9", …+2]' in out


@pytest.mark.parametrize(
    "html",
    [
        "<input type=password aria-label=p value=hunter2>",
        "<input autocomplete=cc-number aria-label=c value=4111111111111111>",
        "<input autocomplete='section-x current-password' aria-label=c value=pw>",
        "<input autocomplete=secret-answer aria-label=c value=blue>",
    ],
)
def test_secrets_are_redacted(html):
    out = agent(html)
    assert "value=[REDACTED]" in out
    assert not any(s in out for s in ("hunter2", "4111", "•", '"pw"', "blue"))


# --- refs --------------------------------------------------------------------------------


def refs_of(html: str) -> dict:
    return Document.from_html(html, "https://t.test/").agent_snapshot(max_bytes=None).refs


def test_refs_on_every_kind_of_interactive_element():
    html = (
        "<a href=/a>a</a><button>b</button><input aria-label=i><select aria-label=s><option>o</select>"
        "<textarea aria-label=t></textarea><div tabindex=0>f</div><div onclick='x()'>c</div>"
        "<div style='cursor:pointer'>p<b style=display:block>q</b></div><div role=tab>t</div><details>"
        "<summary>s</summary></details>"
    )
    tags = sorted(r.tag for r in refs_of(html).values())
    # b inherits cursor:pointer from the div: one ref, not two
    assert tags == sorted(["a", "button", "input", "select", "textarea", "div", "div", "div", "div", "summary"])


def test_selectors_prefer_id_testid_name_then_path():
    html = (
        "<button id=go>1</button><button data-testid=save>2</button><input name=q aria-label=q>"
        "<div><button>3</button></div><div><button>4</button><button>5</button></div>"
    )
    selectors = [r.selector for r in refs_of(html).values()]
    assert selectors[:3] == ["#go", '[data-testid="save"]', 'input[name="q"]']
    assert selectors[3:] == [
        "div:nth-of-type(1) > button",
        "div:nth-of-type(2) > button:nth-of-type(1)",
        "div:nth-of-type(2) > button:nth-of-type(2)",
    ]


def test_selectors_are_unique_in_the_document():
    import cssselect2

    for path in [FIXTURES / "form-checkout.html", FIXTURES / "large" / "large-landing-page.html"]:
        doc = Document.from_file(path)
        root = cssselect2.ElementWrapper.from_html_root(doc.dom.document_element)
        everything = list(root.iter_subtree())
        for ref in AgentEmitter(doc.ax)._refs.values():
            compiled = cssselect2.compile_selector_list(ref.selector)
            hits = [w.etree_element for w in everything if any(s.test(w) for s in compiled)]
            assert hits == [ref.obj.element], ref.selector


def test_refs_do_not_move_when_unrelated_content_is_inserted():
    page = (
        "<main><section><h2>A</h2><p>x</p></section><section><button>Buy</button><a href=/c>Cart</a></section></main>"
    )
    edited = page.replace("<main>", "<main><p>news</p><div><p>more</p></div>")
    assert set(refs_of(page)) == set(refs_of(edited))


def test_refs_are_deterministic():
    html = (FIXTURES / "form-signup.html").read_text()
    assert agent(html) == agent(html)


# --- options -----------------------------------------------------------------------------

PAGE = (
    "<title>P</title><header><nav><a href=/>Home</a></nav></header><main><h1>T</h1><p>intro</p>"
    "<form aria-label=F><div><div><input aria-label=Q><button>Go</button></div></div></form>"
    "<ul>" + "".join(f"<li>item {i}</li>" for i in range(30)) + "<li><a href=/z>z</a></li></ul></main>"
)


def test_interactive_only_keeps_refs_and_landmarks():
    out = lines(PAGE, interactive_only=True)
    assert not any(line.split()[0] in ("text", "heading", "listitem", "list") for line in out)
    assert [line.split(" [")[0] for line in out] == [
        'document "P"',
        "  banner",
        "    navigation",
        '      link "Home"',
        "  main",
        '    form "F"',
        '      textbox "Q"',
        '      button "Go"',
        '    link "z"',
    ]


def test_max_depth_surfaces_refs_at_the_cut():
    out = lines(PAGE, max_depth=1)
    assert max(len(line) - len(line.lstrip()) for line in out) == 4
    assert len(REF.findall("\n".join(out))) == 4


def test_long_lists_are_summarized_without_hiding_refs():
    out = agent(PAGE)
    assert 'listitem "item 4"' in out and 'listitem "item 5"' not in out
    assert "… 25 more listitems without refs (of 31; --all-items lists them)" in out
    assert 'link "z"' in out
    every = agent(PAGE, all_items=True)
    assert all(f'listitem "item {i}"' in every for i in range(30)) and "more listitems" not in every


def test_scope():
    out = lines(PAGE, scope="form")
    assert out[0] == 'form "F"' and len(out) == 3
    with pytest.raises(ScopeError) as err:
        agent(PAGE, scope="#nope")
    assert err.value.code == "scope_not_found"


def test_max_bytes_cut_is_explicit():
    snap = Document.from_html(PAGE).agent_snapshot(max_bytes=200)
    assert len(snap.text.encode()) <= 200
    last = snap.text.splitlines()[-1]
    assert last.startswith("[truncated at --max-bytes 200:") and f"{snap.omitted_refs} more refs" in last
    assert len(snap.refs) + snap.omitted_refs == 4


def test_cli_json_and_scope_error():
    example = Path(__file__).parents[2] / "examples" / "page.html"

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "axsynth", "snapshot", str(example), "--format", "agent", *a],
            capture_output=True,
            text=True,
        )

    result = run("--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) >= {"url", "title", "nodeCount", "interactiveCount", "maxDepthReached", "tree", "refs", "tokens"}
    assert data["interactiveCount"] == len(data["refs"]) == len(REF.findall(data["tree"]))
    assert data["tokens"]["agent"] < data["tokens"]["cdpJson"]
    bad = run("--scope", "#missing")
    assert bad.returncode != 0 and "scope_not_found" in bad.stderr


# --- the property: no option drops an interactive element's ref ----------------------------


def cdp_interactive(doc) -> set[int]:
    """Interactive nodes read independently from the CDP tree: unignored, and a widget
    role or focusable (the document itself aside)."""
    out = set()
    # UA shadow internals (a date input's spin buttons) have no DOM selector:
    # the agent acts on their host.
    ua_shadow = {o.node_id for o in doc.tree.objects if o.in_ua_shadow}
    # A carousel's ::scroll-button()s and ::scroll-marker()s are pseudo-elements with a DOM
    # node id in Chromium, but no selector either: the agent acts on the scroll container.
    pseudo = {o.node_id for o in doc.tree.objects if o.kind == "pseudo"}
    for node in doc.get_full_ax_tree()["nodes"]:
        if "backendDOMNodeId" not in node:
            continue  # generated content (::before, ::marker): no element to act on
        if node["ignored"] or node["role"]["value"] == "RootWebArea" or node["backendDOMNodeId"] in ua_shadow | pseudo:
            continue
        if node["chromeRole"]["value"] == ROLES["MenuListOption"][0]:
            continue  # a drop-down's options are listed on the select's line
        props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        if node["role"]["value"] in INTERACTIVE_ROLES or props.get("focusable"):
            out.add(node["backendDOMNodeId"])
    return out


@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_no_option_drops_a_ref(path):
    try:
        doc = Document.from_file(path)
        expected = cdp_interactive(doc)
    except Exception as exc:  # the engine itself fails on the page: nothing to check here
        pytest.xfail(f"engine error: {exc!r}")
    emitter = AgentEmitter(doc.ax)
    everything = {r.obj.node_id for r in emitter._refs.values()}
    assert expected <= everything
    for options in (
        {},
        {"interactive_only": True},
        {"max_depth": 0},
        {"max_depth": 2},
        {"interactive_only": True, "max_depth": 1},
    ):
        snap = emitter.snapshot(max_bytes=None, **options)
        shown = REF.findall(snap.text)
        assert len(shown) == len(set(shown)) == len(everything), options
        assert {snap.refs[r].obj.node_id for r in shown} == everything
    snap = emitter.snapshot(max_bytes=2000)
    assert len(snap.refs) + snap.omitted_refs == len(everything)
    # Following the cursor reaches every ref, each once.
    reached = [r for part in continuations(emitter, 20_000) for r in part.refs]
    assert len(reached) == len(set(reached)) == len(everything)


# --- what DevTools' format shows: descriptions, placeholders, modal, current, live, busy ------


@pytest.mark.parametrize(
    "html,state",
    [
        ("<input aria-label=q placeholder='Type here'>", 'placeholder="Type here"'),
        ("<div role=textbox aria-label=q aria-placeholder='ARIA hint'></div>", 'placeholder="ARIA hint"'),
        ("<button aria-describedby=d>b</button><p id=d>Sends it</p>", 'description="Sends it"'),
        ("<button title='More about it'>b</button>", 'description="More about it"'),
        ("<div role=dialog aria-modal=true aria-label=D>x</div>", "modal"),
        ("<a href=/x aria-current=page>x</a>", "current=page"),
        ("<a href=/x aria-current=true>x</a>", "current"),
        ("<a href=/x aria-current=yes>x</a>", "current"),
        ("<div role=status aria-label=s>x</div>", "live=polite"),
        ("<div aria-live=assertive>x</div>", "live=assertive"),
        ("<div aria-busy=true aria-live=polite>x</div>", "busy"),
        ("<input aria-label=q aria-invalid=true>", "invalid"),
    ],
)
def test_devtools_states_inline(html, state):
    assert f" {state}" in agent(html).split("\n")[1]


@pytest.mark.parametrize(
    "html,absent",
    [
        ("<input placeholder=Email>", "placeholder"),  # the placeholder is the name already
        ("<button title=Go>Go</button>", "description"),  # the title is the name already
        ("<div role=dialog aria-label=D>x</div>", "modal"),
        ("<a href=/x aria-current=false>x</a>", "current"),
        ("<div aria-live=off>x</div>", "live"),
    ],
)
def test_default_states_are_not_printed(html, absent):
    assert absent not in agent(html)


# --- the continuation cursor ---------------------------------------------------------------


def continuations(emitter: AgentEmitter, max_bytes: int, **options):
    """Every part of a cut outline, following each part's cursor to the end."""
    parts = [emitter.snapshot(max_bytes=max_bytes, **options)]
    while parts[-1].next_cursor:
        assert len(parts) < 10_000, "the cursor does not advance"
        parts.append(emitter.snapshot(max_bytes=max_bytes, cursor=parts[-1].next_cursor, **options))
    return parts


def own_lines(snap) -> list[str]:
    """A part's lines without its repeated context and its trailer."""
    body = snap.text.splitlines()[snap.context_lines :]
    return body[:-1] if snap.next_cursor else body


@pytest.mark.parametrize("max_bytes", [1, 250, 400])
def test_cursor_continues_a_cut_outline_to_the_end(max_bytes):
    emitter = AgentEmitter(Document.from_html(PAGE).ax)
    whole = emitter.snapshot(max_bytes=None).text.splitlines()
    parts = continuations(emitter, max_bytes)
    assert len(parts) > 1
    assert [line for part in parts for line in own_lines(part)] == whole
    assert [r for part in parts for r in part.refs] == list(emitter.snapshot(max_bytes=None).refs)


def test_a_continuation_repeats_the_ancestors_of_its_first_line():
    emitter = AgentEmitter(Document.from_html(PAGE).ax)
    first = emitter.snapshot(max_bytes=400)
    assert f"continue with --cursor {first.next_cursor}," in first.text.splitlines()[-1]
    second = emitter.snapshot(max_bytes=400, cursor=first.next_cursor)
    context = second.text.splitlines()[: second.context_lines]
    assert context[0] == 'document "P"' and context[1] == "  main"
    assert [len(line) - len(line.lstrip()) for line in context] == list(range(0, 2 * len(context), 2))
    assert second.to_json()["contextLines"] == second.context_lines


def test_stale_and_malformed_cursors_are_refused():
    doc = Document.from_html(PAGE)
    cursor = doc.agent_snapshot(max_bytes=400).next_cursor
    with pytest.raises(CursorError) as err:  # another version of the page
        Document.from_html(PAGE.replace("intro", "news")).agent_snapshot(max_bytes=400, cursor=cursor)
    assert err.value.code == "cursor_stale"
    with pytest.raises(CursorError) as err:  # other options
        doc.agent_snapshot(max_bytes=400, cursor=cursor, interactive_only=True)
    assert err.value.code == "cursor_stale"
    with pytest.raises(CursorError) as err:  # past the end
        doc.agent_snapshot(cursor="99999-" + cursor.split("-")[1])
    assert err.value.code == "cursor_stale"
    for bad in ("", "x", "12", "-1-abc", "3-" + "g" * 12):
        with pytest.raises(CursorError) as err:
            doc.agent_snapshot(cursor=bad)
        assert err.value.code == "cursor_invalid"


def test_cli_cursor(tmp_path):
    page = tmp_path / "p.html"
    page.write_text(PAGE)

    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "axsynth", "snapshot", str(page), "--format", "agent", *a],
            capture_output=True,
            text=True,
        )

    first = run("--max-bytes", "400", "--json")
    cursor = json.loads(first.stdout)["truncated"]["cursor"]
    second = run("--max-bytes", "400", "--cursor", cursor)
    assert second.returncode == 0 and second.stdout.startswith('document "P"\n  main\n')
    stale = run("--cursor", cursor.split("-")[0] + "-000000000000")
    assert stale.returncode == 1 and stale.stderr.endswith("(cursor_stale)\n") and not stale.stdout


@pytest.mark.parametrize(
    "html",
    [
        "<input name=cardNumber aria-label=c value=4111111111111111>",
        "<input id=cc_cvv aria-label=c value=123>",
        "<input name=iban aria-label=c value=DE89370400440532013000>",
    ],
)
def test_payment_fields_named_so_are_redacted(html):
    out = agent(html)
    assert "value=[REDACTED]" in out and not any(s in out for s in ("4111", "123", "DE89"))


def test_an_ordinary_field_keeps_its_value():
    assert 'value="Ann"' in agent("<input name=card_holder aria-label=h value=Ann>")
