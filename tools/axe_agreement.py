#!/usr/bin/env python3
"""How far ``axsynth audit`` agrees with axe-core run in Chromium, rule by rule.

For every page with an axe golden (tests/goldens/NAME.axe.json for the fixtures, the
realweb cache's ``axe/CORPUS/<rel>.axe.json`` for real pages: tools/axe_goldens.py),
axsynth audits the same bytes at the same URL, and per rule:

* **verdict**: the (page, rule) outcome, as axe reports a rule: ``violations`` if a node
  fails, else ``incomplete`` if one cannot be told, else ``passes``, else ``inapplicable``;
  agreement is the share of pages where both say the same;
* **nodes**: precision and recall of the violation nodes (a node is its target, the CSS
  selector axe builds; a target that differs in text but names the same element counts
  as the same node);
* **color-contrast** besides: of the nodes both decide (pass or violation), the share
  where they agree, and the share of axe's nodes axsynth leaves ``incomplete``.

    python tools/axe_agreement.py fixtures
    python tools/axe_agreement.py corpus postlight trafilatura [--json out.json] [--jobs 2]

Each page runs in a worker process with a time limit, so a crash or a hang is a
result (counted as disagreement), not the end of the run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for _path in (str(TOOLS), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import realweb  # noqa: E402

from axsynth.conformance import find_fixtures  # noqa: E402

RESULT_ORDER = ("violations", "incomplete", "passes", "inapplicable")


def rows(text: str) -> list[dict]:
    """The rows of a stored axe result (axsynth.conformance.dump_axe)."""
    return json.loads(text)["results"]


def verdicts(found: list[dict]) -> dict[str, str]:
    """rule -> its page-level outcome."""
    seen: dict[str, set[str]] = defaultdict(set)
    for row in found:
        seen[row["rule"]].add(row["result"])
    return {rule: next(r for r in RESULT_ORDER if r in results) for rule, results in seen.items()}


def nodes(found: list[dict], rule: str, result: str) -> list[str]:
    return [json.dumps(row["target"]) for row in found if row["rule"] == rule and row["result"] == result]


def page_job(job: tuple) -> dict:
    """Audit one page; compare with its axe golden. Runs in a worker. A fixture is loaded
    as the conformance test loads it (its stylesheets from files); a real page alone, as
    Chromium was served it."""
    name, source, url, golden, fixture = job
    from axsynth.api import Document
    from axsynth.conformance import load

    started = time.process_time()
    try:
        doc = load(fixture) if fixture is not None else Document.from_html(Path(source).read_bytes(), url)
        ours = _our_rows(doc)
        resolve = _resolver(doc)
    except Exception as exc:  # noqa: BLE001 - a crash is a result
        return {"page": name, "error": f"{type(exc).__name__}: {exc}"}
    theirs = rows(Path(golden).read_text(encoding="utf-8"))
    out = {"page": name, "cpu_s": round(time.process_time() - started, 3), "rules": {}}
    axe_verdicts, our_verdicts = verdicts(theirs), verdicts(ours)
    for rule in sorted(set(axe_verdicts) | set(our_verdicts)):
        entry = {"axe": axe_verdicts.get(rule, "inapplicable"), "ours": our_verdicts.get(rule, "inapplicable")}
        want = nodes(theirs, rule, "violations")
        got = nodes(ours, rule, "violations")
        entry["violations"] = _match(want, got, resolve)
        if rule == "color-contrast":
            entry["contrast"] = _contrast(theirs, ours, resolve)
        out["rules"][rule] = entry
    return out


def _our_rows(doc) -> list[dict]:
    """axsynth's audit as the golden's rows, with passing nodes for color-contrast only
    (its per-node comparison needs them; the other rules need their verdicts and their
    violation nodes, and the targets of every passing node would cost most of the time)."""
    from axsynth.conformance import dump_axe

    result = doc.audit()
    found = [row for row in rows(dump_axe(result)) if row["rule"] != "color-contrast"]
    found += [{"rule": rule["id"], "result": "passes"} for rule in result["passes"] if rule["id"] != "color-contrast"]
    return found + rows(dump_axe(doc.audit(rules=["color-contrast"], passes=True)))


def _resolver(doc):
    """A target's element in axsynth's DOM (None when it names no single element)."""
    from axsynth.page import ScopeError, select_all

    cache: dict[str, object] = {}

    def resolve(target: str):
        if target not in cache:
            selectors = json.loads(target)
            found = None
            if len(selectors) == 1 and isinstance(selectors[0], str):
                try:
                    matches = select_all(doc.page, selectors[0])
                    found = matches[0] if len(matches) == 1 else None
                except ScopeError:
                    found = None
            cache[target] = found
        return cache[target]

    return resolve


def _match(want: list[str], got: list[str], resolve) -> dict[str, int]:
    """Violation nodes both report (by target text, else by the element it names)."""
    left, right = Counter(want), Counter(got)
    common = left & right
    rest_want = list((left - common).elements())
    rest_got = list((right - common).elements())
    same = sum(common.values())
    elements = Counter(id(e) for e in (resolve(t) for t in rest_got) if e is not None)
    for target in rest_want:
        element = resolve(target)
        if element is not None and elements[id(element)] > 0:
            elements[id(element)] -= 1
            same += 1
    return {"axe": len(want), "ours": len(got), "same": same}


def _contrast(theirs: list[dict], ours: list[dict], resolve) -> dict[str, int]:
    """Per node of color-contrast: axe's result against axsynth's."""
    axe = {json.dumps(r["target"]): r["result"] for r in theirs if r["rule"] == "color-contrast" and "target" in r}
    mine = {json.dumps(r["target"]): r["result"] for r in ours if r["rule"] == "color-contrast" and "target" in r}
    by_element = {id(resolve(t)): result for t, result in mine.items() if resolve(t) is not None}
    counts: Counter[str] = Counter()
    for target, result in axe.items():
        found = mine.get(target)
        if found is None:
            element = resolve(target)
            found = by_element.get(id(element)) if element is not None else None
        counts[f"{result}->{found or 'absent'}"] += 1
    counts["ours_total"] = len(mine)
    counts["ours_incomplete"] = sum(1 for r in mine.values() if r == "incomplete")
    return dict(counts)


# --- jobs ------------------------------------------------------------------------------


def fixture_jobs() -> list[tuple]:
    goldens = ROOT / "tests" / "goldens"
    return [
        (f"fixtures/{f.name}", str(f.path), f.url, str(goldens / (f.name + ".axe.json")), f)
        for f in find_fixtures(ROOT / "tests" / "fixtures")
        if (goldens / (f.name + ".axe.json")).exists()
    ]


def corpus_jobs(cache: Path, name: str) -> tuple[list[tuple], dict]:
    manifest_path = cache / "axe" / name / realweb.MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    corpus = Path(manifest["corpus_dir"])
    jobs = []
    for rel, entry in sorted(manifest["pages"].items()):
        golden = cache / "axe" / name / (rel + ".axe.json")
        if entry.get("status") == "ok" and golden.exists():
            jobs.append((f"{name}/{rel}", str(corpus / rel), realweb.page_url(name, rel), str(golden), None))
    return jobs, manifest


def run_jobs(jobs, workers: int, timeout: float) -> list[dict]:
    """Each page in a worker; one that takes longer than ``timeout`` is a result too."""
    results = []
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers, maxtasksperchild=20) as pool:
        pending = [(job, pool.apply_async(page_job, (job,))) for job in jobs]
        for job, future in pending:
            try:
                results.append(future.get(timeout))
            except multiprocessing.TimeoutError:
                results.append({"page": job[0], "error": f"timeout after {timeout:.0f}s"})
    return results


# --- the table -------------------------------------------------------------------------


def summarize(results: list[dict]) -> dict:
    per_rule: dict[str, Counter] = defaultdict(Counter)
    errors = [r for r in results if "error" in r]
    for result in results:
        if "error" in result:
            continue
        for rule, entry in result["rules"].items():
            counts = per_rule[rule]
            counts["pages"] += 1
            counts["verdict_same"] += entry["axe"] == entry["ours"]
            for key, value in entry["violations"].items():
                counts[f"nodes_{key}"] += value
            for key, value in entry.get("contrast", {}).items():
                counts[f"contrast:{key}"] += value
    pages = len(results)
    table = {}
    for rule, counts in sorted(per_rule.items()):
        # A page where the rule is inapplicable on both sides is listed by neither: it agrees.
        same = counts["verdict_same"] + (pages - len(errors) - counts["pages"])
        table[rule] = {
            "verdict_agreement": same / max(pages, 1),
            "precision": counts["nodes_same"] / counts["nodes_ours"] if counts["nodes_ours"] else 1.0,
            "recall": counts["nodes_same"] / counts["nodes_axe"] if counts["nodes_axe"] else 1.0,
            "axe_violation_nodes": counts["nodes_axe"],
            "our_violation_nodes": counts["nodes_ours"],
            **(
                {"contrast": {k[9:]: v for k, v in counts.items() if k.startswith("contrast:")}}
                if rule == "color-contrast"
                else {}
            ),
        }
    return {"pages": pages, "errors": [f"{e['page']}: {e['error']}" for e in errors], "rules": table}


def render(summary: dict) -> str:
    lines = [f"{summary['pages']} pages, {len(summary['errors'])} errors"]
    lines.append(f"{'rule':28} {'verdicts':>9} {'precision':>9} {'recall':>7} {'axe nodes':>9} {'ours':>6}")
    for rule, row in summary["rules"].items():
        lines.append(
            f"{rule:28} {100 * row['verdict_agreement']:8.2f}% {100 * row['precision']:8.2f}% "
            f"{100 * row['recall']:6.2f}% {row['axe_violation_nodes']:9} {row['our_violation_nodes']:6}"
        )
    contrast = summary["rules"].get("color-contrast", {}).get("contrast")
    if contrast:
        decided = {k: v for k, v in contrast.items() if k.split("->")[0] in ("passes", "violations") and "->" in k}
        both = sum(v for k, v in decided.items() if k.split("->")[1] in ("passes", "violations"))
        same = sum(v for k, v in decided.items() if k.split("->")[0] == k.split("->")[1])
        lines.append(
            f"color-contrast: {same}/{both} nodes agree where both decide ({100 * same / max(both, 1):.1f}%); "
            f"axsynth incomplete on {contrast.get('ours_incomplete', 0)}/{contrast.get('ours_total', 0)} of its nodes"
        )
        lines.append("  " + ", ".join(f"{k} {v}" for k, v in sorted(contrast.items())))
    lines += [f"error: {e}" for e in summary["errors"][:20]]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("fixtures", "corpus"))
    parser.add_argument("names", nargs="*", help="corpus names (realweb cache)")
    parser.add_argument("--cache", type=Path, default=realweb.DEFAULT_CACHE)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--only", default="", help="only pages whose name contains this")
    parser.add_argument("--json", type=Path, help="write per-page results and the summary here")
    args = parser.parse_args()
    jobs, commits = [], {}
    if args.what == "fixtures":
        jobs = fixture_jobs()
    for name in args.names:
        found, manifest = corpus_jobs(args.cache, name)
        jobs += found
        commits[name] = {"commit": manifest.get("corpus_commit"), "axe": manifest.get("axe")}
    jobs = [job for job in jobs if args.only in job[0]]
    results = run_jobs(jobs, args.jobs, args.timeout)
    summary = summarize(results)
    summary["corpora"] = commits
    print(render(summary))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "pages": results}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
