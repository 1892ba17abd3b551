from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rematch_created_type import RematchCreatedType






T = TypeVar("T", bound="RematchCreated")



@_attrs_define
class RematchCreated:
    """ After the end: the next game with the same seats.

        Attributes:
            type_ (RematchCreatedType):
            game_id (str):
     """

    type_: RematchCreatedType
    game_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        game_id = self.game_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "game_id": game_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = RematchCreatedType(d.pop("type"))




        game_id = d.pop("game_id")

        rematch_created = cls(
            type_=type_,
            game_id=game_id,
        )


        rematch_created.additional_properties = d
        return rematch_created

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
