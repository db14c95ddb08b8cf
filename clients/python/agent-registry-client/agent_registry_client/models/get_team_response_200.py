from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_team_response_200_role import GetTeamResponse200Role
from ..models.get_team_response_200_status import GetTeamResponse200Status

if TYPE_CHECKING:
    from ..models.get_team_response_200_holdings import GetTeamResponse200Holdings
    from ..models.get_team_response_200_members_item import GetTeamResponse200MembersItem
    from ..models.get_team_response_200_team import GetTeamResponse200Team


T = TypeVar("T", bound="GetTeamResponse200")


@_attrs_define
class GetTeamResponse200:
    """
    Attributes:
        status (GetTeamResponse200Status):
        team (GetTeamResponse200Team):
        role (GetTeamResponse200Role): Your role in it
        members (list[GetTeamResponse200MembersItem]):
        holdings (GetTeamResponse200Holdings):
    """

    status: GetTeamResponse200Status
    team: GetTeamResponse200Team
    role: GetTeamResponse200Role
    members: list[GetTeamResponse200MembersItem]
    holdings: GetTeamResponse200Holdings

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        team = self.team.to_dict()

        role = self.role.value

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        holdings = self.holdings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "team": team,
                "role": role,
                "members": members,
                "holdings": holdings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_team_response_200_holdings import GetTeamResponse200Holdings  # noqa: PLC0415
        from ..models.get_team_response_200_members_item import GetTeamResponse200MembersItem  # noqa: PLC0415
        from ..models.get_team_response_200_team import GetTeamResponse200Team  # noqa: PLC0415

        d = dict(src_dict)
        status = GetTeamResponse200Status(d.pop("status"))

        team = GetTeamResponse200Team.from_dict(d.pop("team"))

        role = GetTeamResponse200Role(d.pop("role"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = GetTeamResponse200MembersItem.from_dict(members_item_data)

            members.append(members_item)

        holdings = GetTeamResponse200Holdings.from_dict(d.pop("holdings"))

        get_team_response_200 = cls(
            status=status,
            team=team,
            role=role,
            members=members,
            holdings=holdings,
        )

        return get_team_response_200
