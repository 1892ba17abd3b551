from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_field_bought_type import BohnanzaFieldBoughtType
from typing import cast






T = TypeVar("T", bound="BohnanzaFieldBought")



@_attrs_define
class BohnanzaFieldBought:
    """ `paid` are the gold cards (top of the gold pile first) that go to the discard pile.

        Attributes:
            type_ (BohnanzaFieldBoughtType):
            seat (int):
            paid (list[str]):
     """

    type_: BohnanzaFieldBoughtType
    seat: int
    paid: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        paid = self.paid




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "paid": paid,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaFieldBoughtType(d.pop("type"))




        seat = d.pop("seat")

        paid = cast(list[str], d.pop("paid"))


        bohnanza_field_bought = cls(
            type_=type_,
            seat=seat,
            paid=paid,
        )


        bohnanza_field_bought.additional_properties = d
        return bohnanza_field_bought

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
