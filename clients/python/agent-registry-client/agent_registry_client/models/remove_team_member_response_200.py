from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.remove_team_member_response_200_status import RemoveTeamMemberResponse200Status

T = TypeVar("T", bound="RemoveTeamMemberResponse200")


@_attrs_define
class RemoveTeamMemberResponse200:
    """
    Attributes:
        status (RemoveTeamMemberResponse200Status):
    """

    status: RemoveTeamMemberResponse200Status

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
        status = RemoveTeamMemberResponse200Status(d.pop("status"))

        remove_team_member_response_200 = cls(
            status=status,
        )

        return remove_team_member_response_200
