"""The vectorised path against the exact path on random hands built to reach the corners:
several all-in levels, dead money above the top level, ties and quarters, players tied
both ways, mucked hands, rake spread by each rule, payouts right and wrong. Whatever the
vectorised path proves ok, the exact path must say ok with the same awards; the rows both
write must be the same. And the five cards of each best hand are the scalar engine's."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from audit_hands import hand as written_hand

from tracker.audit import best_cards
from tracker.audit.batch_rows import audit_batch
from tracker.audit.contributions import ledger_of
from tracker.audit.conventions import SiteConvention
from tracker.audit.expected import expected_payout
from tracker.audit.loading import load_batch, partitions
from tracker.cards import DECK, Card
from tracker.engine.batch import (
    omaha_high_ranks,
    omaha_low_ranks,
    stud_high_ranks,
    stud_low_ranks,
)
from tracker.engine.hands import best_omaha, best_stud
from tracker.engine.pots import uncalled_returns
from tracker.engine.rules import ODD_CHIP_RULES, RAKE_RULES
from tracker.errors import ShowdownError
from tracker.model import Collection, Game, Hand
from tracker.store import Store

GAMES = (Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.COURCHEVEL_HILO, Game.STUD_HILO,
         Game.OMAHA_HI, Game.STUD_HI)  # fmt: skip
LEVELS = (0, 40, 100, 100, 250, 600)


def _random_hand(rng: random.Random, number: int, convention: SiteConvention) -> Hand:
    game = rng.choice(GAMES)
    players = rng.randint(2, 6 if game.is_stud else 7)
    names = [f"p{index}" for index in range(players)]
    deck = list(DECK)
    rng.shuffle(deck)
    put_in = [rng.choice(LEVELS[1:]) if index < 2 else rng.choice(LEVELS)
              for index in range(players)]  # fmt: skip
    folded = [rng.random() < 0.3 for _ in range(players)]
    if all(folded[index] or not put_in[index] for index in range(players)):
        folded[0] = False
    actions, shown = [], []
    for index, name in enumerate(names):
        if put_in[index]:
            actions.append(f"{name} call {put_in[index]}")
        if folded[index]:
            actions.append(f"{name} fold")
        cards = [deck.pop() for _ in range(game.hole_card_count)]
        if not folded[index] and rng.random() < 0.9:  # some hands are mucked
            shown.append(f"{name}: " + " ".join(card.text for card in cards))
    board = " ".join(card.text for card in deck[:5])
    back = uncalled_returns(put_in)
    returned = [f"{names[index]} {amount}" for index, amount in enumerate(back) if amount]
    rake = rng.choice((0, 0, 1, 7, 35, 200))
    base = written_hand(
        seats=[f"{name}:{index + 1}" for index, name in enumerate(names)],
        actions=actions, shown=shown, boards=[] if game.is_stud else [board],
        returned=returned, game=game, button=rng.randint(1, players), hand_id=str(number),
    )  # fmt: skip
    total = sum(put_in) - sum(back)
    base = replace(base, rake=min(rake, total))
    try:
        payout = expected_payout(ledger_of(base), convention)
    except ShowdownError:
        return base
    ledger = ledger_of(base)
    several = len(payout.pots) > 1
    paid = [Collection(ledger.players[a.player].player, a.amount, a.pot if several else 0)
            for a in payout.awards]  # fmt: skip
    if paid and rng.random() < 0.25:  # pay someone wrongly
        wrong = rng.randrange(len(paid))
        paid[wrong] = replace(paid[wrong], player=rng.choice(names))
    if paid and rng.random() < 0.02:  # pay someone who has no seat at the table
        paid[0] = replace(paid[0], player="ghost")
    listed = several and rng.random() < 0.8
    return replace(
        base,
        collections=tuple(paid),
        main_pot=payout.net_pots[0] if listed else None,
        side_pots=payout.net_pots[1:] if listed else (),
    )


LARGEST_REMAINDER = RAKE_RULES["proportional-largest-remainder"]
CONVENTIONS = [
    SiteConvention("main-first", RAKE_RULES["main-pot-first"], ODD_CHIP_RULES["rules"]),
    SiteConvention("proportional", RAKE_RULES["proportional"], ODD_CHIP_RULES["rules"]),
    SiteConvention(
        "largest", RAKE_RULES["proportional-largest-remainder"], ODD_CHIP_RULES["rules"]
    ),
    SiteConvention(
        "halves", RAKE_RULES["proportional-largest-remainder"], ODD_CHIP_RULES["half-by-half"]
    ),
]


@pytest.mark.parametrize("convention", CONVENTIONS, ids=lambda c: c.name)
def test_both_paths_agree_on_random_hands(
    convention: SiteConvention, tmp_path_factory: pytest.TempPathFactory
) -> None:
    rng = random.Random(convention.name)
    hands = [_random_hand(rng, number, convention) for number in range(1_500)]
    with Store(tmp_path_factory.mktemp(convention.name)) as store:
        store.write_hands(hands)
        ((site, month, count),) = partitions(store)
        batch = load_batch(store, site, month)
    fast = audit_batch(batch, convention)
    exact = audit_batch(batch, convention, exact=True)
    assert fast.audit.equals(exact.audit)
    assert fast.awards.equals(exact.awards)
    statuses = exact.audit.column("status").to_pylist()
    # Enough of each to mean something: hands proven ok by the fast path, and flagged.
    assert fast.fast > 0.4 * count
    assert statuses.count("mismatch") + statuses.count("inconsistent") > 0.1 * count


def _cards(indexes: np.ndarray) -> list[Card]:  # type: ignore[type-arg]
    return [DECK[int(index)] for index in indexes]


@pytest.mark.parametrize("hole", [4, 5])
def test_omaha_five_cards_are_the_engines(hole: int) -> None:
    generator = np.random.default_rng(hole)
    deals = np.array([generator.permutation(52)[: hole + 5] for _ in range(3_000)])
    holes, boards = deals[:, :hole], deals[:, hole:]
    high, low = omaha_high_ranks(holes, boards), omaha_low_ranks(holes, boards)
    high_five = best_cards.omaha_high_cards(holes, boards, high)
    lows = np.flatnonzero(low)
    low_five = best_cards.omaha_low_cards(holes[lows], boards[lows], low[lows])
    low_of = dict(zip(lows.tolist(), low_five, strict=True))
    for row in range(len(deals)):
        best = best_omaha(_cards(holes[row]), _cards(boards[row]), hilo=True)
        assert _cards(high_five[row]) == list(best.high.cards)
        assert (best.low is None) == (row not in low_of)
        if best.low is not None:
            assert _cards(low_of[row]) == list(best.low.cards)


def test_stud_five_cards_are_the_engines() -> None:
    generator = np.random.default_rng(7)
    deals = np.array([generator.permutation(52)[:7] for _ in range(3_000)])
    high, low = stud_high_ranks(deals), stud_low_ranks(deals)
    high_five = best_cards.stud_high_cards(deals, high)
    lows = np.flatnonzero(low)
    low_five = best_cards.stud_low_cards(deals[lows], low[lows])
    low_of = dict(zip(lows.tolist(), low_five, strict=True))
    for row in range(len(deals)):
        best = best_stud(_cards(deals[row]), hilo=True)
        assert _cards(high_five[row]) == list(best.high.cards)
        if best.low is not None:
            assert _cards(low_of[row]) == list(best.low.cards)
    assert len(lows) > 100


def test_rank_names_are_the_engines() -> None:
    assert best_cards.high_names()[7462] == "a royal flush"
    assert best_cards.low_names()[56] == "5,4,3,2,A"
    assert len(best_cards.high_names()) == 7463
    assert len(best_cards.low_names()) == 57
