"""A plain DevTools-protocol client for the benchmarks: Chromium started by hand, spoken to
over one websocket per tab (RFC 6455, client side, standard library only), no Playwright and
no request interception in the way: the fastest path a user has to a page's
accessibility tree. Also the CPU time of all Chromium's processes, read from /proc.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
from pathlib import Path

#: The goldens' flags (tools/chromium_capture.py), headless.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND",
]
_TICK = os.sysconf("SC_CLK_TCK")


class WebSocket:
    """A client websocket: text messages out (masked), text messages in (reassembled)."""

    def __init__(self, host: str, port: int, path: str) -> None:
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self._buffer = b""
        while b"\r\n\r\n" not in self._buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("websocket handshake: connection closed")
            self._buffer += chunk
        head, self._buffer = self._buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:200]!r}")

    def _read(self, size: int) -> bytes:
        while len(self._buffer) < size:
            chunk = self.sock.recv(max(65536, size - len(self._buffer)))
            if not chunk:
                raise ConnectionError("websocket closed")
            self._buffer += chunk
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x81, 0x80 | length)
        elif length < 1 << 16:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x81, 0x80 | 127, length)
        repeated = (mask * (length // 4 + 1))[:length]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(length, "big")
        self.sock.sendall(header + mask + masked)

    def receive(self) -> bytes:
        """The next text message, as bytes (decoded by the caller, outside any timing)."""
        parts = []
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._read(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._read(8))
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x9:  # ping
                self._control(0xA, payload)
                continue
            if opcode == 0x8:
                raise ConnectionError("websocket closed by the browser")
            parts.append(payload)
            if first & 0x80:
                return b"".join(parts)

    def _control(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + mask + masked)

    def close(self) -> None:
        self.sock.close()


class Session:
    """One CDP connection (the browser's or a tab's): commands answered in order."""

    def __init__(self, port: int, path: str) -> None:
        self.ws = WebSocket("127.0.0.1", port, path)
        self._next_id = 0
        self.events: list[dict] = []

    def send(self, method: str, **params) -> int:
        self._next_id += 1
        self.ws.send(json.dumps({"id": self._next_id, "method": method, "params": params}))
        return self._next_id

    def reply(self, command_id: int) -> bytes:
        """The raw reply to a command (events received meanwhile are kept, decoded)."""
        prefix = b'{"id":%d,' % command_id
        while True:
            message = self.ws.receive()
            if message.startswith(prefix):
                return message
            if message.startswith(b'{"method"'):
                self.events.append(json.loads(message))

    def call(self, method: str, **params) -> dict:
        reply = json.loads(self.reply(self.send(method, **params)))
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def wait_event(self, method: str, timeout: float = 120.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(index)
            if time.monotonic() > deadline:
                raise TimeoutError(method)
            message = self.ws.receive()
            if message.startswith(b'{"method"'):
                self.events.append(json.loads(message))

    def close(self) -> None:
        self.ws.close()


class Chromium:
    """A headless Chromium with a fresh profile, its DevTools port, and one warm tab."""

    def __init__(self, executable: str | None = None, extra_flags: list[str] | None = None) -> None:
        executable = executable or shutil.which("chromium") or "/usr/bin/chromium"
        self.profile = tempfile.mkdtemp(prefix="axsynth-bench-chromium-")
        self.process = subprocess.Popen(
            [
                executable,
                *CHROMIUM_FLAGS,
                *(extra_flags or []),
                f"--user-data-dir={self.profile}",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not port_file.exists() or len(port_file.read_text().split()) < 2:
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.05)
        port, path = port_file.read_text().split()[:2]
        self.port = int(port)
        self.browser = Session(self.port, path)
        self.version = self.browser.call("Browser.getVersion")["product"]
        self.tab = self.new_tab()

    def new_tab(self) -> Session:
        """A tab as the goldens' captures set it up: scripts off, a 1280x720 viewport, Page events on."""
        target = self.browser.call("Target.createTarget", url="about:blank")["targetId"]
        tab = Session(self.port, f"/devtools/page/{target}")
        tab.call("Page.enable")
        tab.call("Emulation.setScriptExecutionDisabled", value=True)
        tab.call("Emulation.setDeviceMetricsOverride", width=1280, height=720, deviceScaleFactor=1, mobile=False)
        return tab

    def load_and_tree(self, url: str) -> tuple[float, bytes]:
        """Page.navigate to ``url``, its load event, then Accessibility.getFullAXTree: wall
        seconds until the tree's last byte arrived, and the raw reply."""
        tab = self.tab
        tab.events.clear()
        start = time.perf_counter()
        tab.call("Page.navigate", url=url)
        tab.wait_event("Page.loadEventFired")
        reply = tab.reply(tab.send("Accessibility.getFullAXTree"))
        return time.perf_counter() - start, reply

    def cpu_seconds(self) -> float:
        """CPU seconds (user + system) of the browser and every process below it, reaped children included."""
        parents: dict[int, int] = {}
        times: dict[int, float] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            pid = int(entry.name)
            parents[pid] = int(fields[1])
            times[pid] = sum(int(value) for value in fields[11:15]) / _TICK  # utime stime cutime cstime
        root = self.process.pid
        total = 0.0
        for pid, seconds in times.items():
            ancestor = pid
            while ancestor not in (root, 0, 1) and ancestor in parents:
                ancestor = parents[ancestor]
            if ancestor == root:
                total += seconds
        return total

    def close(self) -> None:
        try:
            self.process.terminate()
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
