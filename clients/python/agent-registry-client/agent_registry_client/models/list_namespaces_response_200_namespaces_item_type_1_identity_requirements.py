from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1IdentityRequirements")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1IdentityRequirements:
    """
    Attributes:
        agent_registration_auth (list[str]):
        human_checkout_auth (str):
        provider_binding (str):
        terms_field (str):
        namespace_access (str):
    """

    agent_registration_auth: list[str]
    human_checkout_auth: str
    provider_binding: str
    terms_field: str
    namespace_access: str

    def to_dict(self) -> dict[str, Any]:
        agent_registration_auth = self.agent_registration_auth

        human_checkout_auth = self.human_checkout_auth

        provider_binding = self.provider_binding

        terms_field = self.terms_field

        namespace_access = self.namespace_access

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_registration_auth": agent_registration_auth,
                "human_checkout_auth": human_checkout_auth,
                "provider_binding": provider_binding,
                "terms_field": terms_field,
                "namespace_access": namespace_access,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_registration_auth = cast(list[str], d.pop("agent_registration_auth"))

        human_checkout_auth = d.pop("human_checkout_auth")

        provider_binding = d.pop("provider_binding")

        terms_field = d.pop("terms_field")

        namespace_access = d.pop("namespace_access")

        list_namespaces_response_200_namespaces_item_type_1_identity_requirements = cls(
            agent_registration_auth=agent_registration_auth,
            human_checkout_auth=human_checkout_auth,
            provider_binding=provider_binding,
            terms_field=terms_field,
            namespace_access=namespace_access,
        )

        return list_namespaces_response_200_namespaces_item_type_1_identity_requirements
