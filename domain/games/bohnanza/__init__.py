"""Bohnanza, rules/bohnanza.md."""

from domain.games.bohnanza.rules import RULES

__all__ = ["RULES"]
