from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_audit_events_response_200_data_item_actor import ListAuditEventsResponse200DataItemActor
    from ..models.list_audit_events_response_200_data_item_details import ListAuditEventsResponse200DataItemDetails


T = TypeVar("T", bound="ListAuditEventsResponse200DataItem")


@_attrs_define
class ListAuditEventsResponse200DataItem:
    """
    Attributes:
        id (str):
        at (str): ISO 8601 timestamp with milliseconds and Z
        actor (ListAuditEventsResponse200DataItemActor):
        action (str): The operation, as its route (`POST /api/v1/domains/transfer`), or the registry’s own change
            (`registry: auto-renew`, `registry: domain.grace_started`, `registry: domain.expired`), whose `details` carry
            `before` and `after`
        object_ (None | str):
        details (ListAuditEventsResponse200DataItemDetails):
    """

    id: str
    at: str
    actor: ListAuditEventsResponse200DataItemActor
    action: str
    object_: None | str
    details: ListAuditEventsResponse200DataItemDetails

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        at = self.at

        actor = self.actor.to_dict()

        action = self.action

        object_: None | str
        object_ = self.object_

        details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "at": at,
                "actor": actor,
                "action": action,
                "object": object_,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_audit_events_response_200_data_item_actor import ListAuditEventsResponse200DataItemActor  # noqa: PLC0415
        from ..models.list_audit_events_response_200_data_item_details import ListAuditEventsResponse200DataItemDetails  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        at = d.pop("at")

        actor = ListAuditEventsResponse200DataItemActor.from_dict(d.pop("actor"))

        action = d.pop("action")

        def _parse_object_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        object_ = _parse_object_(d.pop("object"))

        details = ListAuditEventsResponse200DataItemDetails.from_dict(d.pop("details"))

        list_audit_events_response_200_data_item = cls(
            id=id,
            at=at,
            actor=actor,
            action=action,
            object_=object_,
            details=details,
        )

        return list_audit_events_response_200_data_item
