from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_trick_won_type import BarbuTrickWonType
from typing import cast






T = TypeVar("T", bound="BarbuTrickWon")



@_attrs_define
class BarbuTrickWon:
    """ The highest card of the led suit takes the trick; `points` are what it costs under the contract.

        Attributes:
            type_ (BarbuTrickWonType):
            seat (int):
            trick (int):
            cards (list[str]):
            points (int):
     """

    type_: BarbuTrickWonType
    seat: int
    trick: int
    cards: list[str]
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        trick = self.trick

        cards = self.cards



        points = self.points


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "trick": trick,
            "cards": cards,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuTrickWonType(d.pop("type"))




        seat = d.pop("seat")

        trick = d.pop("trick")

        cards = cast(list[str], d.pop("cards"))


        points = d.pop("points")

        barbu_trick_won = cls(
            type_=type_,
            seat=seat,
            trick=trick,
            cards=cards,
            points=points,
        )


        barbu_trick_won.additional_properties = d
        return barbu_trick_won

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
