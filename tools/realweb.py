#!/usr/bin/env python3
"""The real-page conformance loop: axsynth against Chromium on saved web pages.

The project's fixtures are small pages written to exercise one rule each; saved
real pages are where axsynth still departs from Chromium. This tool measures how
far, and which causes cost the most, so rule work can start with the biggest.

    python tools/realweb.py capture CORPUS_DIR --name NAME [--commit SHA]
    python tools/realweb.py compare NAME [--jobs 2] [--timeout 180] [--baseline last|FILE]
    python tools/realweb.py report NAME... [--results FILE] [--baseline last|FILE]  # saved runs again
    python tools/realweb.py diff NAME PAGE [--format cdp|aria] [--style json|nodes]

Third-party pages and their goldens never enter the repository: everything lives
under a cache directory (``--cache``, default ``~/.cache/axsynth-realweb``):

    goldens/NAME/<relpath>.cdp.json, .aria.txt   Chromium's trees (chromium_capture.py)
    goldens/NAME/_manifest.json                  corpus, versions, per-page URL or failure
    results/NAME/<time>-<commit>.json            one compare run (for --baseline)

Each page is served at ``http://realweb.test/NAME/<relpath>`` with only its own
bytes, as ``text/html`` without a charset (as a saved page is), so axsynth can be
given the same URL and the same bytes. Every other request fails.

``compare`` runs axsynth in worker processes with a per-page timeout, compares
lines as ``axsynth.conformance`` does (CDP node lines without their renumbered
ids), and classifies every differing hunk into a kind (role, name, ignored,
missing, extra, property, ...) and a finer group (``role: generic→none``,
``missing: StaticText``, ``property:url (value)``), so the report ranks causes.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import difflib
import hashlib
import inspect
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for _path in (str(TOOLS), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from chromium_capture import Resolver, directory_resolver  # noqa: E402

from axsynth import conformance  # noqa: E402
from axsynth.conformance import GOLDEN_SUFFIX, dump_cdp, normalize_cdp  # noqa: E402

ORIGIN = "http://realweb.test/"
DEFAULT_CACHE = Path.home() / ".cache" / "axsynth-realweb"
PAGE_SUFFIXES = (".html", ".htm")
MANIFEST = "_manifest.json"
FORMATS = ("cdp", "aria", "ai")
#: What Chromium is served besides a page, recorded per corpus in its manifest:
#: "page" its own bytes only (saved documents: a saved page's resources are not
#: saved with it), "files" every file of the corpus directory (app pages with their
#: stylesheets, imports, images and frames, as from a ``file:`` URL).
SERVE_MODES = ("page", "files")
#: How compare gives axsynth a "files" corpus's resources (see ``load_options``):
#: "page-dir" stylesheets and frames from the page's own folder (``base_dir``),
#: "site" every file below the corpus directory at the corpus URL (``site_root``).
LOADINGS = ("page-dir", "site")


# --- corpus, URLs and the cache ---------------------------------------------


def find_pages(corpus_dir: Path) -> list[str]:
    """Relative paths (POSIX) of every saved page below ``corpus_dir``, sorted."""
    return sorted(
        p.relative_to(corpus_dir).as_posix()
        for p in corpus_dir.rglob("*")
        if p.suffix.lower() in PAGE_SUFFIXES and p.is_file()
    )


def page_url(name: str, rel: str) -> str:
    """The fixed URL a page is served at. Percent-encoded as Chromium's URL parser
    encodes a path (spaces and non-ASCII), so the URL given is the URL reported."""
    return ORIGIN + quote(f"{name}/{rel}", safe="/!$&'()*+,;=:@[]~")


def page_resolver(url: str, body: bytes) -> Resolver:
    """Answer ``url`` with the page's own bytes and nothing else (404 or abort).

    Compared percent-decoded: Chromium may encode a character of the path that
    ``page_url`` left alone, or the reverse, and it is still the same page."""
    target = unquote(url)

    def resolve(request_url: str) -> tuple[bytes, str] | None:
        # text/html without a charset: the page's own <meta> or Chromium's default decides.
        return (body, "text/html") if unquote(request_url) == target else None

    return resolve


def files_resolver(name: str, corpus: Path) -> Resolver:
    """Answer any URL below the corpus URL with the corpus directory's file there
    (the page itself, its stylesheets, ``@import``s, images and frames); nothing
    outside the directory, whatever ``..``, percent-encoding or symlinks say.

    Chromium resolves ``../css/x.css`` against the page URL, so the folder layout of
    the corpus is the site's: a page loads what it would load from ``file:``."""
    return directory_resolver(page_url(name, ""), corpus)


def goldens_dir(cache: Path, name: str) -> Path:
    return cache / "goldens" / name


def golden_path(cache: Path, name: str, rel: str, fmt: str) -> Path:
    return goldens_dir(cache, name) / (rel + GOLDEN_SUFFIX[fmt])


def is_captured(cache: Path, name: str, rel: str) -> bool:
    # Goldens are written in FORMATS order, so the last exists only after a whole capture.
    return all(golden_path(cache, name, rel, fmt).exists() for fmt in FORMATS)


def same_url(a: str | None, b: str) -> bool:
    return a is not None and unquote(a) == unquote(b)


def golden_url(cache: Path, name: str, rel: str) -> str | None:
    """The document URL Chromium reported in a captured golden (its second line)."""
    with golden_path(cache, name, rel, "cdp").open(encoding="utf-8") as fp:
        return root_url(fp.readline() + fp.readline())


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file, so an interrupted run never leaves half a golden."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def load_manifest(cache: Path, name: str) -> dict[str, Any]:
    path = goldens_dir(cache, name) / MANIFEST
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return {"name": name, "pages": {}}


def save_manifest(cache: Path, name: str, manifest: dict[str, Any]) -> None:
    write_atomic(goldens_dir(cache, name) / MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")


def root_url(cdp_text: str) -> str | None:
    """The ``url`` property of the RootWebArea in a normalized CDP dump."""
    lines = text_lines(cdp_text)
    if len(lines) < 2:
        return None
    try:
        root = json.loads(lines[1].rstrip(","))
    except ValueError:
        return None
    return next((p["value"].get("value") for p in root.get("properties", []) if p["name"] == "url"), None)


# --- capture -----------------------------------------------------------------


def cmd_capture(args: argparse.Namespace) -> int:
    corpus = args.corpus_dir.resolve()
    pages = [rel for rel in find_pages(corpus) if args.only in rel]
    if not pages:
        print(f"no *.html or *.htm below {corpus}", file=sys.stderr)
        return 2
    manifest = load_manifest(args.cache, args.name)
    if manifest["pages"] and manifest.get("serve", "page") != args.serve:
        sys.exit(
            f"{args.name} was captured with --serve {manifest.get('serve', 'page')}; "
            f"capture --serve {args.serve} under another --name"
        )
    manifest["corpus_dir"] = str(corpus)
    manifest["serve"] = args.serve
    if args.commit:
        manifest["corpus_commit"] = args.commit
    entries: dict[str, dict[str, Any]] = manifest["pages"]
    for rel in pages:  # goldens of a page that navigated away (older captures) are taken again
        if is_captured(args.cache, args.name, rel) and not same_url(
            golden_url(args.cache, args.name, rel), page_url(args.name, rel)
        ):
            print(f"{rel}: golden is of {golden_url(args.cache, args.name, rel)}, capturing again")
            for fmt in FORMATS:
                golden_path(args.cache, args.name, rel, fmt).unlink()
    todo = [
        rel
        for rel in pages
        if not is_captured(args.cache, args.name, rel)
        and (args.retry_failed or entries.get(rel, {}).get("status") != "failed")
    ]
    captured = sum(is_captured(args.cache, args.name, rel) for rel in pages)
    print(
        f"{args.name}: {len(pages)} pages, {captured} captured before, "
        f"{len(pages) - captured - len(todo)} failed before (skipped), {len(todo)} to capture",
        flush=True,
    )
    started = time.perf_counter()
    for event in supervise_capture(
        corpus, args.name, args.cache, todo, args.page_timeout, args.hang_timeout, args.serve
    ):
        kind, rel, info = event
        if kind == "versions":
            manifest.update(info)
            continue
        entries[rel] = info
        save_manifest(args.cache, args.name, manifest)
        status = "ok" if info["status"] == "ok" else "FAILED " + info["error"].splitlines()[0][:150]
        print(f"{rel}  {info['seconds']:.1f}s  {status}", flush=True)
    save_manifest(args.cache, args.name, manifest)
    failed = [rel for rel in pages if entries.get(rel, {}).get("status") == "failed"]
    done = sum(is_captured(args.cache, args.name, rel) for rel in pages)
    print(
        f"{args.name}: {done}/{len(pages)} captured, {len(failed)} failed "
        f"({time.perf_counter() - started:.0f}s); manifest {goldens_dir(args.cache, args.name) / MANIFEST}"
    )
    return 0


def supervise_capture(
    corpus: Path,
    name: str,
    cache: Path,
    todo: list[str],
    page_timeout: float,
    hang_timeout: float,
    serve: str = "page",
    worker_main=None,
) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Capture ``todo`` in a worker process, restarted whenever it dies or hangs.

    Yields ("versions", "", {...}) and ("page", rel, manifest entry). The worker
    (and its Chromium, in the same process group) is killed if a page takes longer
    than ``hang_timeout``: Playwright's own timeouts do not cover every call, and a
    stuck page must cost one failure, not the run. ``worker_main`` (default
    ``capture_worker``, the same arguments and messages) does the work of each page."""
    ctx = multiprocessing.get_context("spawn")
    while todo:
        receiver, sender = ctx.Pipe(duplex=False)
        worker = ctx.Process(
            target=worker_main or capture_worker,
            args=(sender, corpus, name, cache, todo, page_timeout, serve),
            daemon=True,
        )
        worker.start()
        sender.close()
        current, since = None, time.monotonic()
        while True:
            if receiver.poll(1):
                try:
                    kind, rel, info = receiver.recv()
                except EOFError:
                    break  # the worker exited (normally, or after a failure it asked to restart for)
                if kind == "start":
                    current, since = rel, time.monotonic()
                    continue
                if kind == "page":
                    todo = todo[todo.index(rel) + 1 :]
                    current = None
                yield kind, rel, info
            elif current is not None and time.monotonic() - since > hang_timeout:
                kill_group(worker.pid)
                todo = todo[todo.index(current) + 1 :]
                yield (
                    "page",
                    current,
                    failure(
                        f"hung: no result after {hang_timeout:.0f}s; browser killed",
                        time.monotonic() - since,
                        name,
                        current,
                    ),
                )
                current = None
                break
            elif not worker.is_alive():
                break
        worker.join(10)
        if current is not None:  # died in the middle of a page: that page is the failure
            todo = todo[todo.index(current) + 1 :]
            yield (
                "page",
                current,
                failure(f"capture worker died (exit code {worker.exitcode})", time.monotonic() - since, name, current),
            )
        receiver.close()


def kill_group(pid: int) -> None:
    """Kill a worker started by this tool and the browser it started (its own group)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def failure(error: str, seconds: float, name: str, rel: str) -> dict[str, Any]:
    return {"status": "failed", "error": error, "seconds": round(seconds, 2), "url": page_url(name, rel)}


def capture_worker(
    out: Connection, corpus: Path, name: str, cache: Path, todo: list[str], page_timeout: float, serve: str = "page"
) -> None:
    """Capture pages in order until one fails, then exit so the supervisor restarts a
    fresh browser: after a crash, Playwright's connection may be unusable too."""
    os.setsid()  # its own process group, which the supervisor can kill with Chromium
    from importlib.metadata import version

    from chromium_capture import Chromium

    with Chromium(timeout_ms=int(page_timeout * 1000)) as chromium:
        out.send(("versions", "", {"chromium": chromium.version, "playwright": version("playwright")}))
        for rel in todo:
            out.send(("start", rel, {}))
            started = time.perf_counter()
            url, body = page_url(name, rel), (corpus / rel).read_bytes()
            resolver = files_resolver(name, corpus) if serve == "files" else page_resolver(url, body)
            # Only the goldens missing: a corpus captured before a format existed gains it alone.
            missing = tuple(fmt for fmt in FORMATS if not golden_path(cache, name, rel, fmt).exists())
            try:
                capture = chromium.capture(url, resolver, missing)
            except Exception as exc:  # noqa: BLE001 - timeouts, crashed tabs or browsers: a result for this page
                error = f"{type(exc).__name__}: {exc}"
                out.send(("page", rel, failure(error, time.perf_counter() - started, name, rel)))
                return
            if capture.cdp is not None and not same_url(root_url(capture.cdp), url):  # an error page, or elsewhere
                error = f"navigated away: the tree is of {root_url(capture.cdp)}"
                out.send(("page", rel, failure(error, time.perf_counter() - started, name, rel)))
                return
            for fmt in missing:
                write_atomic(golden_path(cache, name, rel, fmt), getattr(capture, fmt))
            entry = {
                "status": "ok",
                "seconds": round(time.perf_counter() - started, 2),
                "url": (root_url(capture.cdp) if capture.cdp else None) or url,
                "sha256": hashlib.sha256(body).hexdigest(),
            }
            out.send(("page", rel, entry))


# --- classifying differences -------------------------------------------------
#
# A page's golden and axsynth's output are matched line by line as
# axsynth.conformance.compare matches them (CDP: node lines without their
# renumbered ids). Every differing hunk is then split into items, each with a
# kind (what differs) and a finer group (the cause a rule would fix):
#
# * a node present on both sides but different (paired within the hunk by role,
#   so "the link's name differs" is not reported as a missing and an extra link)
#   counts one golden line lost;
# * a run of golden lines axsynth lacks is split into subtrees, each a "missing"
#   item named after its root node and costing its lines; "extra" alike, costing
#   axsynth lines that have no golden counterpart.
#
# So for a page, the lines lost by its items add up to golden lines - matching.

#: Kinds in the order a node pair is attributed: the first differing one is the
#: cause (a changed role also changes the name and properties that follow from it).
KINDS = (
    "crash",
    "timeout",
    "role",
    "ignored",
    "ignoredReasons",
    "name",
    "description",
    "value",
    "property",
    "other",
    "missing",
    "extra",
    "moved",
    "text",
    "structure",
    "relatedNodes",
    "realigned",
    "ids",
)
_PAIR_LIMIT = 4_000_000  # above this many line pairs in one hunk, pair by position (difflib is quadratic)


@dataclass
class Item:
    """One classified difference (a node pair, or a missing/extra subtree)."""

    kind: str
    group: str
    line: int  # 1-based line in the golden (for extra items: where they would be)
    lost: int  # golden lines this item accounts for
    extra: int  # axsynth lines with no golden counterpart
    chromium: str  # what Chromium has, shortened
    axsynth: str  # what axsynth has, shortened


@dataclass
class GroupStat:
    """A page's items of one group, added up, with the first as the example."""

    kind: str
    items: int
    lost: int
    extra: int
    line: int
    chromium: str
    axsynth: str


@dataclass
class FormatResult:
    status: str  # "ok", "crash" or "timeout"
    exact: bool
    golden_lines: int
    actual_lines: int
    matching: int
    seconds: float = 0.0  # axsynth's render time (parse shared by both formats is counted in cdp)
    first: Item | None = None
    groups: dict[str, GroupStat] = field(default_factory=dict)
    error: str = ""

    @property
    def lost(self) -> int:
        return self.golden_lines - self.matching


@dataclass
class PageResult:
    rel: str
    formats: dict[str, FormatResult]
    seconds: float = 0.0


def shorten(text: str, limit: int = 90) -> str:
    text = " ".join(text.split()) if len(text) > limit else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def text_lines(text: str) -> list[str]:
    """Lines split at "\n" only. ``str.splitlines`` also splits at U+2028, U+0085,
    \x0c and the like, which real pages put in names and JSON leaves unescaped: it
    would cut a node line in two (axsynth.conformance.compare does; only real pages
    have such text)."""
    lines = text.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def match_lines(fmt: str, golden: str, actual: str) -> tuple[list[str], list[str], difflib.SequenceMatcher]:
    """Lines compared as axsynth.conformance.compare compares them (CDP node lines
    without their renumbered ids), and their matcher."""
    want, got = text_lines(golden), text_lines(actual)
    if fmt == "cdp":  # renumbered ids shift after any extra node: compare nodes without them
        want, got = [conformance._without_ids(x) for x in want], [conformance._without_ids(x) for x in got]
    return want, got, difflib.SequenceMatcher(None, want, got, autojunk=False)


def compare_texts(fmt: str, golden: str, actual: str) -> FormatResult:
    """Compare one format of one page and classify every difference."""
    want, got, matcher = match_lines(fmt, golden, actual)
    matching = sum(block.size for block in matcher.get_matching_blocks())
    result = FormatResult("ok", golden == actual, len(want), len(got), matching)
    if result.exact:
        return result
    items = classify(fmt, text_lines(golden), text_lines(actual), matcher.get_opcodes())
    if not items:  # node lines agree once ids are left out: only the numbering differs
        items = [Item("ids", "ids: only renumbered ids differ", first_differing_line(golden, actual), 0, 0, "", "")]
    result.first = items[0]
    result.groups = group_items(items)
    return result


def first_differing_line(golden: str, actual: str) -> int:
    pairs = zip(text_lines(golden), text_lines(actual))
    return next((i for i, (a, b) in enumerate(pairs, 1) if a != b), 1)


def group_items(items: Iterable[Item]) -> dict[str, GroupStat]:
    groups: dict[str, GroupStat] = {}
    for item in items:
        stat = groups.get(item.group)
        if stat is None:
            groups[item.group] = GroupStat(item.kind, 1, item.lost, item.extra, item.line, item.chromium, item.axsynth)
        else:
            stat.items += 1
            stat.lost += item.lost
            stat.extra += item.extra
    return groups


def classify(fmt: str, want: list[str], got: list[str], opcodes: list[tuple[str, int, int, int, int]]) -> list[Item]:
    """Items for every non-equal opcode of the page's line matcher, in golden order."""
    lines = CdpLines(want, got) if fmt == "cdp" else AriaLines(want, got)
    items: list[Item] = []
    for window in displacement_windows(opcodes):
        want_idx = [i for _, i1, i2, _, _ in window for i in range(i1, i2)]
        got_idx = [j for _, _, _, j1, j2 in window for j in range(j1, j2)]
        items += items_of_plan(lines, plan_block(lines, want_idx, got_idx, window[0][1])[0])
    mark_moved(items, lines.signatures)
    return items


def displacement_windows(opcodes: list[tuple[str, int, int, int, int]]) -> list[list[tuple[str, int, int, int, int]]]:
    """The matcher's non-equal opcodes, grouped where one displacement split them.

    On pages with many identical lines the matcher can align a few of them out of
    step: 454 golden lines deleted, 41 matched, 462 inserted, where every line of
    the region really differs a little. Lines lost stay the matcher's, but for
    naming causes an opcode joins the previous ones when the lines matched between
    them are fewer than the lines still unpaired on one side."""
    windows: list[list[tuple[str, int, int, int, int]]] = []
    surplus = 0  # golden lines minus axsynth lines left unpaired in the current window
    for op in opcodes:
        tag, i1, i2, j1, j2 = op
        if tag == "equal":
            continue
        if windows and i1 - windows[-1][-1][2] < abs(surplus):
            windows[-1].append(op)
            surplus += (i2 - i1) - (j2 - j1)
        else:
            windows.append([op])
            surplus = (i2 - i1) - (j2 - j1)
    return windows


#: A plan pairs a block's lines: ("pair", i, j, level), ("missing", [i...]), ("extra", [j...], at).
Plan = list[tuple[Any, ...]]
_SEARCH_LIMIT = 1_000_000  # line pairs up to which a coarser pairing is also tried


def plan_block(
    lines: CdpLines | AriaLines, want_idx: list[int], got_idx: list[int], at: int, level: int = 0
) -> tuple[Plan, tuple[int, int]]:
    """Pair unmatched golden and axsynth lines, the most alike first; return the
    plan and its score (pairs made, then how alike they are).

    Lines are matched on ``lines.keys[level]``, from the finest key (all but the
    ids) to the coarsest (the role); what a key leaves unmatched between two matches
    is matched again on the next. Pairing on the role alone would pair the first of
    seven missing ignored nodes with the first of the next run, and report changed
    nodes where one is missing and the rest only shifted. But a fine key can also
    match lines out of step (every node points to another aria-hidden ancestor, and
    a few happen to agree) and leave the rest unpaired: so when a level leaves lines
    unmatched on both sides, the next level is tried on the whole block as well, and
    the plan pairing more lines wins. ``at``: the golden line extra lines stand at."""
    size = len(want_idx) * len(got_idx)
    if level == len(lines.keys) or size > _PAIR_LIMIT:
        return pair_by_position(want_idx, got_idx, at, len(lines.keys))
    key = lines.keys[level]
    want_keys = [key(lines.want, i) for i in want_idx]
    got_keys = [key(lines.got, j) for j in got_idx]
    plan: Plan = []
    for tag, a1, a2, b1, b2 in difflib.SequenceMatcher(None, want_keys, got_keys, autojunk=False).get_opcodes():
        where = want_idx[a1] if a1 < len(want_idx) else at
        if tag == "equal":
            plan += [("pair", want_idx[a1 + k], got_idx[b1 + k], level) for k in range(a2 - a1)]
        elif tag == "delete":
            plan.append(("missing", want_idx[a1:a2]))
        elif tag == "insert":
            plan.append(("extra", got_idx[b1:b2], where))
        else:
            plan += plan_block(lines, want_idx[a1:a2], got_idx[b1:b2], where, level + 1)[0]
    score = plan_score(plan, len(lines.keys))
    unpaired = {step[0] for step in plan} - {"pair"}
    if unpaired == {"missing", "extra"} and size <= _SEARCH_LIMIT:
        coarser, coarser_score = plan_block(lines, want_idx, got_idx, at, level + 1)
        if coarser_score > score:
            return coarser, coarser_score
    return plan, score


def pair_by_position(want_idx: list[int], got_idx: list[int], at: int, level: int) -> tuple[Plan, tuple[int, int]]:
    """Lines no key pairs: the first ones pair in order, the rest are missing or extra."""
    paired = min(len(want_idx), len(got_idx))
    plan: Plan = [("pair", want_idx[k], got_idx[k], level) for k in range(paired)]
    if len(want_idx) > paired:
        plan.append(("missing", want_idx[paired:]))
    if len(got_idx) > paired:
        plan.append(("extra", got_idx[paired:], want_idx[paired] if len(want_idx) > paired else at))
    return plan, plan_score(plan, level)


def plan_score(plan: Plan, levels: int) -> tuple[int, int]:
    pairs = [step for step in plan if step[0] == "pair"]
    return len(pairs), sum(levels - step[3] for step in pairs)


def items_of_plan(lines: CdpLines | AriaLines, plan: Plan) -> list[Item]:
    """Items of a plan (in golden order). Missing or extra lines of steps in a row
    are joined, then cut into runs of consecutive lines, so a subtree is one item
    however the levels split it."""
    joined: Plan = []
    for step in plan:
        if joined and step[0] != "pair" and joined[-1][0] == step[0]:
            joined[-1] = (step[0], joined[-1][1] + step[1], *joined[-1][2:])
        else:
            joined.append(step)
    items: list[Item] = []
    for step in joined:
        if step[0] == "pair":
            items.append(lines.pair(step[1], step[2]))
            continue
        for run in consecutive_runs(step[1]):
            if step[0] == "missing":
                items += lines.runs("missing", run[0], run[-1] + 1)
            else:
                items += lines.runs("extra", run[0], run[-1] + 1, at=step[2])
    return items


def consecutive_runs(indices: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in indices:
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def realigned(i: int, j: int, text: str) -> Item:
    """An identical line on both sides that the matcher left unmatched: among many
    identical lines it aligned others, out of step after a difference nearby. A
    consequence (like shifted relatedNodes), not a cause."""
    return Item(
        "realigned",
        "realigned: identical lines the matcher paired out of step",
        i + 1,
        1,
        0,
        text,
        f"same, at line {j + 1}",
    )


def mark_moved(items: list[Item], signatures: dict[int, str]) -> None:
    """A missing subtree that axsynth has elsewhere, line for line, is one cause
    (the order), not two. Lone blank text and unnamed single nodes are left alone:
    one missing here and one extra there are usually unrelated."""
    extras: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        if item.kind == "extra" and signatures.get(id(item)):
            extras[signatures[id(item)]].append(item)
    for item in items:
        signature = signatures.get(id(item))
        if item.kind == "missing" and signature and extras.get(signature):
            other = extras[signature].pop(0)
            group = "moved: " + item.group.split(": ", 1)[1]
            for moved in (item, other):
                moved.kind, moved.group = "moved", group
            item.axsynth = f"at line {other.line} instead"


def as_windows_1252(text: str) -> str:
    """``text``'s UTF-8 bytes read as windows-1252 (WHATWG: unmapped bytes are C1 controls)."""
    return "".join(
        chr(b) if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D) else bytes([b]).decode("cp1252") for b in text.encode("utf-8")
    )


def text_change(want: str, got: str) -> str:
    """How two strings differ, in words a rule author can act on."""
    if not want:
        return "extra in axsynth"
    if not got:
        return "missing in axsynth"
    if as_windows_1252(got) == want:  # "HÃ¼tte" against "Hütte": the page's charset was guessed otherwise
        return "charset: Chromium read UTF-8 as windows-1252"
    if as_windows_1252(want) == got:
        return "charset: axsynth read UTF-8 as windows-1252"
    if "\ufffd" in want or "\ufffd" in got:  # undecodable bytes: the decoders differ, not the rules
        return "decoding, U+FFFD"
    if "".join(want.split()) == "".join(got.split()):  # a space too many or too few counts here
        return "whitespace"
    if want.casefold() == got.casefold():
        return "case"
    if got in want:
        return "axsynth's is shorter"
    if want in got:
        return "axsynth's is longer"
    return "text"


class CdpLines:
    """Node lines of a normalized CDP dump, parsed when a difference needs them."""

    def __init__(self, want: list[str], got: list[str]) -> None:
        self.want, self.got = want, got
        self._nodes: dict[tuple[int, int], dict[str, Any]] = {}
        self.signatures: dict[int, str] = {}  # id(item) of a missing/extra subtree: its lines, ids aside
        # Finest first: the node but backendDOMNodeIds (a shift), then role, ignored
        # reasons and name, then role and ignored reasons, then the role.
        self.keys = (self.content_key, self.named_key, self.label_key, self.role_key)

    def node(self, lines: list[str], i: int) -> dict[str, Any]:
        key = (id(lines), i)
        if key not in self._nodes:
            try:
                self._nodes[key] = json.loads(lines[i].rstrip(","))
            except ValueError:  # the "{"nodes": [" and "]}" lines
                self._nodes[key] = {"role": {"value": lines[i].strip()}}
        return self._nodes[key]

    def content_key(self, lines: list[str], i: int) -> str:
        return json.dumps(without_backend_ids(_content(self.node(lines, i))), ensure_ascii=False)

    def named_key(self, lines: list[str], i: int) -> str:
        node = self.node(lines, i)
        return node_label(node) + "\0" + str(node.get("name", {}).get("value"))

    def label_key(self, lines: list[str], i: int) -> str:
        return node_label(self.node(lines, i))

    def role_key(self, lines: list[str], i: int) -> str:
        return str(self.node(lines, i).get("role", {}).get("value"))

    def runs(self, kind: str, start: int, stop: int, at: int | None = None) -> list[Item]:
        """A run of missing (golden) or extra (axsynth) lines as subtrees, one item each:
        nodes are in pre-order, so a node whose parent is not in the subtree so far
        starts the next one."""
        lines = self.want if kind == "missing" else self.got
        items: list[Item] = []
        members: set[str] = set()
        keys: list[list[str]] = []  # each subtree's lines, for mark_moved
        named: list[bool] = []
        for i in range(start, stop):
            node = self.node(lines, i)
            if items and node.get("parentId") in members:
                members.add(node.get("nodeId", ""))
                keys[-1].append(self.content_key(lines, i))
                if kind == "missing":
                    items[-1].lost += 1
                else:
                    items[-1].extra += 1
                continue
            members = {node.get("nodeId", "")}
            keys.append([self.content_key(lines, i)])
            named.append(bool(str(node.get("name", {}).get("value", "")).strip()))
            label = node_label(node)
            if label == "StaticText" and not str(node.get("name", {}).get("value", "")).strip():
                label += " (whitespace)"  # the white space between inline boxes Chromium keeps
            line = (i if kind == "missing" else at) + 1
            if kind == "missing":
                items.append(Item(kind, f"missing: {label}", line, 1, 0, node_text(node), ""))
            else:
                items.append(Item(kind, f"extra: {label}", line, 0, 1, "", node_text(node)))
        for item, subtree, has_name in zip(items, keys, named):
            if len(subtree) > 1 or has_name:
                self.signatures[id(item)] = "\n".join(subtree)
        return items

    def pair(self, i: int, j: int) -> Item:
        w, g = self.node(self.want, i), self.node(self.got, j)
        if _content(w) == _content(g):
            return realigned(i, j, node_text(w))
        kind, group, chromium, axsynth = classify_nodes(w, g)
        return Item(kind, group, i + 1, 1, 0, chromium, axsynth)


def node_label(node: dict[str, Any]) -> str:
    """A node's role, and why Chromium ignores it if it does: what a missing or
    extra subtree is named after."""
    role = shorten(str(node.get("role", {}).get("value")), 40)
    if node.get("ignored"):
        reasons = ",".join(r["name"] for r in node.get("ignoredReasons", []))
        return f"{role} [ignored: {reasons}]"
    return role


def node_text(node: dict[str, Any]) -> str:
    name = node.get("name", {}).get("value")
    return shorten(node_label(node) + (f" {name!r}" if name else ""))


def without_backend_ids(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_backend_ids(v) for k, v in value.items() if k != "backendDOMNodeId"}
    if isinstance(value, list):
        return [without_backend_ids(v) for v in value]
    return value


def classify_nodes(w: dict[str, Any], g: dict[str, Any]) -> tuple[str, str, str, str]:
    """(kind, group, Chromium's side, axsynth's side) for one differing node pair."""
    role = str(w.get("role", {}).get("value"))
    got_role = str(g.get("role", {}).get("value"))
    if without_backend_ids(_content(w)) == without_backend_ids(_content(g)):
        # Only backendDOMNodeIds inside (relatedNodes) differ: nodes added or lost
        # earlier shift the numbering. A consequence, not a cause.
        return "relatedNodes", "relatedNodes: backendDOMNodeId shifted", node_text(w), node_text(g)
    if role != got_role:
        return "role", f"role: {node_label(w)}→{node_label(g)}", node_text(w), node_text(g)
    if w.get("ignored") != g.get("ignored"):
        return ("ignored", f"ignored: {role} {_ignored_state(w)}→{_ignored_state(g)}", node_text(w), node_text(g))
    if w.get("ignoredReasons") != g.get("ignoredReasons"):
        if _ignored_state(w) != _ignored_state(g):
            return (
                "ignoredReasons",
                f"ignoredReasons: {role} {_ignored_state(w)}→{_ignored_state(g)}",
                node_text(w),
                node_text(g),
            )
        # The same reasons, other values: e.g. ariaHiddenSubtree naming another aria-hidden ancestor.
        chromium, axsynth = _difference_window(
            json.dumps(without_backend_ids(w["ignoredReasons"]), ensure_ascii=False),
            json.dumps(without_backend_ids(g["ignoredReasons"]), ensure_ascii=False),
        )
        return (
            "ignoredReasons",
            f"ignoredReasons: {role} {_ignored_state(w)} (value)",
            shorten(chromium),
            shorten(axsynth),
        )
    for key in ("name", "description", "value"):
        if w.get(key) != g.get(key):
            return _string_difference(key, role, w.get(key), g.get(key))
    if w.get("properties") != g.get("properties"):
        return _property_difference(role, w.get("properties", []), g.get("properties", []))
    key = next(k for k in list(_content(w)) + list(_content(g)) if w.get(k) != g.get(k))
    return (
        "other",
        f"other: {key}",
        shorten(f"{role} {key}={json.dumps(w.get(key), ensure_ascii=False)}"),
        shorten(f"{role} {key}={json.dumps(g.get(key), ensure_ascii=False)}"),
    )


def _content(node: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if k not in conformance._ID_KEYS}


def _ignored_state(node: dict[str, Any]) -> str:
    """ "included", or the reasons Chromium gives for ignoring the node."""
    if not node.get("ignored"):
        return "included"
    return ",".join(r["name"] for r in node.get("ignoredReasons", [])) or "ignored"


def _string_difference(key: str, role: str, want: Any, got: Any) -> tuple[str, str, str, str]:
    """name / description / value: the text itself, or only the name sources."""
    want_text = (want or {}).get("value", "")
    got_text = (got or {}).get("value", "")
    if want_text == got_text:
        change = "sources" if key == "name" else "type"
        chromium = json.dumps((want or {}).get("sources"), ensure_ascii=False)
        axsynth = json.dumps((got or {}).get("sources"), ensure_ascii=False)
        chromium, axsynth = _difference_window(chromium, axsynth)
    else:
        change = text_change(str(want_text), str(got_text))
        chromium, axsynth = f"{role} {want_text!r}", f"{role} {got_text!r}"
    return key, f"{key}: {role} ({change})", shorten(chromium), shorten(axsynth)


def _difference_window(a: str, b: str, context: int = 30) -> tuple[str, str]:
    """The part of two long strings around where they first differ."""
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, start - context)
    return ("…" if start else "") + a[start:], ("…" if start else "") + b[start:]


def _property_difference(role: str, want: list[dict[str, Any]], got: list[dict[str, Any]]) -> tuple[str, str, str, str]:
    """The first property (in Chromium's order) that axsynth lacks, adds or values differently."""
    want_props = {p["name"]: p["value"] for p in want}
    got_props = {p["name"]: p["value"] for p in got}
    for name in list(want_props) + [n for n in got_props if n not in want_props]:
        if want_props.get(name) == got_props.get(name):
            continue
        if name not in got_props:
            change = "missing in axsynth"
        elif name not in want_props:
            change = "extra in axsynth"
        else:
            change = "value"
        return (
            "property",
            f"property:{name} ({change}) on {role}",
            shorten(f"{role} {name}={_prop_value(want_props.get(name))}"),
            shorten(f"{role} {name}={_prop_value(got_props.get(name))}"),
        )
    return (
        "property",
        "property: order",
        shorten(f"{role} {[p['name'] for p in want]}"),
        shorten(f"{role} {[p['name'] for p in got]}"),
    )


def _prop_value(value: dict[str, Any] | None) -> str:
    if value is None:
        return "(absent)"
    return json.dumps(value.get("value"), ensure_ascii=False)


#: One line of Playwright's aria snapshot: indentation, "- ", then a role (or
#: "text" or "/url"), maybe a quoted name, [attributes] and ": inline text". YAML
#: quotes a line that needs it, so a leading quote is skipped.
_ARIA_LINE = re.compile(r'^(?P<indent> *)- (?P<q>[\'"]?)(?P<role>/?[\w-]+)(?P<rest>.*)$')
_ARIA_NAME = re.compile(r'^ "((?:[^"\\]|\\.)*)"')
_ARIA_ATTRS = re.compile(r"\[([^\]=]+)(?:=([^\]]*))?\]")


@dataclass(frozen=True)
class AriaLine:
    indent: int
    role: str
    name: str
    attrs: dict[str, str]
    text: str  # inline text after ": " (a text line's whole text)
    raw: str


def parse_aria_line(line: str) -> AriaLine:
    m = _ARIA_LINE.match(line)
    if not m:
        return AriaLine(len(line) - len(line.lstrip(" ")), "?", "", {}, line.strip(), line)
    rest = m["rest"]
    if m["q"] and rest.endswith(m["q"] + ":"):  # 'role "name: x"': keep the closing colon
        rest = rest[:-2] + ":"
    elif m["q"] and rest.endswith(m["q"]):
        rest = rest[:-1]
    name_match = _ARIA_NAME.match(rest)
    name = name_match[1] if name_match else ""
    after = rest[name_match.end() :] if name_match else rest
    head, _, text = after.partition(": ")
    attrs = {a: v or "" for a, v in _ARIA_ATTRS.findall(head)}
    return AriaLine(len(m["indent"]), m["role"], name, attrs, text.strip(), line)


class AriaLines:
    """Lines of an aria snapshot, parsed when a difference needs them."""

    def __init__(self, want: list[str], got: list[str]) -> None:
        self.want, self.got = want, got
        self.signatures: dict[int, str] = {}
        # Finest first: the line at any depth (moved by a wrapper), role and name, role.
        self.keys = (self.line_key, self.named_key, self.role_key)

    @staticmethod
    def line_key(lines: list[str], i: int) -> str:
        return lines[i].strip()

    @staticmethod
    def named_key(lines: list[str], i: int) -> str:
        line = parse_aria_line(lines[i])
        return line.role + "\0" + line.name

    @staticmethod
    def role_key(lines: list[str], i: int) -> str:
        return parse_aria_line(lines[i]).role

    def runs(self, kind: str, start: int, stop: int, at: int | None = None) -> list[Item]:
        """A run of missing or extra lines as subtrees: a line indented deeper than
        the subtree's first line belongs to it."""
        lines = self.want if kind == "missing" else self.got
        items: list[Item] = []
        root_indent = -1
        subtrees: list[list[str]] = []
        for i in range(start, stop):
            line = parse_aria_line(lines[i])
            if items and line.indent > root_indent:
                subtrees[-1].append(lines[i][root_indent:])  # relative to the subtree: it may have moved up or down
                if kind == "missing":
                    items[-1].lost += 1
                else:
                    items[-1].extra += 1
                continue
            root_indent = line.indent
            subtrees.append([lines[i].strip()])
            text = shorten(line.raw.strip())
            if kind == "missing":
                items.append(Item(kind, f"missing: {line.role}", i + 1, 1, 0, text, ""))
            else:
                items.append(Item(kind, f"extra: {line.role}", (at or 0) + 1, 0, 1, "", text))
        for item, subtree in zip(items, subtrees):
            if len(subtree) > 1 or parse_aria_line(subtree[0]).name:
                self.signatures[id(item)] = "\n".join(subtree)
        return items

    def pair(self, i: int, j: int) -> Item:
        w, g = parse_aria_line(self.want[i]), parse_aria_line(self.got[j])
        if w.raw == g.raw:
            return realigned(i, j, shorten(w.raw.strip()))
        kind, group = classify_aria_pair(w, g)
        return Item(kind, group, i + 1, 1, 0, shorten(w.raw.strip()), shorten(g.raw.strip()))


def classify_aria_pair(w: AriaLine, g: AriaLine) -> tuple[str, str]:
    if w.raw.strip() == g.raw.strip():
        # Same line at another depth: a wrapper added or dropped above it (itself
        # reported as missing/extra) moved it.
        return "structure", "structure: nesting differs"
    if w.raw.strip().rstrip(":") == g.raw.strip().rstrip(":"):
        # "- img:" against "- img": its children (reported as missing/extra) differ.
        side = "Chromium" if w.raw.endswith(":") else "axsynth"
        return "structure", f"structure: {w.role} has children only in {side}"
    if w.role != g.role:
        return "role", f"role: {w.role}→{g.role}"
    if w.role == "text":
        return "text", f"text: ({text_change(w.text, g.text)})"
    if w.role.startswith("/"):
        return "property", f"property:{w.role} ({text_change(w.text, g.text)})"
    if w.name != g.name:
        return "name", f"name: {w.role} ({text_change(w.name, g.name)})"
    if w.attrs != g.attrs:
        attr = next(a for a in list(w.attrs) + list(g.attrs) if w.attrs.get(a) != g.attrs.get(a))
        change = "missing in axsynth" if attr not in g.attrs else "extra in axsynth" if attr not in w.attrs else "value"
        return "property", f"property:[{attr}] ({change})"
    if w.text != g.text:
        return "text", f"text: inline in {w.role} ({text_change(w.text, g.text)})"
    if w.indent != g.indent:
        return "structure", "structure: nesting differs"
    return "other", "other: line differs"


# --- running axsynth on captured pages ---------------------------------------


@dataclass(frozen=True)
class Job:
    rel: str
    page: Path
    url: str
    goldens: dict[str, Path]
    options: dict[str, Any] = field(default_factory=dict)  # Document.from_html's loading arguments

    def document(self) -> Any:
        """axsynth's Document of the page, loaded as Chromium was served it."""
        from axsynth import Document

        return Document.from_html(self.page.read_bytes(), url=self.url, **self.options)


def default_loading() -> str:
    """The site loading once axsynth can map a site URL to a directory, else the page's folder."""
    from axsynth import Document

    return "site" if "site_root" in inspect.signature(Document.from_html).parameters else "page-dir"


def load_options(serve: str, corpus: Path, name: str, rel: str, loading: str) -> dict[str, Any]:
    """The one place that says how axsynth is given what Chromium was served.

    A "page" corpus: the page's bytes and URL only, as Chromium had them. A "files"
    corpus: Chromium loaded any file of the corpus directory. ``loading`` "page-dir"
    is what axsynth could always do, read stylesheets and frames from the page's own
    folder (``base_dir``); "site" maps every URL below the corpus URL to the file
    below the corpus directory, confined to it (``site_root``, ``site_url``, ``root``)."""
    if serve != "files":
        return {}
    if loading == "site":
        return {"site_root": corpus, "site_url": page_url(name, ""), "root": corpus}
    return {"base_dir": (corpus / rel).parent}


def render(doc: Any, fmt: str) -> str:
    """axsynth's output in the form goldens are stored (as axsynth.conformance.render)."""
    if fmt == "cdp":
        return dump_cdp(normalize_cdp(doc.get_full_ax_tree()))
    if fmt == "ai":
        return doc.ai_snapshot() + "\n"
    return doc.aria_snapshot() + "\n"


def failed_result(status: str, group: str, golden_lines: int, error: str = "") -> FormatResult:
    """A crash or timeout: every golden line is lost, and the cause is one group."""
    item = Item(status, group, 1, golden_lines, 0, "", shorten(error.strip().splitlines()[-1]) if error else "")
    return FormatResult(status, False, golden_lines, 0, 0, first=item, groups=group_items([item]), error=error)


def golden_line_count(path: Path) -> int:
    with path.open("rb") as fp:
        return sum(1 for _ in fp)


def crash_group(exc: BaseException) -> str:
    """``crash: KeyError at style.py:cascade``: the exception and where it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].name}" if frames else ""
    return f"crash: {type(exc).__name__}{where}"


def compare_child(out: Connection, job: Job, memory_mb: int) -> None:
    """In a forked worker: parse once, then render, compare and report each format.

    Sends ("stage", name) before each step, so a timeout says where axsynth was,
    ("format", fmt, FormatResult) as soon as a format is done, and ("done",)."""
    if memory_mb:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
    started = time.perf_counter()
    out.send(("stage", "parse"))
    try:
        doc = job.document()
    except BaseException as exc:  # noqa: BLE001 - any failure is this page's result
        for fmt, golden in job.goldens.items():
            result = failed_result(
                "crash", crash_group(exc) + " (parse)", golden_line_count(golden), traceback.format_exc()
            )
            out.send(("format", fmt, result))
        out.send(("done",))
        return
    for fmt, golden in job.goldens.items():
        out.send(("stage", fmt))
        try:
            actual = render(doc, fmt)
        except BaseException as exc:  # noqa: BLE001
            out.send(
                (
                    "format",
                    fmt,
                    failed_result("crash", crash_group(exc), golden_line_count(golden), traceback.format_exc()),
                )
            )
            continue
        seconds = time.perf_counter() - started
        out.send(("stage", fmt + " compare"))
        result = compare_texts(fmt, golden.read_text(encoding="utf-8"), actual)
        result.seconds = round(seconds, 3)
        out.send(("format", fmt, result))
        started = time.perf_counter()
    out.send(("done",))


@dataclass
class Running:
    """A page being compared: its worker, and where it is (for its deadline)."""

    job: Job
    process: Any
    started: float
    stage: str = "start"
    stage_started: float = 0.0
    axsynth_seconds: float = 0.0  # spent in axsynth (parse and render) so far
    formats: dict[str, FormatResult] = field(default_factory=dict)

    def enter(self, stage: str) -> None:
        now = time.monotonic()
        if not self.comparing:
            self.axsynth_seconds += now - (self.stage_started or self.started)
        self.stage, self.stage_started = stage, now

    @property
    def comparing(self) -> bool:
        return self.stage.endswith("compare")

    def deadline(self, timeout: float, compare_timeout: float) -> float:
        """axsynth gets ``timeout`` seconds per page in all; a comparison (difflib,
        slow on large pages with many differences) gets its own ``compare_timeout``,
        so a slow diff is not reported as axsynth hanging."""
        if self.comparing:
            return self.stage_started + compare_timeout
        return (self.stage_started or self.started) + timeout - self.axsynth_seconds


def run_jobs(
    jobs: list[Job], workers: int, timeout: float, memory_mb: int, compare_timeout: float = 900
) -> Iterator[PageResult]:
    """Compare every job in forked processes, ``workers`` at a time; a page that
    hangs is killed after ``timeout`` seconds of axsynth and one that dies is reported."""
    ctx = multiprocessing.get_context("fork")  # axsynth is already imported: a fork starts at once
    pending = list(reversed(jobs))
    running: dict[Connection, Running] = {}
    while pending or running:
        while pending and len(running) < workers:
            job = pending.pop()
            receiver, sender = ctx.Pipe(duplex=False)
            process = ctx.Process(target=compare_child, args=(sender, job, memory_mb), daemon=True)
            process.start()
            sender.close()
            running[receiver] = Running(job, process, time.monotonic())
        deadline = min(r.deadline(timeout, compare_timeout) for r in running.values())
        for conn in wait(list(running), timeout=max(0.0, deadline - time.monotonic())):
            state = running[conn]
            try:
                message = conn.recv()
            except EOFError:
                message = ("died",)
            if message[0] == "stage":
                state.enter(message[1])
            elif message[0] == "format":
                state.formats[message[1]] = message[2]
            else:
                yield finish(running.pop(conn), conn, died=message[0] == "died")
        for conn, state in list(running.items()):
            if time.monotonic() > state.deadline(timeout, compare_timeout):
                state.process.kill()
                yield finish(running.pop(conn), conn, timed_out=compare_timeout if state.comparing else timeout)


def finish(state: Running, conn: Connection, died: bool = False, timed_out: float | None = None) -> PageResult:
    """The page's result; formats the worker never reported are its crash or timeout."""
    conn.close()
    state.process.join(5)
    for fmt, golden in state.job.goldens.items():
        if fmt in state.formats:
            continue
        lines = golden_line_count(golden)
        if timed_out is not None:
            state.formats[fmt] = failed_result(
                "timeout", f"timeout: in {state.stage}", lines, f"no result after {timed_out:.0f}s (in {state.stage})"
            )
        else:
            code = state.process.exitcode
            why = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
            state.formats[fmt] = failed_result(
                "crash", f"crash: worker died ({why}) in {state.stage}", lines, f"worker died ({why}) in {state.stage}"
            )
    formats = {fmt: state.formats[fmt] for fmt in FORMATS if fmt in state.formats}
    return PageResult(state.job.rel, formats, round(time.monotonic() - state.started, 3))


def jobs_for(cache: Path, name: str, only: str = "", loading: str | None = None) -> list[Job]:
    """A job for every page of the corpus with both goldens captured, loading its
    resources as its corpus was served (``load_options``)."""
    manifest = load_manifest(cache, name)
    if "corpus_dir" not in manifest:
        sys.exit(f"no corpus {name!r} captured in {goldens_dir(cache, name)}")
    corpus = Path(manifest["corpus_dir"])
    serve, loading = manifest.get("serve", "page"), loading or default_loading()
    return [
        Job(
            rel,
            corpus / rel,
            entry.get("url") or page_url(name, rel),
            {fmt: golden_path(cache, name, rel, fmt) for fmt in FORMATS},
            load_options(serve, corpus, name, rel, loading),
        )
        for rel, entry in sorted(manifest["pages"].items())
        if entry.get("status") == "ok" and only in rel and is_captured(cache, name, rel)
    ]


# --- results files -----------------------------------------------------------


def results_dir(cache: Path, name: str) -> Path:
    return cache / "results" / name


def axsynth_version() -> dict[str, Any]:
    """The commit of the axsynth that ran (and whether its sources had local edits)."""
    import axsynth

    source = Path(axsynth.__file__).resolve().parent

    def git(*args: str) -> str:
        try:
            return subprocess.run(
                ["git", "-C", str(source), *args], capture_output=True, text=True, check=False, timeout=30
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    return {
        "path": str(source),
        "commit": git("rev-parse", "--short", "HEAD"),
        "dirty": bool(git("status", "--porcelain", "--", ".")),
    }


def results_to_json(name: str, pages: list[PageResult], meta: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name,
        **meta,
        "pages": {
            p.rel: {"seconds": p.seconds, "formats": {f: asdict(r) for f, r in p.formats.items()}} for p in pages
        },
    }


def results_from_json(data: dict[str, Any]) -> list[PageResult]:
    pages = []
    for rel, page in data["pages"].items():
        formats = {}
        for fmt, r in page["formats"].items():
            r = dict(r)
            r["first"] = Item(**r["first"]) if r.get("first") else None
            r["groups"] = {g: GroupStat(**stat) for g, stat in r.get("groups", {}).items()}
            formats[fmt] = FormatResult(**r)
        pages.append(PageResult(rel, formats, page.get("seconds", 0.0)))
    return pages


def save_results(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False) + "\n")


def load_results(path: Path) -> tuple[dict[str, Any], list[PageResult]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data, results_from_json(data)


def find_results(cache: Path, name: str, which: str, exclude: Path | None = None) -> Path:
    """``last``: the newest results file of NAME (other than ``exclude``) made with
    this checkout's axsynth, else the newest of any; otherwise ``which`` is a path.

    The cache is shared by checkouts (a branch's worktree and main run the same
    corpora): "my last run" should not silently be another checkout's."""
    if which != "last":
        return Path(which)
    files = sorted((p for p in results_dir(cache, name).glob("*.json") if p != exclude), reverse=True)
    if not files:
        sys.exit(f"no earlier results for {name!r} in {results_dir(cache, name)}")
    here = axsynth_version()["path"]
    return next((p for p in files if results_checkout(p) == here), files[0])


def results_checkout(path: Path) -> str | None:
    """The axsynth path a results file was made with (read from its head, not parsed whole)."""
    with path.open(encoding="utf-8") as fp:
        head = fp.read(2000)
    match = re.search(r'"axsynth": \{"path": ("(?:[^"\\]|\\.)*")', head)
    return json.loads(match[1]) if match else None


# --- aggregation and the report ----------------------------------------------


@dataclass
class Summary:
    pages: int
    exact: int
    golden_lines: int
    matching: int
    mean_agreement: float  # mean over pages of matching / golden lines
    crashes: int
    timeouts: int

    @property
    def lost(self) -> int:
        return self.golden_lines - self.matching


def summarize(pages: list[PageResult], fmt: str) -> Summary:
    results = [p.formats[fmt] for p in pages if fmt in p.formats]
    return Summary(
        len(results),
        sum(r.exact for r in results),
        sum(r.golden_lines for r in results),
        sum(r.matching for r in results),
        sum(r.matching / max(r.golden_lines, 1) for r in results) / max(len(results), 1),
        sum(r.status == "crash" for r in results),
        sum(r.status == "timeout" for r in results),
    )


@dataclass
class Row:
    """One kind or group of differences, added up over pages."""

    kind: str
    group: str
    pages: int = 0
    only: int = 0  # pages where it is the only difference: fixing it makes them exact
    items: int = 0
    lost: int = 0
    extra: int = 0
    examples: list[tuple[str, GroupStat]] = field(default_factory=list)

    @property
    def lines(self) -> int:
        """What it costs: golden lines lost, and axsynth lines that have no counterpart."""
        return self.lost + self.extra


def histogram(
    pages: list[PageResult], fmt: str, first_only: bool = False, by_kind: bool = False, examples: int = 2
) -> list[Row]:
    """Rows of differences. ``first_only``: each page counts under its first
    difference only (with that group's lines on the page); otherwise every group of
    every page counts. Sorted by lines, then pages; examples are the pages where the
    group costs the most."""
    rows: dict[str, Row] = {}
    candidates: dict[str, list[tuple[int, str, GroupStat]]] = defaultdict(list)
    for page in pages:
        result = page.formats.get(fmt)
        if result is None or result.exact:
            continue
        groups = result.groups
        if first_only and result.first is not None:
            groups = {
                result.first.group: groups.get(result.first.group) or group_items([result.first])[result.first.group]
            }
        for group, stat in groups.items():
            key = stat.kind if by_kind else group
            row = rows.setdefault(key, Row(stat.kind, key))
            row.pages += 1
            row.only += len(result.groups) == 1
            row.items += stat.items
            row.lost += stat.lost
            row.extra += stat.extra
            candidates[key].append((stat.lost + stat.extra, page.rel, stat))
    for key, row in rows.items():
        best = sorted(candidates[key], key=lambda c: (-c[0], c[1]))
        seen: set[str] = set()
        for _, rel, stat in best:
            if rel not in seen and len(row.examples) < examples:
                row.examples.append((rel, stat))
                seen.add(rel)
    order = (lambda r: (-r.pages, -r.lines, r.group)) if first_only else (lambda r: (-r.lines, -r.pages, r.group))
    return sorted(rows.values(), key=order)


def format_summary(fmt: str, s: Summary) -> str:
    return (
        f"{fmt:4}  {s.pages} pages, {s.exact} byte-exact ({100 * s.exact / max(s.pages, 1):.1f}%), "
        f"mean line agreement {100 * s.mean_agreement:.2f}% (all lines"
        f" {100 * s.matching / max(s.golden_lines, 1):.2f}%), "
        f"{s.lost:,} of {s.golden_lines:,} golden lines lost; {s.crashes} crashed, {s.timeouts} timed out"
    )


def format_rows(title: str, rows: list[Row], top: int, with_examples: bool) -> list[str]:
    out = [title, f"  {'pages':>5} {'only':>4} {'lines':>7} {'lost':>7} {'extra':>6} {'items':>6}  group"]
    for row in rows[:top]:
        out.append(
            f"  {row.pages:5} {row.only:4} {row.lines:7,} {row.lost:7,} {row.extra:6,} {row.items:6,}  {row.group}"
        )
        if with_examples:
            for rel, stat in row.examples:
                out.append(
                    f"  {'':32}e.g. {rel}:{stat.line}  chromium: {stat.chromium or '-'}  |  axsynth:"
                    f" {stat.axsynth or '-'}"
                )
    if len(rows) > top:
        out.append(f"  ... {len(rows) - top} more")
    return out


def report(pages: list[PageResult], top: int = 30, examples: int = 2, formats: Iterable[str] = FORMATS) -> str:
    """The summary per format, then where pages first differ and what all differences cost."""
    out: list[str] = []
    for fmt in formats:
        out.append(format_summary(fmt, summarize(pages, fmt)))
    for fmt in formats:
        out.append("")
        out += format_rows(
            f"{fmt}: first difference of each page, by kind (only: the sole difference of the page)",
            histogram(pages, fmt, first_only=True, by_kind=True),
            top,
            False,
        )
        out += format_rows(
            f"{fmt}: first difference of each page, by group",
            histogram(pages, fmt, first_only=True, examples=examples),
            top,
            True,
        )
        out += format_rows(
            f"{fmt}: all differences, by kind (lines = golden lines lost + extra axsynth lines)",
            histogram(pages, fmt, by_kind=True),
            top,
            False,
        )
        out += format_rows(f"{fmt}: all differences, by group", histogram(pages, fmt, examples=examples), top, True)
    return "\n".join(out)


def compare_runs(old: list[PageResult], new: list[PageResult]) -> tuple[list[str], list[str]]:
    """Pages that got better and worse between two runs (exactness first, then lines)."""
    before = {p.rel: p for p in old}
    better, worse = [], []
    for page in new:
        if page.rel not in before:
            continue
        for fmt, now in page.formats.items():
            then = before[page.rel].formats.get(fmt)
            if then is None or (then.exact, then.matching) == (now.exact, now.matching):
                continue
            line = f"{fmt:4} {page.rel}: {then.matching}/{then.golden_lines} → {now.matching}/{now.golden_lines}" + (
                " now exact" if now.exact else " no longer exact" if then.exact else ""
            )
            gained = (now.exact, now.matching - now.golden_lines) > (then.exact, then.matching - then.golden_lines)
            (better if gained else worse).append(line)
    return better, worse


def format_baseline(old: list[PageResult], new: list[PageResult], baseline: Path) -> str:
    better, worse = compare_runs(old, new)
    out = [f"against {baseline}:"]
    for fmt in FORMATS:
        a, b = summarize(old, fmt), summarize(new, fmt)
        out.append(
            f"  {fmt:4} byte-exact {a.exact} → {b.exact}, mean line agreement "
            f"{100 * a.mean_agreement:.2f}% → {100 * b.mean_agreement:.2f}%, lines lost {a.lost:,} → {b.lost:,}"
        )
    out.append(f"  {len(better)} better:")
    out += ["    " + line for line in better]
    out.append(f"  {len(worse)} worse:")
    out += ["    " + line for line in worse]
    return "\n".join(out)


def cmd_compare(args: argparse.Namespace) -> int:
    loading = args.loading or default_loading()
    jobs = jobs_for(args.cache, args.name, args.only, loading)
    if not jobs:
        print(f"no captured pages for {args.name!r}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    pages: list[PageResult] = []
    for page in run_jobs(jobs, args.jobs, args.timeout, args.memory_mb, args.compare_timeout):
        pages.append(page)
        if not args.quiet:
            status = "  ".join(
                f"{fmt} "
                + ("exact" if r.exact else f"{r.status} " * (r.status != "ok") + f"{r.matching}/{r.golden_lines}")
                for fmt, r in page.formats.items()
            )
            print(
                f"[{len(pages):4}/{len(jobs)}] {page.rel}  {status}  {page.seconds:.1f}s", file=sys.stderr, flush=True
            )
    pages.sort(key=lambda p: p.rel)
    meta = {
        "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "axsynth": axsynth_version(),
        "timeout": args.timeout,
        "serve": load_manifest(args.cache, args.name).get("serve", "page"),
        "loading": loading,
        "seconds": round(time.perf_counter() - started, 1),
    }
    stamp = meta["created"].replace(":", "").replace("+0000", "Z")
    out = args.out or results_dir(args.cache, args.name) / f"{stamp}-{meta['axsynth']['commit'] or 'unknown'}.json"
    save_results(out, results_to_json(args.name, pages, meta))
    print(
        f"{args.name}: {len(pages)} pages compared in {meta['seconds']:.0f}s with axsynth "
        f"{meta['axsynth']['commit']}{' (modified)' if meta['axsynth']['dirty'] else ''}; results {out}"
    )
    print(report(pages, args.top, args.examples))
    if args.baseline:
        baseline = find_results(args.cache, args.name, args.baseline, exclude=out)
        print()
        print(format_baseline(load_results(baseline)[1], pages, baseline))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """One run's report again; with several corpora, their newest runs as one (pages
    named NAME/relpath), so causes are ranked over all of them."""
    if len(args.names) > 1 and (args.results or args.baseline):
        sys.exit("--results and --baseline take one corpus")
    pages: list[PageResult] = []
    for name in args.names:
        path = find_results(args.cache, name, args.results or "last")
        data, loaded = load_results(path)
        print(
            f"{name}: {len(loaded)} pages, results {path} (axsynth {data.get('axsynth', {}).get('commit')}, "
            f"{data.get('created')})"
        )
        if len(args.names) > 1:
            for fmt in args.format or FORMATS:
                print("  " + format_summary(fmt, summarize(loaded, fmt)))
            loaded = [PageResult(f"{name}/{p.rel}", p.formats, p.seconds) for p in loaded]
        pages += loaded
    print(report(pages, args.top, args.examples, args.format or FORMATS))
    if args.baseline:
        baseline = find_results(args.cache, args.names[0], args.baseline, exclude=path)
        print()
        print(format_baseline(load_results(baseline)[1], pages, baseline))
    return 0


# --- one page's diff -----------------------------------------------------------


def unified_diff(fmt: str, golden: str, actual: str, style: str = "json", context: int = 4) -> str:
    """Chromium's golden against axsynth's output, as ``python -m axsynth.conformance
    --diff`` shows a fixture (``json``: CDP one key per line), or ``nodes``: one CDP
    node per line without its renumbered ids, the lines the classification compares."""
    if fmt == "cdp" and style == "json":
        golden = json.dumps(json.loads(golden), indent=1, ensure_ascii=False) + "\n"
        actual = json.dumps(json.loads(actual), indent=1, ensure_ascii=False) + "\n"
    elif fmt == "cdp":
        golden = "".join(conformance._without_ids(x) + "\n" for x in text_lines(golden))
        actual = "".join(conformance._without_ids(x) + "\n" for x in text_lines(actual))
    return "".join(
        difflib.unified_diff(
            [x + "\n" for x in text_lines(golden)],
            [x + "\n" for x in text_lines(actual)],
            "chromium",
            "axsynth",
            n=context,
        )
    )


def find_job(cache: Path, name: str, page: str, loading: str | None = None) -> Job:
    """The captured page named exactly, or the only one whose path contains ``page``."""
    jobs = jobs_for(cache, name, loading=loading)
    exact = [j for j in jobs if j.rel == page]
    matches = exact or [j for j in jobs if page in j.rel]
    if len(matches) != 1:
        listed = ", ".join(j.rel for j in matches[:10])
        sys.exit(f"{len(matches)} captured pages of {name!r} match {page!r}" + (f": {listed}" if listed else ""))
    return matches[0]


def cmd_diff(args: argparse.Namespace) -> int:
    job = find_job(args.cache, args.name, args.page, args.loading)
    doc = job.document()
    for fmt in args.format or FORMATS:
        golden = job.goldens[fmt].read_text(encoding="utf-8")
        actual = render(doc, fmt)
        result = compare_texts(fmt, golden, actual)
        print(
            f"== {fmt} {job.rel} ({job.url}): "
            + ("byte-exact" if result.exact else f"{result.matching}/{result.golden_lines} golden lines match")
        )
        for group, stat in sorted(result.groups.items(), key=lambda g: (-g[1].lost - g[1].extra, g[0])):
            print(f"  {stat.lost:5} lost {stat.extra:5} extra {stat.items:4}×  {group}   (first at line {stat.line})")
        if not result.exact:
            print(unified_diff(fmt, golden, actual, args.style, args.context))
    return 0


# --- command line ------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tools/realweb.py", description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"default {DEFAULT_CACHE}")
    sub = parser.add_subparsers(dest="command", required=True)

    cap = sub.add_parser("capture", help="capture Chromium goldens for every page of a corpus")
    cap.add_argument("corpus_dir", type=Path)
    cap.add_argument("--name", required=True, help="corpus name: goldens/NAME, URLs http://realweb.test/NAME/")
    cap.add_argument("--commit", help="the corpus repository's commit, recorded in the manifest")
    cap.add_argument("--page-timeout", type=float, default=30, help="Playwright timeout per step (s)")
    cap.add_argument(
        "--hang-timeout", type=float, default=180, help="kill the browser if one page takes longer than this (s)"
    )
    cap.add_argument("--retry-failed", action="store_true", help="capture pages that failed before again")
    cap.add_argument("--only", default="", metavar="TEXT", help="only pages whose path contains TEXT")
    cap.add_argument(
        "--serve",
        choices=SERVE_MODES,
        default="page",
        help="page: each page's own bytes only (saved documents, the default); "
        "files: any file of the corpus directory (pages with their stylesheets and frames)",
    )
    cap.set_defaults(run=cmd_capture)

    cmp = sub.add_parser("compare", help="run axsynth on every captured page and rank the differences")
    cmp.add_argument("name")
    cmp.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    cmp.add_argument(
        "--timeout", type=float, default=180, help="seconds of axsynth per page before the page counts as a hang"
    )
    cmp.add_argument(
        "--compare-timeout", type=float, default=900, help="seconds for comparing one format of a page with its golden"
    )
    cmp.add_argument("--memory-mb", type=int, default=4096, help="address-space limit per worker (0: none)")
    cmp.add_argument("--only", default="", metavar="TEXT", help="only pages whose path contains TEXT")
    cmp.add_argument("--out", type=Path, help="results file (default: results/NAME/<time>-<commit>.json)")
    cmp.add_argument("--baseline", metavar="FILE|last", help="list pages that got better or worse since then")
    cmp.add_argument("--top", type=int, default=30, help="rows per histogram")
    cmp.add_argument("--examples", type=int, default=2, help="example pages per group")
    cmp.add_argument("--quiet", action="store_true", help="no line per page while running")
    cmp.add_argument(
        "--loading",
        choices=LOADINGS,
        help="a --serve files corpus: give axsynth the page's folder (page-dir) or the whole corpus "
        "as a site (site; the default once axsynth supports it)",
    )
    cmp.set_defaults(run=cmd_compare)

    rep = sub.add_parser("report", help="print the report of a saved compare run again")
    rep.add_argument("names", nargs="+", metavar="NAME", help="one corpus, or several reported as one")
    rep.add_argument("--results", metavar="FILE", help="a results file of the one NAME (default: the newest)")
    rep.add_argument("--format", choices=FORMATS, action="append")
    rep.add_argument("--baseline", metavar="FILE|last")
    rep.add_argument("--top", type=int, default=30)
    rep.add_argument("--examples", type=int, default=2)
    rep.set_defaults(run=cmd_report)

    dif = sub.add_parser("diff", help="Chromium against axsynth for one page")
    dif.add_argument("name")
    dif.add_argument("page", help="the page's path below the corpus, or a unique part of it")
    dif.add_argument("--format", choices=FORMATS, action="append", help="default: both")
    dif.add_argument(
        "--style",
        choices=("json", "nodes"),
        default="json",
        help="CDP as indented JSON (as axsynth.conformance --diff) or one node per line without ids",
    )
    dif.add_argument("--context", type=int, default=4, help="lines of context")
    dif.add_argument(
        "--loading",
        choices=LOADINGS,
        help="a --serve files corpus: give axsynth the page's folder (page-dir) or the whole corpus "
        "as a site (site; the default once axsynth supports it)",
    )
    dif.set_defaults(run=cmd_diff)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `realweb.py diff ... | head` ends quietly
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
