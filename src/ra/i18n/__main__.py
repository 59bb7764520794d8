"""`python -m ra.i18n extract|check|status`: the translators' and CI's command (docs/TRANSLATING.md)."""

from __future__ import annotations

import argparse
import sys

from ra.i18n.messages import TRANSLATED, check, status, update


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; 1 if `check` found problems."""
    parser = argparse.ArgumentParser(prog="python -m ra.i18n", description=__doc__)
    parser.add_argument("command", choices=("extract", "check", "status"), help=(
        "extract: bring every catalog up to date with the sources; check: list every missing, untranslated or "
        "inconsistent message (exit 1 if any); status: count what is translated per language and part"))
    parser.add_argument("--lang", action="append", choices=TRANSLATED, help="only this language (repeatable)")
    args = parser.parse_args(argv)
    codes = tuple(args.lang) if args.lang else TRANSLATED
    if args.command == "extract":
        for (code, part), left in sorted(update(codes).items()):
            print(f"{code}/{part}.po: {left} untranslated")
        return 0
    if args.command == "status":
        for code, part, total, done in status(codes):
            print(f"{code}/{part}.po: {done} of {total} translated")
        return 0
    problems = check(codes)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)" if problems else "every message of every language is translated")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
