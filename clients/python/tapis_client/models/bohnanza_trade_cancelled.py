from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_trade_cancelled_reason import BohnanzaTradeCancelledReason
from ..models.bohnanza_trade_cancelled_type import BohnanzaTradeCancelledType






T = TypeVar("T", bound="BohnanzaTradeCancelled")



@_attrs_define
class BohnanzaTradeCancelled:
    """ 
        Attributes:
            type_ (BohnanzaTradeCancelledType):
            trade_id (int):
            reason (BohnanzaTradeCancelledReason):
     """

    type_: BohnanzaTradeCancelledType
    trade_id: int
    reason: BohnanzaTradeCancelledReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        trade_id = self.trade_id

        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "trade_id": trade_id,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaTradeCancelledType(d.pop("type"))




        trade_id = d.pop("trade_id")

        reason = BohnanzaTradeCancelledReason(d.pop("reason"))




        bohnanza_trade_cancelled = cls(
            type_=type_,
            trade_id=trade_id,
            reason=reason,
        )


        bohnanza_trade_cancelled.additional_properties = d
        return bohnanza_trade_cancelled

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
