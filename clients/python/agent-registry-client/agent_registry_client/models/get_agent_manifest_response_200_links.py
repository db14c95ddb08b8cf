from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetAgentManifestResponse200Links")


@_attrs_define
class GetAgentManifestResponse200Links:
    """
    Attributes:
        lookup (str):
        agent_json (str):
        skill_md (str):
    """

    lookup: str
    agent_json: str
    skill_md: str

    def to_dict(self) -> dict[str, Any]:
        lookup = self.lookup

        agent_json = self.agent_json

        skill_md = self.skill_md

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lookup": lookup,
                "agent_json": agent_json,
                "skill_md": skill_md,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lookup = d.pop("lookup")

        agent_json = d.pop("agent_json")

        skill_md = d.pop("skill_md")

        get_agent_manifest_response_200_links = cls(
            lookup=lookup,
            agent_json=agent_json,
            skill_md=skill_md,
        )

        return get_agent_manifest_response_200_links
