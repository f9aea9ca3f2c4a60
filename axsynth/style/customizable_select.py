"""Whether a <select> is a customizable select: HTMLSelectElement's
IsAppearanceBaseButton (the select has ``appearance: base-select``: its author
<button> is rendered in place of its own) and IsAppearanceBasePicker (its
``::picker(select)`` opts in too: the picker is a popover of plain web content);
only a drop-down (MenuListSelectType) supports these. A list box with
``appearance: base-select`` lays its options out in the page as web content
(CustomizableSelectInPage)."""

from __future__ import annotations

from ..html import forms
from ..html.dom import Element
from .cascade import Styles

BASE_SELECT = "base-select"


def is_base_button(styles: Styles, select: Element) -> bool:
    style = styles.get(select)
    return style is not None and style["appearance"] == BASE_SELECT and forms.uses_menu_list(select)


def is_base_picker(styles: Styles, select: Element) -> bool:
    picker = styles.pseudo(select, "picker")
    return picker is not None and picker["appearance"] == BASE_SELECT and is_base_button(styles, select)


def rendered_button(styles: Styles, select: Element) -> Element | None:
    """The author's <button> a base-select drop-down renders, if it has one."""
    return forms.slotted_button(select) if is_base_button(styles, select) else None


def is_base_in_page(styles: Styles, select: Element) -> bool:
    """A list box (multiple, or a size above 1) with appearance: base-select."""
    style = styles.get(select)
    return style is not None and style["appearance"] == BASE_SELECT and not forms.uses_menu_list(select)
