from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LookupDomainResponse200Manifests")


@_attrs_define
class LookupDomainResponse200Manifests:
    """
    Attributes:
        agent_json (str):
        skill_md (str):
    """

    agent_json: str
    skill_md: str

    def to_dict(self) -> dict[str, Any]:
        agent_json = self.agent_json

        skill_md = self.skill_md

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_json": agent_json,
                "skill_md": skill_md,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_json = d.pop("agent_json")

        skill_md = d.pop("skill_md")

        lookup_domain_response_200_manifests = cls(
            agent_json=agent_json,
            skill_md=skill_md,
        )

        return lookup_domain_response_200_manifests
