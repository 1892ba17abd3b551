from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.checks import Checks





T = TypeVar("T", bound="Readiness")



@_attrs_define
class Readiness:
    """ 
        Attributes:
            status (str):
            checks (Checks):
            failed (list[str]):
            degraded (list[str]):
            revision (None | str | Unset):
            head (None | str | Unset):
            oldest (None | str | Unset):
            newest (None | str | Unset):
     """

    status: str
    checks: Checks
    failed: list[str]
    degraded: list[str]
    revision: None | str | Unset = UNSET
    head: None | str | Unset = UNSET
    oldest: None | str | Unset = UNSET
    newest: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.checks import Checks # noqa: PLC0415
        status = self.status

        checks = self.checks.to_dict()

        failed = self.failed



        degraded = self.degraded



        revision: None | str | Unset
        if isinstance(self.revision, Unset):
            revision = UNSET
        else:
            revision = self.revision

        head: None | str | Unset
        if isinstance(self.head, Unset):
            head = UNSET
        else:
            head = self.head

        oldest: None | str | Unset
        if isinstance(self.oldest, Unset):
            oldest = UNSET
        else:
            oldest = self.oldest

        newest: None | str | Unset
        if isinstance(self.newest, Unset):
            newest = UNSET
        else:
            newest = self.newest


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "checks": checks,
            "failed": failed,
            "degraded": degraded,
        })
        if revision is not UNSET:
            field_dict["revision"] = revision
        if head is not UNSET:
            field_dict["head"] = head
        if oldest is not UNSET:
            field_dict["oldest"] = oldest
        if newest is not UNSET:
            field_dict["newest"] = newest

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.checks import Checks # noqa: PLC0415
        d = dict(src_dict)
        status = d.pop("status")

        checks = Checks.from_dict(d.pop("checks"))




        failed = cast(list[str], d.pop("failed"))


        degraded = cast(list[str], d.pop("degraded"))


        def _parse_revision(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        revision = _parse_revision(d.pop("revision", UNSET))


        def _parse_head(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        head = _parse_head(d.pop("head", UNSET))


        def _parse_oldest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        oldest = _parse_oldest(d.pop("oldest", UNSET))


        def _parse_newest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        newest = _parse_newest(d.pop("newest", UNSET))


        readiness = cls(
            status=status,
            checks=checks,
            failed=failed,
            degraded=degraded,
            revision=revision,
            head=head,
            oldest=oldest,
            newest=newest,
        )


        readiness.additional_properties = d
        return readiness

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
