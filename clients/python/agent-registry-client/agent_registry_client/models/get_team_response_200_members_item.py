from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_team_response_200_members_item_role import GetTeamResponse200MembersItemRole

T = TypeVar("T", bound="GetTeamResponse200MembersItem")


@_attrs_define
class GetTeamResponse200MembersItem:
    """
    Attributes:
        account_id (str):
        display_name (None | str):
        role (GetTeamResponse200MembersItemRole): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
        joined_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    account_id: str
    display_name: None | str
    role: GetTeamResponse200MembersItemRole
    joined_at: str

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        display_name: None | str
        display_name = self.display_name

        role = self.role.value

        joined_at = self.joined_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
                "display_name": display_name,
                "role": role,
                "joined_at": joined_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        role = GetTeamResponse200MembersItemRole(d.pop("role"))

        joined_at = d.pop("joined_at")

        get_team_response_200_members_item = cls(
            account_id=account_id,
            display_name=display_name,
            role=role,
            joined_at=joined_at,
        )

        return get_team_response_200_members_item
