"""Full Tilt's lines for the column-wise reader (`parsers._base.column_site`): the shapes
of its usual header, body and summary lines, as `parsers.fulltilt.lines` reads them.

Every player line starts with the name and a space ("grimyreaper1 bets $2.50"), so a
name holding a space ("Phil Ivey") sends its hand to that line-by-line reader, as does
any other line: a side pot, a board run twice, a post or raise of another shape, table
news of a player with no seat, observers' chat.
"""

from __future__ import annotations

from parsers._base.column_format import ColumnFormat, Rule
from parsers.fulltilt import words

HEADER_START = ""
"""What every header line starts with: nothing in common, since a header may follow a
byte-order mark (files joined end to end) and the room's name has two spellings."""

_TIME = (
    r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2}) ET - "
    r"(?P<y>[0-9]{4})/(?P<mo>[0-9]{2})/(?P<d>[0-9]{2})"
)
_LOCAL_TIME = r"[0-9]{1,2}:[0-9]{2}:[0-9]{2} [A-Z]+ - [0-9]{4}/[0-9]{2}/[0-9]{2} "

HEADER = (
    "\ufeff?Full ?Tilt ?Poker Game #(?P<hand_id>[0-9]+): (?P<terms>.+) - "
    rf"(?:{_LOCAL_TIME}(?P<terms_open>\[))?{_TIME}(?P<terms_close>\]?)"
)
"""A header line: "Full Tilt Poker Game #18932478237: Table Gaines (6 max) - $0.01/$0.02 -
Pot Limit Omaha Hi - 11:37:56 ET - 2010/03/03"; from 2011 the local time first and the
ET time in brackets ("- 17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]"). The
brackets are terms too: a line with one of them alone is read by the reader itself,
which refuses it."""

_AMOUNT = r"(?P<amount>[^ ]*[0-9])"
_ALL_IN = r"(?P<all_in>,? and is all in)?"
_CARDS = r"(?P<cards>\[[^\[\]]*\])"
_KNOWN = r"(?P<known>\[[^\[\]]*\])"
_POT_SO_FAR = r"(?: \(Total Pot: [^\[\]]*\))?"  # 2011 on: " (Total Pot: $60, 2 Players)"
_WITH = r"(?: with .*)?"
_STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")

SUMMARY_WON = (
    r"(?:won|collected) \((?:(?P<amount>[^()]*)\)|[^()]*(?:\(|$))"
    r"|wins |  |[^ -~€£]"
)
"""Where a summary seat line's text says what the player won: "won ($2,048.50)",
"collected ($0.60)". The other shapes the reader reads as a win (an amount not closed,
a side pot's "wins the side pot ($76.35)") or reads once it has stripped the text's
start (two spaces, a character outside printable ASCII but the amounts' € and £) are
found here without an amount, which sends their hands to the reader."""

FORMAT = ColumnFormat(
    head_lines=1,
    seat=r"Seat (?P<seat>[0-9]+): (?P<player>.+) \((?P<stack>[^()]+)\)(?P<out>, is sitting out)?",
    separator=" ",
    players=(
        Rule("fold", "folds"),
        Rule("call", "calls " + _AMOUNT + _ALL_IN, prefix="calls "),
        Rule("check", "checks"),
        Rule("raise_to", "raises to (?P<to>[^ ]*[0-9])" + _ALL_IN, prefix="raises to "),
        Rule("bet", "bets " + _AMOUNT + _ALL_IN, prefix="bets "),
        Rule("post", "posts the small blind of " + _AMOUNT, "post_small_blind", "posts "),
        Rule("post", "posts the big blind of " + _AMOUNT, "post_big_blind", "posts "),
        Rule("post", "antes " + _AMOUNT, "post_ante", "antes "),
        Rule("post", "brings in for " + _AMOUNT + _ALL_IN, "bring_in", "brings in for "),
        Rule("complete_to", "completes it to (?P<to>[^ ]*[0-9])" + _ALL_IN, prefix="completes "),
        # "has 15 seconds left to act", "adds $5", "is sitting out": `words.PLAYER_NEWS`
        Rule("quiet", "(?:has|is|adds|sits|stands)(?: .*)?"),
        Rule("quiet", "mucks"),
        Rule("shown", "shows " + _CARDS + r"(?: [^\[\]]*)?", prefix="shows ["),
        Rule("quiet", r"shows(?: (?:[^\[].*)?)?", prefix="shows"),  # "shows a flush, .."
        Rule("collect", r"wins the pot \(" + _AMOUNT + r"\)" + _WITH, prefix="wins the "),
        Rule("collect", r"wins the high pot \(" + _AMOUNT + r"\)" + _WITH, "hi", "wins the "),
        Rule("collect", r"wins the low pot \(" + _AMOUNT + r"\)" + _WITH, "lo", "wins the "),
    ),
    lines=(
        Rule("button", "The button is in seat #(?P<seat>[0-9]+)", prefix="The button "),
        # a street: the reader starts preflop again where the line comes after the flop
        Rule("street", r"\*\*\* HOLE CARDS \*\*\*", "preflop", "*** "),
        Rule("dealt", f"Dealt to (?P<player>.+?) {_KNOWN} {_CARDS}", prefix="Dealt to "),
        Rule("dealt", "Dealt to (?P<player>.+?) " + _CARDS, prefix="Dealt to "),
        Rule("street", rf"\*\*\* FLOP \*\*\* {_CARDS}{_POT_SO_FAR}", "flop", "*** "),
        Rule("street", rf"\*\*\* TURN \*\*\* {_KNOWN} {_CARDS}{_POT_SO_FAR}", "turn", "*** "),
        Rule("street", rf"\*\*\* RIVER \*\*\* {_KNOWN} {_CARDS}{_POT_SO_FAR}", "river", "*** "),
        *(
            Rule("street", rf"\*\*\* {name} \*\*\*", street.value, "*** ")
            for name, street in words.STREETS.items()
            if street.value in _STUD_STREETS
        ),
        Rule("street", r"\*\*\* SHOW DOWN \*\*\*", "showdown", "*** "),
        Rule(
            "returned",
            "Uncalled bet of " + _AMOUNT + " returned to (?P<player>.+)",
            prefix="Uncalled bet of ",
        ),
        Rule("seated", "(?P<player>[^ ]+): .*"),  # a seated player's chat: "Kilij: ty"
        Rule("ignore", r" \(.*", prefix=" ("),  # a low shown alone: " (8,7,4,3,A)"
        Rule("ignore", "No low hand qualified"),
        Rule("ignore", words.TABLE_NEWS_PATTERN),  # of a player with no seat: "Kilij sits down"
    ),
    summary_start="*** SUMMARY ***",
    summary=(
        Rule(
            "total",
            r"Total pot (?P<total>[^ ]*[0-9]) \| Rake (?P<rake>[^ ]*[0-9])",
            prefix="Total pot ",
        ),
        Rule("board", "Board: " + _CARDS, prefix="Board: "),
        Rule("ignore", "Duration .*", prefix="Duration "),
    ),
    summary_won=SUMMARY_WON,
    summary_cards="showed " + _CARDS,
    summary_mucked="mucked " + _CARDS,
    summary_street="showdown",
    summary_payments=True,  # "PLO ... no.win.line": the summary alone says who won
    posted_blinds=True,
    blank_seat_lines=True,  # the UTF-16 files of 2010, every other line blank
    hard_names=("***",),  # "*** has ..." would be a street line to the reader
    stud=True,
)
"""Full Tilt's usual body and summary lines."""
