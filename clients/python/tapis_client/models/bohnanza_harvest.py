from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_harvest_type import BohnanzaHarvestType






T = TypeVar("T", bound="BohnanzaHarvest")



@_attrs_define
class BohnanzaHarvest:
    """ 
        Attributes:
            type_ (BohnanzaHarvestType):
            field (int):
     """

    type_: BohnanzaHarvestType
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
        type_ = BohnanzaHarvestType(d.pop("type"))




        field = d.pop("field")

        bohnanza_harvest = cls(
            type_=type_,
            field=field,
        )

        return bohnanza_harvest

