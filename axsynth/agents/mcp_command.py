"""``axsynth mcp``: serve the tools over the Model Context Protocol, stdio by default;
``--http HOST:PORT`` serves streamable HTTP at ``/mcp``, on localhost unless another
host is named.  Files are read only under ``--root``; nothing from the network unless
``--allow-network``."""

from __future__ import annotations

import argparse
import sys

from ..limits import DEFAULT_MAX_HTML_BYTES


def add_parser(commands: "argparse._SubParsersAction") -> None:
    mcp = commands.add_parser(
        "mcp",
        help="serve snapshot, find, diff, resolve_ref (and screenshot, with a browser) over the Model Context Protocol",
    )
    mcp.add_argument("--root", default=".", metavar="DIR", help="read files only under this directory (default: .)")
    mcp.add_argument(
        "--http",
        metavar="HOST:PORT",
        help="serve streamable HTTP at /mcp instead of stdio (HOST may be omitted: localhost)",
    )
    mcp.add_argument(
        "--allow-network",
        action="store_true",
        help="let a tool's path be an http(s):// URL, fetched with its stylesheets and frames "
        "(off by default: an agent must not reach an intranet through the server)",
    )
    mcp.add_argument(
        "--max-html-bytes",
        type=int,
        default=DEFAULT_MAX_HTML_BYTES,
        metavar="N",
        help=f"refuse larger pages (default {DEFAULT_MAX_HTML_BYTES:,})",
    )
    mcp.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Imported here: the service (with the agent and diff emitters) is not needed by the
    # other subcommands, whose parsers this module's add_parser() joins at every start.
    from .service import Service, ToolFailure

    try:
        from .mcp_server import build_server
    except ImportError:
        print("axsynth: the MCP server needs the mcp package: pip install 'axsynth[mcp]'", file=sys.stderr)
        return 1
    try:
        service = Service(args.root, args.max_html_bytes, allow_network=args.allow_network)
        address = _address(args.http) if args.http else None
    except (OSError, ToolFailure, ValueError) as exc:
        print(f"axsynth: {exc}", file=sys.stderr)
        return 1
    server = build_server(service)
    unavailable = service.screenshot_unavailable()
    if unavailable is not None:
        print(f"axsynth: note: the screenshot tool is not offered: {unavailable}", file=sys.stderr)
    try:
        if address is None:
            server.run("stdio")
        else:
            host, port = address
            server.run("streamable-http", host=host, port=port)
    finally:
        service.close()
    return 0


def _address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--http {value!r}: expected HOST:PORT or :PORT")
    return host or "127.0.0.1", int(port)
