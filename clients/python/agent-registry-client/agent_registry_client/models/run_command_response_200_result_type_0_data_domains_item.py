from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RunCommandResponse200ResultType0DataDomainsItem")


@_attrs_define
class RunCommandResponse200ResultType0DataDomainsItem:
    """
    Attributes:
        id (int):
        domain (str):
        status (str):
        is_active (bool):
        owner_id (str):
        expiry_date (str): UTC, without a zone suffix, e.g. "2027-11-23T09:00:00.000"
        days_until_expiry (int): Whole days left, a started day counting as one; negative once past
    """

    id: int
    domain: str
    status: str
    is_active: bool
    owner_id: str
    expiry_date: str
    days_until_expiry: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        domain = self.domain

        status = self.status

        is_active = self.is_active

        owner_id = self.owner_id

        expiry_date = self.expiry_date

        days_until_expiry = self.days_until_expiry

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "domain": domain,
                "status": status,
                "is_active": is_active,
                "owner_id": owner_id,
                "expiry_date": expiry_date,
                "days_until_expiry": days_until_expiry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        domain = d.pop("domain")

        status = d.pop("status")

        is_active = d.pop("is_active")

        owner_id = d.pop("owner_id")

        expiry_date = d.pop("expiry_date")

        days_until_expiry = d.pop("days_until_expiry")

        run_command_response_200_result_type_0_data_domains_item = cls(
            id=id,
            domain=domain,
            status=status,
            is_active=is_active,
            owner_id=owner_id,
            expiry_date=expiry_date,
            days_until_expiry=days_until_expiry,
        )

        return run_command_response_200_result_type_0_data_domains_item
