"""What each viewer may see of a le-baron game, and of each event."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.games.le_baron.events import AskReason, CardPlayed, CardsDealt, Event, HandRefilled
from domain.games.le_baron.state import Phase, State
from domain.kernel.hands import own_hand
from domain.kernel.secret_choice_view import Revealed, own_choice, revealed, shown_choice, who_chose
from domain.kernel.viewer import Viewer

PublicPhase = Literal["choose", "choose_row", "finished"]


class View(msgspec.Struct, frozen=True):
    """The `state` of a le-baron game as one viewer sees it (docs/games/le-baron.md)."""

    rows: list[list[int]]
    hand: list[int]  # the viewer's own hand, sorted; empty for a spectator
    hand_sizes: list[int]
    pile_sizes: list[int]
    piles: list[list[int]] | None  # a pile is secret even to its owner: null until the game is over, top first
    box_size: int  # the cards left out of the round
    chosen: list[bool]  # per seat: has it chosen this turn (never what)
    my_choice: int | None  # the viewer's own choice, hidden from the others until the reveal
    revealed: list[Revealed]  # the cards revealed this turn and not settled yet, in the order they are settled
    asked: int | None  # the seat asked for a row
    ask_reason: AskReason | None  # why: several rows match its card (`placement`), or none (`no_match`)
    choices: list[int]  # the rows `asked` may name
    taken: list[list[int]]  # per seat: the cards taken this round
    totals: list[int]  # per seat: the points so far, this round's included
    round: int
    turn: int  # from 1: the turn being chosen, or being resolved
    phase: PublicPhase


def public_phase(phase: Phase) -> PublicPhase:
    match phase:
        case "resolve" | "deal":
            return "choose"  # neither ever rests between two commands
    return phase


def turn_in_play(state: State) -> int:
    """The turn being played, from 1: the one being chosen, or the one being resolved."""
    return state.turn + 1 if state.phase in ("choose", "deal") else state.turn


def view(state: State, viewer: Viewer) -> View:
    return View(
        rows=state.rows,
        hand=own_hand(state.hands, viewer.seat),
        hand_sizes=[len(h) for h in state.hands],
        pile_sizes=[len(p) for p in state.piles],
        piles=state.piles if viewer.sees_all else None,
        box_size=len(state.box),
        chosen=who_chose(state.chosen),
        my_choice=own_choice(state.chosen, viewer.seat),
        revealed=revealed(state.pending),
        asked=state.asked,
        ask_reason=state.ask_reason,
        choices=state.choices,
        taken=state.taken,
        totals=state.totals,
        round=state.round,
        turn=turn_in_play(state),
        phase=public_phase(state.phase),
    )


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardPlayed(seat=seat, card=card) if card is not None:
            return replace(event, card=shown_choice(card, seat, viewer))
        case CardsDealt(piles=piles) if not viewer.sees_all:
            return replace(event, piles=[[] for _ in piles], box=[])
        case HandRefilled(seat=seat) if not viewer.can_see(seat):
            return replace(event, cards=[])
    return event
