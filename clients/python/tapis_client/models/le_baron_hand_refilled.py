from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_hand_refilled_type import LeBaronHandRefilledType
from typing import cast






T = TypeVar("T", bound="LeBaronHandRefilled")



@_attrs_define
class LeBaronHandRefilled:
    """ A seat with an empty hand draws from the top of its pile; `cards` is shown to that seat only.

        Attributes:
            type_ (LeBaronHandRefilledType):
            seat (int):
            cards (list[int]):
            count (int):
     """

    type_: LeBaronHandRefilledType
    seat: int
    cards: list[int]
    count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        cards = self.cards



        count = self.count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "cards": cards,
            "count": count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LeBaronHandRefilledType(d.pop("type"))




        seat = d.pop("seat")

        cards = cast(list[int], d.pop("cards"))


        count = d.pop("count")

        le_baron_hand_refilled = cls(
            type_=type_,
            seat=seat,
            cards=cards,
            count=count,
        )


        le_baron_hand_refilled.additional_properties = d
        return le_baron_hand_refilled

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
