"""Le Jeu du Daron, rules/daron.md."""

from dataclasses import replace

from domain.games.daron import expert, game
from domain.kernel.game import Game, assemble

GAME: Game[game.State, game.Command, game.Event, game.Options] = replace(
    assemble(game),
    redact_event=game.redact,
    versioned_initial_state=game.initial_state,
    rules_of=game.rules_of,
    expert=expert.expert,
)

__all__ = ["GAME"]
