from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.invite_to_team_response_200_status import InviteToTeamResponse200Status

if TYPE_CHECKING:
    from ..models.invite_to_team_response_200_invitation import InviteToTeamResponse200Invitation


T = TypeVar("T", bound="InviteToTeamResponse200")


@_attrs_define
class InviteToTeamResponse200:
    """
    Attributes:
        status (InviteToTeamResponse200Status):
        invitation (InviteToTeamResponse200Invitation):
        token (str): The link’s secret: shown once, never again
        url (str): The link to send: the dashboard page that accepts it
    """

    status: InviteToTeamResponse200Status
    invitation: InviteToTeamResponse200Invitation
    token: str
    url: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        invitation = self.invitation.to_dict()

        token = self.token

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "invitation": invitation,
                "token": token,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invite_to_team_response_200_invitation import InviteToTeamResponse200Invitation  # noqa: PLC0415

        d = dict(src_dict)
        status = InviteToTeamResponse200Status(d.pop("status"))

        invitation = InviteToTeamResponse200Invitation.from_dict(d.pop("invitation"))

        token = d.pop("token")

        url = d.pop("url")

        invite_to_team_response_200 = cls(
            status=status,
            invitation=invitation,
            token=token,
            url=url,
        )

        return invite_to_team_response_200
