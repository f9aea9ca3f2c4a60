#!/usr/bin/env python3
"""Coverage-guided fuzz target: any bytes in, every format out, no exception.

    pip install -e '.[fuzz]'
    python fuzz/fuzz_snapshot.py -runs=1000000 -max_len=512 fuzz/corpus tests/fixtures tests/fuzz_regressions

(libFuzzer flags: ``-max_total_time=S`` stops after S seconds, ``-seed=N`` varies a run; new
inputs go to the first corpus directory, crashes to ``crash-*`` files; a fixed finding goes
into tests/fuzz_regressions/. For parallel runs start one process per core on the same
corpus directory: ``-jobs``/``-fork`` start a new interpreter that re-instruments axsynth for
every job, which is slower for a Python target — docs/robustness.md.)

Inputs the engine refuses with a clear error (ParseError, LimitError) are fine; any other
exception, or a malformed CDP tree, is a finding.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from cdp_checks import check_cdp  # noqa: E402  (the structural checks the test suite uses)

with atheris.instrument_imports(include=["axsynth"]):
    from axsynth import Document, LimitError, ParseError


def test_one_input(data: bytes) -> None:
    try:
        doc = Document.from_html(data, "https://fuzz.example/page.html")
    except (ParseError, LimitError):
        return
    try:
        nodes = doc.get_full_ax_tree()["nodes"]
        check_cdp(nodes)
        json.dumps(nodes)
        doc.aria_snapshot()
        snap = doc.agent_snapshot(max_bytes=None)
        for ref in snap.refs:
            assert f"[ref={ref}]" in snap.text, f"ref {ref} missing from the outline"
        doc.devtools_snapshot()
    except LimitError:
        return


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
