from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_cards_drawn_reason import DaronCardsDrawnReason
from ..models.daron_cards_drawn_type import DaronCardsDrawnType
from typing import cast






T = TypeVar("T", bound="DaronCardsDrawn")



@_attrs_define
class DaronCardsDrawn:
    """ `cards` is emptied for everyone but the drawer; `count` is public (0 when nothing was left).

        Attributes:
            type_ (DaronCardsDrawnType):
            seat (int):
            count (int):
            cards (list[str]):
            reason (DaronCardsDrawnReason):
     """

    type_: DaronCardsDrawnType
    seat: int
    count: int
    cards: list[str]
    reason: DaronCardsDrawnReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        count = self.count

        cards = self.cards



        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "count": count,
            "cards": cards,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronCardsDrawnType(d.pop("type"))




        seat = d.pop("seat")

        count = d.pop("count")

        cards = cast(list[str], d.pop("cards"))


        reason = DaronCardsDrawnReason(d.pop("reason"))




        daron_cards_drawn = cls(
            type_=type_,
            seat=seat,
            count=count,
            cards=cards,
            reason=reason,
        )


        daron_cards_drawn.additional_properties = d
        return daron_cards_drawn

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
