from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.forfeit_action import ForfeitAction






T = TypeVar("T", bound="Forfeit")



@_attrs_define
class Forfeit:
    """ 
        Attributes:
            action (ForfeitAction):
            seat (int):
     """

    action: ForfeitAction
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
        action = ForfeitAction(d.pop("action"))




        seat = d.pop("seat")

        forfeit = cls(
            action=action,
            seat=seat,
        )

        return forfeit

