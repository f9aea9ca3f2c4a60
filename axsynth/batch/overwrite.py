"""Never write the batch's output over one of its inputs.

The output is opened (and truncated) before the inputs are read, so an output that is
also an input, after symbolic links are resolved, would destroy that page: ``axsynth
batch x.html --out x.html`` is refused before any work.  An output made inside an input
directory, or matched by an input pattern, is skipped when the walk meets it."""

from __future__ import annotations

import glob
import os
import stat
from pathlib import Path
from typing import Iterable, Iterator

from .output import OutputError
from .sources import HTML_SUFFIXES, WARC_SUFFIXES, Page


def refuse_output_among_inputs(out: str, inputs: Iterable[str]) -> None:
    """OutputError when the existing output file is one of the inputs: a file named, a
    ``@list`` or a page it names, a file a pattern matches, a page under a directory."""
    identity = _identity(out)
    if identity is None:
        return  # no such file yet (or not a file): no page to lose
    real = Path(os.path.realpath(out))
    for spec in inputs:
        for named in _named_by(spec, real):
            if _identity(named) == identity:
                raise OutputError(
                    f"the output {out} is also an input ({named}): writing it would destroy that file"
                    " before it is read; choose another output"
                )


def skip_output(pages: Iterable[Page], out: str) -> Iterator[Page]:
    """The pages, with the output file itself (made inside an input directory, or matched
    by an input pattern once made) as an error page instead of being read."""
    identity = _identity(out)
    for page in pages:
        if identity is not None and page.payload is None and page.error is None and _identity(page.source) == identity:
            yield Page(page.source, error=f"{page.source} is this batch's output file (--out): not read")
        else:
            yield page


def _named_by(spec: str, real_out: Path) -> Iterator[str]:
    """The files an input spec names without walking a directory (a directory yields the
    output itself when the walk would find it there)."""
    if spec.startswith("@"):
        yield spec[1:]
        try:
            entries = Path(spec[1:]).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return
        for entry in entries:
            if entry.strip() and not entry.startswith("@"):
                yield from _named_by(entry.strip(), real_out)
    elif os.path.isdir(spec):
        inside = Path(os.path.realpath(spec)) in real_out.parents
        if inside and real_out.name.lower().endswith(HTML_SUFFIXES + WARC_SUFFIXES):
            yield str(real_out)
    elif glob.has_magic(spec) and not os.path.exists(spec):
        yield from glob.iglob(spec, recursive=True)
    else:
        yield spec


def _identity(path: str) -> tuple[int, int] | None:
    """The (device, inode) of a regular file, through symbolic links; None otherwise."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None
