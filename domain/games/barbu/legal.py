"""Barbu legal moves per seat, and who the game waits for."""

from __future__ import annotations

from domain.games.barbu.commands import ChooseContract, Command, Pass, PlayCard
from domain.games.barbu.contracts import REUSSITE
from domain.games.barbu.reussite import playable_in_reussite
from domain.games.barbu.state import State
from domain.games.barbu.tricks import playable_in_trick


def legal_moves(state: State, seat: int) -> list[Command]:
    if seat not in awaiting(state):
        return []
    if state.phase == "choose_contract":
        return [ChooseContract(contract=c) for c in state.contracts_left[seat]]
    if state.contract == REUSSITE:
        plays: list[Command] = [PlayCard(card=c) for c in playable_in_reussite(state, seat)]
        # after an ace the extra play is optional; otherwise a pass is only for who cannot play
        return [*plays, Pass()] if state.extra_play or not plays else plays
    return [PlayCard(card=c) for c in playable_in_trick(state, seat)]


def awaiting(state: State) -> list[int]:
    match state.phase:
        case "choose_contract":
            return [state.chooser]
        case "play":
            return [state.turn]
    return []
