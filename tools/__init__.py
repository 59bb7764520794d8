"""Developer tools that write files of the package (run from the repository's root: `python -m tools.<name>`)."""
