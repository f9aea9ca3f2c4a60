"""Role and state tables for the ARIA snapshot (``--format aria``).

These are the facts Playwright's injected script applies when it computes
``locator.aria_snapshot()``: its own role mapping (not Chromium's), which roles
carry which states, and which roles may take a name from their content.
Tags are upper-case, as ``Element.tagName`` reads for HTML elements.
"""

# Roles an explicit role="" token may name (the first valid token wins).
VALID_ROLES = frozenset(
    "alert alertdialog application article banner blockquote button caption cell checkbox code "
    "columnheader combobox complementary contentinfo definition deletion dialog directory document "
    "emphasis feed figure form generic grid gridcell group heading img insertion link list listbox "
    "listitem log main mark marquee math meter menu menubar menuitem menuitemcheckbox menuitemradio "
    "navigation none note option paragraph presentation progressbar radio radiogroup region row "
    "rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong "
    "subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar "
    "tooltip tree treegrid treeitem".split()
)

PRESENTATIONAL = frozenset({"none", "presentation"})

# Tag → implicit role, where the tag alone decides.  Context-dependent tags
# (A, AREA, FOOTER, FORM, HEADER, IMG, INPUT, SECTION, SELECT, TD, TH) are
# decided in code.
TAG_ROLES: dict[str, str] = {
    "ARTICLE": "article",
    "ASIDE": "complementary",
    "BLOCKQUOTE": "blockquote",
    "BUTTON": "button",
    "CAPTION": "caption",
    "CODE": "code",
    "DATALIST": "listbox",
    "DD": "definition",
    "DEL": "deletion",
    "DETAILS": "group",
    "DFN": "term",
    "DIALOG": "dialog",
    "DT": "term",
    "EM": "emphasis",
    "FIELDSET": "group",
    "FIGURE": "figure",
    "H1": "heading",
    "H2": "heading",
    "H3": "heading",
    "H4": "heading",
    "H5": "heading",
    "H6": "heading",
    "HR": "separator",
    "HTML": "document",
    "INS": "insertion",
    "LI": "listitem",
    "MAIN": "main",
    "MARK": "mark",
    "MATH": "math",
    "MENU": "list",
    "METER": "meter",
    "NAV": "navigation",
    "OL": "list",
    "OPTGROUP": "group",
    "OPTION": "option",
    "OUTPUT": "status",
    "P": "paragraph",
    "PROGRESS": "progressbar",
    "SEARCH": "search",
    "STRONG": "strong",
    "SUB": "subscript",
    "SUP": "superscript",
    "SVG": "img",
    "TABLE": "table",
    "TBODY": "rowgroup",
    "TEXTAREA": "textbox",
    "TFOOT": "rowgroup",
    "THEAD": "rowgroup",
    "TIME": "time",
    "TR": "row",
    "UL": "list",
}

HEADING_LEVELS = {"H1": 1, "H2": 2, "H3": 3, "H4": 4, "H5": 5, "H6": 6}

# header/footer lose their landmark role inside these.
LANDMARK_BLOCKERS_BY_TAG = frozenset({"ARTICLE", "ASIDE", "MAIN", "NAV", "SECTION"})
LANDMARK_BLOCKERS_BY_ROLE = frozenset({"article", "complementary", "main", "navigation", "region"})

# <input type> → role, for the types not handled as text fields.
INPUT_TYPE_ROLES = {
    "button": "button",
    "checkbox": "checkbox",
    "image": "button",
    "number": "spinbutton",
    "radio": "radio",
    "range": "slider",
    "reset": "button",
    "submit": "button",
    "file": "button",
}
TEXT_FIELD_TYPES = frozenset({"email", "search", "tel", "text", "url", ""})
PLACEHOLDER_TYPES = frozenset({"text", "password", "number", "search", "tel", "email", "url"})

# A presentational parent passes its role down to these children.
PRESENTATION_PARENTS = {
    "DD": ("DL", "DIV"),
    "DIV": ("DL",),
    "DT": ("DL", "DIV"),
    "LI": ("OL", "UL"),
    "TBODY": ("TABLE",),
    "TD": ("TR",),
    "TFOOT": ("TABLE",),
    "TH": ("TR",),
    "THEAD": ("TABLE",),
    "TR": ("THEAD", "TBODY", "TFOOT", "TABLE"),
}

_NAME_PROHIBITED = (
    "caption",
    "code",
    "deletion",
    "emphasis",
    "generic",
    "insertion",
    "paragraph",
    "presentation",
    "strong",
    "subscript",
    "superscript",
)
# Global ARIA attributes → the roles on which they do not count as global.
GLOBAL_ARIA_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "aria-atomic": (),
    "aria-busy": (),
    "aria-controls": (),
    "aria-current": (),
    "aria-describedby": (),
    "aria-details": (),
    "aria-dropeffect": (),
    "aria-flowto": (),
    "aria-grabbed": (),
    "aria-hidden": (),
    "aria-keyshortcuts": (),
    "aria-label": _NAME_PROHIBITED,
    "aria-labelledby": _NAME_PROHIBITED,
    "aria-live": (),
    "aria-owns": (),
    "aria-relevant": (),
    "aria-roledescription": ("generic",),
}

# Elements never shown, whatever their style.
IGNORED_TAGS = frozenset({"STYLE", "SCRIPT", "NOSCRIPT", "TEMPLATE"})
NATIVE_FORM_CONTROLS = frozenset({"BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP"})

# --- accessible names ---------------------------------------------------------

NAME_FROM_CONTENT = frozenset(
    "button cell checkbox columnheader gridcell heading link menuitem menuitemcheckbox "
    "menuitemradio option radio row rowheader switch tab tooltip treeitem".split()
)
# Also named from content when they sit inside the element being named ("" = no role).
NAME_FROM_CONTENT_INSIDE = frozenset(
    (
        "",
        "caption",
        "code",
        "contentinfo",
        "definition",
        "deletion",
        "emphasis",
        "insertion",
        "list",
        "listitem",
        "mark",
        "none",
        "paragraph",
        "presentation",
        "region",
        "row",
        "rowgroup",
        "section",
        "strong",
        "subscript",
        "superscript",
        "table",
        "term",
        "time",
    )
)
NAMING_PROHIBITED = frozenset(
    "caption code definition deletion emphasis generic insertion mark paragraph presentation "
    "strong subscript suggestion superscript term time".split()
)
RANGE_ROLES = frozenset({"progressbar", "scrollbar", "slider", "spinbutton", "meter"})

# --- states: which roles carry which --------------------------------------------

CHECKED_ROLES = frozenset({"checkbox", "menuitemcheckbox", "option", "radio", "switch", "menuitemradio", "treeitem"})
DISABLED_ROLES = frozenset(
    "application button composite gridcell group input link menuitem scrollbar separator tab "
    "checkbox columnheader combobox grid listbox menu menubar menuitemcheckbox menuitemradio option "
    "radio radiogroup row rowheader searchbox select slider spinbutton switch tablist textbox "
    "toolbar tree treegrid treeitem".split()
)
EXPANDED_ROLES = frozenset(
    "application button checkbox combobox gridcell link listbox menuitem row rowheader tab treeitem "
    "columnheader menuitemcheckbox menuitemradio switch".split()
)
INVALID_ROLES = frozenset(
    "application checkbox columnheader combobox gridcell listbox radiogroup rowheader searchbox "
    "slider spinbutton switch textbox tree".split()
)
LEVEL_ROLES = frozenset({"heading", "listitem", "row", "treeitem"})
PRESSED_ROLES = frozenset({"button"})
SELECTED_ROLES = frozenset({"gridcell", "option", "row", "tab", "rowheader", "columnheader", "treeitem"})

# --- YAML ---------------------------------------------------------------------------

# Plain scalars YAML would read as something other than a string.
YAML_RESERVED_WORDS = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})
