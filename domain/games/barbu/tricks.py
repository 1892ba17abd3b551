"""Trick play rules: following suit, the first-trick hearts ban, who wins, when the round is over."""

from __future__ import annotations

from typing import Literal

from domain.games.barbu.cards import HEARTS, rank, suit
from domain.games.barbu.contracts import ENDS_EARLY, HEARTS_BANNED_FIRST_TRICK, KING
from domain.games.barbu.events import RoundEnd
from domain.games.barbu.scoring import scores_in
from domain.games.barbu.state import State

# why a card may not go to the trick: the refusal's code
TrickFault = Literal["must_follow_suit", "hearts_banned"]


def led_suit(state: State) -> str | None:
    return suit(state.trick[0][1]) if state.trick else None


def holds_suit(hand: list[str], colour: str) -> bool:
    return any(suit(c) == colour for c in hand)


def follows_suit(hand: list[str], led: str | None, card: str) -> bool:
    """The led suit must be followed by whoever holds it; anyone else plays any card."""
    return led is None or suit(card) == led or not holds_suit(hand, led)


def hearts_banned(state: State) -> bool:
    return state.tricks_played == 0 and state.contract in HEARTS_BANNED_FIRST_TRICK


def breaks_hearts_ban(state: State, hand: list[str], led: str | None, card: str) -> bool:
    """No heart in the first trick (led or discarded) unless the player holds only hearts.

    Following a heart lead is no breach: the leader could lead hearts only when holding nothing else,
    and following suit comes first.
    """
    if suit(card) != HEARTS or led == HEARTS or not hearts_banned(state):
        return False
    return any(suit(c) != HEARTS for c in hand)


def trick_fault(state: State, hand: list[str], card: str) -> TrickFault | None:
    """Why `card` may not go to the trick from `hand` now (the code `decide` refuses it with), or None when it may.

    The one rule of trick play: `decide` refuses by it and `legal_moves` lists the cards it lets through, so the two
    cannot drift apart.
    """
    led = led_suit(state)
    if not follows_suit(hand, led, card):
        return "must_follow_suit"
    if breaks_hearts_ban(state, hand, led, card):
        return "hearts_banned"
    return None


def playable_in_trick(state: State, seat: int) -> list[str]:
    hand = state.hands[seat]
    return [c for c in hand if trick_fault(state, hand, c) is None]


def trick_winner(trick: list[tuple[int, str]]) -> int:
    """The highest card of the led suit wins; a discard never does."""
    led = suit(trick[0][1])
    seat, _ = max((p for p in trick if suit(p[1]) == led), key=lambda p: rank(p[1]))
    return seat


def all_scoring_cards_won(state: State) -> bool:
    """Early end: nothing that scores under this contract is left to play."""
    contract = state.contract or ""
    return not any(scores_in(contract, c) for hand in state.hands for c in hand)


def ends_early(state: State) -> bool:
    """Does this round stop once nothing that scores is left to play? `queens` and `hearts` with the option
    `early_end`; `king_of_hearts` always from rules version 2 (once KH is won, the contract ends), with the option
    only in a game created before."""
    if state.contract not in ENDS_EARLY:
        return False
    return state.options.early_end or (state.contract == KING and state.rules >= 2)


def trick_round_over(state: State) -> RoundEnd | None:
    """Why the trick round ends now (`all_played`, `early_end`), or None while it goes on."""
    if state.trick:
        return None
    if not any(state.hands):
        return "all_played"
    if ends_early(state) and all_scoring_cards_won(state):
        return "early_end"
    return None
