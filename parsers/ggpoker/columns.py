"""GGPoker's lines for the column-wise reader (`parsers._base.column_site`): the shapes
of its usual header, body and summary lines, as `parsers.ggpoker.lines` reads them.

A hand with any other line (a straddle, insurance, a Cash Drop, a run-it-twice board,
a name holding ": " or " collected ") goes to that line-by-line reader.
"""

from __future__ import annotations

from parsers._base.column_format import STARS_SEAT, ColumnFormat, Rule
from parsers.ggpoker import words

HEADER_START = "Poker Hand #"
"""What every header line starts with."""

HEADER = (
    r"Poker Hand #(?P<hand_id>[A-Z]+[0-9]+): (?P<terms>.+) - "
    r"(?P<y>[0-9]{4})/(?P<mo>[0-9]{2})/(?P<d>[0-9]{2}) "
    r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})"
)
"""A header line: "Poker Hand #OM181427446: Omaha Pot Limit ($0.5/$1) - 2020/04/14
07:56:19", the terms between the id and the time."""

_AMOUNT = r"(?P<amount>[^ ]+)"
_ALL_IN = r"(?P<all_in> and is all-in)?"
_CARDS = r"(?P<cards>\[[^\[\]]*\])"
_KNOWN = r"(?P<known>\[[^\[\]]*\])"

FORMAT = ColumnFormat(
    head_lines=2,
    seat=STARS_SEAT,
    separator=": ",
    players=(
        Rule("fold", "folds", prefix="folds"),
        Rule("call", "calls " + _AMOUNT + _ALL_IN, prefix="calls "),
        Rule("check", "checks", prefix="checks"),
        Rule("raise_to", r"raises [^ ]+ to (?P<to>[^ ]+)" + _ALL_IN, prefix="raises "),
        Rule("bet", "bets " + _AMOUNT + _ALL_IN, prefix="bets "),
        Rule("post", "posts small blind " + _AMOUNT + _ALL_IN, "post_small_blind", "posts "),
        Rule("post", "posts big blind " + _AMOUNT + _ALL_IN, "post_big_blind", "posts "),
        Rule("post", "posts the ante " + _AMOUNT + _ALL_IN, "post_ante", "posts "),
        Rule("shown", r"shows " + _CARDS + r"(?: \([^\[\]]*\))?", prefix="shows ["),
    ),
    lines=(
        Rule("ignore", r"\*\*\* HOLE CARDS \*\*\*", prefix="*** "),
        Rule("street", r"\*\*\* FLOP \*\*\* " + _CARDS, "flop", "*** "),
        Rule("street", r"\*\*\* TURN \*\*\* " + _KNOWN + " " + _CARDS, "turn", "*** "),
        Rule("street", r"\*\*\* RIVER \*\*\* " + _KNOWN + " " + _CARDS, "river", "*** "),
        Rule("ignore", r"\*\*\* SHOWDOWN \*\*\*", prefix="*** "),
        Rule("dealt", r"Dealt to (?P<player>[^\[]+) " + _CARDS, prefix="Dealt to "),
        Rule("seated", r"Dealt to (?P<player>[^\[]+)", prefix="Dealt to "),
        Rule(
            "returned",
            r"Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<player>.+)",
            prefix="Uncalled bet (",
        ),
        Rule("collect", r"(?P<player>.+?)" + words.COLLECTED + _AMOUNT + words.FROM_POT),
    ),
    summary_start="*** SUMMARY ***",
    summary=(
        Rule(
            "total",
            r"Total pot (?P<total>[^ |]+)(?: \| Rake (?P<rake>[^ |]+))?"
            r"(?: \| Jackpot (?P<fee_jackpot>[^ |]+))?"
            r"(?: \| Bingo (?P<fee_bingo>[^ |]+))?",
            prefix="Total pot ",
        ),
        Rule("board", "Board " + _CARDS, prefix="Board ["),
    ),
    summary_won=r"(?:won|collected) \((?P<amount>[^()]+)\)",
    summary_cards=r"showed " + _CARDS,
    hard_names=(words.COLLECTED,),
)
"""GGPoker's usual body and summary lines."""
