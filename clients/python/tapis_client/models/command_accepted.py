from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.command_accepted_type import CommandAcceptedType
from typing import cast

if TYPE_CHECKING:
  from ..models.commit import Commit
  from ..models.expire import Expire
  from ..models.forfeit import Forfeit
  from ..models.join import Join
  from ..models.leave import Leave
  from ..models.play import Play
  from ..models.rematch import Rematch
  from ..models.remove_seat import RemoveSeat
  from ..models.reveal import Reveal
  from ..models.start import Start
  from ..models.time_out import TimeOut





T = TypeVar("T", bound="CommandAccepted")



@_attrs_define
class CommandAccepted:
    """ Dealing 2: the command that produced the events after it (up to the next one), and who sent it.

    While the game runs, a game move's fields are shown to its sender only; the others see its `type`.

        Attributes:
            type_ (CommandAcceptedType):
            by (str):
            command (Commit | Expire | Forfeit | Join | Leave | Play | Rematch | RemoveSeat | Reveal | Start | TimeOut):
     """

    type_: CommandAcceptedType
    by: str
    command: Commit | Expire | Forfeit | Join | Leave | Play | Rematch | RemoveSeat | Reveal | Start | TimeOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.commit import Commit # noqa: PLC0415
        from ..models.expire import Expire # noqa: PLC0415
        from ..models.forfeit import Forfeit # noqa: PLC0415
        from ..models.join import Join # noqa: PLC0415
        from ..models.leave import Leave # noqa: PLC0415
        from ..models.play import Play # noqa: PLC0415
        from ..models.rematch import Rematch # noqa: PLC0415
        from ..models.remove_seat import RemoveSeat # noqa: PLC0415
        from ..models.reveal import Reveal # noqa: PLC0415
        from ..models.start import Start # noqa: PLC0415
        from ..models.time_out import TimeOut # noqa: PLC0415
        type_ = self.type_.value

        by = self.by

        command: dict[str, Any]
        if isinstance(self.command, Join):
            command = self.command.to_dict()
        elif isinstance(self.command, Leave):
            command = self.command.to_dict()
        elif isinstance(self.command, Start):
            command = self.command.to_dict()
        elif isinstance(self.command, Play):
            command = self.command.to_dict()
        elif isinstance(self.command, TimeOut):
            command = self.command.to_dict()
        elif isinstance(self.command, Forfeit):
            command = self.command.to_dict()
        elif isinstance(self.command, Rematch):
            command = self.command.to_dict()
        elif isinstance(self.command, RemoveSeat):
            command = self.command.to_dict()
        elif isinstance(self.command, Expire):
            command = self.command.to_dict()
        elif isinstance(self.command, Commit):
            command = self.command.to_dict()
        else:
            command = self.command.to_dict()



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "by": by,
            "command": command,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commit import Commit # noqa: PLC0415
        from ..models.expire import Expire # noqa: PLC0415
        from ..models.forfeit import Forfeit # noqa: PLC0415
        from ..models.join import Join # noqa: PLC0415
        from ..models.leave import Leave # noqa: PLC0415
        from ..models.play import Play # noqa: PLC0415
        from ..models.rematch import Rematch # noqa: PLC0415
        from ..models.remove_seat import RemoveSeat # noqa: PLC0415
        from ..models.reveal import Reveal # noqa: PLC0415
        from ..models.start import Start # noqa: PLC0415
        from ..models.time_out import TimeOut # noqa: PLC0415
        d = dict(src_dict)
        type_ = CommandAcceptedType(d.pop("type"))




        by = d.pop("by")

        def _parse_command(data: object) -> Commit | Expire | Forfeit | Join | Leave | Play | Rematch | RemoveSeat | Reveal | Start | TimeOut:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_0 = Join.from_dict(data)



                return command_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_1 = Leave.from_dict(data)



                return command_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_2 = Start.from_dict(data)



                return command_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_3 = Play.from_dict(data)



                return command_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_4 = TimeOut.from_dict(data)



                return command_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_5 = Forfeit.from_dict(data)



                return command_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_6 = Rematch.from_dict(data)



                return command_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_7 = RemoveSeat.from_dict(data)



                return command_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_8 = Expire.from_dict(data)



                return command_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_9 = Commit.from_dict(data)



                return command_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            command_type_10 = Reveal.from_dict(data)



            return command_type_10

        command = _parse_command(d.pop("command"))


        command_accepted = cls(
            type_=type_,
            by=by,
            command=command,
        )


        command_accepted.additional_properties = d
        return command_accepted

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
