from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.patch_dns_records_response_200_details_item_status import PatchDnsRecordsResponse200DetailsItemStatus

if TYPE_CHECKING:
    from ..models.patch_dns_records_response_200_details_item_record import PatchDnsRecordsResponse200DetailsItemRecord


T = TypeVar("T", bound="PatchDnsRecordsResponse200DetailsItem")


@_attrs_define
class PatchDnsRecordsResponse200DetailsItem:
    """
    Attributes:
        record (PatchDnsRecordsResponse200DetailsItemRecord):
        status (PatchDnsRecordsResponse200DetailsItemStatus):
    """

    record: PatchDnsRecordsResponse200DetailsItemRecord
    status: PatchDnsRecordsResponse200DetailsItemStatus

    def to_dict(self) -> dict[str, Any]:
        record = self.record.to_dict()

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.patch_dns_records_response_200_details_item_record import (
            PatchDnsRecordsResponse200DetailsItemRecord,  # noqa: PLC0415
        )

        d = dict(src_dict)
        record = PatchDnsRecordsResponse200DetailsItemRecord.from_dict(d.pop("record"))

        status = PatchDnsRecordsResponse200DetailsItemStatus(d.pop("status"))

        patch_dns_records_response_200_details_item = cls(
            record=record,
            status=status,
        )

        return patch_dns_records_response_200_details_item
