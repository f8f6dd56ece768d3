import pytest

from tracker.cards import DECK, Rank, Suit, card_from_index, format_cards, parse_card, parse_cards
from tracker.errors import CardError


@pytest.mark.parametrize("text", ["Ah", "ah", "AH", "aH"])
def test_parse_case_insensitive(text: str) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (Rank.ACE, Suit.HEARTS)


@pytest.mark.parametrize("text", ["Th", "10h", "th", "10H"])
def test_parse_ten_both_ways(text: str) -> None:
    assert parse_card(text).text == "Th"


@pytest.mark.parametrize("text", ["1x", "Zz", "", "A", "Ahh", "11h", "0s"])
def test_unknown_cards_raise(text: str) -> None:
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


def test_duplicates_raise() -> None:
    with pytest.raises(CardError, match="duplicate card As"):
        parse_cards("As Kd as")


def test_parse_cards_brackets_and_commas() -> None:
    assert format_cards(parse_cards("[As, Kd 2c]")) == "As Kd 2c"


def test_deck_indexes() -> None:
    assert len(DECK) == 52
    assert len({card.text for card in DECK}) == 52
    for index, card in enumerate(DECK):
        assert card.index == index
        assert card_from_index(index) is card
        assert parse_card(card.text) is card
    with pytest.raises(CardError):
        card_from_index(52)


def test_cards_are_shared_instances_after_pickle() -> None:
    import pickle

    card = parse_card("Qd")
    assert pickle.loads(pickle.dumps(card)) is card
