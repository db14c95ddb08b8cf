from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.set_team_member_role_response_200_status import SetTeamMemberRoleResponse200Status

T = TypeVar("T", bound="SetTeamMemberRoleResponse200")


@_attrs_define
class SetTeamMemberRoleResponse200:
    """
    Attributes:
        status (SetTeamMemberRoleResponse200Status):
    """

    status: SetTeamMemberRoleResponse200Status

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = SetTeamMemberRoleResponse200Status(d.pop("status"))

        set_team_member_role_response_200 = cls(
            status=status,
        )

        return set_team_member_role_response_200
