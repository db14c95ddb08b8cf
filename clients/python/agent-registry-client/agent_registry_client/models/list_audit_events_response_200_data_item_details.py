from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.list_audit_events_response_200_data_item_details_params import (
        ListAuditEventsResponse200DataItemDetailsParams,
    )


T = TypeVar("T", bound="ListAuditEventsResponse200DataItemDetails")


@_attrs_define
class ListAuditEventsResponse200DataItemDetails:
    """
    Attributes:
        params (ListAuditEventsResponse200DataItemDetailsParams):
        fields (list[str]):
    """

    params: ListAuditEventsResponse200DataItemDetailsParams
    fields: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        params = self.params.to_dict()

        fields = self.fields

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "params": params,
                "fields": fields,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_audit_events_response_200_data_item_details_params import (
            ListAuditEventsResponse200DataItemDetailsParams,  # noqa: PLC0415
        )

        d = dict(src_dict)
        params = ListAuditEventsResponse200DataItemDetailsParams.from_dict(d.pop("params"))

        fields = cast(list[str], d.pop("fields"))

        list_audit_events_response_200_data_item_details = cls(
            params=params,
            fields=fields,
        )

        list_audit_events_response_200_data_item_details.additional_properties = d
        return list_audit_events_response_200_data_item_details

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
