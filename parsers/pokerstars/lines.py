"""PokerStars hand histories (and files other tools write in PokerStars' format).

The header, table and seat lines are read by `parsers.pokerstars.header`; every later
line is dispatched here by a cheap prefix or a "player: verb" look-up before any
pattern runs, in one pass. docs/sites.md describes the format and the decisions taken.

The reader collects the store's row tuples (`tracker.hand_rows`: the columns of the
`hands` table and of each child table), which the importer adds to its batch as they are
(`PokerStarsParser.read_hand_into`); `parse_hand` turns the same rows into a `Hand`.

Speed: the lines that repeat most across hands ("bob: folds", "bob: calls 20", the
summary's "Seat 3: bob folded before Flop (didn't bet)") are read once and their
immutable rows reused from bounded caches keyed by the exact line text (and what
else the result depends on).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from parsers._base.site import SiteParser
from parsers._base.text import HandText, money_reader, split_at_headers, starts_in
from parsers.pokerstars.columns import read_columns
from parsers.pokerstars.header import (
    HAND_ID,
    HAND_START,
    OTHER_ROOMS,
    ROOMS,
    GameTerms,
    SeatRow,
    UncoveredGameError,
    read_header,
    read_seat_row,
    read_table,
    room_of,
)
from parsers.pokerstars.words import (
    DEAL_MARKERS,
    FLOP_MARKERS,
    INFO_INFIXES,
    INFO_RESTS,
    INFO_SUFFIXES,
    POSTS,
    POTS,
    STUD_MARKERS,
    SUMMARY_NAME,
    CardGroups,
    CardsRow,
    Marker,
    Pots,
    bracketed_cards_row,
    cut_cap,
    read_total_pot,
    summary_won,
)
from tracker.errors import MalformedHandError, UnsupportedGameError
from tracker.hand_block import HandBlock
from tracker.hand_rows import Children, HandRows, Row, hand_from_rows
from tracker.model import ActionKind, CardSource, Hand, Street, Structure

SITE = "pokerstars"

_Bet = tuple[Row, str, int, ActionKind | None]
"""What a betting line adds: the `actions` row, its player, the chips it makes live on
the street, and the post whose largest amount gives the stakes (None for other actions)."""

_Street = tuple[Marker, str, CardsRow | None]
"""A street line read: its marker, its name, and the board after it (None: no board)."""

_NO_BOARD: CardsRow = ("", [])

_SUMMARY_CARDS = (("showed [", CardSource.SUMMARY), ("mucked [", CardSource.MUCKED))


_CACHE_LIMIT = 5_000
# The line caches, one per what else a line's reading depends on: looked up with no
# call (a defaultdict), bounded where lines are added (`_remember`).
_BETS: defaultdict[tuple[int, Street], dict[str, _Bet]] = defaultdict(dict)  # (decimals, street)
_STREETS: defaultdict[bool, dict[str, _Street]] = defaultdict(dict)  # stud?
_SEATS: defaultdict[int, dict[str, SeatRow]] = defaultdict(dict)  # decimals
_Summary = tuple[Row, CardGroups]
_SUMMARIES: defaultdict[int, dict[str, _Summary]] = defaultdict(dict)  # decimals
_TOTAL_POTS: defaultdict[int, dict[str, Pots]] = defaultdict(dict)  # decimals

_Read = TypeVar("_Read")


def _remember(cache: dict[str, _Read], line: str, read: _Read) -> _Read:
    """Add what `line` reads as to a line cache (emptied first when full); return it."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[line] = read
    return read


class PokerStarsParser(SiteParser):
    """PokerStars: cash games, tournaments, home games and play money, 2005 to today."""

    site = SITE
    rooms = tuple(ROOMS[name] for name in OTHER_ROOMS)
    # docs/sites.md, "PokerStars: rake and odd chips": the one side-pot hand with rake
    # ($1.08, rake $0.05, pots $0.44 and $0.64 paid $0.42 and $0.61) takes 2 and 3 cents;
    # the odd cents of every halved or tied pot follow RULES.md.
    rake_rule = "proportional-largest-remainder"

    def detect(self, text: str) -> bool:
        """True when a line of `text` starts like a PokerStars hand header."""
        return starts_in(text, HAND_START)

    def split_hands(self, text: str) -> Iterator[HandText]:
        """Each hand starts at a "PokerStars ... #<id>:" line."""
        return split_at_headers(text, HAND_START)

    def read_blocks(self, text: str, file: str | None) -> Iterator[HandBlock | HandText]:
        """In file order: runs of hands `parsers.pokerstars.columns` reads column-wise,
        as blocks, and the texts of the others, for the line-by-line reader."""
        return read_columns(text, file)

    def parse_hand(self, hand_text: HandText, file: str | None) -> Hand:
        """Read one hand (docs/sites.md says what each line becomes)."""
        reader = _HandReader(hand_text, file)
        return hand_from_rows(reader.site, *reader.read())

    def read_hand_into(self, hand_text: HandText, file: str | None, rows: HandRows) -> None:
        """Read one hand straight into `rows`: no `Hand` is built."""
        reader = _HandReader(hand_text, file)
        rows.add_read(reader.site, *reader.read())


class _HandReader:
    """The state of one hand while its lines are read; `read()` returns its rows."""

    hero: str | None = None
    cancelled = False
    dealt = False
    paid_board = 0
    total_pot: int | None = None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    rake: int | None = None
    added_money = 0

    def __init__(self, hand_text: HandText, file: str | None) -> None:
        self.text = hand_text
        self.lines = hand_text.lines
        self.file = file
        self.site = room_of(self.lines[0])
        id_match = HAND_ID.search(self.lines[0])
        self.hand_id = id_match.group(1) if id_match else None
        self.seat_of: dict[str, int] = {}
        self.actions: list[Row] = []
        self.known: list[Row] = []
        self.shown: set[tuple[str, str]] = set()  # (player, cards text)
        self.boards: list[CardsRow] = [_NO_BOARD, _NO_BOARD]
        self.returned: list[Row] = []
        self.collections: list[Row] = []
        self.summaries: list[Row] = []
        self.street_in: dict[str, int] = {}
        self.largest_post: dict[ActionKind, int] = {}

    def read(self) -> tuple[Row, Children]:
        """Read the whole hand, step by step: its `hands` row, without the chip checks'
        two columns, and its rows of every child table."""
        terms = self.terms = self._read_header()
        self.money = money_reader(terms.decimals)
        self.is_stud = terms.game.is_stud
        self.markers = STUD_MARKERS if self.is_stud else FLOP_MARKERS
        self.street = Street.THIRD if self.is_stud else Street.PREFLOP
        seats, body = self._read_seats()
        summary = self._find_summary(body)
        self._read_body(body, summary)
        self._read_summary(summary + 1)
        if self.added_money:
            self._added_money_paid_once()
        if not self.cancelled and (self.total_pot is None or not self.dealt):
            missing = "a Total pot line" if self.dealt else "a HOLE CARDS or 3rd STREET line"
            raise self._error(f"the hand has no {missing}", min(summary, len(self.lines) - 1))
        return self._build(seats)

    def _added_money_paid_once(self) -> None:
        """Run It Once writes the room's money (its STP) into the collected line of every
        pot the winner takes, though it is paid once, with the main pot (the summary's
        "won" says so: docs/sites.md, "Run It Once"). When the lines exceed the total pot
        less the rake by exactly the STP once per side-pot line, it is taken out of those."""
        if self.total_pot is None:
            return
        collections = self.collections
        excess = sum([row[1] for row in collections]) - (self.total_pot - (self.rake or 0))
        sides = [index for index, row in enumerate(collections) if row[2] > 0]
        if not sides or excess != self.added_money * len(sides):
            return
        for index in sides:
            player, amount, pot, board, half = collections[index]
            collections[index] = (player, amount - self.added_money, pot, board, half)

    def _error(self, reason: str, index: int) -> MalformedHandError:
        return MalformedHandError(
            reason,
            site=self.site,
            file=self.file,
            hand_id=self.hand_id,
            line_number=self.text.line_number(index),
            line=self.lines[index],
        )

    def _read_header(self) -> GameTerms:
        # "PokerStars Hand #96961585867:  5 Card Omaha Hi/Lo Pot Limit ($2/$4 USD) - ..."
        if not HAND_START.match(self.lines[0]):
            raise self._error("text outside any hand (before the first hand header)", 0)
        try:
            terms, self.started_at, self.site_timezone = read_header(self.lines[0])
        except UncoveredGameError as game:
            raise UnsupportedGameError(
                f"{game} is not a game the tracker covers",
                site=self.site,
                file=self.file,
                hand_id=self.hand_id,
                line_number=self.text.first_line,
                line=self.lines[0],
            ) from None
        except ValueError as error:
            raise self._error(str(error), 0) from None
        return terms

    def _read_seats(self) -> tuple[list[Row], int]:
        lines = self.lines
        index = 1
        seats: list[Row] = []
        seat_of = self.seat_of
        player_at: dict[int, str] = {}
        known = _SEATS[self.terms.decimals]
        try:
            self.table = read_table(lines[index] if len(lines) > 1 else "")
            for index in range(2, len(lines) + 1):
                line = lines[index] if index < len(lines) else ""
                seat = known.get(line)
                if seat is None:
                    if not line.startswith("Seat "):
                        break
                    seat = _remember(known, line, read_seat_row(line, self.money))
                number, player = seat[0], seat[1]
                if player in seat_of or number in player_at:
                    raise ValueError("a seat or a player appears twice")
                seat_of[player] = number
                player_at[number] = player
                seats.append(seat)
            if not seats:
                raise ValueError("the hand has no seat lines")
        except ValueError as error:
            raise self._error(str(error), min(index, len(lines) - 1)) from None
        self.player_at = player_at
        return seats, index

    def _find_summary(self, body: int) -> int:
        try:
            return self.lines.index("*** SUMMARY ***", body)
        except ValueError:
            if "Hand cancelled" in self.lines:
                return len(self.lines)
            reason = "hand cut off: it ends before its summary"
            raise self._error(reason, len(self.lines) - 1) from None

    def _read_body(self, start: int, stop: int) -> None:
        # The hot loop: a betting line read before is one look-up; any other line goes
        # to `_line`, which reads it (and caches what a betting line adds).
        lines = self.lines
        seat_of = self.seat_of
        append = self.actions.append
        street = self.street
        street_in = self.street_in
        bets = _BETS[self.terms.decimals, street]
        index = start
        try:
            for index in range(start, stop):
                line = lines[index]
                bet = bets.get(line)
                if bet is None or bet[1] not in seat_of:
                    bet = self._line(line, bets)
                    if bet is None:
                        if self.street is not street:
                            street = self.street
                            bets = _BETS[self.terms.decimals, street]
                        street_in = self.street_in
                        continue
                action, player, live, post = bet
                append(action)
                if live:
                    street_in[player] = street_in.get(player, 0) + live
                if post is not None:
                    self._note_post(post, action[3])
        except ValueError as error:
            raise self._error(str(error), index) from None

    def _line(self, line: str, bets: dict[str, _Bet]) -> _Bet | None:
        """Read a body line that is not a betting line read before: a street, a player's
        action ("player: verb ..."), cards dealt or anything else. Returns what a betting
        line adds, and caches it in `bets` (the lines of the current street)."""
        if line.startswith("*** "):
            self._street_line(line)
            return None
        player, separator, rest = line.partition(": ")
        if not separator or player not in self.seat_of:
            if line.startswith("Dealt to "):
                self._dealt_line(line[9:])
            else:
                self._other_line(line)
            return None
        bet = self._verb(player, rest)
        # A dead-and-live post depends on the stakes as well as on the line.
        if bet is not None and bet[3] is not ActionKind.POST_SMALL_AND_BIG_BLIND:
            _remember(bets, line, bet)
        return bet

    def _verb(self, player: str, rest: str) -> _Bet | None:
        # "Player2: raises $4 to $8": the method for the verb reads the rest
        verb, _, args = rest.partition(" ")
        entry = _VERBS.get(verb)
        if entry is not None:
            return entry[0](self, player, args, entry[1])
        if rest not in INFO_RESTS:
            raise ValueError(f"unknown action {rest!r}")
        return None

    def _player_line(self, player: str, rest: str) -> None:
        # The slow path, for a player whose name holds ": "; nothing is cached.
        bet = self._verb(player, rest)
        if bet is not None:
            action, _, live, post = bet
            self.actions.append(action)
            if live:
                self.street_in[player] = self.street_in.get(player, 0) + live
            if post is not None:
                self._note_post(post, action[3])

    def _note_post(self, post: ActionKind, amount: int) -> None:
        if amount > self.largest_post.get(post, 0):
            self.largest_post[post] = amount

    def _street_line(self, line: str) -> None:
        # "*** TURN *** [Jc 6c Kd] [9c]", "*** 3rd STREET ***", "*** SECOND SHOW DOWN ***"
        streets = _STREETS[self.is_stud]
        known = streets.get(line)
        if known is None:
            known = _remember(streets, line, self._read_street_line(line))
        marker, name, cards = known
        if marker.street is not self.street:
            self.street = marker.street
            self.street_in = {}
        if name in DEAL_MARKERS:
            self.dealt = True
        if marker.paid_board is not None:
            self.paid_board = marker.paid_board
        if marker.board is not None and cards is not None:
            self.boards[marker.board] = cards

    def _read_street_line(self, line: str) -> _Street:
        end = line.find(" ***", 4)
        name = line[4:end].upper() if end > 0 else ""
        marker = self.markers.get(name)
        if marker is None:
            raise ValueError(f"unknown street line {name or line!r}")
        if marker.board is None:
            return marker, name, None
        cards = bracketed_cards_row(line[end + 4 :])
        if len(cards[1]) != marker.board_size:
            size = marker.board_size
            raise ValueError(f"the board after {name} has {len(cards[1])} cards, not {size}")
        return marker, name, cards

    def _dealt_line(self, body: str) -> None:
        # "Dealt to Hero [Td Kh 3d 4s 9d]"; stud: "Dealt to Hero [7c 3s 5h] [Qc]"
        player = body.partition(" [")[0]
        if player not in self.seat_of:
            player = self._seated_prefix(body, " [")
        text, indexes = bracketed_cards_row(body[max(body.rfind("["), len(player)) :])
        count = len(indexes)
        if not self.is_stud:
            game = self.terms.game
            if count != game.hole_card_count:
                raise ValueError(f"{count} hole cards dealt in {game.value}")
            self.hero = player
            source = CardSource.DEALT
        elif self.street is Street.THIRD and count == 3:
            self.hero = player
            source = CardSource.DEALT
        elif count != 1:
            raise ValueError(f"{count} cards dealt at once on {self.street.value} street")
        else:
            source = CardSource.DEALT if player == self.hero else CardSource.UP
        self.known.append((player, self.street, source, text, indexes))

    def _seated_prefix(self, line: str, separator: str) -> str:
        """The seated player whose name, then `separator`, starts `line`: the slow path
        for names that hold the separator themselves ("a: b")."""
        player = self._seated_prefix_or_none(line, separator)
        if player is None:
            raise ValueError(f"{line.partition(separator)[0]!r} has no seat in this hand")
        return player

    def _seated_prefix_or_none(self, line: str, separator: str) -> str | None:
        for name in self.seat_of:
            if line.startswith(name + separator):
                return name
        return None

    def _other_line(self, line: str) -> None:
        if ' said, "' in line or line.endswith(INFO_SUFFIXES):
            return  # chat and table news: 'Hero said, "nh"', "bob leaves the table"
        if line.startswith("Uncalled bet ("):
            # "Uncalled bet ($0.14) returned to toxic7"
            amount, _, player = line[14:].partition(") returned to ")
            if player not in self.seat_of:
                raise ValueError(f"{player!r} has no seat in this hand")
            self.returned.append((player, self.money(amount)))
        elif " collected " in line:
            self._collected(line)
        elif line == "Hand cancelled":
            self.cancelled = True
        elif line.startswith("STP added: "):
            # Run It Once: "STP added: €5.00", the room's money added to the pot
            self.added_money += self.money(line[11:])
        elif " shows [" in line and self._shown_without_colon(line):
            return
        elif any(marker in line for marker in INFO_INFIXES):
            return  # "bob joins the table at seat #6", "bob finished the tournament in 2nd place"
        else:
            named = self._seated_prefix_or_none(line, ": ")  # a name holding ": "
            if named is not None:
                self._player_line(named, line[len(named) + 2 :])
                return
            unseated, separator, rest = line.partition(": ")
            if separator and rest in INFO_RESTS:
                return  # "newcomer: sits out"
            if separator and rest.partition(" ")[0] in _VERBS:
                raise ValueError(f"{unseated!r} has no seat in this hand but acts in it")
            raise ValueError("unknown line")

    def _shown_without_colon(self, line: str) -> bool:
        # Run It Once: "Ricky N shows [Ac Jd 5h 4d] for Two Pairs [Ad Ac Kd 5h 5c]"
        player = self._seated_prefix_or_none(line, " shows [")
        if player is None:
            return False
        self._show(player, line[len(player) + 7 :], CardSource.SHOWN)
        return True

    def _collected(self, line: str) -> None:
        # "Player1 collected $17.19 from pot", "APTEM-89 collected 813 from side pot-2"
        player, _, rest = line.partition(" collected ")
        if player not in self.seat_of:
            player = self._seated_prefix(line, " collected ")
            rest = line[len(player) + 11 :]
        amount, _, pot_name = rest.partition(" from ")
        pot = POTS.get(pot_name)
        if pot is None and pot_name[:9] in ("side pot-", "side pot ") and pot_name[9:].isdigit():
            pot = int(pot_name[9:])  # "side pot-2"; Run It Once: "side pot 1"
        if pot is None:
            raise ValueError(f"unknown pot {pot_name!r}")
        self.collections.append((player, self.money(amount), pot, self.paid_board, None))

    def _read_summary(self, start: int) -> None:
        lines = self.lines
        player_at = self.player_at
        summaries = _SUMMARIES[self.terms.decimals]
        index = start
        try:
            for index in range(start, len(lines)):
                line = lines[index]
                known = summaries.get(line)
                if known is not None and player_at.get(known[0][0]) == known[0][1]:
                    self._take_summary(*known)
                elif line.startswith("Seat "):
                    self._summary_seat(line, summaries)
                elif line.startswith("Total pot "):
                    self._total_pot(line)
                elif line.startswith(("Board [", "FIRST Board [", "SECOND Board [")):
                    # "Board [Jc 6c Kd 9c Ad]", "SECOND Board [7h 5d 3s 2s 4h]"
                    self._check_board(1 if line.startswith("SECOND") else 0, line)
                elif line != "Hand was run twice":
                    raise ValueError("unknown summary line")
        except ValueError as error:
            raise self._error(str(error), index) from None

    def _check_board(self, board: int, line: str) -> None:
        # The text of the cards dealt, read already, is that of deck card words: the
        # summary's, spelt the same, is equal without being read again.
        bracketed = line[line.index("[") :].strip()
        dealt = self.boards[board][0]
        if self.is_stud and not dealt:
            # "Board [6h]": the deck ran out, and the last card was dealt face up to all
            cards = bracketed_cards_row(bracketed)
            if len(cards[1]) != 1:
                raise ValueError("a stud board is the one card dealt to all")
            self.boards[0] = cards
            return
        if dealt and bracketed[-1:] == "]" and bracketed[1:-1].replace("] [", " ") == dealt:
            return
        if bracketed_cards_row(bracketed)[0] != dealt:
            raise ValueError("the summary board differs from the cards dealt")

    def _total_pot(self, line: str) -> None:
        # "Total pot 6195 Main pot 4170. Side pot-1 399. Side pot-2 1626. | Rake 0"
        pots = _TOTAL_POTS[self.terms.decimals]
        known = pots.get(line)
        if known is None:
            known = _remember(pots, line, read_total_pot(line, self.money))
        self.total_pot, self.rake, self.main_pot, self.side_pots = known

    def _summary_seat(self, line: str, summaries: dict[str, _Summary]) -> None:
        # "Seat 3: Player0 (button) (small blind) showed [..] and won ($40.75) with ..."
        number, _, text = line[5:].partition(": ")
        if not number.isdigit():
            raise ValueError("unreadable summary seat line")
        seat = int(number)
        player = self.player_at.get(seat)
        usual = player is not None and text.startswith(player)
        if player is None or not usual or text[len(player) : len(player) + 1] not in ("", " "):
            # A summary may name another player than the seat line did (seen in a real
            # file): keep the name the summary writes.
            name = SUMMARY_NAME.match(text)
            if name is None:
                raise ValueError("unreadable summary seat line")
            player, usual = name["player"], False
        rest = text[len(player) + 1 :]
        summary = (seat, player, rest, summary_won(rest, self.money))
        groups, complete = self._summary_cards(player, rest) if "ed [" in rest else ((), True)
        self._take_summary(summary, groups)
        if usual and complete:
            _remember(summaries, line, (summary, groups))

    def _summary_cards(self, player: str, rest: str) -> tuple[CardGroups, bool]:
        # "showed [7d 6d Jh Ah 5s] and won ...", "mucked [5c 6c 2d 3h Ac 4d 8d]": cards
        # the player's "shows" line read already (most at a showdown) are left out
        # unread, as `_take_summary` would leave them; what is left then depends on this
        # hand, and the flag (False) says not to cache it. Left out only when the text
        # is the one `bracketed_cards_row` would read, a text it read before.
        groups = []
        complete = True
        for word, source in _SUMMARY_CARDS:
            start = rest.find(word)
            if start >= 0:
                bracketed = rest[start + 7 : rest.find("]", start) + 1]
                text = bracketed[1:-1].replace("] [", " ")
                if text and bracketed[-1:] == "]" and (player, text) in self.shown:
                    complete = False
                else:
                    groups.append((source, bracketed_cards_row(bracketed)))
        return tuple(groups), complete

    def _take_summary(self, summary: Row, groups: CardGroups) -> None:
        self.summaries.append(summary)
        for source, (text, indexes) in groups:
            player = summary[1]
            if (player, text) not in self.shown:
                self.known.append((player, Street.SHOWDOWN, source, text, indexes))

    def _build(self, seats: list[Row]) -> tuple[Row, Children]:
        terms = self.terms
        posts = self.largest_post
        limit = terms.structure is Structure.LIMIT
        table = self.table
        hand = (
            self.hand_id or "", terms.game, terms.structure,
            posts.get(ActionKind.POST_SMALL_BLIND) if limit else terms.first,
            posts.get(ActionKind.POST_BIG_BLIND) if limit else terms.second,
            terms.first if limit else None, terms.second if limit else None,
            posts.get(ActionKind.POST_ANTE), posts.get(ActionKind.BRING_IN),
            terms.currency, terms.play_money or table.play_money, *terms.tournament_columns,
            table.table, table.max_seats, None if self.is_stud else table.button,
            self.started_at, self.site_timezone, self.hero,
            self.total_pot, self.main_pot, self.side_pots, self.rake, 0, self.added_money,
            self.cancelled,
            self.file, self.text.first_line,
        )  # fmt: skip
        children = {
            "seats": seats,
            "actions": self.actions,
            "cards": self.known,
            "boards": [board for board in self.boards if board[1]],
            "collections": self.collections,
            "returned": self.returned,
            # in seat order, as the store gives them back (Run It Once lists them out of it)
            "summaries": sorted(self.summaries, key=_seat_number),
        }
        return hand, children

    # The verbs after "player: ". Each reads the rest of its line; `kind` comes from
    # _VERBS. Betting lines return what they add (reusable for the same line and street).

    def _no_chips(self, player: str, args: str, kind: ActionKind) -> _Bet:
        # "Hero: folds", "Player1: checks"; information after it is passed over: a
        # note, "bob: folds (disconnected)", or the cards a folding hero held (Zoom,
        # converted files), "Hero: folds [8h 3c 2d 9s]"
        if args and not _is_information(args):
            raise ValueError(f"unexpected text after {kind.value}")
        return (self.street, player, kind, 0, None, False), player, 0, None

    def _put_in(self, player: str, args: str, kind: ActionKind) -> _Bet:
        # "Player0: calls $45.75 and is all-in", "Player4: bets 1360"
        all_in = args.endswith(" and is all-in")
        amount = self.money(args[:-14] if all_in else cut_cap(args))
        post = kind if kind is ActionKind.BRING_IN else None
        return (self.street, player, kind, amount, None, all_in), player, amount, post

    def _bring_in(self, player: str, args: str, kind: ActionKind) -> _Bet:
        # "denny501: brings in for $0.02"
        if not args.startswith("in for "):
            raise ValueError("unreadable bring-in")
        return self._put_in(player, args[7:], kind)

    def _post(self, player: str, args: str, kind: ActionKind) -> _Bet:
        # "Player0: posts small blind $2", "Hero: posts the ante 5",
        # "bob: posts small & big blinds $3"
        all_in = args.endswith(" and is all-in")
        what, _, amount_text = (args[:-14] if all_in else args).rpartition(" ")
        post = POSTS.get(what)
        if post is None:
            raise ValueError(f"unknown post {what!r}")
        amount = self.money(amount_text)
        live = amount
        if post is ActionKind.POST_ANTE:
            live = 0  # antes are dead money, not part of the street's bets
        elif post is ActionKind.POST_SMALL_AND_BIG_BLIND:
            # Only the big blind is live; the small blind part is dead money.
            terms = self.terms
            live = min(amount, terms.first if terms.structure is Structure.LIMIT else terms.second)
        return (self.street, player, post, amount, None, all_in), player, live, post

    def _raise(self, player: str, args: str, kind: ActionKind) -> None:
        # "Player2: raises $4 to $8": $4 more than the bet, $8 in all on this street
        all_in = args.endswith(" and is all-in")
        text = args[:-14] if all_in else cut_cap(args)
        to_text = text.partition(" to ")[2]
        to_amount = self.money(to_text)
        already = self.street_in.get(player, 0)
        if to_amount <= already:
            raise ValueError(f"a raise to {to_text} is not above the {already} already in")
        self.actions.append((self.street, player, kind, to_amount - already, to_amount, all_in))
        self.street_in[player] = to_amount

    def _show(self, player: str, args: str, kind: CardSource) -> None:
        # "Hero: shows [As 4s Ks Ad Qh] (HI: a flush, Ace high; LO: 7,5,4,3,A)"
        text, indexes = bracketed_cards_row(args[: args.find("]") + 1])
        if (player, text) not in self.shown:
            self.shown.add((player, text))
            self.known.append((player, self.street, kind, text, indexes))

    def _muck(self, player: str, args: str, kind: CardSource) -> None:
        # "Tumim: mucks hand" (the summary lists the cards: "Seat 7: Tumim mucked [5c ...]")
        if args.startswith("hand ["):
            text, indexes = bracketed_cards_row(args[5 : args.find("]") + 1])
            self.known.append((player, self.street, kind, text, indexes))
        elif args != "hand":
            raise ValueError("unreadable mucks line")

    def _cash_out(self, player: str, args: str, kind: ActionKind) -> None:
        # "bob: Chooses to EV Cashout", "bob: Receives Cashout ($12.34)"
        amount = 0
        if args.startswith("Cashout (") and args.endswith(")"):
            amount = self.money(args[9:-1])
        elif args != "to EV Cashout":
            raise ValueError("unreadable cash-out line")
        self.actions.append((self.street, player, kind, amount, None, False))


def _seat_number(summary: Row) -> int:
    number: int = summary[0]
    return number


def _is_information(text: str) -> bool:
    """True for a note in parentheses, or cards in brackets, after a verb."""
    return (text[:1], text[-1:]) in (("(", ")"), ("[", "]")) and text.count("(") <= 1


_Verb = Callable[[_HandReader, str, str, Any], "_Bet | None"]
_VERBS: dict[str, tuple[_Verb, ActionKind | CardSource]] = {
    "folds": (_HandReader._no_chips, ActionKind.FOLD),
    "checks": (_HandReader._no_chips, ActionKind.CHECK),
    "calls": (_HandReader._put_in, ActionKind.CALL),
    "bets": (_HandReader._put_in, ActionKind.BET),
    "raises": (_HandReader._raise, ActionKind.RAISE),
    "posts": (_HandReader._post, ActionKind.POST_BIG_BLIND),
    "brings": (_HandReader._bring_in, ActionKind.BRING_IN),
    "shows": (_HandReader._show, CardSource.SHOWN),
    "mucks": (_HandReader._muck, CardSource.MUCKED),
    "Chooses": (_HandReader._cash_out, ActionKind.CASH_OUT),
    "Receives": (_HandReader._cash_out, ActionKind.CASH_OUT),
}
"""The first word after "player: " to the method reading the rest of the line, and the
action kind or card source it records ("posts" finds its kind in POSTS)."""
