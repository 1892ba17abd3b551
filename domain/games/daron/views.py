"""What each viewer may see of a daron game, and of each event."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.games.daron.events import CardsDealt, CardsDrawn, Event
from domain.games.daron.state import BrawlInPlay, DuelInPlay, Phase, State, hands_shown_at_round_end, top_value
from domain.kernel.hands import hands_seen_by, own_hand
from domain.kernel.viewer import Viewer


class DuelView(msgspec.Struct, frozen=True):
    """The duel running."""

    attacker: int
    defender: int
    amount: int  # what the one who accepts draws
    to_answer: int  # the seat that ripostes or accepts now


class BrawlView(msgspec.Struct, frozen=True):
    """The brawl running."""

    count: int  # Daron cards laid so far
    to_answer: int  # the seat that joins or accepts now
    initiator: int


class View(msgspec.Struct, frozen=True):
    """A daron table as one viewer may see it."""

    hand: list[str]  # your cards in canonical order ([] for a spectator)
    hand_sizes: list[int]  # every seat's card count
    # every hand once the game has ended, or once a round has ended until the next deal (rules version 2), else null
    hands: list[list[str]] | None
    top: int | None  # the value of the discard pile's top card (null before the deal)
    discard_size: int
    draw_size: int
    duel_pile: list[str]  # the +k and x2 cards laid in duels this round (face up, set aside)
    brawl_size: int  # Daron cards laid in brawls this round (set aside)
    direction: int  # 1 (increasing seats) or -1
    to_act: int  # whose turn it is (during a duel or brawl: the attacker or initiator)
    phase: Phase
    duel: DuelView | None  # the duel running, else null
    brawl: BrawlView | None  # the brawl running, else null
    round: int  # 1..3
    scores: list[int]  # totals so far
    # phase `drawn`, to the seat that drew only: the card its draw found (null when it found none), which the deposit
    # that may follow must lay (rules version 3); null otherwise
    drawn: str | None = None


def duel_view(duel: DuelInPlay | None) -> DuelView | None:
    if duel is None:
        return None
    return DuelView(attacker=duel.attacker, defender=duel.defender, amount=duel.amount, to_answer=duel.to_answer)


def brawl_view(brawl: BrawlInPlay | None) -> BrawlView | None:
    if brawl is None:
        return None
    return BrawlView(count=brawl.count, to_answer=brawl.to_answer, initiator=brawl.initiator)


def round_over(state: State) -> bool:
    """A round has ended and the next is not dealt yet (or it was the last): its hands are on the table."""
    return state.round > 0 and state.stage in ("deal", "finished")


def view(state: State, viewer: Viewer) -> View:
    shown = viewer.sees_all or (round_over(state) and hands_shown_at_round_end(state))
    return View(
        hand=own_hand(state.hands, viewer.seat),
        hand_sizes=[len(h) for h in state.hands],
        hands=state.hands if shown else None,
        top=top_value(state) if state.discard else None,
        discard_size=len(state.discard),
        draw_size=len(state.draw_pile),
        duel_pile=state.duel_pile,
        brawl_size=len(state.brawl_pile),
        direction=state.direction,
        to_act=state.to_act,
        phase=state.phase,
        duel=duel_view(state.duel),
        brawl=brawl_view(state.brawl),
        round=state.round,
        scores=state.totals,
        drawn=state.drawn if state.stage == "drawn" and viewer.can_see(state.to_act) else None,
    )


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands):
            return replace(event, hands=hands_seen_by(hands, viewer))
        case CardsDrawn(seat=seat) if not viewer.can_see(seat):
            return replace(event, cards=[])
    return event
