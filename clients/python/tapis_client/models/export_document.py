from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.export_document_options import ExportDocumentOptions
  from ..models.exported_event import ExportedEvent





T = TypeVar("T", bound="ExportDocument")



@_attrs_define
class ExportDocument:
    """ 
        Attributes:
            format_ (str):
            format_version (int):
            game_id (str):
            game (str):
            players (int):
            options (ExportDocumentOptions):
            created_at (str):
            finished (bool):
            seed (None | str):
            events (list[ExportedEvent]):
            dealing (int | Unset):  Default: 1.
            seed_source (str | Unset):  Default: 'server'.
            chain_head (None | str | Unset):
            fairness (str | Unset):  Default: 'pending'.
     """

    format_: str
    format_version: int
    game_id: str
    game: str
    players: int
    options: ExportDocumentOptions
    created_at: str
    finished: bool
    seed: None | str
    events: list[ExportedEvent]
    dealing: int | Unset = 1
    seed_source: str | Unset = 'server'
    chain_head: None | str | Unset = UNSET
    fairness: str | Unset = 'pending'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.export_document_options import ExportDocumentOptions # noqa: PLC0415
        from ..models.exported_event import ExportedEvent # noqa: PLC0415
        format_ = self.format_

        format_version = self.format_version

        game_id = self.game_id

        game = self.game

        players = self.players

        options = self.options.to_dict()

        created_at = self.created_at

        finished = self.finished

        seed: None | str
        seed = self.seed

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)



        dealing = self.dealing

        seed_source = self.seed_source

        chain_head: None | str | Unset
        if isinstance(self.chain_head, Unset):
            chain_head = UNSET
        else:
            chain_head = self.chain_head

        fairness = self.fairness


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "format": format_,
            "format_version": format_version,
            "game_id": game_id,
            "game": game,
            "players": players,
            "options": options,
            "created_at": created_at,
            "finished": finished,
            "seed": seed,
            "events": events,
        })
        if dealing is not UNSET:
            field_dict["dealing"] = dealing
        if seed_source is not UNSET:
            field_dict["seed_source"] = seed_source
        if chain_head is not UNSET:
            field_dict["chain_head"] = chain_head
        if fairness is not UNSET:
            field_dict["fairness"] = fairness

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export_document_options import ExportDocumentOptions # noqa: PLC0415
        from ..models.exported_event import ExportedEvent # noqa: PLC0415
        d = dict(src_dict)
        format_ = d.pop("format")

        format_version = d.pop("format_version")

        game_id = d.pop("game_id")

        game = d.pop("game")

        players = d.pop("players")

        options = ExportDocumentOptions.from_dict(d.pop("options"))




        created_at = d.pop("created_at")

        finished = d.pop("finished")

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))


        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = ExportedEvent.from_dict(events_item_data)



            events.append(events_item)


        dealing = d.pop("dealing", UNSET)

        seed_source = d.pop("seed_source", UNSET)

        def _parse_chain_head(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chain_head = _parse_chain_head(d.pop("chain_head", UNSET))


        fairness = d.pop("fairness", UNSET)

        export_document = cls(
            format_=format_,
            format_version=format_version,
            game_id=game_id,
            game=game,
            players=players,
            options=options,
            created_at=created_at,
            finished=finished,
            seed=seed,
            events=events,
            dealing=dealing,
            seed_source=seed_source,
            chain_head=chain_head,
            fairness=fairness,
        )


        export_document.additional_properties = d
        return export_document

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
