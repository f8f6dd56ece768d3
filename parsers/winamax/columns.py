"""Winamax's lines for the column-wise reader (`parsers._base.column_site`): the shapes
of its usual header, body and summary lines, as `parsers.winamax.lines` reads them.

A hand with any other line (a "small & big blinds" post, an amount with a thousands
comma, a name holding a space), or whose uncalled bet Winamax pays back in halves,
goes to that line-by-line reader.
"""

from __future__ import annotations

from parsers._base.column_format import ColumnFormat, Rule
from parsers.winamax import words
from tracker.model import Game

HEADER_START = "Winamax Poker - "
"""What every header line starts with."""

HEADER = (
    r"Winamax Poker - (?P<terms_kind>.+?) - HandId: #(?P<hand_id>[0-9]+-[0-9]+-[0-9]+)"
    r" - (?P<terms>.+) - "
    r"(?P<y>[0-9]{4})/(?P<mo>[0-9]{2})/(?P<d>[0-9]{2}) "
    r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})(?: UTC)?"
)
"""A header line: "Winamax Poker - CashGame - HandId: #9630554-604-1489827073 - Omaha5
pot limit (5€/10€) - 2017/03/18 08:51:13 UTC", the terms before the id ("CashGame",
'Tournament "Freeroll" buyIn: 0.90€ + 0.10€ level: 3') and between the id and the
time."""

_NUMBER = r"[0-9]+(?:\.[0-9]+)?"
_UNIT = r"(?:€|\$|£)?"
_AMOUNT = r"(?P<amount>" + _NUMBER + ")" + _UNIT
_TO = r"(?P<to>" + _NUMBER + ")" + _UNIT
_ALL_IN = r"(?P<all_in> and is all-in)?"
_AWAY = " out of position"
_COLLECTED = r"collected " + _AMOUNT + r" from (?:(?:main )?pot|side pot (?P<pot>[0-9]+))"
_TOTAL = r"Total pot (?P<total>" + _NUMBER + ")" + _UNIT
_RAKE = r"(?: \| (?:Rake (?P<rake>" + _NUMBER + ")" + _UNIT + "|No rake))?"
_CARDS = r"(?P<cards>\[[^\[\]]*\])"
_KNOWN = r"(?P<known>\[[^\[\]]*\])"
_STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")

FORMAT = ColumnFormat(
    head_lines=2,
    seat=r"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>" + _NUMBER + ")" + _UNIT + r"\)",
    separator=" ",
    players=(
        Rule("fold", "folds", prefix="folds"),
        Rule("call", "calls " + _AMOUNT + _ALL_IN, prefix="calls "),
        Rule("check", "checks", prefix="checks"),
        Rule("raise_to", "raises " + _NUMBER + _UNIT + " to " + _TO + _ALL_IN, prefix="raises "),
        Rule("bet", "bets " + _AMOUNT + _ALL_IN, prefix="bets "),
        Rule("post", "posts small blind " + _AMOUNT + _ALL_IN, "post_small_blind", "posts "),
        Rule("post", "posts big blind " + _AMOUNT + _ALL_IN, "post_big_blind", "posts "),
        Rule("post", "posts ante " + _AMOUNT + _ALL_IN, "post_ante", "posts "),
        Rule("post", "brings in " + _AMOUNT + _ALL_IN, "bring_in", "brings in "),
        # "posts small blind 2€ out of position": dead; its big blind is live
        Rule("post", "posts small blind " + _AMOUNT + _ALL_IN + _AWAY, "post_dead", "posts "),
        Rule("post", "posts big blind " + _AMOUNT + _ALL_IN + _AWAY, "post_big_blind", "posts "),
        Rule("shown", r"shows " + _CARDS + r"(?: \([^()\[\]]*\))?", prefix="shows ["),
        Rule("collect", _COLLECTED, prefix="collected "),
        Rule("collect", _COLLECTED + r" ?\(HI\)", "hi", "collected "),
        Rule("collect", _COLLECTED + r" ?\(LO\)", "lo", "collected "),
    ),
    lines=(
        Rule("ignore", r"\*\*\* ANTE/BLINDS \*\*\*", prefix="*** "),
        Rule("street", r"\*\*\* PRE-FLOP \*\*\*", "preflop", "*** "),
        Rule("street", r"\*\*\* FLOP \*\*\*:? " + _CARDS, "flop", "*** "),
        Rule("street", r"\*\*\* TURN \*\*\*:? " + _KNOWN + _CARDS, "turn", "*** "),
        Rule("street", r"\*\*\* RIVER \*\*\*:? " + _KNOWN + _CARDS, "river", "*** "),
        *(
            Rule("street", rf"\*\*\* {name} \*\*\*", street.value, "*** ")
            for name, street in words.STREETS.items()
            if street.value in _STUD_STREETS
        ),
        Rule("street", r"\*\*\* SHOW DOWN \*\*\*", "", "*** "),
        Rule("dealt", r"Dealt to (?P<player>[^\[]+) " + _CARDS, prefix="Dealt to "),
        Rule("dealt", r"Dealt to (?P<player>[^\[]+) " + _KNOWN + " ?" + _CARDS, prefix="Dealt to "),
    ),
    summary_start="*** SUMMARY ***",
    summary=(
        Rule("total", _TOTAL + _RAKE, prefix="Total pot "),  # the total net of the rake
        Rule("board", "Board: " + _CARDS, prefix="Board: ["),
    ),
    summary_won=r"\bwon (?P<amount>[0-9.,]+)",
    summary_cards=r"showed " + _CARDS,
    total_net_of_rake=True,
    rake_unwritten_is_zero=True,
    uncalled_unwritten=True,
    # "5 Card Omaha Hi/Lo" over a hand that names no half: a high-only table
    game_by_halves=((r"^5 Card Omaha Hi/Lo (?:pot|no|fixed) limit ", Game.OMAHA5_HI.value),),
    halves_named=r"\((?:HI|LO) :",  # "shows [5s Qd 2s 3s] (HI : Two pairs : 5 and 4)"
    stud=True,
    raise_completes=True,  # "Hero raises 25€ to 25€" over a bring-in of 10€
    hidden_card="X",  # "Dealt to Player0 [X X 8h] [Ks]"
)
"""Winamax's usual body and summary lines."""
