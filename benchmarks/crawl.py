"""Crawl throughput (issue 36): ``axsynth batch --crawl`` over a local static site built
from the test fixtures, against ``axsynth batch`` over the same URLs.

The site: every page under tests/fixtures but the large ones (``large/``, ~1 s each; the
figure is about fetching overlapped with computing, not about big pages), with their
stylesheets and frames, and an ``index.html`` linking each page. It is served by
``python3 -m http.server`` in its own process (a real static server on loopback). The
crawl starts at the index and must find every linked page exactly once; its JSON lines
must equal those of ``batch`` given the same URLs (timing fields aside).

    python3 benchmarks/crawl.py [--jobs 2] [--format cdp]

Prints pages, wall time and pages/s for both runs, their CPU time (the command and its
workers: wall is compared with wall, CPU with CPU), and the machine's load average (on a
shared machine wall time says little: compare runs on a quiet one).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def build_site(into: Path) -> list[str]:
    """Copy the fixtures (but large/) into ``into`` with an index linking every page; the
    pages' paths, relative to the site."""
    shutil.copytree(FIXTURES, into, ignore=shutil.ignore_patterns("large"), dirs_exist_ok=True)
    pages = sorted(p.relative_to(into).as_posix() for p in into.rglob("*.html"))
    links = "\n".join(f'<li><a href="{html.escape(p)}">{html.escape(p)}</a></li>' for p in pages)
    (into / "index.html").write_text(f"<title>Fixtures</title><h1>Fixtures</h1><ul>{links}</ul>\n", encoding="utf-8")
    return pages


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def axsynth(*args: str) -> tuple[float, float]:
    """Wall seconds, and CPU seconds of the command and its workers (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "axsynth", *args], check=False, cwd=ROOT, stderr=subprocess.PIPE)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def lines(path: Path) -> tuple[list[dict], float]:
    """The lines without their timing fields, and the sum of their ``cpu_s`` (the workers'
    CPU for the pages: a crawl's workers come from a fork server, whose children's CPU
    the command's own resource usage does not include)."""
    out, cpu = [], 0.0
    for text in path.read_text(encoding="utf-8").split("\n")[:-1]:
        line = json.loads(text)
        line.pop("wall_s", None)
        cpu += line.pop("cpu_s", None) or 0.0
        out.append(line)
    return out, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--format", default="cdp")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        pages = build_site(site)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1.0)
            origin = f"http://127.0.0.1:{port}/"
            crawled_out, batch_out = Path(scratch) / "crawl.jsonl", Path(scratch) / "batch.jsonl"
            common = ["--jobs", args.jobs, "--format", args.format]
            crawl_wall, crawl_cpu = axsynth(
                "batch", "--crawl", origin + "index.html", "--max-pages", "5000", *common, "-o", str(crawled_out)
            )
            crawled, crawl_pages_cpu = lines(crawled_out)
            sources = [line["source"] for line in crawled]
            url_list = Path(scratch) / "urls.txt"
            url_list.write_text("\n".join(sources) + "\n", encoding="utf-8")
            batch_wall, batch_cpu = axsynth("batch", *sources, *common, "-o", str(batch_out))
            linked = {origin + p for p in pages}
            found = [s for s in sources if s in linked]
            report = {
                "pages linked from the index": len(linked),
                "pages crawled (all lines)": len(crawled),
                "linked pages found": len(set(found)),
                "linked pages found twice": len(found) - len(set(found)),
                "ok lines": sum(line["ok"] for line in crawled),
                "crawl lines == batch lines": lines(batch_out)[0] == crawled,
                "crawl wall s": round(crawl_wall, 2),
                "crawl pages/s": round(len(crawled) / crawl_wall, 1),
                "crawl CPU s (the command, without fork-server workers)": round(crawl_cpu, 2),
                "crawl CPU s of the pages (sum of cpu_s)": round(crawl_pages_cpu, 2),
                "batch over the same URLs wall s": round(batch_wall, 2),
                "batch pages/s": round(len(crawled) / batch_wall, 1),
                "batch CPU s (command and workers)": round(batch_cpu, 2),
                "batch CPU s of the pages (sum of cpu_s)": round(lines(batch_out)[1], 2),
                "batch pages per CPU second (command and workers)": round(len(crawled) / batch_cpu, 1),
                "jobs": args.jobs,
                "format": args.format,
                "load average (1, 5, 15 min)": [round(x, 2) for x in os.getloadavg()],
            }
        finally:
            server.terminate()
            server.wait()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
