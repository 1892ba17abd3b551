from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_row_choice_requested_type import SixNimmtRowChoiceRequestedType






T = TypeVar("T", bound="SixNimmtRowChoiceRequested")



@_attrs_define
class SixNimmtRowChoiceRequested:
    """ 
        Attributes:
            type_ (SixNimmtRowChoiceRequestedType):
            seat (int):
            card (int):
     """

    type_: SixNimmtRowChoiceRequestedType
    seat: int
    card: int
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
        type_ = SixNimmtRowChoiceRequestedType(d.pop("type"))




        seat = d.pop("seat")

        card = d.pop("card")

        six_nimmt_row_choice_requested = cls(
            type_=type_,
            seat=seat,
            card=card,
        )


        six_nimmt_row_choice_requested.additional_properties = d
        return six_nimmt_row_choice_requested

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
