"""HTML's srcset parsing (axsynth.html.imgsrc.parse_srcset), on the standard's own rules."""

import pytest

from axsynth.html.imgsrc import Candidate, parse_srcset


@pytest.mark.parametrize(
    "srcset, expected",
    [
        ("a.png 1x, b.png 2x", [Candidate("a.png", density=1.0), Candidate("b.png", density=2.0)]),
        ("a.png, b.png 2x", [Candidate("a.png"), Candidate("b.png", density=2.0)]),  # a trailing comma ends the URL
        ("d.png?size=1,2 1x", [Candidate("d.png?size=1,2", density=1.0)]),  # a comma inside a URL stays
        ("data:image/gif;base64,R0lG 1x", [Candidate("data:image/gif;base64,R0lG", density=1.0)]),
        ("k.png 1x,l.png 2x", [Candidate("k.png", density=1.0), Candidate("l.png", density=2.0)]),
        ("w.png 100w 50h", [Candidate("w.png", width=100)]),  # h beside w is allowed
        ("p.png (x, y) 1x", []),  # an unknown descriptor, even parenthesized: the candidate is dropped
        ("e.png 1x 2x, f.png 0w, g.png 10h, h.png -1x, i.png 1.5x", [Candidate("i.png", density=1.5)]),
        ("  ,, ", []),
    ],
)
def test_parse_srcset(srcset, expected):
    assert parse_srcset(srcset) == expected
