from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.delete_team_response_200_status import DeleteTeamResponse200Status

T = TypeVar("T", bound="DeleteTeamResponse200")


@_attrs_define
class DeleteTeamResponse200:
    """
    Attributes:
        status (DeleteTeamResponse200Status):
    """

    status: DeleteTeamResponse200Status

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
        status = DeleteTeamResponse200Status(d.pop("status"))

        delete_team_response_200 = cls(
            status=status,
        )

        return delete_team_response_200
