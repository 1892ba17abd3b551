from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_direction_reversed_type import DaronDirectionReversedType






T = TypeVar("T", bound="DaronDirectionReversed")



@_attrs_define
class DaronDirectionReversed:
    """ A 1 or a 9 was laid with three players or more; the same seat plays again.

        Attributes:
            type_ (DaronDirectionReversedType):
            seat (int):
            direction (int):
     """

    type_: DaronDirectionReversedType
    seat: int
    direction: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        direction = self.direction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "direction": direction,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronDirectionReversedType(d.pop("type"))




        seat = d.pop("seat")

        direction = d.pop("direction")

        daron_direction_reversed = cls(
            type_=type_,
            seat=seat,
            direction=direction,
        )


        daron_direction_reversed.additional_properties = d
        return daron_direction_reversed

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
