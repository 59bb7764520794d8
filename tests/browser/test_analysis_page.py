"""The replay's analysis (issue 42) in the browser, end to end on a real `ra serve` whose analyses use cheap
evaluator specs: a finished game's replay → Analyse → the progress → the graph and its marks → a click on a mark
takes the replay to that decision, which names the better move in words and draws it on the board → the summary
tells each seat's accuracy; then the same analysis in German at phone width, shown at once, its layout holding
(layout_check.py); and no Analyse for a game still running.

The progress bar's counts are checked on their own with `AnalysisRoute` (Playwright's `page.route` answering
/api/tables/{id}/analysis in the server's contract from `ra.analysis.analyse` on the table's own record): a cheap
analysis is over before the page could see it run. The layout checks (test_layout.py) use the same route.
"""

from __future__ import annotations

import json
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from layout_check import assert_layout_holds
from playwright.sync_api import Browser, BrowserContext, Page, Route, ViewportSize, expect

from conftest import Server
from ra.analysis.run import analyse

# Cheap evaluators: a 2-player game's analysis in about a second (the defaults take ~30 CPU-seconds a game).
CHEAP = {"ra": "search:samples=2,depth=1,nodes=300", "write": "search:samples=4"}
SPEC = CHEAP["ra"]
# `ra serve` with the cheap specs and quick progress.
SERVE_OPTIONS = (*(f"--analysis-spec={game}={spec}" for game, spec in CHEAP.items()), "--analysis-seconds=0.2")
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1300, "height": 900}
_finished: dict[tuple[str, str], str] = {}  # (server base, game) → a finished table there
_analyses: dict[str, dict[str, Any]] = {}  # table id → its analysis JSON


def finished_table(server: Server, game: str = "ra") -> str:
    """A 2-player game of two random bots, played to its end (once per server and game)."""
    if (server.base, game) in _finished:
        return _finished[server.base, game]
    seats = [{"kind": "bot", "bot": "random"}] * 2
    table = str(server.post("/api/tables", {"game": game, "options": {}, "seats": seats})["id"])
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.3)
    _finished[server.base, game] = table
    return table


@pytest.fixture(scope="module")
def cheap_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of this module whose analyses use the cheap specs."""
    server = Server(tmp_path_factory.mktemp("ra-analysis"), extra=SERVE_OPTIONS)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def analysed(server: Server, table: str) -> dict[str, Any]:
    """Ask the server for the table's analysis and wait for it: its JSON."""
    server.post(f"/api/tables/{table}/analysis", {})
    deadline = time.monotonic() + 90
    while (answer := server.get(f"/api/tables/{table}/analysis"))["status"] != "done":
        assert answer["status"] != "failed", "the analysis failed"
        assert time.monotonic() < deadline, f"the analysis did not finish: {answer}"
        time.sleep(0.3)
    return dict(answer["analysis"])


def analysis_of(server: Server, table: str) -> dict[str, Any]:
    """The analysis of the table's record computed here, as the server's JSON carries it (for `AnalysisRoute`)."""
    if table not in _analyses:
        _analyses[table] = analyse(server.get(f"/api/tables/{table}/record"), seed=0, spec=SPEC).as_json()
    return _analyses[table]


class AnalysisRoute:
    """Answers the page's /analysis requests as the server's contract does: nothing until POST, then queued, running
    with a growing count over a few questions, then done with the analysis (or done at once: `ready`)."""

    def __init__(self, analysis: dict[str, Any], ready: bool = False) -> None:
        self.analysis = analysis
        self.total = len(analysis["decisions"])
        self.asked = -1 if not ready else 99  # GETs since the POST; -1: none yet
        self.posts = 0

    def __call__(self, route: Route) -> None:
        if route.request.method == "POST":
            self.posts += 1
            self.asked = max(self.asked, 0)
            body = {"status": "queued", "done": 0, "total": None}
            route.fulfill(status=202, content_type="application/json", body=json.dumps(body))
            return
        body = self.state()
        if self.asked >= 0:
            self.asked += 1
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    def state(self) -> dict[str, Any]:
        if self.asked < 0:
            return {"status": "none", "done": 0, "total": None, "analysis": None}
        if self.asked < 3:  # a few questions while it runs: the page shows the count and the bar
            done = self.total * self.asked // 3
            return {"status": "running", "done": done, "total": self.total, "analysis": None}
        return {"status": "done", "done": self.total, "total": self.total, "analysis": self.analysis}


def open_replay(page: Page, server: Server, table: str, lang: str = "") -> None:
    page.goto(f"{server.base}/replay/{table}" + (f"?lang={lang}" if lang else ""))
    page.wait_for_function("() => document.body.dataset.step === '0'")


def routed(page: Page, server: Server, table: str, ready: bool = False) -> AnalysisRoute:
    """Answer the page's analysis requests from `AnalysisRoute` (the analysis computed here), not the server."""
    route = AnalysisRoute(analysis_of(server, table), ready)
    page.route("**/api/tables/*/analysis", route)
    return route


# The elements that reach past the window's right edge (tag, class, right edge), the widest first.
WIDER_THAN_WINDOW = """() => [...document.querySelectorAll('body *')]
  .map((e) => [e.tagName + '.' + e.getAttribute('class'), Math.round(e.getBoundingClientRect().right)])
  .filter(([, right]) => right > window.innerWidth).sort((a, b) => b[1] - a[1]).slice(0, 8)"""

# Every value the page's `data-analysis` takes, in order (the page's own record of the states it went through).
WATCH_STATES = """() => {
  window.analysisStates = [];
  new MutationObserver(() => window.analysisStates.push(document.body.dataset.analysis))
    .observe(document.body, { attributes: true, attributeFilter: ["data-analysis"] });
}"""


def costly(analysis: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in analysis["decisions"] if d["class"] != "good"]


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Any]:
    """Open pages (desktop or phone width); after the test, no JavaScript error on any of them."""
    errors: list[str] = []
    made: list[BrowserContext] = []

    def open_page(phone: bool = False) -> Page:
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP,
            has_touch=phone, reduced_motion="reduce",
        )  # fmt: skip
        made.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield open_page
    for context in made:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_analyse_a_finished_game_and_walk_its_decisions(contexts: Any, cheap_server: Server, shots: Path) -> None:
    server = cheap_server
    table = finished_table(server)
    page = contexts()
    open_replay(page, server, table)
    assert server.get(f"/api/tables/{table}/analysis")["status"] == "none"

    # Nothing yet: the button, no graph.
    expect(page.locator("#analyse")).to_be_visible()
    expect(page.locator("#analysis-result")).to_be_hidden()
    page.evaluate(WATCH_STATES)
    page.click("#analyse")
    # The replay stays usable while the server works.
    page.click("#forward")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    expect(page.locator("#analyse")).to_be_hidden()
    # Done: the graph, a mark per costly decision, the legend.
    expect(page.locator("#analysis-result")).to_be_visible(timeout=60_000)
    expect(page.locator("#analysis-progress")).to_be_hidden()
    states = page.evaluate("() => window.analysisStates")
    assert states[-1] == "done" and {"queued", "running"} & set(states[:-1]), states
    analysis = server.get(f"/api/tables/{table}/analysis")["analysis"]
    assert analysis["spec"] == SPEC and costly(analysis), "random bots make costly decisions"
    marks = page.locator(".analysis-graph .analysis-mark")
    assert marks.count() == len(costly(analysis))
    for verdict in ("inaccuracy", "mistake", "blunder"):
        assert page.locator(f".analysis-graph .analysis-mark.v-{verdict}").count() == sum(
            1 for d in costly(analysis) if d["class"] == verdict
        )
    expect(page.locator("#analysis-legend .legend-class")).to_have_count(3)
    expect(page.locator("#analysis-legend .legend-seat")).to_have_count(2)

    # A click on the costliest decision's mark: the replay goes there, says what was better and draws it.
    worst = max(costly(analysis), key=lambda d: d["loss"])
    page.locator(f'.analysis-mark[data-index="{worst["index"]}"]').click()
    page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=worst["index"])
    detail = page.locator("#analysis-detail")
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("better:")
    expect(detail).to_contain_text(f"{worst['agree']} of {worst['samples']} deals agree")
    lost = round(worst["loss"], 1)
    expect(detail).to_contain_text(f"−{lost:g} points")
    expect(detail.locator(".reason")).to_contain_text("Better:")
    better = page.locator("#board .better-move")
    expect(better.first).to_be_visible()
    page.screenshot(path=str(shots / "analysis-decision.png"), full_page=True)
    # The step after it is another position: the drawing goes with the decision.
    if all(d["index"] != worst["index"] + 1 or d["class"] == "good" for d in analysis["decisions"]):
        page.click("#forward")
        page.wait_for_function("(i) => document.body.dataset.step === String(i + 1)", arg=worst["index"])
        expect(page.locator("#board .better-move")).to_have_count(0)

    # Stepping onto a decision by the replay's own buttons tells it too.
    first = min(costly(analysis), key=lambda d: d["index"])
    page.click("#first")
    for _ in range(first["index"]):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=first["index"])
    expect(page.locator("body")).to_have_attribute("data-decision", first["class"])
    expect(page.locator("#analysis-detail .best")).to_be_visible()

    # From costly move to costly move (from the start: those after step 0).
    after = [i for i in sorted(d["index"] for d in costly(analysis)) if i > 0]
    page.click("#first")
    expect(page.locator("#analysis-previous")).to_be_disabled()
    for index in after[:2]:
        page.click("#analysis-next")
        page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=index)
    page.click("#analysis-previous")
    page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=after[0])

    # The summary: each seat's accuracy, counts and costliest decisions, which jump to their step.
    expect(page.locator("#analysis-summary-body tr.summary-seat")).to_have_count(2)
    for seat in analysis["seats"]:
        row = page.locator(f'#analysis-summary-body tr.summary-seat[data-seat="{seat["seat"]}"]')
        expect(row.locator(".accuracy")).to_have_text(f"{round(seat['accuracy'], 1):g}%")
        expect(row.locator(".count.v-blunder")).to_have_text(str(seat["counts"]["blunder"]))
        more = page.locator(f'#analysis-summary-body tr.summary-more[data-seat="{seat["seat"]}"]')
        expect(more.locator(".lost")).to_have_text(f"Points lost: {round(seat['lost'], 1):g}")
        jumps = page.locator(f'#analysis-summary-body tr.summary-more[data-seat="{seat["seat"]}"] .analysis-jump')
        expect(jumps).to_have_count(len(seat["costliest"]))
    seat = next(s for s in analysis["seats"] if s["costliest"])
    jump = page.locator(f'#analysis-summary-body tr.summary-more[data-seat="{seat["seat"]}"] .analysis-jump').first
    jump.click()
    page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=seat["costliest"][0])
    page.screenshot(path=str(shots / "analysis-summary.png"), full_page=True)


def test_the_progress_counts_the_decisions(contexts: Any, cheap_server: Server) -> None:
    """While an analysis runs, the page tells how many decisions are done, with a bar, asking every ~1.5 s."""
    server = cheap_server
    table = finished_table(server)
    page = contexts()
    route = routed(page, server, table)
    open_replay(page, server, table)
    page.click("#analyse")
    status, n = page.locator("#analysis-status"), route.total
    expect(status).to_contain_text(f"Analysing: {n // 3} of {n} decisions")
    assert page.evaluate("() => document.querySelector('#analysis-bar').value") == pytest.approx(1 / 3, abs=0.02)
    expect(status).to_contain_text(f"Analysing: {2 * n // 3} of {n} decisions")
    expect(page.locator("#analysis-result")).to_be_visible(timeout=10_000)
    assert route.posts == 1


def analysed_replay(page: Page, server: Server, lang: str = "") -> None:
    """The replay of a finished game whose analysis is done, answered by `AnalysisRoute` (a page of the layout checks,
    on any test server)."""
    table = finished_table(server)
    routed(page, server, table, ready=True)
    open_replay(page, server, table, lang=lang)
    expect(page.locator(".analysis-graph")).to_be_visible()


def test_a_done_analysis_shows_at_once_in_german_at_phone_width(
    contexts: Any, cheap_server: Server, shots: Path
) -> None:
    server = cheap_server
    table = finished_table(server)
    analysis = analysed(server, table)
    page = contexts(phone=True)
    open_replay(page, server, table, lang="de")
    expect(page.locator(".analysis-graph")).to_be_visible()
    expect(page.locator("#analyse")).to_be_hidden()
    expect(page.locator("#analysis-title")).to_have_text("Spielanalyse")
    expect(page.locator("#analysis-legend")).to_contain_text("Patzer")
    worst = max(costly(analysis), key=lambda d: d["loss"])
    page.locator(f'.analysis-mark[data-index="{worst["index"]}"]').click()
    page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=worst["index"])
    detail = page.locator("#analysis-detail")
    expect(detail).to_contain_text("besser:")
    expect(detail).to_contain_text(f"{worst['agree']} von {worst['samples']}")
    assert "better" not in (detail.text_content() or "")
    expect(page.locator("#board .better-move").first).to_be_visible()
    # Graph and summary fit the phone: nothing wider than the window, nothing overlapping.
    wide = page.evaluate(WIDER_THAN_WINDOW)
    assert not wide, f"wider than the window: {wide}"
    for box in (".analysis-graph", ".analysis-summary"):
        right = page.evaluate(f"() => document.querySelector('{box}').getBoundingClientRect().right")
        assert right <= PHONE["width"], f"{box} ends at {right} px"
    page.screenshot(path=str(shots / "analysis-de-390.png"), full_page=True)
    assert_layout_holds(page, "the analysed replay in German at 390 px")


def test_a_running_game_offers_no_analysis(contexts: Any, cheap_server: Server) -> None:
    """A game still running has no replay (the server refuses it), so no Analyse button either."""
    server = cheap_server
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    table = str(server.post("/api/tables", {"game": "ra", "options": {}, "seats": seats})["id"])
    page = contexts()
    page.goto(f"{server.base}/replay/{table}")
    expect(page.locator("#board .message")).to_be_visible()
    expect(page.locator("#analyse")).to_be_hidden()
    expect(page.locator("#analysis")).to_be_hidden()
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.post(f"/api/tables/{table}/analysis", {})
    assert refused.value.code == 409


@pytest.mark.parametrize("game", ["ra", "write"])
def test_every_better_move_is_drawn_on_the_board(contexts: Any, cheap_server: Server, game: str) -> None:
    """Each game's `whereIs` finds the better move of every costly decision on the board at its step."""
    server = cheap_server
    table = finished_table(server, game)
    analysis = analysed(server, table)
    page = contexts()
    open_replay(page, server, table)
    expect(page.locator(".analysis-graph")).to_be_visible()
    missing = []
    for decision in costly(analysis):
        # By the keyboard: close marks overlap, and a mark is a button there too.
        page.locator(f'.analysis-mark[data-index="{decision["index"]}"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(i) => document.body.dataset.step === String(i)", arg=decision["index"])
        if not page.locator("#board .better-move").count():
            missing.append(f"move {decision['index']}: {decision['best']}")
    assert not missing, f"better moves not found on the {game} board: {missing}"
