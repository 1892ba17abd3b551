"""What each viewer may see of a six-nimmt game, and of each event."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.games.six_nimmt.events import CardChosen, CardsDealt, Event
from domain.games.six_nimmt.state import Phase, State
from domain.kernel.hands import hands_seen_by, own_hand
from domain.kernel.secret_choice_view import Revealed, own_choice, revealed, shown_choice, who_chose
from domain.kernel.viewer import Viewer

PublicPhase = Literal["deal", "draft", "choose", "choose_row", "finished"]


class View(msgspec.Struct, frozen=True):
    """The `state` of a six-nimmt game as one viewer sees it (docs/games/six-nimmt.md)."""

    rows: list[list[int]]
    hand: list[int]  # the viewer's own hand, sorted; empty for a spectator
    hands: list[list[int]] | None  # every hand where they are public (`pro`, or the game over), else null
    hand_sizes: list[int]
    chosen: list[bool]  # per seat: has it chosen this turn (never what)
    my_choice: int | None  # the viewer's own choice, hidden from the others until the reveal
    revealed: list[Revealed]  # the cards revealed this turn and not placed yet, in the order they are placed
    asked: int | None  # the seat asked to take a row (its card is lower than every row's end)
    pool: list[int]  # `pro`: the cards left to draft
    drafter: int | None  # `pro`: the seat drafting now
    penalties: list[list[int]]  # per seat: the cards taken this round
    totals: list[int]  # per seat: the heads of the rounds scored
    round: int
    turn: int  # 1..10: the turn being chosen, or being resolved
    phase: PublicPhase


def public_phase(phase: Phase) -> PublicPhase:
    # resolution never rests; clients see the phase it returns to
    return "choose" if phase == "resolve" else phase


def turn_in_play(state: State) -> int:
    """The turn as rules/six-nimmt.md numbers it (1..10): `state.turn` counts reveals, so while the
    seats are still choosing (or drafting) the turn in play is the next one."""
    return state.turn + 1 if state.phase in ("draft", "choose") else state.turn


def view(state: State, viewer: Viewer) -> View:
    hands_public = state.options.pro or viewer.sees_all
    return View(
        rows=state.rows,
        hand=own_hand(state.hands, viewer.seat),
        hands=state.hands if hands_public else None,
        hand_sizes=[len(h) for h in state.hands],
        chosen=who_chose(state.chosen),
        my_choice=own_choice(state.chosen, viewer.seat),
        revealed=revealed(state.pending),
        asked=state.asked,
        pool=state.pool,
        drafter=state.drafter if state.phase == "draft" else None,
        penalties=state.penalties,
        totals=state.totals,
        round=state.round,
        turn=turn_in_play(state),
        phase=public_phase(state.phase),
    )


def redact(state: State, event: Event, viewer: Viewer) -> Event:
    match event:
        case CardChosen(seat=seat, card=card) if card is not None:
            return replace(event, card=shown_choice(card, seat, viewer))
        case CardsDealt(hands=hands) if not state.options.pro:  # in the pro variant every hand is public
            return replace(event, hands=hands_seen_by(hands, viewer))
    return event
