from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_managed_domain_response_200_status import GetManagedDomainResponse200Status

if TYPE_CHECKING:
    from ..models.get_managed_domain_response_200_domain import GetManagedDomainResponse200Domain


T = TypeVar("T", bound="GetManagedDomainResponse200")


@_attrs_define
class GetManagedDomainResponse200:
    """
    Attributes:
        status (GetManagedDomainResponse200Status):
        domain (GetManagedDomainResponse200Domain):
    """

    status: GetManagedDomainResponse200Status
    domain: GetManagedDomainResponse200Domain

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_managed_domain_response_200_domain import GetManagedDomainResponse200Domain  # noqa: PLC0415

        d = dict(src_dict)
        status = GetManagedDomainResponse200Status(d.pop("status"))

        domain = GetManagedDomainResponse200Domain.from_dict(d.pop("domain"))

        get_managed_domain_response_200 = cls(
            status=status,
            domain=domain,
        )

        return get_managed_domain_response_200
