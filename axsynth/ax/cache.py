"""The accessibility side of one page, as Chromium's AXObjectCacheImpl holds it:
the tree of objects, and the names and states computed over it on demand."""

from __future__ import annotations

from ..page import Page
from .names import Names
from .states import States
from .tree import AXTree


class AXCache:
    """Chromium's accessibility tree of a page, with its names and states."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tree = AXTree(page)
        self.names = Names(self.tree)
        self.states = States(self.tree, self.names)
