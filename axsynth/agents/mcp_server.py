"""The Model Context Protocol server (the official ``mcp`` SDK, extra ``axsynth[mcp]``):
the tools snapshot, find, diff and resolve_ref over a :class:`~.service.Service`."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from pydantic import Field

from .service import DEFAULT_MAX_BYTES, Service, ToolFailure

PATH = Annotated[
    str | None, Field(description="HTML file, relative to the server's root (files outside it are refused)")
]
HTML = Annotated[str | None, Field(description="the HTML itself, instead of a path")]
INSTRUCTIONS = (
    "axsynth computes Chromium's accessibility tree of an HTML page without a browser. Read a page with snapshot "
    "(format agent: a compact outline whose [ref=…] name the interactive elements), continue a cut outline with "
    "its cursor, search it with find, see what changed with diff, and turn a ref into a CSS selector with resolve_ref."
)


def build_server(service: Service) -> MCPServer:
    """The MCPServer with the four tools bound to ``service``."""
    server = MCPServer("axsynth", instructions=INSTRUCTIONS)

    def call(method, **arguments: Any) -> CallToolResult:
        """The tool's data as structured content; as text, what a model reads best:
        an outline or a diff as it prints, anything else as JSON."""
        try:
            data = method(**arguments)
        except ToolFailure as failure:
            raise ToolError(str(failure)) from None
        text = data.get("tree") or data.get("text")
        if data.get("format") in ("agent", "aria") and "changes" in data:
            text = data["text"] or "no changes"
        if text is None:
            text = json.dumps(data, ensure_ascii=False)
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)

    @server.tool()
    def snapshot(
        path: PATH = None,
        html: HTML = None,
        format: Annotated[
            Literal["agent", "aria", "devtools", "flat", "cdp"],
            Field(
                description="agent: outline with refs; aria: Playwright's ARIA snapshot; devtools: "
                "Chrome DevTools MCP's; flat: flattened JSON; cdp: getFullAXTree"
            ),
        ] = "agent",
        scope: Annotated[
            str | None, Field(description="CSS selector of exactly one element: only its subtree (every format)")
        ] = None,
        interactive_only: Annotated[bool, Field(description="agent: only refs and their landmark context")] = False,
        all_items: Annotated[bool, Field(description="agent: do not shorten long lists and tables")] = False,
        max_depth: Annotated[
            int | None, Field(ge=0, description="agent, flat: deeper nodes are left out or hoisted")
        ] = None,
        max_bytes: Annotated[
            int,
            Field(
                ge=0,
                description="agent: cut here and return a cursor; other formats: refuse a larger result; 0: no limit",
            ),
        ] = DEFAULT_MAX_BYTES,
        cursor: Annotated[str | None, Field(description="agent: continue a cut outline (its truncated.cursor)")] = None,
        frame: Annotated[
            str | None,
            Field(description="cdp: a child frame's tree (a frame id, as the agent outline's iframe lines give it)"),
        ] = None,
    ) -> CallToolResult:
        """The accessibility snapshot of a page, in one of five formats. A cut agent outline
        says what it left out and gives a cursor to continue it."""
        return call(
            service.snapshot,
            path=path,
            html=html,
            format=format,
            scope=scope,
            interactive_only=interactive_only,
            max_depth=max_depth,
            max_bytes=max_bytes,
            cursor=cursor,
            frame=frame,
            all_items=all_items,
        )

    @server.tool()
    def find(
        path: PATH = None,
        html: HTML = None,
        role: Annotated[
            str | None, Field(description="role as the agent outline prints it: button, link, textbox…")
        ] = None,
        name: Annotated[str | None, Field(description="accessible name to match")] = None,
        text: Annotated[str | None, Field(description="text to match in names and text runs")] = None,
        mode: Annotated[
            Literal["contains", "exact", "regex"],
            Field(description="how name and text match (contains and regex ignore case)"),
        ] = "contains",
        limit: Annotated[int, Field(ge=1, description="matches returned at most (total counts them all)")] = 50,
    ) -> CallToolResult:
        """Search the page's agent outline instead of reading it all: matching lines with their
        refs and the lines of their ancestors."""
        return call(service.find, path=path, html=html, role=role, name=name, text=text, mode=mode, limit=limit)

    @server.tool()
    def diff(
        after_path: Annotated[str | None, Field(description="the page now (a file under the root)")] = None,
        after_html: Annotated[str | None, Field(description="the page now, as HTML")] = None,
        before_path: Annotated[
            str | None,
            Field(
                description="the page before; omit both before_* to compare with the last snapshot or diff of this page"
            ),
        ] = None,
        before_html: Annotated[str | None, Field(description="the page before, as HTML")] = None,
        format: Annotated[Literal["agent", "aria"], Field(description="outline compared")] = "agent",
    ) -> CallToolResult:
        """What changed between two versions of a page: added, removed and changed nodes keyed
        by ref, each placed by its ancestors."""
        return call(
            service.diff,
            before_path=before_path,
            before_html=before_html,
            after_path=after_path,
            after_html=after_html,
            format=format,
        )

    @server.tool()
    def resolve_ref(
        ref: Annotated[str, Field(description="a ref from the agent outline of the same page, e.g. e1k2x9")],
        path: PATH = None,
        html: HTML = None,
        max_html_chars: Annotated[
            int, Field(ge=0, description="the outer HTML is cut after this many characters")
        ] = 2000,
    ) -> CallToolResult:
        """What a ref names: a unique CSS selector, tag, role, name, states and the element's outer HTML."""
        return call(service.resolve_ref, ref=ref, path=path, html=html, max_html_chars=max_html_chars)

    return server
