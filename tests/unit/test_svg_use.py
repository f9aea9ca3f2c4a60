"""SVG <use> instances (axsynth.html.ua_shadow): cycles and runaway nesting stay bounded."""

from axsynth import Document
from axsynth.html import ua_shadow
from axsynth.html.ua_shadow import UA_USE_MODE


def uses(doc):
    return [e for e in doc.dom.iter_elements() if e.local_name == "use"]


def test_a_use_clones_its_target_into_a_shadow_tree():
    doc = Document.from_html('<svg><symbol id="s"><title>t</title></symbol><use href="#s"/></svg>')
    (use,) = uses(doc)
    assert use.shadow_root.mode == UA_USE_MODE
    assert [c.local_name for c in use.shadow_root.children] == ["symbol"]


def test_cycles_instantiate_nothing():
    doc = Document.from_html('<svg><use id="u" href="#u"/><g id="a"><use href="#a"/></g></svg>')
    assert all(u.shadow_root is None for u in uses(doc))
    assert "group" not in doc.aria_snapshot()
    doc.get_full_ax_tree()  # and the tree builds


def test_nested_uses_of_uses_are_capped(monkeypatch):
    # Ten levels of ten uses of the level below: 10**10 clones unbounded. (A smaller
    # cap than the real one keeps the test quick; the mechanism is the same.)
    monkeypatch.setattr(ua_shadow, "MAX_USE_CLONED_NODES", 5_000)
    levels = ['<g id="l0"><rect width="1" height="1"/></g>']
    for i in range(1, 11):
        levels.append(f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>")
    doc = Document.from_html("<svg><defs>" + "".join(levels) + '</defs><use href="#l10"/></svg>')
    doc.get_full_ax_tree()
    cloned = sum(1 for u in uses(doc) if u.shadow_root is not None)
    assert 0 < cloned <= 5_000
