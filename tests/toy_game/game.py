"""High card: the toy game the all-games suites are checked with, registered only by the tests that use it.

Each seat is dealt a hidden hand. In turn, from the last trick's winner, every seat lays one card face down;
once all have, the trick is revealed and the highest card wins it. When the hands are empty, the most tricks
win. It is written with the game record's defaults (`is_over` from `phase`, `scores` from `totals`, no option
checks, the bots wired from `legal_moves`), and it hides what a real game hides (hands, a face-down card), so the
leak suites have something to find.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel.bots import Seen
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.events import DeckShuffled
from domain.kernel.game import Game
from domain.kernel.hands import hands_seen_by, own_hand
from domain.kernel.per_seat import with_seat
from domain.kernel.ranking import highest
from domain.kernel.shuffle import Draws
from domain.kernel.versioned import VersionedCommand, VersionedEvent
from domain.kernel.viewer import Viewer

NAME = "high-card"
HAND = 6  # cards a seat: six tricks, enough moves for the leak suites' checks even with two seats
SPARE = 4  # cards left out of the deal, so a seat cannot work out the other hands from its own


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class PlayCard(VersionedCommand, tag="play_card"):
    card: int


Command = PlayCard


class CardsDealt(VersionedEvent, tag="CardsDealt"):
    """Every hand; each seat sees its own only."""

    hands: list[list[int]]


class CardLaid(VersionedEvent, tag="CardLaid"):
    """A card laid face down: null for everyone but its owner."""

    seat: int
    card: int | None


class TrickWon(VersionedEvent, tag="TrickWon"):
    """The trick turned over: every seat's card, and who laid the highest."""

    seat: int
    cards: list[int]


Event = DeckShuffled | CardsDealt | CardLaid | TrickWon


class State(msgspec.Struct, frozen=True):
    players: int
    phase: str = "deal"  # deal, play, finished
    hands: list[list[int]] = []
    laid: list[int | None] = []
    turn: int = 0  # the seat to lay next
    totals: list[int] = []  # tricks won


class View(msgspec.Struct, frozen=True):
    hand: list[int]
    hands: list[list[int]] | None  # every hand, once nothing is hidden any more
    hand_sizes: list[int]
    laid: list[bool]  # who has laid a card in this trick
    my_card: int | None
    turn: int
    totals: list[int]
    phase: str


def initial_state(players: int, options: Options) -> State:
    return State(players=players, laid=[None] * players, totals=[0] * players)


def start(state: State, shuffler: Shuffler) -> list[Any]:
    order, shuffled = shuffler.shuffle(list(range(1, state.players * HAND + SPARE + 1)))
    return [shuffled, CardsDealt(hands=[sorted(order[s * HAND : (s + 1) * HAND]) for s in range(state.players)])]


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Any]:
    if seat not in awaiting(state):
        raise refuse("not_your_turn", f"seat {state.turn} lays next")
    if command.card not in state.hands[seat]:
        raise refuse("card_not_in_hand", "that card is not in your hand")
    laid = with_seat(state.laid, seat, command.card)
    events: list[Any] = [CardLaid(seat=seat, card=command.card)]
    if all(card is not None for card in laid):
        cards = [card for card in laid if card is not None]
        events.append(TrickWon(seat=cards.index(max(cards)), cards=cards))
    return events


def evolve(state: State, event: Event) -> State:
    match event:
        case CardsDealt(hands=hands):
            return replace(state, phase="play", hands=[list(h) for h in hands])
        case CardLaid(seat=seat, card=card):
            hand = [c for c in state.hands[seat] if c != card]
            return replace(
                state,
                hands=with_seat(state.hands, seat, hand),
                laid=with_seat(state.laid, seat, card),
                turn=(seat + 1) % state.players,
            )
        case TrickWon(seat=seat):
            over = not any(state.hands)
            return replace(
                state,
                phase="finished" if over else "play",
                laid=[None] * state.players,
                turn=seat,
                totals=with_seat(state.totals, seat, state.totals[seat] + 1),
            )
    return state  # DeckShuffled: the deal that follows carries the hands


def view(state: State, viewer: Viewer) -> View:
    return View(
        hand=own_hand(state.hands, viewer.seat),
        hands=[list(h) for h in state.hands] if viewer.sees_all else None,
        hand_sizes=[len(h) for h in state.hands],
        laid=[card is not None for card in state.laid],
        my_card=state.laid[viewer.seat] if viewer.seat is not None else None,
        turn=state.turn,
        totals=state.totals,
        phase=state.phase,
    )


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands):
            return replace(event, hands=hands_seen_by(hands, viewer))
        case CardLaid(seat=seat, card=card):
            return replace(event, card=card if viewer.can_see(seat) else None)
    return event


def legal_moves(state: State, seat: int) -> list[Command]:
    return [PlayCard(card=c) for c in state.hands[seat]] if seat in awaiting(state) else []


def awaiting(state: State) -> list[int]:
    return [state.turn] if state.phase == "play" else []


def smart(seen: Seen[View, Command, Options], draws: Draws) -> Command:
    """Keep the high cards for the tricks that others have opened low: lead the lowest, follow the highest."""
    opened = any(seen.view.laid)
    return max(seen.moves, key=lambda m: m.card) if opened else min(seen.moves, key=lambda m: m.card)


def catalog() -> dict[str, Any]:
    return {"hand": HAND, "spare": SPARE}


GAME: Game[State, Command, Event, Options] = Game(
    name=NAME,
    title="High card (test toy)",
    min_players=2,
    max_players=4,
    options_type=Options,
    state_type=State,
    command_type=Command,
    event_types=(CardsDealt, CardLaid, TrickWon),
    initial_state=initial_state,
    start=start,
    decide=decide,
    evolve=evolve,
    view=view,
    view_type=View,
    redact_event=redact,
    legal_moves=legal_moves,
    awaiting=awaiting,
    winners=lambda state: highest(state.totals),
    catalog=catalog,
    smart=smart,
    options_of=lambda state: Options(),  # the toy keeps no options in its state
)
