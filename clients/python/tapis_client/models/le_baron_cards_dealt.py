from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_cards_dealt_type import LeBaronCardsDealtType
from typing import cast






T = TypeVar("T", bound="LeBaronCardsDealt")



@_attrs_define
class LeBaronCardsDealt:
    """ The personal piles (secret to everyone, owner included), the five row starters, the boxed rest.

        Attributes:
            type_ (LeBaronCardsDealtType):
            round_ (int):
            piles (list[list[int]]):
            pile_sizes (list[int]):
            rows (list[int]):
            box (list[int]):
            box_size (int):
     """

    type_: LeBaronCardsDealtType
    round_: int
    piles: list[list[int]]
    pile_sizes: list[int]
    rows: list[int]
    box: list[int]
    box_size: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        piles = []
        for piles_item_data in self.piles:
            piles_item = piles_item_data


            piles.append(piles_item)



        pile_sizes = self.pile_sizes



        rows = self.rows



        box = self.box



        box_size = self.box_size


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "piles": piles,
            "pile_sizes": pile_sizes,
            "rows": rows,
            "box": box,
            "box_size": box_size,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LeBaronCardsDealtType(d.pop("type"))




        round_ = d.pop("round")

        piles = []
        _piles = d.pop("piles")
        for piles_item_data in (_piles):
            piles_item = cast(list[int], piles_item_data)

            piles.append(piles_item)


        pile_sizes = cast(list[int], d.pop("pile_sizes"))


        rows = cast(list[int], d.pop("rows"))


        box = cast(list[int], d.pop("box"))


        box_size = d.pop("box_size")

        le_baron_cards_dealt = cls(
            type_=type_,
            round_=round_,
            piles=piles,
            pile_sizes=pile_sizes,
            rows=rows,
            box=box,
            box_size=box_size,
        )


        le_baron_cards_dealt.additional_properties = d
        return le_baron_cards_dealt

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
