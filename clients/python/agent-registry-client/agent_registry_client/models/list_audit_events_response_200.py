from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_audit_events_response_200_status import ListAuditEventsResponse200Status

if TYPE_CHECKING:
    from ..models.list_audit_events_response_200_data_item import ListAuditEventsResponse200DataItem


T = TypeVar("T", bound="ListAuditEventsResponse200")


@_attrs_define
class ListAuditEventsResponse200:
    """
    Attributes:
        status (ListAuditEventsResponse200Status):
        data (list[ListAuditEventsResponse200DataItem]):
        limit (int):
        offset (int):
        total (int):
    """

    status: ListAuditEventsResponse200Status
    data: list[ListAuditEventsResponse200DataItem]
    limit: int
    offset: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        limit = self.limit

        offset = self.offset

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "data": data,
                "limit": limit,
                "offset": offset,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_audit_events_response_200_data_item import ListAuditEventsResponse200DataItem  # noqa: PLC0415

        d = dict(src_dict)
        status = ListAuditEventsResponse200Status(d.pop("status"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ListAuditEventsResponse200DataItem.from_dict(data_item_data)

            data.append(data_item)

        limit = d.pop("limit")

        offset = d.pop("offset")

        total = d.pop("total")

        list_audit_events_response_200 = cls(
            status=status,
            data=data,
            limit=limit,
            offset=offset,
            total=total,
        )

        return list_audit_events_response_200
