from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_teams_response_200_data_item_role import ListTeamsResponse200DataItemRole

if TYPE_CHECKING:
    from ..models.list_teams_response_200_data_item_team import ListTeamsResponse200DataItemTeam


T = TypeVar("T", bound="ListTeamsResponse200DataItem")


@_attrs_define
class ListTeamsResponse200DataItem:
    """
    Attributes:
        team (ListTeamsResponse200DataItemTeam):
        role (ListTeamsResponse200DataItemRole): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
    """

    team: ListTeamsResponse200DataItemTeam
    role: ListTeamsResponse200DataItemRole

    def to_dict(self) -> dict[str, Any]:
        team = self.team.to_dict()

        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "team": team,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_teams_response_200_data_item_team import ListTeamsResponse200DataItemTeam  # noqa: PLC0415

        d = dict(src_dict)
        team = ListTeamsResponse200DataItemTeam.from_dict(d.pop("team"))

        role = ListTeamsResponse200DataItemRole(d.pop("role"))

        list_teams_response_200_data_item = cls(
            team=team,
            role=role,
        )

        return list_teams_response_200_data_item
