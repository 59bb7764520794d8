"""The layout check of a page as it is drawn now (issue 31, items 6 and 7), shared by the layout tests.

One script run in the page (layout_check.js) measures, each as a list of problems in words:

- **width**: the document is no wider than the viewport (nothing makes a phone's page scroll sideways);
- **words**: a name or a chip's words are never broken inside a word (each word of their text lies on one line)
  and never clipped: a chip's content stays inside the chip, and words cut short are ellipsized with the whole
  text in a `title`; anywhere on the page, an ordinary word (letters only, up to 15) is never split over lines;
- **overlap**: no two visible controls (buttons, links, inputs, board elements with `data-move` or `data-step`)
  overlap, and no control (with its outline and solid shadows) covers a line of other text. A control inside a
  sticky or fixed panel (the tutorial's dock, the status line that follows the scroll) is compared only with what
  is in the same panel: what lies beneath it depends on how far the page is scrolled. Parts scrolled out of a
  scrolling box are not seen.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

# What a chip is: small rounded labels whose words must stay whole and inside.
CHIPS = (
    ".bid-chip, .w-chip, .lot-value, .w-player, .badge, .status-pill, .ws-end, .w-pscore, .ws-score-pill,"
    " .player-head .score, .conn, .w-kingdom, .w-lost-tag"
)
# Elements holding a person's name.
NAMES = "bdi, .player-name"
CONTROLS = "button, a[href], input:not([type=hidden]), select, summary, [data-move], [data-step]"

LAYOUT_PROBLEMS = (Path(__file__).parent / "layout_check.js").read_text(encoding="utf-8")


def layout_problems(page: Page) -> list[str]:
    """Every layout problem of the page as drawn now (an empty list: it holds)."""
    return list(page.evaluate(LAYOUT_PROBLEMS, [CHIPS, NAMES, CONTROLS]))


def assert_layout_holds(page: Page, where: str) -> None:
    problems = layout_problems(page)
    width = page.evaluate("() => window.innerWidth")
    assert not problems, f"{where} at {width} px: {problems[:15]}"
