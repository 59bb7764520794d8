"""Strength experiments and the clairvoyant sparring bot: measurement only, never offered by the server or the CLI.

Run the scripts from the repository's root as modules (`python -m research.strength ...`); research/README.md says
what each one measures. Tests import the package from the root (pytest's `pythonpath`).
"""
