"""The bases of every event and command: frozen, tagged in `type`, with a schema version (docs/events.md).

An event's tag is its name in the store (the events table's `type` column) and a command's its name on the wire:
each class states its own (`tag="CardsDealt"`), so that renaming the class is a refactor and never a data migration.
`class_version` is the version of the fields' shape and meaning; an event whose version is bumped says how its
older data reads now, one step at a time, in static methods `upcast_v1_v2`, `upcast_v2_v3`, ... which the codec
(services/codec.py) applies to what was stored by an earlier release.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, dataclass_transform

import msgspec

Upcast = Callable[[dict[str, Any]], dict[str, Any]]  # stored data (the JSON object, `type` included), one version on


# msgspec passes a Struct's options on to its subclasses, but a type checker reads them from each class statement
# alone: `frozen_default` tells it that the subclasses are frozen, as they are at run time.
@dataclass_transform(frozen_default=True, field_specifiers=(msgspec.field,))
class VersionedEvent(msgspec.Struct, frozen=True, tag_field="type"):
    class_version: ClassVar[int] = 1


@dataclass_transform(frozen_default=True, field_specifiers=(msgspec.field,))
class VersionedCommand(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    class_version: ClassVar[int] = 1


def stored_tag(cls: type[msgspec.Struct]) -> str:
    """The name an event is stored under (and a command sent under)."""
    tag = cls.__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f'{cls.__qualname__} has no string tag: give it tag="..."')
    return tag


def schema_version(cls: type[msgspec.Struct]) -> int:
    """The version of `cls` this code writes and reads; 1 for a struct without the base (a test's toy game)."""
    version = getattr(cls, "class_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TypeError(f"{cls.__qualname__}.class_version is {version!r}, not a version from 1")
    return version


def upcasts(cls: type[msgspec.Struct]) -> tuple[Upcast, ...]:
    """`cls`'s upcasters in order, the one from version v at index v - 1; every step must be there (the codec asks
    when it is built, so that a missing one fails the deploy rather than the first old game read)."""
    steps = []
    for version in range(1, schema_version(cls)):
        name = f"upcast_v{version}_v{version + 1}"
        step = getattr(cls, name, None)
        if not callable(step):
            raise TypeError(f"{cls.__qualname__} is at version {schema_version(cls)} but has no static method {name}")
        steps.append(step)
    return tuple(steps)
