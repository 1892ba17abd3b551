"""Bohnanza, rules/bohnanza.md."""

from dataclasses import replace

from domain.games.bohnanza import expert, game
from domain.kernel.game import Game, assemble

GAME: Game[game.State, game.Command, game.Event, game.Options] = replace(
    assemble(game),
    check_options=game.check,
    redact_event=game.redact,
    scores=game.State.coins,  # the sizes of the gold piles
    random=game.random_move,
    react=game.bot_reaction,
    expert=expert.expert,
)

__all__ = ["GAME"]
