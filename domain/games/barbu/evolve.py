"""Barbu evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.barbu.cards import rank, suit
from domain.games.barbu.contracts import REUSSITE
from domain.games.barbu.events import (
    CardPlayed,
    CardsDealt,
    ContractChosen,
    Event,
    ExtraPlayOffered,
    Passed,
    RoundScored,
    TrickWon,
    WentOut,
)
from domain.games.barbu.options import Options
from domain.games.barbu.state import RULES, State
from domain.kernel.per_seat import with_seat
from domain.kernel.recorder import Recorder

# what `decide` writes through: each fact is applied at once, so the next rule sees its effect
Rec = Recorder[State, Event]


def initial_state(players: int, options: Options, rules: int = RULES) -> State:
    return State(
        players=players,
        options=options,
        rules=rules,
        contracts_left=[options.in_play for _ in range(players)],
        totals=[0] * players,
        round_points=[0] * players,
        tricks_won=[0] * players,
    )


def next_holder(hands: list[list[str]], seat: int) -> int:
    """The next seat to the left still holding cards (réussite skips those who went out)."""
    n = len(hands)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if hands[other]:
            return other
    return seat


def _without(hands: list[list[str]], seat: int, card: str) -> list[list[str]]:
    return with_seat(hands, seat, [c for c in hands[seat] if c != card])


def _add(values: list[int], seat: int, amount: int) -> list[int]:
    return with_seat(values, seat, values[seat] + amount)


def _laid_in_line(state: State, card: str) -> State:
    lines = dict(state.lines)
    value, colour = rank(card), suit(card)
    low, high = lines.get(colour, (value, value))
    lines[colour] = (min(low, value), max(high, value))
    opening = value if state.opening is None else state.opening
    return replace(state, lines=lines, opening=opening, passes=0, extra_play=False)


def evolve(state: State, event: Event) -> State:
    match event:
        case CardsDealt(round=round_, chooser=chooser, hands=hands, removed=removed):
            n = state.players
            return replace(
                state,
                phase="choose_contract",
                round=round_,
                chooser=chooser,
                contract=None,
                hands=[list(h) for h in hands],
                removed=list(removed),
                turn=chooser,
                round_points=[0] * n,
                trick=[],
                tricks_played=0,
                tricks_won=[0] * n,
                last_trick=[],
                opening=None,
                lines={},
                extra_play=False,
                passes=0,
                out=[],
            )
        case ContractChosen(seat=seat, contract=contract):
            left = with_seat(state.contracts_left, seat, [c for c in state.contracts_left[seat] if c != contract])
            return replace(state, phase="play", contract=contract, contracts_left=left, turn=seat)
        case CardPlayed(seat=seat, card=card) if state.contract == REUSSITE:
            hands = _without(state.hands, seat, card)
            state = _laid_in_line(state, card)
            return replace(state, hands=hands, turn=next_holder(hands, seat))
        case CardPlayed(seat=seat, card=card):
            hands = _without(state.hands, seat, card)
            return replace(state, hands=hands, trick=[*state.trick, (seat, card)], turn=(seat + 1) % state.players)
        case TrickWon(seat=seat, points=points):
            return replace(
                state,
                trick=[],
                last_trick=state.trick,
                tricks_played=state.tricks_played + 1,
                tricks_won=_add(state.tricks_won, seat, 1),
                round_points=_add(state.round_points, seat, points),
                turn=seat,
            )
        case ExtraPlayOffered(seat=seat):
            return replace(state, turn=seat, extra_play=True)
        case Passed(seat=seat):
            # declining the extra play after an ace is no pass towards a jam: a card was just laid down
            passes = state.passes if state.extra_play else state.passes + 1
            return replace(state, passes=passes, extra_play=False, turn=next_holder(state.hands, seat))
        case WentOut(seat=seat, points=points):
            return replace(state, out=[*state.out, seat], round_points=_add(state.round_points, seat, points))
        case RoundScored(totals=totals, last=last):
            return replace(state, totals=list(totals), phase="finished" if last else "deal")
    return state
