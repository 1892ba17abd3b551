from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_trading_ended_type import BohnanzaTradingEndedType
from typing import cast






T = TypeVar("T", bound="BohnanzaTradingEnded")



@_attrs_define
class BohnanzaTradingEnded:
    """ Open proposals lapse; the turned-up cards still on the table join the active player's pending list.

        Attributes:
            type_ (BohnanzaTradingEndedType):
            seat (int):
            kept (list[str]):
     """

    type_: BohnanzaTradingEndedType
    seat: int
    kept: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        kept = self.kept




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "kept": kept,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaTradingEndedType(d.pop("type"))




        seat = d.pop("seat")

        kept = cast(list[str], d.pop("kept"))


        bohnanza_trading_ended = cls(
            type_=type_,
            seat=seat,
            kept=kept,
        )


        bohnanza_trading_ended.additional_properties = d
        return bohnanza_trading_ended

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
