from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_decline_trade_type import BohnanzaDeclineTradeType






T = TypeVar("T", bound="BohnanzaDeclineTrade")



@_attrs_define
class BohnanzaDeclineTrade:
    """ 
        Attributes:
            type_ (BohnanzaDeclineTradeType):
            trade_id (int):
     """

    type_: BohnanzaDeclineTradeType
    trade_id: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        trade_id = self.trade_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "trade_id": trade_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaDeclineTradeType(d.pop("type"))




        trade_id = d.pop("trade_id")

        bohnanza_decline_trade = cls(
            type_=type_,
            trade_id=trade_id,
        )

        return bohnanza_decline_trade

