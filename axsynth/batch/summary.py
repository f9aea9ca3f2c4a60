"""Aggregate the ``--stats`` of a batch: totals, and the share of pages with each problem."""

from __future__ import annotations

import html
from collections import Counter
from typing import Iterable

from .audit_summary import AuditTally
from .audit_summary import render_html as render_audit_html
from .audit_summary import render_text as render_audit_text
from .stats import FORM_FIELD_ROLES, LANDMARK_ROLES

#: (key, what it counts): each is a share of the pages that have stats.
PAGE_CHECKS = (
    ("unnamed_buttons", "pages with a button without a name"),
    ("unnamed_links", "pages with a link without a name"),
    ("unnamed_form_fields", "pages with a form field without a name"),
    ("unnamed_images", "pages with an image without a name"),
    ("no_main", "pages with no main landmark"),
    ("heading_skips", "pages that skip a heading level"),
    ("no_h1", "pages with no level-1 heading"),
    ("no_lang", "pages with no document language"),
)


def summarize(lines: Iterable[dict]) -> dict:
    """Totals and rates over the output lines of a batch, read once (lines without
    stats count as pages only)."""
    pages = ok = with_stats = 0
    cpu_s = 0.0
    failing: Counter[str] = Counter()
    unnamed_by_role: Counter[str] = Counter()
    landmarks: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    audits = AuditTally()
    for line in lines:
        pages += 1
        cpu_s += line.get("cpu_s") or 0
        if not line.get("ok"):
            errors[_error_kind(line)] += 1
            continue
        ok += 1
        audits.add(line.get("audit"))
        stats = line.get("stats")
        if not isinstance(stats, dict):
            continue
        with_stats += 1
        for key, failed in _checks(stats).items():
            failing[key] += failed
        unnamed_by_role.update(stats["unnamed_interactive"])
        landmarks.update(stats["landmarks"])
        totals.update(
            {key: stats[key] for key in ("nodes", "ignored", "interactive", "unnamed_images", "heading_skips")}
        )
    summary = {
        "pages": pages,
        "ok": ok,
        "errors": pages - ok,
        "pages_with_stats": with_stats,
        "cpu_s": round(cpu_s, 3),
        "totals": {
            **{key: totals[key] for key in ("nodes", "ignored", "interactive")},
            "unnamed_interactive": sum(unnamed_by_role.values()),
            "unnamed_images": totals["unnamed_images"],
            "heading_skips": totals["heading_skips"],
        },
        "checks": {
            key: {"label": label, "pages": failing[key], "share": _share(failing[key], with_stats)}
            for key, label in PAGE_CHECKS
        },
        "unnamed_by_role": dict(unnamed_by_role.most_common()),
        "landmarks": {
            role: {"pages": landmarks[role], "share": _share(landmarks[role], with_stats)} for role in LANDMARK_ROLES
        },
        "top_errors": dict(errors.most_common(10)),
    }
    audit = audits.result()
    if audit is not None:
        summary["audit"] = audit
    return summary


_COUNTS = ("nodes", "ignored", "interactive", "unnamed_images", "heading_skips")
_COUNTS_BY_KEY = ("unnamed_interactive", "headings")


def line_problem(line: dict) -> str | None:
    """Why a batch output line cannot be summarized (its shape is not what ``batch``
    writes), or None: ``summarize`` reads no line it would misread."""
    if not isinstance(line.get("source"), str):
        return "no source: not a batch output line"
    if not isinstance(line.get("ok"), bool):
        return "'ok' is not true or false"
    if line.get("cpu_s") is not None and not _is_number(line["cpu_s"]):
        return "'cpu_s' is not a number"
    stats = line.get("stats")
    if stats is None:
        return None
    if not isinstance(stats, dict):
        return "'stats' is not an object"
    for key in _COUNTS:
        if not _is_count(stats.get(key)):
            return f"stats.{key} is missing or not a count"
    for key in _COUNTS_BY_KEY:
        value = stats.get(key)
        if not isinstance(value, dict) or not all(_is_count(count) for count in value.values()):
            return f"stats.{key} is missing or not counts by name"
    landmarks = stats.get("landmarks")
    if not isinstance(landmarks, list) or not all(isinstance(role, str) for role in landmarks):
        return "stats.landmarks is missing or not a list of roles"
    if "lang" not in stats or not isinstance(stats["lang"], (str, type(None))):
        return "stats.lang is missing or not a string"
    return None


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _checks(stats: dict) -> dict[str, bool]:
    unnamed = stats["unnamed_interactive"]
    return {
        "unnamed_buttons": unnamed.get("button", 0) > 0,
        "unnamed_links": unnamed.get("link", 0) > 0,
        "unnamed_form_fields": any(unnamed.get(role, 0) for role in FORM_FIELD_ROLES),
        "unnamed_images": stats["unnamed_images"] > 0,
        "no_main": "main" not in stats["landmarks"],
        "heading_skips": stats["heading_skips"] > 0,
        "no_h1": "1" not in stats["headings"],
        "no_lang": not stats["lang"],
    }


def _error_kind(line: dict) -> str:
    """The error without the page's own path, so that like errors count together."""
    return str(line.get("error", "")).replace(str(line.get("source", "")), "PAGE")


def _share(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def render_text(summary: dict) -> str:
    out = [
        f"pages: {summary['pages']} ({summary['ok']} ok, {summary['errors']} errors), "
        f"{summary['pages_with_stats']} with stats, {summary['cpu_s']:.1f} CPU s"
    ]
    if summary.get("unreadable_lines"):
        out.append(f"unreadable lines skipped: {summary['unreadable_lines']:,} (not counted above)")
    totals = summary["totals"]
    out.append("nodes: " + ", ".join(f"{value:,} {key.replace('_', ' ')}" for key, value in totals.items()))
    if summary["pages_with_stats"]:
        out.append("")
        width = max(len(check["label"]) for check in summary["checks"].values())
        for check in summary["checks"].values():
            out.append(f"  {check['label']:<{width}}  {check['pages']:>7,}  {100 * check['share']:5.1f}%")
        if summary["unnamed_by_role"]:
            out.append(
                "\nunnamed controls by role: "
                + ", ".join(f"{role} {count:,}" for role, count in summary["unnamed_by_role"].items())
            )
        out.append(
            "landmarks (share of pages): "
            + ", ".join(f"{role} {100 * value['share']:.0f}%" for role, value in summary["landmarks"].items())
        )
    elif "audit" not in summary:
        out.append("no page has stats or an audit: run `axsynth batch --stats` or `--audit`")
    if "audit" in summary:
        out += render_audit_text(summary["audit"])
    if summary["top_errors"]:
        out.append("\nerrors:")
        out += [f"  {count:>7,}  {message}" for message, count in summary["top_errors"].items()]
    return "\n".join(out) + "\n"


def render_html(summary: dict, title: str) -> str:
    """One self-contained page (inline CSS, no script): the figures and three bar charts."""
    charts = [
        _chart(
            "Share of pages with each problem",
            [(check["label"], check["share"], _share_text(check)) for check in summary["checks"].values()],
        ),
        _chart(
            "Share of pages with each landmark",
            [(role, value["share"], _share_text(value)) for role, value in summary["landmarks"].items()],
        ),
    ]
    by_role = summary["unnamed_by_role"]
    if by_role:
        most = max(by_role.values())
        charts.append(
            _chart(
                "Controls without a name, by role",
                [(role, count / most, f"{count:,}") for role, count in by_role.items()],
            )
        )
    totals = "".join(
        f"<tr><th>{html.escape(key.replace('_', ' '))}</th><td>{value:,}</td></tr>"
        for key, value in [
            ("pages", summary["pages"]),
            ("ok", summary["ok"]),
            ("errors", summary["errors"]),
            ("unreadable lines skipped", summary.get("unreadable_lines", 0)),
            *summary["totals"].items(),
        ]
    )
    errors = "".join(
        f"<tr><td>{count:,}</td><td>{html.escape(message)}</td></tr>"
        for message, count in summary["top_errors"].items()
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>axsynth summary: {html.escape(title)}</title>
<style>
body {{ font: 15px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
th, td {{ text-align: left; padding: .2em .8em .2em 0; }}
.chart {{ margin-bottom: 2em; }}
.bar-row {{ display: grid; grid-template-columns: 22em 1fr 7em; align-items: center; gap: .6em; margin: .25em 0; }}
.track {{ background: #eee; height: 1.1em; }}
.bar {{ background: #3a6fb0; height: 100%; }}
.value {{ font-variant-numeric: tabular-nums; white-space: nowrap; }}
</style></head>
<body><main>
<h1>Accessibility summary of {html.escape(title)}</h1>
<table>{totals}</table>
{"".join(charts)}
{render_audit_html(summary["audit"], _chart) if "audit" in summary else ""}
{f"<h2>Errors</h2><table>{errors}</table>" if errors else ""}
</main></body></html>
"""


def _share_text(figure: dict) -> str:
    return f"{100 * figure['share']:.0f}% ({figure['pages']:,})"


def _chart(title: str, rows: list[tuple[str, float, str]]) -> str:
    """A bar per row: (label, length as a fraction of the track, the figure it shows)."""
    bars = "".join(
        f'<div class="bar-row"><span>{html.escape(label)}</span>'
        f'<div class="track" role="img" aria-label="{html.escape(text)}">'
        f'<div class="bar" style="width:{100 * fraction:.1f}%">'
        f'</div></div><span class="value">{html.escape(text)}</span></div>'
        for label, fraction, text in rows
    )
    return f'<section class="chart"><h2>{html.escape(title)}</h2>{bars}</section>'
