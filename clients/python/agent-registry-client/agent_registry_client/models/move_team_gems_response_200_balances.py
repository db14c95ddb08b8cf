from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MoveTeamGemsResponse200Balances")


@_attrs_define
class MoveTeamGemsResponse200Balances:
    """Both balances after the move, in gems

    Attributes:
        you (int):
        team (int):
    """

    you: int
    team: int

    def to_dict(self) -> dict[str, Any]:
        you = self.you

        team = self.team

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "you": you,
                "team": team,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        you = d.pop("you")

        team = d.pop("team")

        move_team_gems_response_200_balances = cls(
            you=you,
            team=team,
        )

        return move_team_gems_response_200_balances
