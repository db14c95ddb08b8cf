from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetRegistryAgentCardResponse200SupportedInterfacesItem")


@_attrs_define
class GetRegistryAgentCardResponse200SupportedInterfacesItem:
    """
    Attributes:
        url (str):
        protocol_binding (str):
        protocol_version (str):
    """

    url: str
    protocol_binding: str
    protocol_version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        protocol_binding = self.protocol_binding

        protocol_version = self.protocol_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "protocolBinding": protocol_binding,
                "protocolVersion": protocol_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        protocol_binding = d.pop("protocolBinding")

        protocol_version = d.pop("protocolVersion")

        get_registry_agent_card_response_200_supported_interfaces_item = cls(
            url=url,
            protocol_binding=protocol_binding,
            protocol_version=protocol_version,
        )

        get_registry_agent_card_response_200_supported_interfaces_item.additional_properties = d
        return get_registry_agent_card_response_200_supported_interfaces_item

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
