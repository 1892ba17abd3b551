"""Rule violations carry a stable code that clients may switch on."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """A command that the rules refuse. Nothing is applied when it is raised.

    `code` is a stable, documented string (see docs/errors.md); `message` is for humans.
    """

    def __init__(self, code: str, message: str, details: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


def refuse(code: str, message: str, details: Any = None) -> RuleViolation:
    """Build a violation; games write `raise refuse(...)` so the rule reads as one line."""
    return RuleViolation(code, message, details)
