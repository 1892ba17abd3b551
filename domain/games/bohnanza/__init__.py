"""Bohnanza, rules/bohnanza.md."""

from domain.games.bohnanza.game import GAME

__all__ = ["GAME"]
