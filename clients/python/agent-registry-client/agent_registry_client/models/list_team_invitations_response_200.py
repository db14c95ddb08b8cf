from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_team_invitations_response_200_status import ListTeamInvitationsResponse200Status

if TYPE_CHECKING:
    from ..models.list_team_invitations_response_200_data_item import ListTeamInvitationsResponse200DataItem


T = TypeVar("T", bound="ListTeamInvitationsResponse200")


@_attrs_define
class ListTeamInvitationsResponse200:
    """
    Attributes:
        status (ListTeamInvitationsResponse200Status):
        data (list[ListTeamInvitationsResponse200DataItem]):
    """

    status: ListTeamInvitationsResponse200Status
    data: list[ListTeamInvitationsResponse200DataItem]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_team_invitations_response_200_data_item import ListTeamInvitationsResponse200DataItem  # noqa: PLC0415

        d = dict(src_dict)
        status = ListTeamInvitationsResponse200Status(d.pop("status"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ListTeamInvitationsResponse200DataItem.from_dict(data_item_data)

            data.append(data_item)

        list_team_invitations_response_200 = cls(
            status=status,
            data=data,
        )

        return list_team_invitations_response_200
