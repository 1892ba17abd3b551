from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_card_played_type import BarbuCardPlayedType






T = TypeVar("T", bound="BarbuCardPlayed")



@_attrs_define
class BarbuCardPlayed:
    """ A card to the trick, or to the réussite lines.

        Attributes:
            type_ (BarbuCardPlayedType):
            seat (int):
            card (str):
     """

    type_: BarbuCardPlayedType
    seat: int
    card: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        card = self.card


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuCardPlayedType(d.pop("type"))




        seat = d.pop("seat")

        card = d.pop("card")

        barbu_card_played = cls(
            type_=type_,
            seat=seat,
            card=card,
        )


        barbu_card_played.additional_properties = d
        return barbu_card_played

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
