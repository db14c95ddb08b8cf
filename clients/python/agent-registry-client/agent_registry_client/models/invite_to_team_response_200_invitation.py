from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.invite_to_team_response_200_invitation_role import InviteToTeamResponse200InvitationRole

T = TypeVar("T", bound="InviteToTeamResponse200Invitation")


@_attrs_define
class InviteToTeamResponse200Invitation:
    """
    Attributes:
        id (str):
        role (InviteToTeamResponse200InvitationRole): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
        created_by (str):
        expires_at (str): ISO 8601 timestamp with milliseconds and Z
        used_by (None | str):
        used_at (None | str):
        revoked_at (None | str):
        created_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    id: str
    role: InviteToTeamResponse200InvitationRole
    created_by: str
    expires_at: str
    used_by: None | str
    used_at: None | str
    revoked_at: None | str
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        role = self.role.value

        created_by = self.created_by

        expires_at = self.expires_at

        used_by: None | str
        used_by = self.used_by

        used_at: None | str
        used_at = self.used_at

        revoked_at: None | str
        revoked_at = self.revoked_at

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "role": role,
                "created_by": created_by,
                "expires_at": expires_at,
                "used_by": used_by,
                "used_at": used_at,
                "revoked_at": revoked_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        role = InviteToTeamResponse200InvitationRole(d.pop("role"))

        created_by = d.pop("created_by")

        expires_at = d.pop("expires_at")

        def _parse_used_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        used_by = _parse_used_by(d.pop("used_by"))

        def _parse_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        used_at = _parse_used_at(d.pop("used_at"))

        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        created_at = d.pop("created_at")

        invite_to_team_response_200_invitation = cls(
            id=id,
            role=role,
            created_by=created_by,
            expires_at=expires_at,
            used_by=used_by,
            used_at=used_at,
            revoked_at=revoked_at,
            created_at=created_at,
        )

        return invite_to_team_response_200_invitation
