from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Webhook")



@_attrs_define
class Webhook:
    """ 
        Attributes:
            webhook_id (str):
            url (str):
            topics (list[str]):
            created_at (datetime.datetime):
            consecutive_failures (int):
            paused_until (datetime.datetime | None):
            pause_reason (None | str):
     """

    webhook_id: str
    url: str
    topics: list[str]
    created_at: datetime.datetime
    consecutive_failures: int
    paused_until: datetime.datetime | None
    pause_reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        webhook_id = self.webhook_id

        url = self.url

        topics = self.topics



        created_at = self.created_at.isoformat()

        consecutive_failures = self.consecutive_failures

        paused_until: None | str
        if isinstance(self.paused_until, datetime.datetime):
            paused_until = self.paused_until.isoformat()
        else:
            paused_until = self.paused_until

        pause_reason: None | str
        pause_reason = self.pause_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "webhook_id": webhook_id,
            "url": url,
            "topics": topics,
            "created_at": created_at,
            "consecutive_failures": consecutive_failures,
            "paused_until": paused_until,
            "pause_reason": pause_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        webhook_id = d.pop("webhook_id")

        url = d.pop("url")

        topics = cast(list[str], d.pop("topics"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        consecutive_failures = d.pop("consecutive_failures")

        def _parse_paused_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_until_type_0 = datetime.datetime.fromisoformat(data)



                return paused_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paused_until = _parse_paused_until(d.pop("paused_until"))


        def _parse_pause_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pause_reason = _parse_pause_reason(d.pop("pause_reason"))


        webhook = cls(
            webhook_id=webhook_id,
            url=url,
            topics=topics,
            created_at=created_at,
            consecutive_failures=consecutive_failures,
            paused_until=paused_until,
            pause_reason=pause_reason,
        )


        webhook.additional_properties = d
        return webhook

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
