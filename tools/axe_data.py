#!/usr/bin/env python3
"""Vendor axe-core's rule catalogue and ARIA/HTML standards tables as data.

axsynth's audit (``axsynth/audit/``) follows axe-core's rules: their ids, selectors,
tags, impacts, checks, messages and check options, and the ARIA and HTML tables the
checks read (which attributes a role allows or requires, implicit roles, content
models). Those are facts, kept here as data apart from axsynth's own logic, read
from an installed axe-core (npm) by Node:

    npm install --prefix /work/scratch/axe axe-core@4.14.1
    python tools/axe_data.py /work/scratch/axe/node_modules/axe-core

writes ``axsynth/audit/axe_catalog.json`` (rules, checks, messages) and
``axsynth/audit/axe_standards.json`` (ariaAttrs, ariaRoles, htmlElms, validLangs, and the
character classes of its text checks). Functions
(``matches``, ``evaluate``) are axe-core's code and are not copied: each rule keeps
the *name* of its matches function, which axsynth's own code implements.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "axsynth" / "audit"

# Runs in Node with the package's own entry point: plain data out of axe's default config.
DUMP = r"""
const axe = require(process.argv[1]);
const config = axe._audit.defaultConfig;
const plain = value => JSON.parse(JSON.stringify(value, (key, v) => (typeof v === 'function' ? undefined : v)));
const checkRef = ref => (typeof ref === 'string' ? {id: ref} : {id: ref.id, options: ref.options});
const rules = config.rules.map(rule => ({
  id: rule.id,
  selector: rule.selector || '*',
  excludeHidden: rule.excludeHidden !== false,
  enabled: rule.enabled !== false,
  pageLevel: rule.pageLevel === true,
  reviewOnFail: rule.reviewOnFail === true,
  matches: typeof rule.matches === 'string' ? rule.matches : null,
  impact: rule.impact || null,
  tags: rule.tags || [],
  any: (rule.any || []).map(checkRef),
  all: (rule.all || []).map(checkRef),
  none: (rule.none || []).map(checkRef),
  ...plain(config.data.rules[rule.id] || {}),
}));
const checks = Object.fromEntries(config.checks.map(check => [check.id, {
  evaluate: typeof check.evaluate === 'string' ? check.evaluate : null,
  after: typeof check.after === 'string' ? check.after : null,
  options: check.options === undefined ? null : plain(check.options),
  ...plain(config.data.checks[check.id] || {}),
}]));
const standards = plain(axe._audit.standards);
delete standards.cssColors;  // colours are parsed by tinycss2
standards.validLangs = axe.utils.validLangs().join(' ');  // the language codes lang= may start with
process.stdout.write(JSON.stringify({version: axe.version, rules, checks, standards}));
"""


# Character classes axe's text checks use (emoji, non-BMP symbols, punctuation), as the
# regular-expression literals its functions return (JavaScript syntax, UTF-16 code units).
UNICODE_FUNCTIONS = {
    "emoji": "emoji_regex_default",
    "nonBmp": "getUnicodeNonBmpRegExp",
    "supplementaryPrivateUse": "getSupplementaryPrivateUseRegExp",
    "categoryFormat": "getCategoryFormatRegExp",
    "variationSelector": "getVariationSelectorRegExp",
    "punctuation": "getPunctuationRegExp",
}


def unicode_classes(package: Path) -> dict[str, str]:
    source = (package / "axe.js").read_text(encoding="utf-8")
    found = {}
    for key, function in UNICODE_FUNCTIONS.items():
        match = re.search(rf"{function}\b[^{{]*\{{\s*return /(.+?)/g;", source)
        if match is None:
            sys.exit(f"axe.js has no {function}: update UNICODE_FUNCTIONS")
        found[key] = match.group(1)
    return found


def dump(package: Path) -> dict:
    found = subprocess.run(["node", "-e", DUMP, str(package.resolve())], capture_output=True, text=True, check=False)
    if found.returncode:
        sys.exit(f"node could not load axe-core from {package}: {found.stderr.strip()}")
    return json.loads(found.stdout)


def write(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size:,} bytes)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("package", type=Path, help="an installed axe-core package (node_modules/axe-core)")
    args = parser.parse_args()
    data = dump(args.package)
    source = f"axe-core {data['version']} (npm), Mozilla Public License 2.0; written by tools/axe_data.py"
    write(
        OUT / "axe_catalog.json",
        {"source": source, "version": data["version"], "rules": data["rules"], "checks": data["checks"]},
    )
    write(OUT / "axe_standards.json", {"source": source, **data["standards"], "unicode": unicode_classes(args.package)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
