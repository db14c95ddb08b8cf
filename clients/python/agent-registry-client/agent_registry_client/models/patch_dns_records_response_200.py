from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.patch_dns_records_response_200_status import PatchDnsRecordsResponse200Status
from ..models.patch_dns_records_response_200_sync import PatchDnsRecordsResponse200Sync

if TYPE_CHECKING:
    from ..models.patch_dns_records_response_200_details_item import PatchDnsRecordsResponse200DetailsItem


T = TypeVar("T", bound="PatchDnsRecordsResponse200")


@_attrs_define
class PatchDnsRecordsResponse200:
    """
    Attributes:
        status (PatchDnsRecordsResponse200Status):
        message (str):
        domain (str):
        details (list[PatchDnsRecordsResponse200DetailsItem]):
        sync (PatchDnsRecordsResponse200Sync): published: PowerDNS holds the latest records; pending: the push is on its
            way
    """

    status: PatchDnsRecordsResponse200Status
    message: str
    domain: str
    details: list[PatchDnsRecordsResponse200DetailsItem]
    sync: PatchDnsRecordsResponse200Sync

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        domain = self.domain

        details = []
        for details_item_data in self.details:
            details_item = details_item_data.to_dict()
            details.append(details_item)

        sync = self.sync.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "domain": domain,
                "details": details,
                "sync": sync,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.patch_dns_records_response_200_details_item import PatchDnsRecordsResponse200DetailsItem  # noqa: PLC0415

        d = dict(src_dict)
        status = PatchDnsRecordsResponse200Status(d.pop("status"))

        message = d.pop("message")

        domain = d.pop("domain")

        details = []
        _details = d.pop("details")
        for details_item_data in _details:
            details_item = PatchDnsRecordsResponse200DetailsItem.from_dict(details_item_data)

            details.append(details_item)

        sync = PatchDnsRecordsResponse200Sync(d.pop("sync"))

        patch_dns_records_response_200 = cls(
            status=status,
            message=message,
            domain=domain,
            details=details,
            sync=sync,
        )

        return patch_dns_records_response_200
