from pathlib import Path

import pytest

TESTS = Path(__file__).parent


@pytest.fixture
def fixtures_dir() -> Path:
    return TESTS / "fixtures"


# pytester runs the axsynth plugin's own tests in a scratch directory.
pytest_plugins = ["pytester"]
