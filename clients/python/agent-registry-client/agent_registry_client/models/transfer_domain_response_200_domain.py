from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TransferDomainResponse200Domain")


@_attrs_define
class TransferDomainResponse200Domain:
    """
    Attributes:
        name (str):
        owner_id (str):
    """

    name: str
    owner_id: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        owner_id = self.owner_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "owner_id": owner_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        owner_id = d.pop("owner_id")

        transfer_domain_response_200_domain = cls(
            name=name,
            owner_id=owner_id,
        )

        return transfer_domain_response_200_domain
