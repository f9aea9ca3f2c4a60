"""WAI-ARIA and HTML-AAM facts as Chromium 156 applies them (role keys are
ax::mojom::Role enumerators without the leading "k", as in chrome_roles.ROLES)."""

# ARIA role token → internal role (blink kAriaRoles; later synonyms win).
ARIA_ROLES: dict[str, str] = {
    "alert": "Alert",
    "alertdialog": "AlertDialog",
    "application": "Application",
    "article": "Article",
    "banner": "Banner",
    "blockquote": "Blockquote",
    "button": "Button",
    "caption": "Caption",
    "cell": "Cell",
    "checkbox": "CheckBox",
    "code": "Code",
    "columnheader": "ColumnHeader",
    "combobox": "ComboBoxGrouping",
    "comment": "Comment",
    "complementary": "Complementary",
    "contentinfo": "ContentInfo",
    "definition": "Definition",
    "deletion": "ContentDeletion",
    "dialog": "Dialog",
    "directory": "List",
    "document": "Document",
    "emphasis": "Emphasis",
    "feed": "Feed",
    "figure": "Figure",
    "form": "Form",
    "generic": "GenericContainer",
    "graphics-document": "GraphicsDocument",
    "graphics-object": "GraphicsObject",
    "graphics-symbol": "GraphicsSymbol",
    "grid": "Grid",
    "gridcell": "GridCell",
    "group": "Group",
    "heading": "Heading",
    "image": "Image",
    "img": "Image",
    "insertion": "ContentInsertion",
    "link": "Link",
    "list": "List",
    "listbox": "ListBox",
    "listitem": "ListItem",
    "log": "Log",
    "main": "Main",
    "mark": "Mark",
    "marquee": "Marquee",
    "math": "Math",
    "menu": "Menu",
    "menubar": "MenuBar",
    "menuitem": "MenuItem",
    "menuitemcheckbox": "MenuItemCheckBox",
    "menuitemradio": "MenuItemRadio",
    "meter": "Meter",
    "navigation": "Navigation",
    "none": "None",
    "note": "Note",
    "option": "ListBoxOption",
    "paragraph": "Paragraph",
    "presentation": "None",
    "progressbar": "ProgressIndicator",
    "radio": "RadioButton",
    "radiogroup": "RadioGroup",
    "region": "Region",
    "row": "Row",
    "rowgroup": "RowGroup",
    "rowheader": "RowHeader",
    "scrollbar": "ScrollBar",
    "search": "Search",
    "searchbox": "SearchBox",
    "sectionfooter": "SectionFooter",
    "sectionheader": "SectionHeader",
    "separator": "Splitter",
    "slider": "Slider",
    "spinbutton": "SpinButton",
    "status": "Status",
    "strong": "Strong",
    "subscript": "Subscript",
    "suggestion": "Suggestion",
    "superscript": "Superscript",
    "switch": "Switch",
    "tab": "Tab",
    "table": "Table",
    "tablist": "TabList",
    "tabpanel": "TabPanel",
    "term": "Term",
    "textbox": "TextField",
    "time": "Time",
    "timer": "Timer",
    "toolbar": "Toolbar",
    "tooltip": "Tooltip",
    "tree": "Tree",
    "treegrid": "TreeGrid",
    "treeitem": "TreeItem",
    "doc-abstract": "DocAbstract",
    "doc-acknowledgments": "DocAcknowledgments",
    "doc-afterword": "DocAfterword",
    "doc-appendix": "DocAppendix",
    "doc-backlink": "DocBackLink",
    "doc-biblioentry": "DocBiblioEntry",
    "doc-bibliography": "DocBibliography",
    "doc-biblioref": "DocBiblioRef",
    "doc-chapter": "DocChapter",
    "doc-colophon": "DocColophon",
    "doc-conclusion": "DocConclusion",
    "doc-cover": "DocCover",
    "doc-credit": "DocCredit",
    "doc-credits": "DocCredits",
    "doc-dedication": "DocDedication",
    "doc-endnote": "DocEndnote",
    "doc-endnotes": "DocEndnotes",
    "doc-epigraph": "DocEpigraph",
    "doc-epilogue": "DocEpilogue",
    "doc-errata": "DocErrata",
    "doc-example": "DocExample",
    "doc-footnote": "DocFootnote",
    "doc-foreword": "DocForeword",
    "doc-glossary": "DocGlossary",
    "doc-glossref": "DocGlossRef",
    "doc-index": "DocIndex",
    "doc-introduction": "DocIntroduction",
    "doc-noteref": "DocNoteRef",
    "doc-notice": "DocNotice",
    "doc-pagebreak": "DocPageBreak",
    "doc-pagefooter": "DocPageFooter",
    "doc-pageheader": "DocPageHeader",
    "doc-pagelist": "DocPageList",
    "doc-part": "DocPart",
    "doc-preface": "DocPreface",
    "doc-prologue": "DocPrologue",
    "doc-pullquote": "DocPullquote",
    "doc-qna": "DocQna",
    "doc-subtitle": "DocSubtitle",
    "doc-tip": "DocTip",
    "doc-toc": "DocToc",
    "graphics-doc": "GraphicsDocument",
}

# ARIA roles that Chromium drops (falling back to the native role) unless they sit
# in their required context: the nearest decisive DOM ancestor (or the aria-owns
# owner) must carry one of these ARIA roles, or one of these native roles.
REQUIRED_CONTEXT_ARIA: dict[str, frozenset[str]] = {
    "ListBoxOption": frozenset({"ListBox", "Group"}),
    "TreeItem": frozenset({"Tree", "Group", "TreeItem"}),
    "ListItem": frozenset({"List", "Group"}),
}
REQUIRED_CONTEXT_NATIVE: dict[str, frozenset[str]] = {
    "ListBoxOption": frozenset({"ListBox"}),
    "TreeItem": frozenset(),
    "ListItem": frozenset({"List"}),
}
# Role-less elements the context walk passes through (besides role=none/presentation
# and autonomous custom elements): other natively generic tags (<b>, <i>, <u>…) stop it.
CONTEXT_TRANSPARENT_TAGS = frozenset({"div", "span", "slot"})

# Element → native role, where the tag alone decides (HTML-AAM as Chromium maps it).
# Context-dependent elements (a, header, footer, aside, section, form, img, input,
# select, option, table parts, li, summary, button, svg) are decided in roles.py.
HTML_ROLES: dict[str, str] = {
    "abbr": "Abbr",
    "address": "Group",
    "article": "Article",
    "audio": "Audio",
    "blockquote": "Blockquote",
    "canvas": "Canvas",
    "caption": "Caption",
    "code": "Code",
    "dd": "Definition",
    "del": "ContentDeletion",
    "details": "Details",
    "dfn": "Term",
    "dialog": "Dialog",
    "dl": "DescriptionList",
    "dt": "Term",
    "em": "Emphasis",
    "fieldset": "Group",
    "figcaption": "Figcaption",
    "figure": "Figure",
    "h1": "Heading",
    "h2": "Heading",
    "h3": "Heading",
    "h4": "Heading",
    "h5": "Heading",
    "h6": "Heading",
    "hgroup": "Group",
    "hr": "Splitter",
    "iframe": "Iframe",
    "frame": "Iframe",
    "ins": "ContentInsertion",
    "label": "LabelText",
    "legend": "Legend",
    "main": "Main",
    "mark": "Mark",
    "math": "MathMLMath",
    "menu": "List",
    "meter": "Meter",
    "nav": "Navigation",
    "ol": "List",
    "optgroup": "Group",
    "output": "Status",
    "p": "Paragraph",
    "progress": "ProgressIndicator",
    "ruby": "Ruby",
    "rp": "RubyAnnotation",
    "rt": "RubyAnnotation",
    "search": "Search",
    "strong": "Strong",
    "sub": "Subscript",
    "sup": "Superscript",
    "textarea": "TextField",
    "time": "Time",
    "ul": "List",
    "video": "Video",
    "br": "LineBreak",
    "dir": "List",
    "blink": "GenericContainer",
    "embed": "EmbeddedObject",
    "object": "PluginObject",
    "kbd": "GenericContainer",
    "s": "ContentDeletion",
    "datalist": "ListBox",
}

# MathML element → native role (MathML-AAM as Chromium's NativeRoleIgnoringAria maps
# it); other MathML elements (mspace, …) are generic containers.
MATHML_ROLES: dict[str, str] = {
    "math": "MathMLMath",
    "mfrac": "MathMLFraction",
    "mi": "MathMLIdentifier",
    "mmultiscripts": "MathMLMultiscripts",
    "mn": "MathMLNumber",
    "mo": "MathMLOperator",
    "mover": "MathMLOver",
    "munder": "MathMLUnder",
    "munderover": "MathMLUnderOver",
    "mroot": "MathMLRoot",
    "mrow": "MathMLRow",
    "annotation-xml": "MathMLRow",
    "maction": "MathMLRow",
    "merror": "MathMLRow",
    "mpadded": "MathMLRow",
    "mphantom": "MathMLRow",
    "mstyle": "MathMLRow",
    "semantics": "MathMLRow",
    "mprescripts": "MathMLPrescriptDelimiter",
    "none": "MathMLNoneScript",
    "msqrt": "MathMLSquareRoot",
    "ms": "MathMLStringLiteral",
    "msub": "MathMLSub",
    "msubsup": "MathMLSubSup",
    "msup": "MathMLSup",
    "mtable": "MathMLTable",
    "mtd": "MathMLTableCell",
    "mtr": "MathMLTableRow",
    "mtext": "MathMLText",
    "annotation": "MathMLText",
}

# <input type> → role (text-like types with a list= become TextFieldWithComboBox).
INPUT_ROLES: dict[str, str] = {
    "button": "Button",
    "submit": "Button",
    "reset": "Button",
    "image": "Button",
    "file": "Button",
    "checkbox": "CheckBox",
    "radio": "RadioButton",
    "range": "Slider",
    "number": "SpinButton",
    "search": "SearchBox",
    "color": "ColorWell",
    "date": "Date",
    "datetime-local": "DateTime",
    "month": "DateTime",
    "week": "DateTime",
    "time": "InputTime",
    "hidden": "GenericContainer",
}
TEXT_INPUT_TYPES = frozenset({"text", "search", "tel", "url", "email", "password"})

# Global ARIA attributes whose presence cancels role=none/presentation (DoesUndoRolePresentation).
UNDO_PRESENTATION_ATTRS = frozenset(
    "aria-atomic aria-braillelabel aria-brailleroledescription aria-busy aria-controls aria-current aria-describedby "
    "aria-description aria-details aria-flowto aria-keyshortcuts aria-label "
    "aria-labeledby aria-labelledby aria-live aria-owns aria-relevant aria-roledescription".split()
)

# Roles that take their name from contents (RoleSupportsNameFromContents + blink additions).
NAME_FROM_CONTENTS = frozenset(
    "Button ToggleButton PopUpButton Cell CheckBox ColumnHeader GridCell Heading Link MenuItem "
    "MenuItemCheckBox MenuItemRadio ListBoxOption MenuListOption RadioButton Row RowHeader Switch "
    "Tab Tooltip TreeItem DocBackLink DocBiblioRef DocGlossRef DocNoteRef DocSubtitle GraphicsObject "
    "DisclosureTriangle DisclosureTriangleGrouped LayoutTableCell LineBreak ListMarker StaticText "
    "Term Math".split()
)
# Roles whose contents count only inside an ancestor's name computation.
NAME_FROM_CONTENTS_RECURSIVE_ONLY = frozenset(
    "GenericContainer Abbr Canvas Caption Code ContentDeletion ContentInsertion Definition "
    "DescriptionList Details Emphasis Figcaption Footer InlineTextBox LabelText LayoutTable "
    "LayoutTableRow Legend List ListItem Mark None Paragraph Region Ruby Section SectionWithoutName "
    "Strong Subscript Superscript Time SectionFooter Blockquote Group SvgRoot".split()
)
NAME_NEVER_FROM_CONTENTS = frozenset(
    "Audio Video ColorWell Date DateTime InputTime Iframe IframePresentational EmbeddedObject "
    "PluginObject MenuListPopup RootWebArea ScrollView".split()
)

# Roles whose name may not come from the title attribute unless focusable (RoleIsNameProhibited).
NAME_PROHIBITED = frozenset(
    "GenericContainer Caption Code Definition ContentDeletion Emphasis "
    "ContentInsertion Mark None Paragraph Strong Subscript Suggestion Superscript Term Time".split()
)

# GetLandmarkIsNotAllowedAncestorRoles: the internal roles whose descendants lose
# landmark status (an unnamed <aside> becomes generic, header/footer become the
# section variants).
ASIDE_SCOPES = frozenset({"Article", "Complementary", "Navigation", "Section"})
HEADER_FOOTER_SCOPES = ASIDE_SCOPES | {"Main"}
# Native roles Chromium keeps internally but serializes differently
# (ComputeFinalRoleForSerialization): aside may become generic, section region/generic.
NATIVE_LANDMARK_ROLES = {"aside": "Complementary", "section": "Section"}

# ui::IsLink: link roles, whose anchor's href is the node's url.
LINK_ROLES = frozenset({"Link", "DocBackLink", "DocBiblioRef", "DocGlossRef", "DocNoteRef"})

# ShouldIncludeBasedOnSemantics: computed roles that are always included.
ALWAYS_INCLUDED_ROLES = frozenset(
    "Abbr Application Article Audio Banner Blockquote Code Complementary ContentDeletion ContentInfo "
    "ContentInsertion Definition DescriptionList Details Dialog DocAcknowledgments DocAfterword "
    "DocAppendix DocBibliography DocChapter DocConclusion DocCredits DocEndnotes DocEpilogue "
    "DocErrata DocForeword DocGlossary DocIntroduction DocPart DocPreface DocPrologue DocToc "
    "Emphasis Figcaption Figure Footer Form Header List ListItem Main Mark Math MathMLMath Meter "
    "MenuListOption MenuListPopup Navigation PluginObject ProgressIndicator Region Ruby Search "
    "Section SectionWithoutName Splitter Subscript Superscript Strong Term Time Video "
    "SectionFooter SectionHeader".split()
) | frozenset(MATHML_ROLES.values())  # MathML semantics rest on child positions

# ui::IsStructure (IsSection + IsSectionhead + document-like and DPub roles): roles
# AXObject::IsLineBreakingObject treats as hard line breaks when the layout does not.
STRUCTURE_ROLES = frozenset(
    "Banner Complementary ContentInfo Form Main Navigation Region Search "
    "ComboBoxGrouping ListBox Menu MenuBar RadioGroup Tree TreeGrid "
    "Alert AlertDialog Cell ColumnHeader Definition Directory Feed Figure Grid Group Image List "
    "ListItem Log Marquee Math Note ProgressIndicator Row RowHeader Section Status Table TabPanel "
    "Term Timer Toolbar Tooltip TreeItem Heading Tab "
    "Application Document Article RowGroup Splitter "
    "DocAbstract DocAcknowledgments DocAfterword DocAppendix DocBiblioEntry DocBibliography "
    "DocChapter DocColophon DocConclusion DocCover DocCredit DocCredits DocDedication DocEndnote "
    "DocEndnotes DocEpigraph DocEpilogue DocErrata DocExample DocFootnote DocForeword DocGlossary "
    "DocIndex DocIntroduction DocNotice DocPageBreak DocPageList DocPart DocPreface DocPrologue "
    "DocQna DocSubtitle DocTip DocToc".split()
)
# ui::IsImage: roles never counted as line breaking by role.
IMAGE_ROLES = frozenset("Canvas DocCover GraphicsSymbol Image ImageMap SvgRoot".split())

TABLE_LIKE = frozenset({"Table", "Grid", "TreeGrid", "LayoutTable"})
ROW_LIKE = frozenset({"Row", "LayoutTableRow"})
CELL_LIKE = frozenset({"Cell", "GridCell", "ColumnHeader", "RowHeader", "LayoutTableCell"})

# ui::IsTextField: roles of a text field (atomic or ARIA).
TEXT_FIELD_ROLES = frozenset({"TextField", "SearchBox", "TextFieldWithComboBox"})

# ui::IsComboBoxContainer: roles that can hold a combobox's popup choices.
COMBOBOX_CONTAINER_ROLES = frozenset({"Dialog", "Grid", "ListBox", "Tree"})

# ui::IsControl: widget roles that count as controls.
CONTROL_ROLES = frozenset(
    "Button CheckBox ColorWell ComboBoxMenuButton ComboBoxGrouping ComboBoxSelect Date DateTime "
    "InputTime ListBox MenuListPopup Menu MenuBar MenuItem MenuItemCheckBox MenuItemRadio PopUpButton "
    "RadioButton ScrollBar SearchBox Slider SpinButton Switch Tab TextField TextFieldWithComboBox "
    "ToggleButton Tree TreeGrid".split()
)

# Roles that ui::IsClickable counts (for native roles).
CLICKABLE_ROLES = frozenset(
    "Button CheckBox ColorWell ComboBoxMenuButton ComboBoxSelect Date DateTime DisclosureTriangle "
    "DisclosureTriangleGrouped InputTime Link ListBoxOption MenuItem MenuItemCheckBox MenuItemRadio "
    "MenuListOption PopUpButton RadioButton SearchBox SpinButton Switch Tab TextField "
    "TextFieldWithComboBox ToggleButton TreeItem Slider".split()
)

# ui::IsClickable, as aria-actions applies it to its targets' native roles: only a
# natively clickable element (a button, link, form control, summary, option) is an
# action; an ARIA widget, a slider or a contenteditable host is not (probed, Chromium 156).
ACTION_TARGET_ROLES = frozenset(
    "Button CheckBox ColorWell ComboBoxMenuButton ComboBoxSelect Date DateTime DisclosureTriangle "
    "DisclosureTriangleGrouped DocBackLink DocBiblioRef DocGlossRef DocNoteRef InputTime Link ListBox "
    "ListBoxOption MenuItem MenuItemCheckBox MenuItemRadio MenuListOption PopUpButton RadioButton SearchBox "
    "SpinButton Switch Tab TextField TextFieldWithComboBox ToggleButton".split()
)

# Implicit live-region politeness.
LIVE_ROLES = {"Alert": "assertive", "Status": "polite", "Log": "polite", "Timer": "off", "Marquee": "off"}

# Mouse-button event handler attributes that make an element clickable.
CLICK_HANDLERS = frozenset({"onclick", "onmousedown", "onmouseup", "ondblclick", "onauxclick"})

# ComputeFinalRoleForSerialization: the list items of a list inside these sections.
DPUB_LIST_ITEM_ROLES = {"DocEndnotes": "DocEndnote", "DocBibliography": "DocBiblioEntry"}

# A ::scroll-button()'s name when its content gives none (IDS_AX_SCROLL_*_BUTTON, en-US),
# by the pseudo-element (logical directions, horizontal left-to-right text).
SCROLL_BUTTON_NAMES = {
    "scroll-button(block-start)": "Scroll up",
    "scroll-button(inline-start)": "Scroll left",
    "scroll-button(inline-end)": "Scroll right",
    "scroll-button(block-end)": "Scroll down",
}
