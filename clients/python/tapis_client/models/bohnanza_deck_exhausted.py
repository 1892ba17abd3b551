from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_deck_exhausted_type import BohnanzaDeckExhaustedType






T = TypeVar("T", bound="BohnanzaDeckExhausted")



@_attrs_define
class BohnanzaDeckExhausted:
    """ The 3rd exhaustion: the game ends once the turn reaches the rule's end point.

        Attributes:
            type_ (BohnanzaDeckExhaustedType):
            exhaustions (int):
     """

    type_: BohnanzaDeckExhaustedType
    exhaustions: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        exhaustions = self.exhaustions


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "exhaustions": exhaustions,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaDeckExhaustedType(d.pop("type"))




        exhaustions = d.pop("exhaustions")

        bohnanza_deck_exhausted = cls(
            type_=type_,
            exhaustions=exhaustions,
        )


        bohnanza_deck_exhausted.additional_properties = d
        return bohnanza_deck_exhausted

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
