"""Merge's words: its game codes, rounds, events, card kinds and pot types.

Everything here is Merge's own; the reading steps are in `parsers.merge.reader`.
docs/sites/merge.md describes the format element by element.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"<game\s+id=\"[^\"]*\"\s+starttime=")
"""The start of a hand's element: '<game id="46634335-1" starttime="20120107110000" ...'."""

GAMES: dict[str, Game | str] = {
    # gametype (cash) and its tournament code, or multigametype in a mixed game
    "9": Game.OMAHA_HI,
    "35": Game.OMAHA_HILO,
    "37": Game.OMAHA_HILO,
    "39": Game.STUD_HI,
    "41": Game.STUD_HI,
    "43": Game.STUD_HILO,
    "45": Game.STUD_HILO,
    "23": "Hold'em",
    "49": "Razz",
}
"""A hand's game by its code: `multigametype` in a mixed game (HORSE), else `gametype`.
A name (str) is a game the tracker does not cover (the hand is skipped). Codes were
read from the hands: the tournament code is the cash code plus 2 (35 Omaha H/L8 cash,
37 in a tournament); in the HORSE tournament 23 are Hold'em hands (two hole cards) and
49 Razz hands (lows paid as the only pot, "n")."""

STRUCTURES: tuple[tuple[str, Structure], ...] = (
    ("Pot Limit", Structure.POT_LIMIT),
    ("No Limit", Structure.NO_LIMIT),
    ("Limit", Structure.LIMIT),
)
"""The structure by the start of the description's `stakes`: "Pot Limit ($0.25/$0.50)"."""

STAKE_AMOUNTS = re.compile(r"\$?(\d+(?:\.\d+)?)")
"""The amounts of a `stakes` attribute: "Limit $0.25/$0.50" -> 0.25, 0.50."""

STREETS: dict[str, Street | None] = {
    "BLINDS": None,  # posts and antes: the first street
    "PREFLOP": Street.PREFLOP,
    "POSTFLOP": Street.FLOP,
    "POSTTURN": Street.TURN,
    "POSTRIVER": Street.RIVER,
    "BRING_IN": Street.THIRD,
    "THIRD_STREET": Street.THIRD,
    "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH,
    "SIXTH_STREET": Street.SIXTH,
    "SEVENTH_STREET": Street.SEVENTH,
    "SHOWDOWN": None,  # shown cards; the betting is over
    "END_OF_GAME": None,  # the winners
    "END_OF_FOLDED_GAME": None,
}
"""A `<round id=..>` by its id: the street its events are on (None: no new street)."""

POSTS: dict[str, ActionKind] = {
    "SMALL_BLIND": ActionKind.POST_SMALL_BLIND,
    "BIG_BLIND": ActionKind.POST_BIG_BLIND,
    # a player coming back posts both blinds: "RETURN_BLIND" amount="1.50" at $0.50/$1
    "RETURN_BLIND": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "ANTE": ActionKind.POST_ANTE,
}
"""Forced posts, by event type."""

SILENT_EVENTS = frozenset({"CHAT", "SHOW", "MUCK", "PLAYER_OUT", "SIT_OUT", "SIT_IN"})
"""Events that say nothing of the chips or cards (shown cards come as `<cards>`)."""

POT_HALVES: dict[str, str | None] = {"h": "hi", "l": "lo", "n": None}
"""A `<winner pottype=..>`: the high half, the low half, or the whole pot."""

HIDDEN_CARD = "null"
"""A card not seen, in a `cards` list: "null,null,Kc"."""
