"""``axsynth batch --dask``, ``snapshot_many(dask=...)`` and ``to_dask_bag`` on a real
``dask.distributed`` LocalCluster of 2 worker processes (skipped without the dask extra)."""

from __future__ import annotations

import subprocess
import sys

import pytest

distributed = pytest.importorskip("distributed")

from axsynth.batch import snapshot_many, to_dask_bag  # noqa: E402
from axsynth.batch.output import read_lines  # noqa: E402

TIMING = ("wall_s", "cpu_s")


def without_timing(lines):
    return [{k: v for k, v in line.items() if k not in TIMING} for line in lines]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    for i in range(8):
        (folder / f"p{i}.html").write_text(
            f"<main><h1>Page {i}</h1>" + "<p>x</p>" * (i * 30) + f"<button>Go {i}</button></main>"
        )
    (folder / "empty.html").write_text("")
    return folder


def test_the_cluster_gives_the_lines_of_the_local_pool_in_order(cluster, site):
    local = list(snapshot_many([str(site)], formats=("aria", "agent"), stats=True, jobs=2))
    on_dask = list(snapshot_many([str(site)], formats=("aria", "agent"), stats=True, dask=cluster.scheduler_address))
    assert without_timing(on_dask) == without_timing(local)
    assert [line["ok"] for line in on_dask].count(False) == 1  # empty.html: an error line, on the cluster too
    assert len(cluster.scheduler_info["workers"]) == 2
    assert "snapshot_page" in cluster.scheduler.task_prefixes  # the pages ran on the cluster's workers


def test_to_dask_bag_composes_with_a_dask_pipeline(cluster, site):
    with distributed.Client(cluster):
        bag = to_dask_bag([str(site)], formats=("aria",))
        names = sorted(bag.filter(lambda line: line["ok"]).map(lambda line: line["aria"].splitlines()[1]).compute())
    assert names == sorted(f'  - heading "Page {i}" [level=1]' for i in range(8))


def test_the_command_line_writes_the_same_file_on_dask(cluster, site, tmp_path):
    def run(*extra):
        out = tmp_path / f"out{len(extra)}.jsonl"
        result = subprocess.run(
            [sys.executable, "-m", "axsynth", "batch", str(site), "--format", "aria", "-o", str(out), *extra],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 3, result.stderr  # empty.html
        return without_timing(list(read_lines(str(out))))

    assert run("--dask", cluster.scheduler_address) == run()
