"""Le Barbu, rules/barbu.md: seven contracts, trick play and réussite, 3 to 6 players."""

from dataclasses import replace

from domain.games.barbu import expert, game
from domain.kernel.game import Game, assemble

GAME: Game[game.State, game.Command, game.Event, game.Options] = replace(
    assemble(game),
    check_options=game.check,
    redact_event=game.redact,
    versioned_initial_state=game.initial_state,
    expert=expert.expert,
)

__all__ = ["GAME"]
