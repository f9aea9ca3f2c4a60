"""A real HTTP server on a loopback port, in a thread, for the tests of HTTP pages and crawls
(never a mock): each path is answered by a route, every request is logged."""

from __future__ import annotations

import http.server
import threading
import time
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import urlsplit

#: A route: (status, headers, body), or a callable that writes the answer itself.
Answer = tuple[int, dict[str, str], bytes]


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    at: float


@dataclass
class LocalServer:
    routes: dict[str, Answer | Callable] = field(default_factory=dict)
    requests: list[Request] = field(default_factory=list)
    server: http.server.ThreadingHTTPServer | None = None
    active: int = 0
    most_active: int = 0
    delay: float = 0.0  # seconds each answer waits (to see fetches overlap)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def url(self, path: str) -> str:
        return self.origin + path

    def paths(self) -> list[str]:
        return [r.path for r in self.requests]

    def start(self) -> "LocalServer":
        owner = self
        lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                path = urlsplit(self.path).path
                with lock:
                    headers = {name.lower(): value for name, value in self.headers.items()}
                    owner.requests.append(Request(self.path, headers, time.monotonic()))
                    owner.active += 1
                    owner.most_active = max(owner.most_active, owner.active)
                try:
                    if owner.delay:
                        time.sleep(owner.delay)
                    route = owner.routes.get(self.path, owner.routes.get(path))
                    if callable(route):
                        route(self)
                        return
                    status, headers, body = route if route is not None else (404, {}, b"not found")
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    if "Content-Length" not in headers:
                        self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with lock:
                        owner.active -= 1

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def html(body: str, charset: str = "utf-8") -> Answer:
    return 200, {"Content-Type": f"text/html; charset={charset}"}, body.encode(charset)


def css(text: str) -> Answer:
    return 200, {"Content-Type": "text/css"}, text.encode()


def redirect(location: str, status: int = 302) -> Answer:
    return status, {"Location": location}, b""
