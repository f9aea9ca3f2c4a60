"""``axsynth mcp`` end to end: the SDK's own client drives the server over stdio and over
streamable HTTP (real subprocesses, real sessions): list tools, call each, errors, 20 calls at once."""

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp")
anyio = pytest.importorskip("anyio")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from axsynth.screenshot import unavailable_reason  # noqa: E402

REPO = Path(__file__).parents[2]
PAGE = (
    "<title>Shop</title><main><h1>Cart</h1><section aria-label=Items><p>Two items</p>"
    "<button id=buy>Buy now</button><a href=/help>Help</a></section></main>"
)
# screenshot is offered where a browser is (tests/unit/test_screenshot.py covers it, and its absence)
TOOLS = {"snapshot", "find", "diff", "resolve_ref"} | ({"screenshot"} if unavailable_reason() is None else set())


@pytest.fixture
def root(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "page.html").write_text(PAGE)
    (tmp_path / "outside.html").write_text("<title>Outside</title>")
    return site


def server_command(root: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "axsynth", "mcp", "--root", str(root), *extra]


async def exercise(client: Client, root: Path) -> None:
    """The same session script over either transport."""
    listed = await client.list_tools()
    tools = {t.name: t for t in listed.tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description and tool.input_schema["type"] == "object"
    assert tools["snapshot"].input_schema["properties"]["format"]["enum"] == [
        "agent",
        "aria",
        "ai",
        "devtools",
        "flat",
        "cdp",
        "boxes",
    ]
    assert tools["resolve_ref"].input_schema["required"] == ["ref"]

    snap = await client.call_tool("snapshot", {"path": "page.html"})
    assert not snap.is_error and snap.content[0].text.startswith('document "Shop"\n')
    refs = snap.structured_content["refs"]
    buy = next(r for r, v in refs.items() if v["name"] == "Buy now")

    found = await client.call_tool("find", {"path": "page.html", "role": "button"})
    assert not found.is_error and found.structured_content["matches"][0]["ref"] == buy

    resolved = await client.call_tool("resolve_ref", {"path": "page.html", "ref": buy})
    assert resolved.structured_content["selector"] == "#buy"
    assert resolved.structured_content["outerHTML"] == '<button id="buy">Buy now</button>'

    ai = await client.call_tool("snapshot", {"path": "page.html", "format": "ai"})  # Playwright MCP's refs
    assert not ai.is_error and '- button "Buy now" [ref=' in ai.content[0].text
    found = await client.call_tool("find", {"path": "page.html", "role": "button", "format": "ai"})
    ai_ref = found.structured_content["matches"][0]["ref"]
    assert f"[ref={ai_ref}]" in ai.content[0].text
    resolved = await client.call_tool("resolve_ref", {"path": "page.html", "ref": ai_ref})
    assert resolved.structured_content["selector"] == "#buy" and resolved.structured_content["role"] == "button"

    (root / "page.html").write_text(PAGE.replace("id=buy", "id=buy disabled"))
    delta = await client.call_tool("diff", {"after_path": "page.html"})  # against the snapshot above
    assert not delta.is_error and delta.structured_content["changed"] == 1
    assert delta.content[0].text.splitlines()[-1] == f'+ button "Buy now" [ref={buy}] disabled'
    inline = await client.call_tool("diff", {"before_html": PAGE, "after_html": PAGE})
    assert inline.content[0].text == "no changes"

    flat = await client.call_tool("snapshot", {"html": PAGE, "format": "flat"})
    assert flat.structured_content["page"]["context"]["title"] == "Shop"

    for arguments, code in [
        ({"tool": "snapshot", "path": "../outside.html"}, "outside_root"),
        ({"tool": "snapshot", "path": "nope.html"}, "not_found"),
        ({"tool": "snapshot", "path": "page.html", "cursor": "1-000000000000"}, "cursor_stale"),
        ({"tool": "resolve_ref", "path": "page.html", "ref": "enope0"}, "unknown_ref"),
        ({"tool": "diff", "after_html": "<p>new page</p>"}, "no_previous_snapshot"),
        ({"tool": "find", "path": "page.html"}, "bad_arguments"),
    ]:
        tool = arguments.pop("tool")
        result = await client.call_tool(tool, arguments)
        assert result.is_error and f"{code}:" in result.content[0].text, (tool, arguments, result.content)
    invalid = await client.call_tool("snapshot", {"path": "page.html", "format": "pdf"})  # fails the schema
    assert invalid.is_error

    async def one(i: int, results: list) -> None:
        html = f"<title>Page {i}</title><button>Go {i}</button>"
        result = await client.call_tool("snapshot", {"html": html})
        results.append((i, result.structured_content["title"], result.content[0].text))

    results: list = []
    async with anyio.create_task_group() as group:
        for i in range(20):
            group.start_soon(one, i, results)
    assert sorted(r[0] for r in results) == list(range(20))
    assert all(title == f"Page {i}" and f'button "Go {i}"' in text for i, title, text in results)


def test_stdio_session(root):
    async def main():
        params = StdioServerParameters(command=sys.executable, args=server_command(root)[1:], cwd=str(REPO))
        with anyio.fail_after(120):
            async with Client(params) as client:
                await exercise(client, root)

    anyio.run(main)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_streamable_http_session(root):
    port = free_port()
    server = subprocess.Popen(
        server_command(root, "--http", f":{port}"), cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.stderr.read().decode()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start listening"
                time.sleep(0.2)

        async def main():
            with anyio.fail_after(120):
                async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                    await exercise(client, root)

        anyio.run(main)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_bad_command_lines_are_one_line_errors(root):
    for args in (["--http", "nowhere"], ["--root", str(root / "missing")]):
        result = subprocess.run(server_command(root)[:-2] + args, capture_output=True, text=True, cwd=REPO, timeout=60)
        assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1, result.stderr
