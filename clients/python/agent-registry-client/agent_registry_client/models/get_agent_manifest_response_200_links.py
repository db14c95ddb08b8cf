from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetAgentManifestResponse200Links")


@_attrs_define
class GetAgentManifestResponse200Links:
    """
    Attributes:
        lookup (str):
        agent_json (str):
        skill_md (str):
        agent_card (None | str): The signed A2A Agent Card; null unless the name is active and its profile names an A2A
            endpoint
        did_document (str): The DID document (application/did+json)
        registration_file (str): The ERC-8004 registration file
        did (str): The name’s did:web identifier
    """

    lookup: str
    agent_json: str
    skill_md: str
    agent_card: None | str
    did_document: str
    registration_file: str
    did: str

    def to_dict(self) -> dict[str, Any]:
        lookup = self.lookup

        agent_json = self.agent_json

        skill_md = self.skill_md

        agent_card: None | str
        agent_card = self.agent_card

        did_document = self.did_document

        registration_file = self.registration_file

        did = self.did

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lookup": lookup,
                "agent_json": agent_json,
                "skill_md": skill_md,
                "agent_card": agent_card,
                "did_document": did_document,
                "registration_file": registration_file,
                "did": did,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lookup = d.pop("lookup")

        agent_json = d.pop("agent_json")

        skill_md = d.pop("skill_md")

        def _parse_agent_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_card = _parse_agent_card(d.pop("agent_card"))

        did_document = d.pop("did_document")

        registration_file = d.pop("registration_file")

        did = d.pop("did")

        get_agent_manifest_response_200_links = cls(
            lookup=lookup,
            agent_json=agent_json,
            skill_md=skill_md,
            agent_card=agent_card,
            did_document=did_document,
            registration_file=registration_file,
            did=did,
        )

        return get_agent_manifest_response_200_links
