from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.withdraw_team_invitation_response_200_status import WithdrawTeamInvitationResponse200Status

T = TypeVar("T", bound="WithdrawTeamInvitationResponse200")


@_attrs_define
class WithdrawTeamInvitationResponse200:
    """
    Attributes:
        status (WithdrawTeamInvitationResponse200Status):
    """

    status: WithdrawTeamInvitationResponse200Status

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
        status = WithdrawTeamInvitationResponse200Status(d.pop("status"))

        withdraw_team_invitation_response_200 = cls(
            status=status,
        )

        return withdraw_team_invitation_response_200
