from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RdapDomainResponse200SecureDNS")


@_attrs_define
class RdapDomainResponse200SecureDNS:
    """
    Attributes:
        delegation_signed (bool):
    """

    delegation_signed: bool

    def to_dict(self) -> dict[str, Any]:
        delegation_signed = self.delegation_signed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delegationSigned": delegation_signed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delegation_signed = d.pop("delegationSigned")

        rdap_domain_response_200_secure_dns = cls(
            delegation_signed=delegation_signed,
        )

        return rdap_domain_response_200_secure_dns
