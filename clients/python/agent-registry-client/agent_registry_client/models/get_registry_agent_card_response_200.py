from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_registry_agent_card_response_200_capabilities import GetRegistryAgentCardResponse200Capabilities
    from ..models.get_registry_agent_card_response_200_signatures_item import (
        GetRegistryAgentCardResponse200SignaturesItem,
    )
    from ..models.get_registry_agent_card_response_200_skills_item import GetRegistryAgentCardResponse200SkillsItem
    from ..models.get_registry_agent_card_response_200_supported_interfaces_item import (
        GetRegistryAgentCardResponse200SupportedInterfacesItem,
    )


T = TypeVar("T", bound="GetRegistryAgentCardResponse200")


@_attrs_define
class GetRegistryAgentCardResponse200:
    """A2A Agent Card v1.0, signed by the registry (JWS, detached payload, key in /.well-known/jwks.json)

    Attributes:
        name (str):
        description (str):
        version (str):
        supported_interfaces (list[GetRegistryAgentCardResponse200SupportedInterfacesItem]):
        capabilities (GetRegistryAgentCardResponse200Capabilities):
        default_input_modes (list[str]):
        default_output_modes (list[str]):
        skills (list[GetRegistryAgentCardResponse200SkillsItem]):
        signatures (list[GetRegistryAgentCardResponse200SignaturesItem]):
    """

    name: str
    description: str
    version: str
    supported_interfaces: list[GetRegistryAgentCardResponse200SupportedInterfacesItem]
    capabilities: GetRegistryAgentCardResponse200Capabilities
    default_input_modes: list[str]
    default_output_modes: list[str]
    skills: list[GetRegistryAgentCardResponse200SkillsItem]
    signatures: list[GetRegistryAgentCardResponse200SignaturesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        version = self.version

        supported_interfaces = []
        for supported_interfaces_item_data in self.supported_interfaces:
            supported_interfaces_item = supported_interfaces_item_data.to_dict()
            supported_interfaces.append(supported_interfaces_item)

        capabilities = self.capabilities.to_dict()

        default_input_modes = self.default_input_modes

        default_output_modes = self.default_output_modes

        skills = []
        for skills_item_data in self.skills:
            skills_item = skills_item_data.to_dict()
            skills.append(skills_item)

        signatures = []
        for signatures_item_data in self.signatures:
            signatures_item = signatures_item_data.to_dict()
            signatures.append(signatures_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "description": description,
                "version": version,
                "supportedInterfaces": supported_interfaces,
                "capabilities": capabilities,
                "defaultInputModes": default_input_modes,
                "defaultOutputModes": default_output_modes,
                "skills": skills,
                "signatures": signatures,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_registry_agent_card_response_200_capabilities import (
            GetRegistryAgentCardResponse200Capabilities,  # noqa: PLC0415
        )
        from ..models.get_registry_agent_card_response_200_signatures_item import (
            GetRegistryAgentCardResponse200SignaturesItem,  # noqa: PLC0415
        )
        from ..models.get_registry_agent_card_response_200_skills_item import GetRegistryAgentCardResponse200SkillsItem  # noqa: PLC0415
        from ..models.get_registry_agent_card_response_200_supported_interfaces_item import (
            GetRegistryAgentCardResponse200SupportedInterfacesItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        version = d.pop("version")

        supported_interfaces = []
        _supported_interfaces = d.pop("supportedInterfaces")
        for supported_interfaces_item_data in _supported_interfaces:
            supported_interfaces_item = GetRegistryAgentCardResponse200SupportedInterfacesItem.from_dict(
                supported_interfaces_item_data
            )

            supported_interfaces.append(supported_interfaces_item)

        capabilities = GetRegistryAgentCardResponse200Capabilities.from_dict(d.pop("capabilities"))

        default_input_modes = cast(list[str], d.pop("defaultInputModes"))

        default_output_modes = cast(list[str], d.pop("defaultOutputModes"))

        skills = []
        _skills = d.pop("skills")
        for skills_item_data in _skills:
            skills_item = GetRegistryAgentCardResponse200SkillsItem.from_dict(skills_item_data)

            skills.append(skills_item)

        signatures = []
        _signatures = d.pop("signatures")
        for signatures_item_data in _signatures:
            signatures_item = GetRegistryAgentCardResponse200SignaturesItem.from_dict(signatures_item_data)

            signatures.append(signatures_item)

        get_registry_agent_card_response_200 = cls(
            name=name,
            description=description,
            version=version,
            supported_interfaces=supported_interfaces,
            capabilities=capabilities,
            default_input_modes=default_input_modes,
            default_output_modes=default_output_modes,
            skills=skills,
            signatures=signatures,
        )

        get_registry_agent_card_response_200.additional_properties = d
        return get_registry_agent_card_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
