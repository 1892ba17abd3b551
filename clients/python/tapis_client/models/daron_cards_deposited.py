from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_cards_deposited_type import DaronCardsDepositedType
from typing import cast






T = TypeVar("T", bound="DaronCardsDeposited")



@_attrs_define
class DaronCardsDeposited:
    """ Cards laid on the discard pile in the order given; `top` is the value of the last, the new top.

        Attributes:
            type_ (DaronCardsDepositedType):
            seat (int):
            cards (list[str]):
            top (int):
     """

    type_: DaronCardsDepositedType
    seat: int
    cards: list[str]
    top: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        cards = self.cards



        top = self.top


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "cards": cards,
            "top": top,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronCardsDepositedType(d.pop("type"))




        seat = d.pop("seat")

        cards = cast(list[str], d.pop("cards"))


        top = d.pop("top")

        daron_cards_deposited = cls(
            type_=type_,
            seat=seat,
            cards=cards,
            top=top,
        )


        daron_cards_deposited.additional_properties = d
        return daron_cards_deposited

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
