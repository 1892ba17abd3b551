"""The deposit after a draw (rules/daron.md, "Draw", rules version 3): "si la pioche est bonne, il peut alors poser"."""

from __future__ import annotations

from domain.games.daron.state import State, drawn_card_required


def lays_drawn_card(state: State, cards: list[str]) -> bool:
    """May `cards` be laid as far as the draw is concerned? After a draw (rules version 3) a deposit must lay the card
    drawn, so a draw that found nothing allows none; the first deposit of a turn, and any deposit of a game created
    under an earlier version, is not concerned. `decide` refuses by it and `legal_moves` offers what it lets through.

    Any copy of the drawn value will do: two cards of one value are the same card to the rules. The drawn card is
    never a joker opening the deposit (`joker_not_first`), so a drawn joker or Daron card is never "bonne".
    """
    if state.stage != "drawn" or not drawn_card_required(state):
        return True
    return state.drawn is not None and state.drawn in cards
