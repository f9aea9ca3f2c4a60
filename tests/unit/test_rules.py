"""One minimal fixture per rule: roles, ignored reasons, names."""

from .helpers import find, props, tree, unignored


def test_header_is_banner_at_top_level_and_sectionheader_inside_article():
    roles = [r for r, _ in unignored("<header>a</header><article><header>b</header></article>")]
    assert "banner" in roles and "sectionheader" in roles


def test_section_needs_a_name_to_be_a_region():
    assert find("<section aria-label=Intro>x</section>", "region")["name"]["value"] == "Intro"
    assert "region" not in [r for r, _ in unignored("<section>x</section>")]


def test_section_name_counts_resolved_labelledby_and_any_title():
    html = (
        "<section aria-labelledby=missing>a</section><section title=''>b</section><section aria-label=' '>c</section>"
    )
    assert [r for r, _ in unignored(html) if r in ("region", "generic")] == ["generic", "region", "generic"]


def test_unnamed_aside_in_a_sectioning_role_is_an_included_generic():
    html = "<div role=article><aside><p>a</p></aside><header>h</header></div><main><aside><p>b</p></aside></main>"
    nodes = [n for n in tree(html) if n["role"]["value"] in ("generic", "complementary", "sectionheader")]
    assert [(n["role"]["value"], n["ignored"]) for n in nodes] == [
        ("generic", False),
        ("sectionheader", False),
        ("complementary", False),
    ]
    assert [s.get("attribute") for s in nodes[0]["name"]["sources"]] == ["aria-labelledby", "aria-label", "title"]


def test_named_aria_region_does_not_scope_an_aside_or_header():
    roles = [r for r, _ in unignored("<section role=region aria-label=r><aside>a</aside><header>h</header></section>")]
    assert "complementary" in roles and "banner" in roles


def test_th_scope_and_sibling_heuristics():
    html = "<table><tr><th>Name</th><th scope=row>Age</th></tr><tr><th>Ann</th><td>3</td></tr></table>"
    roles = [r for r, _ in unignored(html)]
    assert roles.count("columnheader") == 1 and roles.count("rowheader") == 2


def test_role_fallback_takes_the_first_valid_token():
    assert find("<div role='bogus button'>Go</div>", "button")["name"]["value"] == "Go"


def test_presentational_role_is_ignored_unless_focusable():
    nodes = tree("<h2 role=none>A</h2><h2 role=none tabindex=0>B</h2>")
    assert [n["name"]["value"] for n in nodes if n["role"]["value"] == "heading"] == ["B"]


def test_aria_hidden_subtree_reasons():
    nodes = tree("<ul><li>a</li><li aria-hidden=true><p>b <a href=#>c</a></p></li></ul>")
    reasons = [r["name"] for n in nodes for r in n.get("ignoredReasons", [])]
    assert "ariaHiddenElement" in reasons and "ariaHiddenSubtree" in reasons


def test_display_none_description_target_is_kept_as_not_rendered():
    nodes = tree("<button aria-describedby=d>Go</button><span id=d style=display:none>More</span>")
    button = next(n for n in nodes if n["role"]["value"] == "button")
    assert button["description"]["value"] == "More"
    assert any(r["name"] == "notRendered" for n in nodes for r in n.get("ignoredReasons", []))


def test_unrendered_select_in_a_label_keeps_its_picker_and_slot():
    html = (
        "<div hidden id=x>Pick <select><option>A</option><option selected>B</option></select></div>"
        "<input type=checkbox aria-labelledby=x>"
    )
    nodes = tree(html)
    fan_out = [
        len(n["childIds"]) for n in nodes if any(r["name"] == "notRendered" for r in n.get("ignoredReasons", []))
    ]
    # div (text, select), text, select (picker), picker (slot), slot (two options), options
    assert fan_out == [2, 0, 1, 1, 2, 0, 0]
    assert find(html, "checkbox")["name"]["value"] == "Pick B"


def test_label_for_names_the_control_with_labelfor_source():
    box = find("<label for=n>Name</label><input id=n>", "textbox")
    assert box["name"]["value"] == "Name"
    source = next(s for s in box["name"]["sources"] if s.get("nativeSource"))
    assert source["nativeSource"] == "labelfor"
    assert props(box)["required"] is False


def test_labelledby_cycle_terminates_and_names_both():
    nodes = tree("<button id=a aria-labelledby=b>A</button><button id=b aria-labelledby=a>B</button>")
    assert sorted(n["name"]["value"] for n in nodes if n["role"]["value"] == "button") == ["A", "B"]


def test_aria_owns_cycle_does_not_hang():
    nodes = tree("<div id=a role=group aria-owns=b><div id=b role=group aria-owns=a>x</div></div>")
    assert sum(1 for n in nodes if n["role"]["value"] == "group") == 2


def test_whitespace_between_inline_links_is_kept_and_between_buttons_dropped():
    texts = [n for r, n in unignored("<p><a href=#>a</a> <a href=#>b</a></p>") if r == "StaticText"]
    assert texts == ["a", " ", "b"]
    texts = [n for r, n in unignored("<p><button>a</button> <button>b</button></p>") if r == "StaticText"]
    assert texts == ["a", "b"]


def test_name_from_contents_includes_generated_content():
    assert find("<style>a::after{content:' →'}</style><a href=/x>Next</a>", "link")["name"]["value"] == "Next →"


def test_list_markers_are_exposed_and_numbered():
    names = [n for r, n in unignored("<ol start=3><li>a</li><li>b</li></ol>") if r == "ListMarker"]
    assert names == ["3. ", "4. "]


def _markers(html: str) -> list[str]:
    return [n for r, n in unignored(html) if r == "ListMarker"]


def test_list_numbering_skips_boxless_items_and_counts_nested_list_items():
    # ListItemOrdinal: display:none items take no number; any display:list-item
    # descendant (not inside a nested list) counts; nested lists number on their own.
    html = (
        "<ol><li>a</li><li style='display:none'>x</li><div><li>b</li></div>"
        "<li>c<ol><li>d</li></ol></li><li value=7>e</li><li>f</li></ol>"
    )
    assert _markers(html) == ["1. ", "2. ", "3. ", "1. ", "7. ", "8. "]


def test_reversed_list_counts_down_from_its_item_count():
    html = (
        "<ol reversed><li>a</li><li style='display:none'>x</li><li>b</li><li style='counter-set:"
        " list-item 9'>c</li></ol>"
    )
    assert _markers(html) == ["3. ", "2. ", "9. "]


def test_aria_owns_cycle_through_an_owner_is_refused_but_both_report_owns():
    # ContainsCycle walks the owner's AX parents (an owned object's parent is its owner).
    nodes = tree(
        "<div id=a role=group aria-label=A aria-owns=b>x</div><div id=b role=group aria-label=B aria-owns=a>y</div>"
    )
    groups = {n["name"]["value"]: n for n in nodes if n["role"]["value"] == "group"}
    assert groups["B"]["parentId"] == groups["A"]["nodeId"]
    assert props(groups["A"])["owns"] == "b" and props(groups["B"])["owns"] == "a"


def test_invalid_aria_owns_of_an_ancestor_is_still_reported():
    nodes = tree("<div id=outer role=group aria-label=O><div role=group aria-label=I aria-owns=outer>x</div></div>")
    inner = next(n for n in nodes if n.get("name", {}).get("value") == "I")
    assert props(inner)["owns"] == "outer"


def test_text_field_combobox_aria_owns_becomes_controls():
    # A text field cannot own (IsValidOwner); its aria-owns popup is exposed as
    # controls instead (GetControlsListboxForTextfieldCombobox), with no attribute value.
    nodes = tree("<input role=combobox aria-label=C aria-owns=g><div id=g role=grid aria-label=G></div>")
    box = next(n for n in nodes if n["role"]["value"] == "combobox")
    grid = next(n for n in nodes if n["role"]["value"] == "grid")
    controls = next(p["value"] for p in box["properties"] if p["name"] == "controls")
    assert controls["value"] == "" and len(controls["relatedNodes"]) == 1
    assert grid["parentId"] != box["nodeId"]


def test_unfocusable_combobox_groups_its_textbox_and_popup():
    nodes = tree("<div role=combobox aria-label=G><input aria-label=B><div role=tree></div></div>")
    grouping = next(n for n in nodes if n.get("name", {}).get("value") == "G")
    assert grouping["chromeRole"]["value"] == 20  # ComboBoxGrouping
    assert props(grouping)["hasPopup"] == "listbox"
    textbox = next(n for n in nodes if n.get("name", {}).get("value") == "B")
    assert any(p["name"] == "controls" for p in textbox["properties"])


def test_hidden_ua_shadow_keeps_only_its_shadow_root_child():
    # A hidden date input and meter each add one node (their shadow-root
    # child); the spin buttons and meter bars below it stay out.
    controls = "<input type=date value=2024-01-02><meter value=.5></meter>"
    for hider, reason in (("hidden", "notRendered"), ("style=visibility:hidden", "notVisible")):
        nodes = tree(f"<title>t</title><div {hider}>{controls}</div>")
        hidden = [n for n in nodes if any(r["name"] == reason for r in n.get("ignoredReasons", []))]
        assert len(hidden) == 2 and all(n["childIds"] == [] for n in hidden), hider


def test_unrendered_button_and_image_inputs_have_no_layout_content():
    # The button label and the image's alt-text fallback come from layout.
    nodes = tree("<title>t</title><div hidden><input type=submit><input type=image alt=Go></div>")
    assert not any(r["name"] == "notRendered" for n in nodes for r in n.get("ignoredReasons", []))


def test_document_without_title_has_a_valueless_title_source():
    root = tree("<p>x</p>")[0]
    assert root["name"]["sources"][-1] == {"type": "relatedElement", "nativeSource": "title"}


def test_flex_pseudo_text_holder_lists_no_contents_name_source():
    # A flex ::before wraps its text in a node-less generic block: not text,
    # so (like any generic) it names from contents only inside a name walk.
    html = "<style>li::before{content:'1';display:inline-flex}</style><ol><li>Step</li></ol>"
    holder = next(n for n in tree(html) if n["role"]["value"] == "generic" and "backendDOMNodeId" not in n)
    assert [s["type"] for s in holder["name"]["sources"]] == ["relatedElement", "attribute"]


def test_summary_marker_ignores_an_inherited_list_style_none():
    # The UA sheet sets the main summary's list-style-type (disclosure-open/closed),
    # so `ul {list-style: none}` above it does not remove its marker.
    html = (
        "<style>ul{list-style:none}</style><ul><li><details><summary>S</summary></details></li>"
        "<li><details open><p>x</p></details></li></ul>"
    )
    reasons = [[r["name"] for r in n.get("ignoredReasons", [])] for n in tree(html)]
    assert reasons.count(["presentationalRole"]) == 4  # two markers, each with its text


def test_first_letter_of_generated_content_is_its_own_box():
    # A floated ::first-letter taken from ::before text is a generic; the rest of
    # the ::before text follows it. From a DOM text node it makes no object, but
    # the space after the floated letter collapses.
    html = "<style>p::first-letter{float:left}.q::before{content:'\\201CHi'}</style><p class=q>there</p><p>A plain</p>"
    texts = [(n["role"]["value"], n.get("name", {}).get("value")) for n in tree(html)[3:]]
    assert texts[:5] == [
        ("paragraph", ""),
        ("none", None),
        ("generic", ""),
        ("StaticText", "\u201cH"),
        ("StaticText", "i"),
    ]
    assert texts[6:] == [("paragraph", ""), ("StaticText", "Aplain")]


def test_text_of_an_unrendered_inner_editor_is_left_out():
    # The value text is a child of the inner editor, not of a shadow root:
    # unrendered, it stays out of the tree (the editor itself is kept).
    nodes = tree("<div hidden><input value=abc></div>")
    unrendered = [n for n in nodes if [r["name"] for r in n.get("ignoredReasons", [])] == ["notRendered"]]
    assert len(unrendered) == 1 and unrendered[0]["childIds"] == []  # the editor, without its text


def test_generated_image_is_an_image_named_only_by_aria():
    # `content: url()` makes a node-less LayoutImage: an image with no name sources
    # beyond aria-labelledby/aria-label, that adds nothing to the link's name.
    image = find("<style>a::before{content:url(x.png)}</style><a href=#>Go</a>", "image")
    assert [s.get("attribute") for s in image["name"]["sources"]] == ["aria-labelledby", "aria-label"]
    assert find("<style>a::before{content:url(x.png)}</style><a href=#>Go</a>", "link")["name"]["value"] == "Go"


def _roles(html: str) -> list[str]:
    return [r for r, _ in unignored(html)]


def test_option_treeitem_listitem_outside_required_context_use_the_native_role():
    assert "option" not in _roles("<div role=option>a</div>")
    assert "treeitem" not in _roles("<div role=listbox aria-label=l><div role=treeitem>a</div></div>")
    assert "listitem" not in _roles("<div role=menu aria-label=m><div role=listitem>a</div></div>")
    node = find("<div role=option aria-label=Lab aria-selected=true>a</div>", "generic")
    assert node["name"]["value"] == "Lab" and "selected" not in props(node)


def test_required_context_walk_passes_div_span_and_presentational_ancestors_only():
    ok = (
        "<div role=listbox aria-label=l><div><span role=none><li role=none><div role=option>a</div></li>"
        "</span></div></div>"
    )
    assert "option" in _roles(ok)
    assert "option" not in _roles("<div role=listbox aria-label=l><b><span role=option>a</span></b></div>")
    assert "option" not in _roles(
        "<div role=listbox aria-label=l><div role=generic><div role=option>a</div></div></div>"
    )
    assert "option" in _roles("<div role=group><div role=option>a</div></div>")
    assert "treeitem" in _roles(
        "<div role=tree aria-label=t><div role=treeitem>a<div role=treeitem>b</div></div></div>"
    )
    assert "listitem" in _roles("<ol role=none><div role=listitem>a</div></ol>")


def test_aria_owns_owner_is_a_context_only_by_its_own_role():
    assert "option" in _roles("<div role=listbox aria-label=l aria-owns=o></div><div role=option id=o>a</div>")
    owned_via_div = "<div role=tree aria-label=t><div aria-owns=o></div></div><div role=treeitem id=o>a</div>"
    assert "treeitem" not in _roles(owned_via_div)


def test_gridcell_role_is_a_gridcell_outside_a_grid_and_cell_becomes_gridcell_inside():
    node = find("<div role=gridcell aria-readonly=true>a</div>", "gridcell")
    assert props(node)["readonly"] is True
    assert "gridcell" in _roles("<div role=grid aria-label=g><div role=row><div role=cell>a</div></div></div>")


def test_aria_expanded_only_on_roles_that_support_it():
    assert "expanded" not in props(find("<div role=region aria-label=r aria-expanded=true>a</div>", "region"))
    assert props(find("<div role=button aria-expanded=true>a</div>", "button"))["expanded"] is True


def test_invalid_urls_are_reported_as_written_or_not_at_all():
    # KURL keeps an unparsable absolute URL as written; a relative URL against an
    # invalid <base> resolves to nothing, so the link has no url (Chromium 156).
    html = (
        '<base href="http://[bad/"><a href="https://exa[ple.com/bank">one</a>'
        '<a href="http://[::1/x">two</a><a href="/rel">three</a><a href="https://Example.com:443/a b">four</a>'
    )
    links = {n["name"]["value"]: props(n).get("url") for n in tree(html) if n["role"]["value"] == "link"}
    assert links == {
        "one": "https://exa[ple.com/bank",
        "two": "http://[::1/x",
        "three": None,
        "four": "https://example.com/a%20b",
    }


def test_inline_element_with_structural_role_is_kept_as_ignored_line_break():
    # AXObject::IsLineBreakingObject falls back on ui::IsStructure(role): an inline
    # <address> (Group) is ignored yet included; an inline <p> (Paragraph) is not.
    nodes = tree("<div>a <address style=display:inline>b</address> <p style=display:inline>c</p></div>")
    ignored_elements = [n for n in nodes if n["ignored"] and n["role"]["value"] == "none"]
    assert len(ignored_elements) == 3  # <html>, <body>, <address>


def test_video_exposes_its_media_controls_not_its_fallback():
    # Without scripting every media element shows controls (ShouldShowControls);
    # nothing loads, so it is unplayable: named by the playback error, disabled.
    html = "<video src=/v.mp4>Old browser? <a href=/v.mp4>Download</a></video>"
    video = find(html, "Video")
    assert video["name"] == {"type": "computedString", "value": "Unable to play media."}
    assert props(video) == {"disabled": True, "focusable": True}
    names = unignored(html)
    assert ("button", "play") in names and ("slider", "video time scrubber") in names
    assert ("link", "Download") not in names


def test_audio_without_controls_is_not_rendered_but_keeps_its_controls_in_the_tree():
    nodes = tree("<audio src=/a.mp3></audio>")
    audio_nodes = [n for n in nodes if n["ignored"] and n["ignoredReasons"][0]["name"] == "notRendered"]
    assert len(audio_nodes) == 31  # the <audio> and its whole (hidden) controls shadow
    assert all(n["role"]["value"] != "Audio" for n in nodes)


def test_space_between_media_elements_is_kept_like_next_to_images():
    # CanIgnoreSpaceNextTo keeps spaces next to a LayoutImage; LayoutMedia is one.
    html = "<div><audio controls></audio> <audio controls></audio></div>"
    texts = [n for r, n in unignored(html) if r == "StaticText"]
    assert texts == [" "]


def test_drop_down_select_exposes_any_content_of_its_closed_picker():
    html = (
        "<select aria-label=s> Pick one <div><option>A</option></div><span>note</span>"
        "<optgroup label=G>about<option>B</option></optgroup></select>"
    )
    assert unignored(html)[3:] == [
        ("MenuListPopup", ""),
        ("StaticText", " Pick one "),
        ("generic", ""),
        ("option", "A"),
        ("generic", ""),
        ("StaticText", "note"),
        ("group", "G"),
        ("StaticText", "about"),
        ("option", "B"),
    ]


def test_listbox_select_lays_out_its_content_and_ignores_wrappers():
    nodes = tree("<select aria-label=s size=3><div><option>A</option></div><option>B</option></select>")
    div = next(
        n
        for n in nodes
        if "A" in [c["name"]["value"] for c in nodes if c["nodeId"] in n["childIds"] and not c["ignored"]]
        and n["ignored"]
    )
    assert [r["name"] for r in div["ignoredReasons"]] == ["uninteresting"]
    options = [n for n in nodes if n["role"]["value"] == "option"]
    assert [props(o).get("focusable") for o in options] == [True, True]  # owned by the select through the div


def test_select_content_follows_the_flat_tree_of_an_author_shadow_host():
    # Chromium 156 (golden select-shadow-host-content): the shadow tree is shown, an
    # unslotted light child is not, and an author <slot> (display: contents) is an
    # ignored wrapper even in a closed picker, whose other content is all exposed.
    host = (
        '<div><template shadowrootmode="open"><span>in shadow</span><slot name=x></slot></template>'
        "<span>unslotted</span><span slot=x>slotted</span></div>"
    )
    assert unignored(f"<select aria-label=s><option>A</option>{host}</select>")[4:] == [
        ("option", "A"),
        ("generic", ""),
        ("generic", ""),
        ("StaticText", "in shadow"),
        ("generic", ""),
        ("StaticText", "slotted"),
    ]
    listbox = unignored(f"<select aria-label=s size=3><option>A</option>{host}</select>")
    assert ("StaticText", "unslotted") not in listbox and ("StaticText", "slotted") in listbox


def test_listbox_select_lays_out_no_text_directly_inside_it():
    html = "<select aria-label=s size=3>loose<optgroup label=G>kept<option>A</option></optgroup></select>"
    texts = [n for r, n in unignored(html) if r == "StaticText"]
    assert texts == ["kept"]


def test_select_button_is_slotted_ahead_of_the_picker_without_layout():
    nodes = tree("<select aria-label=s><button title=t>Open</button><option>A</option></select>")
    select = next(n for n in nodes if n["role"]["value"] == "combobox")
    slot, popup = (next(n for n in nodes if n["nodeId"] == i) for i in select["childIds"])
    assert (slot["role"]["value"], slot["name"]) == ("generic", {"type": "computedString", "value": ""})
    button = next(n for n in nodes if n["nodeId"] == slot["childIds"][0])
    assert [r["name"] for r in button["ignoredReasons"]] == ["notRendered"] and button["childIds"] == []
    assert popup["role"]["value"] == "MenuListPopup"


def test_option_with_markup_is_named_by_its_dom_text_keeping_edge_spaces():
    html = (
        "<select aria-label=s><option label=L><img alt=Flag> France</option>"
        "<option><span style=display:none>x</span>y </option><option>  Plain  </option></select>"
    )
    assert [n for r, n in unignored(html) if r == "option"] == [" France", "xy ", "Plain"]


def test_text_in_a_closed_picker_lists_no_title_source():
    text = find("<select aria-label=s><span>note</span><option>A</option></select>", "StaticText")
    assert [s.get("attribute") for s in text["name"]["sources"]] == ["aria-labelledby", "aria-label", None]


def test_aria_selected_is_exposed_on_disabled_items_and_overrides_native_option_state():
    tab = find("<div role=tablist><button role=tab disabled aria-selected=false>T</button></div>", "tab")
    assert props(tab)["selected"] is False
    nodes = tree(
        "<select size=3 aria-label=S><option selected aria-selected=false>a</option>"
        "<option disabled aria-selected=true>b</option><option disabled>c</option></select>"
    )
    options = {n["name"]["value"]: props(n).get("selected") for n in nodes if n["role"]["value"] == "option"}
    assert options == {"a": False, "b": True, "c": None}


def test_list_item_counter_is_reset_by_lists_and_stepped_by_items_without_counter_properties():
    css = "<style>li::before { content: '[' counters(list-item, '.') ']' } ol { list-style: none }</style>"
    html = css + "<ol><li>a<ol><li>b</li></ol></li><li value=9>c</li></ol><ol reversed><li>d</li><li>e</li></ol>"
    texts = [n["name"]["value"] for n in tree(html) if n["role"]["value"] == "StaticText"]
    # A value attribute does not reset the counter, and a reversed <ol> without start counts down from 0.
    assert texts == [
        "[",
        "1",
        "]",
        "a",
        "[",
        "1.1",
        "]",
        "b",
        "[",
        "2",
        "]",
        "c",
        "[",
        "0",
        "]",
        "d",
        "[",
        "-1",
        "]",
        "e",
    ]


def test_display_list_item_box_is_a_list_item():
    assert [r for r, _ in unignored("<div style='display:list-item'>x</div>")][:2] == ["RootWebArea", "listitem"]


def test_auto_quotes_follow_the_nearest_lang_by_longest_known_prefix():
    html = "<p lang=de-AT><q>a</q></p><p lang=zh-Hant-TW><q>b</q></p><p lang=zz><q>c</q></p><p xml:lang=fr><q>d</q></p>"
    texts = [n["name"]["value"] for n in tree(html) if n["role"]["value"] == "StaticText"]
    assert texts == ["\u201e", "a", "\u201c", "\u300c", "b", "\u300d", "\u201c", "c", "\u201d", "\u201c", "d", "\u201d"]


def test_closed_popover_is_not_rendered_and_its_invoker_is_collapsed():
    html = "<button popovertarget=tip>?</button><div id=tip popover>Tip text</div>"
    assert ("StaticText", "Tip text") not in unignored(html)
    assert props(find(html, "button"))["expanded"] is False


def test_popover_invoker_needs_an_enabled_non_submitting_button_and_a_popover_target():
    for html in (
        "<button popovertarget=tip disabled>?</button><div id=tip popover>t</div>",
        "<form><button popovertarget=tip>?</button></form><div id=tip popover>t</div>",
        "<button popovertarget=tip>?</button><div id=tip>t</div>",
    ):
        assert "expanded" not in props(find(html, "button")), html
    # An open dialog stays rendered as a popover; a button inside its own popover is not an invoker.
    inside = "<dialog id=tip popover open><button popovertarget=tip>close</button></dialog>"
    assert "expanded" not in props(find(inside, "button"))


def test_summary_marker_is_exposed_once_the_summary_holds_a_block():
    def markers(summary: str) -> list[str]:
        nodes = tree(f"<details><summary>{summary}</summary><p>x</p></details>")
        return [n["name"]["value"] for n in nodes if n["role"]["value"] == "ListMarker"]

    assert markers("<span>inline</span>") == []
    assert markers("<h3>Block</h3>") == ["\u25b8"]  # alone on its line: the space collapses
    assert markers("Text <div>block</div>") == ["\u25b8 "]


def test_media_with_preload_none_waits_idle_and_stays_playable():
    def video(attrs: str, inner: str = "") -> dict:
        return find(f"<video controls {attrs}>{inner}</video>", "Video")

    idle = video('preload=none src="/m.webm"')
    assert idle["name"]["value"] == "" and "disabled" not in props(idle)
    assert "disabled" not in props(video("preload=none", '<source src="/m.mp4" type="video/mp4">'))
    for attrs, inner in (('src="/m.webm"', ""), ("preload=none", '<source src="/m.x" type="video/x-foo">')):
        assert video(attrs, inner)["name"]["value"] == "Unable to play media."
    play = [
        n
        for n in tree('<video controls preload=none src="/m.webm"></video>')
        if n.get("name", {}).get("value") == "play"
    ]
    assert "disabled" not in props(play[0])


def test_range_widget_on_a_text_field_reports_the_field_value_as_valuetext():
    # kValue comes from GetValueForControl: a native text field's sanitized value, never a contenteditable's text.
    html = (
        "<input role=spinbutton aria-label=a value=2 aria-valuenow=2>"
        "<input type=email role=spinbutton aria-label=b value=' a@b.c '>"
        "<textarea role=slider aria-label=c>\nhi</textarea>"
        "<div contenteditable role=spinbutton aria-label=d aria-valuenow=3>3</div>"
    )
    values = {
        n["name"]["value"]: props(n)["valuetext"] for n in tree(html) if not n["ignored"] and "valuetext" in props(n)
    }
    assert values == {"a": "2", "b": "a@b.c", "c": "hi", "d": ""}


def test_aria_autocomplete_is_exposed_only_on_text_fields():
    html = (
        "<span role=combobox tabindex=0 aria-autocomplete=list aria-label=a aria-expanded=false>x</span>"
        "<div role=combobox contenteditable aria-autocomplete=list aria-label=b aria-expanded=false>y</div>"
        "<input type=checkbox aria-autocomplete=list aria-label=c>"
        "<input role=spinbutton aria-autocomplete=list aria-label=d>"
        "<span role=searchbox aria-autocomplete=both aria-label=e></span>"
    )
    found = {
        n["name"]["value"]: props(n).get("autocomplete")
        for n in tree(html)
        if not n["ignored"] and n["name"]["value"] in tuple("abcde")
    }
    assert found == {"a": None, "b": None, "c": None, "d": "list", "e": "both"}


def test_contenteditable_combobox_is_a_menu_button_and_a_number_input_combobox_a_text_field():
    html = (
        "<div role=combobox contenteditable aria-label=a aria-expanded=false>y</div>"
        "<input type=number role=combobox aria-label=b aria-expanded=false>"
    )
    roles = {
        n["name"]["value"]: n["chromeRole"]["value"]
        for n in tree(html)
        if not n["ignored"] and n["name"]["value"] in ("a", "b")
    }
    assert roles == {"a": 21, "b": 171}  # kComboBoxMenuButton, kTextFieldWithComboBox


def test_native_range_input_keeps_its_value_and_orientation_under_any_role():
    html = "<input type=range role=spinbutton aria-label=a value=7><input type=range role=button aria-label=b>"
    spin = find(html, "spinbutton")
    button = find(html, "button")
    assert props(spin)["orientation"] == "horizontal" and button["value"]["value"] == "50"


def test_list_items_in_dpub_endnotes_and_bibliography_take_the_deprecated_roles():
    # ComputeFinalRoleForSerialization: only items of a list directly in the section.
    html = (
        "<section role=doc-endnotes aria-label=N><ol><li>a<ul><li>nested</li></ul></li></ol></section>"
        "<div role=doc-bibliography aria-label=B><ul><li>b</li></ul></div><ul><li>plain</li></ul>"
    )
    roles_ = [
        n["role"]["value"] for n in tree(html) if n["role"]["value"] in ("listitem", "doc-endnote", "doc-biblioentry")
    ]
    assert roles_ == ["doc-endnote", "listitem", "doc-biblioentry", "listitem"]


def test_hidden_caption_is_a_found_source_without_a_value():
    table = find("<table><caption style=display:none>Lines</caption><tr><td>x</td></tr></table>", "table")
    caption_source = next(s for s in table["name"]["sources"] if s.get("nativeSource") == "tablecaption")
    assert "value" not in caption_source and "nativeSourceValue" in caption_source
    assert not any(p["name"] == "labelledby" for p in table["properties"])
