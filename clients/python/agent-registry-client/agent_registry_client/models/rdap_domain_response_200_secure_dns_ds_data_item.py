from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RdapDomainResponse200SecureDNSDsDataItem")


@_attrs_define
class RdapDomainResponse200SecureDNSDsDataItem:
    """
    Attributes:
        key_tag (int):
        algorithm (int):
        digest_type (int):
        digest (str):
    """

    key_tag: int
    algorithm: int
    digest_type: int
    digest: str

    def to_dict(self) -> dict[str, Any]:
        key_tag = self.key_tag

        algorithm = self.algorithm

        digest_type = self.digest_type

        digest = self.digest

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "keyTag": key_tag,
                "algorithm": algorithm,
                "digestType": digest_type,
                "digest": digest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key_tag = d.pop("keyTag")

        algorithm = d.pop("algorithm")

        digest_type = d.pop("digestType")

        digest = d.pop("digest")

        rdap_domain_response_200_secure_dns_ds_data_item = cls(
            key_tag=key_tag,
            algorithm=algorithm,
            digest_type=digest_type,
            digest=digest,
        )

        return rdap_domain_response_200_secure_dns_ds_data_item
