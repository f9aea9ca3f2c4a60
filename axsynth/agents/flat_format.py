"""``axsynth snapshot FILE --format flat``: its options and its output."""

from __future__ import annotations

import argparse
import json

from ..api import Document

OPTIONS = ("include_values", "max_interactive", "filter", "stable_ids", "bounding_boxes")


def add_options(snapshot: argparse.ArgumentParser) -> None:
    flat = snapshot.add_argument_group("flat format")
    flat.add_argument(
        "--include-values", action="store_true", help="add field values (never those of password or payment fields)"
    )
    flat.add_argument(
        "--max-interactive",
        type=_non_negative,
        metavar="N",
        help="leave out interactive nodes after the first N (counted in stats)",
    )
    flat.add_argument("--filter", metavar="CSS", help="keep only nodes whose element matches, in their groups")
    flat.add_argument(
        "--stable-ids", action="store_true", help="ids that survive edits (the agent format's refs) instead of node_N"
    )
    flat.add_argument(
        "--bounding-boxes",
        action="store_true",
        help="add each node's boundingBox (CSS px at the viewport, scroll 0; includeBoundingBoxes)",
    )


def render(doc: Document, args: argparse.Namespace) -> str:
    """The JSON text (``ScopeError`` for a bad ``--scope`` or ``--filter``, as in every format)."""
    data = doc.flat_snapshot(
        args.include_values,
        args.max_depth,
        args.max_interactive,
        args.filter,
        args.scope,
        stable_ids=args.stable_ids,
        include_bounding_boxes=args.bounding_boxes,
    )
    return json.dumps(data, ensure_ascii=False, indent=1)


def _non_negative(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError("must be >= 0")
    return number
