"""Checks of annotated screenshots made without axsynth's code: the map's selectors resolved
by a resolver of their own, and PNG pixels decoded by a reader of their own. Used by
test_screenshot.py and benchmarks/screenshot.py."""

from __future__ import annotations

import struct
import zlib

# An implementation of its own of the map's selector syntax (" >>> " enters a shadow root,
# "frames" lists the iframes to enter): every element the selector matches, and its box.
RESOLVE = """([selector, frames]) => {
  let doc = document, dx = 0, dy = 0;
  for (const frame of frames) {
    const iframe = doc.querySelector(frame), r = iframe.getBoundingClientRect(), s = getComputedStyle(iframe);
    dx += r.left + iframe.clientLeft + parseFloat(s.paddingLeft);
    dy += r.top + iframe.clientTop + parseFloat(s.paddingTop);
    doc = iframe.contentDocument;
    if (!doc) return null;  // a frame of another origin
  }
  let found = [doc];
  for (const part of selector.split(" >>> ")) {
    found = found.flatMap((scope) => Array.from((scope.shadowRoot || scope).querySelectorAll(part)));
  }
  return found.map((el) => {
    const r = el.getBoundingClientRect();
    return {tag: el.localName, x: r.left + dx, y: r.top + dy, right: r.right + dx, bottom: r.bottom + dy};
  });
}"""


def read_png(data: bytes) -> tuple[int, int, int, list[bytearray]]:
    """(width, height, bytes per pixel, rows) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and not interlace
    bpp = 3 if colour_type == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, bpp, rows
