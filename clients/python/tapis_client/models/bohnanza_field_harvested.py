from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_field_harvested_type import BohnanzaFieldHarvestedType
from ..types import UNSET, Unset






T = TypeVar("T", bound="BohnanzaFieldHarvested")



@_attrs_define
class BohnanzaFieldHarvested:
    """ 
        Attributes:
            type_ (BohnanzaFieldHarvestedType):
            seat (int):
            field (int):
            bean (str):
            count (int):
            coins (int):
            final (bool | Unset):  Default: False.
     """

    type_: BohnanzaFieldHarvestedType
    seat: int
    field: int
    bean: str
    count: int
    coins: int
    final: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        field = self.field

        bean = self.bean

        count = self.count

        coins = self.coins

        final = self.final


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "field": field,
            "bean": bean,
            "count": count,
            "coins": coins,
        })
        if final is not UNSET:
            field_dict["final"] = final

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaFieldHarvestedType(d.pop("type"))




        seat = d.pop("seat")

        field = d.pop("field")

        bean = d.pop("bean")

        count = d.pop("count")

        coins = d.pop("coins")

        final = d.pop("final", UNSET)

        bohnanza_field_harvested = cls(
            type_=type_,
            seat=seat,
            field=field,
            bean=bean,
            count=count,
            coins=coins,
            final=final,
        )


        bohnanza_field_harvested.additional_properties = d
        return bohnanza_field_harvested

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
