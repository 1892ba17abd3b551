from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.attempt import Attempt





T = TypeVar("T", bound="Delivery")



@_attrs_define
class Delivery:
    """ 
        Attributes:
            delivery_id (int):
            game_id (str):
            version (int):
            topic (str):
            status (str):
            created_at (datetime.datetime):
            next_attempt_at (datetime.datetime | None):
            delivered_at (datetime.datetime | None):
            attempts (list[Attempt]):
     """

    delivery_id: int
    game_id: str
    version: int
    topic: str
    status: str
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    attempts: list[Attempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt import Attempt # noqa: PLC0415
        delivery_id = self.delivery_id

        game_id = self.game_id

        version = self.version

        topic = self.topic

        status = self.status

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "delivery_id": delivery_id,
            "game_id": game_id,
            "version": version,
            "topic": topic,
            "status": status,
            "created_at": created_at,
            "next_attempt_at": next_attempt_at,
            "delivered_at": delivered_at,
            "attempts": attempts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt import Attempt # noqa: PLC0415
        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        game_id = d.pop("game_id")

        version = d.pop("version")

        topic = d.pop("topic")

        status = d.pop("status")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)



                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))


        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = Attempt.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        delivery = cls(
            delivery_id=delivery_id,
            game_id=game_id,
            version=version,
            topic=topic,
            status=status,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            delivered_at=delivered_at,
            attempts=attempts,
        )


        delivery.additional_properties = d
        return delivery

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
