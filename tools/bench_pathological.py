"""Time the pathological documents too large for the test suite.

    PYTHONPATH=. python tools/bench_pathological.py [siblings] [nesting] ...

Each case prints the seconds to load (parse + tree) and to emit every format.
"""

from __future__ import annotations

import sys
import time

from axsynth import Document

CASES = {
    "siblings": lambda: "<div>" + "<p>x</p>" * 1_000_000 + "</div>",  # 1,000,000 siblings
    "nesting": lambda: "<span>" * 100_000 + "bottom",  # capped at DOM depth 512
    "attribute": lambda: "<button title='" + "a" * 10_000_000 + "'></button>",  # 10 MB
    "text": lambda: "<p>" + "word " * 2_000_000 + "</p>",  # 10 MB
}


def bench(name: str) -> None:
    html = CASES[name]()
    start = time.perf_counter()
    doc = Document.from_html(html)
    times = [f"load {time.perf_counter() - start:.1f}s"]
    for fmt, emit in (
        ("cdp", doc.get_full_ax_tree),
        ("aria", doc.aria_snapshot),
        ("agent", doc.agent_snapshot),
        ("devtools", doc.devtools_snapshot),
    ):
        start = time.perf_counter()
        emit()
        times.append(f"{fmt} {time.perf_counter() - start:.1f}s")
    print(f"{name}: " + ", ".join(times), flush=True)


if __name__ == "__main__":
    for case in sys.argv[1:] or CASES:
        bench(case)
