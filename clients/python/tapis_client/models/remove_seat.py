from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.remove_seat_action import RemoveSeatAction






T = TypeVar("T", bound="RemoveSeat")



@_attrs_define
class RemoveSeat:
    """ The admin frees a seat in the lobby (its player's token is forgotten with it).

        Attributes:
            action (RemoveSeatAction):
            seat (int):
     """

    action: RemoveSeatAction
    seat: int





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        seat = self.seat


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = RemoveSeatAction(d.pop("action"))




        seat = d.pop("seat")

        remove_seat = cls(
            action=action,
            seat=seat,
        )

        return remove_seat

