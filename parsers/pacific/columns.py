"""888 Poker's lines for the column-wise reader (`parsers._base.column_site`): the shapes
of its usual head, body and summary lines, as `parsers.pacific.lines` reads them.

A hand's six head lines are its game number, a banner repeating it, the stakes and time,
the table, the button and the number of seats; every player line starts with the name
and a space ("jamiemaxey raises [60]"), each amount in brackets being what the action
puts in. The lines after "** Summary **" are player lines too (cards shown, payments),
read with the body's rules on the showdown street. 888 writes no all-in, no uncalled
bet, no pot and no rake: the base finds them (`ColumnFormat.all_in_by_stack`,
`uncalled_unwritten`, `total_unwritten`, `pots_by_payments`). A name holding a space,
a dead blind owing a dead small blind too, betting after a bet given back, or any other
line sends the hand to the line reader.
"""

from __future__ import annotations

from parsers._base.column_format import ColumnFormat, Rule
from parsers.pacific import words

HEADER_START = "#Game No : "
"""What every header line starts with: "#Game No : 362978981"."""

HEADER = r"#Game No : (?P<hand_id>[0-9]+)(?P<terms>)\s*"
"""A header line: the game number alone (the time is on the third line)."""

_BANNER = r"\*{5} (?:Cassava|888poker|888\.\w+|Pacific Poker) Hand History for Game [0-9]+ \*{5}\s*"
"""The second line, `words.BANNER`: "***** Cassava Hand History for Game 362978981 *****"."""

_TIME = (
    r"(?P<terms>.+) - \*\*\* (?P<d>[0-9]{2}) (?P<mo>[0-9]{2}) (?P<y>[0-9]{4}) "
    r"(?P<h>[0-9]{2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})\s*"
)
"""The third line, the stakes and the time, day first: "15/30 Blinds Fix Limit Omaha -
*** 11 03 2011 15:43:24"."""

_PLAYER_COUNT = r"Total number of players : (?P<seats>[0-9]{1,3})\s*"
"""The sixth line, `words.PLAYER_COUNT`: the number of seat lines that follow."""

_AMOUNT = r"\[(?P<amount>[^\[\] ][^\[\]]*)\]"  # "[$60]", "[25 $]" (a no-break space)
_CARDS = r"(?P<cards>\[[^\[\]]*\])"  # "[ 7c, Ah, 2c ]"
_CARD = r"[^ ,\[\]]+"
_HOLE_CARDS = rf"(?P<cards>\[ {_CARD}, {_CARD}, {_CARD}, {_CARD} \])"
"""An Omaha player's four cards, as many as the reader takes ("[ 5s, Ad, 8h, 7c ]")."""
_NOTHING = "(?:[$€£]?0|0\u00a0[$€£])"  # "$0", "0", "0 $" (a no-break space)
_BETTING = ("preflop", "flop", "turn", "river")
_SHOWDOWN = ("showdown",)  # the lines after "** Summary **"

FORMAT = ColumnFormat(
    head_lines=6,
    head_checks=((1, _BANNER), (5, _PLAYER_COUNT)),
    time_line=2,
    time=_TIME,
    seat=r"Seat (?P<seat>[0-9]+): (?P<player>.+) \( (?P<stack>[^()]+) \)",
    separator=" ",
    players=(
        Rule("fold", "folds", streets=_BETTING),
        Rule("check", "checks", streets=_BETTING),
        Rule("call", "calls " + _AMOUNT, prefix="calls ", streets=_BETTING),
        Rule("bet", "bets " + _AMOUNT, prefix="bets ", streets=_BETTING),
        Rule("raise_put_in", "raises " + _AMOUNT, prefix="raises ", streets=_BETTING),
        Rule("post", "posts small blind " + _AMOUNT, "post_small_blind", "posts ", _BETTING),
        Rule("post", "posts big blind " + _AMOUNT, "post_big_blind", "posts ", _BETTING),
        # "posts dead blind [$25 + $0]": out of turn, and no dead small blind owed with it
        Rule(
            "post_out_of_turn",
            r"posts dead blind \[(?P<amount>[^\[\] +][^\[\]+]*) \+ " + _NOTHING + r"\]",
            prefix="posts ",
            streets=_BETTING,
        ),
        Rule("shown", "shows " + _HOLE_CARDS, prefix="shows ", streets=_SHOWDOWN),
        Rule("shown", "mucks " + _HOLE_CARDS, "mucked", "mucks ", _SHOWDOWN),
        Rule(
            "collect",
            r"collected \[ (?P<amount>[^\[\] ][^\[\]]*) \]",
            prefix="collected ",
            streets=_SHOWDOWN,
        ),
        Rule("quiet", "(?:did|does) not show.*", streets=_SHOWDOWN),  # "did not show his hand"
    ),
    lines=(
        Rule("street", r"\*\* Dealing down cards \*\*", "preflop", "** "),
        Rule("street", r"\*\* Dealing flop \*\* " + _CARDS, "flop", "** "),
        Rule("street", r"\*\* Dealing turn \*\* " + _CARDS, "turn", "** "),
        Rule("street", r"\*\* Dealing river \*\* " + _CARDS, "river", "** "),
        Rule("street", r"\*\* Summary \*\*", "showdown", "** "),
        Rule(
            "dealt",
            "Dealt to (?P<player>[^ ]+) " + _HOLE_CARDS,
            prefix="Dealt to ",
            streets=_BETTING,
        ),
        # "(Hi: Jd, Jc, 2d, 2s, Ks)": a winner's best five, `words.HALF_LINE`
        Rule("ignore", r"\((?:Hi|Lo): [^()]+\)\s*", prefix="(", streets=_SHOWDOWN),
    ),
    summary_start="** Summary **",
    summary_in_body=True,
    summary=(),
    amount_space=words.SWEDISH_MARK[0],
    card_spelling=(("[ ", "["), (" ]", "]"), (", ", " "), ("Kn", "J"), ("D", "Q"), ("E", "A")),
    all_in_by_stack=True,
    uncalled_unwritten=True,
    uncalled_paid_apart=True,
    total_unwritten=True,
    street_once=True,  # "** Dealing flop **" twice: the reader passes over the second
    pots_by_payments="main-pot-first",  # `lines._RAKE_RULE`
)
"""888's usual body lines."""
