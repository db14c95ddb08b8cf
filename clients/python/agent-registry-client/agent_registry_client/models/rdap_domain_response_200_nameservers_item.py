from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rdap_domain_response_200_nameservers_item_object_class_name import (
    RdapDomainResponse200NameserversItemObjectClassName,
)

T = TypeVar("T", bound="RdapDomainResponse200NameserversItem")


@_attrs_define
class RdapDomainResponse200NameserversItem:
    """
    Attributes:
        object_class_name (RdapDomainResponse200NameserversItemObjectClassName):
        ldh_name (str):
    """

    object_class_name: RdapDomainResponse200NameserversItemObjectClassName
    ldh_name: str

    def to_dict(self) -> dict[str, Any]:
        object_class_name = self.object_class_name.value

        ldh_name = self.ldh_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "objectClassName": object_class_name,
                "ldhName": ldh_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_class_name = RdapDomainResponse200NameserversItemObjectClassName(d.pop("objectClassName"))

        ldh_name = d.pop("ldhName")

        rdap_domain_response_200_nameservers_item = cls(
            object_class_name=object_class_name,
            ldh_name=ldh_name,
        )

        return rdap_domain_response_200_nameservers_item
