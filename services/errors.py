"""Errors the services raise; the API maps each to its status and a stable code."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details


class BadRequest(ServiceError):
    status = 400
    code = "invalid_body"


class Unauthorized(ServiceError):
    status = 401
    code = "unauthorized"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"


class NotFound(ServiceError):
    status = 404
    code = "game_not_found"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class PreconditionFailed(ServiceError):
    status = 412
    code = "version_mismatch"


class Unavailable(ServiceError):
    status = 503
    code = "service_unavailable"
