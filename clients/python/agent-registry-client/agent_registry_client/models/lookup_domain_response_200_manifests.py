from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LookupDomainResponse200Manifests")


@_attrs_define
class LookupDomainResponse200Manifests:
    """
    Attributes:
        agent_json (str):
        skill_md (str):
        agent_card (None | str): The signed A2A Agent Card; null unless the name is active and its profile names an A2A
            endpoint
        did_document (str): The DID document (application/did+json)
        registration_file (str): The ERC-8004 registration file
    """

    agent_json: str
    skill_md: str
    agent_card: None | str
    did_document: str
    registration_file: str

    def to_dict(self) -> dict[str, Any]:
        agent_json = self.agent_json

        skill_md = self.skill_md

        agent_card: None | str
        agent_card = self.agent_card

        did_document = self.did_document

        registration_file = self.registration_file

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_json": agent_json,
                "skill_md": skill_md,
                "agent_card": agent_card,
                "did_document": did_document,
                "registration_file": registration_file,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_json = d.pop("agent_json")

        skill_md = d.pop("skill_md")

        def _parse_agent_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_card = _parse_agent_card(d.pop("agent_card"))

        did_document = d.pop("did_document")

        registration_file = d.pop("registration_file")

        lookup_domain_response_200_manifests = cls(
            agent_json=agent_json,
            skill_md=skill_md,
            agent_card=agent_card,
            did_document=did_document,
            registration_file=registration_file,
        )

        return lookup_domain_response_200_manifests
