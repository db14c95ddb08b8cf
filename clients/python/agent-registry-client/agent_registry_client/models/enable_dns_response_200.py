from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.enable_dns_response_200_status import EnableDnsResponse200Status
from ..models.enable_dns_response_200_sync import EnableDnsResponse200Sync

T = TypeVar("T", bound="EnableDnsResponse200")


@_attrs_define
class EnableDnsResponse200:
    """
    Attributes:
        status (EnableDnsResponse200Status):
        message (str):
        domain (str):
        nameservers (list[str]):
        sync (EnableDnsResponse200Sync): published: PowerDNS holds the latest records; pending: the push is on its way
    """

    status: EnableDnsResponse200Status
    message: str
    domain: str
    nameservers: list[str]
    sync: EnableDnsResponse200Sync

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        domain = self.domain

        nameservers = self.nameservers

        sync = self.sync.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "domain": domain,
                "nameservers": nameservers,
                "sync": sync,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = EnableDnsResponse200Status(d.pop("status"))

        message = d.pop("message")

        domain = d.pop("domain")

        nameservers = cast(list[str], d.pop("nameservers"))

        sync = EnableDnsResponse200Sync(d.pop("sync"))

        enable_dns_response_200 = cls(
            status=status,
            message=message,
            domain=domain,
            nameservers=nameservers,
            sync=sync,
        )

        return enable_dns_response_200
