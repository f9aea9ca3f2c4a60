"""``axsynth snapshot``'s formats: their options, and the text each prints.

``axsynth batch`` writes the same text for each page (``write_snapshot``), so that a
batch line's output is byte-identical to what ``snapshot`` prints for the file."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..api import Document
from . import flat_format

FORMATS = ("cdp", "aria", "ai", "agent", "devtools", "flat", "boxes")


def add_options(snap: argparse.ArgumentParser) -> None:
    snap.add_argument("--format", choices=FORMATS, default="cdp")
    snap.add_argument(
        "--scope",
        metavar="CSS",
        help="only the subtree of the one element this selector matches (any format; "
        "no match or several is an error listing them)",
    )
    ai = snap.add_argument_group("ai format")
    ai.add_argument(
        "--depth", type=_non_negative, metavar="N", help="Playwright's depth option: nodes below depth N are left out"
    )
    agent = snap.add_argument_group("agent format")
    agent.add_argument(
        "--json", action="store_true", help="wrap the outline in JSON (url, title, counts, refs, tokens)"
    )
    agent.add_argument("--interactive-only", action="store_true", help="keep only refs and their landmark context")
    agent.add_argument(
        "--max-depth",
        type=_non_negative,
        metavar="N",
        help="deeper nodes are left out (refs surface); flat: deeper groups are hoisted",
    )
    agent.add_argument(
        "--max-bytes",
        type=_non_negative,
        metavar="N",
        default=None,
        help="cut the outline at N bytes, saying what was left out (default 50000; 0: no limit)",
    )
    agent.add_argument("--cursor", help="continue a cut outline from the cursor its last line gives")
    agent.add_argument("--all-items", action="store_true", help="do not shorten long lists and tables")
    flat_format.add_options(snap)


def write_snapshot(doc: Document, args: argparse.Namespace, out: TextIO) -> None:
    """Write what ``snapshot`` prints for ``args.format`` (without the final newline);
    ``SnapshotOptionError`` for an option it cannot honour (--scope, --filter, --cursor).
    ``axsynth batch`` uses it too, so that its outputs are byte-identical to ``snapshot``'s."""
    if args.format == "cdp":
        doc.write_full_ax_tree(out, scope=args.scope)  # node by node: a large tree is never all in memory
        return
    if args.format == "flat":
        text = flat_format.render(doc, args)
    elif args.format == "agent":
        text = _agent(doc, args)
    elif args.format == "aria":
        text = doc.aria_snapshot(args.scope)
    elif args.format == "ai":
        text = doc.ai_snapshot(args.scope, args.depth)
    elif args.format == "boxes":
        width, height = doc.page.viewport
        text = json.dumps({"viewport": {"width": width, "height": height}, "boxes": doc.boxes(args.scope)})
    else:
        text = doc.devtools_snapshot(scope=args.scope).rstrip("\n")
    out.write(text)


def default_options(format: str) -> argparse.Namespace:
    """The options ``axsynth snapshot FILE --format FORMAT`` runs with when given no others."""
    parser = argparse.ArgumentParser(add_help=False)
    add_options(parser)
    return parser.parse_args(["--format", format])


def _agent(doc: Document, args: argparse.Namespace) -> str:
    max_bytes = 50_000 if args.max_bytes is None else (args.max_bytes or None)
    snap = doc.agent_snapshot(
        scope=args.scope,
        interactive_only=args.interactive_only,
        max_depth=args.max_depth,
        max_bytes=max_bytes,
        with_cdp_size=args.json,
        cursor=args.cursor,
        all_items=args.all_items,
    )
    if args.json:
        return json.dumps(snap.to_json(), ensure_ascii=False, indent=1)
    return snap.text.rstrip("\n")


def _non_negative(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError("must be >= 0")
    return number
