"""Measure the agent format over tests/fixtures/large/*.html.

    PYTHONPATH=. python tools/agent_metrics.py [--stability] [--tokens] [--diff]

--stability: apply unrelated edits to each page (insert / remove paragraphs and
sections away from the controls), and count how many interactive elements keep
their ref.  Edits add or remove no interactive element, so the i-th ref of the
original page is compared with the i-th ref of the edited one.

--tokens: a chars/4 token estimate of agent vs devtools vs aria vs CDP JSON vs raw HTML.

--flat: the size of the flat JSON (compact) against the agent outline and raw HTML.

--diff: the size in lines of ``Document.diff`` (agent and aria formats) between each
page and each edited version: the unrelated edits above, and one edit of a control.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from axsynth import Document

LARGE = sorted((Path(__file__).parents[1] / "tests" / "fixtures" / "large").glob("*.html"))
_PLAIN_P = re.compile(
    r"<p\b[^>]*>(?:(?!</p>|<a\b|<button|<input|<select|<textarea|tabindex|onclick).)*?</p>", re.S | re.I
)


def _after_open(html: str, tag: str, insert: str) -> str:
    m = re.search(rf"<{tag}\b[^>]*>", html, re.I)
    return html[: m.end()] + insert + html[m.end() :] if m else html


def _before_close(html: str, tag: str, insert: str) -> str:
    i = html.lower().rfind(f"</{tag}>")
    return html[:i] + insert + html[i:] if i >= 0 else html


def _middle_paragraph(html: str, insert: str) -> str:
    ends = [m.end() for m in re.finditer(r"</p>", html, re.I)]
    if not ends:
        return html
    i = ends[len(ends) // 2]
    return html[:i] + insert + html[i:]


def _remove_first_plain_paragraph(html: str) -> str:
    return _PLAIN_P.sub("", html, count=1)


EDITS = {
    "insert <p> at top of body": lambda h: _after_open(h, "body", "<p>Site notice: maintenance on Sunday.</p>"),
    "insert <section> after header": lambda h: (
        h.replace("</header>", "</header><section><h2>Promo</h2><p>Save 10%.</p></section>", 1)
        if "</header>" in h
        else _after_open(h, "body", "<section><h2>Promo</h2></section>")
    ),
    "insert <p> mid-page": lambda h: _middle_paragraph(h, "<p>An inserted paragraph.</p>"),
    "remove first plain <p>": _remove_first_plain_paragraph,
    "append <div><p> to end of main": lambda h: _before_close(h, "main", "<div><p>Related reading.</p></div>"),
}


def refs_in_order(html: str, url: str) -> list[str]:
    doc = Document.from_html(html, url)
    return [r.ref for r in doc.agent_emitter._refs.values()]


def stability() -> None:
    total = kept = 0
    print("| page | edit | refs | kept |")
    print("|---|---|---:|---:|")
    for path in LARGE:
        html = path.read_text(encoding="utf-8")
        url = path.resolve().as_uri()
        base = refs_in_order(html, url)
        for label, edit in EDITS.items():
            edited = edit(html)
            if edited == html:
                continue
            after = refs_in_order(edited, url)
            if len(after) != len(base):
                print(f"| {path.stem} | {label} | {len(base)} | (count changed: {len(after)}) |")
                continue
            same = sum(a == b for a, b in zip(base, after))
            total += len(base)
            kept += same
            print(f"| {path.stem} | {label} | {len(base)} | {same} ({same / len(base):.1%}) |")
    print(f"\nref stability: {kept}/{total} = {kept / total:.2%}")


def tokens() -> None:
    print(
        "| page | raw HTML | CDP JSON | aria | devtools | agent (50 KB cap) | agent (no cap) | agent"
        " --interactive-only |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    sums = [0] * 7
    for path in LARGE:
        html = path.read_text(encoding="utf-8")
        doc = Document.from_html(html, path.resolve().as_uri())
        cdp = json.dumps(doc.get_full_ax_tree(), ensure_ascii=False)
        aria = doc.aria_snapshot()
        devtools = doc.devtools_snapshot()
        emitter = doc.agent_emitter
        agent_capped = emitter.snapshot().text
        agent_full = emitter.snapshot(max_bytes=None).text
        agent_io = emitter.snapshot(max_bytes=None, interactive_only=True).text
        row = [len(t) // 4 for t in (html, cdp, aria, devtools, agent_capped, agent_full, agent_io)]
        sums = [a + b for a, b in zip(sums, row)]
        print(f"| {path.stem} | " + " | ".join(f"{n:,}" for n in row) + " |")
    print("| **total** | " + " | ".join(f"**{n:,}**" for n in sums) + " |")


def flat_sizes() -> None:
    print("| page | raw HTML | agent (no cap) | flat | flat --include-values | flat / agent | flat / HTML |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    sums = [0] * 4
    for path in LARGE:
        html = path.read_text(encoding="utf-8")
        doc = Document.from_html(html, path.resolve().as_uri())
        agent = doc.agent_snapshot(max_bytes=None).text
        flat = json.dumps(doc.flat_snapshot(), ensure_ascii=False, separators=(",", ":"))
        valued = json.dumps(doc.flat_snapshot(include_values=True), ensure_ascii=False, separators=(",", ":"))
        row = [len(t) // 4 for t in (html, agent, flat, valued)]
        sums = [a + b for a, b in zip(sums, row)]
        print(
            f"| {path.stem} | "
            + " | ".join(f"{n:,}" for n in row)
            + f" | {row[2] / row[1]:.2f} | {row[2] / row[0]:.2f} |"
        )
    print(
        "| **total** | "
        + " | ".join(f"**{n:,}**" for n in sums)
        + f" | **{sums[2] / sums[1]:.2f}** | **{sums[2] / sums[0]:.2f}** |"
    )


def _disable_first_button(html: str) -> str:
    return re.sub(r"<button\b", "<button disabled", html, count=1, flags=re.I)


def diff_sizes() -> None:
    edits = {**EDITS, "disable the first <button> (related)": _disable_first_button}
    print("| page | edit | agent diff lines | aria diff lines |")
    print("|---|---|---:|---:|")
    worst = {"agent": 0, "aria": 0}
    for path in LARGE:
        html = path.read_text(encoding="utf-8")
        url = path.resolve().as_uri()
        base = Document.from_html(html, url)
        for label, edit in edits.items():
            edited = edit(html)
            if edited == html:
                continue
            other = Document.from_html(edited, url)
            sizes = {fmt: len(base.diff(other, fmt).text.splitlines()) for fmt in ("agent", "aria")}
            if "related" not in label:
                worst = {fmt: max(worst[fmt], sizes[fmt]) for fmt in worst}
            print(f"| {path.stem} | {label} | {sizes['agent']} | {sizes['aria']} |")
    print(f"\nlargest diff of an unrelated edit: agent {worst['agent']} lines, aria {worst['aria']} lines")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--stability", action="store_true")
    parser.add_argument("--tokens", action="store_true")
    parser.add_argument("--diff", action="store_true")
    parser.add_argument("--flat", action="store_true")
    args = parser.parse_args()
    chosen = args.stability or args.tokens or args.diff or args.flat
    if args.stability or not chosen:
        stability()
    if args.tokens or not chosen:
        tokens()
    if args.diff or not chosen:
        diff_sizes()
    if args.flat or not chosen:
        flat_sizes()
