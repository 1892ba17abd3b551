"""What each viewer may see of a barbu game, and of each event."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.games.barbu.cards import DECK, RANK_CODE, SUITS
from domain.games.barbu.events import CardsDealt, Event
from domain.games.barbu.options import total_rounds
from domain.games.barbu.state import Phase, State
from domain.kernel.events import DeckShuffled
from domain.kernel.hands import hands_seen_by, own_hand
from domain.kernel.viewer import Viewer

PublicPhase = Literal["choose_contract", "play", "finished"]


class CardLaid(msgspec.Struct, frozen=True):
    """A card on the table, with the seat that laid it."""

    seat: int
    card: str


class View(msgspec.Struct, frozen=True):
    """A barbu table as one viewer may see it."""

    hand: list[str]  # your cards in canonical order ([] for a spectator)
    hands: list[list[str]] | None  # every hand once the game is finished, else null
    hand_sizes: list[int]  # cards held per seat
    removed: list[str]  # the cards removed face up this round
    chooser: int  # the seat that chooses (and leads) this round
    contract: str | None  # the contract being played, null before the choice
    contracts_left: list[list[str]]  # per seat, the contracts it has still to choose (rulebook order)
    trick: list[CardLaid]  # the trick on the table, the lead first
    last_trick: list[CardLaid]  # the previous trick ([] before the first is won)
    # every card laid face up this round, the trick on the table included, in canonical order ([] outside play):
    # what anyone who watched the table knows
    played: list[str]
    tricks_won: list[int]  # tricks won this round, per seat
    lines: dict[str, list[str]]  # réussite: per suit laid, its lowest and highest rank
    opening_rank: str | None  # réussite: the rank of the chooser's first card, null before
    extra_play: bool  # réussite: the seat to play has just laid an ace and may play again or pass
    out: list[int]  # réussite: seats that have emptied their hands, in order
    round_points: list[int]  # points of the round so far, per seat
    totals: list[int]  # game totals after the rounds already scored
    round: int  # 1-based
    rounds: int  # how many rounds the game has
    turn: int | None  # the seat to play in phase play, else null
    phase: PublicPhase


def public_phase(phase: Phase) -> PublicPhase:
    """A deal never rests: it happens inside the command that ends a round, so the next choice shows."""
    return "choose_contract" if phase == "deal" else phase


def _laid(trick: list[tuple[int, str]]) -> list[CardLaid]:
    return [CardLaid(seat=seat, card=card) for seat, card in trick]


def _lines(state: State) -> dict[str, list[str]]:
    return {s: [RANK_CODE[v] for v in state.lines[s]] for s in SUITS if s in state.lines}


def played(state: State) -> list[str]:
    """The cards laid this round: neither held by anyone nor removed face up (every card is one of the three)."""
    if state.phase != "play":
        return []
    gone = {c for hand in state.hands for c in hand}.union(state.removed)
    return [c for c in DECK if c not in gone]


def view(state: State, viewer: Viewer) -> View:
    return View(
        hand=own_hand(state.hands, viewer.seat),
        hands=state.hands if viewer.sees_all else None,
        hand_sizes=[len(h) for h in state.hands],
        removed=state.removed,
        chooser=state.chooser,
        contract=state.contract,
        contracts_left=state.contracts_left,
        trick=_laid(state.trick),
        last_trick=_laid(state.last_trick),
        played=played(state),
        tricks_won=state.tricks_won,
        lines=_lines(state),
        opening_rank=RANK_CODE[state.opening] if state.opening is not None else None,
        extra_play=state.extra_play,
        out=state.out,
        round_points=state.round_points,
        totals=state.totals,
        round=state.round,
        rounds=total_rounds(state.players, state.options),
        turn=state.turn if state.phase == "play" else None,
        phase=public_phase(state.phase),
    )


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands):
            return replace(event, hands=hands_seen_by(hands, viewer))
        case DeckShuffled() if not viewer.sees_all:
            # the order would reveal every hand; the kernel hides it too, this keeps the game safe on its own
            return replace(event, source=[], order=[])
    return event
