"""What a line site tells the column-wise reader of its lines (`parsers._base.column_site`):
the shapes of its body and summary lines, each a pattern and the bookkeeping step it
stands for.

A rule is one shape of line, written as an RE2 pattern (the dialect of Arrow's kernels:
no look-arounds, no back-references), matched against the whole line (or, for a
player's line, the whole text after the player's name and separator), and the event it
is: the `HandBuilder` call the site's line-by-line reader makes for such a line. The
named groups carry the event's values:

- `amount`: the chips a call, bet, post or `raise_put_in` adds (or what an uncalled bet
  returns, what a payment pays); `to`: the street total of a raise ("raises $2 to $4"),
  whose `amount`, when the pattern has one, is what the raise puts in ("Raises $1.73 to
  $1.86": checked to be the total less what the player had in on the street);
- `all_in`: any text when the action puts the player all in, empty when not;
- `cards`: cards in brackets ("[Th 2h Ks]", as `parsers._base.columns.bracketed_cards`
  reads them); `known`: a street line's cards dealt before its new ones; a "shown" rule
  without `cards` shows the cards dealt to the player ("Showdown [..]" where the
  brackets hold the best fives, not the hole cards);
- `player`: a name, on lines that do not start with one ("Dealt to Hero [..]");
- `total`, `rake` and `fee...` (every group whose name starts so): a summary's pot line.

A line no rule reads sends its hand to the line-by-line reader, which then reads it or
says why it cannot: a rule set needs only the usual shapes.

>>> FOLD = Rule("fold", "folds")
>>> FOLD.anchored
'^(?:folds)$'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tracker.model import ActionKind, CardSource, Street

PLAYER_EVENTS: Final = frozenset(
    {"fold", "check", "call", "bet", "raise_to", "raise_put_in", "complete_to", "call_to",
     "post", "post_out_of_turn", "shown", "collect", "quiet",
     "put_in", "come_in", "dealt", "returned", "button"}
)  # fmt: skip
"""Events of a player's line (the text after the name): an action (`raise_put_in`: a
raise whose `amount` is what it puts in, "raises [$60]"; `post_out_of_turn`: a blind
posted out of turn, the big blind when it is at least that, else dead money), cards shown
(`value`: the card source, "shown" by default), a payment to the player (`value`: the
half, as for a payment line: "bob wins the pot ($4)" on a site whose every player line
starts with the name and a space), or nothing said of the game ("quiet"). Also, on
sites whose every line of a player starts with the name: chips put in that are a call,
a bet or a raise as the street stands ("put_in": a call when the player's street total
does not top the street's highest, a bet on a street with nothing in, else a raise to
the new total), a blind posted to come in ("come_in": the big blind, or the small blind
when less than the big blind posted before it), cards dealt to the player ("dealt":
every player's, not telling the hero), an uncalled bet given back ("returned"), the
button's seat ("button", group `seat`)."""

LINE_EVENTS: Final = frozenset(
    {"street", "dealt", "seated", "returned", "collect", "button", "ignore", "line_reader"}
)
"""Events of the other body lines: a street line (`value`: the street it starts, "" for
a marker that starts none), the hero's cards ("dealt", with `player` and `cards`), a
seated player's name alone ("seated", checked), an uncalled bet given back, a payment
(`value`: "hi" or "lo" when the site says which half; group `pot`: the side pot's
number, none or empty for the main pot; group `side_pot`: any text for the one side
pot of a site that numbers none, pot 1), the button's seat (group
`seat`: "The button is in seat #3", as `HandBuilder.table(button_seat=...)`), a line
that says nothing
("ignore"), and a line whose hand only the line-by-line reader reads ("line_reader")."""

SUMMARY_EVENTS: Final = frozenset({"total", "board", "ignore", "line_reader"})
"""Events of the summary's lines besides its seat lines (`ColumnFormat.summary_seat`)."""


STARS_SEAT: Final = r"Seat (?P<seat>[0-9]+): (?P<player>.*) \((?P<stack>[^()]*) in chips\)"
"""The seat line of PokerStars' shape ("Seat 3: bob ($5 in chips)"): a `ColumnFormat`
whose `seat` is this one has its seats read without a pattern (faster; a line with
another bracket in it is left to the line reader)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One shape of line and the event it stands for.

    Attributes:
        event: what the line says (`PLAYER_EVENTS`, `LINE_EVENTS`, `SUMMARY_EVENTS`).
        pattern: the line's shape, an RE2 pattern matched whole.
        value: the event's constant: a post's `ActionKind` value, a street line's
            `Street` value, a payment's half, a shown card source.
        prefix: a literal start every such line has: the pattern is tried only on the
            lines that start with it (a cheap test first).
        streets: the streets (`Street` values) a body line of this shape may be on; one
            on another street sends its hand to the line reader (): any street).
    """

    event: str
    pattern: str
    value: str = ""
    prefix: str = ""
    streets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        events = PLAYER_EVENTS | LINE_EVENTS | SUMMARY_EVENTS
        if self.event not in events:
            raise ValueError(f"unknown event {self.event!r}")
        if self.event == "post":
            ActionKind(self.value)
        elif self.event == "street" and self.value:
            Street(self.value)
        elif self.event == "shown" and self.value:
            CardSource(self.value)
        elif self.event == "collect" and self.value not in ("", "hi", "lo"):
            raise ValueError(f"unknown half {self.value!r}")
        for street in self.streets:
            Street(street)

    @property
    def anchored(self) -> str:
        """The pattern matched against a whole line."""
        return f"^(?:{self.pattern})$"


@dataclass(frozen=True, slots=True)
class ColumnFormat:
    """A line site's body and summary, for the column-wise reader.

    Attributes:
        head_lines: the hand's lines before its seat lines, its header the first.
        head_checks: head lines the facts do not depend on, checked by an RE2 pattern
            (their place among the head lines, the pattern matched whole) instead of
            being read once per distinct lines: a banner repeating the hand's id. A line
            that does not match makes its hand not ok; a group `seats` gives the number
            of seat lines that must follow ("Total number of players : 5").
        time_line: the head line that gives the hand's time (0: the header, whose
            pattern then has its groups).
        time: the RE2 pattern of the time line when it is not the header, matched
            whole: groups `y`, `mo`, `d`, `h`, `mi`, `s`, and `terms` for the rest of
            the line when it says more than the time.
        seat: the RE2 pattern of a seat line (groups `seat`, `player`, `stack`, and
            `out`: any text when the player sits out, `hero`: any text when the seat is
            the hero's, the file's owner), matched whole.
        separator: what follows a player's name on the player's lines (": ").
        hero_mark: a mark the player's lines may write after the name, spaces before
            it ("UTG+5  [ME] : Folds"): the name is read without them.
        players: the rules of a player's lines, over the text after the separator.
        lines: the rules of the other body lines, over the whole line.
        shown_street: the street of the cards shown on the body's lines ("": the
            street of the line).
        summary_start: the line that ends the body ("*** SUMMARY ***").
        summary_in_body: the summary's lines, `summary_start` the first, are read by
            the body's rules (a site whose summary lines are player lines: a street
            rule then reads its start); there is no pot line.
        summary: the rules of the summary's lines other than its seat lines.
        summary_board_padded: the summary's board may leave spaces before its closing
            bracket ("Board [9d 7c 4c 7s ]").
        summary_seat: what a summary seat line starts with, before its seat number.
        summary_text_stripped: a summary seat line's text is read without the spaces
            before it ("Seat+7: UTG+2  with One pair").
        summary_won: an RE2 pattern found in a summary seat line's text where it says
            what the player won (group `amount`); "" when the site writes none.
        summary_won_low: where the line says what the player won of the low half
            (group `amount`; `summary_won` then the high half's): what it says was won
            is both (none when both are nothing).
        halves_from_summary: the payment lines name no half, the summary's seat lines
            do (`summary_won`, `summary_won_low`, over all the pots): a hand paid from
            the main pot alone whose summary pays a low is paid each player's halves
            the summary gives, high then low, in the order of their first payments;
            each player's payments must add up to what the summary says was won.
        summary_cards: an RE2 pattern found in a summary seat line's text where it
            shows the player's cards (group `cards`), read as `CardSource.SUMMARY`.
        summary_mucked: the same for the cards a seat line says were mucked ("mucked
            [..]"), read as `CardSource.MUCKED`.
        summary_street: the street of those cards ("": the street of the hand's last
            body line).
        summary_payments: a hand whose body writes no payment is paid what its
            summary seat lines say each player won, in their order.
        posted_blinds: a limit game's blinds are the first small and big blinds
            posted (its header gives the bets).
        blinds_from_posts: a cash game's stakes (its header gives none) are the last
            small and big blinds its "post" rules read (a limit game bets the big
            blind, then twice it).
        blank_seat_lines: blank lines may come between the header and the seat lines
            and between seat lines (a file of every other line blank).
        hard_names: texts a seated name may not hold for its hand to be read here (a
            name may hold the separator, "Phil Ivey": `column_seats.named_apart`,
            unless it then starts another seated name, "Phil" beside "Phil Ivey").
        total_net_of_rake: the pot line's total leaves the rake out ("Total pot 167€ |
            Rake 3€": a pot of 170€).
        rake_unwritten_is_zero: a pot line that gives no rake says none was taken
            ("Total pot 10€ | No rake": rake 0, not unknown).
        rake_unwritten_is_rest: a pot line that gives no rake leaves it to be the
            total pot less the payments (unknown when they exceed it).
        rounds_from_betting: the site may write no street lines (an old format),
            whose reader then finds each betting round's end from the betting: a hand
            where it would (a betting action, before the first street line after the
            hole cards, once every player dealt in, not folded nor all in, has acted
            since the last bet or raise) is not read here.
        uncalled_unwritten: the site never writes an uncalled bet's return: it pays the
            bet back with the pot and counts it in the total
            (`parsers._base.column_uncalled`).
        game_by_halves: headers whose hands say which game they are: an RE2 pattern
            found in the header's terms, and the game (a `Game` value) of such a hand
            that is paid and names no half, by its payments or (`halves_named`) its
            body lines.
        halves_named: an RE2 pattern found in a body line that names a half ("(HI :").
        stud: the rules read stud hands too (their street lines, "Dealt to" lines of
            one bracket or, with group `known`, two, "brings in" posts of
            `ActionKind.BRING_IN` and "complete_to" raises); else stud hands are the
            line reader's.
        raise_completes: a stud raise on third street while the highest bet is below
            the small bet completes the bring-in (as `HandReader.raises` reads "raises
            25 to 25").
        amount_space: a space amounts may hold between their thousands and before a
            currency sign ending them ("5 000 $" written with no-break spaces): such an
            amount is read without them, and only when it is plain digits then.
        card_spelling: replacements, in order, that turn the site's cards in brackets
            into the deck's spelling ("[ Tc, Knh ]" to "[Tc Jh]").
        all_in_by_stack: the site writes no all-in: an action is all in when the
            player's chips put in with it reach the seat's stack (a hand with betting
            after a bet given back is then not ok).
        total_unwritten: the site writes no pot line: the total pot is what was put in
            less the bets given back, the rake what it leaves after the payments (none
            in tournaments).
        pots_by_payments: with `total_unwritten`, the site names no pot in its
            payments, which fill the pots in turn: in a hand with a player all in, the
            pots are built from what each seat put in, the rake taken from them by this
            rake rule (its name, `tracker.engine.rules.RAKE_RULES`), each payment in the
            pot its first unit falls in (`tracker.engine.pots.payment_pots`); "": every
            payment is the main pot's.
        street_once: a hand with two lines of one street is the line reader's (which
            passes over the second).
        uncalled_paid_apart: with `uncalled_unwritten`: the payments leave the bets
            given back out, but for a big blind no one called, paid back within the
            pot's payment: when the payments exceed the pot by that blind, it is taken
            out of its poster's first payment.
        hidden_card: how a stud "Dealt to" line writes another player's card dealt face
            down ("X": "[X X 8h]"); "" where the site writes none
            (`parsers._base.column_stud`).
    """

    head_lines: int
    seat: str
    separator: str
    players: tuple[Rule, ...]
    lines: tuple[Rule, ...]
    summary_start: str
    summary: tuple[Rule, ...]
    summary_board_padded: bool = False
    summary_seat: str = "Seat "
    summary_text_stripped: bool = False
    summary_won: str = ""
    summary_won_low: str = ""
    halves_from_summary: bool = False
    shown_street: str = ""
    hero_mark: str = ""
    blinds_from_posts: bool = False
    rake_unwritten_is_rest: bool = False
    rounds_from_betting: bool = False
    summary_cards: str = ""
    summary_mucked: str = ""
    summary_street: str = ""
    summary_payments: bool = False
    posted_blinds: bool = False
    blank_seat_lines: bool = False
    hard_names: tuple[str, ...] = ()
    time_line: int = 0
    time: str = ""
    total_net_of_rake: bool = False
    rake_unwritten_is_zero: bool = False
    uncalled_unwritten: bool = False
    game_by_halves: tuple[tuple[str, str], ...] = ()
    halves_named: str = ""
    stud: bool = False
    raise_completes: bool = False
    hidden_card: str = ""
    head_checks: tuple[tuple[int, str], ...] = ()
    amount_space: str = ""
    card_spelling: tuple[tuple[str, str], ...] = ()
    all_in_by_stack: bool = False
    total_unwritten: bool = False
    pots_by_payments: str = ""
    uncalled_paid_apart: bool = False
    street_once: bool = False
    summary_in_body: bool = False

    def __post_init__(self) -> None:
        for rules, events in ((self.players, PLAYER_EVENTS), (self.lines, LINE_EVENTS),
                              (self.summary, SUMMARY_EVENTS)):  # fmt: skip
            for rule in rules:
                if rule.event not in events:
                    raise ValueError(f"{rule.event!r} is not an event of these lines")
