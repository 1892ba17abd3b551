from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_started_type import GameStartedType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GameStarted")



@_attrs_define
class GameStarted:
    """ 
        Attributes:
            type_ (GameStartedType):
            entropy (list[str] | Unset):
            withheld (list[int] | Unset):
     """

    type_: GameStartedType
    entropy: list[str] | Unset = UNSET
    withheld: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        entropy: list[str] | Unset = UNSET
        if not isinstance(self.entropy, Unset):
            entropy = self.entropy



        withheld: list[int] | Unset = UNSET
        if not isinstance(self.withheld, Unset):
            withheld = self.withheld




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
        })
        if entropy is not UNSET:
            field_dict["entropy"] = entropy
        if withheld is not UNSET:
            field_dict["withheld"] = withheld

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = GameStartedType(d.pop("type"))




        entropy = cast(list[str], d.pop("entropy", UNSET))


        withheld = cast(list[int], d.pop("withheld", UNSET))


        game_started = cls(
            type_=type_,
            entropy=entropy,
            withheld=withheld,
        )


        game_started.additional_properties = d
        return game_started

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
