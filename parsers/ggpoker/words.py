"""GGPoker's words: its header, table and seat lines, its game names, its streets,
posts and fees.

Everything here is GGPoker's own; the reading steps are in `parsers.ggpoker.lines`.
docs/sites/ggpoker.md describes the format line by line.
"""

from __future__ import annotations

import re

from tracker.model import ActionKind, Game, Street, Structure

HAND_START = re.compile(r"Poker Hand #[A-Z]+[0-9]+: ")
"""The start of every hand's first line: "Poker Hand #OM181427446: ..." (cash: "OM",
"RC" for Rush & Cash; tournaments "TM"). PokerStars' headers start with the room's name
("PokerStars Hand #", "Run It Once Poker Hand #") and its ids are digits only, so
neither site's start matches the other's."""

# "Poker Hand #OM181427446: Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:56:19"
# "Poker Hand #OM1349864: PLO-5 ($2/$5) - 2021/04/13 16:21:36"
# "Poker Hand #TM106348078: Tournament #5948181, High Rollers PLO Main Event $1K Omaha
#  Pot Limit - Level4 (90/180) - 2020/06/23 19:21:09"
HEADER = re.compile(
    r"""Poker\sHand\s\#(?P<hand_id>[A-Z]+[0-9]+):\s
    (?:
        Tournament\s\#(?P<tournament>\d+),\s                # "Tournament #5948181, "
        (?P<event>.+?)\s-\sLevel(?P<level>\w+)\s            # "High Rollers ... Omaha Pot
                                                            #  Limit - Level4 "
      | (?P<game>.+?)\s                                     # "PLO-5 "
    )
    \((?P<small>[^/()]+)/(?P<big>[^/()]+)\)\s-\s            # "($2/$5) - "
    (?P<date>\d{4}/\d\d/\d\d\s\d\d?:\d\d:\d\d)\s*$          # "2021/04/13 16:21:36"
    """,
    re.VERBOSE,
)
"""The hand's header line."""

TIMEZONE = "ET"
"""GGPoker's headers give no zone. Its times are read as Eastern time, the zone most
readers of its files assume; no shared file says which it is (docs/sites/ggpoker.md)."""

GAMES: dict[str, tuple[Game, Structure]] = {
    "Omaha Pot Limit": (Game.OMAHA_HI, Structure.POT_LIMIT),
    "PLO": (Game.OMAHA_HI, Structure.POT_LIMIT),
    "PLO-5": (Game.OMAHA5_HI, Structure.POT_LIMIT),
}
"""GGPoker's game names, as the header writes them (a cash header's whole game, a
tournament's name ends with it), and the game and structure they are. Other names
(Hold'em, "PLO-6", short deck, ...) are games the tracker does not cover."""

HILO_MARKS = ("Hi/Lo", "Hi-Lo", "H/L", "PLO8", "Omaha8")
"""Words of a hi/lo game name, a game the tracker covers but whose GGPoker name no shared
file shows: such a hand fails (visibly) rather than being skipped as a game not covered."""

TOURNAMENT_GAMES = sorted(GAMES, key=len, reverse=True)
"""The game names a tournament's name may end with, longest first ("... Main Event $1K
Omaha Pot Limit")."""

# "Table 'PLOBronze12' 6-max Seat #6 is the button"; tournaments "Table '1' 6-max ..."
TABLE = re.compile(
    r"Table '(?P<name>[^']*)' (?P<max_seats>\d+)-max Seat #(?P<button>\d+) is the button\s*$"
)
"""The table line, the hand's second."""

# "Seat 1: 9d7f4cb8 ($3.26 in chips)", "Seat 1: 442b49d7 (27,617 in chips)": the stack in
# the last brackets
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<player>.*) \((?P<stack>.*) in chips\)\s*$")
"""A seat line."""

CASH_DROP = "Cash Drop to Pot : total "
"""House money added to the pot before the deal (Rush & Cash's "STP"): "Cash Drop to
Pot : total $0.2". The total pot counts it; no player put it in."""

POSTS: dict[str, ActionKind] = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "the ante": ActionKind.POST_ANTE,
}
"""What "posts ..." posts ("8d962552: posts small blind $0.01", "posts the ante 30")."""

ALL_IN = " and is all-in"
"""The end of an action that puts a player all in ("calls $123.08 and is all-in")."""

STREETS: dict[str, Street] = {
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
"""The betting rounds after the deal: "*** FLOP *** [Th 2h Ks]", "*** TURN *** [..]
[8h]"; run again, "*** SECOND TURN *** [Js 5s Jd] [4d]"."""

RUNS: dict[str, int] = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
"""The board a run-again street or showdown is for: "*** THIRD RIVER ***", "*** SECOND
SHOWDOWN ***", "SECOND Board [4d Qs]"."""

SHOWDOWN = "SHOWDOWN"
"""The showdown marker: "*** SHOWDOWN ***", "*** FIRST SHOWDOWN ***"."""

COLLECTED = " collected "
"""A payment, the one player line without a colon: "291a0936 collected $2.73 from
pot". GGPoker never says which pot (hand OM1349864 pays a side pot "from pot" too)."""

FROM_POT = " from pot"
"""The end of every payment line."""

INSURANCE = re.compile(
    r"get an all-in insurance \(premium \((?P<premium>[^)]*)\) for \((?P<cover>[^)]*)\)"
    r" - \(Mandatory/Main/Sub\)\)\s*$"
)
"""All-in insurance bought ("23aca38f: get an all-in insurance (premium ($0/$4/$0) for
($0/$10.8/$0) - (Mandatory/Main/Sub))"): a premium and what it covers, per pot."""

PREMIUM = "pay premium of all-in insurance ("
"""The premium paid once the board is out ("23aca38f: pay premium of all-in insurance
($4)"): paid to the house from the player's stack, not from the pot."""

FEES = ("Rake", "Jackpot", "Bingo")
"""The parts of the summary's pot line after the total: "Total pot $2.81 | Rake $0.06
| Jackpot $0.02 | Bingo $0". The total is gross: the payments plus these."""

RUN_COUNT = "Hand was run "
"""The summary's "Hand was run two times" / "three times"."""

WON = re.compile(r"(?:won|collected) \((?P<amount>[^()]+)\)")
"""What a summary seat line says was won: "won ($2.73) with ...", "collected ($0.6)";
run again, one "won (...)" per board won."""
