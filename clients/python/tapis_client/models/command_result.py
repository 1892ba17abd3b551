from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event_out import EventOut





T = TypeVar("T", bound="CommandResult")



@_attrs_define
class CommandResult:
    """ 
        Attributes:
            version (int):
            events (list[EventOut]):
            chain_head (None | str | Unset):
     """

    version: int
    events: list[EventOut]
    chain_head: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_out import EventOut # noqa: PLC0415
        version = self.version

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)



        chain_head: None | str | Unset
        if isinstance(self.chain_head, Unset):
            chain_head = UNSET
        else:
            chain_head = self.chain_head


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "version": version,
            "events": events,
        })
        if chain_head is not UNSET:
            field_dict["chain_head"] = chain_head

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_out import EventOut # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = EventOut.from_dict(events_item_data)



            events.append(events_item)


        def _parse_chain_head(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chain_head = _parse_chain_head(d.pop("chain_head", UNSET))


        command_result = cls(
            version=version,
            events=events,
            chain_head=chain_head,
        )


        command_result.additional_properties = d
        return command_result

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
