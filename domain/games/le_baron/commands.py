"""Le Baron commands, one tagged union decoded straight from a request body.

Both are the secret choice's, the same as six-nimmt's (domain/kernel/secret_choice.py).
"""

from __future__ import annotations

from domain.kernel.secret_choice import ChooseRow, PlayCard

__all__ = ["ChooseRow", "Command", "PlayCard"]

Command = PlayCard | ChooseRow
