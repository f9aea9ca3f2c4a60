"""Reading speed of the two maintained WARC libraries: warcio and FastWARC.

Builds a gzipped WARC (the 11 large fixtures, repeated, as HTML responses, each
followed by a small image response), then reads every HTML payload with each library,
best of 3, in the same run.  Usage: ``python benchmarks/warc_readers.py [--copies 40]``.
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

LARGE = Path(__file__).parents[1] / "tests" / "fixtures" / "large"


def build(path: Path, copies: int) -> int:
    pages = [p.read_bytes() for p in sorted(LARGE.glob("*.html"))]
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=True)
        for i in range(copies):
            for j, body in enumerate(pages):
                for uri, type_, payload in (
                    (f"https://example.org/{i}/{j}", "text/html; charset=utf-8", body),
                    (f"https://example.org/{i}/{j}.png", "image/png", b"\x89PNG" * 500),
                ):
                    headers = StatusAndHeaders("200 OK", [("Content-Type", type_)], protocol="HTTP/1.1")
                    writer.write_record(
                        writer.create_warc_record(uri, "response", payload=io.BytesIO(payload), http_headers=headers)
                    )
    return copies * len(pages)


def read_warcio(path: Path) -> int:
    from warcio.archiveiterator import ArchiveIterator

    total = 0
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type == "response" and record.http_headers.get_header("Content-Type", "").startswith(
                "text/html"
            ):
                total += len(record.content_stream().read())
    return total


def read_fastwarc(path: Path) -> int:
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    total = 0
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream, record_types=WarcRecordType.response, parse_http=True):
            if record.http_headers.get("Content-Type", "").startswith("text/html"):
                total += len(record.reader.read())
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--copies", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.warc.gz"
        pages = build(path, args.copies)
        print(f"{pages} HTML records (+ {pages} image records), {path.stat().st_size / 1e6:.1f} MB gzipped")
        sizes = {}
        for name, read in (("warcio", read_warcio), ("fastwarc", read_fastwarc)):
            best = float("inf")
            for _ in range(3):
                cpu = time.process_time()
                sizes[name] = read(path)
                best = min(best, time.process_time() - cpu)
            print(f"{name:9} {best:6.3f} CPU s  {pages / best:8.0f} records/s  {sizes[name] / 1e6 / best:6.1f} MB/s")
        assert sizes["warcio"] == sizes["fastwarc"], sizes


if __name__ == "__main__":
    main()
