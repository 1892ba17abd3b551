"""Le Baron, rules/le-baron.md: six-nimmt's rows, but the colours decide where a card goes."""

from dataclasses import replace

from domain.games.le_baron import expert, game
from domain.kernel.game import Game, assemble

GAME: Game[game.State, game.Command, game.Event, game.Options] = replace(
    assemble(game), check_options=game.check, redact_event=game.redact, expert=expert.expert
)

__all__ = ["GAME"]
