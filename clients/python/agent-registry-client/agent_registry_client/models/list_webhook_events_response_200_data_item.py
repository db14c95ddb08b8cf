from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_webhook_events_response_200_data_item_status import ListWebhookEventsResponse200DataItemStatus

T = TypeVar("T", bound="ListWebhookEventsResponse200DataItem")


@_attrs_define
class ListWebhookEventsResponse200DataItem:
    """
    Attributes:
        event_id (str):
        event_type (str):
        status (ListWebhookEventsResponse200DataItemStatus): pending (being tried), delivered, failed after the whole
            schedule, skipped (subscription disabled)
        attempts (int): Attempts so far, redeliveries included
        last_status_code (int | None): The last attempt’s answer; null when none came
        last_error (None | str): Why the last attempt got no answer (timeout, refused connection)
        last_attempt_at (None | str):
        next_attempt_at (None | str): When the retry schedule makes the next attempt, while the delivery is pending;
            else null
        created_at (str): When the event was owed to the subscription
        delivered_at (None | str):
    """

    event_id: str
    event_type: str
    status: ListWebhookEventsResponse200DataItemStatus
    attempts: int
    last_status_code: int | None
    last_error: None | str
    last_attempt_at: None | str
    next_attempt_at: None | str
    created_at: str
    delivered_at: None | str

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        event_type = self.event_type

        status = self.status.value

        attempts = self.attempts

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error: None | str
        last_error = self.last_error

        last_attempt_at: None | str
        last_attempt_at = self.last_attempt_at

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        created_at = self.created_at

        delivered_at: None | str
        delivered_at = self.delivered_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event_id": event_id,
                "event_type": event_type,
                "status": status,
                "attempts": attempts,
                "last_status_code": last_status_code,
                "last_error": last_error,
                "last_attempt_at": last_attempt_at,
                "next_attempt_at": next_attempt_at,
                "created_at": created_at,
                "delivered_at": delivered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        status = ListWebhookEventsResponse200DataItemStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_last_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        created_at = d.pop("created_at")

        def _parse_delivered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        list_webhook_events_response_200_data_item = cls(
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            last_status_code=last_status_code,
            last_error=last_error,
            last_attempt_at=last_attempt_at,
            next_attempt_at=next_attempt_at,
            created_at=created_at,
            delivered_at=delivered_at,
        )

        return list_webhook_events_response_200_data_item
