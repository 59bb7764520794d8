"""The RA and Write tutorial: a whole 3-player game on a fixed deck, one idea per step (docs/rules/ra-and-write.md).

You sit in seat 0 and start; Hatshepsut and Khufu choose scripted cards. The Old Kingdom is long enough to fill
every section of your sheet and to set off a chain of five entries; the Middle and New Kingdoms end quickly. Every
word is a `Text` (docs/TRANSLATING.md); a fact quotes its step's text word for word.
"""

from __future__ import annotations

from ra.core.text import Text, t, tp
from ra.tutorials.model import Fact, Tutorial
from ra.tutorials.script import stepper

RULES = "docs/rules/ra-and-write.md#"
OPTIONS = {"players": 3, "names": ["You", "Hatshepsut", "Khufu"], "first_player": 0}
# The learner's seat is named "You" in the game; a reader reads it in their language (Tutorial.names).
NAMES: tuple[Text | str, ...] = (tp("the learner's seat in a tutorial", "You"), "Hatshepsut", "Khufu")


KHUFU_NEW_KINGDOM = ("kingdom_scores", 2, "players", 2, "total")  # his points from the New Kingdom
KHUFU_SCORE = ("scores", 2)  # his score once it is scored (he gets no end bonus)
_step = stepper(RULES)  # a step of this tutorial: its rule an anchor of the RA and Write rules (`script.step`)


def _section(kingdom: int, seat: int, section: str, field: str, value: int, says: Text) -> Fact:
    """What counted ('count') or the points ('points') of a section for a seat in a scored Kingdom."""
    return Fact(("kingdom_scores", kingdom, "players", seat, section, field), value, says)


OLD_KINGDOM = (
    _step(
        "choose",
        t("Revealing and choosing a card"),
        "3-a-turn",
        t(
            "RA and Write runs through three Kingdoms. Everyone has the same scoresheet with five sections: Gods, "
            "Pharaohs, Nile, Civilization and Monuments. You are the active player: reveal cards until three that are "
            "not Ra lie face up, then choose one and write it on your sheet."
        ),
        """
        0 reveal god:6,nile:12,civ:art
        0 card1>god1 |
        1 card2>nile6
        2 card3>civ:old
        1 reveal god:11,pharaoh,monument:temple
        1 card2""",
        hint=t("Take the God 6 into the first Gods space of the Old Kingdom: {move}.", move="card1>god1"),
        says=(t("Take the God 6: its number goes in any empty Gods space. Write it in the first Old Kingdom one."),),
    ),
    _step(
        "others",
        t("Choosing after the active player"),
        "3-a-turn",
        t(
            "Hatshepsut and Khufu each chose one of the two cards you left; several players may take the same card. "
            "Now Hatshepsut is active. Her card is reserved for her; you choose one of the other two. The Gods "
            "section has three spaces per Kingdom: take the God 11 into the second Old Kingdom space."
        ),
        """
        0 card1>god2
        2 card3
        2 reveal civ:writing,nile:4,pharaoh
        2 card1>civ:old""",
        hint=t("Take the God 11 into the second Old Kingdom space: {move}.", move="card1>god2"),
    ),
    _step(
        "nile",
        t("The Nile"),
        "nile",
        t(
            "The Nile row has 12 spaces. A Nile number may go in any empty space as long as the row still reads in "
            "order, small to large from left to right; gaps may be filled later. Take the Nile 4 into the first "
            "space."
        ),
        """
        0 card2>nile1
        1 card3""",
        hint=t("Take the Nile 4 into Nile space 1: {move}.", move="card2>nile1"),
    ),
    _step(
        "pharaohs",
        t("Pharaohs and Ra cards"),
        "pharaohs",
        t(
            "Your turn to reveal. Each Ra card revealed is set aside: the third Ra of a Kingdom ends it, and it is "
            "scored. A Pharaoh is marked in the leftmost empty space of the Pharaohs row. Reveal, then take the "
            "Pharaoh."
        ),
        """
        0 reveal pharaoh,ra,monument:sphinx,god:3
        0 card1 |
        1 card3>god1
        2 card2
        1 reveal nile:7,god:17,monument:obelisk
        1 card2>god2""",
        hint=t("Take the Pharaoh: {move}.", move="card1"),
        says=(t("Take the Pharaoh: it marks the leftmost Pharaohs space."),),
    ),
    _step(
        "nile-order",
        t("Keeping the Nile in order"),
        "nile",
        t(
            "A number can only go where it keeps the row in order: the 7 fits right of your 4, never left of it. "
            "Take the Nile 7 into space 2."
        ),
        """
        0 card1>nile2
        2 card3
        2 reveal pharaoh,civ:art,monument:pyramid
        2 card3""",
        hint=t("Take the Nile 7 into space 2: {move}.", move="card1>nile2"),
    ),
    _step(
        "symbols",
        t("The Nile symbols"),
        "pharaohs",
        t(
            "Some Pharaohs spaces carry a Nile symbol: spaces 3, 6, 9 and 12, drawn as ~ on the board. Marking one "
            "earns a bonus entry in the Nile. Take the Pharaoh: your next one will be space 3."
        ),
        """
        0 card1
        1 card2>civ:old""",
        hint=t("Take the Pharaoh: {move}.", move="card1"),
    ),
    _step(
        "civilization",
        t("Civilization"),
        "civilization",
        t(
            "The Civilization section has a line per Kingdom, each with a space for every type. Only the current "
            "Kingdom's line scores, by how many marks it has. Take the Art into the Old Kingdom line."
        ),
        """
        0 reveal ra,civ:art,nile:15,god:2
        0 card1>civ:old |
        1 card2>nile9
        2 card3>god1
        1 reveal civ:astronomy,pharaoh,nile:1
        1 card3>nile1""",
        hint=t("Take the Art into the Old Kingdom line: {move}.", move="card1>civ:old"),
        says=(t("Take the Art into the Old Kingdom line."),),
    ),
    _step(
        "civ-line",
        t("A line of three"),
        "civilization",
        t(
            "A Civilization line that reaches 3 marks earns a bonus entry in Monuments. Take the Astronomy into the "
            "Old Kingdom line: that makes two."
        ),
        """
        0 card1>civ:old
        2 card2
        2 reveal monument:pyramid,god:9,nile:19
        2 card2>god2""",
        hint=t("Take the Astronomy into the Old Kingdom line: {move}.", move="card1>civ:old"),
    ),
    _step(
        "monuments",
        t("Monuments"),
        "monuments",
        t(
            "The Monuments section has a column of 3 spaces for each of the 8 types; a card marks the topmost empty "
            "space of its column. Take the Pyramid."
        ),
        """
        0 card1
        1 card3>nile12""",
        hint=t("Take the Pyramid: {move}.", move="card1"),
    ),
    _step(
        "bonus",
        t("A bonus entry"),
        "bonus-entries-and-chains",
        t(
            "Filling the third Gods space of a Kingdom totals its group and earns a bonus entry in Pharaohs. Reveal, "
            "take the God 14 into the last Old Kingdom space, then make the bonus entry."
        ),
        """
        0 reveal god:14,nile:9,pharaoh
        0 card1>god3 |
        0 bonus>pharaoh |""",
        hint=t(
            "Take the God 14 into Gods space 3, then the Pharaohs bonus: {moves}.", moves="card1>god3, bonus>pharaoh"
        ),
        says=(
            t("Take the God 14 into the third Old Kingdom space: 6 + 11 + 14 = 31."),
            t("The bonus entry in Pharaohs marks the leftmost empty space."),
        ),
    ),
    _step(
        "chain",
        t("A chain of bonuses"),
        "bonus-entries-and-chains",
        t(
            "Your bonus Pharaoh landed on space 3, a Nile symbol: a bonus entry in the Nile, where you may write any "
            "number that keeps the row in order. A bonus entry is made at once and may earn the next one: a chain. "
            "Write 8 in Nile space 3."
        ),
        """
        0 bonus>nile3=8
        0 bonus>civ:old:writing |
        0 bonus>monument:pyramid |
        1 card3
        1 decline
        2 card2>nile5
        1 reveal ra,monument:pyramid,ra,civ:religion,god:20""",
        hint=t("Follow the chain: {moves}.", moves="bonus>nile3=8, bonus>civ:old:writing, bonus>monument:pyramid"),
        says=(
            t("Nile spaces 1 to 3 are full: a Civilization bonus. Mark Writing in the Old line."),
            t("Three marks in the Old line: a Monuments bonus. Mark your Pyramid column again."),
        ),
    ),
)

OLD_SCORING = (
    _step(
        "score-gods",
        t("Scoring the Gods"),
        "5-scoring-a-kingdom",
        t(
            "One card filled five spaces. Hatshepsut declined her Nile bonus: a bonus may be refused. Her reveal "
            "showed the third Ra of the Old Kingdom, so it is scored at once. Gods compare the sums of this Kingdom's "
            "three spaces: your 31 is the highest, +5. Khufu's 11 is the lowest, -5."
        ),
        facts=(
            _section(0, 0, "gods", "count", 31, tp("quoted from the step's text, word for word", "your 31")),
            _section(0, 0, "gods", "points", 5, tp("quoted from the step's text, word for word", "the highest, +5")),
            _section(0, 2, "gods", "count", 11, tp("quoted from the step's text, word for word", "Khufu's 11")),
            _section(0, 2, "gods", "points", -5, tp("quoted from the step's text, word for word", "the lowest, -5")),
        ),
    ),
    _step(
        "score-pharaohs",
        t("Scoring the Pharaohs"),
        "5-scoring-a-kingdom",
        t(
            "Pharaohs compare the whole row. You and Hatshepsut tie for the most with 3: both +5. Khufu's 1 is the "
            "fewest: -5."
        ),
        facts=(
            _section(0, 0, "pharaohs", "points", 5, tp("quoted from the step's text, word for word", "both +5")),
            _section(0, 1, "pharaohs", "points", 5, tp("quoted from the step's text, word for word", "both +5")),
            _section(
                0, 2, "pharaohs", "points", -5, tp("quoted from the step's text, word for word", "the fewest: -5")
            ),
        ),
    ),
    _step(
        "score-nile",
        t("Scoring the Nile"),
        "5-scoring-a-kingdom",
        t(
            "The Nile gives 1 point per filled space, whatever the numbers: your 3 spaces give +3, Hatshepsut's 4 "
            "give +4."
        ),
        facts=(
            _section(
                0, 0, "nile", "points", 3, tp("quoted from the step's text, word for word", "your 3 spaces give +3")
            ),
            _section(
                0, 1, "nile", "points", 4, tp("quoted from the step's text, word for word", "Hatshepsut's 4 give +4")
            ),
        ),
    ),
    _step(
        "score-civilization",
        t("Scoring Civilization"),
        "5-scoring-a-kingdom",
        t(
            "Only the Old Kingdom's line scores now: no mark costs 5, 1 or 2 marks give 0, 3 give 5, 4 give 10, 5 "
            "give 15. Your 3 marks give +5."
        ),
        facts=(
            _section(
                0,
                0,
                "civilization",
                "points",
                5,
                tp("quoted from the step's text, word for word", "Your 3 marks give +5"),
            ),
        ),
    ),
    _step(
        "score-monuments",
        t("Scoring the Monuments"),
        "5-scoring-a-kingdom",
        t(
            "Monuments give 1 point per column with at least one mark: your Pyramid column gives +1, Khufu's 4 "
            "columns +4. In all, the Old Kingdom gives you 19 points."
        ),
        facts=(
            _section(
                0,
                0,
                "monuments",
                "points",
                1,
                tp("quoted from the step's text, word for word", "your Pyramid column gives +1"),
            ),
            _section(
                0, 2, "monuments", "points", 4, tp("quoted from the step's text, word for word", "Khufu's 4 columns +4")
            ),
            Fact(
                ("kingdom_scores", 0, "players", 0, "total"),
                19,
                tp("quoted from the step's text, word for word", "gives you 19 points"),
            ),
        ),
        moves="""
        1 card3>god4""",
    ),
)

LATER = (
    _step(
        "middle",
        t("The Middle Kingdom"),
        "4-kingdom-end-and-game-end",
        t(
            "Hatshepsut's turn goes on in the Middle Kingdom. Pharaohs, Nile and Monuments count the whole section in "
            "every Kingdom, so your entries keep paying; Gods and Civilization count only the current Kingdom's part. "
            "Take the Pyramid: its column is then full."
        ),
        """
        0 card1
        2 card2>civ:middle
        2 reveal ra,god:5,monument:palace,civ:religion
        2 card1>god5""",
        hint=t("Take the Pyramid: {move}.", move="card1"),
    ),
    _step(
        "middle-line",
        t("The Middle Kingdom's line"),
        "civilization",
        t("Your Old Kingdom line will not score again. Take the Religion into the Middle Kingdom line."),
        """
        0 card3>civ:middle
        1 card2""",
        hint=t("Take the Religion into the Middle Kingdom line: {move}.", move="card3>civ:middle"),
    ),
    _step(
        "kingdom-end",
        t("The third Ra ends a Kingdom"),
        "4-kingdom-end-and-game-end",
        t(
            "Reveal: the third Ra of a Kingdom interrupts the turn, the Kingdom is scored, and the turn goes on in "
            "the next one. The ninth Ra ends the game at once."
        ),
        """
        0 reveal ra,ra,ra,nile:20,civ:writing,monument:statue
        0 card1>nile4 |
        1 card2>civ:new
        2 card3
        1 reveal ra""",
        hint=t("Take the Nile 20 into Nile space 4: {move}.", move="card1>nile4"),
        says=(t("Take the Nile 20 into Nile space 4."),),
    ),
    _step(
        "later-scores",
        t("The Middle and New Kingdoms"),
        "5-scoring-a-kingdom",
        t(
            "In the Middle Kingdom you had no Gods there: -5. In the New Kingdom you had no Civilization mark in its "
            "line: -5. Scores may go below zero: the New Kingdom gives Khufu {points}, and his score ends on {score}."
        ),
        facts=(
            _section(1, 0, "gods", "points", -5, tp("quoted from the step's text, word for word", "no Gods there: -5")),
            _section(
                2,
                0,
                "civilization",
                "points",
                -5,
                tp("quoted from the step's text, word for word", "no Civilization mark in its line: -5"),
            ),
            Fact(
                KHUFU_NEW_KINGDOM,
                -4,
                tp("quoted from the step's text, word for word", "the New Kingdom gives Khufu {points}"),
            ),
            Fact(KHUFU_SCORE, -9, tp("quoted from the step's text, word for word", "his score ends on {score}")),
        ),
        reads=(("points", KHUFU_NEW_KINGDOM), ("score", KHUFU_SCORE)),
    ),
    _step(
        "end-bonuses",
        t("End bonuses"),
        "6-end-of-game",
        t(
            "After the New Kingdom, each player adds 10 points for each of these: all 9 Gods spaces filled, all 12 "
            "Pharaohs, all 12 Nile spaces, all 8 Monument columns marked, and each Monument column with all 3 spaces "
            "marked. Your full Pyramid column gives +10."
        ),
        facts=(
            Fact(
                ("end_bonuses", 0, "full_monument_columns"),
                10,
                tp("quoted from the step's text, word for word", "Your full Pyramid column gives +10"),
            ),
        ),
    ),
    _step(
        "winner",
        t("The winner"),
        "6-end-of-game",
        t(
            "The highest total wins: you, with 38 against Hatshepsut's 29. A tie would be broken by the numbers in "
            "the Gods rows, highest first."
        ),
        facts=(
            Fact(("result", "scores", 0), 38, tp("quoted from the step's text, word for word", "you, with 38")),
            Fact(("result", "scores", 1), 29, tp("quoted from the step's text, word for word", "Hatshepsut's 29")),
        ),
    ),
)

# The rules this game does not show (a newcomer meets them in a real game): one sentence each, beside its section.
LATER_RULES = (
    _step(
        "later",
        t("Rules you will meet later"),
        "rulings-for-this-project",
        t("A few rules this game did not show, one sentence each; each link opens its section of the rules."),
        notes=(
            (
                "which-kingdom-rows-may-be-written",
                t(
                    "God numbers and Civilization marks may go in any Kingdom's part, even one already scored; "
                    "only the current Kingdom's part scores."
                ),
            ),
            (
                "monuments",
                t(
                    "When the top space of every Monument column is marked, you earn one bonus entry in any "
                    "section, once a game; in Gods it writes a 20."
                ),
            ),
            (
                "a-card-with-a-legal-space-must-be-entered",
                t(
                    "A card you choose must be entered if it has a legal space on your sheet; a card with none may "
                    "still be chosen, and is lost."
                ),
            ),
            (
                "5-scoring-a-kingdom",
                t("With 2 players nobody scores -5 for the lowest Gods or Pharaohs: the lowest scores 0."),
            ),
            (
                "ties-and-shared-wins",
                t(
                    "A tie for the win is broken by the God numbers, highest first; players with exactly the same "
                    "numbers share the win."
                ),
            ),
        ),
    ),
)

TUTORIAL = Tutorial(
    game="write",
    title=t("Learn RA and Write"),
    learner=0,
    options=OPTIONS,
    steps=OLD_KINGDOM + OLD_SCORING + LATER + LATER_RULES,
    intro=t(
        "A guided game of RA and Write for three players: you, Hatshepsut and Khufu. Every card is fixed in advance, "
        "and each step shows one rule."
    ),
    ending=t(
        "That was a whole game of RA and Write. Hatshepsut and Khufu played along; in a real game nobody does. Try "
        "one against easy bots."
    ),
    names=NAMES,
)
