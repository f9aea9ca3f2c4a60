"""axsynth's version (one place: the package, the CLI's --version and pyproject.toml agree, by test)."""

__version__ = "0.1.0"
