from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType0Urls")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType0Urls:
    """
    Attributes:
        register (str):
        quote (str):
        status (str):
        management (str):
        human_management (str):
    """

    register: str
    quote: str
    status: str
    management: str
    human_management: str

    def to_dict(self) -> dict[str, Any]:
        register = self.register

        quote = self.quote

        status = self.status

        management = self.management

        human_management = self.human_management

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "register": register,
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
        register = d.pop("register")

        quote = d.pop("quote")

        status = d.pop("status")

        management = d.pop("management")

        human_management = d.pop("human_management")

        list_namespaces_response_200_namespaces_item_type_0_urls = cls(
            register=register,
            quote=quote,
            status=status,
            management=management,
            human_management=human_management,
        )

        return list_namespaces_response_200_namespaces_item_type_0_urls
