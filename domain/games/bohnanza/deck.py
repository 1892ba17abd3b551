"""The deck: the first shuffle and the deal, turning up (phase 2), drawing (phase 4), and the exhaustions: the
discard pile reshuffled after the 1st and 2nd, the end of the game announced by the 3rd."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.games.bohnanza.cards import TURNED_UP, deck
from domain.games.bohnanza.commands import Command, TurnUp
from domain.games.bohnanza.events import CardsDealt, CardsDrawn, CardsTurnedUp, DeckExhausted, DeckReshuffled
from domain.games.bohnanza.fields import front_card_planted
from domain.games.bohnanza.options import deal_counts, draw_count
from domain.games.bohnanza.state import ENDING_EXHAUSTION, Rec, State
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse


def deal(rec: Rec, shuffler: Shuffler) -> None:
    state = rec.state
    order, shuffled = shuffler.shuffle(deck(state.options.extended))
    rec.emit(shuffled)
    counts = deal_counts(state.players, state.options)
    rec.emit(CardsDealt(hands=dealt_hands(order, counts), hand_sizes=counts))


def dealt_hands(order: Sequence[str], counts: list[int]) -> list[list[str]]:
    """One card at a time to seats 0..n-1, skipping a seat once it holds its count."""
    hands: list[list[str]] = [[] for _ in counts]
    cards = iter(order)
    while any(len(h) < c for h, c in zip(hands, counts, strict=True)):
        for hand, count in zip(hands, counts, strict=True):
            if len(hand) < count:
                hand.append(next(cards))
    return hands


def turn_up(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    state = rec.state
    if seat != state.active:
        raise refuse("not_your_turn", f"seat {state.active} turns up")
    if not front_card_planted(state, seat):
        raise refuse("must_plant", "the front card of your hand must be planted first")
    take_from_deck(rec, shuffler, TURNED_UP, lambda cards: CardsTurnedUp(seat=seat, cards=cards))
    if rec.state.phase == "plant":
        rec.emit(CardsTurnedUp(seat=seat, cards=[]))  # nothing left to turn up: trading still opens


def turn_ups(state: State, seat: int) -> list[Command]:
    return [TurnUp()] if front_card_planted(state, seat) else []


def draw(rec: Rec, shuffler: Shuffler) -> None:
    """Phase 4: the active player draws to the back of the hand."""
    active = rec.state.active
    count = draw_count(rec.state.options)
    take_from_deck(rec, shuffler, count, lambda cards: CardsDrawn(seat=active, count=len(cards), cards=cards))


def take_from_deck(
    rec: Rec, shuffler: Shuffler, needed: int, taken: Callable[[list[str]], CardsTurnedUp | CardsDrawn]
) -> None:
    """Take cards from the front; the moment the last one is taken the deck is exhausted."""
    while needed and not rec.state.ending:
        if not rec.state.deck:
            # only after reshuffling an empty discard pile: there is nothing to take, so it runs out again
            exhaust(rec, shuffler)
            continue
        cards = rec.state.deck[:needed]
        rec.emit(taken(cards))
        needed -= len(cards)
        if not rec.state.deck:
            exhaust(rec, shuffler)


def exhaust(rec: Rec, shuffler: Shuffler) -> None:
    count = rec.state.exhaustions + 1
    if count >= ENDING_EXHAUSTION:
        rec.emit(DeckExhausted(exhaustions=count))
        return
    if rec.state.discard:
        _, shuffled = shuffler.shuffle(rec.state.discard)
        rec.emit(shuffled)
    rec.emit(DeckReshuffled(exhaustions=count, size=len(rec.state.deck)))
