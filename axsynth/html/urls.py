"""URL resolution and canonicalization as Blink's KURL serializes hrefs and srcs."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from urllib.parse import quote, unquote, urljoin, urlsplit, urlunsplit

_SPECIAL = {"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "file": None}
# WHATWG URL percent-encode sets (beyond C0 controls and non-ASCII, which quote() always encodes).
# Chromium's path canonicalizer also escapes "|" (GURL: "/p|q" -> "/p%7Cq").
_PATH_SAFE = "!$&'()*+,-./:;=@[]\\^_~%"
# An opaque path (mailto:, data:, tel:) escapes only C0 controls and non-ASCII.
_OPAQUE_PATH_SAFE = "".join(chr(c) for c in range(0x20, 0x7F))
_QUERY_SAFE = "!$&()*+,-./:;=?@[]\\^_`{|}~%"
_FRAGMENT_SAFE = "!#$&'()*+,-./:;=?@[]\\^_{|}~%"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


# A pure function of two strings, asked again for every link to the same href (a
# page's navigation repeated in its footer, a site's pages in a batch): memoized.
@lru_cache(maxsize=4096)
def resolve(base: str, ref: str) -> str | None:
    """Resolve ``ref`` against ``base`` and serialize it canonically; None when
    it resolves to no valid URL."""
    ref = ref.strip(" \t\n\r\f\x00").replace("\t", "").replace("\n", "").replace("\r", "")
    try:
        return _resolve(base, ref)
    except ValueError:  # an unparsable host such as "exa[mple.com" (or base)
        pass
    if not _SCHEME.match(ref):
        return None  # relative to an invalid base: Chromium reports no url
    try:
        return _resolve("", ref)  # absolute: the base does not matter
    except ValueError:
        return ref  # KURL keeps an invalid absolute URL as written (seen in Chromium 156)


def _resolve(base: str, ref: str) -> str:
    ref, hash_mark, fragment = ref.partition("#")
    fragment = hash_mark + quote(fragment, safe=_FRAGMENT_SAFE) if hash_mark else ""
    # An empty reference (or a bare "#frag") is the base without its fragment.
    try:
        url = join(base, ref) if ref else base.partition("#")[0]
    except _EmptyHost as empty:
        # GURL keeps an invalid URL's scheme and what follows the missing host:
        # "http://" -> "http:", "https://#" -> "https:/#" (seen in Chromium 156).
        tail = "?" + quote(empty.query, safe=_QUERY_SAFE) if empty.query is not None else ""
        return f"{empty.scheme}:" + ("/" + tail + fragment if tail or fragment else "")
    if ref.endswith("?") and "?" not in url:
        url += "?"  # urljoin drops an empty query; KURL keeps it
    return _canonical(url) + fragment


class _EmptyHost(ValueError):
    """A special URL (not file:) whose host is empty: invalid."""

    def __init__(self, scheme: str, query: str | None) -> None:
        super().__init__(scheme)
        self.scheme, self.query = scheme, query


def join(base: str, ref: str) -> str:
    """The URL parser's resolution of ``ref`` (no fragment) against ``base``. For
    special URLs (http, file, ...) it differs from urljoin where browsers do: a
    backslash is a slash, any number of slashes may precede the host, empty path
    segments stay ("/a//b"), and dot segments are removed from absolute URLs too.
    Other schemes go to urljoin."""
    base_scheme = _scheme_of(base)
    ref_scheme = _scheme_of(ref)
    scheme = ref_scheme or base_scheme
    if scheme not in _SPECIAL:
        return urljoin(base, ref)
    path_end = len(ref.partition("?")[0])
    ref = ref[:path_end].replace("\\", "/") + ref[path_end:]
    rest = ref[len(scheme) + 1 :] if ref_scheme else ref
    absolute = ref_scheme and scheme != base_scheme
    if scheme == "file" and (absolute or rest.startswith("//")):
        parts = urlsplit(f"file:{rest}")
    elif absolute or rest.startswith("//"):
        authority = rest.lstrip("/")  # the special authority state ignores slashes
        if authority[:1] in ("", "?"):
            raise _EmptyHost(scheme, authority[1:] if authority else None)
        parts = urlsplit(f"{scheme}://{authority}")
        parts = parts._replace(netloc=parts.netloc.replace(" ", "%20"))
    else:  # a path, a query, or "http:path" on an http base
        parts = _split_base(base)
        ref_path, question, query = rest.partition("?")
        if ref_path.startswith("/"):
            path = ref_path
        elif ref_path:
            path = parts.path[: parts.path.rfind("/") + 1] + ref_path
        else:
            path = parts.path
        parts = parts._replace(path=path, query=query if question or ref_path else parts.query)
    return urlunsplit(parts._replace(path=remove_dot_segments(parts.path), fragment=""))


@lru_cache(maxsize=64)
def _split_base(base: str):
    """urlsplit(base): every relative link of a page is joined to the same base."""
    return urlsplit(base)


def remove_dot_segments(path: str) -> str:
    """The URL path parser's handling of "." and ".." (also as %2e): a ".." drops the
    segment before it; a final one leaves a trailing slash; empty segments stay."""
    if not path.startswith("/") or ("." not in path and "%" not in path):
        return path  # no dot segment (most paths): nothing to remove
    out: list[str] = []
    segments = path[1:].split("/")
    for i, segment in enumerate(segments):
        last = i == len(segments) - 1
        lowered = segment.lower()
        if lowered in ("..", ".%2e", "%2e.", "%2e%2e"):
            if out:
                out.pop()
            if last:
                out.append("")
        elif lowered in (".", "%2e"):
            if last:
                out.append("")
        else:
            out.append(segment)
    return "/" + "/".join(out)


def _scheme_of(url: str) -> str:
    match = _SCHEME.match(url)
    return match.group(0)[:-1].lower() if match else ""


def _canonical(url: str) -> str:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in _SPECIAL:
        return _canonical_non_special(url, parts)
    netloc = _canonical_netloc(parts.netloc, _SPECIAL[scheme])
    path = quote(parts.path, safe=_PATH_SAFE) or "/"  # a special URL's path is never empty
    query = quote(parts.query, safe=_QUERY_SAFE)
    serialized = urlunsplit((scheme, netloc, path, query, ""))
    return serialized + "?" if not query and url.endswith("?") else serialized


@lru_cache(maxsize=1024)  # a page's links name a few hosts, each many times
def _canonical_netloc(netloc: str, default_port: str | None) -> str:
    """A special URL's authority: the host lowercased and internationalized (its
    escaped non-ASCII bytes decoded first), the port kept as written unless it is
    empty or the scheme's default (an invalid port stays, escaped: GURL)."""
    userinfo, at, hostport = netloc.rpartition("@")
    bracket = hostport.rfind("]")
    colon = hostport.rfind(":")
    if colon > bracket:
        host, port = hostport[:colon], hostport[colon + 1 :]
    else:
        host, port = hostport, ""
    host = _idna(_decode_non_ascii(host).lower())
    port = "" if port == default_port else port
    return f"{userinfo}{at}{host}" + (f":{port}" if port else "")


def _decode_non_ascii(host: str) -> str:
    """%XX escapes of UTF-8 bytes decoded (ASCII escapes such as %20 stay)."""
    return re.sub(
        r"(?:%[89A-Fa-f][0-9A-Fa-f])+",
        lambda m: unquote(m.group(0), errors="strict") if _valid_utf8(m.group(0)) else m.group(0),
        host,
    )


def _valid_utf8(escaped: str) -> bool:
    try:
        bytes.fromhex(escaped.replace("%", "")).decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def _idna(host: str) -> str:
    """Each non-ASCII label as punycode (UTS #46 nontransitional, simplified to
    NFC and lowercase: "ß" stays a letter of its own)."""
    if host.isascii():
        return host
    labels = unicodedata.normalize("NFC", host).split(".")
    return ".".join(label if label.isascii() else "xn--" + label.encode("punycode").decode("ascii") for label in labels)


def _canonical_non_special(url: str, parts) -> str:
    """A URL of another scheme, as GURL serializes it: a hierarchical one (scheme://)
    escapes its path like a special URL's; an opaque path keeps its spaces; any
    query is escaped as a special URL's query is (space, quotes, < and >)."""
    if not parts.scheme:
        return url
    if parts.netloc or url[len(parts.scheme) + 1 :].startswith("//"):
        path = quote(parts.path, safe=_PATH_SAFE)
        head = f"{parts.scheme}://{parts.netloc}{path}"
    else:
        head = f"{parts.scheme}:{quote(parts.path, safe=_OPAQUE_PATH_SAFE)}"
    if not parts.query and not url.endswith("?"):
        return head
    return head + "?" + quote(parts.query, safe=_QUERY_SAFE)
