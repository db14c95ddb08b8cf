from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.accept_team_invitation_response_200_role import AcceptTeamInvitationResponse200Role
from ..models.accept_team_invitation_response_200_status import AcceptTeamInvitationResponse200Status

if TYPE_CHECKING:
    from ..models.accept_team_invitation_response_200_team import AcceptTeamInvitationResponse200Team


T = TypeVar("T", bound="AcceptTeamInvitationResponse200")


@_attrs_define
class AcceptTeamInvitationResponse200:
    """
    Attributes:
        status (AcceptTeamInvitationResponse200Status):
        team (AcceptTeamInvitationResponse200Team):
        role (AcceptTeamInvitationResponse200Role): owner, admin, operator, billing or auditor (docs/teams.md "Roles")
        already_member (bool): True: you were a member already; the link stays unused
    """

    status: AcceptTeamInvitationResponse200Status
    team: AcceptTeamInvitationResponse200Team
    role: AcceptTeamInvitationResponse200Role
    already_member: bool

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        team = self.team.to_dict()

        role = self.role.value

        already_member = self.already_member

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "team": team,
                "role": role,
                "already_member": already_member,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.accept_team_invitation_response_200_team import AcceptTeamInvitationResponse200Team  # noqa: PLC0415

        d = dict(src_dict)
        status = AcceptTeamInvitationResponse200Status(d.pop("status"))

        team = AcceptTeamInvitationResponse200Team.from_dict(d.pop("team"))

        role = AcceptTeamInvitationResponse200Role(d.pop("role"))

        already_member = d.pop("already_member")

        accept_team_invitation_response_200 = cls(
            status=status,
            team=team,
            role=role,
            already_member=already_member,
        )

        return accept_team_invitation_response_200
