from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.set_team_member_role_body_role import SetTeamMemberRoleBodyRole

T = TypeVar("T", bound="SetTeamMemberRoleBody")


@_attrs_define
class SetTeamMemberRoleBody:
    """
    Attributes:
        role (SetTeamMemberRoleBodyRole): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
    """

    role: SetTeamMemberRoleBodyRole

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = SetTeamMemberRoleBodyRole(d.pop("role"))

        set_team_member_role_body = cls(
            role=role,
        )

        return set_team_member_role_body
