from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_created_body_options import GameCreatedBodyOptions





T = TypeVar("T", bound="GameCreatedBody")



@_attrs_define
class GameCreatedBody:
    """ 
        Attributes:
            game_id (str):
            game (str):
            admin_token (str):
            version (int):
            players (int):
            options (GameCreatedBodyOptions):
            seed_commitment (str):
            dealing (int | Unset):  Default: 2.
            seed_source (str | Unset):  Default: 'server'.
            private (bool | Unset):  Default: False.
            join_code (None | str | Unset):
     """

    game_id: str
    game: str
    admin_token: str
    version: int
    players: int
    options: GameCreatedBodyOptions
    seed_commitment: str
    dealing: int | Unset = 2
    seed_source: str | Unset = 'server'
    private: bool | Unset = False
    join_code: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_created_body_options import GameCreatedBodyOptions # noqa: PLC0415
        game_id = self.game_id

        game = self.game

        admin_token = self.admin_token

        version = self.version

        players = self.players

        options = self.options.to_dict()

        seed_commitment = self.seed_commitment

        dealing = self.dealing

        seed_source = self.seed_source

        private = self.private

        join_code: None | str | Unset
        if isinstance(self.join_code, Unset):
            join_code = UNSET
        else:
            join_code = self.join_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "game": game,
            "admin_token": admin_token,
            "version": version,
            "players": players,
            "options": options,
            "seed_commitment": seed_commitment,
        })
        if dealing is not UNSET:
            field_dict["dealing"] = dealing
        if seed_source is not UNSET:
            field_dict["seed_source"] = seed_source
        if private is not UNSET:
            field_dict["private"] = private
        if join_code is not UNSET:
            field_dict["join_code"] = join_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_created_body_options import GameCreatedBodyOptions # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        game = d.pop("game")

        admin_token = d.pop("admin_token")

        version = d.pop("version")

        players = d.pop("players")

        options = GameCreatedBodyOptions.from_dict(d.pop("options"))




        seed_commitment = d.pop("seed_commitment")

        dealing = d.pop("dealing", UNSET)

        seed_source = d.pop("seed_source", UNSET)

        private = d.pop("private", UNSET)

        def _parse_join_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        join_code = _parse_join_code(d.pop("join_code", UNSET))


        game_created_body = cls(
            game_id=game_id,
            game=game,
            admin_token=admin_token,
            version=version,
            players=players,
            options=options,
            seed_commitment=seed_commitment,
            dealing=dealing,
            seed_source=seed_source,
            private=private,
            join_code=join_code,
        )


        game_created_body.additional_properties = d
        return game_created_body

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
