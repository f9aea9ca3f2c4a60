"""The Model Context Protocol server (the official ``mcp`` SDK, extra ``axsynth[mcp]``):
the tools snapshot, find, diff and resolve_ref over a :class:`~.service.Service`, and
screenshot where a browser is available (the instructions say why when it is not)."""

from __future__ import annotations

import base64
import json
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ImageContent, TextContent
from pydantic import Field

from .service import DEFAULT_MAX_BYTES, Service, ToolFailure

PATH = Annotated[
    str | None,
    Field(
        description="HTML file, MHTML or one-page web archive, relative to the server's root (files outside it "
        "are refused); an http(s):// URL when the server runs with --allow-network"
    ),
]
HTML = Annotated[str | None, Field(description="the HTML itself, instead of a path")]
INSTRUCTIONS = (
    "axsynth computes Chromium's accessibility tree of an HTML page without a browser. Read a page with snapshot "
    "(format agent: a compact outline whose [ref=…] name the interactive elements; format ai: Playwright MCP's "
    "snapshot, refs e12/f1e3 as Playwright numbers them), continue a cut outline with its cursor, search it with "
    "find, see what changed with diff, and turn a ref into a CSS selector with resolve_ref."
)


def build_server(service: Service) -> MCPServer:
    """The MCPServer with the tools bound to ``service`` (screenshot only where it can work)."""
    unavailable = service.screenshot_unavailable()
    instructions = INSTRUCTIONS + (
        " With screenshot, see the page with numbered boxes over its interactive elements and a map from"
        " each number to its selector, role, name and ref."
        if unavailable is None
        else f" (The screenshot tool is not offered: {unavailable}.)"
    )
    server = MCPServer("axsynth", instructions=instructions)

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
            Literal["agent", "aria", "ai", "devtools", "flat", "cdp", "boxes"],
            Field(
                description="agent: outline with stable refs; aria: Playwright's ARIA snapshot; ai: Playwright "
                "MCP's snapshot (page.aria_snapshot(mode='ai'), refs numbered per snapshot); devtools: "
                "Chrome DevTools MCP's; flat: flattened JSON; cdp: getFullAXTree; boxes: every element's "
                "layout box (CSS px at a 1280x720 viewport, as DOMSnapshot reports them)"
            ),
        ] = "agent",
        scope: Annotated[
            str | None, Field(description="CSS selector of exactly one element: only its subtree (every format)")
        ] = None,
        interactive_only: Annotated[bool, Field(description="agent: only refs and their landmark context")] = False,
        all_items: Annotated[bool, Field(description="agent: do not shorten long lists and tables")] = False,
        max_depth: Annotated[
            int | None,
            Field(ge=0, description="agent, flat: deeper nodes are left out or hoisted; ai: Playwright's depth"),
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
        """The accessibility snapshot of a page, in one of six formats. A cut agent outline
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
        format: Annotated[
            Literal["agent", "ai"], Field(description="the outline searched, and so the refs returned")
        ] = "agent",
    ) -> CallToolResult:
        """Search the page's agent outline (or ai snapshot) instead of reading it all: matching
        lines with their refs and the lines of their ancestors."""
        return call(
            service.find, path=path, html=html, role=role, name=name, text=text, mode=mode, limit=limit, format=format
        )

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
        ref: Annotated[
            str,
            Field(
                description="a ref from the agent outline of the same page (e1k2x9), or from its latest ai "
                "snapshot (e12, f1e3 in a frame)"
            ),
        ],
        path: PATH = None,
        html: HTML = None,
        max_html_chars: Annotated[
            int, Field(ge=0, description="the outer HTML is cut after this many characters")
        ] = 2000,
    ) -> CallToolResult:
        """What a ref names: a unique CSS selector, tag, role, name, states and the element's outer HTML."""
        return call(service.resolve_ref, ref=ref, path=path, html=html, max_html_chars=max_html_chars)

    if unavailable is None:
        _add_screenshot_tool(server, service)
    return server


def _add_screenshot_tool(server: MCPServer, service: Service) -> None:
    @server.tool()
    def screenshot(
        path: PATH = None,
        html: HTML = None,
        target: Annotated[
            Literal["interactive", "all_visible", "custom"],
            Field(
                description="interactive: buttons, inputs, links, selects…; all_visible: every visible element with "
                "a role or text; custom: the elements selector matches"
            ),
        ] = "interactive",
        selector: Annotated[str | None, Field(description="CSS selector, with target custom")] = None,
        max_annotations: Annotated[
            int, Field(ge=1, le=100, description="label at most this many, top to bottom then left to right")
        ] = 50,
        full_page: Annotated[bool, Field(description="the whole page, not only the first 1280x720")] = False,
        format: Annotated[Literal["jpeg", "png"], Field(description="image format")] = "jpeg",
    ) -> CallToolResult:
        """A screenshot of the page (Chromium, scripts off, 1280x720) with a numbered box over each element
        to act on, and the map from each number to its selector, tag, role, name, text, bounds, interaction
        hint and agent ref. Elements hidden, off-screen, zero-sized or covered are counted, not labelled."""
        try:
            shot = service.screenshot(path, html, target, selector, max_annotations, full_page, format)
        except ToolFailure as failure:
            raise ToolError(str(failure)) from None
        data = shot.to_json()
        image = ImageContent(type="image", data=base64.b64encode(shot.image).decode("ascii"), mime_type=shot.mime_type)
        text = TextContent(type="text", text=json.dumps(data, ensure_ascii=False))
        return CallToolResult(content=[image, text], structured_content=data)
