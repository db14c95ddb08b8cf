from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.move_team_gems_response_200_status import MoveTeamGemsResponse200Status

if TYPE_CHECKING:
    from ..models.move_team_gems_response_200_balances import MoveTeamGemsResponse200Balances


T = TypeVar("T", bound="MoveTeamGemsResponse200")


@_attrs_define
class MoveTeamGemsResponse200:
    """
    Attributes:
        status (MoveTeamGemsResponse200Status):
        balances (MoveTeamGemsResponse200Balances): Both balances after the move, in gems
    """

    status: MoveTeamGemsResponse200Status
    balances: MoveTeamGemsResponse200Balances

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        balances = self.balances.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "balances": balances,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_team_gems_response_200_balances import MoveTeamGemsResponse200Balances  # noqa: PLC0415

        d = dict(src_dict)
        status = MoveTeamGemsResponse200Status(d.pop("status"))

        balances = MoveTeamGemsResponse200Balances.from_dict(d.pop("balances"))

        move_team_gems_response_200 = cls(
            status=status,
            balances=balances,
        )

        return move_team_gems_response_200
