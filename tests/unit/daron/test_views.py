"""Views (hands private, sizes public) and the redaction of every event type for another seat."""

import msgspec

from domain.games.daron import GAME
from domain.games.daron.commands import Brawl, Deposit, Draw, Duel
from domain.games.daron.events import (
    EVENT_TYPES,
    BrawlJoined,
    BrawlLost,
    BrawlStarted,
    CardsDealt,
    CardsDeposited,
    CardsDrawn,
    DirectionReversed,
    DuelLost,
    DuelRiposted,
    DuelStarted,
    Event,
    Passed,
    RoundBlocked,
    RoundWon,
    TurnStarted,
)
from domain.games.daron.evolve import evolve
from domain.games.daron.views import redact, view
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer
from tests.unit.daron.positions import play, position
from tests.unit.harness import Game

FIELDS = {
    "hand",
    "hand_sizes",
    "top",
    "discard_size",
    "draw_size",
    "direction",
    "to_act",
    "duel",
    "brawl",
    "round",
    "scores",
}


def test_view_has_the_fields_of_the_rules_and_shows_only_the_own_hand() -> None:
    state = position([["3", "4", "daron"], ["6", "6"], ["7", "7"]], top="5", under=["2"], draw=["8", "9"])
    seen = msgspec.to_builtins(view(state, seat_viewer(0)))
    assert set(seen) >= FIELDS
    assert seen["hand"] == ["3", "4", "daron"]
    assert seen["hands"] is None
    assert seen["hand_sizes"] == [3, 2, 2]
    assert seen["top"] == 5
    assert seen["discard_size"] == 2
    assert seen["draw_size"] == 2
    assert seen["direction"] == 1
    assert seen["to_act"] == 0
    assert seen["duel"] is None and seen["brawl"] is None
    assert seen["round"] == 1
    assert seen["scores"] == [0, 0, 0]
    assert msgspec.to_builtins(view(state, SPECTATOR))["hand"] == []
    assert msgspec.to_builtins(view(state, EVERYONE))["hands"] == state.hands


def test_view_of_a_duel_and_a_brawl() -> None:
    state = position([["+2", "daron", "daron", "3"], ["6", "6"]], top="5")
    _, dueled = play(state, 0, Duel(card="+2"))
    assert msgspec.to_builtins(view(dueled, SPECTATOR))["duel"] == {
        "attacker": 0,
        "defender": 1,
        "amount": 2,
        "to_answer": 1,
    }
    assert msgspec.to_builtins(view(dueled, SPECTATOR))["duel_pile"] == ["+2"]
    _, brawled = play(state, 0, Brawl(count=2))
    assert msgspec.to_builtins(view(brawled, SPECTATOR))["brawl"] == {"count": 2, "to_answer": 1, "initiator": 0}


def test_dealt_hands_are_redacted_to_the_viewers_own() -> None:
    dealt = CardsDealt(round=1, first=0, hands=[["1", "2"], ["3", "4"]], hand_sizes=[7, 7], top="5", returned=["x2"])
    assert redact(dealt, seat_viewer(1)) == CardsDealt(
        round=1, first=0, hands=[[], ["3", "4"]], hand_sizes=[7, 7], top="5", returned=["x2"]
    )
    assert redact(dealt, SPECTATOR) == CardsDealt(
        round=1, first=0, hands=[[], []], hand_sizes=[7, 7], top="5", returned=["x2"]
    )
    assert redact(dealt, EVERYONE) == dealt


def test_drawn_cards_are_hidden_from_everyone_but_the_drawer() -> None:
    drawn = CardsDrawn(seat=0, count=2, cards=["7", "joker_odd"], reason="duel")
    assert redact(drawn, seat_viewer(1)) == CardsDrawn(seat=0, count=2, cards=[], reason="duel")
    assert redact(drawn, SPECTATOR) == CardsDrawn(seat=0, count=2, cards=[], reason="duel")
    assert redact(drawn, seat_viewer(0)) == drawn
    assert redact(drawn, EVERYONE) == drawn


def test_public_events_pass_unchanged() -> None:
    public: list[Event] = [
        TurnStarted(seat=1, extra=True),
        CardsDeposited(seat=0, cards=["joker_odd", "8"], top=8),
        DirectionReversed(seat=0, direction=-1),
        Passed(seat=0),
        DuelStarted(attacker=0, defender=1, card="+2", amount=2),
        DuelRiposted(seat=1, card="x2", amount=4),
        DuelLost(seat=0, amount=4),
        BrawlStarted(seat=0, count=1),
        BrawlJoined(seat=1, count=2, total=3),
        BrawlLost(seat=2, total=3, amount=6),
        RoundWon(round=1, seat=0, points=12, hand_points=[0, 7, 3], totals=[12, 0, 0], last=False),
        RoundBlocked(round=2, totals=[12, 0, 0], last=False),
        # from rules version 2 the round's last event shows every hand to everyone
        RoundWon(
            round=1,
            seat=0,
            points=8,
            hand_points=[0, 3, 2],
            totals=[8, 0, 0],
            last=False,
            hands=[[], ["joker_odd"], ["+2"]],
        ),
        RoundBlocked(round=2, totals=[8, 0, 0], last=False, hands=[["3", "4"], ["5"], ["6", "7"]]),
    ]
    hidden = {CardsDealt, CardsDrawn}
    assert {type(e) for e in public} | hidden == set(EVENT_TYPES)
    for event in public:
        assert redact(event, seat_viewer(2)) == event
        assert redact(event, SPECTATOR) == event


def test_the_table_hides_the_shuffle_and_other_hands_until_the_end() -> None:
    game = Game(GAME, 3)
    game.start()
    seat = game.state.to_act
    game.play(seat, Draw())
    other = seat_viewer((seat + 1) % 3)
    for event in game.events:
        seen = tables.redact(GAME, game.table, event, other)
        if isinstance(event, DeckShuffled):
            assert seen.order == [] and seen.source == []
        if isinstance(event, CardsDrawn):
            assert seen.cards == []
    game.play_out()
    drawn = next(e for e in game.events if isinstance(e, CardsDrawn) and e.count)
    assert tables.redact(GAME, game.table, drawn, SPECTATOR) == drawn
    assert msgspec.to_builtins(tables.view(GAME, game.table, SPECTATOR))["state"]["hands"] is not None


ROUND_END = [["4", "5", "6"], ["joker_odd", "2", "2"], ["3", "x2", "daron", "daron"]]


def round_won_step_by_step(rules: int) -> list[tuple[Event, list[list[str]] | None]]:
    """Seat 0 goes out; each event of that command with what another seat's view shows as `hands` after it."""
    state = position(ROUND_END, top="5", rules=rules)
    events, _ = play(state, 0, Deposit(cards=["4", "5", "6"]))
    seen: list[tuple[Event, list[list[str]] | None]] = []
    for event in events:
        state = evolve(state, event)
        seen.append((event, msgspec.to_builtins(view(state, seat_viewer(1)))["hands"]))
    return seen


def test_when_a_round_ends_every_hand_is_shown_to_everyone_until_the_next_deal() -> None:
    # rules/daron.md (rules version 2): the table counts the hands in the open
    seen = round_won_step_by_step(2)
    won = next(e for e, _ in seen if isinstance(e, RoundWon))
    assert won.hands == [[], ["joker_odd", "2", "2"], ["3", "x2", "daron", "daron"]]
    assert redact(won, seat_viewer(2)) == won and redact(won, SPECTATOR) == won
    shown = [hands for e, hands in seen]
    at = next(i for i, (e, _) in enumerate(seen) if isinstance(e, RoundWon))
    dealt = next(i for i, (e, _) in enumerate(seen) if isinstance(e, CardsDealt))
    assert shown[:at] == [None] * at, "not before the round ends"
    assert all(hands == won.hands for hands in shown[at:dealt]), "from the round's end to the next deal"
    assert shown[dealt:] == [None] * (len(seen) - dealt), "the next deal hides them again"


def test_the_last_round_shows_its_hands_before_the_game_ends() -> None:
    state = position(ROUND_END, top="5", round_=3)
    _, after = play(state, 0, Deposit(cards=["4", "5", "6"]))
    assert after.phase == "finished"
    assert msgspec.to_builtins(view(after, seat_viewer(1)))["hands"] == after.hands


def test_under_rules_1_a_round_end_shows_no_hand() -> None:
    # a game created before the rule changed is shown as it was: its recorded round ends and their views stay
    seen = round_won_step_by_step(1)
    won = next(e for e, _ in seen if isinstance(e, RoundWon))
    assert won.hands == []
    assert all(hands is None for _, hands in seen)
    state = position(ROUND_END, top="5", round_=3, rules=1)
    _, after = play(state, 0, Deposit(cards=["4", "5", "6"]))
    assert msgspec.to_builtins(view(after, seat_viewer(1)))["hands"] is None


def test_the_drawn_card_is_shown_to_the_drawer_alone_until_its_turn_ends() -> None:
    # rules version 3: the deposit after a draw lays the card drawn, so the drawer's view says which it was
    state = position([["4", "4", "daron", "daron"], ["3", "3"]], top="5", draw=["6", "7"])
    assert msgspec.to_builtins(view(state, seat_viewer(0)))["drawn"] is None
    _, drawn = play(state, 0, Draw())
    assert msgspec.to_builtins(view(drawn, seat_viewer(0)))["drawn"] == "6"
    assert msgspec.to_builtins(view(drawn, seat_viewer(1)))["drawn"] is None
    assert msgspec.to_builtins(view(drawn, SPECTATOR))["drawn"] is None
    _, after = play(drawn, 0, Deposit(cards=["6"]))
    assert msgspec.to_builtins(view(after, seat_viewer(0)))["drawn"] is None
