from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_plant_type import BohnanzaPlantType






T = TypeVar("T", bound="BohnanzaPlant")



@_attrs_define
class BohnanzaPlant:
    """ Plant the front card of the hand into `field`.

        Attributes:
            type_ (BohnanzaPlantType):
            field (int):
     """

    type_: BohnanzaPlantType
    field: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field = self.field


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "field": field,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaPlantType(d.pop("type"))




        field = d.pop("field")

        bohnanza_plant = cls(
            type_=type_,
            field=field,
        )

        return bohnanza_plant

