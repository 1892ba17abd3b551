from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_end_trading_type import BohnanzaEndTradingType






T = TypeVar("T", bound="BohnanzaEndTrading")



@_attrs_define
class BohnanzaEndTrading:
    """ 
        Attributes:
            type_ (BohnanzaEndTradingType):
     """

    type_: BohnanzaEndTradingType





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaEndTradingType(d.pop("type"))




        bohnanza_end_trading = cls(
            type_=type_,
        )

        return bohnanza_end_trading

