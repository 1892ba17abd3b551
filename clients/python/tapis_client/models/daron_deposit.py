from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_deposit_type import DaronDepositType
from typing import cast






T = TypeVar("T", bound="DaronDeposit")



@_attrs_define
class DaronDeposit:
    """ The player to act, as the action or after a draw: number cards near the top, or led by an operator or joker.

        Attributes:
            type_ (DaronDepositType):
            cards (list[str]):
     """

    type_: DaronDepositType
    cards: list[str]





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        cards = self.cards




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronDepositType(d.pop("type"))




        cards = cast(list[str], d.pop("cards"))


        daron_deposit = cls(
            type_=type_,
            cards=cards,
        )

        return daron_deposit

