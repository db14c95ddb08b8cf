from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1Urls")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1Urls:
    """
    Attributes:
        agent_register (str):
        quote (str):
        status (str):
        management (str):
        human_management (str):
    """

    agent_register: str
    quote: str
    status: str
    management: str
    human_management: str

    def to_dict(self) -> dict[str, Any]:
        agent_register = self.agent_register

        quote = self.quote

        status = self.status

        management = self.management

        human_management = self.human_management

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_register": agent_register,
                "quote": quote,
                "status": status,
                "management": management,
                "human_management": human_management,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_register = d.pop("agent_register")

        quote = d.pop("quote")

        status = d.pop("status")

        management = d.pop("management")

        human_management = d.pop("human_management")

        list_namespaces_response_200_namespaces_item_type_1_urls = cls(
            agent_register=agent_register,
            quote=quote,
            status=status,
            management=management,
            human_management=human_management,
        )

        return list_namespaces_response_200_namespaces_item_type_1_urls
