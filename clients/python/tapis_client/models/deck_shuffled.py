from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deck_shuffled_type import DeckShuffledType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeckShuffled")



@_attrs_define
class DeckShuffled:
    """ One shuffle of rules/dealing.md: the label, what went in and what came out.

    `source` and `order` stay hidden until the game ends (they would reveal every hand);
    the audit re-derives `order` from the revealed seed.

        Attributes:
            type_ (DeckShuffledType):
            label (str):
            size (int):
            source (list[int | str] | Unset):
            order (list[int | str] | Unset):
     """

    type_: DeckShuffledType
    label: str
    size: int
    source: list[int | str] | Unset = UNSET
    order: list[int | str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        label = self.label

        size = self.size

        source: list[int | str] | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = []
            for source_item_data in self.source:
                source_item: int | str
                source_item = source_item_data
                source.append(source_item)



        order: list[int | str] | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = []
            for order_item_data in self.order:
                order_item: int | str
                order_item = order_item_data
                order.append(order_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "label": label,
            "size": size,
        })
        if source is not UNSET:
            field_dict["source"] = source
        if order is not UNSET:
            field_dict["order"] = order

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DeckShuffledType(d.pop("type"))




        label = d.pop("label")

        size = d.pop("size")

        _source = d.pop("source", UNSET)
        source: list[int | str] | Unset = UNSET
        if _source is not UNSET:
            source = []
            for source_item_data in _source:
                def _parse_source_item(data: object) -> int | str:
                    return cast(int | str, data)

                source_item = _parse_source_item(source_item_data)

                source.append(source_item)


        _order = d.pop("order", UNSET)
        order: list[int | str] | Unset = UNSET
        if _order is not UNSET:
            order = []
            for order_item_data in _order:
                def _parse_order_item(data: object) -> int | str:
                    return cast(int | str, data)

                order_item = _parse_order_item(order_item_data)

                order.append(order_item)


        deck_shuffled = cls(
            type_=type_,
            label=label,
            size=size,
            source=source,
            order=order,
        )


        deck_shuffled.additional_properties = d
        return deck_shuffled

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
