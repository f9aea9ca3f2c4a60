"""Coverage-guided fuzz target: any bytes in, every format out, no exception.

    pip install -e '.[fuzz]'
    python fuzz/fuzz_snapshot.py -runs=1000000 -max_len=4096 fuzz/corpus tests/fixtures

(libFuzzer flags: add ``-jobs=N -workers=N`` for parallel runs, ``-max_total_time=S`` to
stop after S seconds; new inputs go to the first corpus directory, crashes to
``crash-*`` files.)  Inputs the engine refuses with a clear error (ParseError,
LimitError) are fine; any other exception, or a malformed CDP tree, is a finding.
"""

from __future__ import annotations

import json
import sys

import atheris

with atheris.instrument_imports(include=["axsynth"]):
    from axsynth import Document, LimitError, ParseError


def check_cdp(nodes: list[dict]) -> None:
    ids = [n["nodeId"] for n in nodes]
    assert len(ids) == len(set(ids)), "duplicate nodeId"
    by_id = {n["nodeId"]: n for n in nodes}
    roots = [n for n in nodes if "parentId" not in n]
    assert len(roots) == 1, f"{len(roots)} roots"
    for node in nodes:
        for child in node.get("childIds", []):
            assert child in by_id, f"childId {child} missing"
            assert by_id[child].get("parentId") == node["nodeId"], f"parentId of {child} disagrees"
        if "parentId" in node:
            assert node["nodeId"] in by_id[node["parentId"]].get("childIds", []), "parent does not list child"


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
