from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.move_into_team_response_200_status import MoveIntoTeamResponse200Status

T = TypeVar("T", bound="MoveIntoTeamResponse200")


@_attrs_define
class MoveIntoTeamResponse200:
    """
    Attributes:
        status (MoveIntoTeamResponse200Status):
        names (list[str]): Your names, now the team’s
        agents (list[str]): The agents you claimed, now managed by the team (their names stay theirs)
        kept_locked (list[str]): Locked names, left with you: unlock them to move them
    """

    status: MoveIntoTeamResponse200Status
    names: list[str]
    agents: list[str]
    kept_locked: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        names = self.names

        agents = self.agents

        kept_locked = self.kept_locked

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "names": names,
                "agents": agents,
                "kept_locked": kept_locked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = MoveIntoTeamResponse200Status(d.pop("status"))

        names = cast(list[str], d.pop("names"))

        agents = cast(list[str], d.pop("agents"))

        kept_locked = cast(list[str], d.pop("kept_locked"))

        move_into_team_response_200 = cls(
            status=status,
            names=names,
            agents=agents,
            kept_locked=kept_locked,
        )

        return move_into_team_response_200
