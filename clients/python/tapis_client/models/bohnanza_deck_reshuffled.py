from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_deck_reshuffled_type import BohnanzaDeckReshuffledType






T = TypeVar("T", bound="BohnanzaDeckReshuffled")



@_attrs_define
class BohnanzaDeckReshuffled:
    """ The 1st or 2nd exhaustion: the discard pile became the new deck (its order is in `DeckShuffled`).

        Attributes:
            type_ (BohnanzaDeckReshuffledType):
            exhaustions (int):
            size (int):
     """

    type_: BohnanzaDeckReshuffledType
    exhaustions: int
    size: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        exhaustions = self.exhaustions

        size = self.size


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "exhaustions": exhaustions,
            "size": size,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaDeckReshuffledType(d.pop("type"))




        exhaustions = d.pop("exhaustions")

        size = d.pop("size")

        bohnanza_deck_reshuffled = cls(
            type_=type_,
            exhaustions=exhaustions,
            size=size,
        )


        bohnanza_deck_reshuffled.additional_properties = d
        return bohnanza_deck_reshuffled

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
