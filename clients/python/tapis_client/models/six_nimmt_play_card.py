from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_play_card_type import SixNimmtPlayCardType






T = TypeVar("T", bound="SixNimmtPlayCard")



@_attrs_define
class SixNimmtPlayCard:
    """ 
        Attributes:
            type_ (SixNimmtPlayCardType):
            card (int):
     """

    type_: SixNimmtPlayCardType
    card: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = SixNimmtPlayCardType(d.pop("type"))




        card = d.pop("card")

        six_nimmt_play_card = cls(
            type_=type_,
            card=card,
        )

        return six_nimmt_play_card

