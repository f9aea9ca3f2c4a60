#!/usr/bin/env python3
"""Capture axe-core's results, run in real Chromium, as goldens for ``axsynth audit``.

Each page is loaded as every capture loads it (chromium_capture.py: Chromium 156
headless, the fixed origin, every other request failing) with page scripts
**disabled while it loads** (``Emulation.setScriptExecutionDisabled``), so axe sees
the DOM axsynth sees; then scripts are enabled for axe alone, which is injected and
run with axsynth's rules (``axsynth.audit.catalog.RULE_IDS``), frames not entered.
The result is stored as ``axsynth.conformance.dump_axe`` writes it.

    python tools/axe_goldens.py fixtures [FILTER] [--missing]   # tests/goldens/NAME.axe.json
    python tools/axe_goldens.py corpus NAME [--jobs N]   # pages already captured by realweb.py

axe-core comes from npm, outside the repository, and is never needed at run time:

    npm install --prefix /work/scratch/axe axe-core@4.14.1     # --axe DIR to point elsewhere

Corpus results go under the realweb cache (``~/.cache/axsynth-realweb/axe/NAME/<rel>.axe.json``
with ``_manifest.json``: the corpus commit, Chromium's and axe's versions, per page the
time or the failure); a worker that hangs on a page is killed and the run goes on.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for _path in (str(TOOLS), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import realweb  # noqa: E402
from chromium_capture import Chromium, directory_resolver  # noqa: E402

from axsynth.audit.catalog import RULE_IDS  # noqa: E402
from axsynth.conformance import FIXTURE_ORIGIN, dump_axe, find_fixtures  # noqa: E402

DEFAULT_AXE = Path("/work/scratch/axe/node_modules/axe-core")
FIXTURES = ROOT / "tests" / "fixtures"
GOLDENS = ROOT / "tests" / "goldens"
SUFFIX = ".axe.json"


def axe_options(rules: tuple[str, ...] = RULE_IDS) -> dict:
    """axe.run's options: axsynth's rules only, the top document only (axsynth audits one
    document), every result type with its nodes, selectors as targets."""
    return {
        "runOnly": {"type": "rule", "values": list(rules)},
        "iframes": False,
        "selectors": True,
        "ancestry": False,
        "xpath": False,
        "elementRef": False,
        "performanceTimer": False,
    }


def axe_source(package: Path) -> tuple[str, str]:
    """axe.js and its version (from the package's package.json)."""
    if not (package / "axe.js").exists():
        sys.exit(f"no axe-core at {package}: npm install --prefix /work/scratch/axe axe-core  (or --axe DIR)")
    version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    return (package / "axe.js").read_text(encoding="utf-8"), version


def cmd_fixtures(args: argparse.Namespace) -> int:
    source, version = axe_source(args.axe)
    fixtures = [f for f in find_fixtures(FIXTURES) if args.filter in f.name]
    if args.missing:
        fixtures = [f for f in fixtures if not (GOLDENS / (f.name + SUFFIX)).exists()]
    resolver = directory_resolver(FIXTURE_ORIGIN, FIXTURES)
    with Chromium() as chromium:
        for fixture in fixtures:
            result = chromium.run_axe(fixture.url, resolver, source, axe_options())
            out = GOLDENS / (fixture.name + SUFFIX)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(dump_axe(result), encoding="utf-8")
            print(f"captured {fixture.name}")
        chromium_version = chromium.version
    versions_file = GOLDENS / "VERSIONS.json"
    versions = json.loads(versions_file.read_text(encoding="utf-8"))
    if versions.get("axe-core") != version or versions.get("chromium") != chromium_version:
        versions.update({"axe-core": version})
        versions_file.write_text(json.dumps(versions, indent=2) + "\n", encoding="utf-8")
    print(f"{len(fixtures)} fixtures audited with axe-core {version} in Chromium {chromium_version}")
    return 0


# --- real pages --------------------------------------------------------------


def result_dir(cache: Path, name: str) -> Path:
    return cache / "axe" / name


def cmd_corpus(args: argparse.Namespace) -> int:
    _, version = axe_source(args.axe)
    golden_manifest = realweb.load_manifest(args.cache, args.name)
    corpus = Path(golden_manifest.get("corpus_dir") or args.corpus_dir or "")
    if not corpus.is_dir():
        sys.exit(f"corpus {args.name}: give its directory (--corpus-dir); none is recorded in the realweb manifest")
    out_dir = result_dir(args.cache, args.name)
    manifest_path = out_dir / realweb.MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else {"pages": {}}
    manifest.update(
        name=args.name,
        corpus_dir=str(corpus),
        corpus_commit=args.commit or golden_manifest.get("corpus_commit"),
        axe=version,
        rules=list(RULE_IDS),
    )
    pages = [rel for rel in realweb.find_pages(corpus) if args.only in rel]
    todo = [rel for rel in pages if not (out_dir / (rel + SUFFIX)).exists() and rel not in manifest["pages"]]
    print(f"{args.name}: {len(pages)} pages, {len(todo)} to audit with axe-core {version}", flush=True)
    worker = functools.partial(audit_worker, args.axe.resolve())
    serve = golden_manifest.get("serve", "page")  # as Chromium was served the pages for their goldens
    for kind, rel, info in realweb.supervise_capture(
        corpus, args.name, args.cache, todo, args.page_timeout, args.hang_timeout, serve=serve, worker_main=worker
    ):
        if kind == "versions":
            manifest.update(info)
            continue
        manifest["pages"][rel] = info
        out_dir.mkdir(parents=True, exist_ok=True)
        manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        print(f"{rel}  {info['seconds']:.1f}s  {info['status']} {info.get('error', '')[:120]}", flush=True)
    return 0


def audit_worker(
    package: Path,
    out: Connection,
    corpus: Path,
    name: str,
    cache: Path,
    todo: list[str],
    page_timeout: float,
    serve: str = "page",
) -> None:
    """Audit pages in order until one fails, then exit, so the supervisor restarts a fresh
    browser (realweb.capture_worker's protocol; ``package`` is the axe-core package; each
    page is served as its goldens were, ``serve``)."""
    os.setsid()  # its own process group, which the supervisor can kill with Chromium
    source, _ = axe_source(package)
    with Chromium(timeout_ms=int(page_timeout * 1000)) as chromium:
        out.send(("versions", "", {"chromium": chromium.version}))
        for rel in todo:
            out.send(("start", rel, {}))
            started = time.perf_counter()
            url, body = realweb.page_url(name, rel), (corpus / rel).read_bytes()
            try:
                files = serve == "files"
                resolver = realweb.files_resolver(name, corpus) if files else realweb.page_resolver(url, body)
                result = chromium.run_axe(url, resolver, source, axe_options())
            except Exception as exc:  # noqa: BLE001 - a timeout or a crashed tab: this page's failure
                error = f"{type(exc).__name__}: {exc}"
                out.send(("page", rel, realweb.failure(error, time.perf_counter() - started, name, rel)))
                return
            realweb.write_atomic(result_dir(cache, name) / (rel + SUFFIX), dump_axe(result))
            seconds = round(time.perf_counter() - started, 2)
            out.send(("page", rel, {"status": "ok", "seconds": seconds, "url": result.get("url")}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--axe", type=Path, default=DEFAULT_AXE, help=f"the axe-core package (default {DEFAULT_AXE})")
    commands = parser.add_subparsers(dest="command", required=True)
    fixtures = commands.add_parser("fixtures", help="tests/goldens/NAME.axe.json for every fixture")
    fixtures.add_argument("filter", nargs="?", default="", help="only fixtures whose name contains this")
    fixtures.add_argument("--missing", action="store_true", help="only fixtures without an axe golden yet")
    fixtures.set_defaults(run=cmd_fixtures)
    corpus = commands.add_parser("corpus", help="a real-page corpus of the realweb cache")
    corpus.add_argument("name")
    corpus.add_argument("--corpus-dir", type=Path, help="default: the directory in the realweb manifest")
    corpus.add_argument("--commit", help="the corpus repository's commit (default: the realweb manifest's)")
    corpus.add_argument("--cache", type=Path, default=realweb.DEFAULT_CACHE)
    corpus.add_argument("--only", default="", help="only pages whose path contains this")
    corpus.add_argument("--page-timeout", type=float, default=60.0)
    corpus.add_argument("--hang-timeout", type=float, default=180.0)
    corpus.set_defaults(run=cmd_corpus)
    args = parser.parse_args()
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
