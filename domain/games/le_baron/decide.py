"""Le Baron decide: each command to the rule that settles it (placement.py), the turn played on as far as it
goes (round_end.py, dealing.py)."""

from __future__ import annotations

from domain.games.le_baron.commands import ChooseRow, Command, PlayCard
from domain.games.le_baron.events import CardPlayed, Event
from domain.games.le_baron.evolve import Rec, evolve
from domain.games.le_baron.placement import ASKED_TO, choose_row, place_revealed
from domain.games.le_baron.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder
from domain.kernel.secret_choice import nobody_asked, record_choice


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)  # each event applied as it is emitted
    match command, state.phase:
        case PlayCard(card=card), "choose":
            play_card(rec, seat, card, shuffler)
        case ChooseRow(row=row), "choose_row":
            choose_row(rec, seat, row, shuffler)
        case ChooseRow(), _:
            raise nobody_asked(ASKED_TO)
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events


def play_card(rec: Rec, seat: int, card: int, shuffler: Shuffler) -> None:
    # one message whether the card is in the pile, another hand or nowhere: the pile stays secret
    if card not in rec.state.hands[seat]:
        raise refuse("card_not_in_hand", f"{card} is not in your hand")
    if record_choice(rec, CardPlayed(seat=seat, card=card)):
        place_revealed(rec, shuffler)
