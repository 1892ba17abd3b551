"""Six-nimmt (6 qui prend), rules/six-nimmt.md."""

from dataclasses import replace

from domain.games.six_nimmt import expert, game
from domain.kernel.game import Game, assemble

GAME: Game[game.State, game.Command, game.Event, game.Options] = replace(
    assemble(game),
    check_options=game.check,
    redact_in_state=game.redact,
    versioned_initial_state=game.initial_state,
    expert=expert.expert,
)

__all__ = ["GAME"]
