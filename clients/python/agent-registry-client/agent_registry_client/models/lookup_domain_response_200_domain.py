from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LookupDomainResponse200Domain")


@_attrs_define
class LookupDomainResponse200Domain:
    """
    Attributes:
        name (str):
        namespace (str):
        status (str):
        registration_date (str): ISO 8601 timestamp with milliseconds and Z
        expiry_date (str): ISO 8601 timestamp with milliseconds and Z
    """

    name: str
    namespace: str
    status: str
    registration_date: str
    expiry_date: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        namespace = self.namespace

        status = self.status

        registration_date = self.registration_date

        expiry_date = self.expiry_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "namespace": namespace,
                "status": status,
                "registration_date": registration_date,
                "expiry_date": expiry_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        namespace = d.pop("namespace")

        status = d.pop("status")

        registration_date = d.pop("registration_date")

        expiry_date = d.pop("expiry_date")

        lookup_domain_response_200_domain = cls(
            name=name,
            namespace=namespace,
            status=status,
            registration_date=registration_date,
            expiry_date=expiry_date,
        )

        return lookup_domain_response_200_domain
