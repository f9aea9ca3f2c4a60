"""The ancestor filter (Blink's SelectorFilter): the ids, classes, types and attribute
names of the elements above the one being matched, so that a selector whose left part
asks for one no ancestor has (``.sidebar a``, ``#nav > li``) is rejected before any
matching — on real pages, most of the descendant selectors a bucket holds.

Blink keeps a counting Bloom filter of hashes. Here the counts are kept exactly, in a
dict: in Python a dict look-up is cheaper than hashing into a bit array, and the filter
then never answers "maybe". ``keys`` is a live view of the dict, so a selector's keys
(a frozenset) are checked in one C call: ``filter.keys >= selector_keys``.
"""

from __future__ import annotations

from typing import Iterable


class AncestorFilter:
    __slots__ = ("counts", "keys")

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.keys = self.counts.keys()

    def push(self, keys: Iterable[str]) -> None:
        """Enter an element: its keys hold for everything below it."""
        counts = self.counts
        for key in keys:
            counts[key] = counts.get(key, 0) + 1

    def pop(self, keys: Iterable[str]) -> None:
        """Leave an element (``keys`` as it was pushed)."""
        counts = self.counts
        for key in keys:
            left = counts[key] - 1
            if left:
                counts[key] = left
            else:
                del counts[key]
