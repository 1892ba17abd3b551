from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.exported_event_metadata import ExportedEventMetadata





T = TypeVar("T", bound="ExportedEvent")



@_attrs_define
class ExportedEvent:
    """ 
        Attributes:
            version (int):
            type_ (str):
            schema_version (int):
            data (Any):
            recorded_at (str):
            metadata (ExportedEventMetadata):
            chain (None | str | Unset):
     """

    version: int
    type_: str
    schema_version: int
    data: Any
    recorded_at: str
    metadata: ExportedEventMetadata
    chain: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.exported_event_metadata import ExportedEventMetadata # noqa: PLC0415
        version = self.version

        type_ = self.type_

        schema_version = self.schema_version

        data = self.data

        recorded_at = self.recorded_at

        metadata = self.metadata.to_dict()

        chain: None | str | Unset
        if isinstance(self.chain, Unset):
            chain = UNSET
        else:
            chain = self.chain


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "version": version,
            "type": type_,
            "schema_version": schema_version,
            "data": data,
            "recorded_at": recorded_at,
            "metadata": metadata,
        })
        if chain is not UNSET:
            field_dict["chain"] = chain

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.exported_event_metadata import ExportedEventMetadata # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        type_ = d.pop("type")

        schema_version = d.pop("schema_version")

        data = d.pop("data")

        recorded_at = d.pop("recorded_at")

        metadata = ExportedEventMetadata.from_dict(d.pop("metadata"))




        def _parse_chain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chain = _parse_chain(d.pop("chain", UNSET))


        exported_event = cls(
            version=version,
            type_=type_,
            schema_version=schema_version,
            data=data,
            recorded_at=recorded_at,
            metadata=metadata,
            chain=chain,
        )


        exported_event.additional_properties = d
        return exported_event

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
