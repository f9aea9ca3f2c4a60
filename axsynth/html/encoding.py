"""How Chromium turns a document's bytes into text (TextResourceDecoder).

The encoding is decided once, before parsing: a byte order mark; else a
``<meta>`` charset found by Chromium's HTMLMetaCharsetParser, which reads tags
while they may belong in ``<head>`` (and at least the first 1024 bytes), so a
``<meta>`` deep in the body is not seen; else the encoding of an ``<?xml?>``
declaration opening the document; else, for a page read from a ``file:``
URL, UTF-8 when the bytes are valid UTF-8; else windows-1252. Chromium does not
decode again when the parser meets a later ``<meta>``.

The bytes are decoded as the Encoding standard's decoders do: windows-125x map
their unassigned bytes to C1 controls, and the multi-byte decoders recover from
an invalid sequence by emitting U+FFFD and reading an ASCII byte that followed
the lead byte again.
"""

from __future__ import annotations

import codecs
import re

import webencodings

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16le"), (codecs.BOM_UTF16_BE, "utf-16be"))
_SCAN_AT_LEAST = 1024  # kBytesToCheckUnconditionally
# Tags HTMLMetaCharsetParser lets pass while it is still in the head section.
_HEAD_TAGS = frozenset({"script", "noscript", "style", "link", "meta", "object", "title", "base"})
# Elements whose content the tokenizer reads as text until their end tag.
_RAW_TEXT = frozenset({"script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes"})
_TAG = re.compile(r"<(/?)([A-Za-z][^\t\n\f\r />]*)")
_ATTRIBUTE = re.compile(
    r"""[\t\n\f\r /]*([^\t\n\f\r /=>][^\t\n\f\r /=>]*)"""
    r"""(?:[\t\n\f\r ]*=[\t\n\f\r ]*("[^"]*"?|'[^']*'?|[^\t\n\f\r >]*))?"""
)
_XML_ENCODING = re.compile(r"""encoding[\t\n\r ]*=[\t\n\r ]*(["'])([^"']*)\1""")
_CHARSET_IN_CONTENT = re.compile(r"charset[\t\n\f\r ]*=[\t\n\f\r ]*(\"[^\"]*\"?|'[^']*'?|[^\t\n\f\r ;]*)", re.I)


def decode(data: bytes, url: str) -> tuple[str, str]:
    """The document's text and the name of the encoding it was read with."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return decode_as(name, data[len(bom) :]), name
    name = meta_charset(data) or xml_declaration_encoding(data) or likely_encoding(data, url) or "windows-1252"
    return decode_as(name, data), name


def xml_declaration_encoding(data: bytes) -> str | None:
    """TextResourceDecoder::CheckForXMLCharset, which HTML documents get too: an
    ``<?xml ... encoding="..."?>`` declaration at the very start (a <meta> wins)."""
    if not data.startswith(b"<?xml"):
        return None
    end = data.find(b"?>")
    match = _XML_ENCODING.search(data[: end if end >= 0 else 1024].decode("latin-1"))
    return _usable(webencodings.lookup(match.group(2))) if match else None


def likely_encoding(data: bytes, url: str) -> str | None:
    """What Chromium's detector finds in undeclared bytes: a page read from a file:
    URL that is valid UTF-8 is UTF-8 (over HTTP the windows-1252 fallback applies).
    Chromium's detector also recognizes legacy encodings in files (docs/divergences.md)."""
    if not url.startswith("file:") or data.isascii():
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return "utf-8"


# --- HTMLMetaCharsetParser --------------------------------------------------------


def meta_charset(data: bytes) -> str | None:
    """The encoding a ``<meta>`` declares, as Chromium finds it: tags are read in
    order; the scan ends at a declaration, or once it has left the head section
    (a tag not allowed there) and read at least 1024 bytes."""
    text = data.decode("latin-1")  # one character per byte: positions are byte offsets
    in_head, position = True, 0
    start = text.find("<!")
    while True:
        found = _TAG.search(text, position)
        if 0 <= start < position:
            # Found again only once passed: with no "<!" left, each tag would scan to the end.
            start = text.find("<!", position)
        if 0 <= start and (found is None or start < found.start()):
            position = _after_markup_declaration(text, start)
            continue
        if found is None:
            return None
        end_tag, name = found.group(1) == "/", found.group(2).lower()
        position = _tag_end(text, found.end())
        if not end_tag:
            if name == "meta":
                encoding = _meta_encoding(text[found.end() : position])
                if encoding is not None:
                    return encoding
            if name in _RAW_TEXT:
                close = re.compile(f"</{name}[\t\n\f\r />]", re.I).search(text, position)
                position = len(text) if close is None else close.start()
        if name not in _HEAD_TAGS and (end_tag or name not in ("html", "head")):
            in_head = False
        if not in_head and position >= _SCAN_AT_LEAST:
            return None


def _tag_end(text: str, position: int) -> int:
    """The position after a tag's closing ">", quoted attribute values skipped."""
    while position < len(text):
        char = text[position]
        if char == ">":
            return position + 1
        if char in "\t\n\f\r /":
            position += 1
            continue
        match = _ATTRIBUTE.match(text, position)
        position = match.end() if match and match.end() > position else position + 1
    return len(text)


def _after_markup_declaration(text: str, start: int) -> int:
    """The position after a comment (<!-- ... -->) or a <!DOCTYPE ...>-like declaration."""
    if text.startswith("<!--", start):
        end = text.find("-->", start + 4)
        return len(text) if end < 0 else end + 3
    end = text.find(">", start)
    return len(text) if end < 0 else end + 1


def _meta_encoding(attributes: str) -> str | None:
    """EncodingFromMetaAttributes: charset=, else http-equiv=content-type with a
    content naming a charset; only a label the Encoding standard knows counts."""
    attrs: dict[str, str] = {}
    for name, value in _ATTRIBUTE.findall(attributes):
        attrs.setdefault(name.lower(), _unquote(value))
    label = attrs.get("charset")
    if label is None and attrs.get("http-equiv", "").strip().lower() == "content-type":
        match = _CHARSET_IN_CONTENT.search(attrs.get("content", ""))
        label = _unquote(match.group(1)) if match else None
    return _usable(webencodings.lookup(label.strip())) if label else None


def _usable(encoding) -> str | None:
    """A declared encoding, as Chromium takes it: none if unknown; UTF-8 for UTF-16
    (the declaration itself was readable as ASCII)."""
    if encoding is None:
        return None
    if encoding.name in ("utf-16le", "utf-16be"):
        return "utf-8"
    return encoding.name if encoding.name != "x-user-defined" else "windows-1252"


def _unquote(value: str) -> str:
    return value[1:].rstrip(value[0]) if value[:1] in ("'", '"') else value


# --- the decoders -------------------------------------------------------------------


def decode_document(payload: bytes, charset: str | None) -> str | bytes:
    """A document served with a Content-Type ``charset``, decoded as a browser decodes
    it: a byte order mark wins over the label, and an unknown or absent label leaves the
    bytes to the parser's own sniffing (``<meta charset>``, then its guess)."""
    encoding = webencodings.lookup(charset) if charset else None
    if encoding is None or payload.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return payload
    return decode_as(encoding.name, payload)


def decode_as(name: str, data: bytes) -> str:
    """The Encoding standard's decoder for ``name`` (an encoding name, not a label)."""
    if name == "utf-8":
        return data.decode("utf-8", "replace")
    if name in _MULTI_BYTE:
        return _MULTI_BYTE[name](data)
    codec = webencodings.lookup(name).codec_info
    return codec.decode(data, "axsynth-c1" if name.startswith("windows-") else "replace")[0]


def _c1_for_unassigned(error: UnicodeDecodeError) -> tuple[str, int]:
    """The windows-125x indexes give their unassigned bytes 0x80-0x9F the C1 code
    point of the same value (windows-1252's 0x81 is U+0081, not U+FFFD)."""
    byte = error.object[error.start]
    return ("\ufffd" if not 0x80 <= byte <= 0x9F else chr(byte)), error.start + 1


codecs.register_error("axsynth-c1", _c1_for_unassigned)


def _two_byte(codec: str, lead_ok, trail_ok, single=lambda b: None):
    """A decoder for lead byte + trail byte encodings (Shift_JIS, EUC-KR, Big5):
    an unmapped pair is U+FFFD, and an ASCII trail byte is read again."""

    def decode(data: bytes) -> str:
        out: list[str] = []
        i, n = 0, len(data)
        while i < n:
            byte = data[i]
            if byte < 0x80:
                out.append(chr(byte))
                i += 1
                continue
            simple = single(byte)
            if simple is not None:
                out.append(simple)
                i += 1
                continue
            if not lead_ok(byte) or i + 1 >= n:
                out.append("\ufffd")
                i += 1
                continue
            trail = data[i + 1]
            text = None
            if trail_ok(trail):
                try:
                    text = data[i : i + 2].decode(codec)
                except UnicodeDecodeError:
                    text = None
            if text is not None:
                out.append(text)
                i += 2
            else:
                out.append("\ufffd")
                i += 1 if trail < 0x80 else 2
        return "".join(out)

    return decode


def _shift_jis_single(byte: int) -> str | None:
    if byte == 0x80:
        return "\x80"
    if 0xA1 <= byte <= 0xDF:
        return chr(0xFF61 - 0xA1 + byte)  # half-width katakana
    return None


def _gb18030(data: bytes) -> str:
    """The gb18030 decoder (GBK labels use it too): 0x80 is the euro sign; one-,
    two- and four-byte sequences; an invalid one is U+FFFD, ASCII bytes read again."""
    out: list[str] = []
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        if byte < 0x80:
            out.append(chr(byte))
            i += 1
        elif byte == 0x80:
            out.append("\u20ac")
            i += 1
        elif byte == 0xFF or i + 1 >= n:
            out.append("\ufffd")
            i += 1
        else:
            second = data[i + 1]
            length = 4 if 0x30 <= second <= 0x39 else 2
            try:
                out.append(data[i : i + length].decode("gb18030"))
                i += length
            except UnicodeDecodeError:
                out.append("\ufffd")
                i += 1 if second < 0x80 else 2
    return "".join(out)


def _euc_jp(data: bytes) -> str:
    out: list[str] = []
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        if byte < 0x80:
            out.append(chr(byte))
            i += 1
            continue
        length = 3 if byte == 0x8F else 2
        if not (byte == 0x8E or byte == 0x8F or 0xA1 <= byte <= 0xFE) or i + length > n:
            out.append("\ufffd")
            i += 1
            continue
        try:
            out.append(data[i : i + length].decode("euc_jp"))
            i += length
        except UnicodeDecodeError:
            out.append("\ufffd")
            i += 1 if data[i + 1] < 0x80 else 2
    return "".join(out)


_MULTI_BYTE = {
    "shift_jis": _two_byte(
        "cp932",
        lambda b: 0x81 <= b <= 0x9F or 0xE0 <= b <= 0xFC,
        lambda t: 0x40 <= t <= 0xFC and t != 0x7F,
        _shift_jis_single,
    ),
    "euc-kr": _two_byte("cp949", lambda b: 0x81 <= b <= 0xFE, lambda t: 0x41 <= t <= 0xFE),
    "big5": _two_byte("big5hkscs", lambda b: 0x81 <= b <= 0xFE, lambda t: 0x40 <= t <= 0x7E or 0xA1 <= t <= 0xFE),
    "gbk": _gb18030,
    "gb18030": _gb18030,
    "euc-jp": _euc_jp,
}
