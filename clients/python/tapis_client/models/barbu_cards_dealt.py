from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_cards_dealt_type import BarbuCardsDealtType
from typing import cast






T = TypeVar("T", bound="BarbuCardsDealt")



@_attrs_define
class BarbuCardsDealt:
    """ Hands (redacted to the viewer's own) and the leftover cards, removed face up.

        Attributes:
            type_ (BarbuCardsDealtType):
            round_ (int):
            chooser (int):
            hands (list[list[str]]):
            removed (list[str]):
            hand_sizes (list[int]):
     """

    type_: BarbuCardsDealtType
    round_: int
    chooser: int
    hands: list[list[str]]
    removed: list[str]
    hand_sizes: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        chooser = self.chooser

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)



        removed = self.removed



        hand_sizes = self.hand_sizes




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "chooser": chooser,
            "hands": hands,
            "removed": removed,
            "hand_sizes": hand_sizes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuCardsDealtType(d.pop("type"))




        round_ = d.pop("round")

        chooser = d.pop("chooser")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


        removed = cast(list[str], d.pop("removed"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        barbu_cards_dealt = cls(
            type_=type_,
            round_=round_,
            chooser=chooser,
            hands=hands,
            removed=removed,
            hand_sizes=hand_sizes,
        )


        barbu_cards_dealt.additional_properties = d
        return barbu_cards_dealt

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
