"""The document's mode (HTML §13.2.6.4.1, "the initial insertion mode"): quirks,
limited-quirks or no-quirks, from its doctype. Layout reads it: font-size keywords,
the body's and percentage heights, line heights and tables differ in quirks mode."""

from __future__ import annotations

from .dom import Document, DocumentType, Element

QUIRKS, LIMITED_QUIRKS, NO_QUIRKS = "quirks", "limited-quirks", "no-quirks"

_QUIRKY_PUBLIC_EXACT = frozenset({"-//w3o//dtd w3 html strict 3.0//en//", "-/w3c/dtd html 4.0 transitional/en", "html"})
_QUIRKY_SYSTEM_EXACT = "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"
_QUIRKY_PUBLIC_PREFIXES = tuple(
    """+//silmaril//dtd html pro v0r11 19970101//
-//as//dtd html 3.0 aswedit + extensions//
-//advasoft ltd//dtd html 3.0 aswedit + extensions//
-//ietf//dtd html 2.0 level 1//
-//ietf//dtd html 2.0 level 2//
-//ietf//dtd html 2.0 strict level 1//
-//ietf//dtd html 2.0 strict level 2//
-//ietf//dtd html 2.0 strict//
-//ietf//dtd html 2.0//
-//ietf//dtd html 2.1e//
-//ietf//dtd html 3.0//
-//ietf//dtd html 3.2 final//
-//ietf//dtd html 3.2//
-//ietf//dtd html 3//
-//ietf//dtd html level 0//
-//ietf//dtd html level 1//
-//ietf//dtd html level 2//
-//ietf//dtd html level 3//
-//ietf//dtd html strict level 0//
-//ietf//dtd html strict level 1//
-//ietf//dtd html strict level 2//
-//ietf//dtd html strict level 3//
-//ietf//dtd html strict//
-//ietf//dtd html//
-//metrius//dtd metrius presentational//
-//microsoft//dtd internet explorer 2.0 html strict//
-//microsoft//dtd internet explorer 2.0 html//
-//microsoft//dtd internet explorer 2.0 tables//
-//microsoft//dtd internet explorer 3.0 html strict//
-//microsoft//dtd internet explorer 3.0 html//
-//microsoft//dtd internet explorer 3.0 tables//
-//netscape comm. corp.//dtd html//
-//netscape comm. corp.//dtd strict html//
-//o'reilly and associates//dtd html 2.0//
-//o'reilly and associates//dtd html extended 1.0//
-//o'reilly and associates//dtd html extended relaxed 1.0//
-//sq//dtd html 2.0 hotmetal + extensions//
-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//
-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//
-//spyglass//dtd html 2.0 extended//
-//sun microsystems corp.//dtd hotjava html//
-//sun microsystems corp.//dtd hotjava strict html//
-//w3c//dtd html 3 1995-03-24//
-//w3c//dtd html 3.2 draft//
-//w3c//dtd html 3.2 final//
-//w3c//dtd html 3.2//
-//w3c//dtd html 3.2s draft//
-//w3c//dtd html 4.0 frameset//
-//w3c//dtd html 4.0 transitional//
-//w3c//dtd html experimental 19960712//
-//w3c//dtd html experimental 970421//
-//w3c//dtd w3 html//
-//w3o//dtd w3 html 3.0//
-//webtechs//dtd mozilla html 2.0//
-//webtechs//dtd mozilla html//""".split("\n")
)
_FRAMESET_OR_TRANSITIONAL = ("-//w3c//dtd html 4.01 frameset//", "-//w3c//dtd html 4.01 transitional//")
_LIMITED_PREFIXES = ("-//w3c//dtd xhtml 1.0 frameset//", "-//w3c//dtd xhtml 1.0 transitional//")


def document_mode(document: Document) -> str:
    """quirks, limited-quirks or no-quirks. A document without a doctype is in quirks
    mode (an about:srcdoc document, which never is, has its own rule: callers pass it)."""
    for child in document.children:
        if isinstance(child, DocumentType):
            return _mode_of(child)
        if isinstance(child, Element):
            break
    return QUIRKS


def _mode_of(doctype: DocumentType) -> str:
    name = doctype.data.lower()
    public = (doctype.public_id or "").lower() if doctype.public_id is not None else None
    system = (doctype.system_id or "").lower() if doctype.system_id is not None else None
    if name != "html" or public in _QUIRKY_PUBLIC_EXACT or system == _QUIRKY_SYSTEM_EXACT:
        return QUIRKS
    if public is not None and public.startswith(_QUIRKY_PUBLIC_PREFIXES):
        return QUIRKS
    if system is None and public is not None and public.startswith(_FRAMESET_OR_TRANSITIONAL):
        return QUIRKS
    if public is not None and public.startswith(_LIMITED_PREFIXES):
        return LIMITED_QUIRKS
    if system is not None and public is not None and public.startswith(_FRAMESET_OR_TRANSITIONAL):
        return LIMITED_QUIRKS
    return NO_QUIRKS
