"""Daron decide: which rule a command meets in each phase; the rules are in `turns`, `duels` and `brawls`."""

from __future__ import annotations

from domain.games.daron import brawls, duels, turns
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.events import Event
from domain.games.daron.evolve import Rec, evolve
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    match command, state.stage:
        case Deposit(cards=cards), "play" | "drawn":
            turns.deposit(rec, seat, cards, shuffler)
        case Draw(), "play":
            turns.draw(rec, seat, shuffler)
        case Pass(), "drawn":
            turns.pass_turn(rec, seat, shuffler)
        case Duel(card=card), "play":
            duels.open_duel(rec, seat, card, shuffler)
        case Brawl(count=count), "play":
            brawls.open_brawl(rec, seat, count, shuffler)
        case Riposte(card=card), DuelInPlay() as duel:
            duels.riposte(rec, seat, duel, card, shuffler)
        case Accept(), DuelInPlay() as duel:
            duels.lose_duel(rec, seat, duel, shuffler)
        case Brawl(count=count), BrawlInPlay() as brawl:
            brawls.join_brawl(rec, seat, brawl, count, shuffler)
        case Accept(), BrawlInPlay() as brawl:
            brawls.lose_brawl(rec, seat, brawl, shuffler)
        case Draw() | Duel() | Brawl(), "drawn":
            turns.must_act(state, seat)
            raise refuse("already_drawn", "after a draw you may only deposit or pass")
        case Pass(), "play":
            turns.must_act(state, seat)
            raise refuse("must_draw_first", "you may pass only after drawing")
        case Riposte() | Accept(), _:
            raise refuse("not_asked", "nobody is asked to answer a duel or a brawl now")
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__.lower()} is not allowed in phase {state.phase}")
    return rec.events
