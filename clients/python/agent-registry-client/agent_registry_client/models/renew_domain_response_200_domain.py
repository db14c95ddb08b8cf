from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RenewDomainResponse200Domain")


@_attrs_define
class RenewDomainResponse200Domain:
    """
    Attributes:
        name (str):
        previous_expiry_date (str):
        new_expiry_date (str):
    """

    name: str
    previous_expiry_date: str
    new_expiry_date: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        previous_expiry_date = self.previous_expiry_date

        new_expiry_date = self.new_expiry_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "previous_expiry_date": previous_expiry_date,
                "new_expiry_date": new_expiry_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        previous_expiry_date = d.pop("previous_expiry_date")

        new_expiry_date = d.pop("new_expiry_date")

        renew_domain_response_200_domain = cls(
            name=name,
            previous_expiry_date=previous_expiry_date,
            new_expiry_date=new_expiry_date,
        )

        return renew_domain_response_200_domain
