from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rematch_seat import RematchSeat





T = TypeVar("T", bound="RematchBody")



@_attrs_define
class RematchBody:
    """ 
        Attributes:
            game_id (str):
            admin_token (str):
            version (int):
            seats (list[RematchSeat]):
            join_code (None | str | Unset):
     """

    game_id: str
    admin_token: str
    version: int
    seats: list[RematchSeat]
    join_code: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rematch_seat import RematchSeat # noqa: PLC0415
        game_id = self.game_id

        admin_token = self.admin_token

        version = self.version

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        join_code: None | str | Unset
        if isinstance(self.join_code, Unset):
            join_code = UNSET
        else:
            join_code = self.join_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "admin_token": admin_token,
            "version": version,
            "seats": seats,
        })
        if join_code is not UNSET:
            field_dict["join_code"] = join_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rematch_seat import RematchSeat # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        admin_token = d.pop("admin_token")

        version = d.pop("version")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = RematchSeat.from_dict(seats_item_data)



            seats.append(seats_item)


        def _parse_join_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        join_code = _parse_join_code(d.pop("join_code", UNSET))


        rematch_body = cls(
            game_id=game_id,
            admin_token=admin_token,
            version=version,
            seats=seats,
            join_code=join_code,
        )


        rematch_body.additional_properties = d
        return rematch_body

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
