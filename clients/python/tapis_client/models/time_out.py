from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.time_out_action import TimeOutAction






T = TypeVar("T", bound="TimeOut")



@_attrs_define
class TimeOut:
    """ The seat's turn timer ran out; `command` is the move the takeover bot chose for it.

        Attributes:
            action (TimeOutAction):
            seat (int):
            command (Any):
     """

    action: TimeOutAction
    seat: int
    command: Any





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        seat = self.seat

        command = self.command


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "seat": seat,
            "command": command,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = TimeOutAction(d.pop("action"))




        seat = d.pop("seat")

        command = d.pop("command")

        time_out = cls(
            action=action,
            seat=seat,
            command=command,
        )

        return time_out

