from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_play_card_type import BarbuPlayCardType






T = TypeVar("T", bound="BarbuPlayCard")



@_attrs_define
class BarbuPlayCard:
    """ The seat whose turn it is: a card to the trick, or to the réussite lines.

        Attributes:
            type_ (BarbuPlayCardType):
            card (str):
     """

    type_: BarbuPlayCardType
    card: str





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
        type_ = BarbuPlayCardType(d.pop("type"))




        card = d.pop("card")

        barbu_play_card = cls(
            type_=type_,
            card=card,
        )

        return barbu_play_card

