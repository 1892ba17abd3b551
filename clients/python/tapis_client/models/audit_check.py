from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="AuditCheck")



@_attrs_define
class AuditCheck:
    """ 
        Attributes:
            name (str):
            ok (bool):
            detail (str):
            applies (bool | Unset):  Default: True.
     """

    name: str
    ok: bool
    detail: str
    applies: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        ok = self.ok

        detail = self.detail

        applies = self.applies


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "ok": ok,
            "detail": detail,
        })
        if applies is not UNSET:
            field_dict["applies"] = applies

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        ok = d.pop("ok")

        detail = d.pop("detail")

        applies = d.pop("applies", UNSET)

        audit_check = cls(
            name=name,
            ok=ok,
            detail=detail,
            applies=applies,
        )


        audit_check.additional_properties = d
        return audit_check

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
