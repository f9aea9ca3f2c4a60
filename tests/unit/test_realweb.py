"""tools/realweb.py: how differences are classified and added up, what the resolvers
serve (a page's bytes, or a corpus directory as a site), how compare loads a page's
resources, and that results survive a save and a load. One test drives Chromium
(skipped without it) to show a corpus served as a site applies its stylesheets.

Goldens here are real Chromium captures from tests/goldens; "axsynth's output" is
the same golden with one known change made to it, so each test knows the answer.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from axsynth.conformance import dump_cdp, normalize_cdp

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS.parent / "tools"))

import realweb  # noqa: E402
from realweb import Item, Job, PageResult  # noqa: E402

IMAGE_MAP = TESTS / "goldens" / "images-image-map"  # 14 nodes: main, headings, images with urls
INLINE_SVG = TESTS / "goldens" / "images-inline-svg"  # an image labelled by two nodes (relatedNodes)


def golden(base: Path, fmt: str) -> str:
    return Path(str(base) + realweb.GOLDEN_SUFFIX[fmt]).read_text(encoding="utf-8")


def edit_cdp(text: str, change: Callable[[dict[str, dict]], None]) -> str:
    """The dump with ``change`` applied to its nodes (by original nodeId), then
    normalized again as axsynth's output would be (ids renumbered)."""
    nodes = [json.loads(line.rstrip(",")) for line in realweb.text_lines(text)[1:-1]]
    by_id = {n["nodeId"]: n for n in nodes}
    change(by_id)
    return dump_cdp(normalize_cdp({"nodes": list(by_id.values())}))


def cdp_result(change: Callable[[dict[str, dict]], None], base: Path = IMAGE_MAP) -> realweb.FormatResult:
    want = golden(base, "cdp")
    return realweb.compare_texts("cdp", want, edit_cdp(want, change))


def name_of(node: dict, value: str) -> None:
    node["name"]["value"] = value
    for source in node["name"].get("sources", []):
        if "value" in source:
            source["value"]["value"] = value


def prop(node: dict, name: str) -> dict:
    return next(p for p in node["properties"] if p["name"] == name)


def drop_subtree(nodes: dict[str, dict], node_id: str) -> None:
    node = nodes.pop(node_id)
    for child in node.get("childIds", []):
        drop_subtree(nodes, child)
    parent = nodes.get(node.get("parentId"))
    if parent:
        parent["childIds"].remove(node_id)


def add_ignored_wrapper(nodes: dict[str, dict], parent_id: str, before_child: str) -> None:
    """An ignored node (as Chromium lists a div it leaves out) before a child."""
    parent = nodes[parent_id]
    nodes["new"] = {
        "nodeId": "new",
        "ignored": True,
        "ignoredReasons": [{"name": "uninteresting", "value": {"type": "boolean", "value": True}}],
        "role": {"type": "role", "value": "none"},
        "chromeRole": {"type": "internalRole", "value": 0},
        "parentId": parent_id,
        "childIds": [],
        "backendDOMNodeId": 999,
    }
    parent["childIds"].insert(parent["childIds"].index(before_child), "new")


# --- classification of CDP differences ------------------------------------------


def test_identical_output_is_exact_with_no_differences():
    result = cdp_result(lambda nodes: None)
    assert result.exact and result.matching == result.golden_lines == 16
    assert result.first is None and result.groups == {}


def test_a_changed_role_is_one_role_item_on_its_line():
    def change(nodes):
        nodes["5"]["role"]["value"] = "generic"  # heading "Campus map", line 6 of the dump

    result = cdp_result(change)
    assert result.first == Item(
        "role", "role: heading→generic", 6, 1, 0, "heading 'Campus map'", "generic 'Campus map'"
    )
    assert list(result.groups) == ["role: heading→generic"]
    assert result.lost == 1


def test_a_name_differing_in_white_space_only_is_told_apart_from_other_text():
    def spaces(nodes):
        name_of(nodes["8"], "Select a building to see opening hours and accessibilityinformation.")

    def words(nodes):
        name_of(nodes["8"], "Select a building to see opening hours")

    assert list(cdp_result(spaces).groups) == ["name: StaticText (whitespace)"]
    assert list(cdp_result(words).groups) == ["name: StaticText (axsynth's is shorter)"]


def test_a_missing_subtree_is_one_item_costing_all_its_lines():
    result = cdp_result(lambda nodes: drop_subtree(nodes, "10"))  # heading "Parking zones" and its text
    assert result.groups == {
        "missing: heading": realweb.GroupStat("missing", 1, 2, 0, 11, "heading 'Parking zones'", "")
    }
    assert result.matching == result.golden_lines - 2


def test_an_extra_ignored_node_costs_no_golden_line_but_is_counted():
    result = cdp_result(lambda nodes: add_ignored_wrapper(nodes, "4", "9"))
    stat = result.groups["extra: none [ignored: uninteresting]"]
    assert (stat.kind, stat.items, stat.lost, stat.extra) == ("extra", 1, 0, 1)
    assert not result.exact and result.matching == result.golden_lines


def test_properties_are_named_with_what_changed_and_on_which_role():
    def url(nodes):
        prop(nodes["9"], "url")["value"]["value"] = "http://realweb.test/other.png"

    def focusable(nodes):
        nodes["7"]["properties"].append({"name": "focusable", "value": {"type": "booleanOrUndefined", "value": True}})

    def no_level(nodes):
        nodes["12"]["properties"] = []

    assert list(cdp_result(url).groups) == ["property:url (value) on image"]
    assert list(cdp_result(focusable).groups) == ["property:focusable (extra in axsynth) on paragraph"]
    assert list(cdp_result(no_level).groups) == ["property:level (missing in axsynth) on heading"]


def test_an_ignored_flip_names_the_reason_and_outranks_what_follows_from_it():
    def ignore_main(nodes):
        main = nodes["4"]
        main["ignored"] = True
        main["ignoredReasons"] = [{"name": "uninteresting", "value": {"type": "boolean", "value": True}}]
        del main["name"], main["properties"]  # as Chromium serializes an ignored node

    assert list(cdp_result(ignore_main).groups) == ["ignored: main included→uninteresting"]


def test_shifted_backend_ids_inside_related_nodes_are_a_consequence_not_a_cause():
    def shift(nodes):
        for p in nodes["11"]["properties"]:
            for related in p["value"].get("relatedNodes", []):
                related["backendDOMNodeId"] += 100

    result = cdp_result(shift, INLINE_SVG)
    assert list(result.groups) == ["relatedNodes: backendDOMNodeId shifted"]


def test_lines_pair_with_the_most_alike_line_not_the_first_of_the_same_role():
    # Without the battery image, the next image's labelledby ids shift by one: that
    # image only shifted, and the battery image is the one missing (pairing on the
    # role alone would report a renamed image and a missing one).
    result = cdp_result(lambda nodes: drop_subtree(nodes, "10"), INLINE_SVG)
    assert sorted(result.groups) == ["missing: image", "relatedNodes: backendDOMNodeId shifted"]
    assert result.groups["missing: image"].chromium == "image 'Battery 76% charged'"


def test_only_renumbered_ids_differing_is_its_own_kind():
    want = golden(IMAGE_MAP, "cdp")
    got = want.replace('"backendDOMNodeId": 14}', '"backendDOMNodeId": 40}')
    result = realweb.compare_texts("cdp", want, got)
    assert not result.exact and result.matching == result.golden_lines
    assert result.first.kind == "ids" and result.first.lost == 0


def test_a_name_with_a_unicode_line_separator_stays_on_its_node_line():
    want = edit_cdp(golden(IMAGE_MAP, "cdp"), lambda nodes: name_of(nodes["8"], "Select\u2028a building"))
    result = realweb.compare_texts("cdp", want, edit_cdp(want, relabel))
    assert result.golden_lines == 16 and list(result.groups) == ["role: heading→generic"]


def test_lines_lost_by_items_add_up_to_the_lines_the_matcher_lost():
    def several(nodes):
        nodes["5"]["role"]["value"] = "generic"
        drop_subtree(nodes, "10")
        add_ignored_wrapper(nodes, "4", "14")
        prop(nodes["14"], "url")["value"]["value"] = "http://realweb.test/x.png"

    result = cdp_result(several)
    assert sum(g.lost for g in result.groups.values()) == result.golden_lines - result.matching == 4
    assert sum(g.extra for g in result.groups.values()) == 1
    assert result.first.group == "role: heading→generic"  # the earliest in the page


def test_a_subtree_axsynth_has_elsewhere_is_moved_not_missing_and_extra():
    def move(nodes):
        main = nodes["4"]["childIds"]
        main.remove("10")
        main.insert(main.index("12") + 1, "10")  # "Parking zones" after "Accessible entrances"

    result = cdp_result(move)
    assert result.groups["moved: heading"].lost == 2 and result.groups["moved: heading"].extra == 2
    assert {g.kind for g in result.groups.values()} <= {"moved", "realigned"} | set(realweb.KINDS)


@pytest.mark.parametrize(
    "opcodes, windows",
    [
        # 10 golden lines unpaired, 2 matched, 10 axsynth lines: one displacement
        ([("delete", 0, 10, 0, 0), ("equal", 10, 12, 0, 2), ("insert", 12, 12, 2, 12)], [[0, 2]]),
        # one line each, far apart: two unrelated differences
        ([("delete", 0, 1, 0, 0), ("equal", 1, 200, 0, 199), ("insert", 200, 200, 199, 200)], [[0], [2]]),
        # balanced hunks never join their neighbours
        ([("replace", 0, 3, 0, 3), ("equal", 3, 4, 3, 4), ("replace", 4, 5, 4, 5)], [[0], [2]]),
    ],
)
def test_displacement_windows(opcodes, windows):
    assert realweb.displacement_windows(opcodes) == [[opcodes[i] for i in w] for w in windows]


# --- classification of aria snapshot differences --------------------------------


def aria_result(old: str, new: str) -> realweb.FormatResult:
    want = golden(IMAGE_MAP, "aria")
    assert old in want
    return realweb.compare_texts("aria", want, want.replace(old, new))


@pytest.mark.parametrize(
    "old, new, group",
    [
        ('heading "Parking zones"', 'heading "Parking"', "name: heading (axsynth's is shorter)"),
        ("[level=2]\n  - img\n", "[level=3]\n  - img\n", "property:[level] (value)"),
        ("- paragraph: Select a building", "- paragraph: Pick a building", "text: inline in paragraph (text)"),
        ('- img "Holloway College campus"', '- button "Holloway College campus"', "role: img→button"),
        ('  - img "Holloway College campus"\n', "", "missing: img"),
    ],
)
def test_aria_line_differences(old, new, group):
    assert list(aria_result(old, new).groups) == [group]


def test_aria_wrapper_is_extra_and_the_lines_it_moves_are_nesting_not_causes():
    want = golden(IMAGE_MAP, "aria")
    lines = want.splitlines()
    got = "\n".join(lines[:1] + ["  - region:"] + ["  " + line for line in lines[1:3]] + lines[3:]) + "\n"
    result = realweb.compare_texts("aria", want, got)
    assert result.groups["extra: region"].extra == 1
    assert result.groups["structure: nesting differs"].lost == 2


@pytest.mark.parametrize(
    "line, role, name, attrs, text",
    [
        ('- heading "Campus map" [level=1]', "heading", "Campus map", {"level": "1"}, ""),
        ("  - checkbox [checked] [disabled]:", "checkbox", "", {"checked": "", "disabled": ""}, ""),
        ("- paragraph: Some text: more", "paragraph", "", {}, "Some text: more"),
        ("    - text: hello", "text", "", {}, "hello"),
        ("- /url: /a", "/url", "", {}, "/a"),
        ("""- 'link "a: b"':""", "link", "a: b", {}, ""),
    ],
)
def test_parse_aria_line(line, role, name, attrs, text):
    parsed = realweb.parse_aria_line(line)
    assert (parsed.role, parsed.name, parsed.attrs, parsed.text) == (role, name, attrs, text)
    assert parsed.indent == len(line) - len(line.lstrip())


@pytest.mark.parametrize(
    "want, got, change",
    [
        ("a b", "ab", "whitespace"),
        ("", "x", "extra in axsynth"),
        ("x", "", "missing in axsynth"),
        ("Menu", "menu", "case"),
        ("caf\ufffd", "cafe", "decoding, U+FFFD"),
        ("HÃ¼tte â€¦", "Hütte …", "charset: Chromium read UTF-8 as windows-1252"),
        ("Hütte", "HÃ¼tte", "charset: axsynth read UTF-8 as windows-1252"),
        ("Home page", "Home", "axsynth's is shorter"),
        ("Home", "Home page", "axsynth's is longer"),
        ("Home", "About", "text"),
    ],
)
def test_text_change(want, got, change):
    assert realweb.text_change(want, got) == change


# --- aggregation, results and baselines ------------------------------------------


def page(
    rel: str, change: Callable[[dict[str, dict]], None] | None = None, aria: tuple[str, str] = ("", "")
) -> PageResult:
    cdp = cdp_result(change or (lambda nodes: None))
    return PageResult(rel, {"cdp": cdp, "aria": aria_result(*aria) if aria[0] else aria_result("main", "main")})


def relabel(nodes):
    nodes["5"]["role"]["value"] = "generic"


def relabel_and_drop(nodes):
    relabel(nodes)
    drop_subtree(nodes, "10")


@pytest.fixture
def pages() -> list[PageResult]:
    return [page("a.html", relabel_and_drop), page("b.html", relabel, ('"Parking zones"', '"Parking"')), page("c.html")]


def test_summary_counts_exact_pages_and_mean_agreement(pages):
    summary = realweb.summarize(pages, "cdp")
    assert (summary.pages, summary.exact, summary.golden_lines, summary.lost) == (3, 1, 48, 4)
    assert summary.mean_agreement == pytest.approx((13 / 16 + 15 / 16 + 1) / 3)
    assert realweb.summarize(pages, "aria").exact == 2


def test_first_difference_histogram_counts_each_page_once_and_pages_it_alone_keeps_from_exact(pages):
    rows = realweb.histogram(pages, "cdp", first_only=True)
    assert [(r.group, r.pages, r.only, r.lost) for r in rows] == [("role: heading→generic", 2, 1, 2)]


def test_all_differences_histogram_ranks_by_lines_then_pages_with_costliest_examples(pages):
    rows = realweb.histogram(pages, "cdp")
    assert [(r.group, r.pages, r.lines) for r in rows] == [("role: heading→generic", 2, 2), ("missing: heading", 1, 2)]
    assert [rel for rel, _ in rows[1].examples] == ["a.html"]
    kinds = realweb.histogram(pages, "cdp", by_kind=True)
    assert [(r.group, r.items) for r in kinds] == [("role", 2), ("missing", 1)]


def test_report_prints_every_format_and_both_histograms(pages):
    text = realweb.report(pages, top=5)
    assert "cdp   3 pages, 1 byte-exact (33.3%)" in text
    assert "aria: all differences, by group" in text
    assert "e.g. a.html:11  chromium: heading 'Parking zones'  |  axsynth: -" in text


def test_results_round_trip_through_a_file(pages, tmp_path):
    pages[2].formats["aria"] = realweb.failed_result("timeout", "timeout: in aria", 7, "no result after 1s")
    path = tmp_path / "run.json"
    realweb.save_results(path, realweb.results_to_json("t", pages, {"created": "now"}))
    data, loaded = realweb.load_results(path)
    assert loaded == pages and data["created"] == "now"


def test_baseline_lists_pages_that_got_better_and_worse(pages):
    before = [page("a.html", relabel), page("b.html", relabel), page("c.html", relabel)]
    better, worse = realweb.compare_runs(before, pages)
    assert better == ["cdp  c.html: 15/16 → 16/16 now exact"]
    assert worse == ["cdp  a.html: 15/16 → 13/16", "aria b.html: 7/7 → 6/7 no longer exact"]


# --- corpus, URLs and the resolver -----------------------------------------------


def test_resolver_serves_only_the_page_itself():
    url = realweb.page_url("news", "eval/Liberté! [x] a.html")
    assert url == "http://realweb.test/news/eval/Libert%C3%A9!%20[x]%20a.html"
    resolve = realweb.page_resolver(url, b"<p>hi")
    assert resolve(url) == (b"<p>hi", "text/html")  # no charset: the page's own <meta> decides
    assert resolve("http://realweb.test/news/eval/Libert%C3%A9%21%20%5Bx%5D%20a.html") == (b"<p>hi", "text/html")
    for other in (
        "http://realweb.test/news/eval/style.css",
        "http://realweb.test/favicon.ico",
        "http://realweb.test/other/eval/Libert%C3%A9!%20[x]%20a.html",
        "https://cdn.example/a.js",
    ):
        assert resolve(other) is None


def site(tmp_path: Path) -> Path:
    """A corpus laid out as a site: a page loading a stylesheet from a parent folder,
    which imports another, beside a file outside the corpus and a symlink to it."""
    corpus = tmp_path / "corpus"
    (corpus / "css").mkdir(parents=True)
    (corpus / "sub dir").mkdir()
    (corpus / "css" / "kbd.css").write_text('@import "base.css"; kbd { display: inline-block }')
    (corpus / "css" / "base.css").write_text("p { margin: 0 }")
    (corpus / "sub dir" / "p.html").write_text(KBD_PAGE)
    (tmp_path / "secret.txt").write_text("outside")
    (corpus / "css" / "link.css").symlink_to(tmp_path / "secret.txt")
    return corpus


KBD_PAGE = '<link rel=stylesheet href="../css/kbd.css"><p>Press <kbd>Tab</kbd>, then <kbd>Down</kbd>.</p>'


def test_files_resolver_serves_the_corpus_directory_and_nothing_outside_it(tmp_path):
    corpus = site(tmp_path)
    resolve = realweb.files_resolver("app", corpus)
    page = realweb.page_url("app", "sub dir/p.html")
    assert page == "http://realweb.test/app/sub%20dir/p.html"
    assert resolve(page) == (KBD_PAGE.encode(), "text/html")
    assert resolve("http://realweb.test/app/css/kbd.css") == (
        b'@import "base.css"; kbd { display: inline-block }',
        "text/css",
    )
    for refused in (
        "http://realweb.test/app/%2e%2e/secret.txt",  # .. escaping the corpus, encoded so no URL parser folds it
        "http://realweb.test/app/css/link.css",  # a symlink to a file outside
        "http://realweb.test/app/css",  # a directory
        "http://realweb.test/app/css/missing.css",
        "http://realweb.test/other/css/kbd.css",  # another corpus
        "http://realweb.test/css/kbd.css",  # root-relative: above the corpus URL
        "https://cdn.example/app/css/kbd.css",
    ):
        assert resolve(refused) is None, refused


def test_load_options_give_axsynth_what_chromium_was_served(tmp_path):
    corpus = tmp_path / "c"
    assert realweb.load_options("page", corpus, "news", "a/p.html", "site") == {}
    assert realweb.load_options("files", corpus, "app", "a/p.html", "page-dir") == {"base_dir": corpus / "a"}
    assert realweb.load_options("files", corpus, "app", "a/p.html", "site") == {
        "site_root": corpus,
        "site_url": "http://realweb.test/app/",
        "root": corpus,
    }


def test_jobs_of_a_files_corpus_load_stylesheets_from_the_page_folder(tmp_path):
    corpus = site(tmp_path)
    (corpus / "sub dir" / "here.css").write_text("kbd { display: inline-block }")
    (corpus / "sub dir" / "q.html").write_text(KBD_PAGE.replace("../css/kbd.css", "here.css"))
    cache = tmp_path / "cache"
    manifest = {"name": "app", "corpus_dir": str(corpus), "serve": "files", "pages": {}}
    for rel in ("sub dir/p.html", "sub dir/q.html"):
        manifest["pages"][rel] = {"status": "ok", "url": realweb.page_url("app", rel)}
        for fmt in realweb.FORMATS:
            realweb.write_atomic(realweb.golden_path(cache, "app", rel, fmt), "")
    realweb.save_manifest(cache, "app", manifest)
    jobs = realweb.jobs_for(cache, "app", loading="page-dir")
    assert [job.options for job in jobs] == [{"base_dir": corpus / "sub dir"}] * 2
    # The page's own folder is read: q's stylesheet applies (each kbd a box of its own), p's is outside it.
    assert "- paragraph: Press Tab , then Down ." in jobs[1].document().aria_snapshot()
    assert "- paragraph: Press Tab, then Down." in jobs[0].document().aria_snapshot()


def test_a_corpus_is_captured_in_one_serve_mode(tmp_path):
    corpus = site(tmp_path)
    realweb.save_manifest(tmp_path, "app", {"name": "app", "serve": "page", "pages": {"sub dir/p.html": {}}})
    args = realweb.build_parser().parse_args(["--cache", str(tmp_path), "capture", str(corpus), "--name", "app"])
    assert args.serve == "page"
    args = realweb.build_parser().parse_args(
        ["--cache", str(tmp_path), "capture", str(corpus), "--name", "app", "--serve", "files"]
    )
    with pytest.raises(SystemExit, match="captured with --serve page"):
        realweb.cmd_capture(args)


@pytest.mark.skipif(
    not (Path("/usr/bin/chromium").exists() and importlib.util.find_spec("playwright")),
    reason="needs Chromium and Playwright",
)
def test_chromium_served_the_corpus_applies_a_stylesheet_from_a_parent_folder(tmp_path):
    from chromium_capture import Chromium

    corpus = site(tmp_path)
    url = realweb.page_url("app", "sub dir/p.html")
    with Chromium() as chromium:
        files = chromium.capture(url, realweb.files_resolver("app", corpus))
        page = chromium.capture(url, realweb.page_resolver(url, KBD_PAGE.encode()))
    assert files.aria == "- paragraph: Press Tab , then Down .\n"  # each kbd an inline-block
    assert page.aria == "- paragraph: Press Tab, then Down.\n"


def test_find_pages_lists_saved_pages_only(tmp_path):
    for rel in ("b.html", "a/c.HTM", "a/d.htm", "x.js", "notes.txt", "e.html.orig"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("<p>")
    assert realweb.find_pages(tmp_path) == ["a/c.HTM", "a/d.htm", "b.html"]


def test_golden_url_tells_a_page_from_an_error_page(tmp_path):
    cdp = golden(IMAGE_MAP, "cdp").replace("http://axsynth.test/images-image-map.html", "chrome-error://chromewebdata/")
    realweb.write_atomic(realweb.golden_path(tmp_path, "t", "p.html", "cdp"), cdp)
    assert realweb.golden_url(tmp_path, "t", "p.html") == "chrome-error://chromewebdata/"
    assert not realweb.same_url("chrome-error://chromewebdata/", realweb.page_url("t", "p.html"))
    assert realweb.same_url("http://realweb.test/t/a%20b.html", "http://realweb.test/t/a b.html")


# --- workers: a page that crashes or hangs is a result ----------------------------


def fixture_job(page: Path) -> Job:
    goldens = {fmt: Path(str(IMAGE_MAP) + realweb.GOLDEN_SUFFIX[fmt]) for fmt in realweb.FORMATS}
    return Job("images-image-map.html", page, "http://axsynth.test/images-image-map.html", goldens)


def test_worker_runs_a_page_and_reports_every_format():
    [result] = realweb.run_jobs([fixture_job(TESTS / "fixtures" / "images-image-map.html")], 1, 60, 0)
    statuses = [(f, r.status, r.golden_lines) for f, r in result.formats.items()]
    assert statuses == [("cdp", "ok", 16), ("aria", "ok", 7), ("ai", "ok", 6)]


def test_a_crashing_page_is_a_crash_result_for_each_format(tmp_path):
    [result] = realweb.run_jobs([fixture_job(tmp_path / "gone.html")], 1, 60, 0)
    cdp = result.formats["cdp"]
    assert (cdp.status, cdp.lost, cdp.first.group) == (
        "crash",
        16,
        "crash: FileNotFoundError at pathlib.py:open (parse)",
    )
    assert "Traceback" in result.formats["aria"].error


def test_a_page_over_its_time_is_killed_and_reported_as_a_timeout():
    jobs = [fixture_job(TESTS / "fixtures" / "images-image-map.html")] * 2
    results = list(realweb.run_jobs(jobs, 2, 0, 0))
    assert [r.formats["cdp"].status for r in results] == ["timeout", "timeout"]
    assert results[0].formats["aria"].first.group.startswith("timeout: in ")


def test_last_results_are_this_checkouts_own_when_the_cache_is_shared(pages, tmp_path):
    here = realweb.axsynth_version()["path"]
    folder = realweb.results_dir(tmp_path, "t")
    for stamp, path in (("1-mine", here), ("2-main", "/elsewhere/axsynth")):
        realweb.save_results(folder / f"{stamp}.json", realweb.results_to_json("t", pages, {"axsynth": {"path": path}}))
    assert realweb.find_results(tmp_path, "t", "last").name == "1-mine.json"
    assert realweb.find_results(tmp_path, "t", "last", exclude=folder / "1-mine.json").name == "2-main.json"
