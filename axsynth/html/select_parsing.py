"""How a ``<select>``'s content is parsed since customizable select (WHATWG HTML, 2025).

html5lib 1.1 implements the older rules: a ``<select>`` start tag switches to the
"in select" (or "in select in table") insertion mode, which drops every start tag
but option, optgroup, hr, script and template, so ``<option><b>x</b></option>``
lost its ``<b>`` and a ``<span>``, ``<img>``, ``<div>``, ``<button>`` or
``<selectedcontent>`` inside a select vanished.

The current standard, and Chromium's HTMLTreeBuilder (shipped as
SelectParserRelaxation), have no such mode: a select's content is parsed by the
"in body" rules, with these changes, all made here:

* ``select`` is a scope marker of the default, list-item and button scopes
  (html_element_stack.cc, IsScopeMarkerTag), so e.g. ``</div>`` or a ``<p>``
  inside a select cannot close an element outside it;
* a ``<select>`` start tag while a select is in scope closes that select and is
  dropped; ``</select>`` closes the select in scope;
* an ``<input>`` start tag while a select is in scope closes the select first;
* ``<option>``, ``<optgroup>`` and ``<hr>`` inside a select close the open
  option (and, but for ``<option>``, optgroup) by generating implied end tags;
* resetting the insertion mode looks past a select instead of entering
  "in select" (HTMLTreeBuilder::ResetInsertionModeAppropriately).

One more "in body" rule html5lib predates is kept here, with the parser it belongs
to: ``<dialog>`` and ``<search>`` are blocks that close an open ``<p>``, and their
end tags close them as other blocks' do.
"""

from __future__ import annotations

from functools import cache

import html5lib
from html5lib import _utils
from html5lib.constants import namespaces
from html5lib.html5parser import impliedTagToken
from html5lib.treebuilders.base import listElementsMap

_SELECT = (namespaces["html"], "select")

#: html5lib's scope markers by variant, with select added to the scopes it bounds.
SCOPE_MARKERS = {
    variant: (markers | {_SELECT} if variant in (None, "button", "list") else markers, invert)
    for variant, (markers, invert) in listElementsMap.items()
}

#: "Reset the insertion mode appropriately": the first open element (from the
#: top) named here picks the mode; select is deliberately absent.
_RESET_MODES = {
    "td": "inCell",
    "th": "inCell",
    "tr": "inRow",
    "tbody": "inTableBody",
    "thead": "inTableBody",
    "tfoot": "inTableBody",
    "caption": "inCaption",
    "colgroup": "inColumnGroup",
    "table": "inTable",
    "head": "inBody",
    "body": "inBody",
    "frameset": "inFrameset",
    "html": "beforeHead",
}


class HTMLParser(html5lib.HTMLParser):
    """html5lib's parser with the customizable-select rules (documents only,
    not fragments)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        in_body = self.phases["inBody"]
        self.phases["inBody"] = _in_body_phase(type(in_body))(self, self.tree)
        in_table = self.phases["inTable"]
        self.phases["inTable"] = _in_table_phase(type(in_table))(self, self.tree)

    def resetInsertionMode(self) -> None:
        for node in reversed(self.tree.openElements):
            if node.namespace == self.tree.defaultNamespace and node.name in _RESET_MODES:
                self.phase = self.phases[_RESET_MODES[node.name]]
                return


def _pop_until_popped(tree, name: str) -> None:
    while tree.openElements.pop().name != name:
        pass


def _with_handlers(dispatcher: _utils.MethodDispatcher, handlers: dict) -> _utils.MethodDispatcher:
    merged = _utils.MethodDispatcher({**dispatcher, **handlers}.items())
    merged.default = dispatcher.default
    return merged


@cache
def _in_table_phase(base: type) -> type:
    """html5lib's "in table" phase, whose end of file only stops parsing (the spec's
    rule). html5lib asserts there that the current node is <html> only in a fragment
    parse, which some tag soup breaks (a fuzz finding: tests/fuzz_regressions/)."""

    class InTablePhase(base):
        __slots__ = ()

        def processEOF(self) -> None:
            if self.tree.openElements[-1].name != "html":
                self.parser.parseError("eof-in-table")

    return InTablePhase


@cache
def _in_body_phase(base: type) -> type:
    """html5lib's "in body" phase class, with the select rules of the module doc."""

    class InBodyPhase(base):
        __slots__ = ()

        def startTagSelect(self, token) -> None:
            if self.tree.elementInScope("select"):
                self.parser.parseError("unexpected-select-in-select")
                _pop_until_popped(self.tree, "select")
                return
            self.tree.reconstructActiveFormattingElements()
            self.tree.insertElement(token)
            self.parser.framesetOK = False

        def endTagSelect(self, token) -> None:
            if self.tree.elementInScope("select"):
                _pop_until_popped(self.tree, "select")
            else:
                self.parser.parseError("unexpected-end-tag", {"name": "select"})

        def startTagInput(self, token) -> None:
            if self.tree.elementInScope("select"):
                self.parser.parseError("unexpected-input-in-select")
                _pop_until_popped(self.tree, "select")
            base.startTagInput(self, token)

        def startTagOption(self, token) -> None:
            if self.tree.elementInScope("select"):
                self.tree.generateImpliedEndTags(exclude="optgroup")
            elif self.tree.openElements[-1].name == "option":
                self.tree.openElements.pop()
            self.tree.reconstructActiveFormattingElements()
            self.tree.insertElement(token)

        def startTagOptgroup(self, token) -> None:
            if self.tree.elementInScope("select"):
                self.tree.generateImpliedEndTags()
            elif self.tree.openElements[-1].name == "option":
                self.tree.openElements.pop()
            self.tree.reconstructActiveFormattingElements()
            self.tree.insertElement(token)

        def startTagHr(self, token) -> None:
            if self.tree.elementInScope("p", variant="button"):
                self.endTagP(impliedTagToken("p"))
            if self.tree.elementInScope("select"):
                self.tree.generateImpliedEndTags()
            base.startTagHr(self, token)  # its own <p> check finds nothing now

        startTagHandler = _with_handlers(
            vars(base)["startTagHandler"],
            {
                "select": startTagSelect,
                "input": startTagInput,
                "option": startTagOption,
                "optgroup": startTagOptgroup,
                "hr": startTagHr,
                "dialog": base.startTagCloseP,
                "search": base.startTagCloseP,
            },
        )
        endTagHandler = _with_handlers(
            vars(base)["endTagHandler"],
            {
                "select": endTagSelect,
                "dialog": base.endTagBlock,
                "search": base.endTagBlock,
            },
        )

    return InBodyPhase
