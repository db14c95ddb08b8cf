from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_team_response_200_role import CreateTeamResponse200Role
from ..models.create_team_response_200_status import CreateTeamResponse200Status

if TYPE_CHECKING:
    from ..models.create_team_response_200_team import CreateTeamResponse200Team


T = TypeVar("T", bound="CreateTeamResponse200")


@_attrs_define
class CreateTeamResponse200:
    """
    Attributes:
        status (CreateTeamResponse200Status):
        team (CreateTeamResponse200Team):
        role (CreateTeamResponse200Role): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
    """

    status: CreateTeamResponse200Status
    team: CreateTeamResponse200Team
    role: CreateTeamResponse200Role

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        team = self.team.to_dict()

        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "team": team,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_team_response_200_team import CreateTeamResponse200Team  # noqa: PLC0415

        d = dict(src_dict)
        status = CreateTeamResponse200Status(d.pop("status"))

        team = CreateTeamResponse200Team.from_dict(d.pop("team"))

        role = CreateTeamResponse200Role(d.pop("role"))

        create_team_response_200 = cls(
            status=status,
            team=team,
            role=role,
        )

        return create_team_response_200
