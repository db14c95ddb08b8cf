from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.move_team_gems_body_direction import MoveTeamGemsBodyDirection

T = TypeVar("T", bound="MoveTeamGemsBody")


@_attrs_define
class MoveTeamGemsBody:
    """
    Attributes:
        amount (int): Whole gems
        direction (MoveTeamGemsBodyDirection): From you to the team, or from the team to you
    """

    amount: int
    direction: MoveTeamGemsBodyDirection

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        direction = self.direction.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "direction": direction,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        direction = MoveTeamGemsBodyDirection(d.pop("direction"))

        move_team_gems_body = cls(
            amount=amount,
            direction=direction,
        )

        return move_team_gems_body
