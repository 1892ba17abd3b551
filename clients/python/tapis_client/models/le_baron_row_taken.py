from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_row_taken_reason import LeBaronRowTakenReason
from ..models.le_baron_row_taken_type import LeBaronRowTakenType
from typing import cast






T = TypeVar("T", bound="LeBaronRowTaken")



@_attrs_define
class LeBaronRowTaken:
    """ 
        Attributes:
            type_ (LeBaronRowTakenType):
            seat (int):
            row (int):
            cards (list[int]):
            points (int):
            reason (LeBaronRowTakenReason):
     """

    type_: LeBaronRowTakenType
    seat: int
    row: int
    cards: list[int]
    points: int
    reason: LeBaronRowTakenReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        row = self.row

        cards = self.cards



        points = self.points

        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "row": row,
            "cards": cards,
            "points": points,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LeBaronRowTakenType(d.pop("type"))




        seat = d.pop("seat")

        row = d.pop("row")

        cards = cast(list[int], d.pop("cards"))


        points = d.pop("points")

        reason = LeBaronRowTakenReason(d.pop("reason"))




        le_baron_row_taken = cls(
            type_=type_,
            seat=seat,
            row=row,
            cards=cards,
            points=points,
            reason=reason,
        )


        le_baron_row_taken.additional_properties = d
        return le_baron_row_taken

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
