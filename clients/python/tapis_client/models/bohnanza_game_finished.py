from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_game_finished_type import BohnanzaGameFinishedType
from typing import cast






T = TypeVar("T", bound="BohnanzaGameFinished")



@_attrs_define
class BohnanzaGameFinished:
    """ 
        Attributes:
            type_ (BohnanzaGameFinishedType):
            coins (list[int]):
            winners (list[int]):
     """

    type_: BohnanzaGameFinishedType
    coins: list[int]
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        coins = self.coins



        winners = self.winners




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "coins": coins,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaGameFinishedType(d.pop("type"))




        coins = cast(list[int], d.pop("coins"))


        winners = cast(list[int], d.pop("winners"))


        bohnanza_game_finished = cls(
            type_=type_,
            coins=coins,
            winners=winners,
        )


        bohnanza_game_finished.additional_properties = d
        return bohnanza_game_finished

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
