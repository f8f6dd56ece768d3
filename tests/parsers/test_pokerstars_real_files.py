"""The PokerStars parser on every real PokerStars file in ../shared/histories.

Pinned here: the files, how many hands each holds, which hands are not read and why,
that every hand read adds up to the chip, and the full parsed content of one hand of
each game and format (goldens/*.json; rewrite with UPDATE_GOLDENS=1, review the diff).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hand_json import to_json

from parsers import parse_file
from tracker.errors import MalformedHandError, UnknownSiteError, UnsupportedGameError
from tracker.model import Hand

GOLDENS = Path(__file__).resolve().parent / "goldens"

# file -> (hands read, items in all); every file of the folder is listed.
HAND_COUNTS: dict[str, tuple[int, int]] = {
    "5card-omaha-hilo/5-Card-PLO8-6max-USD-2.00-4.00-201304.txt": (1, 1),
    "5card-omaha-hilo/PLO5-Hi-Lo-USD-0.10-0.25-issue137.txt": (1, 1),
    "courchevel-hilo/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt": (1, 1),
    "mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (52, 137),
    "omaha-hi/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt": (1, 1),
    "omaha-hi/5-Card-PLO-6max-USD-0.50-1.00-201305.shows.one.txt": (1, 1),
    "omaha-hi/5-Card-PLO-6max-USD-3.00-6.00-201303.txt": (1, 1),
    "omaha-hi/6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt": (0, 1),
    "omaha-hi/6-Card-PLO-6max-USD-0.25-0.50-202004.txt": (0, 1),
    "omaha-hi/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt": (0, 1),
    "omaha-hi/MPLO-6max-MTT-USD-27-201605.txt": (2, 2),
    "omaha-hi/PLO-6-max-USD-30-60-201703.converted.secondsb.txt": (1, 1),
    "omaha-hi/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt": (1, 1),
    "omaha-hi/PLO-6max-USD-0.50-1.00-201204.shows.2.txt": (1, 1),
    "omaha-hi/PLO-6max-USD-2.00-4.00-201403.2.partial.txt": (2, 4),
    "omaha-hi/PLO-6max-USD-200-400-201505.rit.leaves.table.txt": (1, 1),
    "omaha-hi/PLO-6max-USD-200-400-201510.partial.observed.txt": (2, 3),
    "omaha-hi/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt": (1, 1),
    "omaha-hi/PLO-USD-MTT-3-201201.Sample.txt": (1, 1),
    "omaha-hilo/258753941248_anon5.txt": (1, 1),
    "omaha-hilo/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt": (1, 1),
    "omaha-hilo/NLO8-USD-STT-201109.Knockout.sample.txt": (73, 73),
    "omaha-hilo/PLO8-6max-USD-11-1-202105.Chico.Converted.txt": (1, 1),
    "omaha-hilo/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt": (1, 1),
    "stud-hi/7-Stud-USD-0.04-0.08-200911.txt": (11, 11),
    "stud-hi/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": (1, 1),
    "stud-hilo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": (1, 1),
    "stud-hilo/7-StudHL-USD-10-1-200906.PT2.export.txt": (1, 1),
    "stud-hilo/7-StudHL-USD-400-800-201701.3bet.fix.txt": (1, 1),
}

# Sidecars: another tool's reading of one hand, not hand histories.
NOT_HAND_HISTORIES = {
    "omaha-hilo/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt.hp",
    "stud-hilo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt.hp",
    "stud-hi/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt.gt",
}

# Hands not read, and why: (file, hand id) -> (line in the file, reason).
MALFORMED = {
    ("omaha-hi/PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112824228684"): (
        19,
        "hand cut off: it ends before its summary",  # stops inside "*** FLOP *** [Js 3d"
    ),
    ("omaha-hi/PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112824184047"): (
        40,
        "hand cut off: it ends before its summary",  # stops at "Player0", mid-line
    ),
    ("omaha-hi/PLO-6max-USD-200-400-201510.partial.observed.txt", "142624277978"): (
        12,
        "expected the Table line",  # the hand stops inside it: "Table 'Owa III"
    ),
}

# Hands of games the tracker does not cover (most in the mixed 8-Game file), per game.
UNSUPPORTED_GAMES = Counter(
    {
        "6 Card Omaha Pot Limit": 3,
        "Hold'em Limit": 24,
        "Hold'em No Limit": 24,
        "Razz Limit": 19,
        "Triple Draw 2-7 Lowball Limit": 18,
    }
)


def read(path: Path) -> list[Hand | Exception]:
    return list(parse_file(path))


@pytest.fixture(scope="module")
def parsed(pokerstars_histories: Path) -> dict[str, list[Hand | Exception]]:
    """Every real PokerStars hand-history file, parsed once for this module."""
    return {name: read(pokerstars_histories / name) for name in HAND_COUNTS}


def all_hands(parsed: dict[str, list[Hand | Exception]]) -> list[Hand]:
    return [item for items in parsed.values() for item in items if isinstance(item, Hand)]


def test_the_folder_holds_exactly_the_files_pinned_here(pokerstars_histories: Path) -> None:
    found = {
        path.relative_to(pokerstars_histories).as_posix()
        for path in pokerstars_histories.rglob("*")
        if path.is_file() and path.name != "README.md"
    }
    assert found == set(HAND_COUNTS) | NOT_HAND_HISTORIES


@pytest.mark.parametrize("name", sorted(NOT_HAND_HISTORIES))
def test_sidecars_are_not_taken_for_hand_histories(pokerstars_histories: Path, name: str) -> None:
    with pytest.raises(UnknownSiteError, match="not a hand history") as raised:
        parse_file(pokerstars_histories / name)
    assert raised.value.file == str(pokerstars_histories / name)


@pytest.mark.parametrize("name", sorted(HAND_COUNTS))
def test_hand_counts_per_file(parsed: dict[str, list[Hand | Exception]], name: str) -> None:
    items = parsed[name]
    hands = [item for item in items if isinstance(item, Hand)]
    assert (len(hands), len(items)) == HAND_COUNTS[name]
    assert all(hand.source_file and hand.source_file.endswith(name) for hand in hands)


def test_the_hands_not_read_are_exactly_the_named_ones(
    parsed: dict[str, list[Hand | Exception]],
) -> None:
    malformed = {}
    unsupported: Counter[str] = Counter()
    for name, items in parsed.items():
        for item in items:
            if isinstance(item, MalformedHandError):
                malformed[(name, item.hand_id)] = (item.line_number, item.reason)
            elif isinstance(item, UnsupportedGameError):
                assert item.line is not None
                game = item.reason.removesuffix(" is not a game the tracker covers")
                assert game != item.reason
                assert game in item.line
                unsupported[game] += 1
            else:
                assert isinstance(item, Hand), item
    assert malformed == MALFORMED
    assert unsupported == UNSUPPORTED_GAMES


def test_no_hand_is_yielded_twice(parsed: dict[str, list[Hand | Exception]]) -> None:
    ids = [hand.hand_id for hand in all_hands(parsed)]
    assert len(ids) == len(set(ids)) == 162


def test_first_lines_point_at_the_headers(
    parsed: dict[str, list[Hand | Exception]], pokerstars_histories: Path
) -> None:
    for name, items in parsed.items():
        lines = (pokerstars_histories / name).read_bytes().decode("utf-8-sig").splitlines()
        for hand in (item for item in items if isinstance(item, Hand)):
            assert hand.first_line is not None
            assert f"#{hand.hand_id}:" in lines[hand.first_line - 1]


def test_every_hand_adds_up_to_the_chip(parsed: dict[str, list[Hand | Exception]]) -> None:
    # Chips put in less what was returned is the total pot; the total pot is what the
    # site paid plus its rake; the summary's wins are those payments, player by player.
    # It holds for all 162 real hands, so there is no list of exceptions (a cancelled
    # hand gives every chip back: it has no total pot to hold it to).
    for hand in all_hands(parsed):
        if hand.cancelled:
            assert not hand.collections, hand.hand_id
            assert hand.total_pot is None, hand.hand_id
            continue
        put_in = sum(action.amount for action in hand.actions if action.kind.puts_chips_in)
        returned = sum(item.amount for item in hand.returned)
        # Run It Once adds its own money (an STP) to the pot
        assert put_in - returned + hand.added_money == hand.total_pot, hand.hand_id
        assert hand.rake is not None
        collected = sum(item.amount for item in hand.collections)
        assert collected + hand.rake + hand.jackpot_fee == hand.total_pot, hand.hand_id
        if hand.side_pots:
            assert hand.main_pot is not None
            pots = hand.main_pot + sum(hand.side_pots) + hand.added_money
            # PokerStars lists the pots net of rake, Run It Once before it
            net = hand.site == "pokerstars"
            assert pots == hand.total_pot - (hand.rake if net else 0), hand.hand_id
        paid: Counter[str] = Counter()
        for item in hand.collections:
            paid[item.player] += item.amount
        won = Counter({s.player: s.won for s in hand.summaries if s.won is not None})
        assert won == paid, hand.hand_id


def test_every_shown_hand_has_its_full_count(parsed: dict[str, list[Hand | Exception]]) -> None:
    for hand in all_hands(parsed):
        for known in hand.known_cards:
            if known.street.value == "showdown" and hand.hand_id != "1337":
                assert len(known.cards) == hand.game.hole_card_count, hand.hand_id
            elif known.street.value == "showdown":
                # shows.2: a player may show part of a hand ("plr5: shows [Ah As]")
                assert 0 < len(known.cards) <= hand.game.hole_card_count
        for board in hand.boards:
            assert len(board) in (3, 4, 5), hand.hand_id


# One hand of each game, structure and format: golden name -> (file, hand id).
GOLDEN_HANDS = {
    "omaha-hilo-pl-cash-2010": (
        "omaha-hilo/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt",
        "48850962136",
    ),
    "omaha-hilo-pl-cash-crlf-2025": ("omaha-hilo/258753941248_anon5.txt", "258753941248"),
    "omaha-hilo-nl-tournament-bounty": (
        "omaha-hilo/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt",
        "123520812521",
    ),
    "omaha-hilo-nl-tournament-side-pots": (
        "omaha-hilo/NLO8-USD-STT-201109.Knockout.sample.txt",
        "68173693354",
    ),
    "omaha-hilo-limit-home-game-mixed": (
        "mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
        "99632104898",
    ),
    "omaha-hi-pl-home-game-mixed": (
        "mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
        "99632835084",
    ),
    "omaha-hilo-converted": (
        "omaha-hilo/PLO8-6max-USD-11-1-202105.Chico.Converted.txt",
        "770875946",
    ),
    "omaha5-hilo-pl-cash": (
        "5card-omaha-hilo/5-Card-PLO8-6max-USD-2.00-4.00-201304.txt",
        "96961585867",
    ),
    "courchevel-hilo-run-it-twice": (
        "courchevel-hilo/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt",
        "97007286518",
    ),
    "omaha-hi-run-it-twice": (
        "omaha-hi/PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
        "134782498345",
    ),
    "stud-hilo-limit-cash": ("stud-hilo/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "35874676388"),
    "stud-hilo-mixed-cash": ("stud-hilo/7-StudHL-USD-400-800-201701.3bet.fix.txt", "164954571644"),
    "stud-hilo-reexported": ("stud-hilo/7-StudHL-USD-10-1-200906.PT2.export.txt", "29356803849"),
    "stud-hilo-home-game-mixed": (
        "mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
        "99632561862",
    ),
    "stud-hi-side-pot-cet": (
        "stud-hi/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt",
        "60974484959",
    ),
}


@pytest.mark.parametrize("golden", sorted(GOLDEN_HANDS))
def test_golden_hands(
    parsed: dict[str, list[Hand | Exception]], update_goldens: bool, golden: str
) -> None:
    name, hand_id = GOLDEN_HANDS[golden]
    (hand,) = [item for item in parsed[name] if isinstance(item, Hand) and item.hand_id == hand_id]
    content = to_json(hand)
    content["source_file"] = name  # the real file's path relative to the histories folder
    text = json.dumps(content, indent=1, ensure_ascii=False) + "\n"
    path = GOLDENS / f"{golden}.json"
    if update_goldens:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden {path.name}: run UPDATE_GOLDENS=1 pytest {__file__}"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(text)
