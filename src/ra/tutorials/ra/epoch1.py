"""The Ra tutorial, epoch 1 and its scoring: a whole 3-player game on a fixed bag, one idea per step.

You sit in seat 0 with the disks 13, 8, 5 and 2; Hatshepsut and Khufu play scripted moves. Scores are shown
throughout (the `scores_visible` option) so that every scoring step can point at the numbers (docs/rules/ra.md).
"""

from __future__ import annotations

from ra.core.text import Text, t, tp
from ra.tutorials.model import Fact
from ra.tutorials.script import stepper

RULES = "docs/rules/ra.md#"
OPTIONS = {
    "players": 3,
    "names": ["You", "Hatshepsut", "Khufu"],
    "disk_groups": [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]],
    "scores_visible": True,
}


# The learner's seat is named "You" in the game; a reader reads it in their language (Tutorial.names).
NAMES: tuple[Text | str, ...] = (tp("the learner's seat in a tutorial", "You"), "Hatshepsut", "Khufu")


ra_step = stepper(RULES)  # a step of this tutorial: its rule an anchor of the Ra rules (see `script.step`)


def epoch_points(epoch: int, seat: int, category: str, value: int, says: Text) -> Fact:
    """A category's points for a seat in an epoch's scoring (the view's epoch_scores)."""
    return Fact(("epoch_scores", epoch - 1, "players", seat, "categories", category), value, says)


def score_after(epoch: int, seat: int, value: int, says: Text) -> Fact:
    """A seat's score after an epoch's scoring."""
    return Fact(("epoch_scores", epoch - 1, "players", seat, "after"), value, says)


EPOCH_1 = (
    ra_step(
        "drawing",
        t("Drawing tiles"),
        "3-turn-structure",
        t(
            "Ra is played over three epochs. You collect tiles, and you win them in auctions. You hold the highest "
            "sun disk, 13, so you start. On your turn you draw a tile, invoke Ra or spend a god. Drawing is the usual "
            "move: the tile is shown to everyone and goes on the auction track, and the lot on offer grows. Draw a "
            "tile."
        ),
        """
        0 draw pharaoh
        1 draw gold
        2 draw art
        0 draw god |
        1 draw flood
        2 draw ra""",
        says=(t("Hatshepsut and Khufu drew too. Draw again: the auction track holds up to 8 tiles."),),
    ),
    ra_step(
        "auction",
        t("A Ra tile starts an auction"),
        "5-auctions",
        t(
            "Khufu drew a Ra tile. It goes on the Ra track and starts an auction for the whole lot: Pharaoh, Gold, "
            "Art, God and Flood. Starting left of the Ra player, Khufu, everyone gets one chance: bid one face-up sun "
            "disk, higher than the bid before, or pass. The Ra player bids last, so you bid first. Your disks are 13, "
            "8, 5 and 2: bid 5."
        ),
        """
        0 bid:5
        1 pass
        2 pass""",
        hint=t("Every disk can win only once per epoch: keep the 13 and the 8 for bigger lots. Bid 5."),
    ),
    ra_step(
        "central-disk",
        t("The central sun disk"),
        "5-auctions",
        t(
            "Nobody outbid you: the lot is yours. Your 5 went to the middle of the board face up: it is the prize of "
            "the next auction. The disk that was there, the 1, came to you face down. A face-down disk cannot be used "
            "again this epoch; at the end of the epoch every disk turns face up, so disks change hands during the "
            "game. Play goes on left of the Ra player, with you. Draw."
        ),
        """
        0 draw pharaoh
        1 draw nile
        2 draw pharaoh""",
    ),
    ra_step(
        "gods",
        t("Spending a god"),
        "6-god-tiles",
        t(
            "You won a God. Instead of drawing you may spend it to take one tile off the auction track, with no "
            "auction; that ends your turn. A god you keep scores 2 points at the end of the epoch, but a Pharaoh can "
            "be worth much more. Spend your god on a Pharaoh."
        ),
        """
        0 god:pharaoh
        1 draw ra
        2 bid:7""",
        hint=t("Drawing is allowed, but this step is about gods: spend yours on a Pharaoh."),
    ),
    ra_step(
        "one-chance",
        t("One chance to bid"),
        "5-auctions",
        t(
            "Hatshepsut drew a Ra tile, so she is the Ra player and bids last. Khufu, on her left, bid 7 for a Nile "
            "and a Pharaoh. Your face-up disks are 13 and 8. A disk spent on a small lot is gone for the epoch: pass, "
            "and keep your disks for a bigger one."
        ),
        """
        0 pass
        1 pass
        2 draw pharaoh""",
        hint=t("You could outbid Khufu, but the lot is small. Pass."),
    ),
    ra_step(
        "funeral",
        t("Disasters: the Funeral"),
        "7-disasters",
        t(
            "Khufu won with his 7 and took your 5 face down. Not every tile is welcome: disasters are drawn like the "
            "others and strike whoever gains them. A Funeral destroys 2 of its owner's pharaohs, even pharaohs that "
            "came in the same lot, because the lot is placed first and the disaster strikes after. Draw."
        ),
        """
        0 draw funeral
        1 draw pharaoh
        2 draw ra
        0 pass |
        1 bid:9
        2 pass""",
        hint=t("This lot gains its winner no pharaoh: pass."),
        says=(t("Two Pharaohs and a Funeral: the Funeral takes two pharaohs back, so the lot gains nothing. Pass."),),
    ),
    ra_step(
        "civilization",
        t("Collecting civilization"),
        "91-every-epoch",
        t(
            "The Funeral took both of Hatshepsut's new pharaohs at once. Civilization tiles score by how many "
            "different types you hold when the epoch ends: none costs 5 points, 1 or 2 types give nothing, 3 types "
            "give 5, 4 give 10, all 5 give 15. You hold an Art. Draw."
        ),
        """
        0 draw agriculture
        1 draw agriculture
        2 draw war
        0 draw writing |
        1 draw art
        2 draw religion""",
        says=(t("Draw once more."),),
    ),
    ra_step(
        "invoke",
        t("Invoking Ra"),
        "5-auctions",
        t(
            "The track holds Agriculture twice, Writing, Art and Religion, and a War. You need not wait for a Ra "
            "tile: on your turn you may invoke Ra and auction the lot now, as the Ra player. Invoke Ra."
        ),
        """
        0 ra
        1 pass
        2 pass""",
        hint=t("Drawing is allowed, but the next Ra tile could be someone else's. Invoke Ra."),
    ),
    ra_step(
        "forced-bid",
        t("The forced bid"),
        "5-auctions",
        t(
            "Hatshepsut and Khufu passed. When you invoke Ra on a track that is not full and everyone else passes, "
            "you must bid. Any face-up disk wins now, so use your lowest: bid 2."
        ),
        """
        0 bid:2""",
        hint=t("Any disk wins now: use the lowest, the 2."),
    ),
    ra_step(
        "war",
        t("Disasters: War"),
        "7-disasters",
        t(
            "The lot is yours, and it held a War: it destroys 2 of your civilization tiles, and you choose which. You "
            "hold Art and Agriculture twice each, Writing and Religion: 4 types. Give up the spare Art and the spare "
            "Agriculture, and you still hold 4 types, worth 10 points. Give up an Art."
        ),
        """
        0 lose:art
        0 lose:agriculture |
        1 draw flood
        2 draw drought""",
        hint=t("Give up the duplicates, an Art and an Agriculture, and keep all 4 types."),
        says=(t("Now the spare Agriculture."),),
    ),
    ra_step(
        "drought",
        t("Disasters: the Drought"),
        "7-disasters",
        t(
            "A Drought destroys 2 river tiles: floods first, and only then Nile tiles. You hold a Flood, and a Flood "
            "and a Drought now lie on the track. Draw."
        ),
        """
        0 draw pharaoh
        1 draw ra
        2 bid:10
        0 pass |
        1 pass
        2 draw god""",
        hint=t("The Drought would take your Flood: pass."),
        says=(t("Khufu bid 10 for the Flood, the Drought and the Pharaoh. Pass, and see what the Drought does."),),
    ),
    ra_step(
        "best-disk",
        t("Your best disk"),
        "5-auctions",
        t("The Drought took the Flood Khufu had just won, and then his Nile. Khufu drew a God. Draw."),
        """
        0 draw gold
        1 draw pharaoh
        2 draw ra
        0 bid:13 |""",
        says=(t("A God, a Gold and a Pharaoh are on offer. Bid your 13: nobody can beat it."),),
    ),
    ra_step(
        "automatic-passes",
        t("Automatic passes; the 13 changes hands"),
        "5-auctions",
        t(
            "Nobody could beat 13, so the others passed automatically: a player whose face-up disks are all lower "
            "than the high bid is not asked. Your 13 is now the central disk, and the next auction's winner takes it "
            "home for the next epoch. You have only the 8 left face up. Draw."
        ),
        """
        0 draw nile
        1 draw ra
        2 bid:11
        1 pass
        2 draw funeral""",
    ),
    ra_step(
        "lot-stays",
        t("Nobody bids: the lot stays"),
        "5-auctions",
        t(
            "Khufu's 11 beat your 8, so this time you passed automatically, and Khufu took the 13. Then he drew the "
            "second Funeral. Draw."
        ),
        """
        0 draw ra
        1 pass
        2 pass
        0 pass |
        1 draw gold
        2 draw pharaoh""",
        hint=t("Nobody wants a lone Funeral: pass."),
        says=(
            t("A Ra tile, and only a Funeral on offer. Pass: when nobody bids after a drawn Ra tile, the lot stays."),
        ),
    ),
    ra_step(
        "last-ra",
        t("The Ra track and the end of an epoch"),
        "4-drawing-a-ra-tile-the-ra-track",
        t(
            "Seven of this epoch's 8 Ra tiles are on the Ra track. The next one ends the epoch at once, without an "
            "auction, and every tile on the auction track is lost. Drawing is always a gamble. Draw, and keep your "
            "God: unspent, it scores 2."
        ),
        """
        0 draw ra""",
        hint=t("That is allowed, but this step shows how an epoch ends: draw."),
    ),
)


SCORING_1 = (
    ra_step(
        "score-gods",
        t("Scoring: gods"),
        "91-every-epoch",
        t(
            "The epoch is scored for everyone at once (here every score is shown; in a real game each player sees "
            "only their own until the end). Each unspent God scores 2 points: your God gives +2. The god you spent "
            "scores nothing."
        ),
        facts=(
            epoch_points(
                1,
                0,
                "gods",
                2,
                tp("quoted from the step's text, word for word", "your God gives +2"),
            ),
        ),
    ),
    ra_step(
        "score-gold",
        t("Scoring: gold"),
        "91-every-epoch",
        t("Each Gold scores 3 points: your 2 Gold give +6."),
        facts=(
            epoch_points(
                1,
                0,
                "gold",
                6,
                tp("quoted from the step's text, word for word", "your 2 Gold give +6"),
            ),
        ),
    ),
    ra_step(
        "score-pharaohs",
        t("Scoring: pharaohs"),
        "91-every-epoch",
        t(
            "Pharaohs are compared: the most score +5, the fewest -2, and tied players all score. With 3 pharaohs you "
            "have the most: +5. Khufu's 2 score 0. Hatshepsut has none: -2."
        ),
        facts=(
            epoch_points(
                1,
                0,
                "pharaohs",
                5,
                tp("quoted from the step's text, word for word", "you have the most: +5"),
            ),
            epoch_points(
                1,
                2,
                "pharaohs",
                0,
                tp("quoted from the step's text, word for word", "Khufu's 2 score 0"),
            ),
            epoch_points(
                1,
                1,
                "pharaohs",
                -2,
                tp("quoted from the step's text, word for word", "Hatshepsut has none: -2"),
            ),
        ),
    ),
    ra_step(
        "score-river",
        t("Scoring: the Nile and floods"),
        "91-every-epoch",
        t(
            "The river scores only with at least one Flood: then every Nile and every Flood gives 1 point. Your Flood "
            "gives +1. Khufu's Nile scores 0, because he has no Flood."
        ),
        facts=(
            epoch_points(
                1,
                0,
                "river",
                1,
                tp("quoted from the step's text, word for word", "Your Flood gives +1"),
            ),
            epoch_points(
                1,
                2,
                "river",
                0,
                tp("quoted from the step's text, word for word", "Khufu's Nile scores 0"),
            ),
        ),
    ),
    ra_step(
        "score-civilization",
        t("Scoring: civilization"),
        "91-every-epoch",
        t("Civilization counts the different types: your 4 give +10. Hatshepsut and Khufu have none: -5 each."),
        facts=(
            epoch_points(
                1,
                0,
                "civilization",
                10,
                tp("quoted from the step's text, word for word", "your 4 give +10"),
            ),
            epoch_points(
                1,
                1,
                "civilization",
                -5,
                tp("quoted from the step's text, word for word", "-5 each"),
            ),
            epoch_points(
                1,
                2,
                "civilization",
                -5,
                tp("quoted from the step's text, word for word", "-5 each"),
            ),
        ),
    ),
    ra_step(
        "epoch-end",
        t("What stays for the next epoch"),
        "82-steps",
        t(
            "In all, your epoch brought +24: your score went from 10 to 34. Hatshepsut fell to 3, Khufu to 5. Now "
            "every disk turns face up, and every tile without a scarab is discarded: gods, gold, floods and "
            "civilization. Pharaohs, Nile tiles and monuments stay for the next epochs."
        ),
        facts=(
            Fact(
                ("epoch_scores", 0, "players", 0, "net"),
                24,
                tp("quoted from the step's text, word for word", "your epoch brought +24"),
            ),
            score_after(
                1,
                0,
                34,
                tp("quoted from the step's text, word for word", "from 10 to 34"),
            ),
            score_after(
                1,
                1,
                3,
                tp("quoted from the step's text, word for word", "Hatshepsut fell to 3"),
            ),
            score_after(1, 2, 5, tp("quoted from the step's text, word for word", "Khufu to 5")),
        ),
        moves="""
        2 draw pyramid""",  # Khufu, holding the 13 now, opens epoch 2 (§8.3)
    ),
)
