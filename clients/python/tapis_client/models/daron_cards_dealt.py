from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_cards_dealt_type import DaronCardsDealtType
from typing import cast






T = TypeVar("T", bound="DaronCardsDealt")



@_attrs_define
class DaronCardsDealt:
    """ Hands (redacted to the viewer's own), and the number card turned up.

    `returned` are the non-number cards turned up first and put at the back of the draw pile.

        Attributes:
            type_ (DaronCardsDealtType):
            round_ (int):
            first (int):
            hands (list[list[str]]):
            hand_sizes (list[int]):
            top (str):
            returned (list[str]):
     """

    type_: DaronCardsDealtType
    round_: int
    first: int
    hands: list[list[str]]
    hand_sizes: list[int]
    top: str
    returned: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        first = self.first

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)



        hand_sizes = self.hand_sizes



        top = self.top

        returned = self.returned




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "first": first,
            "hands": hands,
            "hand_sizes": hand_sizes,
            "top": top,
            "returned": returned,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronCardsDealtType(d.pop("type"))




        round_ = d.pop("round")

        first = d.pop("first")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        top = d.pop("top")

        returned = cast(list[str], d.pop("returned"))


        daron_cards_dealt = cls(
            type_=type_,
            round_=round_,
            first=first,
            hands=hands,
            hand_sizes=hand_sizes,
            top=top,
            returned=returned,
        )


        daron_cards_dealt.additional_properties = d
        return daron_cards_dealt

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
