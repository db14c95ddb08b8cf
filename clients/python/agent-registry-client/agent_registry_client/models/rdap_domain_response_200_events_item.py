from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rdap_domain_response_200_events_item_event_action import RdapDomainResponse200EventsItemEventAction

T = TypeVar("T", bound="RdapDomainResponse200EventsItem")


@_attrs_define
class RdapDomainResponse200EventsItem:
    """
    Attributes:
        event_action (RdapDomainResponse200EventsItemEventAction):
        event_date (str): ISO 8601 timestamp with milliseconds and Z
    """

    event_action: RdapDomainResponse200EventsItemEventAction
    event_date: str

    def to_dict(self) -> dict[str, Any]:
        event_action = self.event_action.value

        event_date = self.event_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "eventAction": event_action,
                "eventDate": event_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_action = RdapDomainResponse200EventsItemEventAction(d.pop("eventAction"))

        event_date = d.pop("eventDate")

        rdap_domain_response_200_events_item = cls(
            event_action=event_action,
            event_date=event_date,
        )

        return rdap_domain_response_200_events_item
