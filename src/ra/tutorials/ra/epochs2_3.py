"""The Ra tutorial, epochs 2 and 3 and the final scoring (docs/rules/ra.md); the whole tutorial is `TUTORIAL`."""

from __future__ import annotations

from ra.core.text import t, tp
from ra.tutorials.model import Fact, Tutorial
from ra.tutorials.ra.epoch1 import EPOCH_1, NAMES, OPTIONS, SCORING_1, epoch_points, ra_step, score_after

EPOCH_2 = (
    ra_step(
        "epoch-2",
        t("Epoch 2: who starts; monuments"),
        "83-start-of-epochs-2-and-3",
        t(
            "Every epoch is opened by the holder of the highest disk: now Khufu, with the 13 he won from you. Your "
            "disks are 10, 9, 8 and 1. Monuments are kept to the end of the game, like pharaohs, and score once, "
            "after epoch 3: for the number of different types, and for sets of 3 or more alike. Draw."
        ),
        """
        0 draw pyramid
        1 draw temple
        2 draw ra""",
    ),
    ra_step(
        "monuments",
        t("Bidding for monuments"),
        "92-final-scoring",
        t("Khufu drew a Ra tile: two Pyramids and a Temple are on offer, and you bid first. Bid 10."),
        """
        0 bid:10
        1 pass
        2 pass""",
        hint=t("This lot is worth a high disk: bid 10."),
    ),
    ra_step(
        "empty-track",
        t("An auction for the central disk alone"),
        "e18-invoking-ra-with-an-empty-track",
        t(
            "You took the 11 face down, and your 10 is the central disk now. The auction track is empty, but you may "
            "still invoke Ra: the only prize is the central disk. If nobody bids you must bid, and your 1 buys the 10 "
            "for the next epoch. Invoke Ra."
        ),
        """
        0 ra
        1 pass
        2 pass
        0 bid:1 |
        1 draw pyramid
        2 draw statue""",
        hint=t("Trade your lowest disk for a high one: invoke Ra, then bid 1."),
        says=(t("Everyone passed: bid your 1, and the 10 is yours for the next epoch."),),
    ),
    ra_step(
        "high-centre",
        t("A high disk in the middle"),
        "5-auctions",
        t("You traded your 1 for the 10. Draw, and watch what Khufu does with his 13."),
        """
        0 draw gold
        1 draw ra
        2 bid:13
        2 draw nile""",
    ),
    ra_step(
        "win-13",
        t("Winning the 13 back"),
        "5-auctions",
        t(
            "Khufu bid his 13, so the 13 is the central disk again: whoever wins the next auction takes it for the "
            "last epoch. Draw."
        ),
        """
        0 draw flood
        1 draw ra
        2 pass
        0 bid:9 |
        1 pass
        2 draw pharaoh""",
        hint=t("Bid 9 and the 13 comes back to you."),
        says=(t("A Nile, a Flood, and the 13 for the last epoch: bid 9."),),
    ),
    ra_step(
        "sit-out",
        t("Sitting out"),
        "e5-players-without-face-up-disks",
        t(
            "Your last face-up disk is the 8. Invoke Ra for the Pharaoh and bid it. A player with no face-up disk "
            "sits out the rest of the epoch: no turns and no bids until the disks turn face up again. Then watch "
            "Hatshepsut and Khufu finish epoch 2."
        ),
        """
        0 ra
        1 pass
        2 pass
        0 bid:8 |
        1 draw pharaoh
        2 draw ra
        1 bid:12
        1 draw ra
        2 pass
        1 pass
        2 draw art
        1 draw ra
        2 bid:5
        1 pass
        2 draw ra
        1 pass
        2 pass
        1 draw ra""",
        says=(t("Bid your last disk, the 8."),),
    ),
    ra_step(
        "floor",
        t("Epoch 2 scoring; the score floor"),
        "93-the-score-floor",
        t(
            "Epoch 2 scores like epoch 1. You: +5 for the most pharaohs, +2 for your Nile and Flood, -5 for holding "
            "no civilization: +2, so you have 36. Hatshepsut's -7 would take her below zero, but a score never drops "
            "below 0: she has 0. Khufu's Gold brings him to 8."
        ),
        facts=(
            epoch_points(
                2,
                0,
                "pharaohs",
                5,
                tp("quoted from the step's text, word for word", "+5 for the most pharaohs"),
            ),
            epoch_points(
                2,
                0,
                "river",
                2,
                tp("quoted from the step's text, word for word", "+2 for your Nile and Flood"),
            ),
            epoch_points(
                2,
                0,
                "civilization",
                -5,
                tp("quoted from the step's text, word for word", "-5 for holding no civilization"),
            ),
            Fact(
                ("epoch_scores", 1, "players", 0, "net"),
                2,
                tp("quoted from the step's text, word for word", "civilization: +2"),
            ),
            score_after(
                2,
                0,
                36,
                tp("quoted from the step's text, word for word", "so you have 36"),
            ),
            Fact(
                ("epoch_scores", 1, "players", 1, "net"),
                -7,
                tp("quoted from the step's text, word for word", "Hatshepsut's -7"),
            ),
            score_after(2, 1, 0, tp("quoted from the step's text, word for word", "she has 0")),
            score_after(
                2,
                2,
                8,
                tp("quoted from the step's text, word for word", "brings him to 8"),
            ),
        ),
    ),
)


EPOCH_3 = (
    ra_step(
        "epoch-3",
        t("Epoch 3"),
        "83-start-of-epochs-2-and-3",
        t(
            "You hold the 13 again, so you open the last epoch, with 13, 11, 10 and 9. After this epoch the game ends "
            "with the final scoring of monuments and sun disks. Draw."
        ),
        """
        0 draw pyramid
        1 draw earthquake
        2 draw sphinx
        0 draw obelisk |
        1 draw ra
        2 pass""",
        says=(t("Draw again."),),
    ),
    ra_step(
        "earthquake",
        t("Disasters: the Earthquake"),
        "7-disasters",
        t(
            "The lot holds a Pyramid, a Sphinx, an Obelisk and an Earthquake, which destroys 2 monuments of your "
            "choice. Win it anyway with your 13: you will hold 3 Pyramids, a set worth 5, so let the Earthquake take "
            "single monuments. Bid 13."
        ),
        """
        0 bid:13
        0 lose:sphinx |
        0 lose:obelisk |
        2 draw temple""",
        hint=t("Keep the set of 3 Pyramids: give up the Sphinx and the Obelisk."),
        says=(
            t("The Earthquake strikes: give up the Sphinx."),
            t("And the Obelisk: your 3 Pyramids and the Temple stay."),
        ),
    ),
    ra_step(
        "sets",
        t("Monuments: variety and sets"),
        "92-final-scoring",
        t(
            "Monuments score in two parts: 1 point per different type (7 types give 10, all 8 give 15), and for each "
            "type, 3 alike give 5, 4 alike 10, 5 alike 15. Draw."
        ),
        """
        0 draw palace
        1 draw fortress
        2 draw ra
        0 bid:9 |
        2 pass""",
        hint=t("Bid 9 for three monuments and the 13."),
        says=(t("A Temple, a Palace and a Fortress, and the 13 in the middle: bid 9."),),
    ),
    ra_step(
        "fourth-pyramid",
        t("A fourth Pyramid"),
        "92-final-scoring",
        t("Your 3 Pyramids score 5; a fourth makes it 10. Draw."),
        """
        0 draw pyramid
        1 draw ra
        2 pass
        0 bid:10 |
        2 draw step_pyramid""",
        hint=t("Bid 10 for the fourth Pyramid."),
        says=(t("The fourth Pyramid: bid 10."),),
    ),
    ra_step(
        "game-end",
        t("The last Ra tiles"),
        "81-triggers",
        t(
            "Invoke Ra for the Step Pyramid and spend your last disk, the 11. Then watch the others draw the last Ra "
            "tiles of the game."
        ),
        """
        0 ra
        1 pass
        2 pass
        0 bid:11 |
        1 draw ra
        2 pass
        1 pass
        2 draw ra
        1 pass
        2 pass
        1 draw ra
        2 pass
        1 pass
        2 draw ra
        1 pass
        2 pass
        1 draw ra""",
        says=(t("Bid your last disk, the 11."),),
    ),
)


FINAL = (
    ra_step(
        "final-monuments",
        t("Final scoring: monuments"),
        "92-final-scoring",
        t(
            "Epoch 3 is scored as usual, and the final scoring adds monuments and sun disks. Your 5 types of monument "
            "give 5 and your 4 Pyramids 10: +15. Khufu's Pyramid and Statue give +2."
        ),
        facts=(
            epoch_points(
                3,
                0,
                "monuments",
                15,
                tp("quoted from the step's text, word for word", "+15"),
            ),
            epoch_points(
                3,
                2,
                "monuments",
                2,
                tp("quoted from the step's text, word for word", "give +2"),
            ),
        ),
    ),
    ra_step(
        "final-disks",
        t("Final scoring: sun disks"),
        "92-final-scoring",
        t(
            "Each player adds up all their disks, face up and face down. Your 13, 10, 9 and 5 make 37, the most: +5. "
            "Khufu's 19 is the least: -5."
        ),
        facts=(
            Fact(
                ("result", "disk_totals", 0),
                37,
                tp("quoted from the step's text, word for word", "make 37"),
            ),
            epoch_points(
                3,
                0,
                "sun_disks",
                5,
                tp("quoted from the step's text, word for word", "the most: +5"),
            ),
            Fact(
                ("result", "disk_totals", 2),
                19,
                tp("quoted from the step's text, word for word", "Khufu's 19"),
            ),
            epoch_points(
                3,
                2,
                "sun_disks",
                -5,
                tp("quoted from the step's text, word for word", "the least: -5"),
            ),
        ),
    ),
    ra_step(
        "winner",
        t("The winner"),
        "94-game-end-and-tie-break",
        t("The highest score wins: you, with 56. Had two players tied, the one holding the highest disk would win."),
        facts=(
            Fact(
                ("result", "scores", 0),
                56,
                tp("quoted from the step's text, word for word", "you, with 56"),
            ),
        ),
    ),
)


# The rules this game does not show (a newcomer meets them in a real game): one sentence each, beside its section.
LATER = (
    ra_step(
        "later-turns",
        t("Rules you will meet later: turns and auctions"),
        "3-turn-structure",
        t("A few rules this game did not show, one sentence each; each link opens its section of the rules."),
        notes=(
            (
                "2-setup",
                t(
                    "The Ra track's length depends on the number of players: an epoch has 6 Ra tiles with 2 "
                    "players, 8 with 3, 9 with 4 and 10 with 5."
                ),
            ),
            (
                "3-turn-structure",
                t("With 8 tiles on the auction track you may not draw: invoke Ra or, if you can, spend gods."),
            ),
            (
                "5-auctions",
                t(
                    "When Ra is invoked on a full auction track and everyone passes, the Ra player too, all 8 tiles "
                    "are discarded."
                ),
            ),
            (
                "6-god-tiles",
                t("A god may take any tile but a God tile: a disaster too, which then strikes you."),
            ),
            ("6-god-tiles", t("You may spend several gods in the same turn, each taking one tile.")),
            (
                "81-triggers",
                t("An epoch also ends when, after an auction, nobody has a face-up sun disk left."),
            ),
        ),
    ),
    ra_step(
        "later-scoring",
        t("Rules you will meet later: scoring"),
        "9-scoring",
        t("And a few rules of scoring."),
        notes=(
            (
                "92-final-scoring",
                t("The central sun disk belongs to nobody: it does not count in the final sun disk totals."),
            ),
            (
                "91-every-epoch",
                t(
                    "Tied players each score the full bonus or penalty, for pharaohs and sun disks alike; if all "
                    "players are equal, nobody scores."
                ),
            ),
            (
                "a1-epoch-3-clamp-once-or-twice",
                t(
                    "The score floor has a table option, “{option}”: with “once” (as in the box) a score below 0 "
                    "becomes 0 after the last bonuses and penalties; with “twice” it also becomes 0 before them.",
                    option=tp("table option", "Negative scores at the very end"),
                ),
            ),
        ),
    ),
)


TUTORIAL = Tutorial(
    game="ra",
    title=t("Learn Ra"),
    learner=0,
    options=OPTIONS,
    steps=EPOCH_1 + SCORING_1 + EPOCH_2 + EPOCH_3 + FINAL + LATER,
    intro=t(
        "A guided game of Ra for three players: you, Hatshepsut and Khufu. Every tile is fixed in advance, and each "
        "step shows one rule."
    ),
    ending=t(
        "That was a whole game of Ra. Hatshepsut and Khufu played along; in a real game nobody does. Try one against "
        "easy bots."
    ),
    names=NAMES,
)
