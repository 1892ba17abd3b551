from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_plant_pending_type import BohnanzaPlantPendingType






T = TypeVar("T", bound="BohnanzaPlantPending")



@_attrs_define
class BohnanzaPlantPending:
    """ Plant the card at index `card` of the seat's pending list into `field`.

        Attributes:
            type_ (BohnanzaPlantPendingType):
            card (int):
            field (int):
     """

    type_: BohnanzaPlantPendingType
    card: int
    field: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card

        field = self.field


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "card": card,
            "field": field,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaPlantPendingType(d.pop("type"))




        card = d.pop("card")

        field = d.pop("field")

        bohnanza_plant_pending = cls(
            type_=type_,
            card=card,
            field=field,
        )

        return bohnanza_plant_pending

