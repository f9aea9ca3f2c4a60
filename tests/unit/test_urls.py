"""URL resolution as Chromium serializes link and image URLs (values probed in Chromium 156;
tests/fixtures/links-url-path-segments.html holds them as a golden too)."""

import pytest

from axsynth.html.urls import remove_dot_segments, resolve

BASE = "http://axsynth.test/docs//guide/"


@pytest.mark.parametrize(
    "ref, expected",
    [
        ("a//b/./c/../d", "http://axsynth.test/docs//guide/a//b/d"),
        (
            ">https://example.org/wiki/File:A.jpg",
            "http://axsynth.test/docs//guide/%3Ehttps://example.org/wiki/File:A.jpg",
        ),
        ("https://example.org/a/./b/../c", "https://example.org/a/c"),
        ("//cdn.example.org/y/./z", "http://cdn.example.org/y/z"),
        ("\\\\srv\\share\\x", "http://srv/share/x"),
        ("http:foo", "http://axsynth.test/docs//guide/foo"),
        ("%2e%2e/up", "http://axsynth.test/docs//up"),
        ("?q=1", "http://axsynth.test/docs//guide/?q=1"),
        ("..", "http://axsynth.test/docs//"),
        ("http:///x", "http://x/"),
        ("http://", "http:"),
        ("https://#", "https:/#"),
        ("http://?q", "http:/?q"),
        ("file://", "file:///"),
        ("http:// x", "http://%20x/"),
        ("http://http://www.example.org/", "http://http//www.example.org/"),
        ("https://füß.de/", "https://xn--f-qfa0g.de/"),
        ("http://Two Words: And More", "http://two%20words:%20And%20More/"),
    ],
)
def test_resolve_like_chromium(ref, expected):
    assert resolve(BASE, ref) == expected


@pytest.mark.parametrize(
    "path, expected",
    [
        ("/a/b/../c", "/a/c"),
        ("/a/./", "/a/"),
        ("/a/..", "/"),
        ("/..", "/"),
        ("//x", "//x"),
        ("/a/%2E/b", "/a/b"),
    ],
)
def test_remove_dot_segments_keeps_empty_segments(path, expected):
    assert remove_dot_segments(path) == expected
