from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.delivery import Delivery





T = TypeVar("T", bound="DeliveryLog")



@_attrs_define
class DeliveryLog:
    """ 
        Attributes:
            deliveries (list[Delivery]):
            consecutive_failures (int | Unset):  Default: 0.
            paused_until (datetime.datetime | None | Unset):
            pause_reason (None | str | Unset):
     """

    deliveries: list[Delivery]
    consecutive_failures: int | Unset = 0
    paused_until: datetime.datetime | None | Unset = UNSET
    pause_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery import Delivery # noqa: PLC0415
        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)



        consecutive_failures = self.consecutive_failures

        paused_until: None | str | Unset
        if isinstance(self.paused_until, Unset):
            paused_until = UNSET
        elif isinstance(self.paused_until, datetime.datetime):
            paused_until = self.paused_until.isoformat()
        else:
            paused_until = self.paused_until

        pause_reason: None | str | Unset
        if isinstance(self.pause_reason, Unset):
            pause_reason = UNSET
        else:
            pause_reason = self.pause_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deliveries": deliveries,
        })
        if consecutive_failures is not UNSET:
            field_dict["consecutive_failures"] = consecutive_failures
        if paused_until is not UNSET:
            field_dict["paused_until"] = paused_until
        if pause_reason is not UNSET:
            field_dict["pause_reason"] = pause_reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery import Delivery # noqa: PLC0415
        d = dict(src_dict)
        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in (_deliveries):
            deliveries_item = Delivery.from_dict(deliveries_item_data)



            deliveries.append(deliveries_item)


        consecutive_failures = d.pop("consecutive_failures", UNSET)

        def _parse_paused_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_until_type_0 = datetime.datetime.fromisoformat(data)



                return paused_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        paused_until = _parse_paused_until(d.pop("paused_until", UNSET))


        def _parse_pause_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pause_reason = _parse_pause_reason(d.pop("pause_reason", UNSET))


        delivery_log = cls(
            deliveries=deliveries,
            consecutive_failures=consecutive_failures,
            paused_until=paused_until,
            pause_reason=pause_reason,
        )


        delivery_log.additional_properties = d
        return delivery_log

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
