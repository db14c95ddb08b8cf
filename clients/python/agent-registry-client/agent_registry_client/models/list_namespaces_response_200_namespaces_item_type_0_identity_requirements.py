from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType0IdentityRequirements")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType0IdentityRequirements:
    """
    Attributes:
        registration_auth (list[str]):
        terms_field (str):
        namespace_access (str):
    """

    registration_auth: list[str]
    terms_field: str
    namespace_access: str

    def to_dict(self) -> dict[str, Any]:
        registration_auth = self.registration_auth

        terms_field = self.terms_field

        namespace_access = self.namespace_access

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "registration_auth": registration_auth,
                "terms_field": terms_field,
                "namespace_access": namespace_access,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        registration_auth = cast(list[str], d.pop("registration_auth"))

        terms_field = d.pop("terms_field")

        namespace_access = d.pop("namespace_access")

        list_namespaces_response_200_namespaces_item_type_0_identity_requirements = cls(
            registration_auth=registration_auth,
            terms_field=terms_field,
            namespace_access=namespace_access,
        )

        return list_namespaces_response_200_namespaces_item_type_0_identity_requirements
