from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_cards_revealed_type import LeBaronCardsRevealedType
from typing import cast






T = TypeVar("T", bound="LeBaronCardsRevealed")



@_attrs_define
class LeBaronCardsRevealed:
    """ Every choice of the turn, in the ascending order they are resolved in.

        Attributes:
            type_ (LeBaronCardsRevealedType):
            turn (int):
            cards (list[list[int]]):
     """

    type_: LeBaronCardsRevealedType
    turn: int
    cards: list[list[int]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        turn = self.turn

        cards = []
        for cards_item_data in self.cards:
            cards_item = []
            for cards_item_item_data in cards_item_data:
                cards_item_item: int
                cards_item_item = cards_item_item_data
                cards_item.append(cards_item_item)


            cards.append(cards_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "turn": turn,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LeBaronCardsRevealedType(d.pop("type"))




        turn = d.pop("turn")

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = []
            _cards_item = cards_item_data
            for cards_item_item_data in (_cards_item):
                def _parse_cards_item_item(data: object) -> int:
                    return cast(int, data)

                cards_item_item = _parse_cards_item_item(cards_item_item_data)

                cards_item.append(cards_item_item)

            cards.append(cards_item)


        le_baron_cards_revealed = cls(
            type_=type_,
            turn=turn,
            cards=cards,
        )


        le_baron_cards_revealed.additional_properties = d
        return le_baron_cards_revealed

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
