from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.catalog_detail_data import CatalogDetailData
  from ..models.catalog_detail_options import CatalogDetailOptions
  from ..models.catalog_detail_options_schema import CatalogDetailOptionsSchema





T = TypeVar("T", bound="CatalogDetail")



@_attrs_define
class CatalogDetail:
    """ 
        Attributes:
            game (str):
            title (str):
            min_players (int):
            max_players (int):
            options (CatalogDetailOptions):
            options_schema (CatalogDetailOptionsSchema):
            commands (list[str]):
            bots (list[str]):
            data (CatalogDetailData):
     """

    game: str
    title: str
    min_players: int
    max_players: int
    options: CatalogDetailOptions
    options_schema: CatalogDetailOptionsSchema
    commands: list[str]
    bots: list[str]
    data: CatalogDetailData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_detail_data import CatalogDetailData # noqa: PLC0415
        from ..models.catalog_detail_options import CatalogDetailOptions # noqa: PLC0415
        from ..models.catalog_detail_options_schema import CatalogDetailOptionsSchema # noqa: PLC0415
        game = self.game

        title = self.title

        min_players = self.min_players

        max_players = self.max_players

        options = self.options.to_dict()

        options_schema = self.options_schema.to_dict()

        commands = self.commands



        bots = self.bots



        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "title": title,
            "min_players": min_players,
            "max_players": max_players,
            "options": options,
            "options_schema": options_schema,
            "commands": commands,
            "bots": bots,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.catalog_detail_data import CatalogDetailData # noqa: PLC0415
        from ..models.catalog_detail_options import CatalogDetailOptions # noqa: PLC0415
        from ..models.catalog_detail_options_schema import CatalogDetailOptionsSchema # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        title = d.pop("title")

        min_players = d.pop("min_players")

        max_players = d.pop("max_players")

        options = CatalogDetailOptions.from_dict(d.pop("options"))




        options_schema = CatalogDetailOptionsSchema.from_dict(d.pop("options_schema"))




        commands = cast(list[str], d.pop("commands"))


        bots = cast(list[str], d.pop("bots"))


        data = CatalogDetailData.from_dict(d.pop("data"))




        catalog_detail = cls(
            game=game,
            title=title,
            min_players=min_players,
            max_players=max_players,
            options=options,
            options_schema=options_schema,
            commands=commands,
            bots=bots,
            data=data,
        )


        catalog_detail.additional_properties = d
        return catalog_detail

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
