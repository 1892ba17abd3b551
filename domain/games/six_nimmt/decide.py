"""Six-nimmt decide: each command to the rule that settles it (draft.py, placement.py), the turn played on
as far as it goes (round_end.py, dealing.py)."""

from __future__ import annotations

from domain.games.six_nimmt.commands import ChooseRow, Command, DraftCard, PlayCard
from domain.games.six_nimmt.draft import draft_card
from domain.games.six_nimmt.events import CardChosen, Event
from domain.games.six_nimmt.evolve import Rec, recorder
from domain.games.six_nimmt.placement import ASKED_TO, place_revealed, take_chosen_row
from domain.games.six_nimmt.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.secret_choice import nobody_asked, record_choice


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec = recorder(state)
    match command, state.phase:
        case DraftCard(card=card), "draft":
            draft_card(rec, seat, card)
        case PlayCard(card=card), "choose":
            choose_card(rec, seat, card, shuffler)
        case ChooseRow(row=row), "choose_row":
            take_chosen_row(rec, seat, row, shuffler)
        case ChooseRow(), _:
            raise nobody_asked(ASKED_TO)
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events


def choose_card(rec: Rec, seat: int, card: int, shuffler: Shuffler) -> None:
    if card not in rec.state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card}")
    if record_choice(rec, CardChosen(seat=seat, card=card)):
        place_revealed(rec, shuffler)
