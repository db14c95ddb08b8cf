from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetTeamResponse200Holdings")


@_attrs_define
class GetTeamResponse200Holdings:
    """
    Attributes:
        names (int):
        agents (int):
    """

    names: int
    agents: int

    def to_dict(self) -> dict[str, Any]:
        names = self.names

        agents = self.agents

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "names": names,
                "agents": agents,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        names = d.pop("names")

        agents = d.pop("agents")

        get_team_response_200_holdings = cls(
            names=names,
            agents=agents,
        )

        return get_team_response_200_holdings
