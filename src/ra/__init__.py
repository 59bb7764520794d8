"""ra: Reiner Knizia's Ra and RA and Write — rules engines, bots, a browser table and research tooling."""

# The one place the version is written: pyproject.toml reads it from here (`[tool.setuptools.dynamic]`, statically,
# without importing ra), `ra --version` prints it, CHANGELOG.md names it. Nothing else belongs here: every module
# imports this one.
__version__ = "0.2.0"
