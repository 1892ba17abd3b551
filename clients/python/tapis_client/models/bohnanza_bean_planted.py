from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_bean_planted_type import BohnanzaBeanPlantedType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BohnanzaBeanPlanted")



@_attrs_define
class BohnanzaBeanPlanted:
    """ A card planted from the front of the hand (`pending` None) or from the pending list (its index).

        Attributes:
            type_ (BohnanzaBeanPlantedType):
            seat (int):
            field (int):
            bean (str):
            pending (int | None | Unset):
     """

    type_: BohnanzaBeanPlantedType
    seat: int
    field: int
    bean: str
    pending: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        field = self.field

        bean = self.bean

        pending: int | None | Unset
        if isinstance(self.pending, Unset):
            pending = UNSET
        else:
            pending = self.pending


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "field": field,
            "bean": bean,
        })
        if pending is not UNSET:
            field_dict["pending"] = pending

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaBeanPlantedType(d.pop("type"))




        seat = d.pop("seat")

        field = d.pop("field")

        bean = d.pop("bean")

        def _parse_pending(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pending = _parse_pending(d.pop("pending", UNSET))


        bohnanza_bean_planted = cls(
            type_=type_,
            seat=seat,
            field=field,
            bean=bean,
            pending=pending,
        )


        bohnanza_bean_planted.additional_properties = d
        return bohnanza_bean_planted

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
