"""Bovada's lines for the column-wise reader (`parsers._base.column_site`): the shapes
of its usual header, body and summary lines (the 2014 format), as `parsers.bovada.lines`
reads them.

A hand with any other line goes to that line-by-line reader: the 2012 format (no street
lines; its summary's "Seat 2:" and old "Raises $22"), stud, a post of another shape, a
line of a position with no seat.
"""

from __future__ import annotations

from parsers._base.column_format import ColumnFormat, Rule

HEADER_START = "Bo"
"""What every header line starts with: "Bovada Hand #" or "Bodog Hand #"."""

HEADER = (
    r"(?:Bovada|Bodog) Hand #(?P<hand_id>[0-9]+)(?P<terms>:? .+) - "
    r"(?P<y>[0-9]{4})-(?P<mo>[0-9]{2})-(?P<d>[0-9]{2}) "
    r"(?P<h>[0-9]{2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})"
)
"""A header line: "Bovada Hand #2902233667 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05
00:56:59", the terms between the id and the time."""

_AMOUNT = r"(?P<amount>\$?[0-9][0-9,]*(?:\.[0-9]+)?)"
_TO = r"(?P<to>\$?[0-9][0-9,]*(?:\.[0-9]+)?)"
_WON = r"(?P<amount>\$?[0-9,]+(?:\.[0-9]+)?)"  # as `parsers.bovada.words.WON` finds it
_CARDS = r"(?P<cards>\[[^\[\]]*\])"
_KNOWN = r"(?P<known>\[[^\[\]]*\])"
_NEWS = r"(?:Table|Seat|Sit|Stand|Re-join|Ranking)(?: .*)?"
"""A player's table news, nothing of the game: "Table deposit $1.90", "Seat stand"
(`parsers.bovada.lines._NEWS_VERBS`)."""

_TABLE_NEWS = (
    r"(?:Table enter user|Table leave user|Table deposit|Seat sit down|Seat sit out"
    r"|Seat stand|Seat re-join|Set dealer/Bring in spot).*"
)
"""Table news written without a position (`parsers.bovada.words.TABLE_NEWS`)."""

FORMAT = ColumnFormat(
    head_lines=1,
    seat=(
        r"Seat (?P<seat>[0-9]+): (?P<player>[^ ()\[\]]+(?: [^ ()\[\]]+)*)(?P<hero> +\[ME\])?"
        r" \((?P<stack>\$?[0-9][0-9,]*(?:\.[0-9]+)?) in chips\)"
    ),
    separator=" : ",
    hero_mark="[ME]",
    players=(
        Rule("dealt", "Card dealt to a spot " + _CARDS, prefix="Card "),
        Rule("fold", "Folds(?: .*)?", prefix="Folds"),
        Rule("fold", r"Folds\(timeout\)(?: .*)?", prefix="Folds"),
        Rule("check", "Checks(?: .*)?", prefix="Checks"),
        Rule("call", "Calls " + _AMOUNT, prefix="Calls "),
        Rule("raise_to", "Raises " + _AMOUNT + " to " + _TO, prefix="Raises "),
        Rule("bet", "Bets " + _AMOUNT, prefix="Bets "),
        Rule("put_in", "(?P<all_in>All-in) " + _AMOUNT, prefix="All-in "),
        Rule(
            "raise_to", r"(?P<all_in>All-in)\(raise\) " + _AMOUNT + " to " + _TO, prefix="All-in("
        ),
        Rule("post", r"Ante/Small(?: .*)? " + _AMOUNT, "post_small_blind", "Ante/Small"),
        Rule("post", r"Big blind/Bring in(?: .*)? " + _AMOUNT, "post_big_blind", "Big "),
        Rule("come_in", "Posts chip " + _AMOUNT, prefix="Posts "),
        Rule("button", r"Set dealer/Bring in spot \[(?P<seat>[0-9]+)\]", prefix="Set "),
        Rule("returned", "Return uncalled portion of bet " + _AMOUNT, prefix="Return "),
        Rule("shown", r"Showdown \[.*", prefix="Showdown"),  # the best fives: the cards dealt
        Rule("shown", "Mucks " + _CARDS + ".*", "mucked", "Mucks "),
        Rule("quiet", "Does not show.*", prefix="Does "),
        Rule("collect", "Hand [Rr]esult " + _AMOUNT, prefix="Hand "),
        Rule("collect", "Hand [Rr]esult(?P<side_pot>-Side) (?:.* )?" + _AMOUNT, prefix="Hand "),
        Rule("quiet", _NEWS),
    ),
    lines=(
        Rule("street", r"\*\*\* HOLE CARDS \*\*\*", "preflop", "*** "),
        Rule("street", r"\*\*\* FLOP \*\*\* " + _CARDS, "flop", "*** "),
        Rule("street", r"\*\*\* TURN \*\*\* " + _KNOWN + " " + _CARDS, "turn", "*** "),
        Rule("street", r"\*\*\* RIVER \*\*\* " + _KNOWN + " " + _CARDS, "river", "*** "),
        Rule("ignore", _TABLE_NEWS),
        Rule("ignore", "[^:]* : " + _NEWS),  # the news of a position with no seat
    ),
    summary_start="*** SUMMARY ***",
    summary=(
        Rule("total", r"Total Pot\((?P<total>[^()]*)\)", prefix="Total Pot("),
        Rule("board", "Board " + _CARDS, prefix="Board ["),
    ),
    summary_board_padded=True,  # "Board [9d 7c 4c 7s ]"
    summary_seat="Seat+",
    summary_text_stripped=True,
    # "HI $3.35  with Two pair [..] LO $3.34"; the old high-only "$376.78  with Flush"
    # is found without an amount, which sends its hand to the line reader
    summary_won=r"(?:^|\s)HI " + _WON + r"|^\$?[0-9,]",
    summary_won_low=r"(?:^|\s)LOW? " + _WON,
    halves_from_summary=True,
    shown_street="showdown",
    blinds_from_posts=True,
    rake_unwritten_is_rest=True,
    rounds_from_betting=True,
)
"""Bovada's usual body and summary lines."""
