"""The showdown calculator behind `tracker showdown`: a request in, who gets what out.

A request names the game, the board (or two, for run it twice), the players in seat order
starting left of the button, each with their cards and total contribution in the smallest
unit, and the rake. The answer is a JSON-shaped dict (`answer`), or text (`format_text`).
Text is parsed here, at the edge; the engine only ever sees cards and ints.

>>> request = request_from_options(
...     "omaha-hilo", ["Jd 4d 3c Qd 5h"], ["Alice:Ad Kd 3s 2s:500", "Bob:7c 6s 7h As:500"]
... )
>>> answer(request)["payouts"]
{'Alice': 1000, 'Bob': 0}
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tracker.cards import Card, format_cards, parse_cards
from tracker.engine.hands import MadeHand
from tracker.engine.settle import Entrant, Settlement, settle
from tracker.errors import ShowdownError, TrackerError
from tracker.model import Game

FORMATS = ("text", "json")
"""Output formats of a single request."""

_PLAYER_FIELDS = {"name", "cards", "contributed", "folded"}
_REQUEST_FIELDS = {"game", "board", "players", "rake"}
_WHOLE_NUMBER = re.compile(r"-?\d+")


@dataclass(frozen=True, slots=True)
class ShowdownRequest:
    """One showdown to settle.

    Attributes:
        game: the game.
        players: in seat order, starting with the first seat left of the button.
        boards: one board per run (two for run it twice); none for stud.
        rake: the total rake, smallest unit.
    """

    game: Game
    players: tuple[Entrant, ...]
    boards: tuple[tuple[Card, ...], ...]
    rake: int = 0


@dataclass(frozen=True, slots=True)
class JsonlSummary:
    """How a run over JSON lines went: requests answered and how many were errors."""

    requests: int
    errors: int


def parse_game(text: str) -> Game:
    """The game named `text` on the command line.

    >>> parse_game("stud-hilo")
    <Game.STUD_HILO: 'stud-hilo'>

    Raises:
        ShowdownError: for a name that is not one of the games.
    """
    try:
        return Game(text)
    except ValueError:
        games = ", ".join(game.value for game in Game)
        raise ShowdownError(f"unknown game {text!r} (games: {games})") from None


def parse_amount(text: str, what: str) -> int:
    """A whole, non-negative amount in the smallest unit.

    >>> parse_amount("500", "contribution")
    500

    Raises:
        ShowdownError: for a negative amount or anything but a whole number.
    """
    cleaned = text.strip()
    if not _WHOLE_NUMBER.fullmatch(cleaned):
        raise ShowdownError(f"{what} must be a whole number of the smallest unit, not {text!r}")
    amount = int(cleaned)
    if amount < 0:
        raise ShowdownError(f"negative {what} ({amount})")
    return amount


def parse_player(text: str) -> Entrant:
    """A player from "NAME:CARDS:CONTRIBUTION", with ":folded" after it for a fold.

    The name may itself hold colons: the fields are taken from the right.

    >>> parse_player("Alice:Ad Kd 3s 2s:500")
    Entrant(name='Alice', hole_cards=(Card('Ad'), Card('Kd'), Card('3s'), Card('2s')), \
contributed=500, folded=False)
    >>> parse_player("Carol::20:folded").folded
    True

    Raises:
        ShowdownError: for text not of that shape or a bad amount.
        CardError: for an unknown or repeated card.
    """
    fields = text.rsplit(":", 3)
    folded = len(fields) == 4 and fields[3].strip().lower() == "folded"
    fields = fields[:3] if folded else text.rsplit(":", 2)
    if len(fields) != 3 or not fields[0].strip():
        raise ShowdownError(
            f"bad player {text!r}: expected NAME:CARDS:CONTRIBUTION, with :folded for a fold"
        )
    name, cards, contributed = (field.strip() for field in fields)
    return Entrant(
        name=name,
        hole_cards=parse_cards(cards),
        contributed=parse_amount(contributed, f"contribution of {name}"),
        folded=folded,
    )


def request_from_options(
    game: str, boards: Sequence[str], players: Sequence[str], rake: str = "0"
) -> ShowdownRequest:
    """A request from the command-line options.

    >>> request_from_options("stud-hi", [], ["A:2c 3c 4c 5c 6c 7c 8c:10"]).boards
    ()

    Raises:
        ShowdownError: for a bad game, player, amount, or two players of one name.
        CardError: for an unknown or repeated card.
    """
    return _request(
        parse_game(game),
        tuple(parse_player(player) for player in players),
        tuple(parse_cards(board) for board in boards),
        parse_amount(rake, "rake"),
    )


def request_from_json(data: object) -> ShowdownRequest:
    """A request from a decoded JSON object (one line of `--jsonl`).

    >>> request_from_json({"game": "omaha-hi", "board": "2c 3c 4c 5c 6c",
    ...     "players": [{"name": "A", "cards": "As Ks Qs Js", "contributed": 5}]}).rake
    0

    Raises:
        ShowdownError: for a field missing, unknown, or of the wrong type.
        CardError: for an unknown or repeated card.
    """
    request = _json_object(data, _REQUEST_FIELDS, "request")
    board = request.get("board", [])
    boards = [board] if isinstance(board, str) else board
    if not isinstance(boards, list) or not all(isinstance(run, str) for run in boards):
        raise ShowdownError('"board" must be a string or a list of strings')
    players = request.get("players")
    if not isinstance(players, list):
        raise ShowdownError('"players" must be a list')
    return _request(
        parse_game(_json_str(request, "game")),
        tuple(_player_from_json(player) for player in players),
        tuple(parse_cards(run) for run in boards if run.strip()),
        _json_amount(request, "rake", "rake", 0),
    )


def answer(request: ShowdownRequest) -> dict[str, object]:
    """Settle the request; the answer as a JSON-shaped dict.

    Keys: "pots" (each with "pot", "amount" before rake, "rake", "eligible" names and
    "awards"), "payouts" (chips won from the pots, per name), "returned" (uncalled chips
    given back, per name), "rake", and "players" (per name: "high" and "low" on the first
    board, null when folded or not shown; with several boards, "boards" lists them all).

    Raises:
        ShowdownError: for a showdown that cannot be settled.
        CardError: for a card twice.
    """
    settlement = settle(request.game, request.players, request.boards, rake=request.rake)
    names = [player.name for player in request.players]
    return {
        "pots": _pots_json(settlement, names),
        "payouts": dict(zip(names, settlement.won, strict=True)),
        "returned": dict(zip(names, settlement.returned, strict=True)),
        "rake": request.rake,
        "players": _players_json(settlement, names),
    }


def answer_json(request: ShowdownRequest) -> str:
    """The answer as one line of JSON."""
    return json.dumps(answer(request), ensure_ascii=False)


def run_jsonl(lines: Iterable[str], write: Callable[[str], object]) -> JsonlSummary:
    """Answer one JSON request per line, writing one JSON answer per line.

    Blank lines are skipped. A line that cannot be answered gets {"error": "line N: ..."}
    and the run goes on.
    """
    requests = errors = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        requests += 1
        try:
            text = answer_json(request_from_json(json.loads(line)))
        except (TrackerError, json.JSONDecodeError) as error:
            errors += 1
            text = json.dumps({"error": f"line {number}: {_reason(error)}"})
        write(text + "\n")
    return JsonlSummary(requests=requests, errors=errors)


def format_text(request: ShowdownRequest) -> str:
    """Settle the request; the answer as text: hands, pots, and who gets what."""
    settlement = settle(request.game, request.players, request.boards, rake=request.rake)
    names = [player.name for player in request.players]
    width = max(len(name) for name in names)
    lines = [request.game.value]
    for index, board in enumerate(request.boards):
        label = f"board {index + 1}" if len(request.boards) > 1 else "board"
        lines.append(f"{label}: {format_cards(board)}")
    lines.append("")
    for index, player in enumerate(request.players):
        lines.extend(_player_lines(settlement, index, player, width, request.game.is_hilo))
    lines.append("")
    lines.extend(_pot_lines(settlement, names, width))
    lines.extend(_returned_lines(settlement, names))
    won = zip(names, settlement.won, strict=True)
    lines.append("payouts: " + ", ".join(f"{name} {amount}" for name, amount in won))
    return "\n".join(lines)


def run_options(
    game: str | None,
    boards: Sequence[str],
    players: Sequence[str],
    rake: str = "0",
    output_format: str = "text",
) -> str:
    """What `tracker showdown` prints for one request given as options.

    Raises:
        ShowdownError: for a missing game or player, an unknown format, or as the parts.
        CardError: for an unknown or repeated card.
    """
    if output_format not in FORMATS:
        raise ShowdownError(f"unknown format {output_format!r} (formats: {', '.join(FORMATS)})")
    if game is None:
        raise ShowdownError("--game is required (or --jsonl to read requests)")
    if not players:
        raise ShowdownError("give at least one --player")
    request = request_from_options(game, boards, players, rake)
    return answer_json(request) if output_format == "json" else format_text(request)


def check_jsonl_options(game: str | None, boards: Sequence[str], players: Sequence[str]) -> None:
    """Refuse request options beside `--jsonl`, which reads every request from its input.

    Raises:
        ShowdownError: when --game, --board or --player is given too.
    """
    if game is not None or boards or players:
        raise ShowdownError(
            "--jsonl reads the requests from standard input: drop --game, --board and --player"
        )


def _request(
    game: Game, players: tuple[Entrant, ...], boards: tuple[tuple[Card, ...], ...], rake: int
) -> ShowdownRequest:
    seen: set[str] = set()
    for player in players:
        if player.name in seen:
            raise ShowdownError(f"two players are named {player.name!r}")
        seen.add(player.name)
    if not players:
        raise ShowdownError("no players")
    return ShowdownRequest(game=game, players=players, boards=boards, rake=rake)


def _player_from_json(data: object) -> Entrant:
    player = _json_object(data, _PLAYER_FIELDS, "player")
    name = _json_str(player, "name")
    if not name.strip():
        raise ShowdownError("a player has an empty name")
    cards = player.get("cards", "")
    if not isinstance(cards, str):
        raise ShowdownError(f'"cards" of {name} must be a string')
    folded = player.get("folded", False)
    if not isinstance(folded, bool):
        raise ShowdownError(f'"folded" of {name} must be true or false')
    return Entrant(
        name=name,
        hole_cards=parse_cards(cards),
        contributed=_json_amount(player, "contributed", f"contribution of {name}", None),
        folded=folded,
    )


def _json_object(data: object, fields: set[str], what: str) -> dict[str, object]:
    if not isinstance(data, dict):
        raise ShowdownError(f"a {what} must be a JSON object")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise ShowdownError(f"unknown {what} field {unknown[0]!r}")
    return {str(key): value for key, value in data.items()}


def _json_str(data: dict[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ShowdownError(f'"{key}" must be a string')
    return value


def _json_amount(data: dict[str, object], key: str, what: str, default: int | None) -> int:
    value = data.get(key, default)
    if value is None:
        raise ShowdownError(f'"{key}" is missing ({what})')
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShowdownError(f"{what} must be a whole number of the smallest unit, not {value!r}")
    if value < 0:
        raise ShowdownError(f"negative {what} ({value})")
    return value


def _reason(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON ({error.msg})"
    return str(error)


def _hand_json(hand: MadeHand | None) -> dict[str, object] | None:
    if hand is None:
        return None
    return {"cards": format_cards(hand.cards), "name": hand.name, "rank": hand.rank}


def _pots_json(settlement: Settlement, names: Sequence[str]) -> list[dict[str, object]]:
    pots: list[dict[str, object]] = []
    for index, pot in enumerate(settlement.pots):
        awards = [
            {
                "player": names[award.player],
                "half": award.half.value,
                "amount": award.amount,
                "board": award.board,
                "hand": _hand_json(award.hand),
            }
            for award in settlement.awards
            if award.pot == index
        ]
        pots.append(
            {
                "pot": index,
                "amount": pot.amount,
                "rake": settlement.rake[index],
                "eligible": [names[player] for player in pot.eligible],
                "awards": awards,
            }
        )
    return pots


def _players_json(settlement: Settlement, names: Sequence[str]) -> dict[str, object]:
    players: dict[str, object] = {}
    for index, name in enumerate(names):
        boards = []
        for board in settlement.hands:
            hands = board[index]
            boards.append(
                {
                    "high": None if hands is None else _hand_json(hands.high),
                    "low": None if hands is None else _hand_json(hands.low),
                }
            )
        entry: dict[str, object] = dict(boards[0])
        if len(boards) > 1:
            entry["boards"] = boards
        players[name] = entry
    return players


def _player_lines(
    settlement: Settlement, index: int, player: Entrant, width: int, show_low: bool
) -> list[str]:
    cards = format_cards(player.hole_cards) or "(cards not shown)"
    status = ", folded" if player.folded else ""
    lines = [f"{player.name:<{width}}  {cards}  (put in {player.contributed}{status})"]
    for board_index, board in enumerate(settlement.hands):
        hands = board[index]
        if hands is None:
            continue
        prefix = f"  board {board_index + 1} " if len(settlement.hands) > 1 else "  "
        lines.append(f"{prefix}high: {format_cards(hands.high.cards)}  {hands.high.name}")
        if hands.low is not None:
            lines.append(f"{prefix}low:  {format_cards(hands.low.cards)}  {hands.low.name}")
        elif show_low:
            lines.append(f"{prefix}low:  none")
    return lines


def _pot_lines(settlement: Settlement, names: Sequence[str], width: int) -> list[str]:
    lines = []
    for pot_index, pot in enumerate(settlement.pots):
        title = "main pot" if pot_index == 0 else f"side pot {pot_index}"
        rake = f" (rake {settlement.rake[pot_index]})" if settlement.rake[pot_index] else ""
        eligible = ", ".join(names[player] for player in pot.eligible)
        lines.append(f"{title} {pot.amount}{rake}, eligible: {eligible}")
        for award in settlement.awards:
            if award.pot != pot_index:
                continue
            run = f" board {award.board + 1}" if len(settlement.hands) > 1 else ""
            hand = f"  {award.hand.name}" if award.hand else ""
            lines.append(
                f"  {names[award.player]:<{width}}  {award.half.value:<5}"
                f" {award.amount:>8}{run}{hand}"
            )
    return lines


def _returned_lines(settlement: Settlement, names: Sequence[str]) -> list[str]:
    returned = [
        f"{name} {amount}"
        for name, amount in zip(names, settlement.returned, strict=True)
        if amount
    ]
    return ["uncalled, returned: " + ", ".join(returned)] if returned else []
