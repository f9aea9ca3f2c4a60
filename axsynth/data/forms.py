"""Form-control tables read from Blink's accessibility code."""

# AXObject::CanSetValueAttribute: roles whose value can be set (CDP "settable")
# when the object's restriction is none.
SETTABLE_ROLES = frozenset(
    {
        "ColorWell",
        "Date",
        "DateTime",
        "InputTime",
        "ScrollBar",
        "SearchBox",
        "Slider",
        "SpinButton",
        "Splitter",
        "TextField",
        "TextFieldWithComboBox",
    }
)

# AXObject::SupportsARIAReadOnly: roles on which aria-readonly is honoured.
ARIA_READONLY_ROLES = frozenset(
    {
        "CheckBox",
        "ColorWell",
        "ComboBoxGrouping",
        "ComboBoxMenuButton",
        "ComboBoxSelect",
        "Date",
        "DateTime",
        "Grid",
        "InputTime",
        "ListBox",
        "MenuItemCheckBox",
        "MenuItemRadio",
        "MenuListPopup",
        "PopUpButton",
        "RadioButton",
        "RadioGroup",
        "SearchBox",
        "Slider",
        "SpinButton",
        "Switch",
        "TextField",
        "TextFieldWithComboBox",
        "ToggleButton",
        "TreeGrid",
        "Cell",
        "GridCell",
        "ColumnHeader",
        "RowHeader",
        "Row",
    }
)

# HTMLInputElement types whose InputType::IsTextField() is true (the only
# inputs where the native readonly attribute applies).
TEXT_FIELD_INPUT_TYPES = frozenset({"text", "search", "email", "password", "tel", "url", "number"})

# ListedElement: form-associated elements that report a native invalid state.
LISTED_ELEMENTS = frozenset({"button", "fieldset", "input", "object", "output", "select", "textarea"})

# Elements inside a contenteditable="true" host that Chromium reports as editable
# "plaintext", not "richtext" (probed in Chromium 156: rich editing does not reach into
# images, form controls and line breaks; an <audio> stays "richtext", a <meter> is not
# editable at all).
EDITING_LEAF_TAGS = frozenset({"img", "hr", "br", "input", "select", "option", "progress", "video"})

# Inputs the required attribute applies to (InputType::SupportsRequired).
REQUIRED_INPUT_TYPES = frozenset(
    "text search url tel email password date month week time datetime-local number checkbox radio file".split()
)

# InputType::ShouldRespectListAttribute: types whose list attribute links a <datalist>.
LIST_INPUT_TYPES = frozenset(
    {
        "text",
        "search",
        "tel",
        "url",
        "email",
        "number",
        "range",
        "color",
        "date",
        "datetime-local",
        "month",
        "week",
        "time",
    }
)

# MIME types Blink's image decoders support: a <picture> <source type=…> with any
# other type is skipped when choosing the image's current source.
SUPPORTED_IMAGE_TYPES = frozenset(
    {
        "image/avif",
        "image/webp",
        "image/png",
        "image/apng",
        "image/jpeg",
        "image/jpg",
        "image/pjpeg",
        "image/gif",
        "image/bmp",
        "image/x-ms-bmp",
        "image/vnd.microsoft.icon",
        "image/x-icon",
        "image/svg+xml",
        "image/jxl",
    }
)

# FileInputType's button label (IDS_FORM_FILE_BUTTON_LABEL /
# IDS_FORM_MULTIPLE_FILES_BUTTON_LABEL, en-US), keyed by the multiple attribute.
FILE_BUTTON_LABELS = {False: "Choose File", True: "Choose Files"}

# DateTimeEditElement layouts (en-US locale formats): a field name or a
# literal separator. Fields: see DATE_TIME_FIELDS. ICU's en-US time pattern
# puts a narrow no-break space (U+202F) before the AM/PM field.
DATE_TIME_LAYOUTS = {
    "date": ("month", "/", "day", "/", "year"),
    "time": ("hour", ":", "minute", "second", "\u202f", "ampm"),
    "datetime-local": ("month", "/", "day", "/", "year", ", ", "hour", ":", "minute", "second", "\u202f", "ampm"),
    "month": ("month-name", " ", "year-dashes"),
    "week": ("Week ", "week", ", ", "year-dashes"),
}

# DateTime*FieldElement: (aria-label, placeholder, default min, default max).
DATE_TIME_FIELDS = {
    "month": ("Month", "mm", 1, 12),
    "month-name": ("Month", "---------", 1, 12),
    "day": ("Day", "dd", 1, 31),
    "year": ("Year", "yyyy", 1, 275760),
    "year-dashes": ("Year", "----", 1, 275760),
    "week": ("Week", "--", 1, 53),
    "hour": ("Hours", "--", 1, 12),
    "minute": ("Minutes", "--", 0, 59),
    "second": ("Seconds", "--", 0, 59),
    "ampm": ("AM/PM", "--", 1, 2),
}

# The picker indicator button's title (IDS_AX_CALENDAR_SHOW_*_PICKER, en-US).
DATE_TIME_PICKER_TITLES = {
    "date": "Show date picker",
    "time": "Show time picker",
    "datetime-local": "Show local date and time picker",
    "month": "Show month picker",
    "week": "Show week picker",
}

MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

# HTMLInputElement::AltText's last resort (IDS_FORM_INPUT_ALT, en-US).
IMAGE_INPUT_ALT = "Submit"

# The keywords of <input type>: any other value is the text state.
INPUT_TYPES = frozenset(
    "text search tel url email password date month week time datetime-local number range color "
    "checkbox radio file submit image reset button hidden".split()
)

# Labelable elements (HTML §4.10.2), <input> unless hidden.
LABELABLE_ELEMENTS = frozenset({"button", "input", "meter", "output", "progress", "select", "textarea"})
