from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_went_out_type import BarbuWentOutType






T = TypeVar("T", bound="BarbuWentOut")



@_attrs_define
class BarbuWentOut:
    """ Réussite: the seat has laid down its last card; `place` 1 or 2, with its (negative) points.

        Attributes:
            type_ (BarbuWentOutType):
            seat (int):
            place (int):
            points (int):
     """

    type_: BarbuWentOutType
    seat: int
    place: int
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        place = self.place

        points = self.points


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "place": place,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuWentOutType(d.pop("type"))




        seat = d.pop("seat")

        place = d.pop("place")

        points = d.pop("points")

        barbu_went_out = cls(
            type_=type_,
            seat=seat,
            place=place,
            points=points,
        )


        barbu_went_out.additional_properties = d
        return barbu_went_out

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
