from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_ended_type import GameEndedType
from typing import cast






T = TypeVar("T", bound="GameEnded")



@_attrs_define
class GameEnded:
    """ 
        Attributes:
            type_ (GameEndedType):
            seed (str):
            scores (list[int]):
            winners (list[int]):
     """

    type_: GameEndedType
    seed: str
    scores: list[int]
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seed = self.seed

        scores = self.scores



        winners = self.winners




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seed": seed,
            "scores": scores,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = GameEndedType(d.pop("type"))




        seed = d.pop("seed")

        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        game_ended = cls(
            type_=type_,
            seed=seed,
            scores=scores,
            winners=winners,
        )


        game_ended.additional_properties = d
        return game_ended

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
