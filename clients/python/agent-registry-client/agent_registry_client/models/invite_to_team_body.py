from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.invite_to_team_body_role import InviteToTeamBodyRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteToTeamBody")


@_attrs_define
class InviteToTeamBody:
    """
    Attributes:
        role (InviteToTeamBodyRole): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
        expires_in_seconds (int | Unset): How long the link stays usable: 7 days unless said, at most 30
    """

    role: InviteToTeamBodyRole
    expires_in_seconds: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        expires_in_seconds = self.expires_in_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )
        if expires_in_seconds is not UNSET:
            field_dict["expires_in_seconds"] = expires_in_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = InviteToTeamBodyRole(d.pop("role"))

        expires_in_seconds = d.pop("expires_in_seconds", UNSET)

        invite_to_team_body = cls(
            role=role,
            expires_in_seconds=expires_in_seconds,
        )

        return invite_to_team_body
